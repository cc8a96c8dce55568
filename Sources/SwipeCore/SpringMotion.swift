import Synchronization

/// One spring motion (a spring, a start `x0` points from rest moving at `v0` points/s) with the
/// constants of its closed form worked out once: an animation segment solves its spring once,
/// not at every instant it is drawn (``Animation/value(at:)``), and the settle search walks it
/// without solving it again at each millisecond.
///
/// ``closedForm(at:)`` does exactly the arithmetic ``Spring/closedForm(x0:v0:at:)`` always
/// did, in the same order: the constants it keeps are the products that were formed at each
/// call, so every position, velocity and settle time is the same to the last bit.
struct SpringMotion: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// damping ratio below 1: x = e^(rate·t)·(a·cos(ωd·t) + b·sin(ωd·t)).
        case underdamped
        /// damping ratio 1: x = e^(rate·t)·(x0 + b·t).
        case critical
        /// damping ratio above 1: x = c1·e^(r1·t) + c2·e^(r2·t).
        case overdamped
    }

    var kind: Kind
    var x0: Double
    /// ω, ζ·ω, the decay rate (-ζ·ω, or -ω when critical) and ωd.
    var omega = 0.0
    var zetaOmega = 0.0
    var rate = 0.0
    var omegaD = 0.0
    /// Underdamped: the position's cosine and sine weights, and the velocity's (`p·cos - q·sin`).
    /// Critical: `b`. Overdamped: `c1`, `c2`, `c1·r1`, `c2·r2` in a, b, p, q.
    var a = 0.0
    var b = 0.0
    var p = 0.0
    var q = 0.0
    /// Overdamped: the two roots.
    var r1 = 0.0
    var r2 = 0.0

    init(_ spring: Spring, x0: Double, v0: Double) {
        self.x0 = x0
        let omega = (spring.stiffness / spring.mass).squareRoot()
        let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        self.omega = omega
        if zeta < 1 {
            kind = .underdamped
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            self.omegaD = omegaD
            rate = -zeta * omega
            zetaOmega = zeta * omega
            a = x0
            b = (v0 + zeta * omega * x0) / omegaD
            p = b * omegaD - zetaOmega * a
            q = a * omegaD + zetaOmega * b
        } else if zeta == 1 {
            kind = .critical
            rate = -omega
            b = v0 + omega * x0
        } else {
            kind = .overdamped
            let root = (zeta * zeta - 1).squareRoot()
            // r1 = -omega·(zeta - root), written so that it does not cancel to 0 when zeta is
            // large (a heavily overdamped spring would then never come to rest).
            r1 = -omega / (zeta + root)
            r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            a = c1
            b = c2
            p = c1 * r1
            q = c2 * r2
        }
    }

    /// The displacement and velocity at `t` seconds: ``Spring/closedForm(x0:v0:at:)``.
    func closedForm(at t: Double) -> (position: Double, velocity: Double) {
        switch kind {
        case .underdamped:
            let decay = Spring.exp(rate * t)
            let (sin, cos) = Spring.sinCos(omegaD * t)
            return (decay * (a * cos + b * sin), decay * (p * cos - q * sin))
        case .critical:
            let decay = Spring.exp(rate * t)
            return (decay * (x0 + b * t), decay * (b - omega * (x0 + b * t)))
        case .overdamped:
            let e1 = Spring.exp(r1 * t)
            let e2 = Spring.exp(r2 * t)
            return (a * e1 + b * e2, p * e1 + q * e2)
        }
    }

    /// ``Spring/solve(x0:v0:at:)``: the closed form, a result the doubles cannot hold as at rest.
    @inline(__always)
    func solve(at t: Double) -> (position: Double, velocity: Double) {
        let state = closedForm(at: t)
        guard state.position.isFinite, state.velocity.isFinite else { return (0, 0) }
        return state
    }

    @inline(__always)
    private func isAtRest(_ ms: Int64) -> Bool {
        Spring.isAtRest(solve(at: Double(ms) / 1000))
    }

    /// How far (relative to the motion's size) the cheap recurrences below may drift from the
    /// solution at a millisecond: far more than the rounding of ten thousand steps, so that a
    /// millisecond they place outside the rest tolerances by more than this is outside for the
    /// solution too.
    private static let drift = 1e-6

    /// The first millisecond below `limit` at which ``solve(at:)`` is at rest (`limit` if none),
    /// the same millisecond a scan from 0 finds; nil for a motion whose constants are not
    /// finite or which does not decay (a spring past a checked configuration's limits), which
    /// the caller then scans.
    func firstRestMillisecond(limit: Int64) -> Int64? {
        // Every constant finite and far from overflow (so is then every product below).
        let largest = max(abs(omega), abs(rate), abs(omegaD), abs(a), abs(b), abs(p), abs(q), abs(r1), abs(r2), abs(x0))
        let sum = omega + rate + omegaD + a + b + p + q + r1 + r2 + x0  // NaN or infinite if one is
        guard sum.isFinite, largest < 1e150, rate <= 0, r1 <= 0, r2 <= 0, limit > 0 else {
            return nil
        }
        let step = 0.001
        switch kind {
        case .underdamped:
            // Skip the milliseconds at which the amplitude is still too large for the spring to
            // be at rest at any phase, then turn the phase and shrink the amplitude a
            // millisecond at a time by one rotation and one multiplication.
            var ms = firstPossibleRest(limit: limit)
            let t = Double(ms) * step
            var decay = Spring.exp(rate * t)
            var (sin, cos) = Spring.sinCos(omegaD * t)
            let decayStep = Spring.exp(rate * step)
            let (sinStep, cosStep) = Spring.sinCos(omegaD * step)
            let slackX = Self.drift * (abs(a) + abs(b))
            let slackV = Self.drift * (abs(p) + abs(q))
            while ms < limit {
                let x = decay * (a * cos + b * sin)
                let v = decay * (p * cos - q * sin)
                if abs(x) < Spring.restDistance + slackX, abs(v) < Spring.restSpeed + slackV, isAtRest(ms) { return ms }
                (cos, sin) = (cos * cosStep - sin * sinStep, sin * cosStep + cos * sinStep)
                decay *= decayStep
                ms += 1
            }
            return limit
        case .critical:
            let decayStep = Spring.exp(rate * step)
            let slackX = Self.drift * (abs(x0) + abs(b) * Double(limit) * step)
            let slackV = Self.drift * (abs(b) + omega * (abs(x0) + abs(b) * Double(limit) * step))
            var decay = 1.0
            var ms: Int64 = 0
            while ms < limit {
                let t = Double(ms) * step
                let x = decay * (x0 + b * t)
                let v = decay * (b - omega * (x0 + b * t))
                if abs(x) < Spring.restDistance + slackX, abs(v) < Spring.restSpeed + slackV, isAtRest(ms) { return ms }
                decay *= decayStep
                ms += 1
            }
            return limit
        case .overdamped:
            let step1 = Spring.exp(r1 * step)
            let step2 = Spring.exp(r2 * step)
            let slackX = Self.drift * (abs(a) + abs(b))
            let slackV = Self.drift * (abs(p) + abs(q))
            var e1 = 1.0
            var e2 = 1.0
            var ms: Int64 = 0
            while ms < limit {
                if abs(a * e1 + b * e2) < Spring.restDistance + slackX,
                    abs(p * e1 + q * e2) < Spring.restSpeed + slackV,
                    isAtRest(ms)
                {
                    return ms
                }
                e1 *= step1
                e2 *= step2
                ms += 1
            }
            return limit
        }
    }

    /// Underdamped: a millisecond before which the spring cannot be at rest. The state is
    /// (x, v) = e^(rate·t)·M·(cos ωd·t, sin ωd·t) with M = [a b; p -q]; at rest, x/0.5 and v/1
    /// are both below 1, so their squares sum below 2. With D = diag(1/0.5, 1/1) (each widened
    /// by the drift) that needs e^(2·rate·t)·λ <= 2, λ the smaller eigenvalue of (DM)ᵀ(DM): no
    /// phase can be at rest while the amplitude is larger. Two milliseconds earlier than the
    /// bound, for the rounding of the logarithm; 0 when the bound says nothing.
    private func firstPossibleRest(limit: Int64) -> Int64 {
        guard rate < 0 else { return 0 }
        let dx = 1 / (Spring.restDistance * (1 + Self.drift))
        let dv = 1 / (Spring.restSpeed * (1 + Self.drift))
        let determinant = (a * -q - b * p) * dx * dv
        let trace = (a * a + b * b) * dx * dx + (p * p + q * q) * dv * dv
        let discriminant = max(0, trace * trace - 4 * determinant * determinant)
        // The smaller root of λ² - trace·λ + det² = 0, written so that it does not cancel.
        let smallest = 2 * determinant * determinant / (trace + discriminant.squareRoot())
        guard smallest.isFinite, smallest > 2 else { return 0 }
        let seconds = Spring.log(smallest / 2) / (-2 * rate)
        guard seconds.isFinite else { return 0 }
        let ms = (seconds * 1000).rounded(.down) - 2
        if ms <= 0 { return 0 }
        return ms >= Double(limit) ? limit : Int64(ms)
    }
}

