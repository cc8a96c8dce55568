import SwipeCore
import SwipePlugins
import SwipeScript

/// A plugin event as the tests compare it: the event name and its text line.
struct Custom: Equatable, CustomStringConvertible {
    var name: String
    var fields: [TraceField]
    var text: String
    var t: Double

    var description: String { "\(name)@\(t): \(text)" }

    func field(_ key: String) -> TraceValue? { fields.first { $0.key == key }?.value }
}

extension Fixtures {
    /// How Lua names `name`'s file in error positions: a path longer than 59 characters keeps
    /// only its last 56, after `...` (`luaO_chunkid`, LUA_IDSIZE 60).
    func chunk(_ name: String) -> String {
        let path = folder + "/" + name
        return path.count <= 59 ? path : "..." + path.suffix(56)
    }

    /// Loads each `(file name, source)` as a plugin, in order, and makes a host over them.
    func host(
        _ sources: [(String, String)], options: PluginOptions = PluginOptions(),
        items: TableItems = .generated(count: 30), preset: BehaviorPreset = .tutorial
    ) throws -> PluginHost {
        try host(sources, options: options, configuration: SessionConfiguration(items: items, preset: preset))
    }

    /// Loads each `(file name, source)` as a plugin, in order, and makes a host over them with
    /// the rest of `configuration`.
    func host(
        _ sources: [(String, String)], options: PluginOptions = PluginOptions(), configuration: SessionConfiguration
    ) throws -> PluginHost {
        let plugins = try sources.map { name, source in try Plugin(path: plugin(name, source), options: options) }
        return try PluginHost(plugins: plugins, configuration: configuration)
    }

    /// One plugin, `p.lua`, and the rest of `configuration`.
    func host(_ source: String, configuration: SessionConfiguration) throws -> PluginHost {
        try host([("p.lua", source)], configuration: configuration)
    }

    /// One plugin, `p.lua`.
    func host(
        _ source: String, options: PluginOptions = PluginOptions(), items: TableItems = .generated(count: 30),
        preset: BehaviorPreset = .tutorial
    ) throws -> PluginHost {
        try host([("p.lua", source)], options: options, items: items, preset: preset)
    }

    /// One plugin, `p.lua`, whose rows have a trailing edge of `buttons` (Lua fields) full-swiped
    /// with `fullSwipe` (a Lua table), with `extra` fields in the plugin table.
    func fullSwipeHost(buttons: String, _ fullSwipe: String, _ extra: String = "") throws -> PluginHost {
        try host(
            SwipePluginsTests.plugin(
                configure: "function(row) return { trailing = { \(buttons), full_swipe = \(fullSwipe) } } end", extra))
    }
}

extension PluginHost {
    /// The plugin events (everything but open/close/action), in order.
    var customs: [Custom] {
        recorder.records.compactMap { record in
            guard !record.event.isDelegateCall else { return nil }
            let line = TextFormat.line(for: record)
            // The text after the time column (`    150 ms  `), as the host used to keep it.
            let text = line.range(of: " ms  ").map { String(line[$0.upperBound...]) } ?? line
            return Custom(name: record.event.name, fields: record.event.fields, text: text, t: record.time.milliseconds)
        }
    }

    /// The names of the plugin events, in order.
    var customNames: [String] { customs.map(\.name) }

    /// The texts of the events named `name`.
    func texts(_ name: String) -> [String] { customs.filter { $0.name == name }.map(\.text) }

    /// The `message` fields of the events named `name`.
    func messages(_ name: String) -> [String] {
        customs.filter { $0.name == name }.compactMap {
            if case .string(let text)? = $0.field("message") { return text }
            return nil
        }
    }

    /// The delegate calls only, as the core's trace events.
    var coreEvents: [TraceEvent] {
        recorder.records.map(\.event).filter(\.isDelegateCall)
    }

    /// The button ids of `row`'s cell (it must be on screen).
    func buttonIDs(_ row: Int) -> [String] {
        table.cell(forRow: row)?.configuration.buttons.map(\.id) ?? []
    }

    /// Opens `row` without a delegate call, settled, so its buttons can be tapped.
    func open(_ row: Int) throws {
        try table.openRow(row, animated: false)
    }

    func items() -> [String] { (0..<table.items.count).map { table.items[$0 + 1] } }
}

/// A plugin that gives every row `buttons`, with `extra` Lua fields in the plugin table.
func plugin(
    name: String = "p",
    configure: String = "function(row) return { buttons = { { id = 'a', title = 'A', width = 80 } } } end",
    _ extra: String = ""
) -> String {
    "return { name = '\(name)', configure = \(configure), \(extra) }"
}

/// What a run's notices (`PluginRun.notice`) collect into.
final class Notices: @unchecked Sendable {
    var lines: [String] = []
}

/// The jsonl lines of `script` run on `host`'s table (a script named `s`), without the state line.
func run(_ script: String, on host: PluginHost) throws -> [String] {
    try ScriptRunner(table: host.table, fileName: "s").run(script: script)
    var out = OutputBuffer()
    for record in host.recorder.records { JSONLinesFormat.write(record, to: &out) }
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}
