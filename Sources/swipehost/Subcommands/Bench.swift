import ArgumentParser
import SwipeCommandLine

extension SwipeHostCommand {
    /// `swipehost bench`: parses and checks the options here (help and usage errors need no
    /// benchmark code), then executes `swipehost-bench`, the binary beside this one that links
    /// the benchmarks, with the same arguments.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench", abstract: BenchOptions.abstract, discussion: BenchOptions.discussion)

        @OptionGroup var options: BenchOptions

        /// The benchmarks' binary, looked for in the folder of the running `swipehost`.
        static let benchName = "swipehost-bench"

        func run() throws {
            try Sibling.exec(
                Self.benchName, for: "bench", what: "the benchmark",
                buildHint:
                    "Build it beside swipehost with 'swift build -c release --product \(Self.benchName)' (a debug build measures many times slower), or install both with scripts/install.sh."
            )
        }
    }
}
