import SwipeCore
import SwipePlugins
import SwipeScript

#if canImport(Glibc)
    import Glibc
#endif

/// The plugin configuration reader: the bytes become the Lua table a plugin's `configure`
/// returns (the known keys with values of every type and edge, unknown keys, lists and maps,
/// functions that fail or loop), then the host configures, opens, taps, swipes and closes rows
/// with it, and `check` reads it. Every problem must be a `PluginProblem` or a `plugin_error`
/// record, every run's jsonl valid.
enum ConfigTarget {
    static let path = FuzzPaths.scratch + "/config.lua"
    /// Ends with a full swipe of the last row, released and then opened (where a `delete`
    /// with `duration = 0` once trapped, and `open` left a `manual` row open and waiting).
    /// Then rows named by the ids of ``LuaSource/items(_:)`` (most of them cannot be named: the
    /// line fails with its message) and a leading full swipe.
    static let script = Array(
        "open 1\ntap 1 1\ntap 1 2\ntap 1 3\nswipe 2 -100\nwait 500\ntap 2 1\nclose 1\npan 3 begin\npan 3 move -500\npan 3 end\nwait 1000\npan 4 begin\npan 4 move -500\npan 4 end\nwait 0\nopen 4\nwait 1000\nswipe 1 500\nwait 40\nswipe #m1 -500\nwait 400\nswipe #7 -100\nwait 100\n"
            .utf8)

    static func run(_ data: [UInt8]) {
        var input = FuzzInput(data)
        let items = input.choose(3) == 0 ? "items = \(LuaSource.items(&input)), " : ""
        let table = input.choose(4) == 0 ? "table = { row_animation = \"fade\" }, " : ""
        let source =
            "return { name = \"fuzz\", \(items)\(table)configure = function(row, item) return \(LuaSource.configuration(&input)) end }\n"
        guard writeFile(path, source) else { fuzzFailure("cannot write \(path)") }
        var options = PluginOptions()
        options.instructionBudget = 100_000
        options.memoryLimit = 8 * 1024 * 1024
        script.withUnsafeBufferPointer { script in
            for format in OutputFormat.allCases {
                let run = PluginRun(
                    fileName: "fuzz.swipe",
                    configuration: SessionConfiguration(
                        plugins: [.file(path)], pluginOptions: options, items: .generated(count: 4)), format: format)
                do {
                    let out = try run.run(script: script)
                    if format == .jsonl { JSONCheck.lines(out.bytes, what: "configured run") }
                } catch {
                    ScriptTarget.check("\(error)", what: "run failure")
                }
            }
        }
        let report = PluginChecker(
            configuration: SessionConfiguration(pluginOptions: options, items: .generated(count: 4))
        ).check(path)
        if report.configuredRows < 0 || report.configuredRows > 4 {
            fuzzFailure("check configured \(report.configuredRows) of 4 rows")
        }
    }

    static func writeFile(_ path: String, _ text: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }
}

/// Lua source text for generated values.
enum LuaSource {
    static let configurationKeys = [
        "buttons", "bounce", "duration", "curve", "open_threshold", "close_threshold", "buton", "behavior",
        "mass", "stiffness", "damping", "full_swipe", "preset",
        // An edge's look, at the top level (the trailing edge) or in an edge's table.
        "equal_widths", "transition", "trailing", "leading",
    ]
    static let buttonKeys = [
        "id", "title", "width", "color", "style", "on_tap", "widht",
        // A button's appearance.
        "icon", "text_color", "highlight_color", "accessibility_label", "min_width", "max_width",
    ]
    /// The appearance keys' values, mostly valid, some nearly so (a typo, a bad colour, a view box
    /// with a zero width, path data with a stray character).
    static let transitions = ["reveal", "drag", "border", "stretch", "bordr", "Reveal", ""]
    static let icons = [
        "trash", "archive", "flag", "pin", "unpin", "mail", "mail_open", "more", "star", "bell", "bell_slash",
        "share", "edit", "reply", "forward", "checkmark", "trsh", "",
    ]
    static let colors = ["#fff", "#FF3B30", "#34c759", "#12345", "red", "#ggg", "", "#0000000"]
    static let iconTables = [
        "{ path = 'M4 4h9l7 8-7 8H4z', view_box = '0 0 24 24' }", "{ path = 'M0 0L10 10Z' }",
        "{ path = 'M4 4h9l7 8-7 8H4z', view_box = '0 0 0 24' }", "{ path = 'M4 4 url(x)' }",
        "{ view_box = '0 0 24 24' }",
        "{ path = 'M1 1e999L2 2' , view_box = '-1e6 0 24 24' }", "{}",
    ]