/// What drawing a spring segment needs of its ``SpringMotion``, worked out once for the segment
/// (``Animation/value(at:)`` draws it several times, and the kept settle times hand it over with
/// the duration, so a replayed release does not solve its spring at all): the position's
/// constants only, no larger than the spring and velocity an animation held before.
///
/// ``position(x0:at:)`` is the position ``Spring/solve(x0:v0:at:)`` gives, to the bit, at every
/// instant of the segment: the same expressions of the same constants. The solution's guard
/// (a position or velocity the doubles cannot hold counts as at rest) can never fire for a
/// motion made ``SpringPath/init(_:duration:)`` keeps: every constant finite and below 1e150,
/// no growing exponential (rate, r1, r2 <= 0, so each e^(rate·t) is in [0, 1]), t below 10 s,
/// and ωd below 1e5, so that the sine and cosine's reduction of ωd·t stays in [-pi, pi] and both
/// are within [-1, 1]: each product is then below 1e303. Any other motion keeps the spring and
/// is solved whole, as before.
enum SpringPath: Hashable, Sendable {
    /// x = e^(rate·t)·(a·cos(ωd·t) + b·sin(ωd·t)).
    case underdamped(rate: Double, omegaD: Double, a: Double, b: Double)
    /// x = e^(rate·t)·(x0 + b·t).
    case critical(rate: Double, b: Double)
    /// x = a·e^(r1·t) + b·e^(r2·t).
    case overdamped(r1: Double, r2: Double, a: Double, b: Double)
    /// A motion past a checked configuration's limits: solved at each drawing.
    case solved(Spring, v0: Double)

