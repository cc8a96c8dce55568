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
