import LuaRuntime
import SwipeCore
import SwipeScript

/// `ctx`, what a handler may do. Every method checks its arguments when called (Lua sees a
/// `bad argument` error) and queues an effect; rows are checked against the table as the
/// effects queued before would leave it, so applying them cannot fail.
extension PluginHost {
    /// Event names a plugin may not `emit`: every one of the host's own (``TraceEvent/Kind``).
    static let reservedEvents = Set(TraceEvent.Kind.allCases.map(\.rawValue))

    func installContext(for plugin: Plugin, index: Int) throws(PluginProblem) {
        do {
            let lua = plugin.lua
            let context = try lua.newTable(label: "ctx")
            let primitives = try lua.newTable(label: "host")
            let methods: [(String, LuaStackFunction)] = [
                ("now", { [unowned self] _ in [Self.milliseconds(self.table.now)] }),
                (
                    "open",
                    { [unowned self] args in
                        let row = try self.checkedRow(args, index, "open")
                        try self.checkNotHeld(row)
                        var side: Edge?
                        if !args.isNil(2) {
                            let name = try args.argument(2)
                            guard let edge = name.stringValue.flatMap(Edge.init(rawValue:)) else {
                                throw LuaError.argument(
                                    2,
                                    "side must be 'leading' or 'trailing', got \(name.stringValue.map { "'\($0)'" } ?? "a " + name.typeName)"
                                )
                            }
                            side = edge
                        }
                        try self.queue(.open(row: row, side: side), "open")
                        return []
                    }
                ),
                (
                    "close",
                    { [unowned self] args in
                        let row = try self.checkedRow(args, index, "close")
                        try self.checkNotHeld(row)
                        try self.queue(.close(row: row), "close")
                        return []
                    }
                ),
                (
                    "fulfill",
                    { [unowned self] args in
                        let row = try self.checkedRow(args, index, "fulfill")
                        let name = try args.argument(2)
                        guard let text = name.stringValue, let completion = FullSwipe.Completion(rawValue: text),
                            completion != .manual
                        else {
                            throw LuaError.argument(
                                2,
                                "completion must be 'delete' or 'reset', got \(name.stringValue.map { "'\($0)'" } ?? "a " + name.typeName)"
                            )
                        }
                        let queued = self.dispatch.transaction.contains {
                            if case .fulfill(row, _) = $0 { true } else { false }
                        }
                        let now = self.rowBeforeQueuedEffects(row)
                        guard let now, self.table.isWaiting(row: now), !queued else {
                            // A row number counts the handler's own queued inserts and deletes.
                            let moved =
                                now == row
                                ? ""
                                : now.map { " (row \($0) before this handler's queued inserts and deletes)" }
                                    ?? " (a row this handler inserts)"
                            throw LuaError.argument(
                                1,
                                "row \(row)\(moved) is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once)"
                            )
                        }
                        try self.queue(.fulfill(row: row, completion), "fulfill")
                        return []
                    }
                ),
                ("invalidate", rowMethod(index, "invalidate") { .invalidate(row: $0) }),
                (
                    "delete",
                    { [unowned self] args in
                        let row = try self.checkedRow(args, index, "delete")
                        try self.queue(.delete(row: row), "delete")
                        self.dispatch.projectedRowDelta -= 1
                        return []
                    }
                ),
                (
                    "insert",
                    { [unowned self] args in
                        try self.checkActive(args, index, "insert")
                        try self.checkNoQueuedSetItems("insert")
                        // An id: where that row is (it moves down).
                        let row =
                            if case .string(let text) = try args.argument(1) {
                                try self.projectedRow(of: RowID(text: text), 1)
                            } else {
                                try args.integer(1)
                            }
                        guard row >= 1, row <= self.projectedRowCount + 1 else {
                            throw LuaError.argument(
                                1, "cannot insert at row \(row): rows 1-\(self.projectedRowCount + 1) are possible")
                        }
                        let item = try Self.checkedItem(args, 2)
                        if let id = item.id, let existing = self.projectedRowIfPresent(of: id) {
                            throw LuaError.argument(
                                2, "item.id: duplicate id \(PluginItem.quoted(id)): row \(existing) has it")
                        }
                        try self.queue(.insert(row: row, item: item), "insert")
                        self.dispatch.projectedRowDelta += 1
                        return []
                    }
                ),
                (
                    "set_item",
                    { [unowned self] args in
                        let row = try self.checkedRow(args, index, "set_item")
                        let item = try Self.checkedItem(args, 2)
                        if let id = item.id, let own = self.projectedID(ofRow: row), id != own {
                            throw LuaError.argument(
                                2,
                                "item.id: \(PluginItem.quoted(id)) is not row \(row)'s id \(PluginItem.quoted(own)) (set_item keeps a row's id: delete and insert to change it)"
                            )
                        }
                        try self.queue(.setItem(row: row, item: item), "set_item")
                        return []
                    }
                ),
                (
                    "set_items",
                    { [unowned self] args in
                        try self.checkActive(args, index, "set_items")
                        let list = try Self.checkedItemList(args, 1)
                        try self.queue(.setItems(list), "set_items")
                        self.dispatch.lastSetItems = self.dispatch.transaction.count - 1
                        self.dispatch.projectedRowDelta = list.count - self.table.items.count
                        return []
                    }
                ),
                (
                    "count",
                    { [unowned self] args in
                        try self.checkActive(args, index, "count")
                        return [.integer(self.projectedRowCount)]
                    }
                ),
                (
                    "index",
                    { [unowned self] args in
                        try self.checkActive(args, index, "index")
                        try self.checkNoQueuedSetItems("index")
                        let value = try args.argument(1)
                        guard case .string(let text) = value else {
                            throw LuaError.argument(
                                1,
                                "an id expected (a string, as row.id is; an integer is already an index), got \(value.typeName)"
                            )
                        }
                        return [self.projectedRowIfPresent(of: RowID(text: text)).map { .integer($0) } ?? .nil]
                    }
                ),
                (
                    "item",
                    { [unowned self] args in
                        let row = try self.checkedRow(args, index, "item")
                        return [self.projectedItem(row)]
                    }
                ),
                (
                    "present",
                    { [unowned self] args in
                        let host = self  // one strong reference for the call, not one per use
                        try host.checkActive(args, index, "present")
                        // Reads the two fields, not the whole table; strings directly.
                        let title: String
                        if let string = try args.stringField(1, "title") {
                            title = string
                        } else {
                            let value = try args.field(1, "title")
                            guard case .string(let string) = value else {
                                throw LuaError.argument(1, "title expected (a string), got \(value.typeName)")
                            }
                            title = string
                        }
                        let shown: String
                        if let string = try args.stringField(1, "text") {
                            shown = string
                        } else {
                            let text = try args.field(1, "text")
                            shown = text.isNil ? "" : Self.text(text)
                        }
                        try host.queue(.present(title: title, text: shown), "present")
                        return []
                    }
                ),
                (
                    "dismiss",
                    { [unowned self] args in
                        try self.checkActive(args, index, "dismiss")
                        try self.queue(.dismiss, "dismiss")
                        return []
                    }
                ),
                (
                    "log",
                    { [unowned self] args in
                        try self.checkActive(args, index, "log")
                        try self.queue(.log(try args.values().map(Self.text).joined(separator: "\t")), "log")
                        return []
                    }
                ),
                (
                    "after",
                    { [unowned self, unowned lua] args in
                        try self.checkActive(args, index, "after")
                        let delay = try self.checkedDelay(try args.number(1), index)
                        let function = try args.function(2)
                        try self.queue(
                            .after(delay, Plugin.labeled(.function(function), "after", in: lua) ?? function), "after")
                        self.dispatch.timerCounts[index] += 1
                        return []
                    }
                ),
                (
                    "emit",
                    { [unowned self] args in
                        try self.checkActive(args, index, "emit")
                        let name = try args.string(1)
                        guard !name.isEmpty else { throw LuaError.argument(1, "an event's name must not be empty") }
                        guard !Self.reservedEvents.contains(name) else {
                            throw LuaError.argument(
                                1,
                                "'\(name)' is reserved for the host's own events: a plugin's event needs another name")
                        }
                        var fields: [TraceField] = []
                        if !args.isNil(2) {
                            for (key, value) in try args.table(2) {
                                guard case .string(let field) = key, field != "event", field != "t", field != "plugin"
                                else {
                                    throw LuaError.argument(
                                        2, "field names must be strings other than 'event', 't' and 'plugin'")
                                }
                                fields.append(TraceField(field, try Self.traceValue(value, field: field)))
                            }
                        }
                        try self.queue(.emit(name: name, fields: fields.sorted { $0.key < $1.key }), "emit")
                        return []
                    }
                ),
            ]
            for (name, body) in methods {
                try lua.registerStackFunction(
                    name, in: name == "now" ? primitives : context, method: name != "now", body)
            }
            let prelude = try lua.load(Self.contextPrelude, chunkName: "=ctx")
            try lua.call(prelude, arguments: [.reference(context), .reference(primitives)])
            plugin.context = context
        } catch {
            throw PluginProblem(file: plugin.file, message: "cannot set up ctx: \(Plugin.positioned(error))")
        }
    }

