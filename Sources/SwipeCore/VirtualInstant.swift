/// A point on the virtual clock, in nanoseconds since the table was made.
///
/// The core never reads the wall clock: time moves only when a driver advances it. The clock
/// runs from ``start`` to ``maximum``; adding past ``maximum`` saturates there.
public struct VirtualInstant: Hashable, Comparable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static let start = VirtualInstant(nanoseconds: 0)
    /// The latest instant the virtual clock can reach: 9,000,000,000,000 ms (about 285 years).
    public static let maximum = VirtualInstant(nanoseconds: 9_000_000_000_000_000_000)

    /// Virtual milliseconds since the start, as traces print them.
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }

    public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    /// Never later than ``maximum`` (unless `lhs` already is), and never traps.
    public static func + (lhs: VirtualInstant, rhs: TimeAmount) -> VirtualInstant {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        if overflow { return rhs.nanoseconds < 0 ? VirtualInstant(nanoseconds: .min) : max(lhs, .maximum) }
        if rhs.nanoseconds > 0, sum > maximum.nanoseconds { return max(lhs, .maximum) }
        return VirtualInstant(nanoseconds: sum)
    }
    /// Saturates at `Int64`'s bounds.
    public static func - (lhs: VirtualInstant, rhs: VirtualInstant) -> TimeAmount {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        return TimeAmount(nanoseconds: overflow ? (rhs.nanoseconds > 0 ? .min : .max) : difference)
    }

    /// How much the clock can still move from here before it reaches ``maximum``.
    public var remaining: TimeAmount {
        nanoseconds >= VirtualInstant.maximum.nanoseconds ? .zero : VirtualInstant.maximum - self
    }
}
