import LuaRuntime
import SwipeCore
import SwipeScript

/// The places the host calls into a plugin, as named in `plugin_error` events.
public enum Hook: String, CaseIterable, Hashable, Sendable {
    case configure
    case setup
    case onOpen = "on_open"
    case onClose = "on_close"
    case onAction = "on_action"
    case onTap = "on_tap"
    case after
    case onBegin = "on_begin"
    case onWillOpen = "on_will_open"
    case onWillClose = "on_will_close"
    case onExpand = "on_expand"
    case onCollapse = "on_collapse"
    case onProgress = "on_progress"

    var bit: UInt16 { 1 << UInt16(index) }

    /// Whether the hook's handlers are functions the plugin hands over as it goes (a button's
    /// `on_tap`, a `ctx:after` callback) rather than one field of the plugin's table: their
    /// failures are counted per function (where it is defined), not per hook.
    var isPerFunction: Bool { self == .onTap || self == .after }
    var index: Int {
        switch self {
        case .configure: 0
        case .setup: 1
        case .onOpen: 2
        case .onClose: 3
        case .onAction: 4
        case .onTap: 5
        case .after: 6
        case .onBegin: 7
        case .onWillOpen: 8
        case .onWillClose: 9
        case .onExpand: 10
        case .onCollapse: 11
        case .onProgress: 12
        }
    }
}

/// Limits and trust for the plugins of one run.
public struct PluginOptions: Hashable, Sendable {
    /// Lua instructions per call into a plugin (0 = unlimited); by default a sandboxed
    /// state's (``LuaOptions``), 10,000,000.
    public var instructionBudget: Int = LuaOptions.sandboxed.instructionBudget
    /// Bytes each plugin's Lua state may allocate (0 = no cap); by default a sandboxed state's,
    /// 64 MiB.
    public var memoryLimit: Int = LuaOptions.sandboxed.memoryLimit
    /// Turns the sandbox off (full standard library).
    public var trusted: Bool = false
    /// More folders `require` searches after the plugin's own.
    public var pluginPath: [String] = []
    /// Counts the lines each plugin runs (`--coverage`); nil: no line hook.
    public var coverage: LuaCoverage?

    public init() {}

    /// Equal limits, trust and search path, and the same counter (by identity: a counter is
    /// where the counts go, not a value).
    public static func == (a: Self, b: Self) -> Bool {
        a.instructionBudget == b.instructionBudget && a.memoryLimit == b.memoryLimit && a.trusted == b.trusted
            && a.pluginPath == b.pluginPath && a.coverage === b.coverage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(instructionBudget)
        hasher.combine(memoryLimit)
        hasher.combine(trusted)
        hasher.combine(pluginPath)
        hasher.combine(coverage.map(ObjectIdentifier.init))
    }
}

/// One loaded plugin: its own Lua state (sandbox, budget, memory cap) and its hooks.
public final class Plugin {
    /// The path as given (`plugins/mail.lua` or `plugins/mail`).
    public let path: String
    /// The file that was loaded (`plugins/mail/init.lua` for a folder).
    public let file: String
    public let name: String
    public let version: String?
    public let lua: LuaState
    let configure: LuaRef?
    let onOpen: LuaRef?
    let onClose: LuaRef?
    let onAction: LuaRef?
    let setup: LuaRef?
    /// The lifecycle hooks (`on_begin`, `on_will_open`, ...), by hook; only those defined.
    let lifecycle: [Hook: LuaRef]
    /// Whether the plugin has a `setup` function.
    public var hasSetup: Bool { setup != nil }
    /// The items the plugin provides, if any: their titles.
    public let items: [String]?
    /// The items the plugin provides, with their ids and fields.
    public let tableItems: TableItems?
    /// The table behaviour the plugin asks for (its top-level `table`), if any.
    public let tableOptions: TableBehaviorOptions?
    public let warnings: [PluginProblem]

    /// Where `print` goes: see ``PrintSink``.
    let printSink: PrintSink

