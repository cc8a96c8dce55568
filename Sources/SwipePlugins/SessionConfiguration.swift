import SwipeCore
import SwipeScript

/// Everything a table is made with: its rows and sizes, its plugins and their limits, and its
/// behaviour options. `run`, `check`, `test`, `render` and `serve` build one (from the command
/// line: `SwipeCommandLine.ConfigurationOptions`; from a spec: `swipe.table{...}`), and
/// ``Session``, ``PluginHost``, ``PluginRun`` and the recorder take it whole.
///
/// Its defaults are the defaults of every front end: 30 generated rows
/// (``TableGeometry/defaultRows``), a 320 x 504 point table (``TableGeometry/init(width:rowHeight:viewportHeight:)``),
/// the plugins' limits of ``PluginOptions``, `ltr` unless a plugin's `setup` chooses, the
/// `tutorial` preset, no table option on. It prints itself back as command-line flags
/// (``arguments(plugins:)``) and as `swipe.table{...}` fields (``tableFields(_:)``), the
/// two forms a recording is written in.
public struct SessionConfiguration: Equatable, Sendable {
    public var plugins: [PluginSource]
    public var pluginOptions: PluginOptions
    /// The rows, unless a plugin provides its `items`.
    public var items: TableItems
    public var geometry: TableGeometry
    /// nil: `ltr`, unless a plugin's `setup` chooses.
    public var direction: LayoutDirection?
    /// Turned on from outside (`--exclusive`...), on top of those a plugin's `table` and the
    /// preset set.
    public var tableBehavior: TableBehaviorOptions
    public var preset: BehaviorPreset
    /// A plugin error makes ``Session/apply(_:at:)`` throw (`--strict`); the session stays usable.
    public var strict: Bool
    /// The trace records the pans' `begin`, `will_open` and `will_close` (`--lifecycle-events`;
    /// off: the trace is the delegate's calls as it always was).
    public var lifecycleEvents: Bool

    // How a session runs, not what it is: never printed.

    /// The file name errors of ``Session/apply(_:at:)`` name (`session:3: ...`, the third input).
    public var scriptName: String = "session"
    /// What the session's recorder does: `.records` keeps every record (and hands each to the
    /// sink); `.jsonLines` writes the jsonl trace as it goes and keeps none (a batch run's
    /// output, as `swipehost run --format jsonl` prints it; the sink sees nothing then).
    public var traceMode: TraceRecorder.Mode = .records
    /// `.textLines` mode: the lines are for a terminal (``TraceRecorder/colored``).
    public var traceColored = false
    /// Whether the session keeps its inputs for ``Session/recordedScript()`` and
    /// ``Session/recordedSpec(name:)`` (a batch run that never asks for them turns it off).
    public var recordsInputs = true

    public init(
        plugins: [PluginSource] = [], pluginOptions: PluginOptions = PluginOptions(),
        items: TableItems = .generated(count: TableGeometry.defaultRows), geometry: TableGeometry = TableGeometry(),
        direction: LayoutDirection? = nil, tableBehavior: TableBehaviorOptions = TableBehaviorOptions(),
        preset: BehaviorPreset = .tutorial, strict: Bool = false, lifecycleEvents: Bool = false
    ) {
        self.lifecycleEvents = lifecycleEvents
        self.plugins = plugins
        self.pluginOptions = pluginOptions
        self.items = items
        self.geometry = geometry
        self.direction = direction
        self.tableBehavior = tableBehavior
        self.preset = preset
        self.strict = strict
    }

    /// The configuration with every default: what each front end starts from.
    public static let defaults = SessionConfiguration()

    /// The paths of the plugins loaded from files, as given (`.source` ones have none).
    public var pluginPaths: [String] {
        plugins.compactMap { source in
            switch source {
            case .file(let path): path
            case .loaded(let file): file.path
            case .source: nil
            }
        }
    }
}

// MARK: - Printing

