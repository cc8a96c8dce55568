import CSwipeDispatch
import LuaRuntime
import SwipeCore

/// The lifecycle hooks (`on_begin`, `on_will_open`, `on_will_close`, `on_expand`, `on_collapse`,
/// `on_progress`) and an `on_open`/`on_close` a flick decided: called as every delegate handler
/// is (a transaction, failures counted and struck out per hook), with the pan's motion in the
/// row record. Only defined hooks are called, and the table delivers their events only when one
/// is defined (``PluginHost/attach()``).
extension PluginHost {
    /// `hook`'s handlers, every plugin's in load order, if any plugin defines it. A plugin that
    /// defines no lifecycle hook pays one flag read (inlined) for the `expand` events.
    @inline(__always)
    func broadcastLifecycle(_ hook: Hook, row: Int, side: Edge, _ motion: PluginDispatch.Motion) {
        guard lifecycleHandlers.definesAny else { return }
        broadcastDefinedLifecycle(hook, row: row, side: side, motion)
    }

    @inline(never)
    private func broadcastDefinedLifecycle(_ hook: Hook, row: Int, side: Edge, _ motion: PluginDispatch.Motion) {
        guard let handlers = lifecycleHandlers[hook] else { return }
        broadcastMotion(hook: hook, row: row, side: side, motion, handlers)
    }

    /// `handlers` of `hook`, each `handler(ctx, row)` with `motion` in `row`. Each sees the item
    /// as it was before the first ran. With one handler (the common case: an `on_progress` on
    /// every pan move) the row's item is read in place from the table, as a delegate call's is
    /// (``runHandler(_:_:hook:function:perFunction:row:item:side:button:label:)``), and its
    /// record built in the one C call: no `String` or record made in Swift.
    func broadcastMotion(hook: Hook, row: Int, side: Edge?, _ motion: PluginDispatch.Motion, _ handlers: [HookHandler])
    {
        guard !handlers.isEmpty else { return }
        let side = side.map(PluginDispatch.sideName)
        if handlers.count == 1 {
            handlers[0].plugin._withUnsafeGuaranteedRef { plugin in
                runMotionHandler(
                    handlers[0].index, plugin, hook: hook, function: handlers[0].function, row: row, record: nil,
                    side: side, motion)
            }
            return
        }
        let item = rowRecord(row)
        for handler in handlers {
            handler.plugin._withUnsafeGuaranteedRef { plugin in
                runMotionHandler(
                    handler.index, plugin, hook: hook, function: handler.function, row: row, record: item, side: side,
                    motion)
            }
        }
    }

    /// One handler of ``broadcastMotion(hook:row:side:_:_:)``, as a transaction: with `record`
    /// (read before the first handler ran), or, when nil, the table's item read in place.
    @inline(__always)
    private func runMotionHandler(
        _ index: Int, _ plugin: Plugin, hook: Hook, function: LuaSlot, row: Int, record: PluginDispatch.Record?,
        side: UnsafePointer<CChar>?, _ motion: PluginDispatch.Motion
    ) {
        guard !plugin.isDisabled(hook) else { return }
        let mark = beginTransaction(index)
        do {
            let lua = plugin.lua
            let context = plugin.contextSlot
            let label = { hook.rawValue }
            if let record {
                try PluginDispatch.callRecord(
                    lua, function, context: context, row: row, record, side: side, button: nil, motion: motion,
                    label: label)
            } else {
                // A generated title as its prefix and number (its id too), a stored item's bytes
                // borrowed for the one C call; a table item or a name id: the whole record.
                var plain = swd_Row()
                plain.index = Int64(row)
                plain.item = Int32(SWD_NO_ITEM)
                plain.side = side
                let prefix = TableItems.generatedPrefix
                try table.withPlainItem(
                    row: row,
                    generated: { number in
                        plain.title = UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self)
                        plain.title_len = prefix.utf8CodeUnitCount
                        (plain.numbered, plain.number, plain.number_id) = (1, Int64(number), Int64(number))
                        try PluginDispatch.callRecord(
                            lua, function, context: context, &plain, button: nil, motion: motion, label: label)
                    },
                    stored: { item, count, id in
                        (plain.title, plain.title_len, plain.number_id) = (item, count, Int64(id))
                        try PluginDispatch.callRecord(
                            lua, function, context: context, &plain, button: nil, motion: motion, label: label)
                    },
                    other: {
                        try PluginDispatch.callRecord(
                            lua, function, context: context, row: row, rowRecord(row), side: side, button: nil,
                            motion: motion, label: label)
                    })
            }
            try commit(mark, from: index)
        } catch {
            rollBack(mark, index, hook: hook, row: row, error: error)
        }
    }
}

extension PluginDispatch {
    /// The motion fields of a lifecycle hook's row record.
    enum Motion {
        /// None: `on_begin`, `on_expand`, `on_collapse`, a cancelled pan's `on_will_*`.
        case none
        /// `row.velocity`, points/s (negative = left): a release's.
        case velocity(Double)
        /// `row.offset` (points, negative = moved left) and `row.fraction` (revealed over the
        /// side's buttons' width).
        case progress(offset: Double, fraction: Double)
        /// `row.full = true`, and `row.velocity` when given: a full swipe's `reset` closes the row
        /// (`on_will_close`, `on_close`), not a pan released closed or abandoned.
        case fullSwipe(velocity: Double?)

        var record: swd_Motion {
            switch self {
            case .none: swd_Motion(has_velocity: 0, velocity: 0, has_progress: 0, offset: 0, fraction: 0, full: 0)
            case .velocity(let velocity):
                swd_Motion(has_velocity: 1, velocity: velocity, has_progress: 0, offset: 0, fraction: 0, full: 0)
            case .progress(let offset, let fraction):
                swd_Motion(has_velocity: 0, velocity: 0, has_progress: 1, offset: offset, fraction: fraction, full: 0)
            case .fullSwipe(let velocity):
                swd_Motion(
                    has_velocity: velocity == nil ? 0 : 1, velocity: velocity ?? 0, has_progress: 0, offset: 0,
                    fraction: 0, full: 1)
            }
        }
    }
}