    /// A configure result: mostly a table of the known keys, sometimes anything.
    static func configuration(_ input: inout FuzzInput) -> String {
        if input.choose(16) == 0 { return value(&input, depth: 2) }
        var fields: [String] = []
        let count = input.choose(8)
        for _ in 0..<count {
            let key = input.pick(configurationKeys)
            switch key {
            case "buttons": fields.append("buttons = \(buttons(&input))")
            case "full_swipe":
                let completion = string(input.pick(["delete", "reset", "manual"]))
                fields.append(
                    "full_swipe = \(input.choose(3) == 0 ? value(&input, depth: 1) : "{ completion = \(completion) }")")
            case "preset": fields.append("preset = \(string(input.pick(["tutorial", "swipecellkit", "mail", "ios"])))")
            case "equal_widths", "transition": fields.append("\(key) = \(edgeLook(key, &input))")
            case "trailing", "leading": fields.append("\(key) = \(edge(&input))")
            case "curve":
                fields.append(
                    "curve = \(input.choose(3) == 0 ? value(&input, depth: 1) : string(input.pick(["linear", "easeOut", "easeInOut", "ease_out", "spring", ""])))"
                )
            default: fields.append("\(key) = \(value(&input, depth: 1))")
            }
        }
        if input.choose(8) == 0 { fields.append("[\(value(&input, depth: 0))] = \(value(&input, depth: 1))") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// An edge's table: its buttons, its look (`transition`, `equal_widths`) and a full swipe.
    static func edge(_ input: inout FuzzInput) -> String {
        if input.choose(8) == 0 { return value(&input, depth: 2) }
        var fields: [String] = []
        for _ in 0..<input.choose(5) {
            switch input.choose(4) {
            case 0: fields.append("buttons = \(buttons(&input))")
            case 1: fields.append("transition = \(edgeLook("transition", &input))")
            case 2: fields.append("equal_widths = \(edgeLook("equal_widths", &input))")
            default:
                let completion = string(input.pick(["delete", "reset", "manual"]))
                let threshold = input.choose(4) == 0 ? extreme(&input) : number(Double(input.choose(400)))
                fields.append("full_swipe = { completion = \(completion), threshold = \(threshold) }")
            }
        }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// `transition` or `equal_widths`: mostly a value it takes, sometimes anything.
    static func edgeLook(_ key: String, _ input: inout FuzzInput) -> String {
        if input.choose(4) == 0 { return value(&input, depth: 0) }
        if key == "transition" { return string(input.pick(transitions)) }
        return input.pick(["true", "false", "'yes'", "1"])
    }

    static func buttons(_ input: inout FuzzInput) -> String {
        if input.choose(8) == 0 { return value(&input, depth: 2) }
        var entries: [String] = []
        for _ in 0..<input.choose(6) {
            if input.choose(10) == 0 { entries.append(value(&input, depth: 1)); continue }
            var fields: [String] = []
            for _ in 0..<input.choose(7) {
                let key = input.pick(buttonKeys)
                switch key {
                case "style":
                    fields.append(
                        "style = \(input.choose(3) == 0 ? value(&input, depth: 0) : string(input.pick(["normal", "destructive", "Destructive"])))"
                    )
                case "on_tap": fields.append("on_tap = \(function(&input))")
                case "width":
                    let width =
                        switch input.choose(5) {
                        case 0: value(&input, depth: 0)
                        case 1: string(input.pick(["auto", "Auto", "fill"]))
                        case 2: extreme(&input)
                        default: number(Double(input.choose(200)) - 20)
                        }
                    fields.append("width = \(width)")
                case "min_width", "max_width":
                    let width =
                        switch input.choose(5) {
                        case 0: value(&input, depth: 0)
                        case 1: extreme(&input)
                        default: number(Double(input.choose(240)) - 20)
                        }
                    fields.append("\(key) = \(width)")
                case "icon":
                    let icon =
                        switch input.choose(4) {
                        case 0: value(&input, depth: 1)
                        case 1: input.pick(iconTables)
                        default: string(input.pick(icons))
                        }
                    fields.append("icon = \(icon)")
                case "text_color", "highlight_color":
                    fields.append(
                        "\(key) = \(input.choose(4) == 0 ? value(&input, depth: 0) : string(input.pick(colors)))")
                case "accessibility_label":
                    fields.append(
                        "accessibility_label = \(input.choose(3) == 0 ? value(&input, depth: 0) : string(input.pick(["Delete", "", "More actions"])))"
                    )
                default: fields.append("\(key) = \(value(&input, depth: 0))")
                }
            }
            entries.append("{ " + fields.joined(separator: ", ") + " }")
        }
        return "{ " + entries.joined(separator: ", ") + " }"
    }

    /// A width at the edges of the numbers: so large that two of them (or one, times the buttons
    /// `equal_widths` makes as wide) overflow to infinity, the largest finite, -0, tiny, and
    /// Lua's integer edges (a product of them wraps).
    static func extreme(_ input: inout FuzzInput) -> String {
        input.pick([
            "1e308", "1.7976931348623157e308", "-1e308", "1e308 * 10", "-0.0", "5e-324", "1e-300", "2^1023",
            "math.maxinteger", "math.mininteger", "math.maxinteger // 2 + 1", "1e15", "2^53 + 1",
        ])
    }

    /// A plugin's `items`: ids of every shape a script can and cannot name (a space, empty, a
    /// line break, a `#`, over 256 bytes, 0, negative, the integer edges, a float), titles
    /// likewise, duplicates and strings among them.
    static func items(_ input: inout FuzzInput) -> String {
        let ids = [
            "'m1'", "7", "'7'", "0", "-5", "math.maxinteger", "math.mininteger", "9007199254740991",
            "9007199254740992", "1.5", "'a b'", "''", "'a\\nopen 2'", "'#x'", "'\\t'", "string.rep('x', 257)",
            "string.rep('y', 256)", "'\\0'", "true", "{}",
        ]
        var entries: [String] = []
        for _ in 0..<input.choose(8) {
            switch input.choose(4) {
            case 0: entries.append(string(input.string(limit: 12)))
            case 1: entries.append("{ id = \(input.pick(ids)) }")
            default: entries.append("{ id = \(input.pick(ids)), title = \(string(input.string(limit: 12))), v = 1 }")
            }
        }
        return "{ " + entries.joined(separator: ", ") + " }"
    }

    static func function(_ input: inout FuzzInput) -> String {
        input.pick([
            // `set_items` while a full swipe's `delete` slides the row out: at once, and later.
            "function(ctx) ctx:set_items({ 'a', { id = 'm1', title = 'b' }, 'c', 'd' }) end",
            "function(ctx) ctx:after(0, function(c) c:set_items({ 'z', 'y' }) end) end",
            "function(ctx) ctx:after(20, function(c) c:set_items({ { id = 7, title = 'x' }, 'y', 'z', 'w', 'v' }) end) end",
            "function(ctx, r) ctx:after(10, function(c) c:set_items({}) c:insert(1, 'q') end) end",
            "function(ctx) end",
            "function(ctx) ctx:log('tapped') end",
            "function(ctx) ctx:delete(ctx.row) end",
            "function(ctx) ctx:insert(1, 'new') ctx:close(ctx.row) end",
            "function(ctx) error('on_tap failed') end",
            "function(ctx) while true do end end",
            "function(ctx) ctx:emit('x', { v = 1 }) ctx:open(1) error({}) end",
            "function(ctx) local t = {} for i = 1, 1e6 do t[i] = i end end",
            "function(ctx) ctx:after(100, function() ctx:log('later') end) end",
            "function(ctx, r) ctx:open(r.index) end",
            "function(ctx, r) ctx:log(r.index, r.item) ctx:delete(r.index) end",
        ])
    }

    static func value(_ input: inout FuzzInput, depth: Int) -> String {
        switch input.choose(depth > 0 ? 10 : 8) {
        case 0: return "nil"
        case 1: return input.bool() ? "true" : "false"
        case 2, 3: return number(input.double(finite: false))
        case 4: return String(Int64(bitPattern: input.uint64()))
        case 5: return input.pick(["math.mininteger", "math.maxinteger", "-0.0", "2^53", "2^63", "1e15"])
        case 6: return string(input.string())
        case 7: return function(&input)
        default:
            var parts: [String] = []
            for _ in 0..<input.choose(4) {
                parts.append(
                    input.bool()
                        ? value(&input, depth: depth - 1)
                        : "[\(value(&input, depth: 0))] = \(value(&input, depth: depth - 1))")
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    static func number(_ value: Double) -> String {
        if value.isNaN { return "(0/0)" }
        if value.isInfinite { return value < 0 ? "(-1/0)" : "(1/0)" }
        return "(\(value))"  // Swift's shortest round-trip form reads back the same in Lua
    }

    /// A Lua string literal: every byte as a decimal escape.
    static func string(_ text: String) -> String {
        "\"" + text.utf8.map { "\\\($0)" }.joined() + "\""
    }
}