    private func rowMethod(_ index: Int, _ name: String, _ effect: @escaping (Int) -> PluginEffect) -> LuaStackFunction
    {
        { [unowned self] args in
            try self.queue(effect(try self.checkedRow(args, index, name)), name)
            return []
        }
    }

    /// `ctx:open` and `ctx:close` refuse a row a `manual` full swipe holds, unless this handler
    /// has already queued its `fulfill` (which ends the wait first).
    private func checkNotHeld(_ row: Int) throws {
        guard let now = rowBeforeQueuedEffects(row), table.isWaiting(row: now) else { return }
        let fulfilled = dispatch.transaction.contains { if case .fulfill(row, _) = $0 { true } else { false } }
        guard fulfilled else { throw LuaError.argument(1, TableError.heldByFullSwipe(row: row).description) }
    }

    /// The row of the table as it is now that `row` names after the running handler's queued
    /// inserts and deletes apply (a handler's row numbers count them, as they apply in order);
    /// nil for a row one of them inserts. `ctx:insert(1, ...)` then `ctx:fulfill(r.index, ...)`
    /// names the row below the waiting one, and is refused rather than dropped when applied.
    private func rowBeforeQueuedEffects(_ row: Int) -> Int? {
        var row = row
        for position in stride(from: dispatch.transaction.count - 1, through: dispatch.transactionStart, by: -1) {
            switch dispatch.transaction[position] {
            case .insert(let inserted, _):
                if row == inserted { return nil }
                if row > inserted { row -= 1 }
            case .delete(let deleted):
                if row >= deleted { row += 1 }
            default:
                continue
            }
        }
        return row
    }

