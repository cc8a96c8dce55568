import SwipeCore

/// A running segment's presented offset as few knots as keep the page's linear interpolation
/// between them within ``tolerance`` of the offset at every sampled instant (docs/playground.md,
/// "PATH").
///
/// The samples are ``ServerMessage/pathTimes(from:to:)``: every 4 ms from the frame's time to the
/// segment's end. The knots are samples, their offsets rounded to hundredths of a point (what is
/// sent); each stretch between two knots is as long as the samples inside it allow: a greedy walk
/// that narrows the range of slopes a line from the last knot may take to pass within the
/// tolerance of every sample so far, and ends the stretch at the last sample whose own (rounded)
/// offset lies on a slope still in that range.
/// - Complexity: O(samples) for a curve the knots follow closely.
struct PathSimplifier {
    /// How far a drawn offset may be from the curve at a sampled instant, in points: below the
    /// 0.25 the protocol promises, for the page's floating-point arithmetic.
    static let tolerance = 0.24

    /// A simplified path: knot times (ms after the path's start) and offsets.
    struct Path: Equatable {
        var times: [Double] = []
        var offsets: [Double] = []
        /// Where the segment ends (the last knot), to tell whether a later frame's samples are
        /// still the same segment.
        var end: VirtualInstant = .start
        var start: VirtualInstant = .start

        /// The offset the page draws at `time` (ms after ``start``): the first knot's before the
        /// first, linear between knots, the last after the last: page.js's `offsetAt`.
        func value(at time: Double) -> Double {
            guard let first = offsets.first else { return 0 }
            if !(time > times[0]) { return first }
            if time >= times[times.count - 1] { return offsets[offsets.count - 1] }
            // The knot at or before `time`: a binary search, as the page does.
            var low = 0
            var high = times.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if times[middle] <= time { low = middle } else { high = middle }
            }
            let fraction = (time - times[low]) / (times[high] - times[low])
            return offsets[low] + (offsets[high] - offsets[low]) * fraction
        }
    }

    /// An offset as sent: rounded to hundredths of a point.
    static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (value * 100).rounded() / 100
    }

    /// The path for the samples (`times`, in ms after the first, and the offsets there).
    static func simplify(times: [Double], samples: [Double]) -> (times: [Double], offsets: [Double]) {
        let count = samples.count
        guard count > 0 else { return ([], []) }
        var knotTimes = [times[0]]
        var knotOffsets = [rounded(samples[0])]
        var anchor = 0
        while anchor < count - 1 {
            let anchorTime = times[anchor]
            let anchorValue = knotOffsets[knotOffsets.count - 1]
            var low = -Double.infinity
            var high = Double.infinity
            var best = anchor + 1
            var next = anchor + 1
            while next < count {
                let span = times[next] - anchorTime
                let slope = (rounded(samples[next]) - anchorValue) / span
                // `next` can end the stretch: every sample before it lies within the tolerance of
                // the line to it.
                if slope >= low, slope <= high { best = next }
                low = max(low, (samples[next] - tolerance - anchorValue) / span)
                high = min(high, (samples[next] + tolerance - anchorValue) / span)
                if low > high { break }
                next += 1
            }
            knotTimes.append(times[best])
            knotOffsets.append(rounded(samples[best]))
            anchor = best
        }
        return (knotTimes, knotOffsets)
    }

    /// The path of `cell`'s running segment from `now`, or nil at rest.
    static func path(of cell: SwipeCell, at now: VirtualInstant) -> Path? {
        let instants = ServerMessage.pathTimes(from: now, to: cell.animationEnd)
        guard let end = instants.last else { return nil }
        let times = instants.map { ($0 - now).milliseconds }
        let samples = instants.map { cell.presentedOffset(at: $0) }
        let (knotTimes, knotOffsets) = simplify(times: times, samples: samples)
        return Path(times: knotTimes, offsets: knotOffsets, end: end, start: now)
    }

    /// Whether the page's `path` still draws `cell` within the tolerance at every sampled instant
    /// from `now` to the segment's end (then it need not be sent again).
    static func stillDraws(_ path: Path, _ cell: SwipeCell, at now: VirtualInstant) -> Bool {
        let instants = ServerMessage.pathTimes(from: now, to: cell.animationEnd)
        guard instants.last == path.end, now >= path.start else { return false }
        for instant in instants {
            let drawn = path.value(at: (instant - path.start).milliseconds)
            guard abs(drawn - cell.presentedOffset(at: instant)) <= tolerance else { return false }
        }
        return true
    }
}
