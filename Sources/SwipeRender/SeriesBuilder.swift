import SwipeCore
import SwipeScript

/// One row's samples, constant runs kept as their two ends.
struct SeriesBuilder {
    var segments: [[Filmstrip.Sample]] = []
    var thresholds: [Filmstrip.Threshold]?
    var item = ""
    /// Its number when first seen, then when first moved.
    var touchedRow: Int
    var touchedAt = VirtualInstant.start
    var renumbered: [Filmstrip.RowNumber] = []
    /// The id of its item: the plot follows the item, not the row number, whatever moves it.
    var id: RowID?
    /// Its row now.
    var row: Int

    init(row: Int, id: RowID?) {
        touchedRow = row
        self.row = row
        self.id = id
    }

    private var lastPass = -1

    /// Adds a sample taken in sampling pass `pass`; a row missing from the pass before starts
    /// a new segment. Whether the offset changed.
    mutating func append(_ sample: Filmstrip.Sample, pass: Int) -> Bool {
        defer { lastPass = pass }
        guard lastPass == pass - 1, !segments.isEmpty else {
            segments.append([sample])
            return false
        }
        let index = segments.count - 1
        let count = segments[index].count
        let last = segments[index][count - 1]
        if last.offset == sample.offset {
            if last.time == sample.time { return false }
            // The middle of a constant run moves to the new end.
            if count >= 2, segments[index][count - 2].offset == sample.offset {
                segments[index][count - 1] = sample
                return false
            }
            segments[index].append(sample)
            return false
        }
        segments[index].append(sample)
        return true
    }
}