    /// A `ctx` method's row (argument 1): an integer is an index, rows 1-N as the running
    /// handler's queued inserts and deletes leave them; a string is an id, the row
    /// that item will be at then.
    private func checkedRow(_ args: LuaStackArguments, _ index: Int, _ name: String) throws -> Int {
        try checkActive(args, index, name)
        try checkNoQueuedSetItems(name)
        if case .string(let text) = try args.argument(1) { return try projectedRow(of: RowID(text: text), 1) }
        let row = try args.integer(1)
        guard row >= 1, row <= projectedRowCount else {
            throw LuaError.argument(1, "row \(row) does not exist (rows 1-\(projectedRowCount))")
        }
        return row
    }

    /// Rows named after a queued `ctx:set_items` of the same handler are refused: its diff is
    /// made when it applies, so which row an index or id names then is not known yet.
    /// In O(1), not a scan of the handler's queue: 10,000 inserts scanned it 50 million times.
    /// ``DispatchState/lastSetItems`` is where the latest `set_items` was queued. A running
    /// handler's window only grows while its body runs (nested handlers run after it), so if
    /// it queued one, that is the latest; if it did not, the position is below its window or
    /// holds another of its effects.
    private func checkNoQueuedSetItems(_ name: String) throws {
        let position = dispatch.lastSetItems
        guard position >= dispatch.transactionStart, position < dispatch.transaction.count,
            case .setItems = dispatch.transaction[position]
        else { return }
        throw LuaError.runtime(
            "ctx:\(name) cannot name a row after ctx:set_items in the same handler (the rows are known once it applies): call it from ctx:after(0, ...)"
        )
    }

