import LuaRuntime
import SwipeCore
import SwipeScript

/// A row's configuration as a plugin's `configure` returned it, read into the core's type:
/// every problem named by field, unknown keys as warnings with the closest known key.
struct ConfigurationReader {
    var file: String
    var row: Int
    var cellWidth: Double
    /// The line `configure` is defined on, for the messages.
    var line: Int? = nil
    /// The plugin's state, to name `on_tap` handlers in budget messages.
    var lua: LuaState? = nil
    /// The run's preset (`--preset`), under a row's own `preset` and keys.
    var defaultPreset: BehaviorPreset = .tutorial
    /// Whether the plugin has an `on_action` (a `manual` full swipe needs a handler to fulfil it).
    var hasOnAction = false

    static let configurationKeys = [
        "buttons", "bounce", "duration", "curve", "open_threshold", "close_threshold", "leading", "trailing",
        "release", "flick_velocity", "overscroll", "mass", "stiffness", "damping", "preset", "full_swipe",
        "equal_widths", "close_on_action", "transition", "enabled",
    ]
    static let fullSwipeKeys = ["button", "threshold", "completion", "style"]
    /// The curve names: the cubic ones and `spring`.
    static let curveNames = AnimationCurve.allCases.map(\.rawValue) + ["spring"]
    static let edgeKeys = [
        "buttons", "open_threshold", "close_threshold", "full_swipe", "equal_widths", "close_on_action",
        "transition", "enabled",
    ]
    static let buttonKeys = [
        "id", "title", "width", "color", "style", "on_tap", "icon", "text_color", "highlight_color",
        "accessibility_label", "min_width", "max_width", "close",
    ]
    static let iconKeys = ["path", "view_box"]

    struct Result {
        var configuration: CellConfiguration?
        /// The `on_tap` handlers, by ``PluginHost/RowSetup/handlerKey(_:_:)``.
        var handlers: [Int: LuaRef] = [:]
        /// The buttons whose action closes the row (`close = true`, or their edge's
        /// `close_on_action = true`), by ``PluginHost/RowSetup/handlerKey(_:_:)``.
        var closing: Set<Int> = []
        /// The buttons' own `close`, by the same key, before their edge's default applies.
        var buttonCloses: [Int: Bool] = [:]
        var errors: [PluginProblem] = []
        var warnings: [PluginProblem] = []
        /// The row's preset (its own `preset`, else the run's); nil for a row that does not swipe.
        var preset: BehaviorPreset?
    }

    /// One edge's fields as read: its buttons and thresholds, whether the list was read whole
    /// (the width and threshold rules judge only whole lists), and whether the edge was turned
    /// off (`buttons = {}` or `enabled = false`).
    private struct EdgeRead {
        var actions = EdgeActions()
        var complete = true
        var off = false
    }

