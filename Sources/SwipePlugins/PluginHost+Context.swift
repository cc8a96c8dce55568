import LuaRuntime
import SwipeCore
import SwipeScript

/// `ctx`, what a handler may do. Every method checks its arguments when called (Lua sees a
/// `bad argument` error) and queues an effect; rows are checked against the table as the
/// effects queued before would leave it, so applying them cannot fail.
extension PluginHost {
    /// Event names a plugin may not `emit`: the host's own.
    static let reservedEvents: Set<String> = [
        "open", "close", "action", "state", "present", "dismiss", "delete", "insert", "update", "log",
        "plugin_error", "plugin_warning",
    ]

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
                        let row = try args.integer(1)
                        guard row >= 1, row <= self.projectedRowCount + 1 else {
                            throw LuaError.argument(
                                1, "cannot insert at row \(row): rows 1-\(self.projectedRowCount + 1) are possible")
                        }
                        let item = try args.string(2)
                        try self.queue(.insert(row: row, item: item), "insert")
                        self.dispatch.projectedRowDelta += 1
                        return []
                    }
                ),
                (
                    "set_item",
                    { [unowned self] args in
                        let row = try self.checkedRow(args, index, "set_item")
                        try self.queue(.setItem(row: row, item: try args.string(2)), "set_item")
                        return []
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
                        guard !name.isEmpty, !Self.reservedEvents.contains(name) else {
                            throw LuaError.argument(1, "'\(name)' is not a name a plugin may emit (reserved or empty)")
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

    private func checkedRow(_ args: LuaStackArguments, _ index: Int, _ name: String) throws -> Int {
        try checkActive(args, index, name)
        let row = try args.integer(1)
        guard row >= 1, row <= projectedRowCount else {
            throw LuaError.argument(1, "row \(row) does not exist (rows 1-\(projectedRowCount))")
        }
        return row
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
