/// Numbers as messages print them: whole values without a fraction (`80`, not `80.0`), others
/// in Swift's shortest form, and `nan` without a sign.
public enum NumberText {
    public static func describe(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
