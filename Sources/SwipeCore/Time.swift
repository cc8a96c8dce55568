/// A span of virtual time, in whole nanoseconds.
///
/// Kept apart from ``VirtualInstant`` (a point in time) the way swift-nio keeps
/// `TimeAmount` apart from `NIODeadline`, so an interval can't be used as a date.
public struct TimeAmount: Hashable, Comparable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static func milliseconds(_ ms: Int64) -> TimeAmount {
        TimeAmount(nanoseconds: ms * 1_000_000)
    }

    /// Rounds to the nearest nanosecond; the caller checks for finite, in-range values.
    public static func milliseconds(_ ms: Double) -> TimeAmount {
        TimeAmount(nanoseconds: Int64((ms * 1_000_000).rounded()))
    }

    public static func seconds(_ s: Double) -> TimeAmount {
        TimeAmount(nanoseconds: Int64((s * 1_000_000_000).rounded()))
    }

    public static let zero = TimeAmount(nanoseconds: 0)

    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (lhs: TimeAmount, rhs: TimeAmount) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: TimeAmount, rhs: TimeAmount) -> TimeAmount {
        TimeAmount(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }
    public static func * (lhs: TimeAmount, rhs: Int64) -> TimeAmount {
        TimeAmount(nanoseconds: lhs.nanoseconds * rhs)
    }
}

/// A point on the virtual clock, in nanoseconds since the table was made.
///
/// The core never reads the wall clock: time moves only when a driver advances it.
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
    public static func + (lhs: VirtualInstant, rhs: TimeAmount) -> VirtualInstant {
        VirtualInstant(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }
    public static func - (lhs: VirtualInstant, rhs: VirtualInstant) -> TimeAmount {
        TimeAmount(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }
}
