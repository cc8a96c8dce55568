import CLuaBench
import Glibc
import LuaRuntime
import SwipeCore
import SwipePlugins
import SwipeScript

/// `swipehost bench`: the figures and targets of docs/performance.md, each the median of
/// several repetitions in one run.
public struct Benchmarks {
    public var quick: Bool
    /// Where `plugins/tutorial.lua` is (the repository root by default).
    public var root: String
    public var repetitions: Int

    public init(quick: Bool = false, root: String = ".") {
        self.quick = quick
        self.root = root
        repetitions = quick ? 2 : 7
    }

    var tutorialPlugin: String { root + "/plugins/tutorial.lua" }

    /// The `swipehost` the whole-process figures run: the one beside this binary
    /// (`swipehost-bench`, which `swipehost bench` executes, sits in the same folder).
    static var swipehost: String {
        let path = FileReading.executablePath()
        guard let slash = path.lastIndex(of: "/") else { return "swipehost" }
        return String(path[...slash]) + "swipehost"
    }

    /// Every figure, in order; with `only`, just those (the ratio needs both of its parts).
    public func run(only: Set<String> = []) throws -> [Figure] {
        func wanted(_ name: String) -> Bool { only.isEmpty || only.contains(name) }
        var figures: [Figure] = []
        if wanted("core.move_ns") { figures.append(coreMove()) }
        // A figure and its reference, measured side by side, and their ratio: `measure` is asked
        // for the parts wanted (the ratio needs both).
        func pair(
            _ first: String, _ second: String, ratio: String, target: (Figure.Comparison, Double),
            _ measure: (Bool, Bool) throws -> (Figure?, Figure?, [Double])
        ) throws {
            let both = wanted(ratio)
            guard both || wanted(first) || wanted(second) else { return }
            let (measured, reference, ratios) = try measure(both || wanted(first), both || wanted(second))
            if let measured, wanted(measured.name) { figures.append(measured) }
            if let reference, wanted(reference.name) { figures.append(reference) }
            if both, let measured {
                figures.append(Figure(name: ratio, value: median(ratios), unit: "x", n: measured.n, target: target))
            }
        }
        try pair("host.dispatch_ns", "lua.pcall_ns", ratio: "host.dispatch_ratio", target: (.atMost, 1.15)) {
            try dispatchAndPcall(dispatch: $0, pcall: $1)
        }
        try pair(
            "replay.lines_per_s", "replay.plain_lua_lines_per_s", ratio: "replay.vs_plain_lua", target: (.atLeast, 5)
        ) {
            try replay(host: $0, plainLua: $1)
        }
        if wanted("replay.spring_vs_tutorial") { figures.append(try springReplay()) }
        if wanted("replay.spring_process_vs_tutorial") { figures.append(try springProcess()) }
        if wanted("replay.rss_mb_10m") { figures.append(try replayMemory()) }
        if wanted("table.rss_mb_1m") { figures.append(tableMemory()) }
        if wanted("startup_ms") { figures.append(startup()) }
        if wanted("table.set_items_vs_plain_lua") { figures.append(try setItemsVsPlainLua()) }
        if wanted("explore.vs_replay") { figures.append(try exploreVsReplay()) }
        if wanted("serve.input_us") || wanted("serve.input_p99_us") {
            let serve = try serveInput()
            if wanted("serve.input_us") { figures.append(serve.median) }
            if wanted("serve.input_p99_us") { figures.append(serve.p99) }
        }
        if wanted("serve.input_appearance_us") { figures.append(try serveInputAppearance()) }
        if wanted("serve.frame_bytes_p50") || wanted("serve.frame_bytes_max") {
            let frames = try serveFrameBytes()
            if wanted("serve.frame_bytes_p50") { figures.append(frames.median) }
            if wanted("serve.frame_bytes_max") { figures.append(frames.max) }
        }
        if wanted("test.coverage_overhead") || wanted("test.coverage_reference_overhead")
            || wanted("test.coverage_runaway_overhead")
        {
            figures += try coverageOverhead(
                covered: wanted("test.coverage_overhead"), reference: wanted("test.coverage_reference_overhead"),
                runaway: wanted("test.coverage_runaway_overhead"))
        }
        return figures
    }

