import LuaRuntime
import SwipeCore

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

    static let configurationKeys = ["buttons", "bounce", "duration", "curve", "open_threshold", "close_threshold"]
    static let buttonKeys = ["id", "title", "width", "color", "style", "on_tap"]

    struct Result {
        var configuration: CellConfiguration?
        /// The `on_tap` handlers, by button number (1-based).
        var handlers: [Int: LuaRef] = [:]
        var errors: [PluginProblem] = []
        var warnings: [PluginProblem] = []
    }

    func read(_ value: LuaValue) -> Result {
        var result = Result()
        guard case .table = value else {
            result.errors.append(problem(nil, "configure must return a table or nil, got \(value.typeName)"))
            return result
        }
        guard let fields = value.dictionaryValue else {
            result.errors.append(problem(nil, "configure must return a table of named fields ({ buttons = {...} }), not a list"))
            return result
        }
        result.warnings += unknownKeys(fields, known: Self.configurationKeys, prefix: "")
        var buttons: [SwipeButton] = []
        if let list = fields["buttons"]?.arrayValue, !list.isEmpty {
            for (offset, entry) in list.enumerated() {
                if let button = readButton(entry, number: offset + 1, into: &result) { buttons.append(button) }
            }
        } else {
            let got = fields["buttons"].map { $0.arrayValue == nil ? "a \($0.typeName)" : "an empty list" } ?? "nothing"
            result.errors.append(problem("buttons", "must be a non-empty list of buttons, got \(got)"))
        }
        var configuration = CellConfiguration(buttons: buttons)
        configuration.bounce = number(fields, "bounce", into: &result) ?? configuration.bounce
        if let seconds = number(fields, "duration", into: &result) {
            if seconds.isFinite, abs(seconds) < 1e6 {
                configuration.duration = .seconds(seconds)
            } else {
                result.errors.append(problem("duration", "must be a finite number of seconds >= 0, got \(NumberText.describe(seconds))"))
            }
        }
        configuration.openThreshold = number(fields, "open_threshold", into: &result)
        configuration.closeThreshold = number(fields, "close_threshold", into: &result)
        if let curve = fields["curve"] {
            if let name = curve.stringValue, let parsed = AnimationCurve(rawValue: name) {
                configuration.curve = parsed
            } else {
                let names = AnimationCurve.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                let hint = curve.stringValue.flatMap { suggestion(for: $0, among: AnimationCurve.allCases.map(\.rawValue)) }
                    .map { " (did you mean '\($0)'?)" } ?? ""
                result.errors.append(problem("curve", "must be one of \(names), got \(describe(curve))\(hint)"))
            }
        }
        // With a button missing, the width and threshold rules would judge a partial list.
        let buttonsComplete = !buttons.isEmpty && buttons.count == fields["buttons"]?.arrayValue?.count
        for found in configuration.problems(cellWidth: cellWidth)
        where buttonsComplete || !(found.field.hasPrefix("buttons") || found.field.hasSuffix("_threshold")) {
            result.errors.append(problem(found.field, found.message))
        }
        if result.errors.isEmpty { result.configuration = configuration }
        return result
    }

    private func readButton(_ entry: LuaValue, number: Int, into result: inout Result) -> SwipeButton? {
        let prefix = "buttons[\(number)]"
        guard case .table = entry, let fields = entry.dictionaryValue else {
            result.errors.append(problem(prefix, "must be a table { id = ..., title = ..., width = ... }, got \(entry.typeName)"))
            return nil
        }
        result.warnings += unknownKeys(fields, known: Self.buttonKeys, prefix: prefix + ".")
        var valid = true
        func string(_ key: String, required: Bool) -> String? {
            guard let value = fields[key] else {
                if required {
                    result.errors.append(problem("\(prefix).\(key)", "is required (a string)"))
                    valid = false
                }
                return nil
            }
            guard case .string(let text) = value else {
                result.errors.append(problem("\(prefix).\(key)", "must be a string, got \(value.typeName)"))
                valid = false
                return nil
            }
            return text
        }
        let id = string("id", required: true)
        let title = string("title", required: true)
        let color = string("color", required: false)
        var style = SwipeButton.Style.normal
        if let name = string("style", required: false) {
            if let parsed = SwipeButton.Style(rawValue: name) {
                style = parsed
            } else {
                result.errors.append(problem("\(prefix).style", "must be 'normal' or 'destructive', got '\(name)'"))
                valid = false
            }
        }
        var width = 0.0
        if let value = fields["width"] {
            if let number = value.doubleValue { width = number } else {
                result.errors.append(problem("\(prefix).width", "must be a finite number > 0, got \(value.typeName)"))
                valid = false
            }
        } else {
            result.errors.append(problem("\(prefix).width", "is required (points, > 0)"))
            valid = false
        }
        if let handler = fields["on_tap"] {
            if case .function(let ref) = handler {
                result.handlers[number] = lua.flatMap { Plugin.labeled(handler, "on_tap", in: $0) } ?? ref
            } else {
                result.errors.append(problem("\(prefix).on_tap", "must be a function, got \(handler.typeName)"))
                valid = false
            }
        }
        guard valid, let id, let title else { return nil }
        return SwipeButton(id: id, title: title, width: width, color: color, style: style)
    }

    private func number(_ fields: [String: LuaValue], _ key: String, into result: inout Result) -> Double? {
        guard let value = fields[key] else { return nil }
        guard let number = value.doubleValue else {
            result.errors.append(problem(key, "must be a number, got \(value.typeName)"))
            return nil
        }
        return number
    }

    private func unknownKeys(_ fields: [String: LuaValue], known: [String], prefix: String) -> [PluginProblem] {
        fields.keys.filter { !known.contains($0) }.sorted().map { key in
            let hint = suggestion(for: key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            return PluginProblem(.warning, file: file, line: line, row: row, field: prefix + key, message: "unknown key\(hint)")
        }
    }

    private func describe(_ value: LuaValue) -> String {
        if case .string(let text) = value { return "'\(text)'" }
        return "a \(value.typeName)"
    }

    private func problem(_ field: String?, _ message: String) -> PluginProblem {
        PluginProblem(file: file, line: line, row: row, field: field, message: message)
    }
}
