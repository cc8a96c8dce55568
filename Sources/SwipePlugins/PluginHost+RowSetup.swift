import LuaRuntime
import SwipeCore

extension PluginHost {
    /// A row's configuration and the plugin that gave it, as cached in
    /// ``DispatchState/rowSetups``. A class, so that reading a row's setup (on every tap)
    /// retains one object rather than copying the configuration's buttons and the handlers.
    final class RowSetup {
        /// The plugin that configured the row; nil for the built-in tutorial cell.
        let owner: Int?
        let configuration: CellConfiguration
        /// The `on_tap` handlers, by ``handlerKey(_:_:)``.
        let handlers: [Int: LuaRef]
        /// The buttons whose tapped action closes the row once handled (`close = true`, an
        /// edge's `close_on_action = true`), by ``handlerKey(_:_:)``.
        let closing: Set<Int>
        /// The preset the configuration follows (the row's own `preset`); nil: the run's.
        let preset: BehaviorPreset?

        init(
            owner: Int?, configuration: CellConfiguration, handlers: [Int: LuaRef], closing: Set<Int> = [],
            preset: BehaviorPreset? = nil
        ) {
            (self.owner, self.configuration, self.handlers, self.closing) = (owner, configuration, handlers, closing)
            self.preset = preset
        }

        /// The key of `edge`'s button `number` (1-based) in ``handlers``: trailing buttons are
        /// 1, 2, ..., leading ones -1, -2, ...
        static func handlerKey(_ edge: Edge, _ number: Int) -> Int { edge == .trailing ? number : -number }
    }

    /// The preset `row`'s configuration follows: its own `preset` key, else the run's (the
    /// playground's configuration panel shows it). The row's configuration is asked first if it
    /// is not known.
    func preset(ofRow row: Int) -> BehaviorPreset {
        setup(forRow: row, item: table.items[row]).preset ?? preset
    }
}
