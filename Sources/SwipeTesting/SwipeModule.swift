import LuaRuntime
import SwipeCore
import SwipePlugins
import SwipeRender
import SwipeScript

/// `require("swipe")`: installs the module's loader in `package.preload` of a Lua state.
///
/// The Swift side is a table of native functions over ``SwipeDriver``; the Lua side
/// (``SwipeModule/source``) wraps them in the `t:method(...)` API and raises their failures at
/// the spec's line.
public enum SwipeModule {
    /// Installs the loader; `pluginOptions` are the defaults of every `swipe.table{...}`.
    public static func install(in lua: LuaState, pluginOptions: PluginOptions = PluginOptions()) throws {
        try lua.defineType("SwipeDriver", methods: [:])
        let native = try lua.newTable(label: "swipe")
        func define(_ name: String, _ body: @escaping (SwipeDriver, [LuaValue]) throws -> LuaValue) throws {
            try lua.register(name, in: native, attempt(name) { args in
                guard let driver = args.argument(1).object(as: SwipeDriver.self) else {
                    throw SwipeDriver.Failure("call '\(name)' as a method of a table made by swipe.table{...} (t:\(name)(...))")
                }
                return try body(driver, args)
            })
        }
        try lua.register("new", in: native, attempt("table") { [unowned lua] args in
            var options = try options(args.argument(1), defaults: pluginOptions)
            if let source = args.argument(2).stringValue, source.hasPrefix("@") {
                let file = String(source.dropFirst())
                options.specFolder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
                options.specName = file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
            }
            let driver = try SwipeDriver(options: options)
            return try lua.userdata(driver, type: "SwipeDriver")
        })
        try define("run") { driver, args in
            let source = args.argument(3).stringValue ?? "=?"
            let line = args.argument(4).intValue ?? 0
            let (file, firstLine, exact) = ScriptPlace.locate(source: source, callLine: line)
            try driver.run(try args.string(2), file: file, firstLine: firstLine, exact: exact)
            return .nil
        }
        try define("pan") { driver, args in
            guard let list = args.argument(3).arrayValue else { throw SwipeDriver.Failure("pan: the moves must be a list of numbers ({-20, -45})") }
            let xs = try list.map { value throws -> Double in
                guard let x = value.doubleValue else { throw SwipeDriver.Failure("pan: the moves must be numbers, got a \(value.typeName)") }
                return x
            }
            let cancel = args.argument(4)["cancel"].isTruthy
            var velocity: Double? = nil
            let given = args.argument(4)["velocity"]
            if !given.isNil {
                guard let number = given.doubleValue, number.isFinite, abs(number) <= ReleasePhysics.maximumVelocity else {
                    throw SwipeDriver.Failure("pan: velocity must be a number of points/s from -\(NumberText.describe(ReleasePhysics.maximumVelocity)) to \(NumberText.describe(ReleasePhysics.maximumVelocity)), got \(given.doubleValue.map(NumberText.describe) ?? "a " + given.typeName)")
                }
                velocity = number
            }
            let row = try args.integer(2)
            return try driver.eventsCaused { () throws(SwipeDriver.Failure) in try driver.pan(row: row, xs: xs, cancel: cancel, velocity: velocity) }
        }
        try define("swipe") { driver, args in
            let milliseconds = args.argument(4).isNil ? 150 : try args.number(4)
            let (row, dx) = (try args.integer(2), try args.number(3))
            return try driver.eventsCaused { () throws(SwipeDriver.Failure) in try driver.swipe(row: row, dx: dx, milliseconds: milliseconds) }
        }
        try define("tap") { driver, args in
            let button: ButtonReference
            switch args.argument(3) {
            case .string(let word) where word == "content" || word.hasPrefix("leading:") || word.hasPrefix("trailing:"):
                // As a script's `tap` line reads them.
                guard case .tap(_, let parsed) = try SwipeDriver.parseTap(word) else { button = .id(word); break }
                button = parsed
            case .string(let id): button = .id(id)
            case let value: button = .number(try [value].integer(1))
            }
            return .boolean(try driver.tap(row: try args.integer(2), button: button))
        }
        try define("wait") { driver, args in try driver.wait(milliseconds: try args.number(2)); return .nil }
        try define("scroll") { driver, args in try driver.scroll(by: try args.number(2)); return .nil }
        try define("open") { driver, args in
            let side: Edge?
            switch args.argument(3) {
            case .nil: side = nil
            case .string(let name) where Edge(rawValue: name) != nil: side = Edge(rawValue: name)
            case let value: throw SwipeDriver.Failure("open: the side must be 'leading' or 'trailing', got \(value.stringValue.map { "'\($0)'" } ?? "a " + value.typeName)")
            }
            try driver.open(row: try args.integer(2), side: side)
            return .nil
        }
        try define("close") { driver, args in try driver.close(row: try args.integer(2)); return .nil }
        try define("events") { driver, args in driver.eventValues(named: args.argument(2).stringValue) }
        try define("cell") { driver, args in driver.cellValue(row: try args.integer(2)) }
        try define("open_rows") { driver, _ in driver.openRowsValue }
        try define("items") { driver, _ in driver.itemsValue }
        try define("presented") { driver, _ in driver.presentedValue }
        try define("now") { driver, _ in driver.nowValue }
        try define("errors") { driver, _ in driver.errorValues }
        try define("render") { driver, args in .string(try driver.render(options: try renderOptions(args.argument(2)))) }
        try define("error_count") { driver, _ in .integer(driver.host.errorCount) }
        let chunk = try lua.load(source, chunkName: "=swipe")
        try lua.call(chunk, arguments: [.reference(native)])
    }

