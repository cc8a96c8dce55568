import LuaRuntime
import SwipeCore
import SwipeScript

/// What a handler asked of the host through `ctx`. Effects wait until the handler returns
/// without error, then apply in order: a handler that fails applies none of them.
enum PluginEffect {
    /// `side` nil: the row's default edge.
    case open(row: Int, side: Edge?)
    case close(row: Int)
    case delete(row: Int)
    /// `ctx:insert(row, item)`: a string or a table item, checked when queued.
    /// (Indirect, boxed: the effects a handler queues stay as small as before.)
    indirect case insert(row: Int, item: PluginItem)
    /// `ctx:set_item(row, item)`; a table item's id, if given, is the row's own.
    indirect case setItem(row: Int, item: PluginItem)
    /// `ctx:set_items(list)`: the whole table, diffed by id when applied.
    indirect case setItems([PluginItem])
    case present(title: String, text: String)
    case dismiss
    case log(String)
    case after(TimeAmount, LuaRef)
    case emit(name: String, fields: [TraceField])
    case invalidate(row: Int)
    /// `ctx:fulfill(row, completion)`.
    case fulfill(row: Int, FullSwipe.Completion)
}

/// A plugin failure that ended a `--strict` run.
public struct PluginFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it was: the `kind` field of a `plugin_error` event.
    public enum Kind: String, Hashable, Sendable {
        /// An error raised by the plugin's code (or by a `ctx` call it made).
        case runtime
        /// The call ran past its instruction budget (`--budget`).
        case budget
        /// The plugin's Lua state ran past its memory cap (`--memory`).
        case memory
        /// `configure` returned a configuration the host refused (the message names the field).
        case invalid

        init(_ error: any Error) {
            switch (error as? LuaError)?.kind {
            case LuaError.Kind.budget?: self = .budget
            case LuaError.Kind.memory?: self = .memory
            default: self = .runtime
            }
        }
    }

    public var plugin: String
    public var hook: Hook
    public var row: Int?
    public var message: String
    public var kind: Kind

    public var description: String {
        "\(message) (plugin '\(plugin)', hook \(hook.rawValue)\(row.map { ", row \($0)" } ?? ""))"
    }
}

extension PluginHost {
    /// Runs one hook of plugin `index` as a transaction: effects apply only if it succeeds; a
    /// failure becomes a `plugin_error` event, and after ``failureLimit`` the hook is switched off.
    /// `function` is the handler called, for hooks whose failures count per function
    /// (``Hook/isPerFunction``): switched off, it is not called.
    func invoke(_ index: Int, hook: Hook, row: Int?, function: LuaRef? = nil, _ body: (LuaState) throws -> Void) {
        unowned(unsafe) let plugin = plugins[index]
        if let function {
            guard !plugin.isDisabled(hook, function) else { return }
        } else {
            guard !plugin.isDisabled(hook) else { return }
        }
        transact(index, hook: hook, row: row, function: function) { try body(plugin.lua) }
    }

    /// Runs `body`, one call into plugin `index`, as a transaction (see ``invoke(_:hook:row:function:_:)``).
    @inline(__always)
    func transact(_ index: Int, hook: Hook, row: Int?, function: LuaRef? = nil, _ body: () throws -> Void) {
        let mark = beginTransaction(index)
        do {
            try body()
            try commit(mark, from: index)
        } catch {
            rollBack(mark, index, hook: hook, row: row, error: error, function: function)
        }
    }

    /// Where a transaction started, and what it suspended.
    struct TransactionMark {
        var start: Int
        var projectedRowDelta: Int
        var activePlugin: Int?
    }

