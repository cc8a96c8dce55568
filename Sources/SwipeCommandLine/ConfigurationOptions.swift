import ArgumentParser
import SwipeCore
import SwipePlugins

/// The command line's reading of a ``SessionConfiguration``: the table's shape, the plugins and
/// their limits, the behaviour options. `run`, `render` and `serve` take these flags (in this
/// order in their help); ``SessionConfiguration/arguments(plugins:)`` prints a configuration
/// back as them, and reading those words gives the same configuration again.
public struct ConfigurationOptions: ParsableArguments {
    public init() {}

    @OptionGroup public var table: TableOptions
    @OptionGroup public var plugins: PluginOptionGroup
    @OptionGroup public var behavior: BehaviorOptions

    /// Whether `--plugin` or `--plugins` named a plugin (else a script's `# plugin:` header may).
    public var namesPlugins: Bool { !plugins.plugins.isEmpty || plugins.pluginFolder != nil }

    /// The configuration the flags describe; `strict` is `run`'s own `--strict`.
    public func configuration(strict: Bool = false) -> SessionConfiguration {
        SessionConfiguration(
            plugins: plugins.paths.map(PluginSource.file), pluginOptions: plugins.options,
            items: .generated(count: table.rows), geometry: table.geometry, direction: behavior.direction,
            tableBehavior: behavior.tableBehavior, preset: behavior.preset, strict: strict,
            lifecycleEvents: behavior.lifecycleEvents)
    }
}