    /// The segment of `motion` (of `spring` from `v0`) lasting `duration`.
    init(_ motion: SpringMotion, spring: Spring, v0: Double, duration: TimeAmount) {
        self = motion.isTame(for: duration) ? Self.tame(motion) : .solved(spring, v0: v0)
    }

    /// Assumes `motion.isTame(for:)`.
    static func tame(_ motion: SpringMotion) -> SpringPath {
        switch motion.kind {
        case .underdamped: .underdamped(rate: motion.rate, omegaD: motion.omegaD, a: motion.a, b: motion.b)
        case .critical: .critical(rate: motion.rate, b: motion.b)
        case .overdamped: .overdamped(r1: motion.r1, r2: motion.r2, a: motion.a, b: motion.b)
        }
    }

    /// The displacement from rest `t` seconds into the segment (0 <= t < its duration), for a
    /// start `x0` points from rest (the animation's from - to).
    @inline(__always)
    func position(x0: Double, at t: Double) -> Double {
        switch self {
        case .underdamped(let rate, let omegaD, let a, let b):
            let decay = Spring.exp(rate * t)
            let (sin, cos) = Spring.sinCos(omegaD * t)
            return decay * (a * cos + b * sin)
        case .critical(let rate, let b):
            let decay = Spring.exp(rate * t)
            return decay * (x0 + b * t)
        case .overdamped(let r1, let r2, let a, let b):
            let e1 = Spring.exp(r1 * t)
            let e2 = Spring.exp(r2 * t)
            return a * e1 + b * e2
        case .solved(let spring, let v0):
            return spring.solve(x0: x0, v0: v0, at: t).position
        }
    }