    func read(_ value: LuaValue) -> Result {
        var result = Result()
        if case .boolean(false) = value {
            // The row does not swipe: no buttons on either edge, as a cell with none behaves (a
            // pan leaves it at rest, with no `open` or `close`).
            result.configuration = Self.doesNotSwipe
            return result
        }
        guard case .table = value else {
            result.errors.append(problem(nil, "configure must return a table, false or nil, got \(value.typeName)"))
            return result
        }
        guard let fields = value.dictionaryValue else {
            result.errors.append(
                problem(nil, "configure must return a table of named fields ({ buttons = {...} }), not a list"))
            return result
        }
        result.warnings += unknownKeys(fields, known: Self.configurationKeys, prefix: "")
        // The trailing edge: the top-level keys (the tutorial's shape), or `trailing = {...}`.
        let topLevel = Self.edgeKeys.filter { fields[$0] != nil }
        var trailingPrefix = ""
        var trailing = EdgeRead()
        var leading = EdgeRead()
        if let table = fields["trailing"] {
            trailingPrefix = "trailing."
            if !topLevel.isEmpty {
                let keys = topLevel.map { "'\($0)'" }.joined(separator: ", ")
                result.errors.append(
                    problem(
                        "trailing",
                        "cannot be used with the top-level \(keys): those are the trailing edge's already (use one or the other)"
                    ))
            }
            trailing = readEdge(table, .trailing, prefix: "trailing.", required: false, into: &result)
        } else {
            trailing = readEdge(
                value, .trailing, prefix: "", required: fields["leading"] == nil, into: &result, topLevel: fields)
        }
        if let table = fields["leading"] {
            leading = readEdge(table, .leading, prefix: "leading.", required: false, into: &result)
        }
        if fields["leading"] != nil || fields["trailing"] != nil, trailing.actions.isEmpty, leading.actions.isEmpty,
            trailing.complete, leading.complete, !trailing.off, !leading.off
        {
            result.errors.append(
                problem(
                    trailingPrefix + "buttons",
                    "must be a non-empty list of buttons on at least one edge (leading or trailing), got none (an empty list or enabled = false turns an edge off)"
                ))
        }
        var configuration = CellConfiguration(buttons: [])
        var preset = defaultPreset
        if let value = fields["preset"] {
            if let name = value.stringValue, let parsed = BehaviorPreset(rawValue: name) {
                preset = parsed
            } else {
                let names = BehaviorPreset.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                let hint =
                    value.stringValue.flatMap { closestMatch(to: $0, among: BehaviorPreset.allCases.map(\.rawValue)) }
                    .map { " (did you mean '\($0)'?)" } ?? ""
                result.errors.append(problem("preset", "must be one of \(names), got \(describe(value))\(hint)"))
            }
        }
        preset.apply(to: &configuration)
        result.preset = preset
        configuration.trailing = trailing.actions
        configuration.leading = leading.actions
        preset.addFullSwipes(to: &configuration, cellWidth: cellWidth)
        readPhysics(fields, into: &configuration, result: &result)
        configuration.bounce = number(fields, "bounce", into: &result) ?? configuration.bounce
        if let seconds = number(fields, "duration", into: &result) {
            if seconds.isFinite, abs(seconds) < 1e6 {
                configuration.duration = .seconds(seconds)
            } else {
                result.errors.append(
                    problem("duration", "must be a finite number of seconds >= 0, got \(NumberText.describe(seconds))"))
            }
        }
        if let curve = fields["curve"] {
            if let name = curve.stringValue, let parsed = AnimationCurve(rawValue: name) {
                configuration.curve = parsed
                configuration.spring = nil
            } else if curve.stringValue == "spring" {
                configuration.spring = configuration.spring ?? Spring()
            } else {
                let names = Self.curveNames.map { "'\($0)'" }.joined(separator: ", ")
                let hint =
                    curve.stringValue.flatMap { closestMatch(to: $0, among: Self.curveNames) }
                    .map { " (did you mean '\($0)'?)" } ?? ""
                result.errors.append(problem("curve", "must be one of \(names), got \(describe(curve))\(hint)"))
            }
        }
        // With a button missing, the width and threshold rules would judge a partial list; a
        // missing list is reported above.
        for found in configuration.problems(cellWidth: cellWidth, trailingPrefix: trailingPrefix) {
            let isLeading = found.field.hasPrefix("leading.")
            let field = found.field.dropFirst(isLeading ? "leading.".count : trailingPrefix.count)
            // A missing list is reported above, with what was found instead.
            if field == "buttons", !configuration.hasButtons { continue }
            if !(isLeading ? leading : trailing).complete, field.hasPrefix("buttons") || field.hasSuffix("_threshold") {
                continue
            }
            result.errors.append(problem(found.field, found.message))
        }
        if result.errors.isEmpty { result.configuration = configuration }
        return result
    }