    /// Opens a transaction for a handler of plugin `index`: its effects stack up above those
    /// of the handlers it runs inside of.
    @inline(__always)
    func beginTransaction(_ index: Int) -> TransactionMark {
        let mark = TransactionMark(
            start: dispatch.transaction.count, projectedRowDelta: dispatch.projectedRowDelta,
            activePlugin: dispatch.activePlugin)
        dispatch.projectedRowDelta = 0
        dispatch.activePlugin = index
        // Not restored when the handler ends: a handler queues only while its body runs, and
        // the handlers run inside it (while its effects apply) begin after that.
        dispatch.transactionStart = dispatch.transaction.count
        return mark
    }

    /// The handler returned: its effects apply, unless it queued more than ``effectLimit``
    /// (and caught the error): then it fails with that error.
    @inline(__always)
    func commit(_ mark: TransactionMark, from index: Int) throws {
        if dispatch.overflowed { throw LuaError.runtime(Self.overflowMessage) }
        (dispatch.projectedRowDelta, dispatch.activePlugin) = (mark.projectedRowDelta, mark.activePlugin)
        if dispatch.transaction.count > mark.start { applyPending(from: mark.start, index) }
    }

    static var overflowMessage: String {
        "the handler queued more than \(effectLimit) effects (ctx calls and log lines); none of them is applied"
    }

    /// Applies the effects above `start` where they are, without copying them out: handlers
    /// the effects set off (an `open` runs `on_open`) stack their own effects above them and
    /// take them off again before returning.
    @inline(never)
    private func applyPending(from start: Int, _ index: Int) {
        let end = dispatch.transaction.count
        apply(start..<end, from: index)
        assert(dispatch.transaction.count == end, "a nested handler left effects behind")
        // From the end, one at a time: `removeSubrange` runs generic `replaceSubrange`.
        while dispatch.transaction.count > start { dispatch.transaction.removeLast() }
    }

    /// The handler failed: its effects are dropped and the failure reported.
    @inline(never)
    func rollBack(
        _ mark: TransactionMark, _ index: Int, hook: Hook, row: Int?, error: any Error, function: LuaRef? = nil
    ) {
        (dispatch.projectedRowDelta, dispatch.activePlugin) = (mark.projectedRowDelta, mark.activePlugin)
        dispatch.overflowed = false
        if dispatch.transaction.count > mark.start {
            for position in mark.start..<dispatch.transaction.count {
                if case .after = dispatch.transaction[position] { dispatch.timerCounts[index] -= 1 }
            }
            dispatch.transaction.removeSubrange(mark.start...)
        }
        report(index, hook: hook, row: row, error: error, function: function)
    }

