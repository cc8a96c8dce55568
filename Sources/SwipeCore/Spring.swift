/// A damped spring, as UIKit's `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`.
/// The defaults are SwipeCellKit's release animator's (1, 100, 18).
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 18) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// The settle ends when the spring is within this many points of rest...
    public static let restDistance = 0.5
    /// ...and slower than this many points per second.
    public static let restSpeed = 1.0
    /// A spring that never comes to rest (damping 0, or so little that it takes longer) is
    /// ended here: its animation jumps to the rest position. Bounded so that no spring can
    /// hold a row (or the clock) forever.
    public static let maximumSettleTime = TimeAmount.seconds(10)

    /// The displacement from rest (points) and the velocity (points/s) at `t` seconds, for a
    /// start `x0` points from rest moving at `v0` points/s: the closed-form solution of
    /// m·x'' + c·x' + k·x = 0. Always finite: a result the doubles cannot hold (parameters
    /// past ``CellConfiguration/problems(cellWidth:trailingPrefix:)``'s limits, which no
    /// checked configuration has) counts as at rest, 0 and 0.
    public func solve(x0: Double, v0: Double, at t: Double) -> (position: Double, velocity: Double) {
        let state = closedForm(x0: x0, v0: v0, at: t)
        guard state.position.isFinite, state.velocity.isFinite else { return (0, 0) }
        return state
    }

    /// ``solve(x0:v0:at:)`` before its guard: finite for every spring a checked configuration
    /// holds (a property test runs it over them).
    func closedForm(x0: Double, v0: Double, at t: Double) -> (position: Double, velocity: Double) {
        SpringMotion(self, x0: x0, v0: v0).closedForm(at: t)
    }

    /// The first whole millisecond of the virtual clock at which the spring is at rest
    /// (within ``restDistance`` and slower than ``restSpeed``), at most ``maximumSettleTime``.
    ///
    /// The answer is exactly the first millisecond ``solve(x0:v0:at:)`` finds at rest, as a
    /// scan of every millisecond from 0 (``settleTimeByStepping(x0:v0:)``) would find it, but
    /// without solving the spring a thousand times a second: the motion's constants are worked
    /// out once (``SpringMotion``), the milliseconds the spring cannot be at rest in yet are
    /// skipped by a bound on its amplitude, and the rest are walked by cheap recurrences, with
    /// the full solution asked only where they come near the rest tolerances. A replay repeats
    /// the same few releases, so the answers are also kept (``SettleTimes``).
    public func settleTime(x0: Double, v0: Double) -> TimeAmount {
        settle(x0: x0, v0: v0).duration
    }

    /// ``settleTime(x0:v0:)`` and the segment's motion to draw it by (nil only for a settle of
    /// 0, which draws nothing): kept together, so that a release seen before is neither searched
    /// nor solved again.
    @inline(__always)
    func settle(x0: Double, v0: Double) -> (duration: TimeAmount, path: SpringPath?) {
        // A start at rest (each snap's second step begins where the first ended, at 0 points/s):
        // the scan stops at millisecond 0, where the solution is 0 and 0 (or, not finite,
        // counts as 0 and 0), for every spring. Answered without the cache's hash and lookup.
        if x0 == 0 && v0 == 0 { return (.zero, nil) }
        let key = SettleTimes.Key(self, x0: x0, v0: v0)
        if let known = SettleTimes.shared.settle(for: key) {
            return (.milliseconds(known.milliseconds), known.path ?? .solved(self, v0: v0))
        }
        return search(x0: x0, v0: v0, key: key)
    }

    /// ``settle(x0:v0:)`` not kept yet: searched, and kept.
    @inline(never)
    private func search(x0: Double, v0: Double, key: SettleTimes.Key) -> (duration: TimeAmount, path: SpringPath?) {
        let limit = Int64(maximumSettleMilliseconds)
        let motion = SpringMotion(self, x0: x0, v0: v0)
        let ms = motion.firstRestMillisecond(limit: limit) ?? stepToRest(x0: x0, v0: v0, limit: limit)
        let duration = TimeAmount.milliseconds(ms)
        let tame = motion.isTame(for: duration)
        SettleTimes.shared.remember(ms, path: tame ? SpringPath.tame(motion) : nil, for: key)
        return (duration, tame ? SpringPath.tame(motion) : .solved(self, v0: v0))
    }

    /// ``settleTime(x0:v0:)`` the plain way: ``solve(x0:v0:at:)`` at every millisecond from 0
    /// until the spring is at rest. The reference the fast search is tested against, and what
    /// it falls back on for springs outside a checked configuration's limits.
    func settleTimeByStepping(x0: Double, v0: Double) -> TimeAmount {
        .milliseconds(stepToRest(x0: x0, v0: v0, limit: Int64(maximumSettleMilliseconds)))
    }

    private func stepToRest(x0: Double, v0: Double, limit: Int64) -> Int64 {
        var ms: Int64 = 0
        while ms < limit {
            if Self.isAtRest(solve(x0: x0, v0: v0, at: Double(ms) / 1000)) { break }
            ms += 1
        }
        return ms
    }

    @inline(__always)
    static func isAtRest(_ state: (position: Double, velocity: Double)) -> Bool {
        abs(state.position) < restDistance && abs(state.velocity) < restSpeed
    }

    private var maximumSettleMilliseconds: Int64 { Self.maximumSettleTime.nanoseconds / 1_000_000 }

    // The core has no Foundation: the few functions a spring needs, to double precision.

    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }  // never reaches the `Int` below
        // The series below gives 1 for both zeros (k and r are zeros, every term one, the sum
        // 1 and the scale 2^0): a drawing at the instant a spring starts asks for it.
        if x == 0 { return 1 }
        if x < -745 { return 0 }
        if x > 709 { return .infinity }
        // e^x = 2^k · e^r with |r| <= ln2/2, then the Taylor series of e^r.
        let ln2 = 0.693_147_180_559_945_3
        let k = roundedToNearest(x / ln2)
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        // The series was summed to its 20th term; past the 13th every addition gives back the
        // sum it is added to, so the 13 terms give the same double. Here |x| <= 745, so x/ln2 is
        // within 1.2e-13 of its exact value and k·ln2 within 6e-14 of its own: |r| < 0.3467. The
        // sum is then within 1e-15 of e^r, in [0.707, 1.415], so half an ulp of it is at least
        // 2^-54 (5.55e-17), while the 14th term is at most 0.3467^14/14! = 4.2e-18 (its
        // recurrence's rounding changes that by parts in 1e15) and each later term less: adding
        // any of them is exact-rounded back to the sum. `expMatchesItsTwentyTermSeriesToTheBit`
        // compares the two over generated arguments, the range's ends and the reduction's halves.
        for n in 1...13 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// `x.rounded()` (to nearest, ties away from zero) to the bit, without the C library's
    /// `round`, a call that was a tenth of the closed form's cost: the conversion to an integer
    /// truncates, and the fraction it drops is exact. Past 2^52 every double is whole, and NaN
    /// and the infinities fail the bound: returned as they are, as `round` does.
    @inline(__always)
    static func roundedToNearest(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x }
        let truncated = Double(Int64(x))
        let fraction = x - truncated
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        // `round` keeps the sign of a zero result; the conversion makes every zero +0.
        return truncated == 0 ? (x.sign == .minus ? -0.0 : 0.0) : truncated
    }

    static func sin(_ x: Double) -> Double { reducedSinCos(x).sin }
    static func cos(_ x: Double) -> Double { reducedSinCos(x).cos }
    /// Both at once, from one argument reduction and one pass of the two series: the same
    /// doubles as ``sin(_:)`` and ``cos(_:)`` of `x`, for half the work where both are needed.
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        // The series below gives +0 and 1 for both zeros (its sine's sum starts at +0 and adds
        // only zeros; its cosine's is 1 plus zeros): what a spring drawn at its start asks for.
        if x == 0 { return (0, 1) }
        return reducedSinCos(x)
    }

    private static func reducedSinCos(_ x: Double) -> (sin: Double, cos: Double) {
        let twoPi = 6.283_185_307_179_586
        let r = x - roundedToNearest(x / twoPi) * twoPi  // in [-pi, pi]
        let half = r / 2  // series on half the angle, then the double-angle formulas
        // (14 terms each. Fewer give the same doubles where |half| <= 1.6 for the sine, and for
        // the cosine where its sum is at least 1/4, but measured, the branches cost what the
        // terms saved: the compiler pairs the two unrolled loops' operations in two-lane
        // instructions, docs/performance.md, "The spring path".)
        var s = 0.0
        var c = 0.0
        var term = half
        // (The divisors are named Ints: written inside `Double(...)`, each took the type checker
        // 7 s, a third of a debug build's critical path.)
        for n in 0..<14 {
            s += term
            let divisor: Int = (2 * n + 2) * (2 * n + 3)
            term *= -half * half / Double(divisor)
        }
        term = 1
        for n in 0..<14 {
            c += term
            let divisor: Int = (2 * n + 1) * (2 * n + 2)
            term *= -half * half / Double(divisor)
        }
        return (2 * s * c, c * c - s * s)
    }
}
