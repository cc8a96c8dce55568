import CSwipeDispatch
import LuaRuntime
import SwipeCore

/// The delegate calls into the plugins' handlers: `on_open`, `on_close`, `on_action` and `on_tap`,
/// each called the one way ``PluginHost/runHandler(_:_:hook:function:perFunction:row:item:side:button:label:)``
/// calls a handler, as a transaction, with its records built in C.
extension PluginHost {
    /// `cellDidOpen:` into every plugin's `on_open`, without recording it in the trace: what
    /// `swipehost bench` measures as `host.dispatch_ns` (a tutorial-shaped row: no side).
    public func dispatchOpen(row: Int, side: Edge? = nil) {
        broadcast(hook: .onOpen, row: row, side: side, openHandlers)
    }

    /// A button's `on_tap`, or its plugin's `on_action`: `handler(ctx, row, button)`.
    func runAction(_ button: SwipeButton, number: Int, side: Edge?, row: Int, full: Bool, accessibility: Bool = false) {
        let setup = self.setup(forRow: row, item: table.items[row])
        guard let owner = setup.owner else { return }
        // A tapped button with `close = true` closes its row once handled (a full swipe's
        // completion decides for itself).
        let closes =
            !full && !setup.closing.isEmpty && setup.closing.contains(RowSetup.handlerKey(side ?? .trailing, number))
        // Most rows have no `on_tap` handlers: no lookup then.
        let tapHandler = setup.handlers.isEmpty ? nil : setup.handlers[RowSetup.handlerKey(side ?? .trailing, number)]
        guard let handler = tapHandler ?? plugins[owner].onAction else {
            if closes { try? table.closeRowAfterAction(row) }
            return
        }
        let hook: Hook = tapHandler == nil ? .onAction : .onTap
        // The row is followed by its item's id, as open rows are: a handler may change its title
        // (`ctx:set_item`, "Mark as read") or move it.
        let id = closes ? try? table.id(ofRow: row) : nil
        let succeeded = runHandler(
            owner, plugins[owner], hook: hook, function: handler.unownedSlot,
            perFunction: hook == .onTap ? handler : nil,
            row: row, item: nil, side: side,
            button: PluginDispatch.Button(button, number: number, full: full, accessibility: accessibility),
            label: { handler.label })
        if succeeded, let id { closeAfterAction(id) }
    }

    /// Auto-close: closes the row of the item with `id`, animated, with its `close`, if it is
    /// still in the table (wherever the handler moved it) and open. A handler that deleted the
    /// row closes nothing.
    private func closeAfterAction(_ id: RowID) {
        guard let row = table.row(of: id) else { return }
        try? table.closeRowAfterAction(row)
    }

    /// `on_open`/`on_close` of every plugin, in load order: `handler(ctx, row)`.
    ///
    /// With one handler the item is read in place from the table. With several, each sees the
    /// item as it was before the first ran, whatever the earlier handlers' effects changed, so
    /// it is read once, as a `String`.
    func broadcast(hook: Hook, row: Int, side: Edge?, _ handlers: [HookHandler]) {
        guard !handlers.isEmpty else { return }
        if handlers.count == 1 {
            // Unretained: `plugins` holds the plugin for the host's lifetime.
            handlers[0].plugin._withUnsafeGuaranteedRef { plugin in
                _ = runHandler(
                    handlers[0].index, plugin, hook: hook, function: handlers[0].function, perFunction: nil, row: row,
                    item: nil, side: side, button: nil, label: { hook.rawValue })
            }
            return
        }
        broadcastToSeveral(hook: hook, row: row, side: side, handlers)
    }

    /// ``broadcast(hook:row:side:_:)`` to several handlers, out of line, so that the one
    /// handler's path keeps a small frame.
    @inline(never)
    private func broadcastToSeveral(hook: Hook, row: Int, side: Edge?, _ handlers: [HookHandler]) {
        let item = rowRecord(row)
        for handler in handlers {
            handler.plugin._withUnsafeGuaranteedRef { plugin in
                _ = runHandler(
                    handler.index, plugin, hook: hook, function: handler.function, perFunction: nil, row: row,
                    item: item, side: side, button: nil, label: { hook.rawValue })
            }
        }
    }

