import LuaRuntime
import SwipeCore
import SwipeScript

/// Joins plugins to the core: asks them for each row's configuration (lazily, cached), and
/// dispatches the table's delegate calls into their handlers, each call isolated.
///
/// Composition: the first plugin whose `configure` returns a configuration for a row owns
/// it; a tap goes to the button's `on_tap`, else to the owner's `on_action`; open and close
/// go to every plugin, in load order.
public final class PluginHost {
    public let table: SwipeTable
    public let plugins: [Plugin]
    /// The first plugin error ends the run (`--strict`): it is kept in ``fatalError``.
    public let strict: Bool

    /// Everything the host changes as it dispatches, in one value.
    struct DispatchState {
        var recorder: TraceRecorder
        var fatalError: PluginFailure?
        var failed = false
        var errorCount = 0
        var configureCalls = 0
        var presented: (title: String, text: String)?
        /// The rows' setups, cached (see ``PluginHost/setup(forRow:item:)``).
        var rowSetups: [Int: RowSetup] = [:]
        /// The `ctx:after` timers waiting, by id.
        var timers: [Int: (plugin: Int, function: LuaRef)] = [:]
        var reportedWarnings: Set<String> = []
        /// `configure` errors by what they say (without the row), in the order first seen.
        var repeatedFailures: [RepeatedFailure] = []
        /// The effects of the handlers running now, innermost last; each handler's are applied
        /// when it returns without error, or dropped.
        var transaction: [PluginEffect] = []
        /// How the running handler's pending effects change the row count.
        var projectedRowDelta = 0
        /// The plugin whose handler is running, if any: `ctx` works only then.
        var activePlugin: Int?
        /// Where the running handler's effects start in ``transaction``.
        var transactionStart = 0
        /// Where in ``transaction`` the latest `ctx:set_items` was queued (-1: none yet); see
        /// `checkNoQueuedSetItems`.
        var lastSetItems = -1
        /// Whether the running handler tried to queue more than ``PluginHost/effectLimit``
        /// effects: it then fails when it returns, even if it caught the error.
        var overflowed = false
        /// Per plugin, its timers queued by a running handler or set and waiting.
        var timerCounts: [Int]
        /// Per plugin, the timer callbacks run within virtual millisecond ``timerWindow``.
        var timerCallbacks: [Int]
        var timerWindow: Int64 = -1
        /// The fields `configure` sees for a row about to take them (`ctx:set_item` asks first
        /// whether the row keeps buttons on its open side), instead of the table's.
        var itemOverride: (row: Int, value: ItemValue?)?
        /// How each id a `ctx:delete` removed left: `ctx:delete in on_action of
        /// plugin 'inbox'`; the table keeps when (``SwipeTable/departure(of:)``).
        var departedBy: [RowID: String] = [:]

        init(recorder: TraceRecorder, pluginCount: Int) {
            self.recorder = recorder
            timerCounts = Array(repeating: 0, count: pluginCount)
            timerCallbacks = Array(repeating: 0, count: pluginCount)
        }
    }

    /// The host's mutable state. Unchecked: it is never accessed re-entrantly while being
    /// modified. Each access is a field read or a short change made between calls into Lua
    /// (handlers run between modifications, not inside them; a handler's `ctx` calls only
    /// queue effects, applied after it returns), and the dynamic exclusivity checks of its
    /// fields were a large share of a dispatch's instructions (see docs/performance.md,
    /// "Unchecked exclusivity"). The public properties below are views into it; the host's own
    /// code names its fields.
    @exclusivity(unchecked) var dispatch: DispatchState

