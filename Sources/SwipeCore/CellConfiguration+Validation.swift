/// A problem with a cell configuration: the field it is about (`buttons[2].width`, `bounce`)
/// and what is wrong with it.
public struct ConfigurationProblem: Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

extension CellConfiguration {
    /// Every rule a configuration must meet to be used in a cell `cellWidth` points wide.
    /// Hosts add the file and row when they report these.
    public func problems(cellWidth: Double) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        if buttons.isEmpty {
            problems.append(ConfigurationProblem(field: "buttons", message: "must be a non-empty list of buttons"))
        }
        var seen: [String: Int] = [:]
        for (index, button) in buttons.enumerated() {
            let field = "buttons[\(index + 1)]"
            if !button.width.isFinite || button.width <= 0 {
                problems.append(ConfigurationProblem(
                    field: field + ".width", message: "must be a finite number > 0, got \(NumberText.describe(button.width))"))
            }
            if let first = seen[button.id] {
                problems.append(ConfigurationProblem(
                    field: field + ".id", message: "duplicate id '\(button.id)' (also buttons[\(first)].id)"))
            } else {
                seen[button.id] = index + 1
            }
        }
        if totalWidth.isFinite, totalWidth > cellWidth {
            problems.append(ConfigurationProblem(
                field: "buttons",
                message: "are \(NumberText.describe(totalWidth)) points wide in total, \(NumberText.describe(totalWidth - cellWidth)) more than the \(NumberText.describe(cellWidth))-point cell"))
        }
        if !bounce.isFinite || bounce < 0 {
            problems.append(ConfigurationProblem(field: "bounce", message: "must be a finite number >= 0, got \(NumberText.describe(bounce))"))
        }
        if duration.nanoseconds < 0 {
            problems.append(ConfigurationProblem(field: "duration", message: "must be >= 0 seconds, got \(NumberText.describe(duration.seconds))"))
        }
        for (field, value) in [("open_threshold", openThreshold), ("close_threshold", closeThreshold)] {
            guard let value else { continue }
            if !value.isFinite || value <= 0 || value > totalWidth {
                problems.append(ConfigurationProblem(
                    field: field, message: "must be in (0, \(NumberText.describe(totalWidth))] (the total button width), got \(NumberText.describe(value))"))
            }
        }
        return problems
    }
}
