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
    /// Hosts add the file and row when they report these. Fields of the trailing edge are named
    /// with `trailingPrefix` (`""`: `buttons`, `open_threshold`, as the tutorial's top-level
    /// keys; `"trailing."`), those of the leading edge with `leading.`.
    public func problems(cellWidth: Double, trailingPrefix: String = "") -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        if !hasButtons {
            problems.append(ConfigurationProblem(field: trailingPrefix + "buttons", message: "must be a non-empty list of buttons"))
        }
        var seen: [String: String] = [:]
        for (edge, prefix) in [(Edge.trailing, trailingPrefix), (.leading, "leading.")] {
            let actions = self[edge]
            for (index, button) in actions.buttons.enumerated() {
                let field = prefix + "buttons[\(index + 1)]"
                if !button.width.isFinite || button.width <= 0 {
                    problems.append(ConfigurationProblem(
                        field: field + ".width", message: "must be a finite number > 0, got \(NumberText.describe(button.width))"))
                }
                if let first = seen[button.id] {
                    problems.append(ConfigurationProblem(
                        field: field + ".id", message: "duplicate id '\(button.id)' (also \(first).id)"))
                } else {
                    seen[button.id] = field
                }
            }
            if actions.totalWidth.isFinite, actions.totalWidth > cellWidth {
                problems.append(ConfigurationProblem(
                    field: prefix + "buttons",
                    message: "are \(NumberText.describe(actions.totalWidth)) points wide in total, \(NumberText.describe(actions.totalWidth - cellWidth)) more than the \(NumberText.describe(cellWidth))-point cell"))
            }
        }
        if !bounce.isFinite || bounce < 0 {
            problems.append(ConfigurationProblem(field: "bounce", message: "must be a finite number >= 0, got \(NumberText.describe(bounce))"))
        }
        if duration.nanoseconds < 0 {
            problems.append(ConfigurationProblem(field: "duration", message: "must be >= 0 seconds, got \(NumberText.describe(duration.seconds))"))
        }
        for (edge, prefix) in [(Edge.trailing, trailingPrefix), (.leading, "leading.")] {
            let actions = self[edge]
            for (field, value) in [("open_threshold", actions.openThreshold), ("close_threshold", actions.closeThreshold)] {
                guard let value else { continue }
                if actions.isEmpty {
                    problems.append(ConfigurationProblem(field: prefix + field, message: "is set, but the edge has no buttons"))
                } else if !value.isFinite || value <= 0 || value > actions.totalWidth {
                    problems.append(ConfigurationProblem(
                        field: prefix + field, message: "must be in (0, \(NumberText.describe(actions.totalWidth))] (the total button width), got \(NumberText.describe(value))"))
                }
            }
        }
        return problems
    }
}