    /// The same motion on the other side: the start and velocity negated negate every weight
    /// exactly (each is a sum, difference, product or quotient with one of them as a factor).
    mutating func mirror() {
        switch self {
        case .underdamped(let rate, let omegaD, let a, let b):
            self = .underdamped(rate: rate, omegaD: omegaD, a: -a, b: -b)
        case .critical(let rate, let b): self = .critical(rate: rate, b: -b)
        case .overdamped(let r1, let r2, let a, let b): self = .overdamped(r1: r1, r2: r2, a: -a, b: -b)
        case .solved(let spring, let v0): self = .solved(spring, v0: -v0)
        }
    }
}

extension SpringMotion {
    /// Whether ``SpringPath`` may draw the motion from its position's constants for up to
    /// `duration` (see there): no solution of it then fails the finite guard.
    func isTame(for duration: TimeAmount) -> Bool {
        let largest = max(abs(omega), abs(rate), abs(omegaD), abs(a), abs(b), abs(p), abs(q), abs(r1), abs(r2), abs(x0))
        let sum = omega + rate + omegaD + a + b + p + q + r1 + r2 + x0  // NaN or infinite if one is
        return sum.isFinite && largest < 1e150 && rate <= 0 && r1 <= 0 && r2 <= 0 && omegaD < 1e5
            && duration <= Spring.maximumSettleTime
    }
}

extension Spring {
    /// The natural logarithm of a positive finite `x`, to about double precision (the settle
    /// search's bound only: it is never part of a drawn position): x = 2^e·m with m in
    /// [1/√2, √2), then ln m = 2·atanh((m - 1)/(m + 1)) by its series.
    static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
        var exponent = Double(x.exponent)
        var m = x.significand  // in [1, 2)
        if m > 1.414_213_562_373_095 {
            m /= 2
            exponent += 1
        }
        let z = (m - 1) / (m + 1)  // |z| < 0.172
        let z2 = z * z
        var term = z
        var sum = 0.0
        for n in 0..<16 {
            sum += term / Double(2 * n + 1)
            term *= z2
        }
        return exponent * 0.693_147_180_559_945_3 + 2 * sum
    }
}

/// Settle times already found, shared by every table of the process: a replay or a session
/// releases rows from the same few positions at the same few speeds, and each settle is then
/// found once. A settle time is a pure function of the spring and the start, so what is kept
/// never changes an answer. A fixed table of slots, one per key's hash, the newest key winning
/// a slot: bounded memory, no allocation after the first use.
///
/// A lookup takes no lock: each slot is a sequence number and its words, all atomics (plain
/// loads and stores on x86-64 and arm64), and a reader keeps what it read only if the slot's
/// sequence number was even (no write under way) and the same before and after (a seqlock).
/// Writers, which only a settle not found makes, take a lock among themselves. The lock a
/// lookup used to take was about a third of its cost, and the lookup runs at every spring
/// animation step (docs/performance.md, "The spring path").
final class SettleTimes: @unchecked Sendable {
    // @unchecked: `words` is allocated once, never moves, and is only read and written
    // through its atomics; writers are serialised by `writing`.
    struct Key: Equatable, Sendable {
        var bits: (UInt64, UInt64, UInt64, UInt64, UInt64)

        init(_ spring: Spring, x0: Double, v0: Double) {
            bits = (
                spring.mass.bitPattern, spring.stiffness.bitPattern, spring.damping.bitPattern, x0.bitPattern,
                v0.bitPattern
            )
        }

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.bits == rhs.bits }

