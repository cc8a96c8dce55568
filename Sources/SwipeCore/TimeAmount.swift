/// A span of virtual time, in whole nanoseconds.
///
/// Kept apart from ``VirtualInstant`` (a point in time) the way swift-nio keeps
/// `TimeAmount` apart from `NIODeadline`, so an interval can't be used as a date.
///
/// Its arithmetic never traps: sums, products and conversions that would overflow saturate at
/// `Int64`'s bounds. Input paths check their values against ``VirtualInstant/maximum`` first
/// (``milliseconds(checked:)``, ``SwipeTable/checkCanAdvance(by:)``) and report what is too far.
public struct TimeAmount: Hashable, Comparable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Saturates at `Int64`'s bounds (about 292 years of nanoseconds).
    public static func milliseconds(_ ms: Int64) -> TimeAmount {
        let (product, overflow) = ms.multipliedReportingOverflow(by: 1_000_000)
        return TimeAmount(nanoseconds: overflow ? (ms < 0 ? .min : .max) : product)
    }

    /// Rounds to the nearest nanosecond; saturates at `Int64`'s bounds, and NaN is zero. See
    /// ``milliseconds(checked:)`` for input that must be in range.
    public static func milliseconds(_ ms: Double) -> TimeAmount {
        TimeAmount(nanoseconds: saturatingNanoseconds(ms * 1_000_000))
    }

    public static func seconds(_ s: Double) -> TimeAmount {
        TimeAmount(nanoseconds: saturatingNanoseconds(s * 1_000_000_000))
    }

    /// `ms` rounded to the nearest nanosecond, or nil when it is not a finite number from 0 to
    /// the clock's whole range (``TimeAmount/maximum``).
    public static func milliseconds(checked ms: Double) -> TimeAmount? {
        guard ms.isFinite, ms >= 0, ms <= maximum.milliseconds else { return nil }
        return .milliseconds(ms)
    }

    public static let zero = TimeAmount(nanoseconds: 0)
    /// The clock's whole range, from ``VirtualInstant/start`` to ``VirtualInstant/maximum``:
    /// no amount the clock can move by is longer.
    public static let maximum = TimeAmount(nanoseconds: VirtualInstant.maximum.nanoseconds)

    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (lhs: TimeAmount, rhs: TimeAmount) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    /// Saturates at `Int64`'s bounds.
    public static func + (lhs: TimeAmount, rhs: TimeAmount) -> TimeAmount {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return TimeAmount(nanoseconds: overflow ? (rhs.nanoseconds < 0 ? .min : .max) : sum)
    }
    /// Saturates at `Int64`'s bounds.
    public static func * (lhs: TimeAmount, rhs: Int64) -> TimeAmount {
        let (product, overflow) = lhs.nanoseconds.multipliedReportingOverflow(by: rhs)
        return TimeAmount(nanoseconds: overflow ? ((lhs.nanoseconds < 0) != (rhs < 0) ? .min : .max) : product)
    }

    /// `value` rounded to a whole number of nanoseconds, clamped into `Int64`; NaN is 0.
    private static func saturatingNanoseconds(_ value: Double) -> Int64 {
        let rounded = value.rounded()
        if rounded.isNaN { return 0 }
        // 2^63 is the first Double past Int64.max; -2^63 is Int64.min exactly.
        if rounded >= 9_223_372_036_854_775_808.0 { return .max }
        if rounded <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(rounded)
    }
}
