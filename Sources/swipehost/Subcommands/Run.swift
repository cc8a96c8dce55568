import ArgumentParser
import SwipeCore
import SwipePlugins
import SwipeScript

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
                  pan ROW end           the finger lifts: the cell snaps open or closed
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

                Without --plugin or --plugins, a script loads the plugins its header names: \
                '# plugin: PATH' lines among the comment lines at its top, before its first command \
                (several allowed, in load order; PATH relative to the script's folder). A header \
                naming no file or folder is an error at its line (status 2).

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

        @OptionGroup var table: TableOptions
        @OptionGroup var plugins: PluginOptionGroup
        @OptionGroup var behavior: BehaviorOptions

        @Option(help: "Output format: 'text' for people, 'jsonl' for programs (one JSON object a line).")
        var format: OutputFormat = .text

        @Flag(help: "End the run with status 1 at the first plugin error.")
        var strict = false

        @OptionGroup var color: ColorOption

        /// Output past this many bytes waits in an unlinked temporary file rather than in memory
        /// (hidden: the default suits every run; tests set a small one to reach the file).
        @Option(help: .hidden)
        var spoolAbove: Int = 4 << 20

        /// Script files from this size up are mapped and released as they run (hidden: tests
        /// set 0 to map small ones).
        @Option(help: .hidden)
        var mapAbove: Int = ScriptSource.mappingThreshold

        func run() throws {
            let source = try ScriptSource.read(script, mapAbove: mapAbove)
            let colorErrors = color.onStandardError
            let given = !plugins.plugins.isEmpty || plugins.pluginFolder != nil
            let pluginPaths: [String]
            do {
                pluginPaths = try given ? plugins.paths : Self.headerPlugins(of: source, path: script)
            } catch {
                StandardStreams.writeError(TextColor.red.paint(error.description, if: colorErrors) + "\n")
                throw ExitCode(2)
            }
            var run = PluginRun(
                fileName: source.name, pluginPaths: pluginPaths, options: plugins.options,
                defaultItems: .generated(count: table.rows), geometry: table.geometry, format: format, strict: strict,
                direction: behavior.direction, tableOptions: behavior.tableOptions)
            run.colored = format == .text && color.onStandardOutput
            run.preset = behavior.preset
            run.spoolAbove = spoolAbove
            run.progress = { source.release(upTo: $0) }
            do {
                let output = try source.withBytes { (buffer) throws(RunFailure) in
                    try run.run(script: buffer)
                }
                StandardStreams.write(output)
            } catch {
                let message = DisplayText.escaped("\(error)", keeping: [.tabs, .newlines])
                StandardStreams.writeError(TextColor.red.paint(message, if: colorErrors) + "\n")
                throw ExitCode(error.exitStatus)
            }
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
                    let base = path == "-" ? "the current folder, for a script read from standard input" : "the script's folder"
                    throw ScriptError(
                        file: source.name, line: plugin.line,
                        message: "plugin '\(plugin.path)' not found: no file or folder at '\(resolved)' (a '# plugin:' path is relative to \(base))")
                }
                paths.append(resolved)
            }
            return paths
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
