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
    /// Installs the loader; `defaults` are the defaults of every `swipe.table{...}` (`swipehost
    /// test`'s plugin limits).
    public static func install(in lua: LuaState, defaults: SessionConfiguration = .defaults) throws {
        try lua.defineType("SwipeDriver", methods: [:])
        let native = try lua.newTable(label: "swipe")
        func define(_ name: String, _ body: @escaping (SwipeDriver, [LuaValue]) throws -> LuaValue) throws {
            try lua.register(
                name, in: native,
                attempt(name) { args in
                    guard let driver = args.argument(1).object(as: SwipeDriver.self) else {
                        throw SwipeDriver.Failure(
                            "call '\(name)' as a method of a table made by swipe.table{...} (t:\(name)(...))")
                    }
                    return try body(driver, args)
                })
        }
        try lua.register(
            "new", in: native,
            attempt("table") { [unowned lua] args in
                var options = SwipeDriver.Options(
                    configuration: try configuration(args.argument(1), defaults: defaults))
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
            guard let list = args.argument(3).arrayValue else {
                throw SwipeDriver.Failure("pan: the moves must be a list of numbers ({-20, -45})")
            }
            let xs = try list.map { value throws -> Double in
                guard let x = value.doubleValue else {
                    throw SwipeDriver.Failure("pan: the moves must be numbers, got a \(value.typeName)")
                }
                return x
            }
            let cancel = args.argument(4)["cancel"].isTruthy
            var velocity: Double? = nil
            let given = args.argument(4)["velocity"]
            if !given.isNil {
                guard let number = given.doubleValue, number.isFinite, abs(number) <= ReleasePhysics.maximumVelocity
                else {
                    throw SwipeDriver.Failure(
                        "pan: velocity must be a number of points/s from -\(NumberText.describe(ReleasePhysics.maximumVelocity)) to \(NumberText.describe(ReleasePhysics.maximumVelocity)), got \(given.doubleValue.map(NumberText.describe) ?? "a " + given.typeName)"
                    )
                }
                velocity = number
            }
            let row = try args.integer(2)
            return try driver.eventsCaused { () throws(SwipeDriver.Failure) in
                try driver.pan(row: row, xs: xs, cancel: cancel, velocity: velocity)
            }
        }
        try define("swipe") { driver, args in
            let milliseconds = args.argument(4).isNil ? 150 : try args.number(4)
            let (row, dx) = (try args.integer(2), try args.number(3))
            return try driver.eventsCaused { () throws(SwipeDriver.Failure) in
                try driver.swipe(row: row, dx: dx, milliseconds: milliseconds)
            }
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
        try define("wait") { driver, args in
            try driver.wait(milliseconds: try args.number(2)); return .nil
        }
        try define("scroll") { driver, args in
            try driver.scroll(by: try args.number(2)); return .nil
        }
        try define("open") { driver, args in
            let side: Edge?
            switch args.argument(3) {
            case .nil: side = nil
            case .string(let name) where Edge(rawValue: name) != nil: side = Edge(rawValue: name)
            case let value:
                throw SwipeDriver.Failure(
                    "open: the side must be 'leading' or 'trailing', got \(value.stringValue.map { "'\($0)'" } ?? "a " + value.typeName)"
                )
            }
            try driver.open(row: try args.integer(2), side: side)
            return .nil
        }
        try define("close") { driver, args in
            try driver.close(row: try args.integer(2)); return .nil
        }
        try define("events") { driver, args in driver.eventValues(named: args.argument(2).stringValue) }
        try define("cell") { driver, args in driver.cellValue(row: try driver.row(args.argument(2), method: "cell")) }
        try define("activate") { driver, args in
            let row = try driver.row(args.argument(2), method: "activate")
            guard case .string(let id) = args.argument(3) else {
                throw SwipeDriver.Failure(
                    "activate: the button must be a button id (a string), got a \(args.argument(3).typeName)")
            }
            return try driver.eventsCaused { () throws(SwipeDriver.Failure) in try driver.activate(row: row, button: id)
            }
        }
        try define("actions") { driver, args in
            try driver.actionsValue(row: try driver.row(args.argument(2), method: "actions"))
        }
        try define("open_rows") { driver, _ in driver.openRowsValue }
        try define("items") { driver, _ in driver.itemsValue }
        try define("count") { driver, _ in .integer(driver.table.items.count) }
        try define("index") { driver, args in
            guard case .string(let text) = args.argument(2) else {
                throw SwipeDriver.Failure(
                    "index: an id expected (a string, as row.id is; an integer is already an index), got a \(args.argument(2).typeName)"
                )
            }
            return driver.table.row(of: RowID(text: text)).map { .integer($0) } ?? .nil
        }
        try define("presented") { driver, _ in driver.presentedValue }
        try define("now") { driver, _ in driver.nowValue }
        try define("errors") { driver, _ in driver.errorValues }
        try define("render") { driver, args in .string(try driver.render(options: try renderOptions(args.argument(2))))
        }
        try define("error_count") { driver, _ in .integer(driver.host.errorCount) }
        try installExplore(in: lua, native: native, defaults: defaults)
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
                let hint =
                    key.stringValue.flatMap { closestMatch(to: $0, among: known) }.map { " (did you mean '\($0)'?)" }
                    ?? ""
                throw SwipeDriver.Failure(
                    "render: unknown option '\(PluginHost.text(key))'\(hint) (known: \(known.joined(separator: ", ")))")
            }
        }
        let chosen = ["every", "at", "events"].filter { fields[.string($0)] != nil }
        guard chosen.count <= 1 else {
            throw SwipeDriver.Failure(
                "render: choose one of 'events', 'every' and 'at', got \(chosen.joined(separator: " and "))")
        }
        if let every = fields["every"] {
            guard let number = every.doubleValue, let step = TimeAmount.milliseconds(checked: number), step > .zero
            else {
                throw SwipeDriver.Failure(
                    "render: 'every' must be a number of milliseconds > 0, got \(every.doubleValue.map(NumberText.describe) ?? "a " + every.typeName)"
                )
            }
            options.frames = .every(step)
        }
        if let at = fields["at"] {
            guard let list = at.arrayValue, !list.isEmpty else {
                throw SwipeDriver.Failure(
                    "render: 'at' must be a list of times in milliseconds ({0, 150, 300}), got a \(at.typeName)")
            }
            var times: [VirtualInstant] = []
            for entry in list {
                guard let number = entry.doubleValue, let time = TimeAmount.milliseconds(checked: number) else {
                    throw SwipeDriver.Failure(
                        "render: 'at' must be times in milliseconds (0 or more), got \(entry.doubleValue.map(NumberText.describe) ?? "a " + entry.typeName)"
                    )
                }
                times.append(.start + time)
            }
            guard times.count <= RenderOptions.maximumFrames else {
                throw SwipeDriver.Failure(
                    "render: 'at' names \(times.count) times, at most \(RenderOptions.maximumFrames) frames")
            }
            options.frames = .at(Array(Set(times)).sorted())
        }
        if let events = fields["events"], events != .boolean(true) {
            throw SwipeDriver.Failure(
                "render: 'events' must be true (a frame after each step that made events, the default), got \(PluginHost.text(events))"
            )
        }
        if let columns = fields["columns"] {
            guard let number = columns.intValue, (1...RenderOptions.maximumColumns).contains(number) else {
                throw SwipeDriver.Failure(
                    "render: 'columns' must be a whole number from 1 to \(RenderOptions.maximumColumns), got \(PluginHost.text(columns))"
                )
            }
            options.columns = number
        }
        return options
    }

    /// The options `swipe.table{...}` reads (`plugins/meta/swipe.lua` annotates each, as
    /// `SwipeTableOptions`).
    static let tableOptionNames: Set<String> = [
        "plugins", "rows", "width", "viewport", "items", "budget", "memory", "plugin_errors", "direction",
        "exclusive", "close_on_scroll", "close_on_tap", "preset", "lifecycle_events", "row_animation",
    ]

    /// `swipe.table{ plugins = {...}, rows = 30, width = 320, viewport = 504, items = {...},
    /// budget = N, memory = BYTES, preset = "mail", direction = "rtl", exclusive = true,
    /// close_on_scroll = true, close_on_tap = true, plugin_errors = "allow" }` read into a
    /// configuration: the one reader of these fields (``SessionConfiguration/tableFields(_:)``
    /// prints them). A field not given keeps its value in `defaults`; `plugins` are the paths as
    /// written. A bad value is an error naming its field (`swipe.table: 'rows' must be ...`),
    /// raised at the spec's line.
    public static func configuration(_ value: LuaValue, defaults: SessionConfiguration = .defaults) throws(SwipeDriver
        .Failure)
        -> SessionConfiguration
    {
        var configuration = defaults
        guard case .table(let fields) = value else {
            if value.isNil { return configuration }
            throw SwipeDriver.Failure("swipe.table: expected a table of options, got a \(value.typeName)")
        }
        let known = tableOptionNames
        for key in fields.keys {
            guard let name = key.stringValue, known.contains(name) else {
                let hint =
                    key.stringValue.flatMap { closestMatch(to: $0, among: known.sorted()) }.map {
                        " (did you mean '\($0)'?)"
                    } ?? ""
                throw SwipeDriver.Failure(
                    "swipe.table: unknown option '\(PluginHost.text(key))'\(hint) (known: \(known.sorted().joined(separator: ", ")))"
                )
            }
        }
        func number(_ key: String) throws(SwipeDriver.Failure) -> Double? {
            guard let value = fields[.string(key)] else { return nil }
            guard let number = value.doubleValue, number.isFinite else {
                throw SwipeDriver.Failure("swipe.table: '\(key)' must be a number, got a \(value.typeName)")
            }
            return number
        }
        /// A whole number from 0 to `Int.max`; `meaning` says what it counts.
        func count(_ key: String, _ meaning: String) throws(SwipeDriver.Failure) -> Int? {
            guard let value = try number(key) else { return nil }
            guard value >= 0, value == value.rounded(), value < 0x1p63 else {
                throw SwipeDriver.Failure(
                    "swipe.table: '\(key)' must be a whole number >= 0 (\(meaning)), got \(NumberText.describe(value))")
            }
            return Int(value)
        }
        func strings(_ key: String) throws(SwipeDriver.Failure) -> [String]? {
            guard let value = fields[.string(key)] else { return nil }
            if case .string(let one) = value { return [one] }
            guard let list = value.arrayValue else {
                throw SwipeDriver.Failure("swipe.table: '\(key)' must be a list of strings, got a \(value.typeName)")
            }
            var texts: [String] = []
            for entry in list {
                guard case .string(let text) = entry else {
                    throw SwipeDriver.Failure(
                        "swipe.table: '\(key)' must be a list of strings, found a \(entry.typeName)")
                }
                texts.append(text)
            }
            return texts
        }
        if let value = fields["plugin_errors"], value != "allow", value != "fail" {
            throw SwipeDriver.Failure(
                "swipe.table: 'plugin_errors' must be \"allow\" or \"fail\", got \(value.stringValue.map { "\"\($0)\"" } ?? "a \(value.typeName)")"
            )
        }
        if let plugins = try strings("plugins") { configuration.plugins = plugins.map(PluginSource.file) }
        if let direction = fields[.string("direction")] {
            guard let name = direction.stringValue, let parsed = LayoutDirection(rawValue: name) else {
                throw SwipeDriver.Failure(
                    "swipe.table: 'direction' must be 'ltr' or 'rtl', got \(direction.stringValue.map { "'\($0)'" } ?? "a " + direction.typeName)"
                )
            }
            configuration.direction = parsed
        }
        if let preset = fields[.string("preset")] {
            guard let name = preset.stringValue, let parsed = BehaviorPreset(rawValue: name) else {
                let names = BehaviorPreset.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                throw SwipeDriver.Failure(
                    "swipe.table: 'preset' must be one of \(names), got \(preset.stringValue.map { "'\($0)'" } ?? "a " + preset.typeName)"
                )
            }
            configuration.preset = parsed
        }
        if let exclusive = fields[.string("exclusive")], case .string(let name) = exclusive {
            guard name == "begin" else {
                throw SwipeDriver.Failure("swipe.table: 'exclusive' must be true, false or \"begin\", got \"\(name)\"")
            }
            configuration.tableBehavior.exclusive = true
            configuration.tableBehavior.exclusiveOnBegin = true
        }
        for (key, path) in [
            ("exclusive", \TableBehaviorOptions.exclusive), ("close_on_scroll", \.closeOnScroll),
            ("close_on_tap", \.closeOnTap),
        ] {
            guard let flag = fields[.string(key)] else { continue }
            if key == "exclusive", case .string = flag { continue }
            guard case .boolean(let on) = flag else {
                let expected = key == "exclusive" ? "true, false or \"begin\"" : "a boolean"
                throw SwipeDriver.Failure("swipe.table: '\(key)' must be \(expected), got a \(flag.typeName)")
            }
            configuration.tableBehavior[keyPath: path] = on
            if key == "exclusive", !on { configuration.tableBehavior.exclusiveOnBegin = false }
        }
        if let animation = fields[.string("row_animation")] {
            guard let name = animation.stringValue, let parsed = RowAnimation(rawValue: name) else {
                throw SwipeDriver.Failure(
                    "swipe.table: 'row_animation' must be \(RowAnimation.names), got \(animation.stringValue.map { "'\($0)'" } ?? "a " + animation.typeName)"
                )
            }
            configuration.tableBehavior.rowAnimation = parsed
        }
        if let flag = fields[.string("lifecycle_events")] {
            guard case .boolean(let on) = flag else {
                throw SwipeDriver.Failure("swipe.table: 'lifecycle_events' must be a boolean, got a \(flag.typeName)")
            }
            configuration.lifecycleEvents = on
        }
        if let rows = try number("rows") {
            guard rows >= 0, rows == rows.rounded() else {
                throw SwipeDriver.Failure(
                    "swipe.table: 'rows' must be a whole number >= 0, got \(NumberText.describe(rows))")
            }
            guard rows <= Double(TableGeometry.maximumRows) else {
                throw SwipeDriver.Failure(
                    "swipe.table: 'rows' must be at most \(TableGeometry.maximumRows), got \(NumberText.describe(rows))"
                )
            }
            configuration.items = .generated(count: Int(rows))
        }
        if let items = try strings("items") { configuration.items = TableItems(items) }
        if let width = try number("width") {
            guard width > 0 else { throw SwipeDriver.Failure("swipe.table: 'width' must be > 0, got \(width)") }
            configuration.geometry.width = width
        }
        if let viewport = try number("viewport") {
            guard viewport > 0 else {
                throw SwipeDriver.Failure("swipe.table: 'viewport' must be > 0, got \(viewport)")
            }
            configuration.geometry.viewportHeight = viewport
        }
        if let budget = try count("budget", "Lua instructions per call into a plugin, 0 = unlimited") {
            configuration.pluginOptions.instructionBudget = budget
        }
        if let memory = try count("memory", "bytes each plugin's Lua state may take, 0 = no cap") {
            configuration.pluginOptions.memoryLimit = memory
        }
        return configuration
    }
}
