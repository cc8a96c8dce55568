import LuaRuntime
import SwipeCore
import SwipeScript

/// A row's buttons as `configure` gave them: each button's keys, and its icon.
extension ConfigurationReader {
    func readButton(
        _ entry: LuaValue, _ edge: Edge, number: Int, prefix edgePrefix: String, into result: inout Result
    ) -> SwipeButton? {
        let prefix = edgePrefix + "buttons[\(number)]"
        guard case .table = entry, let fields = entry.dictionaryValue else {
            result.errors.append(
                problem(prefix, "must be a table { id = ..., title = ..., width = ... }, got \(entry.typeName)"))
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
        // Only ids a script's `tap ROW BUTTON` names: a recording writes them so.
        if let id, let message = ScriptIDs.buttonProblem(id) {
            result.errors.append(problem("\(prefix).id", message))
            valid = false
        }
        let icon = fields["icon"].flatMap { readIcon($0, prefix: prefix + ".icon", valid: &valid, into: &result) }
        let title = string("title", required: fields["icon"] == nil)
        let color = string("color", required: false)
        func colour(_ key: String) -> String? {
            guard let text = string(key, required: false) else { return nil }
            guard SwipeButton.isHexColor(text) else {
                result.errors.append(
                    problem(
                        "\(prefix).\(key)",
                        "must be a colour '#rgb' or '#rrggbb' (hex digits), got '\(DisplayText.token(text))'"))
                valid = false
                return nil
            }
            return text
        }
        let textColor = colour("text_color")
        let highlightColor = colour("highlight_color")
        let label = string("accessibility_label", required: false)
        if fields["icon"] != nil, title == nil || title?.isEmpty == true,
            fields["accessibility_label"] == nil
                || label?.isEmpty == true
        {
            result.errors.append(
                problem(
                    "\(prefix).accessibility_label",
                    "is required when the button has an icon and no title (a non-empty string: what a screen reader says)"
                ))
            valid = false
        }
        var style = SwipeButton.Style.normal
        if let name = string("style", required: false) {
            if let parsed = SwipeButton.Style(rawValue: name) {
                style = parsed
            } else {
                result.errors.append(problem("\(prefix).style", "must be 'normal' or 'destructive', got '\(name)'"))
                valid = false
            }
        }
        var bounds: [String: Double] = [:]
        for key in ["min_width", "max_width"] {
            guard let value = fields[key] else { continue }
            if let number = value.doubleValue, number.isFinite, number > 0 {
                bounds[key] = number
            } else {
                let got = value.doubleValue.map { NumberText.describe($0) } ?? describe(value)
                result.errors.append(problem("\(prefix).\(key)", "must be a finite number > 0, got \(got)"))
                valid = false
            }
        }
        if let least = bounds["min_width"], let most = bounds["max_width"], least > most {
            result.errors.append(
                problem(
                    "\(prefix).min_width",
                    "is above max_width (\(NumberText.describe(least)) > \(NumberText.describe(most)))"))
            valid = false
        }
        var width = 0.0
        if let value = fields["width"] {
            if let number = value.doubleValue {
                width = ButtonMetrics.clamped(number, minimum: bounds["min_width"], maximum: bounds["max_width"])
            } else if value.stringValue == "auto" {
                width = ButtonMetrics.autoWidth(
                    title: title ?? "", hasIcon: icon != nil, minimum: bounds["min_width"],
                    maximum: bounds["max_width"])
            } else if let text = value.stringValue {
                let hint = closestMatch(to: text, among: ["auto"]).map { _ in " (did you mean 'auto'?)" } ?? ""
                result.errors.append(
                    problem(
                        "\(prefix).width",
                        "must be a finite number > 0 or 'auto', got '\(DisplayText.token(text))'\(hint)"))
                valid = false
            } else {
                result.errors.append(problem("\(prefix).width", "must be a finite number > 0, got \(value.typeName)"))
                valid = false
            }
        } else {
            result.errors.append(problem("\(prefix).width", "is required (points, > 0)"))
            valid = false
        }
        if let handler = fields["on_tap"] {
            if case .function(let ref) = handler {
                result.handlers[PluginHost.RowSetup.handlerKey(edge, number)] =
                    lua.flatMap { Plugin.labeled(handler, "on_tap", in: $0) } ?? ref
            } else {
                result.errors.append(problem("\(prefix).on_tap", "must be a function, got \(handler.typeName)"))
                valid = false
            }
        }
        if let flag = fields["close"] {
            if case .boolean(let on) = flag {
                result.buttonCloses[PluginHost.RowSetup.handlerKey(edge, number)] = on
            } else {
                result.errors.append(problem("\(prefix).close", "must be a boolean, got \(flag.typeName)"))
                valid = false
            }
        }
        guard valid, let id else { return nil }
        return SwipeButton(
            id: id, title: title ?? "", width: width, color: color, style: style, icon: icon, textColor: textColor,
            highlightColor: highlightColor, accessibilityLabel: label)
    }

    /// A button's `icon`: a built-in name, or `{ path = "M...", view_box = "0 0 24 24" }`.
    func readIcon(_ value: LuaValue, prefix: String, valid: inout Bool, into result: inout Result)
        -> ButtonIcon?
    {
        if let name = value.stringValue {
            if let icon = ButtonIcon.named(name) { return icon }
            let hint = closestMatch(to: name, among: ButtonIcon.names).map { " (did you mean '\($0)'?)" } ?? ""
            result.errors.append(
                problem(
                    prefix,
                    "unknown icon '\(DisplayText.token(name))'\(hint); the built-in icons are \(ButtonIcon.names.joined(separator: ", "))"
                ))
            valid = false
            return nil
        }
        guard case .table = value, let fields = value.dictionaryValue else {
            result.errors.append(
                problem(
                    prefix,
                    "must be the name of a built-in icon or a table { path = 'M...', view_box = '0 0 24 24' }, got \(value.arrayValue != nil ? "a list" : "a " + value.typeName)"
                ))
            valid = false
            return nil
        }
        result.warnings += unknownKeys(fields, known: Self.iconKeys, prefix: prefix + ".")
        var icon = ButtonIcon(path: "")
        if case .string(let path) = fields["path"] {
            if let message = ButtonIcon.pathProblem(path) {
                result.errors.append(problem(prefix + ".path", message))
                valid = false
            }
            icon.path = path
        } else {
            let got = fields["path"].map { "got a " + $0.typeName } ?? "got nothing"
            result.errors.append(problem(prefix + ".path", "is required (a string of SVG path data), \(got)"))
            valid = false
        }
        if let box = fields["view_box"] {
            if case .string(let text) = box {
                switch ButtonIcon.viewBox(text) {
                case .success(let parsed): icon.viewBox = parsed
                case .failure(let found):
                    result.errors.append(problem(prefix + ".view_box", found.message))
                    valid = false
                }
            } else {
                result.errors.append(
                    problem(prefix + ".view_box", "must be a string 'minX minY width height', got a \(box.typeName)"))
                valid = false
            }
        }
        return icon
    }
}
