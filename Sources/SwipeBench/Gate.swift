import Glibc
import LuaRuntime
import SwipeCore
import SwipePlayground
import SwipePlugins
import SwipeScript
import SwipeTesting

/// The workloads of the callgrind gate (`scripts/callgrind-gate.sh`): each runs its unit of
/// work `count` times to warm the process up (caches, lazy set-up), then `count` times again
/// inside ``callgrindMeasuredRegion(_:)``, the one function callgrind collects in
/// (`--toggle-collect`). The gate runs each workload with `count` = N and 2N: the difference
/// of the two totals, divided by N, is the cost of one unit with every fixed cost (a plugin's
/// load, a table's making) taken out.
public enum GateWorkload: String, CaseIterable, Sendable {
    /// A replayed script line: `plugins/tutorial.lua`, parse, run, jsonl into memory.
    case replayLine = "replay.line"
    /// A replayed line of the spring path: ``Benchmarks/springReplayScript(lines:)``
    /// with `plugins/mail.lua` under `--preset mail`, parse, run, jsonl into memory.
    case springReplayLine = "replay.spring"
    /// A delegate call dispatched into an empty Lua `on_open`, sandbox and budget on.
    case dispatch = "dispatch"
    /// A `pan move` through the cell state machine (no plugin, no output).
    case panMove = "pan.move"
    /// A replayed line of ``Benchmarks/progressScript(lines:)`` (mostly pan moves) with a plugin
    /// defining `on_progress` (empty) beside the tutorial's `configure`: the lifecycle hook
    /// called on every move.
    case progress = "progress"
    /// ``progress``'s script and plugin without `on_progress`: what a plugin that defines no hook
    /// pays (the same as before the hooks); ``progress`` minus this, over the moves, is the
    /// hook's cost per call. Measured by hand, not gated.
    case progressNone = "progress.none"
    /// A `pan move` of a row whose trailing buttons use `transition = "border"`, then the row's
    /// ``CellGeometry`` (``SwipeTable/cellGeometry(forRow:)``), as the playground and `render`
    /// read it.
    case borderGeometry = "geometry.border"
    /// A test of a generated spec run under `--coverage`'s counter: a table over a generated
    /// plugin, a swipe, a wait, an assertion.
    case coveredSpec = "spec.covered"
    /// A pointer move through the playground's session (`serve.input_appearance_us`'s
    /// drag): its JSON decoded, mapped to a `pan move`, run through the session and
    /// ``Benchmarks/appearancePlugin`` (12 visible rows with icons, the dragged row's buttons
    /// under `border` with a full swipe), and the frame encoded.
    case serveInput = "serve.input"
    /// A replayed line of ``Benchmarks/itemsReplayScript(lines:)`` with `examples/inbox.lua`: a
    /// table of items (the plugin's `items`) whose rows the script names by id (`pan #m3 begin`),
    /// each line's row found by its id when it runs.
    case itemsReplayLine = "replay.items"
    /// An insert at row 1 under `row_animation = "fade"`, one of the `count` a handler queues
    /// (``editsPlugin(edits:insert:)``): the batch applied, the rows laid out and configured, and
    /// the 300 ms of the expansions run. Linear in the inserts: the count per insert does not
    /// grow with them (it did, with the layout and the cells' reload redone after each).
    case insertEdit = "edits.insert"
    /// ``insertEdit`` for deletes at row 1 of a table of `count` + 30 rows: each visible row
    /// deleted collapses.
    case deleteEdit = "edits.delete"