    /// What the host changes in a plugin as it dispatches, in one value.
    struct HookState {
        var context: LuaRef?
        var contextSlot: LuaSlot?
        var failures = [Int](repeating: 0, count: Hook.allCases.count)
        var disabledHooks: UInt16 = 0
        var handlerFailures: [HandlerID: Int] = [:]
        var disabledHandlers: Set<HandlerID> = []
    }

    /// The plugin's mutable state. Unchecked: only its host reads and changes it, from the
    /// dispatch path, never re-entrantly (each access is a field read or a short change between
    /// calls into Lua), and the dispatch reads it on every handler call (see
    /// docs/performance.md, "Unchecked exclusivity"). The properties below are views into it.
    @exclusivity(unchecked) var hooks = HookState()

    /// The `ctx` table handed to this plugin's handlers (set by the host).
    var context: LuaRef? {
        get { hooks.context }
        set {
            hooks.context = newValue
            hooks.contextSlot = newValue?.unownedSlot
        }
    }
    /// `context`'s slot, read by the dispatch path without retaining the reference.
    var contextSlot: LuaSlot? { hooks.contextSlot }
    /// Failures of the plugin's own hooks (`setup`, `on_open`, `on_close`, `on_action`: one
    /// function each), by ``Hook/index``; `configure` is never counted.
    var failures: [Int] {
        get { hooks.failures }
        _modify { yield &hooks.failures }
    }
    /// Hooks switched off after too many failures, one bit each.
    var disabledHooks: UInt16 {
        get { hooks.disabledHooks }
        _modify { yield &hooks.disabledHooks }
    }
    /// Failures of `on_tap` and `ctx:after` functions, by ``HandlerID``.
    var handlerFailures: [HandlerID: Int] {
        get { hooks.handlerFailures }
        _modify { yield &hooks.handlerFailures }
    }
    /// The `on_tap` and `ctx:after` functions switched off after too many failures.
    var disabledHandlers: Set<HandlerID> {
        get { hooks.disabledHandlers }
        _modify { yield &hooks.disabledHandlers }
    }
    /// The line `configure` is defined on, for validation messages.
    let configureLine: Int?

    func isDisabled(_ hook: Hook) -> Bool { disabledHooks & hook.bit != 0 }

    /// A handler function as failures count it: its hook and where it is defined (every
    /// closure made from the same `function ... end` is the same handler).
    struct HandlerID: Hashable {
        var hook: Hook
        var place: String
    }

    /// `function`'s ``HandlerID``: where it is defined (`FILE:LINE`), or the hook alone for a
    /// function Lua has no place for.
    func handlerID(_ hook: Hook, _ function: LuaRef) -> HandlerID {
        let place = lua.definition(of: function).map { "\($0.chunk):\($0.line)" } ?? ""
        return HandlerID(hook: hook, place: place)
    }

    /// Whether `function`, a handler of `hook`, was switched off.
    func isDisabled(_ hook: Hook, _ function: LuaRef) -> Bool {
        if hook.isPerFunction {
            return !disabledHandlers.isEmpty && disabledHandlers.contains(handlerID(hook, function))
        }
        return isDisabled(hook)
    }

    static let keys =
        ["name", "version", "configure", "on_open", "on_close", "on_action", "items", "setup", "table"]
        + lifecycleHooks.map(\.rawValue)
    /// The hooks of a pan's lifecycle, each optional.
    static let lifecycleHooks: [Hook] = [.onBegin, .onWillOpen, .onWillClose, .onExpand, .onCollapse, .onProgress]
    static let tableKeys = ["exclusive", "close_on_scroll", "close_on_tap", "row_animation"]

    /// Loads `path` (a `.lua` file, or a folder with `init.lua`, which becomes its `require` root).
    ///
    /// What the plugin prints while it loads goes to `log`, or, without one, is kept for the
    /// host, which logs it first; once a ``PluginHost`` has the plugin, the host takes `print`
    /// over (see ``PluginHost``'s `print`).
    public convenience init(
        path: String, options: PluginOptions = PluginOptions(),
        clock: @escaping () -> Int = { 0 }, log: ((String) -> Void)? = nil
    ) throws(PluginProblem) {
        try self.init(PluginFile(path: path), options: options, clock: clock, log: log)
    }