    /// Applies the effects at `range` of ``transaction``, in order.
    func apply(_ range: Range<Int>, from index: Int) {
        guard !range.isEmpty else { return }
        let plugin = plugins[index].name
        // A run of deletes and inserts is one batch (``SwipeTable/beginEdits()``): the table is
        // laid out, and its rows' configurations asked again from the first row it touched,
        // once at its end, not after each edit.
        var editedFrom: Int?
        func endEdits() {
            guard let low = editedFrom else { return }
            editedFrom = nil
            invalidate(from: low)
            table.endEdits()
        }
        defer { endEdits() }
        for position in range {
            switch dispatch.transaction[position] {
            case .delete(let row), .insert(let row, _):
                if editedFrom == nil { table.beginEdits() }
                editedFrom = min(editedFrom ?? row, row)
            default:
                if editedFrom != nil { endEdits() }
            }
            switch dispatch.transaction[position] {
            case .open(let row, let side):
                try? table.openRow(row, edge: side, animated: true)
            case .close(let row):
                // An open row closes with its `close` event, as auto-close's (`close = true`) does;
                // a row that is not open (a pan's, or one settling) is only snapped closed.
                if table.isOpen(row: row) {
                    try? table.closeRowAfterAction(row)
                } else {
                    try? table.closeRow(row, animated: true)
                }
            case .fulfill(let row, let completion):
                try? table.fulfill(row: row, completion)
            case .delete(let row):
                if row >= 1, row <= table.items.count {
                    let id = table.items.id(row: row)
                    let shown = table.items.value(row: row) != nil ? id.description : nil
                    record(.delete(row: row, item: table.items[row], id: shown))
                    dispatch.departedBy[id] = "ctx:delete of plugin '\(plugin)'"
                }
                try? table.deleteRow(row)
            case .insert(let row, let item):
                // A table item's id: its own, or the one the table is about to give it.
                record(
                    .insert(
                        row: row, item: item.title,
                        id: item.value == nil ? nil : (item.id ?? .number(table.items.nextID)).description))
                if let id = item.id { dispatch.departedBy[id] = nil }
                try? table.insertRow(row, item: item.title, id: item.id, value: item.value)
            case .setItem(let row, let item):
                record(
                    .update(
                        row: row, item: item.title,
                        id: item.value == nil || row > table.items.count ? nil : table.items.id(row: row).description))
                dispatch.rowSetups[row] = nil
                dispatch.itemOverride = (row, item.value)
                closeIfBare(row, item: item.title)
                dispatch.itemOverride = nil
                try? table.setItem(item.title, row: row, value: item.value)
            case .setItems(let list):
                applySetItems(list, plugin: plugin)
            case .present(let title, let text):
                presented = (title, text)
                record(.present(title: title, text: text))
            case .dismiss:
                presented = nil
                record(.dismiss)
            case .log(let message):
                logLine(message, from: index)
            case .after(let delay, let function):
                dispatch.timers[table.scheduleTimer(after: delay)] = (index, function)
            case .emit(let name, let fields):
                record(.emitted(name: name, plugin: plugin, fields: fields))
            case .invalidate(let row):
                dispatch.rowSetups[row] = nil
                if row >= 1, row <= table.items.count { closeIfBare(row, item: table.items[row]) }
                try? table.reloadRow(row)
            }
        }
    }

    /// Closes open `row` when its configuration, asked anew (for `item`), has no buttons on its
    /// open side (`configure` fails now, or gives none), as a reload does: a row is never left
    /// open with nothing to show.
    func closeIfBare(_ row: Int, item: String) {
        guard table.openRows.contains(row) else { return }
        let configuration = setup(forRow: row, item: item).configuration
        if configuration[table.openEdge(ofRow: row) ?? configuration.defaultEdge].isEmpty {
            try? table.closeRow(row)
        }
    }

    func fire(timer id: Int) {
        guard let (index, function) = dispatch.timers.removeValue(forKey: id) else { return }
        dispatch.timerCounts[index] -= 1
        let window = table.now.nanoseconds / 1_000_000
        if window != dispatch.timerWindow {
            dispatch.timerWindow = window
            for plugin in dispatch.timerCallbacks.indices { dispatch.timerCallbacks[plugin] = 0 }
        }
        dispatch.timerCallbacks[index] += 1
        invoke(index, hook: .after, row: nil, function: function) { lua in try lua.call(function, self.context(index)) }
    }

    /// A failed call into plugin `index` as a `plugin_error` (see ``report(_:hook:row:message:traceback:kind:field:function:)``).
    func report(_ index: Int, hook: Hook, row: Int?, error: any Error, function: LuaRef? = nil) {
        report(
            index, hook: hook, row: row, message: Plugin.positioned(error), traceback: (error as? LuaError)?.traceback,
            kind: PluginFailure.Kind(error), function: function)
    }

    /// A `plugin_error` event: `plugin`, `file`, `hook`, `row`, `field`, `message`, `kind` (the
    /// fields of `plugin_warning`, and `kind`). After ``failureLimit`` failures of the same
    /// handler (a hook's function, or for `on_tap` and `ctx:after` each function by where it is
    /// defined), that handler is switched off; `configure` never is.
    func report(
        _ index: Int, hook: Hook, row: Int?, message: String, traceback: String?, kind: PluginFailure.Kind,
        field: String? = nil, function: LuaRef? = nil, rows: [Int]? = nil
    ) {
        let plugin = plugins[index]
        let message =
            Self.hasPlace(message) || message.hasPrefix(plugin.file + ":") ? message : "\(plugin.file): \(message)"
        record(
            .pluginError(
                PluginErrorEvent(
                    plugin: plugin.name, file: plugin.file, hook: hook.rawValue, row: row, field: field,
                    message: message,
                    kind: kind.rawValue, rows: rows, traceback: traceback)))
        errorCount += 1
        countFailure(index, hook: hook, function: function)
        if strict, fatalError == nil {
            fatalError = PluginFailure(plugin: plugin.name, hook: hook, row: row, message: message, kind: kind)
        }
    }