    /// Runs the measurements; `root` is where `plugins/tutorial.lua` is.
    public func run(count: Int, root: String) throws {
        for (units, measured) in [(count, false), (count, true)] {
            func region(_ body: () -> Void) {
                if measured { callgrindMeasuredRegion(body) } else { body() }
            }
            /// `script` replayed as jsonl into memory, the run in the region: its output's bytes.
            func replay(_ script: [UInt8], _ configuration: SessionConfiguration) throws -> Int {
                let run = PluginRun(fileName: "gate.swipe", configuration: configuration, format: .jsonl)
                var failure: RunFailure?
                var bytes = 0
                script.withUnsafeBufferPointer { buffer in
                    region {
                        do throws(RunFailure) { bytes = try run.run(script: buffer).count } catch { failure = error }
                    }
                }
                if let failure { throw BenchError(message: "\(rawValue): \(failure)") }
                return bytes
            }
            switch self {
            case .replayLine, .springReplayLine:
                let spring = self == .springReplayLine
                let script =
                    spring ? Benchmarks.springReplayScript(lines: units) : Benchmarks.replayScript(lines: units)
                let configuration = SessionConfiguration(
                    plugins: [.file(root + (spring ? "/plugins/mail.lua" : "/plugins/tutorial.lua"))],
                    preset: spring ? .mail : .tutorial)
                guard try replay(script, configuration) > units else {
                    throw BenchError(message: "\(rawValue): no output")
                }
            case .dispatch:
                let bench = Benchmarks(quick: true, root: root)
                let path = try bench.temporaryPlugin("return { name = 'gate', on_open = function(ctx, row) end }")
                defer { unlink(path) }
                let host = try bench.dispatchHost(plugin: path)
                region {
                    for _ in 0..<units { host.dispatchOpen(row: 3) }
                }
            case .panMove:
                let table = SwipeTable()
                try table.panBegan(row: 3)
                region {
                    for i in 0..<units { try? table.panChanged(row: 3, translation: -10 - Double(i & 127)) }
                }
            case .progress, .progressNone:
                let bench = Benchmarks(quick: true, root: root)
                let path = try bench.temporaryPlugin(Self.progressPlugin(hook: self == .progress))
                defer { unlink(path) }
                let script = Benchmarks.progressScript(lines: units)
                let configuration = SessionConfiguration(plugins: [.file(path)])
                guard try replay(script, configuration) > 0 else { throw BenchError(message: "\(rawValue): no output") }
            case .borderGeometry:
                var configuration = CellConfiguration.tutorial
                configuration.trailing.transition = .border
                let table = SwipeTable(configurationProvider: { _, _ in configuration })
                try table.panBegan(row: 3)
                var buttons = 0
                region {
                    for i in 0..<units {
                        try? table.panChanged(row: 3, translation: -10 - Double(i & 127))
                        buttons &+= table.cellGeometry(forRow: 3)?.buttons.count ?? 0
                    }
                }
                guard buttons > 0 else { throw BenchError(message: "\(rawValue): no buttons drawn") }
            case .coveredSpec:
                try Self.runCoveredSpec(tests: units, root: root, region: region)
            case .serveInput:
                try Self.runServeInput(moves: units, region: region)
            case .insertEdit, .deleteEdit:
                let insert = self == .insertEdit
                let bench = Benchmarks(quick: true, root: root)
                let path = try bench.temporaryPlugin(Self.editsPlugin(edits: units, insert: insert))
                defer { unlink(path) }
                let configuration = SessionConfiguration(
                    plugins: [.file(path)], items: .generated(count: insert ? 30 : units + 30))
                let rows = insert ? units + 30 : 30
                let script = Array("open 3\ntap 3 edit\nwait 300\n".utf8)
                guard try replay(script, configuration) > 0, try Self.rowCount(script, configuration) == rows else {
                    throw BenchError(message: "\(rawValue): the handler's edits did not apply")
                }
            case .itemsReplayLine:
                let configuration = SessionConfiguration(plugins: [.file(root + "/examples/inbox.lua")])
                guard try replay(Benchmarks.itemsReplayScript(lines: units), configuration) > units else {
                    throw BenchError(message: "\(rawValue): no output")
                }
            }
        }
    }