    /// Where the host records; a ``Session``'s reload hands a new host the session's recorder.
    public internal(set) var recorder: TraceRecorder {
        get { dispatch.recorder }
        set { dispatch.recorder = newValue }
    }
    /// The first plugin error, once `strict` is set.
    public internal(set) var fatalError: PluginFailure? {
        get { dispatch.fatalError }
        set {
            dispatch.fatalError = newValue
            dispatch.failed = newValue != nil
        }
    }
    /// Whether ``fatalError`` is set: what a run checks after every line (kept beside it,
    /// not derived: comparing the optional with nil copies the whole `PluginFailure`).
    public var failed: Bool { dispatch.failed }
    /// How many `plugin_error` events there were.
    public internal(set) var errorCount: Int {
        get { dispatch.errorCount }
        _modify { yield &dispatch.errorCount }
    }
    /// How many times `configure` was called, all plugins together.
    public internal(set) var configureCalls: Int {
        get { dispatch.configureCalls }
        _modify { yield &dispatch.configureCalls }
    }
    /// The detail screen on show (`ctx:present`), if any.
    public internal(set) var presented: (title: String, text: String)? {
        get { dispatch.presented }
        set { dispatch.presented = newValue }
    }

    /// Failures before a hook is switched off.
    public static let failureLimit = 3

    /// Effects one handler may queue (`ctx` calls, `print` and `host.log` lines): the call
    /// past it fails, so the handler applies none of them.
    public static let effectLimit = 10_000
    /// Timers one plugin may have set and not yet run: `ctx:after` past it fails.
    public static let pendingTimerLimit = 10_000
    /// Timer callbacks one plugin may run within one millisecond of virtual time: past it, a
    /// `ctx:after` that would run within the same millisecond fails, so a timer that sets
    /// itself again with no delay cannot keep the clock from moving.
    public static let timerCallbackLimit = 1_000

    /// A plugin's `on_open` or `on_close`, held without reference counting: the dispatch path
    /// (``broadcast(hook:row:_:)``) retains nothing. The plugin, kept in ``plugins``, owns the
    /// function and outlives the host's use of it.
    struct HookHandler {
        var index: Int
        var plugin: Unmanaged<Plugin>
        var function: LuaSlot
    }

    /// The lifecycle hooks' handlers by hook, looked up by the hook's index on every event (a
    /// `progress` on every pan move): no hashing of the hook's name.
    struct LifecycleHandlers {
        private var handlers = [[HookHandler]?](repeating: nil, count: Hook.allCases.count)
        /// Whether any plugin defines a lifecycle hook: a host without one tells it from this
        /// flag alone (an `expand` event, which the table delivers to every host, reads no more).
        private(set) var definesAny = false

        subscript(hook: Hook) -> [HookHandler]? {
            get { handlers[hook.index] }
            set {
                handlers[hook.index] = newValue
                definesAny = handlers.contains { $0 != nil }
            }
        }
    }

    /// The `on_open` and `on_close` handlers, in load order.
    let openHandlers: [HookHandler]
    let closeHandlers: [HookHandler]
    /// The lifecycle hooks' handlers (`on_begin`, `on_will_open`, ...), by hook, in load order;
    /// a hook no plugin defines has no entry (and the table is not asked for its events).
    let lifecycleHandlers: LifecycleHandlers
    /// Whether the trace records `begin`, `will_open` and `will_close` (`--lifecycle-events`).
    let lifecycleEvents: Bool

    /// The row count as the pending effects would leave it, for checking their rows.
    var projectedRowCount: Int { table.items.count + dispatch.projectedRowDelta }
    /// The run's behaviour preset (`--preset`): under every row's own keys.
    let preset: BehaviorPreset

    /// Makes a host over `plugins` (already loaded), with the rest of `configuration` (its
    /// `plugins` are the sources `plugins` were loaded from; the host does not read them). The
    /// items are the first plugin's `items`, else the configuration's. `setupOnly` runs the
    /// plugins' `setup` without asking the visible rows' configurations yet (what
    /// `swipehost check` needs).
    public convenience init(
        plugins: [Plugin], configuration: SessionConfiguration = .defaults, recorder: TraceRecorder = TraceRecorder(),
        setupOnly: Bool = false
    ) throws(PluginProblem) {
        try self.init(
            plugins: plugins, configuration: configuration, recorder: recorder, setupOnly: setupOnly, existingTable: nil
        )
    }