    /// ns per `pan move` through the cell state machine (no plugin, no output).
    func coreMove() -> Figure {
        let moves = quick ? 20_000 : 2_000_000
        let table = SwipeTable()
        try? table.panBegan(row: 3)
        let samples = (0..<repetitions).map { _ in
            Clock.measure {
                for i in 0..<moves {
                    try? table.panChanged(row: 3, translation: -10 - Double(i & 127))
                }
            } / Double(moves)
        }
        return Figure(name: "core.move_ns", value: median(samples), unit: "ns", n: moves, target: nil)
    }

    /// `host.dispatch_ns` and `lua.pcall_ns`, measured in turns so that both see the same state
    /// of a shared, noisy machine: each repetition alternates slices of 50,000 calls of one
    /// and of the other, and the ratio is the median of each repetition's ratio.
    ///
    /// Both sides run each slice on a fresh Lua state (`clb_pcall_ns` makes its own; the host
    /// is made again) at a different place in the heap: a block of a size that changes from
    /// slice to slice (64 bytes to 16 KiB, ``heapShift(_:)``) is held while the pair runs. Where
    /// a state's memory lands moves its speed: with one host per repetition, or with hosts that
    /// always landed in the same place, the ratio of the same code depended on the order the
    /// bench made and freed things (docs/performance.md, `host.dispatch_ratio`). Over the
    /// shifted places the per-slice ratios form one hump, and its median is what a host
    /// typically costs.
    func dispatchAndPcall(dispatch: Bool, pcall: Bool) throws -> (dispatch: Figure?, pcall: Figure?, ratios: [Double]) {
        let calls = quick ? 20_000 : 1_000_000
        let slice = quick ? 10_000 : 50_000
        let path = try temporaryPlugin("return { name = 'bench', on_open = function(ctx, row) end }")
        defer { unlink(path) }
        var dispatchSamples: [Double] = []
        var pcallSamples: [Double] = []
        var ratios: [Double] = []
        var slices = 0
        for _ in 0..<repetitions {
            var hostTotal = 0.0
            var pcallTotal = 0.0
            for _ in 0..<(calls / slice) {
                let shift = Self.heapShift(slices)
                defer { free(shift) }
                slices += 1
                if dispatch {
                    let host = try dispatchHost(plugin: path)
                    hostTotal += Self.dispatch(slice, into: host) * Double(slice)
                }
                if pcall { pcallTotal += clb_pcall_ns(slice) * Double(slice) }
            }
            let hostSample = hostTotal / Double(calls)
            let pcallSample = pcallTotal / Double(calls)
            if dispatch { dispatchSamples.append(hostSample) }
            if pcall { pcallSamples.append(pcallSample) }
            if dispatch && pcall { ratios.append(hostSample / pcallSample) }
        }
        return (
            dispatch
                ? Figure(name: "host.dispatch_ns", value: median(dispatchSamples), unit: "ns", n: calls, target: nil)
                : nil,
            pcall ? Figure(name: "lua.pcall_ns", value: median(pcallSamples), unit: "ns", n: calls, target: nil) : nil,
            ratios
        )
    }

    /// A block held while slice `index` of ``dispatchAndPcall(dispatch:pcall:)`` runs, so that
    /// the states made for it land elsewhere in the heap than the last slice's: 64 bytes plus
    /// a multiple of 1,040 (not a power of two), below 16 KiB.
    static func heapShift(_ index: Int) -> UnsafeMutableRawPointer? {
        malloc(64 + (index * 1040) % 16384)
    }

    /// A host over the empty `on_open` plugin at `path`, for ``dispatch(_:into:)``.
    func dispatchHost(plugin path: String) throws -> PluginHost {
        // Items stored as strings, as the C baseline pushes a stored string.
        let items = TableItems((1...30).map(TableItems.defaultTitle(row:)))
        return try PluginHost(plugins: [try Plugin(path: path)], configuration: SessionConfiguration(items: items))
    }

