import ArgumentParser
import LuaRuntime
import SwipeCommandLine
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTesting

extension SwipeHostCommand {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a gesture script headless and print the delegate calls and the final table.",
            discussion: """
                A script has one gesture a line; '#' starts a comment. Rows are 1-based (row N shows \
                item N); numbers may be negative and have decimals.

                  pan ROW begin [X]     a pan begins (X = translation at that moment, default 0)
                  pan ROW move X        X = translation since the pan began, negative = left
                  pan ROW end [VX]      the finger lifts: the cell snaps open or closed (VX = release
                                        velocity in points/s, negative = left; default: from the moves)
                  pan ROW cancel        the system cancels the pan
                  tap ROW BUTTON        tap a button by id, by number (trailing edge, 1 = outermost) or
                                        as leading:N / trailing:N
                  tap ROW content       tap the row's content (closes open rows with --close-on-tap)
                  wait MS               advance the virtual clock
                  scroll DY             scroll the table (points, positive = down)
                  open ROW [SIDE]       the table opens a row itself (no delegate call), on SIDE
                                        (leading or trailing; default: trailing if it has trailing buttons)
                  close ROW             the table closes a row itself (no delegate call)
                  swipe ROW DX [MS]     begin, a move every 16 ms to DX over MS (default 150), end
                  dismiss               dismiss the detail screen a plugin presented (ctx:present)
                  activate ROW ID       run button ID's action (its id, either edge) as a screen
                                        reader does, without revealing the row
                  actions ROW           list the row's accessibility actions, what a screen reader
                                        offers

                Wherever a line takes ROW, '#ID' names the row by its item's id instead \
                ('swipe #m42 -120', 'tap #7 one'); it is looked up when its line runs. Any other '#' \
                (one followed by a space, later in the line, or after wait, scroll and dismiss) \
                starts a comment.

                Without --plugin or --plugins, a script loads the plugins its header names: \
                '# plugin: PATH' lines among the comment lines at its top, before its first command \
                (several allowed, in load order; PATH relative to the script's folder). A header \
                naming no file or folder is an error at its line (status 2). '# options: ...' lines \
                there give run's options the script needs ('# options: --preset mail --direction \
                rtl'); the command line's come after them, so they win. An option run does not \
                take is an error at its line (status 2).

                With plugins (--plugin, --plugins, or the header), each row's buttons, thresholds and bounce come \
                from the first plugin whose configure() returns them, and the delegate calls go to \
                their handlers. A failing handler becomes a plugin_error event and the run goes on \
                (--strict makes it end the run with status 1).

                The whole script is checked before anything is printed: on an error the run prints \
                only 'FILE:LINE: message' on stderr and exits with status 2 (a plugin that does not \
                load also exits with status 2). Until then, output past 4 MiB waits in an unlinked \
                temporary file in $TMPDIR (or /tmp), so that a long script's run takes little memory.

                Text output on a terminal is coloured (the delegate's calls, plugin events, plugin \
                errors and warnings each their own way); --color and NO_COLOR turn it off, and \
                jsonl is never coloured.
                """
        )

        @Argument(help: "The gesture script to run ('-' reads standard input).")
        var script: String

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "Output format: 'text' for people, 'jsonl' for programs (one JSON object a line).")
        var format: OutputFormat = .text

        @Flag(help: "End the run with status 1 at the first plugin error.")
        var strict = false

        @OptionGroup var color: ColorOption

        @OptionGroup var coverage: RunCoverageOptions

        /// Output past this many bytes waits in an unlinked temporary file rather than in memory
        /// (hidden: the default suits every run; tests set a small one to reach the file).
        @Option(help: .hidden)
        var spoolAbove: Int = 4 << 20

        /// Script files from this size up are mapped and released as they run (hidden: tests
        /// set 0 to map small ones).
        @Option(help: .hidden)
        var mapAbove: Int = ScriptSource.mappingThreshold

        func run() throws {
            var request = self.request
            request.coverage = try coverage.settings
            try request.execute()
        }

        /// What the options say to do.
        var request: RunRequest {
            RunRequest(
                script: script, configuration: options.configuration(strict: strict), format: format,
                color: color.color,
                spoolAbove: spoolAbove, mapAbove: mapAbove)
        }

        /// The plugins the script's header names, as paths from the current folder; a path that
        /// names nothing is an error at its line.
        static func headerPlugins(of source: ScriptSource, path: String) throws(ScriptError) -> [String] {
            let header = source.withBytes { ScriptHeader($0) }
            var paths: [String] = []
            for plugin in header.plugins {
                guard !plugin.path.isEmpty else {
                    throw ScriptError(file: source.name, line: plugin.line, message: "'# plugin:' names no plugin file")
                }
                let resolved = ScriptHeader.resolve(plugin.path, script: path == "-" ? "<stdin>" : path)
                guard FileReading.exists(resolved) else {
                    let base =
                        path == "-"
                        ? "the current folder, for a script read from standard input" : "the script's folder"
                    throw ScriptError(
                        file: source.name, line: plugin.line,
                        message:
                            "plugin '\(plugin.path)' not found: no file or folder at '\(resolved)' (a '# plugin:' path is relative to \(base))"
                    )
                }
                // A device or a FIFO is refused here, at its line, before anything reads it.
                if let refusal = FileReading.nonRegularFile(resolved) {
                    throw ScriptError(
                        file: source.name, line: plugin.line,
                        message: "plugin '\(plugin.path)' cannot be read: \(refusal.reason)")
                }
                paths.append(resolved)
            }
            return paths
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}