    /// `existingTable`: a table another host drove (a ``Session``'s reload). The new host runs
    /// its plugins' `setup` (the table's direction stays) but neither asks configurations nor
    /// takes the table's provider, delegate and timers over: ``attach()`` does that.
    init(
        plugins: [Plugin], configuration: SessionConfiguration, recorder: TraceRecorder, setupOnly: Bool,
        existingTable: SwipeTable?
    ) throws(PluginProblem) {
        let preset = configuration.preset
        let strict = configuration.strict
        let tableOptions = configuration.tableBehavior
        let direction = existingTable?.direction ?? configuration.direction
        self.plugins = plugins
        self.preset = preset
        self.strict = strict
        dispatch = DispatchState(recorder: recorder, pluginCount: plugins.count)
        func handlers(_ hook: KeyPath<Plugin, LuaRef?>) -> [HookHandler] {
            plugins.enumerated().compactMap { index, plugin in
                plugin[keyPath: hook].map {
                    HookHandler(index: index, plugin: .passUnretained(plugin), function: $0.unownedSlot)
                }
            }
        }
        openHandlers = handlers(\.onOpen)
        closeHandlers = handlers(\.onClose)
        var lifecycleHandlers = LifecycleHandlers()
        for hook in Plugin.lifecycleHooks {
            let defined = plugins.enumerated().compactMap { index, plugin in
                plugin.lifecycle[hook].map {
                    HookHandler(index: index, plugin: .passUnretained(plugin), function: $0.unownedSlot)
                }
            }
            if !defined.isEmpty { lifecycleHandlers[hook] = defined }
        }
        self.lifecycleHandlers = lifecycleHandlers
        lifecycleEvents = configuration.lifecycleEvents
        recorder.lifecycle = lifecycleEvents
        let items = plugins.lazy.compactMap(\.tableItems).first ?? configuration.items
        // The first plugin with a `table` field sets the options; the host's turn more on.
        var options = plugins.lazy.compactMap(\.tableOptions).first ?? TableBehaviorOptions()
        options.exclusive = options.exclusive || tableOptions.exclusive
        options.closeOnScroll = options.closeOnScroll || tableOptions.closeOnScroll
        options.closeOnTap = options.closeOnTap || tableOptions.closeOnTap
        options.exclusive = options.exclusive || preset.tableOptions.exclusive
        options.closeOnScroll = options.closeOnScroll || preset.tableOptions.closeOnScroll
        options.closeOnTap = options.closeOnTap || preset.tableOptions.closeOnTap
        options.exclusiveOnBegin = options.exclusiveOnBegin || tableOptions.exclusiveOnBegin
        // The host's row animation (a flag, a spec's table) wins over the plugin's.
        if tableOptions.rowAnimation != .none { options.rowAnimation = tableOptions.rowAnimation }
        table =
            existingTable
            ?? SwipeTable(
                items: items, geometry: configuration.geometry, direction: direction ?? .ltr, options: options
            ) { _, _ in
                CellConfiguration(buttons: [])
            }
        for (index, plugin) in plugins.enumerated() {
            // Unowned, not weak (no side table, see `attach()`): `deinit` takes the route back.
            let early = plugin.printSink.takeOver { [unowned self] line in self.print(line, from: index) }
            for line in early.kept { logLine(line, from: index) }
            if early.dropped > 0 {
                warn(
                    PluginProblem(
                        .warning, file: plugin.file, field: "print",
                        message:
                            "\(early.dropped) more lines printed while loading were dropped (\(Self.effectLimit) are kept)"
                    ), from: index)
            }
        }
        for (index, later) in plugins.enumerated().filter({ $0.element.items != nil }).dropFirst() {
            warn(
                PluginProblem(
                    .warning, file: later.file, field: "items",
                    message: "ignored: '\(plugins.first { $0.items != nil }!.name)' loaded earlier provides the items"),
                from: index)
        }
        for (index, plugin) in plugins.enumerated() {
            try installContext(for: plugin, index: index)
            for warning in plugin.warnings { warn(warning, from: index) }
        }
        if existingTable == nil { attach() }
        for (index, plugin) in plugins.enumerated() {
            guard let setup = plugin.setup else { continue }
            invoke(index, hook: .setup, row: nil) { lua in
                let info: LuaValue = .table([
                    "name": .string(plugin.name), "rows": .integer(table.items.count),
                    "width": .number(table.geometry.width),
                    "log": try lua.function("log") { [unowned self] args in
                        try self.queue(.log(args.map(Self.text).joined(separator: "\t")), "log")
                        return []
                    },
                    "direction": .string(table.direction.rawValue),
                    "set_direction": try lua.function("set_direction") { [unowned self] args in
                        guard let name = args.first?.stringValue, let chosen = LayoutDirection(rawValue: name) else {
                            throw LuaError.runtime(
                                "set_direction: the direction must be 'ltr' or 'rtl', got \(args.first.map { $0.stringValue.map { "'\($0)'" } ?? "a " + $0.typeName } ?? "nothing")"
                            )
                        }
                        // The command line's --direction, when given, wins.
                        if direction == nil { self.table.direction = chosen }
                        return []
                    },
                ])
                try lua.call(setup, info)
            }
        }
        if !setupOnly, existingTable == nil { table.reloadVisibleRows() }
    }

