import ArgumentParser

/// `swipehost bench`'s options and help, shared by the `bench` subcommand of `swipehost` (which
/// parses them, so that `swipehost bench --help` and its usage errors need no benchmark code) and
/// by `swipehost-bench`, the separate binary that measures: the benchmarks (and the playground
/// and spec code they measure) are linked into that binary only, so building `swipehost`, as the
/// demo does, does not compile them.
public struct BenchOptions: ParsableArguments {
    public init() {}

    public static let abstract = "Measure the host and check its ratio and size targets (use a release build)."

    /// The figures, in the order they are measured and printed.
    public static let figureNames = [
        "core.move_ns", "host.dispatch_ns", "lua.pcall_ns", "host.dispatch_ratio", "replay.lines_per_s",
        "replay.plain_lua_lines_per_s", "replay.vs_plain_lua", "replay.spring_vs_tutorial",
        "replay.spring_process_vs_tutorial", "replay.rss_mb_10m",
        "table.rss_mb_1m", "startup_ms",
        "table.set_items_vs_plain_lua", "explore.vs_replay",
        "serve.input_us", "serve.input_p99_us", "serve.frame_bytes_p50", "serve.frame_bytes_max",
        "serve.input_appearance_us",
        "test.coverage_overhead", "test.coverage_reference_overhead", "test.coverage_runaway_overhead",
    ]

    public static let discussion = """
        Prints each figure (the median of several repetitions) with its target, where \
        it has one. The figures, as --only names them (docs/performance.md says how \
        each is measured):
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
        10,000,000-line script, its jsonl written to a file (10,000 lines with --quick).
          table.rss_mb_1m: the resident memory of a 1,000,000-row table (10,000 rows with --quick).
          startup_ms: the start-up time of a whole `swipehost run`.
          explore.vs_replay: swipehost explore's cost per step (generation, invariants, \
        a session per run) over the cost per line of replaying the scripts it generated \
        (swipehost run --format jsonl), plugins/mail.lua, same run.
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
        counter written in Lua) over the same specs without coverage; the shipped tests \
        tagged #runaway (a plugin's endless loop run to its instruction budget) are left \
        out and measured alone as test.coverage_runaway_overhead.
        Build with `swift build -c release` first: a debug build is many times slower. \
        The times (the _ns, _us and _ms figures, replay.lines_per_s) depend on the \
        machine and its load, so they are printed without a target: their targets are \
        instruction counts, held by scripts/callgrind-gate.sh against \
        bench/baselines.json. The ratios are measured against a reference in the same \
        run and keep theirs.
        """

    @Flag(help: "Fewer, shorter repetitions: checks that the benchmark works, not the targets.")
    public var quick = false

    @Flag(help: "One JSON object per figure (name, value, unit, n, and target and met where it has a target).")
    public var json = false

    @Flag(help: "Exit with status 1 when a target is missed.")
    public var check = false

    @Option(help: "The repository root, where plugins/tutorial.lua is.")
    public var root = "."

    @Option(
        help: ArgumentHelp(
            "Measure only this figure (repeatable): \(BenchOptions.figureNames.joined(separator: ", ")).",
            valueName: "name"))
    public var only: [String] = []

    public func validate() throws {
        for name in only where !Self.figureNames.contains(name) {
            throw ValidationError(
                "unknown figure '\(name)': expected one of \(Self.figureNames.joined(separator: ", "))")
        }
    }

    /// The child of `table.rss_mb_1m`: prints `RSS_MB CELLS CONFIGURE_CALLS` for a table of
    /// `--probe-rows` rows.
    @Flag(help: .hidden)
    public var probeTableMemory = false

    @Option(help: .hidden)
    public var probeRows = 1_000_000

    /// SCRIPT OUTPUT: the child of replay.rss_mb_10m (see `Benchmarks.probeReplayMemory`).
    @Option(parsing: .upToNextOption, help: .hidden)
    public var probeReplayMemory: [String] = []

    /// A workload of scripts/callgrind-gate.sh (a `GateWorkload` raw value: `replay.line`,
    /// `serve.input`...), run `--gate-count` units at a time under callgrind; prints nothing.
    @Option(help: .hidden)
    public var gate: String?

    @Option(help: .hidden)
    public var gateCount = 1000
}
