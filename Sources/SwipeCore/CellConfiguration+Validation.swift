extension CellConfiguration {
    /// Every rule a configuration must meet to be used in a cell `cellWidth` points wide.
    /// Hosts add the file and row when they report these. Fields of the trailing edge are named
    /// with `trailingPrefix` (`""`: `buttons`, `open_threshold`, as the tutorial's top-level
    /// keys; `"trailing."`), those of the leading edge with `leading.`.
    public func problems(cellWidth: Double, trailingPrefix: String = "") -> [FieldProblem] {
        var problems: [FieldProblem] = []
        if !hasButtons {
            problems.append(
                FieldProblem(field: trailingPrefix + "buttons", message: "must be a non-empty list of buttons"))
        }
        var seen: [String: String] = [:]
        for (edge, prefix) in [(Edge.trailing, trailingPrefix), (.leading, "leading.")] {
            let actions = self[edge]
            for (index, button) in actions.buttons.enumerated() {
                let field = prefix + "buttons[\(index + 1)]"
                if !button.width.isFinite || button.width <= 0 {
                    problems.append(
                        FieldProblem(
                            field: field + ".width",
                            message: "must be a finite number > 0, got \(NumberText.describe(button.width))"))
                }
                if let first = seen[button.id] {
                    problems.append(
                        FieldProblem(
                            field: field + ".id", message: "duplicate id '\(button.id)' (also \(first).id)"))
                } else {
                    seen[button.id] = field
                }
            }
            if actions.totalWidth == .infinity, actions.buttons.allSatisfy({ $0.width.isFinite }) {
                // Finite widths whose sum overflows (two of 1e308): wider than any cell, and no
                // offset, frame or animation could be worked out from it.
                problems.append(
                    FieldProblem(
                        field: prefix + "buttons",
                        message:
                            "are too wide in total: their widths add up past the largest number (\(NumberText.describe(.greatestFiniteMagnitude))), far more than the \(NumberText.describe(cellWidth))-point cell"
                    ))
            } else if actions.totalWidth.isFinite, actions.totalWidth > cellWidth {
                problems.append(
                    FieldProblem(
                        field: prefix + "buttons",
                        message:
                            "are \(NumberText.describe(actions.totalWidth)) points wide in total, \(NumberText.describe(actions.totalWidth - cellWidth)) more than the \(NumberText.describe(cellWidth))-point cell"
                    ))
            }
        }
        if !(bounce >= 0 && bounce <= Self.maximumBounce) {
            problems.append(
                FieldProblem(
                    field: "bounce",
                    message:
                        "must be in [0, \(NumberText.describe(Self.maximumBounce))] points, got \(NumberText.describe(bounce))"
                ))
        }
        if duration.nanoseconds < 0 {
            problems.append(
                FieldProblem(
                    field: "duration", message: "must be >= 0 seconds, got \(NumberText.describe(duration.seconds))"))
        }
        problems += physicsProblems()
        for (edge, prefix) in [(Edge.trailing, trailingPrefix), (.leading, "leading.")] {
            let actions = self[edge]
            for (field, value) in [
                ("open_threshold", actions.openThreshold), ("close_threshold", actions.closeThreshold),
            ] {
                guard let value else { continue }
                if actions.isEmpty {
                    problems.append(FieldProblem(field: prefix + field, message: "is set, but the edge has no buttons"))
                } else if !value.isFinite || value <= 0 || value > actions.totalWidth {
                    problems.append(
                        FieldProblem(
                            field: prefix + field,
                            message:
                                "must be in (0, \(NumberText.describe(actions.totalWidth))] (the total button width), got \(NumberText.describe(value))"
                        ))
                }
            }
        }
        return problems
    }
}

extension CellConfiguration {
    /// The largest `flick_velocity`, in points/s.
    public static let maximumFlickVelocity = 100_000.0
    /// The largest spring `mass`, `stiffness` and `damping`.
    public static let maximumSpringParameter = 1_000_000.0
    /// The smallest spring `mass` and `stiffness`. With these bounds (and a `damping` of at most
    /// ``maximumSpringParameter``) the spring's natural frequency stays within about 3e-5 to
    /// 3e4 rad/s and its damping ratio below 5e8, so its closed form stays finite for every
    /// offset a cell can have and every release velocity (``ReleasePhysics/maximumVelocity``);
    /// a mass of 1e-300 made the ratio's square overflow, and NaN reached an `Int`.
    public static let minimumSpringParameter = 0.001
    /// The largest `bounce`, in points: the widest cell's width (``TableGeometry/maximumWidth``).
    /// Past it the snaps' offsets and the differences between them could overflow (`bounce =
    /// 1e308` was drawn at `right inf`).
    public static let maximumBounce = TableGeometry.maximumWidth

    /// The rules of the release physics: `flick_velocity`, `overscroll`, the spring.
    func physicsProblems() -> [FieldProblem] {
        var problems: [FieldProblem] = []
        if !flickVelocity.isFinite || flickVelocity <= 0 || flickVelocity > Self.maximumFlickVelocity {
            problems.append(
                FieldProblem(
                    field: "flick_velocity",
                    message:
                        "must be in (0, \(NumberText.describe(Self.maximumFlickVelocity))] points/s, got \(NumberText.describe(flickVelocity))"
                ))
        }
        if let elasticity, !(elasticity > 0 && elasticity <= 1) {
            problems.append(
                FieldProblem(
                    field: "overscroll",
                    message: "must be 'clamp' or an elasticity in (0, 1], got \(NumberText.describe(elasticity))"))
        }
        if let spring {
            let limit = NumberText.describe(Self.maximumSpringParameter)
            let least = NumberText.describe(Self.minimumSpringParameter)
            for (field, value) in [("mass", spring.mass), ("stiffness", spring.stiffness)]
            where !(value >= Self.minimumSpringParameter && value <= Self.maximumSpringParameter) {
                problems.append(
                    FieldProblem(
                        field: field, message: "must be in [\(least), \(limit)], got \(NumberText.describe(value))"))
            }
            if !spring.damping.isFinite || spring.damping < 0 || spring.damping > Self.maximumSpringParameter {
                problems.append(
                    FieldProblem(
                        field: "damping",
                        message: "must be in [0, \(limit)], got \(NumberText.describe(spring.damping))"))
            }
        }
        return problems
    }
}