        /// A slot index: a fixed mix of the bits (not `Hasher`, whose seed changes per process).
        var slot: Int {
            @inline(__always) func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
                let m = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
                return m ^ (m >> 31)
            }
            let h = mix(mix(mix(mix(mix(0x9E37_79B9_7F4A_7C15, bits.0), bits.1), bits.2), bits.3), bits.4)
            return Int(truncatingIfNeeded: h & UInt64(SettleTimes.slotCount - 1))
        }
    }

    /// A power of two.
    static let slotCount = 256
    /// A slot's words: its sequence number (0: never written; odd: being written), the key's
    /// five words, the milliseconds, and the segment's ``SpringPath`` (its kind, 0 for one
    /// solved at each drawing, then its four constants).
    private static let slotWords = 12
    static let shared = SettleTimes()

    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let writing = Mutex<Void>(())

    init() {
        let count = Self.slotCount * Self.slotWords
        words = .allocate(capacity: count)
        for index in 0..<count { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: Self.slotCount * Self.slotWords)
        words.deallocate()
    }

    func milliseconds(for key: Key) -> Int64? {
        settle(for: key)?.milliseconds
    }

    /// The settle kept for `key`, and its segment's motion (nil: one solved at each drawing).
    @inline(__always)
    func settle(for key: Key) -> (milliseconds: Int64, path: SpringPath?)? {
        let slot = words + key.slot * Self.slotWords
        let before = slot[0].load(ordering: .acquiring)
        guard before != 0, before & 1 == 0 else { return nil }
        let matches =
            slot[1].load(ordering: .relaxed) == key.bits.0 && slot[2].load(ordering: .relaxed) == key.bits.1
            && slot[3].load(ordering: .relaxed) == key.bits.2 && slot[4].load(ordering: .relaxed) == key.bits.3
            && slot[5].load(ordering: .relaxed) == key.bits.4
        let milliseconds = slot[6].load(ordering: .relaxed)
        let kind = slot[7].load(ordering: .relaxed)
        let c0 = Double(bitPattern: slot[8].load(ordering: .relaxed))
        let c1 = Double(bitPattern: slot[9].load(ordering: .relaxed))
        let c2 = Double(bitPattern: slot[10].load(ordering: .relaxed))
        let c3 = Double(bitPattern: slot[11].load(ordering: .relaxed))
        // The words' loads happen before the second read of the sequence number.
        atomicMemoryFence(ordering: .acquiring)
        guard matches, slot[0].load(ordering: .relaxed) == before else { return nil }
        let path: SpringPath? =
            switch kind {
            case 1: .underdamped(rate: c0, omegaD: c1, a: c2, b: c3)
            case 2: .critical(rate: c0, b: c1)
            case 3: .overdamped(r1: c0, r2: c1, a: c2, b: c3)
            default: nil
            }
        return (Int64(bitPattern: milliseconds), path)
    }

    func remember(_ milliseconds: Int64, for key: Key) {
        remember(milliseconds, path: nil, for: key)
    }

    /// Keeps a settle and its segment's motion (nil, or a `.solved` one: solved at each drawing).
    func remember(_ milliseconds: Int64, path: SpringPath?, for key: Key) {
        let (kind, c0, c1, c2, c3): (UInt64, Double, Double, Double, Double) =
            switch path {
            case .underdamped(let rate, let omegaD, let a, let b)?: (1, rate, omegaD, a, b)
            case .critical(let rate, let b)?: (2, rate, b, 0, 0)
            case .overdamped(let r1, let r2, let a, let b)?: (3, r1, r2, a, b)
            case .solved?, nil: (0, 0, 0, 0, 0)
            }
        let slot = words + key.slot * Self.slotWords
        writing.withLock { _ in
            let sequence = slot[0].load(ordering: .relaxed)
            slot[0].store(sequence &+ 1, ordering: .relaxed)  // odd: a reader keeps nothing it reads now
            // The odd number is stored before any of the words.
            atomicMemoryFence(ordering: .releasing)
            slot[1].store(key.bits.0, ordering: .relaxed)
            slot[2].store(key.bits.1, ordering: .relaxed)
            slot[3].store(key.bits.2, ordering: .relaxed)
            slot[4].store(key.bits.3, ordering: .relaxed)
            slot[5].store(key.bits.4, ordering: .relaxed)
            slot[6].store(UInt64(bitPattern: milliseconds), ordering: .relaxed)
            slot[7].store(kind, ordering: .relaxed)
            slot[8].store(c0.bitPattern, ordering: .relaxed)
            slot[9].store(c1.bitPattern, ordering: .relaxed)
            slot[10].store(c2.bitPattern, ordering: .relaxed)
            slot[11].store(c3.bitPattern, ordering: .relaxed)
            slot[0].store(sequence &+ 2, ordering: .releasing)
        }
    }
}
