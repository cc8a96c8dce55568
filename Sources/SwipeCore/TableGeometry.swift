/// The sizes of the table and its cells, in points (the tutorial's iPhone: 320 x 44 cells).
public struct TableGeometry: Hashable, Sendable {
    public var width: Double
    public var rowHeight: Double
    public var viewportHeight: Double

    public init(width: Double = 320, rowHeight: Double = 44, viewportHeight: Double = 504) {
        self.width = width
        self.rowHeight = rowHeight
        self.viewportHeight = viewportHeight
    }

    /// The rows (1-based) whose frames intersect the viewport at `offset`.
    func visibleRows(offset: Double, rowCount: Int) -> Range<Int> {
        guard rowCount > 0, rowHeight > 0, viewportHeight > 0 else { return 1..<1 }
        let first = Int((offset / rowHeight).rounded(.down))
        let endExclusive = Int(((offset + viewportHeight) / rowHeight).rounded(.up))
        let lower = min(max(first, 0), rowCount) + 1
        let upper = min(max(endExclusive, 0), rowCount) + 1
        return lower..<max(lower, upper)
    }

    /// The largest content offset: the last row at the bottom of the viewport.
    func maximumOffset(rowCount: Int) -> Double {
        max(0, Double(rowCount) * rowHeight - viewportHeight)
    }
}