    /// The table no longer delivers to this host, and what the plugins print from now on (a
    /// plugin kept beyond its host) is dropped, as it was by the weak references these replace.
    deinit {
        table.detach(owner: self)
        for plugin in plugins { _ = plugin.printSink.takeOver { _ in } }
    }

    /// Makes this host the table's configuration provider, delegate and timer handler.
    func attach() {
        table.configurationProvider = { [unowned self] row, item in self.setup(forRow: row, item: item).configuration }
        // Attached, not set as the weak `delegate`: a weak reference would give the host a side
        // table, and every retain and release of it (several per delivered event) the runtime's
        // slow path. The host owns the table and detaches in `deinit`.
        table.attach(owner: self) { host, table, event in
            unsafeDowncast(host, to: PluginHost.self).swipeTable(table, didDeliver: event)
        }
        table.timerHandler = { [unowned self] id in self.fire(timer: id) }
        // The lifecycle events the hooks or the trace need, and no others.
        let handled = lifecycleHandlers
        table.reportsLifecycle =
            lifecycleEvents || handled[.onBegin] != nil || handled[.onWillOpen] != nil || handled[.onWillClose] != nil
        table.reportsProgress = handled[.onProgress] != nil
    }

    /// A `print` of plugin `index`: in its handler (and `setup`) a log line queued like
    /// `ctx:log`, applied when the handler succeeds and dropped with its other effects when it
    /// fails; elsewhere (`configure`, loading) logged at once.
    func print(_ line: String, from index: Int) {
        if dispatch.activePlugin == index {
            // Past the effect limit the handler fails when it returns: the line is not kept.
            try? queue(.log(line), "print")
        } else {
            logLine(line, from: index)
        }
    }

    /// A `log` event, as `ctx:log` makes it.
    func logLine(_ message: String, from index: Int) {
        record(.log(plugin: plugins[index].name, message: message))
    }

    /// The configuration of `row`: from the cache, else from the first plugin that gives one.
    /// `item` is only read when the configuration is not cached.
    func setup(forRow row: Int, item: @autoclosure () -> String) -> RowSetup {
        if let cached = dispatch.rowSetups[row] { return cached }
        let setup = askPlugins(row: row, item: item())
        if dispatch.rowSetups.count >= Self.cacheLimit { pruneCache() }
        dispatch.rowSetups[row] = setup
        return setup
    }

    /// Configurations kept before those of rows far from the screen are forgotten: a long
    /// scroll through a huge table must not keep one per row.
    static let cacheLimit = 2048