    /// ``serveInput``: `moves` pointer moves of ``Benchmarks/serveInput(configuration:name:)``'s
    /// drag of row 3 (made before the region), each received and its frame encoded inside `region`.
    static func runServeInput(moves: Int, region: (() -> Void) -> Void) throws {
        let session: PlaygroundSession
        do {
            session = try PlaygroundSession(
                id: "gate",
                configuration: SessionConfiguration(
                    plugins: [.source(name: "appearance.lua", code: Benchmarks.appearancePlugin)]))
        } catch {
            throw BenchError(message: "serve.input: \(error)")
        }
        _ = session.greeting()
        let messages = Benchmarks.serveInputMessages(count: 2 * moves)
        _ = session.receive(Benchmarks.serveInputPointer("down", x: 300, t: 0))
        // The first half warms the session up (its looks defined, its caches filled).
        var bytes = 0
        for message in messages[..<moves] { bytes &+= session.receive(message).last?.utf8.count ?? 0 }
        region {
            for message in messages[moves...] { bytes &+= session.receive(message).last?.utf8.count ?? 0 }
        }
        guard bytes > 0, session.session.table.cell(forRow: 3)?.isTracking == true else {
            throw BenchError(message: "serve.input: the moves did not pan row 3")
        }
    }

    /// ``insertEdit``'s and ``deleteEdit``'s plugin: one button whose handler inserts (or
    /// deletes) `edits` rows at row 1, under `row_animation = "fade"`.
    static func editsPlugin(edits: Int, insert: Bool) -> String {
        """
        return {
          name = "gate",
          table = { row_animation = "fade" },
          configure = function(row)
            return { buttons = { { id = "edit", title = "Edit", width = 80 } } }
          end,
          on_action = function(ctx, row, button)
            for i = 1, \(edits) do \(insert ? "ctx:insert(1, \"New \" .. i)" : "ctx:delete(1)") end
          end,
        }

        """
    }

    /// The row count the table has after `script` (outside any measured region).
    static func rowCount(_ script: [UInt8], _ configuration: SessionConfiguration) throws -> Int {
        let session = try Session(configuration, sink: nil)
        try script.withUnsafeBufferPointer { buffer throws(ScriptError) in
            try ScriptParser(fileName: "gate.swipe").forEachCommand(in: buffer) { (line) throws(ScriptError) in
                _ = try session.apply(line)
            }
        }
        return session.table.items.count
    }

    /// ``progress``'s plugin: the tutorial's buttons, and an empty `on_progress` when `hook`.
    static func progressPlugin(hook: Bool) -> String {
        """
        return {
          name = "gate",
          configure = function(row)
            return { buttons = { { id = "one", title = "Button 1", width = 80 }, { id = "two", title = "Button 2", width = 80 } } }
          end,
        \(hook ? "  on_progress = function(ctx, row) end,\n" : "")}

        """
    }

    /// ``coveredSpec``: a generated spec of `tests` tests over a generated 200-line plugin, run
    /// with `--coverage`'s counter (``LuaCoverage``) inside `region`; every test must pass.
    static func runCoveredSpec(tests: Int, root: String, region: (() -> Void) -> Void) throws {
        let bench = Benchmarks(quick: true, root: root)
        let folder = try bench.temporaryFolder()
        let plugin = folder + "/generated.lua"
        let spec = folder + "/generated_spec.lua"
        defer {
            unlink(plugin)
            unlink(spec)
            rmdir(folder)
        }
        try bench.writeFile(Benchmarks.generatedPlugin(lines: 200), to: plugin)
        try bench.writeFile(Benchmarks.generatedSpec(plugin: plugin, tests: tests), to: spec)
        var options = SpecRunOptions()
        options.coverage = LuaCoverage()
        let runner = SpecRunner(options: options)
        var failed = 0
        var passed = 0
        region {
            for result in runner.run(file: spec).results {
                if result.status == .failed { failed += 1 } else { passed += 1 }
            }
        }
        guard failed == 0, passed == tests else {
            throw BenchError(message: "spec.covered: \(failed) of \(tests) test(s) failed")
        }
    }
}

/// The only code callgrind collects in under the gate: `body`, and what it calls. Never inlined,
/// so that its symbol (matched as `*callgrindMeasuredRegion*`) is entered once per measurement.
@inline(never)
public func callgrindMeasuredRegion(_ body: () -> Void) {
    body()
}