/// A script's `# options:` header lines, applied as `swipehost run` and `render` take them: the
/// command is parsed again with the header's words before the command line's own, so that the
/// script runs by itself as it was meant to (`examples/both_edges.swipe` right to left) and an
/// option given on the command line wins.
enum HeaderOptions {
    /// The command parsed again with the header's options, or nil when the header has none. A
    /// word the command does not take is an error at its line (status 2).
    static func reparse<Command: ParsableCommand>(
        _ type: Command.Type, source: ScriptSource, subcommand: String
    ) throws(ScriptError) -> Command? {
        try reparse(type, header: source.withBytes { ScriptHeader($0) }, file: source.name, subcommand: subcommand)
    }

    /// The same for a header already read (`file` names it in an error).
    static func reparse<Command: ParsableCommand>(
        _ type: Command.Type, header: ScriptHeader, file: String, subcommand: String
    ) throws(ScriptError) -> Command? {
        guard !header.options.isEmpty else { return nil }
        let arguments = CommandLine.arguments.dropFirst()
        let given = Array(arguments.drop { $0 != subcommand }.dropFirst())
        func parse(_ words: [String], line: Int) throws(ScriptError) -> Command {
            do {
                return try Command.parse(words + given)
            } catch {
                let message = Command.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
                throw ScriptError(file: file, line: line, message: "'# options:' \(message)")
            }
        }
        // Each line alone first, so that an error names the line that has it.
        for options in header.options { _ = try parse(options.words, line: options.line) }
        return try parse(header.options.flatMap(\.words), line: header.options[0].line)
    }
}

/// What `swipehost run` does, from plain values: what ``SwipeHostCommand/Run`` parsed, or what
/// ``RunRequest/init(fastArguments:)`` read from a plain command line without the argument parser.
struct RunRequest {
    var script: String
    /// The table, its plugins and options, as the command line gives them (the plugins of
    /// `--plugin` and `--plugins`; with none, the script's header names them).
    var configuration = SessionConfiguration.defaults
    var format = OutputFormat.text
    var color = ColorOption.Choice.auto
    var spoolAbove = 4 << 20
    var mapAbove = ScriptSource.mappingThreshold
    /// Whether the script's `# options:` header has been applied (``HeaderOptions``).
    var headerApplied = false
    /// `--coverage`: count the plugins' lines (see RunCoverage.swift).
    var coverage: CoverageSettings?