    /// Forgets the configurations of rows more than a few screens away from the visible ones;
    /// they are asked again if those rows come back.
    private func pruneCache() {
        let visible = table.visibleRows
        let margin = max(256, 4 * visible.count)
        let keep = (visible.lowerBound - margin)...(visible.upperBound + margin)
        dispatch.rowSetups = dispatch.rowSetups.filter { keep.contains($0.key) }
    }

    private func askPlugins(row: Int, item: String) -> RowSetup {
        var id: RowID?
        var itemValue: ItemValue?
        if let override = dispatch.itemOverride, override.row == row {
            (id, itemValue) = (table.items.id(row: row), override.value)
        } else if row >= 1, row <= table.items.count {
            (id, itemValue) = (table.items.id(row: row), table.items.value(row: row))
        }
        // A table item's record holds a copy of its table (``rowValue``); a string item's, the
        // usual case, is built in place on the Lua stack: its `LuaValue` dictionary hashed every
        // key and grew once for `id`, about 3,500 instructions a row (spec.covered,
        // docs/performance.md).
        let rowTable = itemValue.map { Self.rowValue(row, item, id: id, value: $0) }
        let idText = id?.description
        for (index, plugin) in plugins.enumerated() {
            guard let configure = plugin.configure else { continue }
            configureCalls += 1
            let value: LuaValue
            do {
                if let rowTable {
                    value = try plugin.lua.call(configure, arguments: [rowTable]).first ?? .nil
                } else {
                    value =
                        try plugin.lua.callReturning(configure) { arguments in
                            try arguments.pushTable(recordCount: idText == nil ? 3 : 4) { record in
                                record.set("index", row)
                                record.set("item", item)
                                record.set("title", item)
                                if let idText { record.set("id", idText) }
                            }
                        }.first ?? .nil
                }
            } catch {
                let message = Plugin.positioned(error)
                configureFailed(
                    index, row: row, message: message, sameAs: message, traceback: (error as? LuaError)?.traceback,
                    kind: PluginFailure.Kind(error))
                return Self.failedSetup(index, message)
            }
            if value.isNil { continue }
            let read = ConfigurationReader(
                file: plugin.file, row: row, cellWidth: table.geometry.width, line: plugin.configureLine,
                lua: plugin.lua, defaultPreset: preset, hasOnAction: plugin.onAction != nil
            ).read(value)
            for warning in read.warnings { warn(warning, from: index, hook: .configure) }
            guard var configuration = read.configuration else {
                let message = read.errors.map(\.description).joined(separator: "; ")
                // The same problems on another row: the same error, whatever the row.
                let sameAs = read.errors.map { problem in
                    var problem = problem; problem.row = nil; return problem.description
                }.joined(separator: "; ")
                configureFailed(
                    index, row: row, message: message, sameAs: sameAs, traceback: nil, kind: .invalid,
                    field: read.errors.count == 1 ? read.errors[0].field : nil)
                return Self.failedSetup(index, message)
            }
            if case .boolean(false) = value {
                configuration.switchedOff =
                    "plugin '\(DisplayText.token(plugin.name))' switched it off (its configure returned false)"
            }
            return RowSetup(
                owner: index, configuration: configuration, handlers: read.handlers, closing: read.closing,
                preset: read.preset)
        }
        return RowSetup(owner: nil, configuration: preset.configuring(.tutorial), handlers: [:])
    }

    /// The row of a plugin whose `configure` failed: no buttons, and taps say why.
    private static func failedSetup(_ index: Int, _ message: String) -> RowSetup {
        var configuration = CellConfiguration(buttons: [])
        configuration.failure = "its configure failed: \(message)"
        return RowSetup(owner: index, configuration: configuration, handlers: [:])
    }