    /// The row the item with `id` will be at once the running handler's queued effects apply,
    /// or nil with whether one of them deletes it.
    private func projectedPlace(of id: RowID) -> (row: Int?, deletedHere: Bool) {
        var row = table.row(of: id)
        var deletedHere = false
        for position in dispatch.transactionStart..<dispatch.transaction.count {
            switch dispatch.transaction[position] {
            case .insert(let inserted, let item):
                if let current = row {
                    if inserted <= current { row = current + 1 }
                } else if item.id == id {
                    (row, deletedHere) = (inserted, false)
                }
            case .delete(let deleted):
                guard let current = row else { continue }
                if deleted == current {
                    (row, deletedHere) = (nil, true)
                } else if deleted < current {
                    row = current - 1
                }
            default:
                continue
            }
        }
        return (row, deletedHere)
    }

    func projectedRowIfPresent(of id: RowID) -> Int? { projectedPlace(of: id).row }

    /// ``projectedPlace(of:)``'s row, or a `bad argument` naming when the id left the table:
    /// deleted by this handler, or at a virtual time and by what, or never there.
    private func projectedRow(of id: RowID, _ position: Int) throws -> Int {
        let (row, deletedHere) = projectedPlace(of: id)
        if let row { return row }
        let name = "id \(PluginItem.quoted(id))"
        if deletedHere {
            throw LuaError.argument(position, "\(name) names no row: this handler's queued ctx:delete removes it")
        }
        if let left = table.departure(of: id) {
            let how = dispatch.departedBy[id] ?? "a full swipe's delete"
            throw LuaError.argument(
                position,
                "\(name) names no row: it left the table at t = \(Self.text(Self.milliseconds(left))) ms, deleted by \(how)"
            )
        }
        throw LuaError.argument(position, "\(name) names no row (no row in this run has had it)")
    }

    /// The id row `row` (as the running handler's queued effects leave it) will have, if known.
    private func projectedID(ofRow row: Int) -> RowID? {
        if let now = rowBeforeQueuedEffects(row) { return table.items.id(row: now) }
        return queuedInsert(atRow: row)?.id
    }

    /// The item a queued insert of the running handler puts at `row` (as all its queued inserts
    /// and deletes leave the rows), if one does.
    private func queuedInsert(atRow row: Int) -> PluginItem? {
        var inserted: [(row: Int, item: PluginItem)] = []
        for position in dispatch.transactionStart..<dispatch.transaction.count {
            switch dispatch.transaction[position] {
            case .insert(let at, let item):
                for entry in inserted.indices where inserted[entry].row >= at { inserted[entry].row += 1 }
                inserted.append((at, item))
            case .delete(let at):
                inserted.removeAll { $0.row == at }
                for entry in inserted.indices where inserted[entry].row > at { inserted[entry].row -= 1 }
            default:
                continue
            }
        }
        return inserted.last { $0.row == row }?.item
    }

    /// `ctx:item(row)`: the row's item (a string, or a copy of its table), the latest this
    /// handler queued for it with `set_item` or `insert`, else the table's.
    private func projectedItem(_ row: Int) -> LuaValue {
        func value(_ item: PluginItem) -> LuaValue { item.value?.luaValue ?? .string(item.title) }
        for position in stride(from: dispatch.transaction.count - 1, through: dispatch.transactionStart, by: -1) {
            // The latest set_item naming the row with no insert or delete queued after it.
            switch dispatch.transaction[position] {
            case .setItem(let at, let item) where at == row: return value(item)
            case .insert, .delete: break
            default: continue
            }
            break
        }
        guard let now = rowBeforeQueuedEffects(row) else { return queuedInsert(atRow: row).map(value) ?? .nil }
        return table.items.value(row: now)?.luaValue ?? .string(table.items[now])
    }