    /// ns per delegate call dispatched by the plugin host into an empty Lua `on_open`, with
    /// the sandbox and the budget on (the trace recording beside it is not counted: the C
    /// baseline, `clb_pcall_ns`, records nothing either).
    static func dispatch(_ calls: Int, into host: PluginHost) -> Double {
        Clock.measure {
            for _ in 0..<calls { host.dispatchOpen(row: 3) }
        } / Double(calls)
    }

    /// Lines per second replaying a generated script with `plugins/tutorial.lua` (parse, run,
    /// render jsonl and write it to /dev/null), and the same script replayed by the plain-Lua
    /// reference (`Lua/plain_tutorial.lua`, see ``PlainLuaReplay``) in the same process: each
    /// repetition runs one then the other, and the ratio is the median of the repetitions'.
    func replay(host: Bool, plainLua: Bool) throws -> (host: Figure?, plainLua: Figure?, ratios: [Double]) {
        let lines = quick ? 10_000 : 1_000_000
        let script = Self.replayScript(lines: lines)
        let scriptText = String(decoding: script, as: UTF8.self)
        let reference = plainLua ? try PlainLuaReplay() : nil
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        var hostSamples: [Double] = []
        var luaSamples: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<repetitions {
            if host {
                let configuration = SessionConfiguration(plugins: [.file(tutorialPlugin)])
                hostSamples.append(
                    try Self.linesPerSecond(
                        replaying: script, lines: lines, configuration: configuration, fileName: "replay.swipe",
                        into: devNull, failing: "replay failed"))
            }
            if let reference {
                var failure: (any Error)?
                let elapsed = Clock.measure {
                    do {
                        let output = try reference.replay(scriptText)
                        output.withCString { _ = write(devNull, $0, output.utf8.count) }
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw BenchError(message: "plain Lua replay failed: \(failure)") }
                luaSamples.append(Double(lines) / (elapsed / 1e9))
            }
            if host, plainLua { ratios.append(hostSamples.last! / luaSamples.last!) }
        }
        return (
            host
                ? Figure(
                    name: "replay.lines_per_s", value: median(hostSamples), unit: "lines/s", n: lines,
                    target: nil) : nil,
            plainLua
                ? Figure(
                    name: "replay.plain_lua_lines_per_s", value: median(luaSamples), unit: "lines/s", n: lines,
                    target: nil) : nil,
            ratios
        )
    }

    /// Lines per second of one timed replay of `script` (`lines` lines) as `swipehost run
    /// --format jsonl` runs it under `configuration`, its output written to `devNull`; a failed
    /// run throws `failing: ERROR`.
    static func linesPerSecond(
        replaying script: [UInt8], lines: Int, configuration: SessionConfiguration, fileName: String,
        into devNull: Int32, failing: String
    ) throws -> Double {
        let run = PluginRun(fileName: fileName, configuration: configuration, format: .jsonl)
        var failure: (any Error)?
        let elapsed = Clock.measure {
            script.withUnsafeBufferPointer { buffer in
                do {
                    let output = try run.run(script: buffer)
                    output.withUnsafeBytes { _ = write(devNull, $0.baseAddress, $0.count) }
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw BenchError(message: "\(failing): \(failure)") }
        return Double(lines) / (elapsed / 1e9)
    }

    /// The spring path against the tutorial's: lines per second replaying
    /// ``springReplayScript(lines:)`` with `plugins/mail.lua` under `--preset mail` (its rows
    /// snap, settle and close on springs), divided by the lines per second of the same script
    /// with `plugins/tutorial.lua` under the tutorial preset. Each repetition runs one then the
    /// other; the figure is the median of the repetitions' ratios.
    func springReplay() throws -> Figure {
        let lines = quick ? 10_000 : 1_000_000
        let script = Self.springReplayScript(lines: lines)
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        func linesPerSecond(plugin: String, preset: BehaviorPreset) throws -> Double {
            let configuration = SessionConfiguration(plugins: [.file(plugin)], preset: preset)
            return try Self.linesPerSecond(
                replaying: script, lines: lines, configuration: configuration, fileName: "spring.swipe",
                into: devNull, failing: "replay.spring_vs_tutorial: \(preset) replay failed")
        }
        var ratios: [Double] = []
        for _ in 0..<repetitions {
            let tutorial = try linesPerSecond(plugin: tutorialPlugin, preset: .tutorial)
            let spring = try linesPerSecond(plugin: root + "/plugins/mail.lua", preset: .mail)
            ratios.append(spring / tutorial)
        }
        return Figure(
            name: "replay.spring_vs_tutorial", value: median(ratios), unit: "x", n: lines, target: (.atLeast, 0.67))
    }

    /// The spring path as a user meets it, a whole process: the CPU time (user and
    /// system, from `wait4`) of a whole `swipehost run SCRIPT --plugin plugins/mail.lua --preset
    /// mail --format jsonl` (a child process, its jsonl written to a file) over the same run
    /// with `--plugin plugins/tutorial.lua`, SCRIPT ``springReplayScript(lines:)``'s 200,000
    /// lines (20,000 with `--quick`). Start-up, loading the plugin, parsing and writing the
    /// output are all in it. Each repetition runs one then the other; the figure is the median
    /// of the repetitions' ratios. At most 1.5.
    func springProcess() throws -> Figure {
        let lines = quick ? 2_000 : 200_000
        let script = try temporaryFile("", suffix: ".swipe")
        defer { unlink(script) }
        let bytes = Self.springReplayScript(lines: lines)
        let descriptor = open(script, O_WRONLY | O_TRUNC)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw BenchError(message: "cannot write \(script)") }
        let output = try temporaryFile("", suffix: ".jsonl")
        defer { unlink(output) }
        func cpuSeconds(_ plugin: [String]) throws -> Double {
            let arguments = [Self.swipehost, "run", script] + plugin + ["--format", "jsonl"]
            let run = Process.run(arguments, stdout: output)
            guard run.status == 0 else {
                throw BenchError(
                    message: "replay.spring_process_vs_tutorial: `swipehost run` exited with status \(run.status) "
                        + "(\(plugin.joined(separator: " ")))")
            }
            return run.cpuSeconds
        }
        let tutorial = ["--plugin", tutorialPlugin]
        let mail = ["--plugin", root + "/plugins/mail.lua", "--preset", "mail"]
        _ = try (cpuSeconds(tutorial), cpuSeconds(mail))  // warm the page cache
        var ratios: [Double] = []
        for _ in 0..<(quick ? 3 : 9) {
            let base = try cpuSeconds(tutorial)
            ratios.append(try cpuSeconds(mail) / base)
        }
        return Figure(
            name: "replay.spring_process_vs_tutorial", value: median(ratios), unit: "x", n: lines,
            target: (.atMost, 1.5))
    }

    /// Peak resident MiB of a whole `swipehost run` (a child process) of a generated
    /// 10,000,000-line script with `plugins/tutorial.lua`, jsonl written to a file; `--quick`:
    /// a 100,000-line script (`n` says which).
    func replayMemory() throws -> Figure {
        let lines = quick ? 10_000 : 10_000_000
        let script = try temporaryFile("", suffix: ".swipe")
        defer { unlink(script) }
        try Self.writeReplayScript(lines: lines, toPath: script)
        let output = try temporaryFile("", suffix: ".jsonl")
        defer { unlink(output) }
        let arguments = [
            FileReading.executablePath(), "--probe-replay-memory", script, output, "--root", root,
        ]
        var samples: [Double] = []
        for _ in 0..<(quick ? 1 : 3) {
            let printed = Process.output(arguments) ?? ""
            guard let kilobytes = Double(printed.filter { !$0.isWhitespace }) else {
                throw BenchError(
                    message: "replay.rss_mb_10m: \(printed.isEmpty ? "the probe printed nothing" : printed)")
            }
            samples.append(kilobytes / 1024)
        }
        return Figure(name: "replay.rss_mb_10m", value: median(samples), unit: "MiB", n: lines, target: (.atMost, 64))
    }

    /// What the child of ``replayMemory()`` prints: the peak resident KiB of `swipehost run SCRIPT
    /// --plugin plugins/tutorial.lua --format jsonl > OUTPUT`, spawned from this small process
    /// so that the figure is the run's own (`exec` folds the spawning process's peak into it,
    /// here a few MiB), or why it failed.
    public static func probeReplayMemory(script: String, output: String, root: String) -> String {
        let run = Process.run(
            [
                swipehost, "run", script, "--plugin", root + "/plugins/tutorial.lua", "--format",
                "jsonl",
            ], stdout: output)
        guard run.status == 0 else { return "swipehost run exited with status \(run.status)" }
        return String(Int(run.peakKilobytes))
    }

    /// Writes ``replayScript(lines:)``'s script to `path`, a cycle at a time: a 10-million-line
    /// script is never held whole.
    static func writeReplayScript(lines: Int, toPath path: String) throws {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw BenchError(message: "cannot write \(path)") }
        defer { close(descriptor) }
        // 110 lines: every row of the cycle once, so that the chunk repeats exactly.
        let block = replayScript(lines: 110)
        var chunk: [UInt8] = []
        for _ in 0..<1000 { chunk += block }
        var left = lines
        while left > 0 {
            let whole = min(left, 110_000)
            // A partial block: the script's first `whole` lines (it starts as the chunk does).
            let bytes = whole == 110_000 ? chunk : replayScript(lines: whole)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw BenchError(message: "cannot write \(path)") }
            left -= whole
        }
    }