    /// A native function returning `true, value` or `false, message` (raised by the Lua side
    /// at the caller's line). Argument numbers in messages count as the method's do.
    static func attempt(_ name: String, _ body: @escaping ([LuaValue]) throws -> LuaValue) -> LuaFunction {
        { args in
            do {
                return [.boolean(true), try body(args)]
            } catch let error as LuaError {
                if let argument = error.argument {
                    let number = name == "table" ? argument : argument - 1
                    return [.boolean(false), .string("bad argument #\(number) to '\(name)' (\(error.message))")]
                }
                return [.boolean(false), .string(error.message)]
            } catch {
                return [.boolean(false), .string("\(error)")]
            }
        }
    }

    /// `t:render{ every = MS | at = { T1, T2, ... } | events = true, columns = N }`: `swipehost
    /// render`'s frame options (`--every`, `--at`, `--events`, the default) and `--columns`.
    static func renderOptions(_ value: LuaValue) throws -> RenderOptions {
        var options = RenderOptions()
        guard case .table(let fields) = value else {
            if value.isNil { return options }
            throw SwipeDriver.Failure("render: expected a table of options, got a \(value.typeName)")
        }
        let known = ["at", "columns", "events", "every"]
        for key in fields.keys {
            guard let name = key.stringValue, known.contains(name) else {
                let hint = key.stringValue.flatMap { closestMatch(to: $0, among: known) }.map { " (did you mean '\($0)'?)" } ?? ""
                throw SwipeDriver.Failure("render: unknown option '\(PluginHost.text(key))'\(hint) (known: \(known.joined(separator: ", ")))")
            }
        }
        let chosen = ["every", "at", "events"].filter { fields[.string($0)] != nil }
        guard chosen.count <= 1 else { throw SwipeDriver.Failure("render: choose one of 'events', 'every' and 'at', got \(chosen.joined(separator: " and "))") }
        if let every = fields["every"] {
            guard let number = every.doubleValue, let step = TimeAmount.milliseconds(checked: number), step > .zero else {
                throw SwipeDriver.Failure("render: 'every' must be a number of milliseconds > 0, got \(every.doubleValue.map(NumberText.describe) ?? "a " + every.typeName)")
            }
            options.frames = .every(step)
        }
        if let at = fields["at"] {
            guard let list = at.arrayValue, !list.isEmpty else {
                throw SwipeDriver.Failure("render: 'at' must be a list of times in milliseconds ({0, 150, 300}), got a \(at.typeName)")
            }
            var times: [VirtualInstant] = []
            for entry in list {
                guard let number = entry.doubleValue, let time = TimeAmount.milliseconds(checked: number) else {
                    throw SwipeDriver.Failure("render: 'at' must be times in milliseconds (0 or more), got \(entry.doubleValue.map(NumberText.describe) ?? "a " + entry.typeName)")
                }
                times.append(.start + time)
            }
            guard times.count <= RenderOptions.maximumFrames else {
                throw SwipeDriver.Failure("render: 'at' names \(times.count) times, at most \(RenderOptions.maximumFrames) frames")
            }
            options.frames = .at(Array(Set(times)).sorted())
        }
        if let events = fields["events"], events != .boolean(true) {
            throw SwipeDriver.Failure("render: 'events' must be true (a frame after each step that made events, the default), got \(PluginHost.text(events))")
        }
        if let columns = fields["columns"] {
            guard let number = columns.intValue, (1...RenderOptions.maximumColumns).contains(number) else {
                throw SwipeDriver.Failure("render: 'columns' must be a whole number from 1 to \(RenderOptions.maximumColumns), got \(PluginHost.text(columns))")
            }
            options.columns = number
        }
        return options
    }