    /// A row's `configure` failed: the first time an error is seen it is a `plugin_error` of
    /// its own; the same error (`sameAs`, the message without the row) on later rows is
    /// gathered into one summary (``reportRepeatedFailures()``).
    private func configureFailed(
        _ index: Int, row: Int, message: String, sameAs: String, traceback: String?, kind: PluginFailure.Kind,
        field: String? = nil
    ) {
        let key = "\(index)\u{0}\(sameAs)"
        if let position = dispatch.repeatedFailures.firstIndex(where: { $0.key == key }) {
            dispatch.repeatedFailures[position].add(row)
            return
        }
        dispatch.repeatedFailures.append(
            RepeatedFailure(key: key, plugin: index, firstRow: row, field: field, kind: kind))
        report(index, hook: .configure, row: row, message: message, traceback: traceback, kind: kind, field: field)
    }

    /// The same `configure` error on more rows than its first.
    struct RepeatedFailure {
        var key: String
        var plugin: Int
        var firstRow: Int
        var field: String?
        var kind: PluginFailure.Kind
        /// The rows since the last summary, as ranges of consecutive rows, sorted, whatever
        /// order they were hit in (rows are configured out of order when a table scrolls back or
        /// a plugin reloads rows).
        var rows: [ClosedRange<Int>] = []
        /// Distinct rows since the last summary, listed or not.
        var count = 0

        mutating func add(_ row: Int) {
            // The first range that is not wholly below `row` and apart from it.
            let index = rows.firstIndex { $0.upperBound + 1 >= row } ?? rows.endIndex
            if index < rows.endIndex, rows[index].contains(row) { return }
            count += 1
            if index < rows.endIndex, rows[index].upperBound + 1 == row {
                var upper = row
                if index + 1 < rows.endIndex, rows[index + 1].lowerBound == row + 1 {
                    upper = rows.remove(at: index + 1).upperBound
                }
                rows[index] = rows[index].lowerBound...upper
            } else if index < rows.endIndex, rows[index].lowerBound == row + 1 {
                rows[index] = row...rows[index].upperBound
            } else if rows.count < PluginHost.repeatedRangeLimit {
                rows.insert(row...row, at: index)
            }
        }

        /// `the same error as row 1 on 11 more rows: 2-12`, as `run` and `check` show it.
        var summary: String {
            let listed = rows.reduce(0) { $0 + $1.count }
            var ranges = rows.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(
                separator: ", ")
            if count > listed { ranges += " and \(count - listed) more" }
            let more = count == 1 ? "1 more row" : "\(count) more rows"
            return "the same error as row \(firstRow) on \(more): \(ranges)"
        }
    }

    /// Ranges of rows a repeated-error summary lists; the rows past them are counted.
    public static let repeatedRangeLimit = 100

    /// Reports the `configure` errors repeated on more rows since the last summary: one
    /// `plugin_error` each, with `row` null, `rows` (the rows, in increasing order) and the message
    /// `the same error as row 1 on 11 more rows: 2-12`. A run calls it when the script ends; a
    /// spec's table when the spec reads the events or the errors.
    public func reportRepeatedFailures() {
        for position in dispatch.repeatedFailures.indices where dispatch.repeatedFailures[position].count > 0 {
            let failure = dispatch.repeatedFailures[position]
            dispatch.repeatedFailures[position].rows = []
            dispatch.repeatedFailures[position].count = 0
            report(
                failure.plugin, hook: .configure, row: nil, message: failure.summary,
                traceback: nil, kind: failure.kind, field: failure.field, rows: failure.rows.flatMap { Array($0) })
        }
    }

    /// Forgets the configurations of `row` and the rows after it (their index changed).
    func invalidate(from row: Int) {
        dispatch.rowSetups = dispatch.rowSetups.filter { $0.key < row }
    }

    /// The row record `configure` gets: `{ index, id, title, item }`, `item` the string or a
    /// copy of the table item. `id` nil: the record has none (a row outside the table).
    static func rowValue(_ row: Int, _ item: String, id: RowID? = nil, value: ItemValue? = nil) -> LuaValue {
        var fields: [LuaValue: LuaValue] = [
            "index": .integer(row), "item": value?.luaValue ?? .string(item), "title": .string(item),
        ]
        if let id { fields["id"] = .string(id.description) }
        return .table(fields)
    }