    /// Loads a plugin whose file was read already (``PluginFile``): only its `require`d modules
    /// are read now.
    public convenience init(
        _ read: PluginFile, options: PluginOptions = PluginOptions(),
        clock: @escaping () -> Int = { 0 }, log: ((String) -> Void)? = nil
    ) throws(PluginProblem) {
        try self.init(
            path: read.path, file: read.file, folder: read.folder, source: read.source, options: options, clock: clock,
            log: log)
    }

    /// Loads a plugin from its Lua text. `name` stands for the file in every message and
    /// traceback (`mail.lua:12: ...`) and is the plugin's ``path`` and ``file``; `require`
    /// searches only `options.pluginPath` (a plugin from text has no folder of its own).
    public convenience init(
        name: String, source: String, options: PluginOptions = PluginOptions(),
        clock: @escaping () -> Int = { 0 }, log: ((String) -> Void)? = nil
    ) throws(PluginProblem) {
        try self.init(
            path: name, file: name, folder: nil, source: Array(source.utf8), options: options, clock: clock, log: log)
    }

    private init(
        path: String, file: String, folder: String?, source: [UInt8], options: PluginOptions,
        clock: @escaping () -> Int, log: ((String) -> Void)?
    ) throws(PluginProblem) {
        self.path = path
        self.file = file
        let printSink = PrintSink(route: log)
        self.printSink = printSink
        var luaOptions = LuaOptions()
        luaOptions.sandbox = !options.trusted
        luaOptions.instructionBudget = options.instructionBudget
        luaOptions.memoryLimit = options.memoryLimit
        luaOptions.virtualMilliseconds = clock
        luaOptions.log = { line in printSink.print(line) }
        luaOptions.pluginFolder = folder
        luaOptions.pluginPath = options.pluginPath
        luaOptions.coverage = options.coverage
        luaOptions.readModule = { path throws(FileError) in try FileReading.bytes(atPath: path) }
        let file = file
        func failure(_ error: any Error, _ what: String) -> PluginProblem {
            PluginProblem(file: file, message: "\(what): \(Plugin.positioned(error))")
        }
        do {
            lua = try LuaState(options: luaOptions)
            // The keys of the records its delegate handlers get (see `PluginDispatch`).
            try PluginDispatch.park(in: lua)
        } catch {
            throw failure(error, "cannot create its Lua state")
        }
        let module: LuaValue
        do {
            let chunk = try lua.load(String(decoding: source, as: UTF8.self), chunkName: "@" + file)
            module = try lua.call(chunk, arguments: []).first ?? .nil
        } catch let error as LuaError where error.path?.isEmpty == false {
            // A table of the plugin's that cannot be converted (one that contains itself).
            throw PluginProblem(
                file: file, line: LuaSourceScan.returnLine(of: source),
                field: String((error.path ?? "").drop { $0 == "." }), message: PluginItem.unconvertible(error))
        } catch {
            throw PluginProblem(file: file, message: Plugin.positioned(error))
        }
        // Lua keeps no line for a table constructor: problems with the plugin's table name the
        // line of the chunk's `return` statement, which hands the table over.
        let line = LuaSourceScan.returnLine(of: source)
        guard case .table = module, let fields = module.dictionaryValue else {
            throw PluginProblem(
                file: file, line: line,
                message: "a plugin must return a table ({ name = ..., configure = ... }), got \(module.typeName)")
        }
        guard let name = fields["name"]?.stringValue, !name.isEmpty else {
            let got = fields["name"].map { "a \($0.typeName)" } ?? "nothing"
            throw PluginProblem(
                file: file, line: line, field: "name", message: "is required (a non-empty string), got \(got)")
        }
        self.name = name
        switch fields["version"] {
        case nil: version = nil
        case .string(let text)?: version = text
        case .integer(let number)?: version = String(number)
        case .number(let number)?: version = String(number)
        case let other?:
            throw PluginProblem(
                file: file, line: line, field: "version", message: "must be a string, got \(other.typeName)")
        }
        let state = lua
        func function(_ key: String) throws(PluginProblem) -> LuaRef? {
            guard let value = fields[key] else { return nil }
            guard case .function = value else {
                throw PluginProblem(
                    file: file, line: line, field: key, message: "must be a function, got \(value.typeName)")
            }
            return Self.labeled(value, key, in: state)
        }
        configure = try function("configure")
        configureLine = configure.flatMap { state.definition(of: $0)?.line }
        onOpen = try function("on_open")
        onClose = try function("on_close")
        onAction = try function("on_action")
        setup = try function("setup")
        var lifecycle: [Hook: LuaRef] = [:]
        for hook in Self.lifecycleHooks {
            if let function = try function(hook.rawValue) { lifecycle[hook] = function }
        }
        self.lifecycle = lifecycle
        tableItems = try Self.readItems(fields["items"], lua: lua, file: file, line: line)
        items = tableItems?.all
        var warnings = fields.keys.filter { !Self.keys.contains($0) }.sorted().map { key in
            let hint = closestMatch(to: key, among: Self.keys).map { " (did you mean '\($0)'?)" } ?? ""
            return PluginProblem(.warning, file: file, line: line, field: key, message: "unknown key\(hint)")
        }
        tableOptions = try Self.readTableOptions(fields["table"], file: file, line: line, warnings: &warnings)
        self.warnings = warnings
    }

