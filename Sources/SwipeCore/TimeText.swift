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