    /// RSS of a child process that scrolls a 1,000,000-row table from top to bottom with the
    /// tutorial plugin, opening 10,000 rows on the way (see ``measureTableMemory(root:)``).
    func tableMemory() -> Figure {
        let samples = (0..<(quick ? 1 : 3)).compactMap { _ -> Double? in
            let output = Process.output([
                FileReading.executablePath(), "--probe-table-memory", "--probe-rows", String(tableMemoryRows),
                "--root", root,
            ])
            return output.flatMap { Double($0.split(separator: " ").first.map(String.init) ?? "") }
        }
        return Figure(
            name: "table.rss_mb_1m", value: samples.isEmpty ? .nan : median(samples), unit: "MiB", n: tableMemoryRows,
            target: (.atMost, 64))
    }

    /// The rows of ``tableMemory()``'s table: a million, or ten thousand with `--quick` (which
    /// checks that the probe works, not the figure).
    var tableMemoryRows: Int { quick ? 10_000 : 1_000_000 }

    /// What the child of ``tableMemory()`` prints: `RSS_MB CELLS CONFIGURE_CALLS`, for a table of
    /// `rows` rows.
    public static func measureTableMemory(root: String, rows: Int = 1_000_000) throws -> String {
        let host = try PluginHost(
            plugins: [try Plugin(path: root + "/plugins/tutorial.lua")],
            configuration: SessionConfiguration(items: .generated(count: rows)))
        let table = host.table
        let screens = Int(
            (Double(table.items.count) * table.geometry.rowHeight / table.geometry.viewportHeight).rounded(.up))
        var opened = 0
        for screen in 0..<screens {
            table.scroll(by: table.geometry.viewportHeight)
            if opened < 10_000, screen % max(1, screens / 10_000) == 0 {
                try table.openRow(table.visibleRows.lowerBound)
                opened += 1
            }
        }
        return "\(Process.residentMegabytes()) \(table.cellCount) \(host.configureCalls)"
    }