    func execute() throws {
        try execute(ScriptSource.read(script, mapAbove: mapAbove))
    }

    func execute(_ source: ScriptSource) throws {
        let colorErrors = ColorOption.enabled(color, for: 2)
        if !headerApplied {
            let reparsed: SwipeHostCommand.Run?
            do {
                reparsed = try HeaderOptions.reparse(SwipeHostCommand.Run.self, source: source, subcommand: "run")
            } catch {
                StandardStreams.writeError(TextColor.red.paint(error.description, if: colorErrors) + "\n")
                throw ExitCode(2)
            }
            if let reparsed {
                var request = reparsed.request
                request.headerApplied = true
                request.coverage = try reparsed.coverage.settings
                return try request.execute(source)
            }
        }
        var configuration = self.configuration
        if configuration.plugins.isEmpty {
            do {
                configuration.plugins = try SwipeHostCommand.Run.headerPlugins(of: source, path: script).map(
                    PluginSource.file)
            } catch {
                StandardStreams.writeError(TextColor.red.paint(error.description, if: colorErrors) + "\n")
                throw ExitCode(2)
            }
        }
        configuration.pluginOptions.coverage = coverage.map { _ in LuaCoverage() }
        var run = PluginRun(fileName: source.name, configuration: configuration, format: format)
        run.colored = format == .text && ColorOption.enabled(color, for: 1)
        run.spoolAbove = spoolAbove
        run.progress = { source.release(upTo: $0) }
        run.notice = { StandardStreams.writeError(DisplayText.escaped($0) + "\n") }
        do {
            let output = try source.withBytes { (buffer) throws(RunFailure) in
                try run.run(script: buffer)
            }
            StandardStreams.write(output)
        } catch {
            let message = DisplayText.escaped("\(error)", keeping: [.tabs, .newlines])
            StandardStreams.writeError(TextColor.red.paint(message, if: colorErrors) + "\n")
            if let counted = configuration.pluginOptions.coverage, let coverage, error.exitStatus != 2 {
                try? Self.report(counted, coverage)
            }
            throw ExitCode(error.exitStatus)
        }
        if let counted = configuration.pluginOptions.coverage, let coverage { try Self.report(counted, coverage) }
    }
}

extension RunRequest {
    /// The common forms of `swipehost run`, read without the argument parser, whose reflection
    /// over every option is most of a short run's start-up: `run SCRIPT` with `--plugin PATH`
    /// (repeatable), `--format text|jsonl`, `--color auto|always|never`, `--preset NAME` and
    /// `--strict`, once each and in any order. Anything else (another option, `--help`, `--name=value`, a value that
    /// looks like an option, a second script) is nil, and the argument parser reads the command
    /// line as always: its answers and messages stay its own. Every other field keeps the
    /// default its option has (a test checks that both readings run alike).
    init?(fastArguments arguments: ArraySlice<String>) {
        guard arguments.first == "run" else { return nil }
        var script: String?
        var seen: Set<String> = []
        var index = arguments.startIndex + 1
        func value() -> String? {
            index += 1
            guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else { return nil }
            return arguments[index]
        }
        self.init(script: "")
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument != "--plugin" {
                guard seen.insert(argument).inserted || !argument.hasPrefix("-") else { return nil }
            }
            switch argument {
            case "--plugin":
                guard let path = value() else { return nil }
                configuration.plugins.append(.file(path))
            case "--format":
                guard let text = value(), let format = OutputFormat(rawValue: text) else { return nil }
                self.format = format
            case "--color":
                guard let text = value(), let color = ColorOption.Choice(rawValue: text) else { return nil }
                self.color = color
            case "--strict":
                configuration.strict = true
            case "--preset":
                guard let text = value(), let preset = BehaviorPreset(rawValue: text) else { return nil }
                configuration.preset = preset
            default:
                guard script == nil, argument == "-" || !argument.hasPrefix("-") else { return nil }
                script = argument
            }
            index += 1
        }
        guard let script else { return nil }
        self.script = script
    }
}
