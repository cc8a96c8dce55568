import SwipeBench
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// `replay.vs_plain_lua` compares swipehost with the tutorial written in plain Lua: the reference
/// is only honest if it does the same work, so its jsonl must equal swipehost's, byte for byte.
struct PlainLuaReferenceTests {
    static let tutorial = Repository.path("plugins/tutorial.lua")

    func swipehost(_ script: String) throws -> String {
        let run = PluginRun(
            fileName: "replay.swipe", configuration: SessionConfiguration(plugins: [.file(Self.tutorial)]),
            format: .jsonl)
        let output = try run.run(script: script)
        return output.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [10, 1_000, 5_003])
    func benchmarkScriptsGiveTheSameJSONLines(lines: Int) throws {
        let script = String(decoding: Benchmarks.replayScript(lines: lines), as: UTF8.self)
        let expected = try swipehost(script)
        expectEqual(try PlainLuaReplay().replay(script), expected)
        expectEqual(expected.contains("\"event\":\"present\""), (lines >= 6))
    }

    /// Pans in both directions, begun anywhere (mid-bounce too), taps on both buttons, and waits
    /// that stop animations halfway: the same events and final state as swipehost's.
    @Test(arguments: 0..<40)
    func generatedScriptsGiveTheSameJSONLines(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var panning = Set<Int>()
        var lines: [String] = []
        for _ in 0..<400 {
            let row = Int(random.next() % 12) + 1
            let choice = random.next() % 100
            if panning.contains(row) {
                if choice < 60 {
                    lines.append("pan \(row) move \(Int(random.next() % 521) - 260)")
                } else {
                    lines.append("pan \(row) end")
                    panning.remove(row)
                }
            } else if choice < 35 {
                let start = random.next() % 3 == 0 ? " \(Int(random.next() % 61) - 30)" : ""
                lines.append("pan \(row) begin\(start)")
                panning.insert(row)
            } else if choice < 60 {
                lines.append("tap \(row) \(random.next() % 2 + 1)")
            } else {
                let waits = [1, 10, 50, 99, 100, 101, 150, 200, 250]
                lines.append("wait \(waits[Int(random.next() % UInt64(waits.count))])")
            }
        }
        let script = lines.joined(separator: "\n") + "\n"
        let expected = try swipehost(script)
        expectEqual(try PlainLuaReplay().replay(script), expected, "seed \(seed)")
    }

    @Test func aLineTheReferenceDoesNotReplayIsAnError() throws {
        #expect(throws: (any Error).self) { try PlainLuaReplay().replay("scroll 44\n") }
    }
}
