import Glibc
import SwipeCore
import SwipePlugins
import SwipeScript

/// The workloads of the callgrind gate (`scripts/callgrind-gate.sh`): each runs its unit of
/// work `count` times to warm the process up (caches, lazy set-up), then `count` times again
/// inside ``callgrindMeasuredRegion(_:)``, the one function callgrind collects in
/// (`--toggle-collect`). The gate runs each workload with `count` = N and 2N: the difference
/// of the two totals, divided by N, is the cost of one unit with every fixed cost (a plugin's
/// load, a table's making) taken out.
public enum GateWorkload: String, CaseIterable, Sendable {
    /// A replayed script line: `plugins/tutorial.lua`, parse, run, jsonl into memory.
    case replayLine = "replay.line"
    /// A replayed line of the spring path (issue 26): ``Benchmarks/springReplayScript(lines:)``
    /// with `plugins/mail.lua` under `--preset mail`, parse, run, jsonl into memory.
    case springReplayLine = "replay.spring"
    /// A delegate call dispatched into an empty Lua `on_open`, sandbox and budget on.
    case dispatch = "dispatch"
    /// A `pan move` through the cell state machine (no plugin, no output).
    case panMove = "pan.move"

    /// Runs the measurements; `root` is where `plugins/tutorial.lua` is.
    public func run(count: Int, root: String) throws {
        for (units, measured) in [(count, false), (count, true)] {
            func region(_ body: () -> Void) {
                if measured { callgrindMeasuredRegion(body) } else { body() }
            }
            switch self {
            case .replayLine, .springReplayLine:
                let spring = self == .springReplayLine
                let script =
                    spring ? Benchmarks.springReplayScript(lines: units) : Benchmarks.replayScript(lines: units)
                let configuration = SessionConfiguration(
                    plugins: [.file(root + (spring ? "/plugins/mail.lua" : "/plugins/tutorial.lua"))],
                    preset: spring ? .mail : .tutorial)
                let run = PluginRun(fileName: "gate.swipe", configuration: configuration, format: .jsonl)
                var failure: RunFailure?
                var bytes = 0
                script.withUnsafeBufferPointer { buffer in
                    region {
                        do throws(RunFailure) { bytes = try run.run(script: buffer).count } catch { failure = error }
                    }
                }
                if let failure { throw BenchError(message: "\(rawValue): \(failure)") }
                guard bytes > units else { throw BenchError(message: "\(rawValue): no output") }
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
            }
        }
    }
}

/// The only code callgrind collects in under the gate: `body`, and what it calls. Never inlined,
/// so that its symbol (matched as `*callgrindMeasuredRegion*`) is entered once per measurement.
@inline(never)
public func callgrindMeasuredRegion(_ body: () -> Void) {
    body()
}
