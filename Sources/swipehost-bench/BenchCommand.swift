import ArgumentParser
import SwipeBench
import SwipeCommandLine

/// `swipehost-bench`: `swipehost bench`, a binary of its own so that only it links the benchmarks
/// and what they measure beside `run` (the playground's session and encoder). `swipehost bench
/// ARGS` executes it with the same arguments; its options and help are ``BenchOptions``.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipehost bench",
        abstract: BenchOptions.abstract,
        discussion: BenchOptions.discussion,
        version: "swipehost \(SwipeHostVersion.current)"
    )

    @OptionGroup var options: BenchOptions

    func run() throws {
        if options.probeTableMemory {
            line("\(try Benchmarks.measureTableMemory(root: options.root, rows: max(options.probeRows, 1)))")
            return
        }
        if options.probeReplayMemory.count == 2 {
            line(
                Benchmarks.probeReplayMemory(
                    script: options.probeReplayMemory[0], output: options.probeReplayMemory[1], root: options.root)
            )
            return
        }
        if let gate = options.gate {
            guard let workload = GateWorkload(rawValue: gate) else {
                throw ValidationError(
                    "unknown gate workload '\(gate)': expected one of \(GateWorkload.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            try workload.run(count: max(options.gateCount, 1), root: options.root)
            return
        }
        let figures = try Benchmarks(quick: options.quick, root: options.root).run(only: Set(options.only))
        if options.json {
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
        if options.check, figures.contains(where: { $0.met == false }) { throw ExitCode(1) }
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