    /// A `ctx` item argument: a string or a table item (``PluginItem``), its problems as `bad
    /// argument` naming the field (`item.tags[2]: ...`).
    static func checkedItem(_ args: LuaStackArguments, _ position: Int) throws -> PluginItem {
        let value = try PluginItem.argument(args, position, field: "item")
        // A number is its text, as Lua's strings always took it.
        if case .integer = value { return PluginItem(title: try args.string(position)) }
        if case .number = value { return PluginItem(title: try args.string(position)) }
        do throws(ItemProblem) {
            return try PluginItem.read(value, field: "item")
        } catch {
            throw LuaError.argument(position, "\(error.field): \(error.message)")
        }
    }

    /// Queues `effect` for the running handler, within ``effectLimit``.
    func queue(_ effect: PluginEffect, _ name: String) throws {
        guard dispatch.transaction.count - dispatch.transactionStart < Self.effectLimit else {
            // Caught by a `pcall` or not, the handler fails when it returns.
            dispatch.overflowed = true
            throw LuaError.runtime(
                "ctx:\(name): a handler may queue at most \(Self.effectLimit) effects (ctx calls and log lines); none of them is applied"
            )
        }
        dispatch.transaction.append(effect)
    }

    /// `ctx:after`'s delay, checked: finite, >= 0, within the clock's range and the timer limits.
    private func checkedDelay(_ ms: Double, _ index: Int) throws -> TimeAmount {
        guard ms.isFinite, ms >= 0 else {
            throw LuaError.argument(1, "a delay in milliseconds >= 0 expected, got \(ms)")
        }
        let now = table.now
        let room = VirtualInstant.maximum - now
        let limit = NumberText.describe(VirtualInstant.maximum.milliseconds)
        // Compared as a Double first: a huge delay has no TimeAmount.
        guard ms <= room.milliseconds + 1, case let delay = TimeAmount.milliseconds(ms), delay <= room else {
            throw LuaError.argument(
                1,
                "a delay of \(NumberText.describe(ms)) ms from t = \(Self.text(Self.milliseconds(now))) would pass the end of the virtual clock (\(limit) ms)"
            )
        }
        guard dispatch.timerCounts[index] < Self.pendingTimerLimit else {
            throw LuaError.runtime(
                "ctx:after: this plugin has \(Self.pendingTimerLimit) timers waiting, the most it may have; this one is not set"
            )
        }
        let window = now.nanoseconds / 1_000_000
        if window == dispatch.timerWindow, dispatch.timerCallbacks[index] >= Self.timerCallbackLimit,
            (now + delay).nanoseconds / 1_000_000 == window
        {
            throw LuaError.runtime(
                "ctx:after: \(Self.timerCallbackLimit) timer callbacks of this plugin already ran within virtual millisecond \(window), and this timer would run within it too; a timer that sets itself again must let the clock move (a delay of 1 ms or more)"
            )
        }
        return delay
    }

    /// `ctx` works inside this plugin's handlers only.
    private func checkActive(_ args: LuaStackArguments, _ index: Int, _ name: String) throws {
        guard dispatch.activePlugin == index else {
            throw LuaError.runtime(
                "ctx:\(name) can only be used while a handler of this plugin runs (not in configure)")
        }
    }

    /// Makes `ctx.now` read the virtual clock when asked, and `ctx` read-only: its methods are
    /// Swift methods (``LuaState/register(_:in:method:_:)``), which do not copy `self`. The text
    /// is `Lua/ctx_prelude.lua`, compiled into the binary.
    static let contextPrelude = String(decoding: PackageResources.ctx_prelude_lua, as: UTF8.self)

    static func traceValue(_ value: LuaValue, field: String) throws -> TraceValue {
        switch value {
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .int(number)
        case .number(let number):
            // jsonl has no infinity or nan.
            guard number.isFinite else {
                throw LuaError.argument(
                    2, "field '\(field)' must be a finite number, got \(NumberText.describe(number))")
            }
            return .number(number)
        case .string(let text): return .string(text)
        default:
            throw LuaError.argument(2, "field '\(field)' must be a string, number or boolean, got \(value.typeName)")
        }
    }
}
