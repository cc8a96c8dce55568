import SwipeCore

/// The explorer's source of choices: the core's seeded ``SplitMix64`` (never the system's
/// generator), with the few draws the generator makes written out here so that a seed means the
/// same script on every machine and every Swift version (the standard library's
/// `random(in:using:)` does not promise its algorithm).
public struct ExploreRandom: Sendable {
    var generator: SplitMix64

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The generator of run `run` under `seed`: each run draws from its own stream, so a run is
    /// the same whichever job runs it and whatever ran before.
    public static func forRun(_ run: Int, seed: UInt64) -> ExploreRandom {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: run) &* 0xD1B5_4A32_D192_ED03))
        return ExploreRandom(seed: mixer.next())
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// A whole number in `0..<count` (`count` > 0), by the multiply-shift reduction.
    public mutating func below(_ count: Int) -> Int {
        precondition(count > 0)
        return Int(next().multipliedFullWidth(by: UInt64(count)).high)
    }

    /// A whole number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// A number in `lower...upper`, in steps of a hundredth of a point (scripts stay short).
    public mutating func number(_ lower: Double, _ upper: Double) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return ((lower + (upper - lower) * unit) * 100).rounded() / 100
    }

    /// True with probability `percent` in 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `elements` (not empty).
    public mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}