    /// Reads an edge's `buttons`, `open_threshold` and `close_threshold` from `value` (the
    /// configuration itself for the top-level keys, `topLevel` its fields).
    private func readEdge(
        _ value: LuaValue, _ edge: Edge, prefix: String, required: Bool, into result: inout Result,
        topLevel: [String: LuaValue]? = nil
    ) -> EdgeRead {
        var read = EdgeRead()
        let fields: [String: LuaValue]
        if let topLevel {
            fields = topLevel
        } else {
            guard case .table = value, let named = value.dictionaryValue else {
                let name = String(prefix.dropLast())
                result.errors.append(
                    problem(
                        name,
                        "must be a table { buttons = {...}, open_threshold = ..., close_threshold = ... }, got \(value.arrayValue != nil ? "a list" : "a " + value.typeName)"
                    ))
                read.complete = false
                return read
            }
            fields = named
            result.warnings += unknownKeys(fields, known: Self.edgeKeys, prefix: prefix)
        }
        var enabled = true
        if let flag = fields["enabled"] {
            if case .boolean(let on) = flag {
                enabled = on
            } else {
                result.errors.append(problem(prefix + "enabled", "must be true or false, got \(describe(flag))"))
                // Whether the edge swipes is unknown: the rules that judge the whole row wait.
                read.complete = false
            }
        }
        var buttons: [SwipeButton] = []
        if let list = fields["buttons"]?.arrayValue, list.isEmpty {
            // An empty list: the edge does not swipe.
            read.off = true
        } else if let list = fields["buttons"]?.arrayValue {
            for (offset, entry) in list.enumerated() {
                if let button = readButton(entry, edge, number: offset + 1, prefix: prefix, into: &result) {
                    buttons.append(button)
                }
            }
            read.complete = read.complete && buttons.count == list.count
        } else if fields["buttons"] != nil || (required && enabled && read.complete) {
            let got = fields["buttons"].map { "a \($0.typeName)" } ?? "nothing"
            result.errors.append(
                problem(
                    prefix + "buttons",
                    "must be a list of buttons, got \(got) (an empty list or enabled = false: the edge does not swipe)")
            )
            read.complete = false
        }
        if let value = fields["equal_widths"] {
            if case .boolean(let equal) = value {
                if equal, let widest = buttons.map(\.width).max() {
                    for index in buttons.indices { buttons[index].width = widest }
                }
            } else {
                result.errors.append(problem(prefix + "equal_widths", "must be true or false, got \(describe(value))"))
            }
        }
        read.actions.buttons = buttons
        var closesOnAction = false
        if let flag = fields["close_on_action"] {
            if case .boolean(let on) = flag {
                closesOnAction = on
            } else {
                result.errors.append(problem(prefix + "close_on_action", "must be a boolean, got \(flag.typeName)"))
            }
        }
        for number in buttons.indices.map({ $0 + 1 }) {
            let key = PluginHost.RowSetup.handlerKey(edge, number)
            if result.buttonCloses[key] ?? closesOnAction { result.closing.insert(key) }
        }
        read.actions.openThreshold = number(fields, "open_threshold", prefix: prefix, into: &result)
        read.actions.closeThreshold = number(fields, "close_threshold", prefix: prefix, into: &result)
        if let value = fields["transition"] {
            if let name = value.stringValue, let transition = Transition(rawValue: name) {
                read.actions.transition = transition
            } else {
                let names = Transition.allCases.map(\.rawValue)
                let hint =
                    value.stringValue.flatMap { closestMatch(to: $0, among: names) }.map { " (did you mean '\($0)'?)" }
                    ?? ""
                result.errors.append(
                    problem(
                        prefix + "transition",
                        "must be 'reveal', 'drag', 'border' or 'stretch', got \(describe(value))\(hint)"))
            }
        }
        if let value = fields["full_swipe"], read.complete {
            read.actions.fullSwipe = readFullSwipe(
                value, edge, buttons: buttons, prefix: prefix + "full_swipe", into: &result)
        }
        if !enabled {
            // Turned off: its buttons, thresholds and full swipe were read (and their own
            // problems reported) but the edge has none of them.
            read.actions = EdgeActions()
            read.off = true
        }
        return read
    }

    /// What `configure` returning `false` gives: a row that does not swipe (no buttons on
    /// either edge; taps say it has none).
    static var doesNotSwipe: CellConfiguration { CellConfiguration(buttons: []) }