    /// Counts a failure of a handler and switches it off at ``failureLimit``.
    private func countFailure(_ index: Int, hook: Hook, function: LuaRef?) {
        let plugin = plugins[index]
        switch hook {
        case .configure:
            // Data, not an event: each row's failure is its own; later rows are still asked.
            return
        case .onTap where function != nil, .after where function != nil:
            let id = plugin.handlerID(hook, function!)
            plugin.handlerFailures[id, default: 0] += 1
            guard plugin.handlerFailures[id] == Self.failureLimit else { return }
            plugin.disabledHandlers.insert(id)
            let place = id.place.isEmpty ? "" : " defined at \(id.place)"
            warn(
                PluginProblem(
                    .warning, file: plugin.file, field: hook.rawValue,
                    message:
                        "the function\(place) failed \(Self.failureLimit) times: switched off (the plugin's other \(hook.rawValue) functions still run)"
                ),
                from: index, hook: hook)
        default:
            plugin.failures[hook.index] += 1
            guard plugin.failures[hook.index] == Self.failureLimit else { return }
            plugin.disabledHooks |= hook.bit
            warn(
                PluginProblem(
                    .warning, file: plugin.file, field: hook.rawValue,
                    message: "failed \(Self.failureLimit) times: switched off"), from: index, hook: hook)
        }
    }

    /// A warning, once per plugin, field and message, as a `plugin_warning` event: `plugin`,
    /// `file`, `hook`, `row`, `field`, `message` (the fields of `plugin_error` but `kind`).
    func warn(_ problem: PluginProblem, from index: Int, hook: Hook? = nil) {
        let key = "\(problem.file)\u{0}\(problem.field ?? "")\u{0}\(problem.message)"
        guard dispatch.reportedWarnings.insert(key).inserted else { return }
        record(
            .pluginWarning(
                PluginWarningEvent(
                    plugin: plugins[index].name, file: problem.file, line: problem.line, hook: hook?.rawValue,
                    row: problem.row,
                    field: problem.field, message: problem.message)))
    }

    /// The person dismissed the detail screen (a script's `dismiss`, the playground's sheet):
    /// a `dismiss` event when one is on show, nothing otherwise.
    public func dismissPresented() {
        guard presented != nil else { return }
        presented = nil
        record(.dismiss)
    }

    /// Records a plugin event at the table's time.
    func record(_ event: TraceEvent) {
        recorder.record(event, at: table.now)
    }

    /// Text from a plugin or its data as a text-format line shows it: on one line, control
    /// characters escaped (``DisplayText``) but tabs (`ctx:log` separates its arguments with them).
    static func shown(_ text: String) -> String {
        DisplayText.escaped(text, keeping: .tabs)
    }

    /// Whether `message` starts with Lua's `chunk:line:` place.
    static func hasPlace(_ message: String) -> Bool {
        guard let colon = message.firstIndex(of: ":") else { return false }
        let rest = message[message.index(after: colon)...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && rest.dropFirst(digits.count).hasPrefix(": ")
    }

    /// Virtual milliseconds for Lua: an integer when whole, as most are.
    static func milliseconds(_ instant: VirtualInstant) -> LuaValue {
        instant.nanoseconds % 1_000_000 == 0
            ? .integer(Int(instant.nanoseconds / 1_000_000)) : .number(instant.milliseconds)
    }

}
