/// Numbers as messages print them: whole values without a fraction (`80`, not `80.0`), others
/// in Swift's shortest form, and `nan` without a sign.
public enum NumberText {
    /// Decimals a release velocity is shown with (text and jsonl): points/s to 0.001, so the
    /// float noise of a velocity measured from moves (`800.0000000000019`) is not shown: `800`,
    /// `833.333`, `-666.667`. A velocity given in a script (`pan 3 end -600`) shows as written.
    public static let velocityDecimals = 3

    /// `velocity` rounded (half away from zero) to ``velocityDecimals`` decimals.
    public static func shownVelocity(_ velocity: Double) -> Double {
        guard velocity.isFinite, abs(velocity) < 1e12 else { return velocity }
        return (velocity * 1_000).rounded() / 1_000
    }

    public static func describe(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

/// Virtual times as traces and messages print them, exactly, from their integer nanoseconds:
/// the same text as Swift's shortest form of the `Double` milliseconds wherever that form is
/// exact (`150`, `12.5`, `0.0001`, `1.5e-05`), and the exact decimal where a `Double` would
/// round it (`2000000000449.9998` is printed `2000000000450`).
public enum TimeText {
    public static func milliseconds(_ instant: VirtualInstant) -> String {
        milliseconds(nanoseconds: instant.nanoseconds)
    }

    public static func milliseconds(_ amount: TimeAmount) -> String {
        milliseconds(nanoseconds: amount.nanoseconds)
    }

    /// Rounded to whole microseconds first (half away from zero), as the text format shows times.
    public static func milliseconds(_ instant: VirtualInstant, roundedToMicroseconds: Bool) -> String {
        guard roundedToMicroseconds else { return milliseconds(instant) }
        let (micro, rest) = instant.nanoseconds.magnitude.quotientAndRemainder(dividingBy: 1_000)
        let rounded = (rest >= 500 ? micro + 1 : micro) * 1_000
        return (instant.nanoseconds < 0 && rounded > 0 ? "-" : "") + unsignedMilliseconds(rounded)
    }

    /// `nanoseconds` / 1,000,000, exactly: whole numbers without a fraction, below 0.0001 in
    /// exponent form (`5e-06`, `1.5e-05`), otherwise up to six decimals without trailing zeros.
    public static func milliseconds(nanoseconds: Int64) -> String {
        (nanoseconds < 0 ? "-" : "") + unsignedMilliseconds(nanoseconds.magnitude)
    }

    private static func unsignedMilliseconds(_ nanoseconds: UInt64) -> String {
        let (whole, fraction) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000)
        if fraction == 0 { return String(whole) }
        if whole == 0 && fraction < 100 {
            if fraction < 10 { return "\(fraction)e-06" }
            let (tens, units) = fraction.quotientAndRemainder(dividingBy: 10)
            return units == 0 ? "\(tens)e-05" : "\(tens).\(units)e-05"
        }
        var digits = Array(String(fraction).utf8)
        digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 6 - digits.count), at: 0)
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return "\(whole)." + String(decoding: digits, as: UTF8.self)
    }
}