    /// `full_swipe = { button = ID, threshold = POINTS or FRACTION, completion = ... }` of an edge.
    private func readFullSwipe(
        _ value: LuaValue, _ edge: Edge, buttons: [SwipeButton], prefix: String, into result: inout Result
    ) -> FullSwipe? {
        let fields: [String: LuaValue]
        if case .table = value, let table = value.dictionaryValue {
            fields = table
        } else if value.stringValue == FullSwipe.destructiveStyle {
            fields = ["style": value]
        } else {
            let got =
                value.stringValue.map { "'\($0)'" } ?? (value.arrayValue != nil ? "a list" : "a " + value.typeName)
            let hint =
                value.stringValue.flatMap { closestMatch(to: $0, among: [FullSwipe.destructiveStyle]) }.map {
                    " (did you mean '\($0)'?)"
                } ?? ""
            result.errors.append(
                problem(
                    prefix,
                    "must be a table { button = ID, threshold = POINTS or FRACTION, completion = 'delete' | 'reset' | 'manual' } or 'destructive', got \(got)\(hint)"
                ))
            return nil
        }
        result.warnings += unknownKeys(fields, known: Self.fullSwipeKeys, prefix: prefix + ".")
        guard !buttons.isEmpty else {
            result.errors.append(problem(prefix, "is set, but the edge has no buttons"))
            return nil
        }
        var valid = true
        var index = 0
        if let button = fields["button"] {
            let ids = buttons.map(\.id)
            if let id = button.stringValue, let found = ids.firstIndex(of: id) {
                index = found
            } else {
                let hint =
                    button.stringValue.flatMap { closestMatch(to: $0, among: ids) }.map { " (did you mean '\($0)'?)" }
                    ?? ""
                result.errors.append(
                    problem(
                        prefix + ".button",
                        "must be the id of a button on this edge (\(ids.joined(separator: ", "))), got \(describe(button))\(hint)"
                    ))
                valid = false
            }
        }
        let total = buttons.reduce(0) { $0 + $1.width }
        var threshold = FullSwipe.defaultThreshold(total: total, width: cellWidth)
        var destructive = false
        if let style = fields["style"] {
            if style.stringValue == FullSwipe.destructiveStyle {
                destructive = true
                threshold = FullSwipe.destructiveThreshold(width: cellWidth)
                if threshold <= total {
                    result.errors.append(
                        problem(
                            prefix,
                            "is 'destructive', but its threshold (\(NumberText.describe(threshold)) points: the cell's width - 30 or 80% of it, whichever is less) is not past the buttons' width (\(NumberText.describe(total)) points)"
                        ))
                    valid = false
                }
            } else {
                let hint =
                    style.stringValue.flatMap { closestMatch(to: $0, among: [FullSwipe.destructiveStyle]) }.map {
                        " (did you mean '\($0)'?)"
                    } ?? ""
                result.errors.append(problem(prefix + ".style", "must be 'destructive', got \(describe(style))\(hint)"))
                valid = false
            }
        }
        if destructive, fields["threshold"] != nil {
            result.errors.append(
                problem(
                    prefix + ".threshold",
                    "cannot be given with style 'destructive' (its threshold is SwipeCellKit's: the cell's width - 30 or 80% of it, whichever is less)"
                ))
            valid = false
        } else if let given = number(fields, "threshold", prefix: prefix + ".", into: &result) {
            let points = given > 0 && given <= 1 ? given * cellWidth : given
            if !(points.isFinite && points > total && points <= cellWidth) {
                let what =
                    given > 0 && given <= 1
                    ? "\(NumberText.describe(given)) of the width: \(NumberText.describe(points)) points"
                    : "\(NumberText.describe(given)) points"
                result.errors.append(
                    problem(
                        prefix + ".threshold",
                        "must be past the buttons' width (\(NumberText.describe(total)) points) and at most the cell's (\(NumberText.describe(cellWidth)) points), in points or as a fraction of the width in (0, 1], got \(what)"
                    ))
                valid = false
            }
            threshold = points
        } else if fields["threshold"] != nil {
            valid = false
        }
        var completion = FullSwipe.Completion.delete
        if let value = fields["completion"] {
            if let name = value.stringValue, let parsed = FullSwipe.Completion(rawValue: name) {
                completion = parsed
            } else {
                let hint =
                    value.stringValue.flatMap {
                        closestMatch(to: $0, among: FullSwipe.Completion.allCases.map(\.rawValue))
                    }.map { " (did you mean '\($0)'?)" } ?? ""
                result.errors.append(
                    problem(
                        prefix + ".completion", "must be 'delete', 'reset' or 'manual', got \(describe(value))\(hint)"))
                valid = false
            }
        }
        if completion == .manual, !hasOnAction, result.handlers[PluginHost.RowSetup.handlerKey(edge, index + 1)] == nil
        {
            result.errors.append(
                problem(
                    prefix + ".completion",
                    "is 'manual', but no handler can call ctx:fulfill: button '\(buttons[index].id)' has no on_tap and the plugin no on_action"
                ))
            valid = false
        }
        guard valid else { return nil }
        var full = FullSwipe(button: index, threshold: threshold, completion: completion, width: cellWidth)
        full.isDestructive = destructive
        return full
    }

