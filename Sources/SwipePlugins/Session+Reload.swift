import SwipeCore
import SwipeScript

extension Session {
    /// Loads `plugins` into fresh Lua states; if they load and validate, swaps them in, keeping
    /// items, open rows, scroll position and clock, and records a `reload` event. On failure
    /// nothing changes and the error (`FILE:LINE: message`) is thrown.
    ///
    /// Validating: every plugin loads, its `setup` runs without error, and `configure` gives a
    /// valid configuration without error for every row on screen and every open row. Swapped
    /// in: the cached configurations are dropped (rows are asked again: those on screen at once),
    /// an open row whose new configuration has no buttons on its open side is closed without a
    /// delegate call, a row being panned has its pan cancelled and is set at rest (recorded as
    /// `pan ROW cancel` and `close ROW` or `open ROW SIDE`, so that the recording replays), and
    /// the old plugins' pending `ctx:after` timers are dropped. The presented
    /// detail screen stays. Warnings and log lines the new plugins make while loading follow the
    /// `reload` event.
    public func reload(_ plugins: [PluginSource]) throws(RunFailure) {
        let table = host.table
        let scratch = TraceRecorder(mode: .records)
        let recordsBefore = host.recorder.records.count
        let loaded = try Self.load(plugins, options: configuration.pluginOptions) { [unowned table] in
            Int(table.now.milliseconds)
        }
        // The table stays: its items, sizes, options and direction (a plugin's `set_direction`
        // in `setup` changes nothing, as under `--direction`).
        var kept = configuration
        kept.plugins = plugins
        kept.direction = table.direction
        let fresh = try Self.host(loaded, configuration: kept, recorder: scratch, existingTable: table)
        var rows = Array(table.visibleRows)
        rows += table.openRows.sorted().filter { !table.visibleRows.contains($0) && $0 <= table.items.count }
        for row in rows { _ = fresh.setup(forRow: row, item: table.items[row]) }
        if let failure = scratch.records.lazy.compactMap(Self.pluginError).first { throw .plugin(failure) }

        let recorder = host.recorder
        fresh.recorder = recorder
        fresh.presented = host.presented
        fresh.attach()
        host = fresh
        self.plugins = plugins
        let names = plugins.map(\.name)
        recorder.record(.reload(plugins: names), at: table.now)
        for record in scratch.records {
            recorder.record(
                record.event, at: record.time, side: record.side, velocity: record.velocity, full: record.full)
        }
        for row in table.openRows.sorted() {
            let configuration = fresh.setup(forRow: row, item: table.items[row]).configuration
            if configuration[table.openEdge(ofRow: row) ?? configuration.defaultEdge].isEmpty {
                try? table.closeRow(row)
            }
        }
        // Reloading a row cancels its pan and sets the row at rest at once (`prepareForReuse`,
        // then open again if it is open). A replay does not reload: that is done here with the
        // commands a script has for it, recorded as inputs, so that the recording replays it:
        // `pan ROW cancel`, then `close ROW` or `open ROW SIDE` (silent, not animated).
        var settling: [GestureCommand] = []
        for row in table.visibleRows where table.cell(forRow: row)?.isTracking == true {
            try? table.panCancelled(row: row)
            settling.append(.panCancel(row: row))
            if table.openRows.contains(row) {
                let side = table.openEdge(ofRow: row)
                try? table.openRow(row, edge: side)
                settling.append(.open(row: row, side: side))
            } else {
                try? table.closeRow(row)
                settling.append(.close(row: row))
            }
        }
        table.reloadVisibleRows()
        if recordsInputs {
            record(.reload(names), at: now, recordsBefore: recordsBefore)
            for command in settling { record(.command(command), at: now, recordsBefore: recordsBefore) }
        }
        forward()
    }

    /// A `plugin_error` record as the problem a failed reload throws: `FILE:LINE: message (in
    /// HOOK, row R)`.
    static func pluginError(_ record: TraceRecord) -> PluginProblem? {
        guard case .pluginError(let error) = record.event else { return nil }
        var message = error.message
        var line: Int?
        if message.hasPrefix(error.file + ":") {
            let rest = message.dropFirst(error.file.count + 1)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") {
                line = Int(digits)
                message = String(rest.dropFirst(digits.count + 2))
            }
        }
        let place = error.hook + (error.row.map { ", row \($0)" } ?? "")
        return PluginProblem(file: error.file, line: line, message: "\(message) (in \(place))")
    }
}