    /// Whole-process milliseconds of `swipehost run` of a 5-line script with one plugin.
    func startup() -> Figure {
        let runs = quick ? 3 : 30
        let script =
            (try? temporaryFile("swipe 3 -60\nwait 300\ntap 3 1\nscroll 44\nwait 10\n", suffix: ".swipe"))
            ?? "/dev/null"
        defer { unlink(script) }
        let arguments = [Self.swipehost, "run", script, "--plugin", tutorialPlugin]
        _ = Process.run(arguments)  // warm the page cache
        let samples = (0..<runs).map { _ in Process.run(arguments).nanoseconds / 1e6 }
        return Figure(name: "startup_ms", value: median(samples), unit: "ms", n: runs, target: nil)
    }

    /// A script of `lines` lines: swipes open, taps (the tutorial presents its detail), drags
    /// closed, on the rows on screen.
    public static func replayScript(lines: Int) -> [UInt8] { replayScript(lines: lines, tapping: "1") }

    /// ``replayScript(lines:)``'s gestures with `tap R content` for its `tap R 1`: a script
    /// both `plugins/tutorial.lua` and `plugins/mail.lua` run to the end (mail's button 1
    /// deletes its row), whose releases under `--preset mail` each start a spring.
    public static func springReplayScript(lines: Int) -> [UInt8] { replayScript(lines: lines, tapping: "content") }