    /// `table = { exclusive = true, close_on_scroll = true, close_on_tap = true }` (each a
    /// boolean, false when left out).
    private static func readTableOptions(_ value: LuaValue?, file: String, line: Int?, warnings: inout [PluginProblem])
        throws(PluginProblem)
        -> TableBehaviorOptions?
    {
        guard let value else { return nil }
        guard case .table = value, let fields = value.dictionaryValue else {
            throw PluginProblem(
                file: file, line: line, field: "table",
                message:
                    "must be a table { exclusive = ..., close_on_scroll = ..., close_on_tap = ... }, got \(value.arrayValue != nil ? "a list" : "a " + value.typeName)"
            )
        }
        var options = TableBehaviorOptions()
        if case .string(let name)? = fields["exclusive"] {
            guard name == "begin" else {
                throw PluginProblem(
                    file: file, line: line, field: "table.exclusive",
                    message: "must be true, false or \"begin\", got \"\(name)\"")
            }
            options.exclusive = true
            options.exclusiveOnBegin = true
        }
        for (key, path) in [
            ("exclusive", \TableBehaviorOptions.exclusive), ("close_on_scroll", \.closeOnScroll),
            ("close_on_tap", \.closeOnTap),
        ] {
            guard let flag = fields[key] else { continue }
            if key == "exclusive", case .string = flag { continue }
            guard case .boolean(let on) = flag else {
                throw PluginProblem(
                    file: file, line: line, field: "table.\(key)",
                    message: key == "exclusive"
                        ? "must be true, false or \"begin\", got \(flag.typeName)"
                        : "must be a boolean, got \(flag.typeName)")
            }
            options[keyPath: path] = on
        }
        if let animation = fields["row_animation"] {
            guard case .string(let name) = animation, let value = RowAnimation(rawValue: name) else {
                let got: String
                if case .string(let name) = animation {
                    let hint = closestMatch(to: name, among: RowAnimation.allCases.map(\.rawValue))
                    got = "'\(name)'" + (hint.map { " (did you mean '\($0)'?)" } ?? "")
                } else {
                    got = "a " + animation.typeName
                }
                throw PluginProblem(
                    file: file, line: line, field: "table.row_animation",
                    message: "must be \(RowAnimation.names), got \(got)")
            }
            options.rowAnimation = value
        }
        for key in fields.keys.filter({ !tableKeys.contains($0) }).sorted() {
            let hint = closestMatch(to: key, among: tableKeys).map { " (did you mean '\($0)'?)" } ?? ""
            warnings.append(
                PluginProblem(.warning, file: file, line: line, field: "table.\(key)", message: "unknown key\(hint)"))
        }
        return options
    }

