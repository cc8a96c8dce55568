import CSwipeDispatch
import LuaRuntime
import SwipeCore

/// The lifecycle hooks (`on_begin`, `on_will_open`, `on_will_close`, `on_expand`, `on_collapse`,
/// `on_progress`) and an `on_open`/`on_close` a flick decided: called as every delegate handler
/// is (a transaction, failures counted and struck out per hook), with the pan's motion in the
/// row record. Only defined hooks are called, and the table delivers their events only when one
/// is defined (``PluginHost/attach()``).
extension PluginHost {
    /// `hook`'s handlers, every plugin's in load order, if any plugin defines it.
    func broadcastLifecycle(_ hook: Hook, row: Int, side: Edge, _ motion: PluginDispatch.Motion) {
        guard let handlers = lifecycleHandlers[hook] else { return }
        broadcastMotion(hook: hook, row: row, side: side, motion, handlers)
    }

    /// `handlers` of `hook`, each `handler(ctx, row)` with `motion` in `row`. Each sees the item
    /// as it was before the first ran.
    func broadcastMotion(hook: Hook, row: Int, side: Edge?, _ motion: PluginDispatch.Motion, _ handlers: [HookHandler])
    {
        guard !handlers.isEmpty else { return }
        let item = rowRecord(row)
        for handler in handlers {
            handler.plugin._withUnsafeGuaranteedRef { plugin in
                guard !plugin.isDisabled(hook) else { return }
                let mark = beginTransaction(handler.index)
                do {
                    try PluginDispatch.callRecord(
                        plugin.lua, handler.function, context: plugin.contextSlot, row: row, item,
                        side: side.map(PluginDispatch.sideName), button: nil, motion: motion, label: { hook.rawValue })
                    try commit(mark, from: handler.index)
                } catch {
                    rollBack(mark, handler.index, hook: hook, row: row, error: error)
                }
            }
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

        var record: swd_Motion {
            switch self {
            case .none: swd_Motion(has_velocity: 0, velocity: 0, has_progress: 0, offset: 0, fraction: 0)
            case .velocity(let velocity):
                swd_Motion(has_velocity: 1, velocity: velocity, has_progress: 0, offset: 0, fraction: 0)
            case .progress(let offset, let fraction):
                swd_Motion(has_velocity: 0, velocity: 0, has_progress: 1, offset: offset, fraction: fraction)
            }
        }
    }
}