    /// `release`, `flick_velocity`, `overscroll` and the spring's `mass`, `stiffness`,
    /// `damping` (read before `curve`, which may make the spring).
    private func readPhysics(
        _ fields: [String: LuaValue], into configuration: inout CellConfiguration, result: inout Result
    ) {
        if let value = fields["release"] {
            if let name = value.stringValue, let parsed = ReleaseRule(rawValue: name) {
                configuration.release = parsed
            } else {
                let hint =
                    value.stringValue.flatMap { closestMatch(to: $0, among: ReleaseRule.allCases.map(\.rawValue)) }
                    .map { " (did you mean '\($0)'?)" } ?? ""
                result.errors.append(
                    problem("release", "must be 'position' or 'velocity', got \(describe(value))\(hint)"))
            }
        }
        if let flick = number(fields, "flick_velocity", into: &result) { configuration.flickVelocity = flick }
        if let value = fields["overscroll"] {
            if value.stringValue == "clamp" {
                configuration.elasticity = nil
            } else if let number = value.doubleValue {
                configuration.elasticity = number
            } else {
                result.errors.append(
                    problem("overscroll", "must be 'clamp' or an elasticity in (0, 1], got \(describe(value))"))
            }
        }
        let springKeys = ["mass", "stiffness", "damping"].filter { fields[$0] != nil }
        if !springKeys.isEmpty {
            let isSpring = fields["curve"].map { $0.stringValue == "spring" } ?? (configuration.spring != nil)
            if !isSpring {
                for key in springKeys {
                    result.errors.append(problem(key, "is set, but curve is not 'spring'"))
                }
            } else {
                var spring = configuration.spring ?? Spring()
                spring.mass = number(fields, "mass", into: &result) ?? spring.mass
                spring.stiffness = number(fields, "stiffness", into: &result) ?? spring.stiffness
                spring.damping = number(fields, "damping", into: &result) ?? spring.damping
                configuration.spring = spring
            }
        }
    }

    func number(_ fields: [String: LuaValue], _ key: String, prefix: String = "", into result: inout Result)
        -> Double?
    {
        guard let value = fields[key] else { return nil }
        guard let number = value.doubleValue else {
            result.errors.append(problem(prefix + key, "must be a number, got \(value.typeName)"))
            return nil
        }
        return number
    }

    func unknownKeys(_ fields: [String: LuaValue], known: [String], prefix: String) -> [PluginProblem] {
        fields.keys.filter { !known.contains($0) }.sorted().map { key in
            let hint = closestMatch(to: key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            return PluginProblem(
                .warning, file: file, line: line, row: row, field: prefix + key, message: "unknown key\(hint)")
        }
    }

    func describe(_ value: LuaValue) -> String {
        if case .string(let text) = value { return "'\(text)'" }
        return "a \(value.typeName)"
    }

    func problem(_ field: String?, _ message: String) -> PluginProblem {
        PluginProblem(file: file, line: line, row: row, field: field, message: message)
    }
}
