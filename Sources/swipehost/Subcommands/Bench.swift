import ArgumentParser
import SwipeBench
import SwipeCommandLine

extension SwipeHostCommand {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Measure the host and check its performance targets (use a release build).",
            discussion: """
                Prints each figure (the median of several repetitions) with its target: ns per pan \
                move in the core, ns per delegate call into an empty Lua handler next to the same \
                call made with the raw Lua C API, lines per second replaying a generated script with \
                plugins/tutorial.lua next to the same script replayed by the tutorial written in \
                plain Lua (Sources/SwipeBench/Lua/plain_tutorial.lua, run by the same embedded Lua \
                in the same run; replay.vs_plain_lua is the ratio), the spring presets against the \
                tutorial (replay.spring_vs_tutorial: lines per second of a spring script with \
                plugins/mail.lua under --preset mail over the same script with \
                plugins/tutorial.lua, in this process; replay.spring_process_vs_tutorial: the CPU \
                time of the same two as whole `swipehost run` processes of 200,000 lines), the \
                peak resident memory of a \
                whole `swipehost run` of a 10,000,000-line script with its jsonl written to a file \
                (a child process; 100,000 lines with --quick), the resident memory of a \
                1,000,000-row table, the start-up time of a whole `swipehost run`, and the \
                playground server's time from a pointer message received to its frame encoded \
                (median and 99th percentile over 10,000 moves on one session). Build with \
                `swift build -c release` first: a debug \
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

        @Option(
            help: ArgumentHelp(
                "Measure only this figure (repeatable): \(Benchmarks.figureNames.joined(separator: ", ")).",
                valueName: "name"))
        var only: [String] = []

        func validate() throws {
            for name in only where !Benchmarks.figureNames.contains(name) {
                throw ValidationError(
                    "unknown figure '\(name)': expected one of \(Benchmarks.figureNames.joined(separator: ", "))")
            }
        }

        @Flag(help: .hidden)
        var probeTableMemory = false

        /// SCRIPT OUTPUT: the child of replay.rss_mb_10m (see `Benchmarks.probeReplayMemory`).
        @Option(parsing: .upToNextOption, help: .hidden)
        var probeReplayMemory: [String] = []

        /// A workload of scripts/callgrind-gate.sh (a `GateWorkload` raw value: `replay.line`, `serve.input`...),
        /// run `--gate-count` units at a time under callgrind; prints nothing.
        @Option(help: .hidden)
        var gate: String?

        @Option(help: .hidden)
        var gateCount = 1000

        func run() throws {
            if probeTableMemory {
                line("\(try Benchmarks.measureTableMemory(root: root))")
                return
            }
            if probeReplayMemory.count == 2 {
                line(
                    Benchmarks.probeReplayMemory(script: probeReplayMemory[0], output: probeReplayMemory[1], root: root)
                )
                return
            }
            if let gate {
                guard let workload = GateWorkload(rawValue: gate) else {
                    throw ValidationError(
                        "unknown gate workload '\(gate)': expected one of \(GateWorkload.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                try workload.run(count: max(gateCount, 1), root: root)
                return
            }
            let figures = try Benchmarks(quick: quick, root: root).run(only: Set(only))
            if json {
                for figure in figures { line(figure.json) }
            } else {
                // The names' column fits the longest.
                let width = max(22, (figures.map(\.name.count).max() ?? 0) + 2)
                line(
                    pad("figure", width) + pad("value", 14, right: true) + "  " + pad("unit", 8) + pad("target", 14)
                        + "met")
                for figure in figures {
                    let met = figure.met.map { $0 ? "yes" : "NO" } ?? ""
                    line(
                        pad(figure.name, width) + pad(Figure.formatted(figure.value), 14, right: true) + "  "
                            + pad(figure.unit, 8) + pad(figure.targetText, 14) + met)
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
