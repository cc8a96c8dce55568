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
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * omega * x0) / omegaD
            let decay = Self.exp(-zeta * omega * t)
            let cos = Self.cos(omegaD * t)
            let sin = Self.sin(omegaD * t)
            let position = decay * (a * cos + b * sin)
            let velocity = decay * ((b * omegaD - zeta * omega * a) * cos - (a * omegaD + zeta * omega * b) * sin)
            return (position, velocity)
        } else if zeta == 1 {
            let b = v0 + omega * x0
            let decay = Self.exp(-omega * t)
            return (decay * (x0 + b * t), decay * (b - omega * (x0 + b * t)))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            // r1 = -omega·(zeta - root), written so that it does not cancel to 0 when zeta is
            // large (a heavily overdamped spring would then never come to rest).
            let r1 = -omega / (zeta + root)
            let r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = Self.exp(r1 * t)
            let e2 = Self.exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// The first whole millisecond of the virtual clock at which the spring is at rest
    /// (within ``restDistance`` and slower than ``restSpeed``), at most ``maximumSettleTime``.
    public func settleTime(x0: Double, v0: Double) -> TimeAmount {
        let limit = Int64(maximumSettleMilliseconds)
        var ms: Int64 = 0
        while ms < limit {
            let state = solve(x0: x0, v0: v0, at: Double(ms) / 1000)
            if abs(state.position) < Self.restDistance && abs(state.velocity) < Self.restSpeed { break }
            ms += 1
        }
        return .milliseconds(ms)
    }

    private var maximumSettleMilliseconds: Int64 { Self.maximumSettleTime.nanoseconds / 1_000_000 }

    // The core has no Foundation: the few functions a spring needs, to double precision.

    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }  // never reaches the `Int` below
        if x < -745 { return 0 }
        if x > 709 { return .infinity }
        // e^x = 2^k · e^r with |r| <= ln2/2, then the Taylor series of e^r.
        let ln2 = 0.693_147_180_559_945_3
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0
        var sum = 1.0
        for n in 1...20 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    static func sin(_ x: Double) -> Double { reducedSinCos(x).sin }
    static func cos(_ x: Double) -> Double { reducedSinCos(x).cos }

    private static func reducedSinCos(_ x: Double) -> (sin: Double, cos: Double) {
        let twoPi = 6.283_185_307_179_586
        let r = x - (x / twoPi).rounded() * twoPi  // in [-pi, pi]
        let half = r / 2  // series on half the angle, then the double-angle formulas
        var s = 0.0
        var c = 0.0
        var term = half
        for n in 0..<14 {
            s += term
            term *= -half * half / Double((2 * n + 2) * (2 * n + 3))
        }
        term = 1
        for n in 0..<14 {
            c += term
            term *= -half * half / Double((2 * n + 1) * (2 * n + 2))
        }
        return (2 * s * c, c * c - s * s)
    }
}