    /// A Lua value as `print` and the host's messages show it.
    public static func text(_ value: LuaValue) -> String {
        switch value {
        case .nil: return "nil"
        case .boolean(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number): return NumberText.describe(number)
        case .string(let text): return text
        default: return value.typeName
        }
    }
}

extension PluginHost: SwipeTableDelegate {
    /// Records `event` through the ``TraceRecorder``, then runs the plugins' handlers for it:
    /// `on_open`/`on_close` of every plugin, a button's `on_tap` or its plugin's `on_action` (a
    /// full swipe's too, recorded with `"full":true`). A full swipe's `delete` moved the rows
    /// after it up, as `ctx:delete` does: their configurations are asked again.
    public func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) {
        // Borrowed, not retained: the recorder is the host's for the whole delivery (a reload
        // hands it over between commands), and its retain and release were paid per event.
        Unmanaged.passUnretained(dispatch.recorder)._withUnsafeGuaranteedRef {
            $0.record(delivered: event, at: table.now)
        }
        // A row opened or closed without a flick, most of a replay's events, and a pan's
        // progress (`on_progress`) on a path of their own: the entry and exit of the switch
        // over every event (which load the whole event and save every register) were paid by
        // each of them.
        switch event {
        case .open(let row, let side, .none): dispatchOpen(row: row, side: side)
        case .close(let row, let side, .none, false): broadcast(hook: .onClose, row: row, side: side, closeHandlers)
        case .progress(let row, let side, let offset, let fraction):
            broadcastLifecycle(.onProgress, row: row, side: side, .progress(offset: offset, fraction: fraction))
        default: deliverInFull(event, from: table)
        }
    }

    /// ``swipeTable(_:didDeliver:)``'s handlers for any event but an open or close without a
    /// velocity and a pan's progress, which it runs itself.
    @inline(never)
    private func deliverInFull(_ event: TableEvent, from table: SwipeTable) {
        switch event {
        case .open(let row, let side, let velocity?):
            broadcastMotion(hook: .onOpen, row: row, side: side, .velocity(velocity), openHandlers)
        case .close(let row, let side, let velocity, true):
            broadcastMotion(hook: .onClose, row: row, side: side, .fullSwipe(velocity: velocity), closeHandlers)
        case .close(let row, let side, let velocity?, false):
            broadcastMotion(hook: .onClose, row: row, side: side, .velocity(velocity), closeHandlers)
        case .open(_, _, .none), .close(_, _, .none, false), .progress:
            break  // on swipeTable(_:didDeliver:)'s own path
        case .action(let row, let button, let number, let side):
            runAction(button, number: number, side: side, row: row, full: false)
        case .fullAction(let row, let button, let number, let side):
            runAction(button, number: number, side: side, row: row, full: true)
        case .expand(let row, let side, let expanded):
            broadcastLifecycle(expanded ? .onExpand : .onCollapse, row: row, side: side, .none)
        case .begin(let row, let side):
            broadcastLifecycle(.onBegin, row: row, side: side, .none)
        case .willOpen(let row, let side, let velocity):
            broadcastLifecycle(.onWillOpen, row: row, side: side, velocity.map(PluginDispatch.Motion.velocity) ?? .none)
        case .willClose(let row, let side, let velocity, let full):
            broadcastLifecycle(
                .onWillClose, row: row, side: side,
                full ? .fullSwipe(velocity: velocity) : velocity.map(PluginDispatch.Motion.velocity) ?? .none)
        case .delete(let row, _, _):
            invalidate(from: row)
            table.reloadVisibleRows(from: row)
        case .accessibilityAction(let row, let button, let number, let side):
            runAction(button, number: number, side: side, row: row, full: false, accessibility: true)
        case .actionsListed:
            break  // a listing for the trace
        }
    }

    func context(_ plugin: Int) -> LuaValue {
        plugins[plugin].context.map(LuaValue.reference) ?? .nil
    }
}