    /// `swipe.table{ plugins = {...}, rows = 30, width = 320, viewport = 504, items = {...},
    /// budget = N, memory = BYTES, direction = "rtl", exclusive = true, close_on_scroll = true,
    /// close_on_tap = true }`.
    static func options(_ value: LuaValue, defaults: PluginOptions) throws -> SwipeDriver.Options {
        var options = SwipeDriver.Options()
        options.pluginOptions = defaults
        guard case .table(let fields) = value else {
            if value.isNil { return options }
            throw SwipeDriver.Failure("swipe.table: expected a table of options, got a \(value.typeName)")
        }
        let known: Set<String> = [
            "plugins", "rows", "width", "viewport", "items", "budget", "memory", "plugin_errors", "direction", "exclusive", "close_on_scroll",
            "close_on_tap", "preset",
        ]
        for key in fields.keys {
            guard let name = key.stringValue, known.contains(name) else {
                let hint = key.stringValue.flatMap { closestMatch(to: $0, among: known.sorted()) }.map { " (did you mean '\($0)'?)" } ?? ""
                throw SwipeDriver.Failure(
                    "swipe.table: unknown option '\(PluginHost.text(key))'\(hint) (known: \(known.sorted().joined(separator: ", ")))")
            }
        }
        func number(_ key: String) throws -> Double? {
            guard let value = fields[.string(key)] else { return nil }
            guard let number = value.doubleValue, number.isFinite else {
                throw SwipeDriver.Failure("swipe.table: '\(key)' must be a number, got a \(value.typeName)")
            }
            return number
        }
        func strings(_ key: String) throws -> [String]? {
            guard let value = fields[.string(key)] else { return nil }
            if case .string(let one) = value { return [one] }
            guard let list = value.arrayValue else {
                throw SwipeDriver.Failure("swipe.table: '\(key)' must be a list of strings, got a \(value.typeName)")
            }
            return try list.map { entry in
                guard case .string(let text) = entry else {
                    throw SwipeDriver.Failure("swipe.table: '\(key)' must be a list of strings, found a \(entry.typeName)")
                }
                return text
            }
        }
        if let value = fields["plugin_errors"], value != "allow", value != "fail" {
            throw SwipeDriver.Failure("swipe.table: 'plugin_errors' must be \"allow\" or \"fail\", got \(value.stringValue.map { "\"\($0)\"" } ?? "a \(value.typeName)")")
        }
        options.plugins = try strings("plugins") ?? []
        options.items = try strings("items")
        if let direction = fields[.string("direction")] {
            guard let name = direction.stringValue, let parsed = LayoutDirection(rawValue: name) else {
                throw SwipeDriver.Failure("swipe.table: 'direction' must be 'ltr' or 'rtl', got \(direction.stringValue.map { "'\($0)'" } ?? "a " + direction.typeName)")
            }
            options.direction = parsed
        }
        if let preset = fields[.string("preset")] {
            guard let name = preset.stringValue, let parsed = BehaviorPreset(rawValue: name) else {
                let names = BehaviorPreset.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                throw SwipeDriver.Failure("swipe.table: 'preset' must be one of \(names), got \(preset.stringValue.map { "'\($0)'" } ?? "a " + preset.typeName)")
            }
            options.preset = parsed
        }
        for (key, path) in [("exclusive", \TableBehaviorOptions.exclusive), ("close_on_scroll", \.closeOnScroll), ("close_on_tap", \.closeOnTap)] {
            guard let flag = fields[.string(key)] else { continue }
            guard case .boolean(let on) = flag else { throw SwipeDriver.Failure("swipe.table: '\(key)' must be a boolean, got a \(flag.typeName)") }
            options.tableOptions[keyPath: path] = on
        }
        if let rows = try number("rows") {
            guard rows >= 0, rows == rows.rounded() else { throw SwipeDriver.Failure("swipe.table: 'rows' must be a whole number >= 0, got \(rows)") }
            guard rows <= Double(TableGeometry.maximumRows) else {
                throw SwipeDriver.Failure("swipe.table: 'rows' must be at most \(TableGeometry.maximumRows), got \(NumberText.describe(rows))")
            }
            options.rows = Int(rows)
        }
        if let width = try number("width") {
            guard width > 0 else { throw SwipeDriver.Failure("swipe.table: 'width' must be > 0, got \(width)") }
            options.geometry.width = width
        }
        if let viewport = try number("viewport") {
            guard viewport > 0 else { throw SwipeDriver.Failure("swipe.table: 'viewport' must be > 0, got \(viewport)") }
            options.geometry.viewportHeight = viewport
        }
        if let budget = try number("budget") { options.pluginOptions.instructionBudget = max(0, Int(budget)) }
        if let memory = try number("memory") { options.pluginOptions.memoryLimit = max(0, Int(memory)) }
        return options
    }
}
