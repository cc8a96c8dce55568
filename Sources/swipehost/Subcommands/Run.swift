import ArgumentParser
import SwipeCore
import SwipePlugins
import SwipeScript

extension SwipeHostCommand {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
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

                With plugins (--plugin, --plugins), each row's buttons, thresholds and bounce come \
                from the first plugin whose configure() returns them, and the delegate calls go to \
                their handlers. A failing handler becomes a plugin_error event and the run goes on \
                (--strict makes it end the run with status 1).

                The whole script is checked before anything is printed: on an error the run prints \
                only 'FILE:LINE: message' on stderr and exits with status 2 (a plugin that does not \
                load also exits with status 2).
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

        func run() throws {
            let source = try ScriptSource.read(script)
            let run = PluginRun(
                fileName: source.name, pluginPaths: plugins.paths, options: plugins.options,
                defaultItems: .generated(count: table.rows), geometry: table.geometry, format: format, strict: strict,
                direction: behavior.direction, tableOptions: behavior.tableOptions)
            do {
                let output = try source.bytes.withUnsafeBufferPointer { (buffer) throws(RunFailure) in
                    try run.run(script: buffer)
                }
                StandardStreams.write(output)
            } catch {
                StandardStreams.writeError(DisplayText.escaped("\(error)", keeping: [.tabs, .newlines]) + "\n")
                throw ExitCode(error.exitStatus)
            }
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
