import ArgumentParser
import SwipeBench
import SwipeCommandLine

extension SwipeHostCommand {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Measure the host and check its performance targets (use a release build).",
            discussion: """
                Prints each figure (the median of several repetitions) with its target. The \
                figures, as --only names them (docs/performance.md says how each is measured):
                  core.move_ns: ns per pan move in the core.
                  host.dispatch_ns, lua.pcall_ns, host.dispatch_ratio: ns per delegate call into \
                an empty Lua handler, next to the same call made with the raw Lua C API.
                  replay.lines_per_s, replay.plain_lua_lines_per_s, replay.vs_plain_lua: lines \
                per second replaying a generated script with plugins/tutorial.lua, next to the \
                same script replayed by the tutorial written in plain Lua \
                (Sources/SwipeBench/Lua/plain_tutorial.lua, same embedded Lua, same run).
                  replay.spring_vs_tutorial: lines per second of a spring script with \
                plugins/mail.lua under --preset mail over the same script with \
                plugins/tutorial.lua, in this process; replay.spring_process_vs_tutorial: the CPU \
                time of the same two as whole `swipehost run` processes of 200,000 lines.
                  replay.rss_mb_10m: the peak resident memory of a whole `swipehost run` of a \
                10,000,000-line script, its jsonl written to a file (100,000 lines with --quick).
                  table.rss_mb_1m: the resident memory of a 1,000,000-row table.
                  startup_ms: the start-up time of a whole `swipehost run`.
                  table.set_items_vs_plain_lua: a handler's ctx:set_items on 10,000 items with \
                ids, over the same diff written in plain Lua.
                  serve.input_us, serve.input_p99_us: the playground server's time from a pointer \
                message received to its frame encoded (median and 99th percentile over 10,000 \
                moves on one session); serve.input_appearance_us: the same drag over rows with \
                icons, a border transition and a full swipe.
                  serve.frame_bytes_p50, serve.frame_bytes_max: the sizes of the playground's \
                frames through a flick, a spring settle and a full swipe of plugins/mail.lua \
                under --preset mail.
                  test.coverage_overhead, test.coverage_reference_overhead: the CPU time of the \
                shipped specs and a generated spec under --coverage (and under a luacov-style \
                counter written in Lua) over the same specs without coverage.
                Build with `swift build -c release` first: a debug build is many times slower. \
                The wall-clock figures (core.move_ns, replay.lines_per_s) depend on the machine; \
                the ratios are measured against a reference in the same run.
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