    /// The plugin's `items`: a list of strings or table items (``PluginItem``), or a function
    /// returning one, called now. A problem names the line of the function that returned the
    /// value, or else `line` (the plugin table's); an error in the function gives its own place
    /// in the message.
    private static func readItems(_ value: LuaValue?, lua: LuaState, file: String, line: Int?) throws(PluginProblem)
        -> TableItems?
    {
        guard var value else { return nil }
        var line = line
        if case .function(let ref) = value {
            line = lua.definition(of: ref)?.line
            do {
                value = try lua.call(ref, arguments: []).first ?? .nil
            } catch let error as LuaError where error.path != nil {
                throw PluginProblem(
                    file: file, line: line, field: "items" + (error.path ?? ""),
                    message: PluginItem.unconvertible(error))
            } catch {
                throw PluginProblem(file: file, field: "items", message: positioned(error))
            }
        }
        guard let list = value.arrayValue else {
            throw PluginProblem(
                file: file, line: line, field: "items",
                message: "must be a list of strings, or a function returning one; got \(value.typeName)")
        }
        do throws(ItemProblem) {
            var items: [PluginItem] = []
            items.reserveCapacity(list.count)
            for (offset, entry) in list.enumerated() {
                // A plain string keeps the message strings always had.
                if case .table = entry {
                    items.append(try PluginItem.read(entry, field: "items[\(offset + 1)]"))
                } else if case .string(let text) = entry {
                    items.append(PluginItem(title: text))
                } else {
                    throw ItemProblem(
                        field: "items[\(offset + 1)]",
                        message: "must be a string or a table with a title, got \(entry.typeName)")
                }
            }
            return try PluginItem.tableItems(items)
        } catch {
            throw PluginProblem(file: file, line: line, field: error.field, message: error.message)
        }
    }

    /// The plugins in `folder`: every `*.lua` file and every sub-folder with an `init.lua`, by name.
    public static func paths(inFolder folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return FileReading.directoryEntries(folder).compactMap { entry in
            let path = base + entry
            if entry.hasSuffix(".lua"), !entry.hasSuffix("_spec.lua"), !FileReading.isDirectory(path) { return path }
            if FileReading.isDirectory(path), FileReading.exists(path + "/init.lua") { return path }
            return nil
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A reference to `value` (a function) whose budget and memory messages name `label`.
    static func labeled(_ value: LuaValue, _ label: String, in lua: LuaState) -> LuaRef? {
        guard case .function(let ref) = value else { return nil }
        return (try? lua.reference(to: value, label: label)) ?? ref
    }

    /// An error's message led by `FILE:LINE:` when Lua knew the place.
    static func positioned(_ error: any Error) -> String {
        guard let error = error as? LuaError else { return "\(error)" }
        if let chunk = error.chunk, let line = error.line, !error.message.hasPrefix("\(chunk):") {
            return "\(chunk):\(line): \(error.message)"
        }
        return error.message
    }
}

/// Where a plugin's `print` lines go: to `route` once set, else kept (up to
/// ``PluginHost/effectLimit`` lines, the rest counted) until a host takes them.
final class PrintSink {
    var route: ((String) -> Void)?
    private(set) var kept: [String] = []
    private(set) var dropped = 0

    init(route: ((String) -> Void)?) {
        self.route = route
    }

    func print(_ line: String) {
        if let route {
            route(line)
        } else if kept.count < PluginHost.effectLimit {
            kept.append(line)
        } else {
            dropped += 1
        }
    }

    /// Hands the kept lines over, and from now on every line to `route`.
    func takeOver(_ route: @escaping (String) -> Void) -> (kept: [String], dropped: Int) {
        defer { (kept, dropped, self.route) = ([], 0, route) }
        return (kept, dropped)
    }
}
