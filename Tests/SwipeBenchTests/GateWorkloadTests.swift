import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeBench

/// The callgrind gate's replay with table items and ids, `replay.items`.
struct GateWorkloadTests {
    /// Its script names `examples/inbox.lua`'s rows by id, `#m1` to `#m4`, a cycle each.
    @Test func theItemsScriptNamesTheRowsByIDInTurn() {
        let lines = String(decoding: Benchmarks.itemsReplayScript(lines: 45), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(lines.count, 46)
        expectEqual(lines.last, "")
        expectEqual(
            Array(lines[0..<11]),
            [
                "pan #m1 begin", "pan #m1 move -20", "pan #m1 move -45", "pan #m1 end", "wait 250", "tap #m1 content",
                "pan #m1 begin", "pan #m1 move 130", "pan #m1 end", "wait 250", "actions #m1",
            ])
        expectEqual(lines[11], "pan #m2 begin")
        expectEqual(lines[33], "pan #m4 begin")
        expectEqual(lines[44], "pan #m1 begin")
    }

    /// Replayed over the inbox, every line runs (no row is deleted, every id is found): each of
    /// the 40 cycles lists its row's actions, on the row its id is (m3 is row 3).
    @Test func theItemsScriptRunsToTheEndOverTheInbox() throws {
        let run = PluginRun(
            fileName: "gate.swipe", configuration: SessionConfiguration(plugins: [.file("examples/inbox.lua")]),
            format: .jsonl)
        let output = try run.run(script: String(decoding: Benchmarks.itemsReplayScript(lines: 440), as: UTF8.self))
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(!text.contains("delete"))
        let actions = text.split(separator: "\n").filter { $0.hasPrefix(#"{"event":"actions","row":"#) }
        expectEqual(actions.count, 40)
        expectEqual(
            actions.prefix(4).map { String($0.prefix(27)) }, (1...4).map { #"{"event":"actions","row":\#($0),"# })
        try GateWorkload.itemsReplayLine.run(count: 22, root: ".")
    }
}