    /// The one way the host calls a delegate handler of plugin `index`: `function(ctx, row)`, or
    /// `function(ctx, row, button)` with `button`, as a transaction (its effects apply when it
    /// returns without error; a failure is reported and counted). `perFunction` is the handler
    /// of a hook whose failures count per function (``Hook/isPerFunction``). The row's item is
    /// `item`, or, when nil, the table's, read in place (`SwipeTable.withItem(row:generated:stored:)`:
    /// no `String` made or retained, no pointer kept past the C call that reads it).
    /// Returns whether the handler ran and succeeded.
    @inline(__always)
    @discardableResult
    func runHandler(
        _ index: Int, _ plugin: Plugin, hook: Hook, function: LuaSlot, perFunction: LuaRef?, row: Int,
        item: PluginDispatch.Record?, side: Edge?, button: PluginDispatch.Button?, label: () -> String
    ) -> Bool {
        if let perFunction {
            guard !plugin.isDisabled(hook, perFunction) else { return false }
        } else {
            guard !plugin.isDisabled(hook) else { return false }
        }
        // `transact` written out: one closure less on the path `host.dispatch_ns` measures.
        let mark = beginTransaction(index)
        do {
            let side = side.map(PluginDispatch.sideName)
            if let item {
                try PluginDispatch.callRecord(
                    plugin.lua, function, context: plugin.contextSlot, row: row, item, side: side, button: button,
                    motion: nil, label: label)
            } else {
                // The table's item where it keeps it: a generated title as its number (its id
                // too), for C to write out; a stored item's bytes borrowed for the one C call.
                // A table item or a name id: the whole record, read out (not the hot path).
                let prefix = TableItems.generatedPrefix
                try table.withPlainItem(
                    row: row,
                    generated: { number in
                        try PluginDispatch.call(
                            plugin.lua, function, context: plugin.contextSlot, row: row,
                            item: UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self),
                            count: prefix.utf8CodeUnitCount, number: number, id: number, side: side, button: button,
                            label: label)
                    },
                    stored: { item, count, id in
                        try PluginDispatch.call(
                            plugin.lua, function, context: plugin.contextSlot, row: row, item: item, count: count,
                            id: id, side: side, button: button, label: label)
                    },
                    other: {
                        try PluginDispatch.callRecord(
                            plugin.lua, function, context: plugin.contextSlot, row: row, rowRecord(row), side: side,
                            button: button, motion: nil, label: label)
                    })
            }
            try commit(mark, from: index)
            return true
        } catch {
            rollBack(mark, index, hook: hook, row: row, error: error, function: perFunction)
            return false
        }
    }
}

/// The records a delegate handler gets, built in C (`swd_call_handler` in `CSwipeDispatch`)
/// through LuaRuntime's prepared call.
enum PluginDispatch {
    /// The records' keys, parked in every plugin's state (``Plugin``), in `CSwipeDispatch`'s
    /// `SWD_KEY_*` order.
    static let recordKeys: [String] = (0..<Int(SWD_KEY_COUNT)).map { String(cString: swd_key_name(Int32($0))) }

    /// Parks the records' keys in `lua`, and after them the cache of row ids' strings (a table
    /// `CSwipeDispatch` fills): what every plugin's state does once made.
    static func park(in lua: LuaState) throws {
        try lua.parkKeys(recordKeys, tables: Int(SWD_PARKED_TABLES))
    }

    /// A button record: `{ id = id, index = number, title = title, full = true, accessibility = true }`
    /// (`full` and `accessibility` only when set).
    struct Button {
        var id: String
        var number: Int
        var title: String
        var full: Bool
        /// Run by `activate` (a screen reader's custom action).
        var accessibility = false

        init(_ button: SwipeButton, number: Int, full: Bool, accessibility: Bool = false) {
            (id, self.number, title, self.full, self.accessibility) =
                (button.id, number, button.title, full, accessibility)
        }

        init(id: String, number: Int, title: String, full: Bool) {
            (self.id, self.number, self.title, self.full) = (id, number, title, full)
        }
    }

