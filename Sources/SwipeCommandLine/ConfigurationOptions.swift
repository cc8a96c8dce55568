import ArgumentParser
import SwipeCore
import SwipePlugins

/// The command line's reading of a ``SessionConfiguration``: the table's shape, the plugins and
/// their limits, the behaviour options. `run`, `render` and `serve` take these flags (in this
/// order in their help); ``SessionConfiguration/arguments(plugins:)`` prints a configuration
/// back as them, and reading those words gives the same configuration again.
///
/// One group, not a group of groups: a debug build's argument parser checks a group's
/// definitions on every parse, four times over for each level of groups above it, so each level
/// of nesting made a debug `swipehost run --width 1` about four times slower to start (0.24 s of
/// CPU at three levels, most of the command-line suite's time in a debug build). The limits stay
/// a group of their own: `check` and `test` take them too.
public struct ConfigurationOptions: ParsableArguments {
    public init() {}

    // MARK: The table's shape
    // Negative values are read as values (`--rows -1`), so that the limits, not the parser, say
    // what is wrong with them.

    @Option(
        parsing: .unconditional, help: "Number of rows (items 'Longer Title Item #1' ... '#N'), at most 1000000000.")
    public var rows: Int = SessionConfiguration.defaults.items.count

    @Option(parsing: .unconditional, help: "Cell width in points, at most 10000.")
    public var width: Double = SessionConfiguration.defaults.geometry.width

    @Option(
        parsing: .unconditional, help: "Viewport height in points (rows are 44 points tall), at most 44000 (1000 rows)."
    )
    public var viewport: Double = SessionConfiguration.defaults.geometry.viewportHeight

    // MARK: The plugins and their limits

    @Option(
        name: .customLong("plugin"),
        help: ArgumentHelp(
            "A plugin to load: a .lua file, or a folder with init.lua (repeat for several; load order matters).",
            valueName: "path"))
    public var plugins: [String] = []

    @Option(
        name: .customLong("plugins"),
        help: ArgumentHelp(
            "Load every plugin in a folder (*.lua and */init.lua), sorted by name, after the --plugin ones.",
            valueName: "dir"))
    public var pluginFolder: String?

    @OptionGroup public var limits: PluginLimitOptions

    // MARK: How the table lays out its edges and treats its open rows

    @Option(
        help: ArgumentHelp(
            "Layout direction: 'ltr', or 'rtl' where the trailing edge is on the left and everything is mirrored (default: ltr, or what a plugin's setup chooses).",
            valueName: "ltr|rtl"))
    public var direction: LayoutDirection?

    @Option(
        help: ArgumentHelp(
            "Behaviour preset of every row (a row's own 'preset' and keys override it) and its table options: 'tutorial' (today's behaviour, the default), 'swipecellkit' or 'mail'.",
            valueName: "tutorial|swipecellkit|mail"))
    public var preset: BehaviorPreset = SessionConfiguration.defaults.preset

    @Flag(help: "Keep one row open: opening a row closes the open one, animated, with its close event.")
    public var exclusive = false

    @Flag(
        help:
            "Keep one row open, closing the open one as soon as a swipe on another row begins (UIKit's and SwipeCellKit's moment; --exclusive waits until it opens)."
    )
    public var exclusiveBegin = false

    @Flag(help: "A scroll closes the open rows.")
    public var closeOnScroll = false

    @Flag(help: "A tap on a row's content ('tap ROW content') closes the open rows.")
    public var closeOnTap = false

    @Option(
        help: ArgumentHelp(
            "How a deleted row leaves and an inserted one arrives: 'none' (at once, the tutorial's; the default), 'fade' or 'slide' (the row's height collapses to 0, or grows from it, over 300 ms, the rows below moving with it; fade fades its content, slide slides it towards its trailing side).",
            valueName: "none|fade|slide"))
    public var rowAnimation: RowAnimation = .none

    @Flag(
        help:
            "Also trace the pans' lifecycle: 'begin' (a pan starts revealing a side), 'will_open' and 'will_close' (at release, with the velocity)."
    )
    public var lifecycleEvents = false

    public var geometry: TableGeometry { TableGeometry(width: width, viewportHeight: viewport) }

    /// The plugins `--plugin` and `--plugins` name, in load order.
    public var pluginPaths: [String] { Self.pluginPaths(plugins, folder: pluginFolder) }

    /// `named`, then the plugins in `folder` as it is now (the playground's watcher asks again).
    public static func pluginPaths(_ named: [String], folder: String?) -> [String] {
        named + (folder.map(Plugin.paths(inFolder:)) ?? [])
    }

    /// The options the flags turn on (a plugin's `table` may turn on others).
    public var tableBehavior: TableBehaviorOptions {
        TableBehaviorOptions(
            exclusive: exclusive, closeOnScroll: closeOnScroll, closeOnTap: closeOnTap,
            exclusiveOnBegin: exclusiveBegin,
            rowAnimation: rowAnimation)
    }

    /// Whether `--plugin` or `--plugins` named a plugin (else a script's `# plugin:` header may).
    public var namesPlugins: Bool { !plugins.isEmpty || pluginFolder != nil }

    /// The configuration the flags describe; `strict` is `run`'s own `--strict`.
    public func configuration(strict: Bool = false) -> SessionConfiguration {
        SessionConfiguration(
            plugins: pluginPaths.map(PluginSource.file), pluginOptions: limits.options,
            items: .generated(count: rows), geometry: geometry, direction: direction,
            tableBehavior: tableBehavior, preset: preset, strict: strict,
            lifecycleEvents: lifecycleEvents)
    }

    /// The table's limits are the core's (``TableGeometry/check(rows:)``,
    /// ``TableGeometry/problems()``).
    public func validate() throws {
        if let problem = TableGeometry.check(rows: rows) { throw ValidationError(problem.commandLineText) }
        if let problem = geometry.problems().first { throw ValidationError(problem.commandLineText) }
        if let pluginFolder, Plugin.paths(inFolder: pluginFolder).isEmpty {
            throw ValidationError("--plugins \(pluginFolder): no plugin found there (*.lua or */init.lua)")
        }
    }
}

extension LayoutDirection: ExpressibleByArgument {}
extension BehaviorPreset: ExpressibleByArgument {}
extension RowAnimation: ExpressibleByArgument {}