    /// The callgrind gate's `progress` script: pans made mostly of moves, each of
    /// which calls a plugin's `on_progress`; one opens its row, the next closes it.
    public static func progressScript(lines: Int) -> [UInt8] {
        script(
            lines: lines,
            cycle: [
                "pan R begin", "pan R move -10", "pan R move -20", "pan R move -30", "pan R move -45",
                "pan R move -60", "pan R move -90", "pan R end", "wait 250", "pan R begin", "pan R move 40",
                "pan R move 90", "pan R move 130", "pan R end", "wait 250",
            ])
    }

    /// The replay's cycle, its tap `tap R TARGET`: the one gesture the two replay scripts differ in.
    static func replayScript(lines: Int, tapping target: String) -> [UInt8] {
        script(
            lines: lines,
            cycle: [
                "pan R begin", "pan R move -20", "pan R move -45", "pan R end", "wait 250",
                "tap R \(target)", "pan R begin", "pan R move 130", "pan R end", "wait 250",
            ])
    }

    /// The callgrind gate's `replay.items` script: ``replayScript(lines:)``'s
    /// gestures, with `tap R content` and an `actions R`, on the rows of `examples/inbox.lua`'s
    /// items named by id (`#m1` to `#m4`, a cycle each), none of which deletes a row.
    public static func itemsReplayScript(lines: Int) -> [UInt8] {
        script(
            lines: lines,
            cycle: [
                "pan R begin", "pan R move -20", "pan R move -45", "pan R end", "wait 250", "tap R content",
                "pan R begin", "pan R move 130", "pan R end", "wait 250", "actions R",
            ],
            rows: ["#m1", "#m2", "#m3", "#m4"])
    }

    /// `lines` lines of `cycle`, its `R` the row: rows 1 to 11 in turn, a cycle each.
    static func script(lines: Int, cycle: [String]) -> [UInt8] {
        script(lines: lines, cycle: cycle, rows: (1...11).map(String.init))
    }

    /// `lines` lines of `cycle`, its `R` each of `rows` in turn, a cycle each.
    static func script(lines: Int, cycle: [String], rows: [String]) -> [UInt8] {
        var text = ""
        text.reserveCapacity(lines * 16)
        var count = 0
        var row = 0
        while count < lines {
            for line in cycle where count < lines {
                text += line.split(separator: "R", omittingEmptySubsequences: false).joined(separator: rows[row])
                text += "\n"
                count += 1
            }
            row = (row + 1) % rows.count
        }
        return Array(text.utf8)
    }

    func temporaryPlugin(_ source: String) throws -> String {
        try temporaryFile(source, suffix: ".lua")
    }

    func temporaryFile(_ contents: String, suffix: String) throws -> String {
        var template = Array("/tmp/swipehost-bench-XXXXXX\(suffix)".utf8CString)
        let descriptor = mkstemps(&template, Int32(suffix.utf8.count))
        guard descriptor >= 0 else { throw BenchError(message: "cannot create a temporary file") }
        let bytes = Array(contents.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return FileReading.string(template)
    }
}
