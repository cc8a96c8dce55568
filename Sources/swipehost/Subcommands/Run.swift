import ArgumentParser
import SwipeCore
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
                  tap ROW BUTTON        tap a button by id or number (1 = rightmost)
                  wait MS               advance the virtual clock
                  scroll DY             scroll the table (points, positive = down)
                  open ROW / close ROW  the table opens or closes a row itself (no delegate call)
                  swipe ROW DX [MS]     begin, a move every 16 ms to DX over MS (default 150), end

                The whole script is checked before anything is printed: on an error the run prints \
                only 'FILE:LINE: message' on stderr and exits with status 2.
                """
        )

        @Argument(help: "The gesture script to run ('-' reads standard input).")
        var script: String

        @OptionGroup var table: TableOptions

        @Option(help: "Output format: 'text' for people, 'jsonl' for programs (one JSON object a line).")
        var format: OutputFormat = .text

        func run() throws {
            let source = try ScriptSource.read(script)
            let headless = HeadlessRun(
                fileName: source.name, items: .generated(count: table.rows), geometry: table.geometry, format: format)
            do {
                let output = try source.bytes.withUnsafeBufferPointer { (buffer) throws(ScriptError) in
                    try headless.run(script: buffer)
                }
                StandardStreams.write(output.bytes)
            } catch {
                StandardStreams.writeError("\(error)\n")
                throw ExitCode(2)
            }
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
