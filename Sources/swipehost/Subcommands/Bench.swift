import ArgumentParser
import SwipeBench

extension SwipeHostCommand {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure the host and check its performance targets (use a release build).",
            discussion: """
                Prints each figure (the median of several repetitions) with its target: ns per pan \
                move in the core, ns per delegate call into an empty Lua handler next to the same \
                call made with the raw Lua C API, lines per second replaying a generated script with \
                plugins/tutorial.lua, the resident memory of a 1,000,000-row table, the start-up \
                time of a whole `swipehost run`, and the playground server's time from a pointer \
                message received to its frame encoded (median and 99th percentile over 10,000 \
                moves on one session). Build with `swift build -c release` first: a debug \
                build is many times slower.
                """
        )

        @Flag(help: "Fewer, shorter repetitions: checks that the benchmark works, not the targets.")
        var quick = false

        @Flag(help: "One JSON object per figure (name, value, unit, n, target, met).")
        var json = false

        @Flag(help: "Exit with status 1 when a target is missed.")
        var check = false

        @Option(help: "The repository root, where plugins/tutorial.lua is.")
        var root = "."

        @Option(help: ArgumentHelp("Measure only this figure (repeatable): \(Benchmarks.figureNames.joined(separator: ", ")).", valueName: "name"))
        var only: [String] = []

        func validate() throws {
            for name in only where !Benchmarks.figureNames.contains(name) {
                throw ValidationError("unknown figure '\(name)': expected one of \(Benchmarks.figureNames.joined(separator: ", "))")
            }
        }

        @Flag(help: .hidden)
        var probeTableMemory = false

        func run() throws {
            if probeTableMemory {
                line("\(try Benchmarks.measureTableMemory(root: root))")
                return
            }
            let figures = try Benchmarks(quick: quick, root: root).run(only: Set(only))
            if json {
                for figure in figures { line(figure.json) }
            } else {
                line(pad("figure", 22) + pad("value", 14, right: true) + "  " + pad("unit", 8) + pad("target", 14) + "met")
                for figure in figures {
                    let met = figure.met.map { $0 ? "yes" : "NO" } ?? ""
                    line(pad(figure.name, 22) + pad(Figure.formatted(figure.value), 14, right: true) + "  " + pad(figure.unit, 8) + pad(figure.targetText, 14) + met)
                }
            }
            if check, figures.contains(where: { $0.met == false }) { throw ExitCode(1) }
        }

        /// A line of standard output, through the shared stream code (a write that fails ends the command).
        private func line(_ text: String) {
            StandardStreams.write(text + "\n")
        }

        private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let space = String(repeating: " ", count: max(0, width - text.count))
            return right ? space + text : text + space
        }
    }
}