extension SessionConfiguration {
    /// The command-line words that give this configuration to `swipehost run` (`render` and
    /// `serve` take the same): what differs from ``defaults``, in a fixed order, each value a
    /// word of its own. With `plugins`, a `--plugin PATH` pair for each plugin loaded from a file
    /// comes first. Items that are not generated have no flag (a recording says so in a
    /// comment); `SwipeCommandLine.ConfigurationOptions` reads the words back to this value.
    public func arguments(plugins withPlugins: Bool = true) -> [String] {
        var words = withPlugins ? pluginPaths.flatMap { ["--plugin", $0] } : []
        let defaults = Self.defaults
        if preset != defaults.preset { words += ["--preset", preset.rawValue] }
        if let direction { words += ["--direction", direction.rawValue] }
        if items.count != defaults.items.count { words += ["--rows", String(items.count)] }
        if geometry.width != defaults.geometry.width { words += ["--width", ScriptNumber.plain(geometry.width)] }
        if geometry.viewportHeight != defaults.geometry.viewportHeight {
            words += ["--viewport", ScriptNumber.plain(geometry.viewportHeight)]
        }
        words += behaviorSettings.flatMap(\.words)
        if pluginOptions.trusted { words.append("--trusted") }
        if strict { words.append("--strict") }
        return words
    }

    /// The table behaviour, plugin limits and lifecycle events that differ from ``defaults``, in
    /// the order both ``arguments(plugins:)`` and ``tableFields(_:)`` list them: each as its
    /// command-line words and as its `swipe.table{...}` field.
    private var behaviorSettings: [(words: [String], field: String)] {
        var settings: [(words: [String], field: String)] = []
        if tableBehavior.exclusiveOnBegin {
            settings.append((["--exclusive-begin"], "exclusive = \"begin\""))
        } else if tableBehavior.exclusive {
            settings.append((["--exclusive"], "exclusive = true"))
        }
        if tableBehavior.closeOnScroll { settings.append((["--close-on-scroll"], "close_on_scroll = true")) }
        if tableBehavior.closeOnTap { settings.append((["--close-on-tap"], "close_on_tap = true")) }
        if tableBehavior.rowAnimation != .none {
            let name = tableBehavior.rowAnimation.rawValue
            settings.append((["--row-animation", name], "row_animation = \"\(name)\""))
        }
        let budget = pluginOptions.instructionBudget
        if budget != Self.defaults.pluginOptions.instructionBudget {
            settings.append((["--budget", String(budget)], "budget = \(budget)"))
        }
        let memory = pluginOptions.memoryLimit
        if memory != Self.defaults.pluginOptions.memoryLimit {
            settings.append((["--memory", String(memory)], "memory = \(memory)"))
        }
        if lifecycleEvents { settings.append((["--lifecycle-events"], "lifecycle_events = true")) }
        return settings
    }

    /// The fields of a `swipe.table{...}` that makes this configuration: `{}`, or
    /// `{ plugins = { "p.lua" }, rows = 12, preset = "mail", ... }` with what differs from
    /// ``defaults`` (items that are not generated are listed), then `extra` fields as they are
    /// (`plugin_errors = "allow"`). The spec driver's reader (`SwipeModule`) reads them back to
    /// this value. `--trusted` and `--strict` are `swipehost test`'s and the spec's own business
    /// and have no field.
    public func tableFields(_ extra: [String] = []) -> String {
        var fields: [String] = []
        let paths = pluginPaths
        if !paths.isEmpty {
            fields.append("plugins = { " + paths.map(LuaLiteral.string).joined(separator: ", ") + " }")
        }
        let defaults = Self.defaults
        if items != .generated(count: items.count) {
            fields.append("items = { " + items.all.map(LuaLiteral.string).joined(separator: ", ") + " }")
        } else if items.count != defaults.items.count {
            fields.append("rows = \(items.count)")
        }
        if geometry.width != defaults.geometry.width { fields.append("width = \(LuaLiteral.number(geometry.width))") }
        if geometry.viewportHeight != defaults.geometry.viewportHeight {
            fields.append("viewport = \(LuaLiteral.number(geometry.viewportHeight))")
        }
        if preset != defaults.preset { fields.append("preset = \"\(preset.rawValue)\"") }
        if let direction { fields.append("direction = \"\(direction.rawValue)\"") }
        fields += behaviorSettings.map(\.field)
        fields += extra
        return fields.isEmpty ? "{}" : "{ " + fields.joined(separator: ", ") + " }"
    }
}
