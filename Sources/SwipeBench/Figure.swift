/// One measured figure: a median over repetitions, with its target.
public struct Figure: Sendable {
    public enum Comparison: String, Sendable {
        case atMost = "<="
        case atLeast = ">="
    }

    public var name: String
    public var value: Double
    public var unit: String
    /// Operations per repetition (calls, lines, runs).
    public var n: Int
    public var target: (Comparison, Double)?

    public var met: Bool? {
        guard let (comparison, limit) = target else { return nil }
        return comparison == .atMost ? value <= limit : value >= limit
    }

    public var targetText: String {
        guard let (comparison, limit) = target else { return "" }
        return "\(comparison.rawValue) \(Self.format(limit))"
    }

    public static func formatted(_ value: Double) -> String { format(value) }

    static func format(_ value: Double) -> String {
        if value >= 100_000 { return String(Int(value.rounded())) }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `{"name":...,"value":...,"unit":...,"n":...,"target":"<= 25","met":true}`
    public var json: String {
        var text = "{\"name\":\"\(name)\",\"value\":\(Self.format(value)),\"unit\":\"\(unit)\",\"n\":\(n)"
        if let met { text += ",\"target\":\"\(targetText)\",\"met\":\(met)" }
        return text + "}"
    }
}

/// The median of repeated measurements: robust to the odd slow run on a shared machine.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