    /// An edge's name as the `side` field of a row record: a literal, so that Lua finds it in
    /// its cache of C strings by address.
    @inline(__always)
    static func sideName(_ edge: Edge) -> UnsafePointer<CChar> {
        let name: StaticString = edge == .leading ? "leading" : "trailing"
        return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// A row record read out of the table: its title, id and fields (a table item's).
    struct Record {
        var title: String
        var id: RowID
        var value: ItemValue?
    }

    /// `function(context, { index = row, id = id, title = item, item = item, side = side }[, button])`
    /// in `lua`, in one C call: `item` is `count` bytes, NUL-terminated, or, with a `number`, a
    /// generated item's prefix (the item is the prefix then the number in decimal, written out
    /// by C); `id` the row's number id (C writes it as a string); `side` nil leaves the field
    /// out; `context` nil passes nil. `label` names the function in budget and memory messages.
    @inline(__always)
    static func call(
        _ lua: LuaState, _ function: LuaSlot, context: LuaSlot?, row: Int, item: UnsafePointer<CChar>, count: Int,
        number: Int? = nil, id: Int, side: UnsafePointer<CChar>?, button: Button?, label: () -> String
    ) throws {
        let numbered: Int32 = number != nil ? 1 : 0
        let number = Int64(number ?? 0)
        guard let button else {
            return try lua.callPrepared(function, passing: context, label: label) { call in
                swd_call_handler(
                    call.runtime, call.thread, call.function, call.argument, Int64(row), item, count, numbered, number,
                    Int64(id), side, nil)
            }
        }
        try button.id.withCString { buttonID in
            try button.title.withCString { title in
                var record = swd_Button(
                    id: buttonID, id_len: button.id.utf8.count, number: Int64(button.number), title: title,
                    title_len: button.title.utf8.count, full: button.full ? 1 : 0,
                    accessibility: button.accessibility ? 1 : 0)
                try lua.callPrepared(function, passing: context, label: label) { call in
                    swd_call_handler(
                        call.runtime, call.thread, call.function, call.argument, Int64(row), item, count, numbered,
                        number, Int64(id), side, &record)
                }
            }
        }
    }
}

extension PluginHost {
    /// Row `row`'s record as the table holds it now: title, id and fields.
    func rowRecord(_ row: Int) -> PluginDispatch.Record {
        PluginDispatch.Record(title: table.items[row], id: table.items.id(row: row), value: table.items.value(row: row))
    }
}

extension PluginDispatch {
    /// `function(context, row[, button])` with `record`'s whole row (`index`, `id`, `title`,
    /// `item`: a copy of a table item's fields, else the title), `motion`'s fields when given,
    /// in one C call (`swd_call_record`). Not the hot path: a table item's copy is made in
    /// `lua` for the call, and let go after it.
    static func callRecord(
        _ lua: LuaState, _ function: LuaSlot, context: LuaSlot?, row: Int, _ record: Record,
        side: UnsafePointer<CChar>?, button: Button?, motion: Motion?, label: () -> String
    ) throws {
        let itemRef = try record.value.map { try lua.reference(to: $0.luaValue, label: "item") }
        let itemIndex = itemRef?.unownedSlot.registryIndex ?? Int32(SWD_NO_ITEM)
        try withExtendedLifetime(itemRef) {
            try record.title.withCString { titleBytes in
                var rowRecord = swd_Row()
                rowRecord.index = Int64(row)
                (rowRecord.title, rowRecord.title_len) = (titleBytes, record.title.utf8.count)
                (rowRecord.item, rowRecord.side) = (itemIndex, side)
                switch record.id {
                case .number(let number):
                    // Written by C (from its cache of ids), as a plain row's.
                    rowRecord.number_id = Int64(number)
                    try callRecord(
                        lua, function, context: context, &rowRecord, button: button, motion: motion, label: label)
                case .name(let name):
                    try name.withCString { idBytes in
                        (rowRecord.id, rowRecord.id_len) = (idBytes, name.utf8.count)
                        try callRecord(
                            lua, function, context: context, &rowRecord, button: button, motion: motion, label: label)
                    }
                }
            }
        }
    }

    /// `function(context, row[, button])` with the row record `row` (its pointers valid for the
    /// call) and `motion`'s fields, in one C call (`swd_call_record`).
    @inline(__always)
    static func callRecord(
        _ lua: LuaState, _ function: LuaSlot, context: LuaSlot?, _ row: inout swd_Row, button: Button?,
        motion: Motion?, label: () -> String
    ) throws {
        var motionRecord = motion?.record ?? Motion.none.record
        let hasMotion = motion != nil
        func run(_ buttonRecord: UnsafePointer<swd_Button>?) throws {
            try lua.callPrepared(function, passing: context, label: label) { call in
                withUnsafePointer(to: &motionRecord) { motionPointer in
                    swd_call_record(
                        call.runtime, call.thread, call.function, call.argument, &row, buttonRecord,
                        hasMotion ? motionPointer : nil)
                }
            }
        }
        guard let button else { return try run(nil) }
        try button.id.withCString { buttonID in
            try button.title.withCString { buttonTitle in
                var buttonRecord = swd_Button(
                    id: buttonID, id_len: button.id.utf8.count, number: Int64(button.number),
                    title: buttonTitle, title_len: button.title.utf8.count, full: button.full ? 1 : 0,
                    accessibility: button.accessibility ? 1 : 0)
                try run(&buttonRecord)
            }
        }
    }
}
