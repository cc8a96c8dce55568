import ArgumentParser
import Foundation
import SwipeCommandLine
import SwipeCore
import SwipePlayground
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A playground session recorded under `serve`'s options replays with `swipehost run FILE`
/// alone: the recording's `# plugin:` and `# options:` header carries what the run
/// needs.
struct RecordedSessionReplayTests {
    static func pointer(_ phase: String, _ x: Double, _ y: Double, _ t: Double) -> String {
        #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":\#(y),"t":\#(t),"id":1}"#
    }

    /// A drag on `row` by `dx` from `x0`, a move every 16 ms, starting at `t`.
    static func drag(row: Int, from x0: Double, by dx: Double, at t: Double) -> [String] {
        let y = Double(row - 1) * 44 + 22
        var messages = [pointer("down", x0, y, t)]
        for step in 1...8 { messages.append(pointer("move", x0 + dx * Double(step) / 8, y, t + Double(step) * 16)) }
        messages.append(pointer("up", x0 + dx, y, t + 8 * 16 + 1))
        return messages
    }

    /// What the page does: drags both ways on several rows, taps buttons and content, scrolls.
    static func drive(_ session: PlaygroundSession) {
        var messages: [String] = []
        messages += drag(row: 2, from: 100, by: -150, at: 100)
        messages += drag(row: 4, from: 40, by: 220, at: 700)
        messages += [pointer("down", 30, 3 * 44 + 22, 1_400), pointer("up", 30, 3 * 44 + 22, 1_450)]
        messages += drag(row: 6, from: 200, by: 90, at: 2_000)
        messages += [#"{"type":"wheel","dy":30,"t":2600}"#]
        messages += [pointer("down", 290, 22, 3_000), pointer("up", 290, 22, 3_050)]
        messages += drag(row: 5, from: 250, by: -60, at: 3_500)
        messages += [pointer("down", 160, 4 * 44 + 22 - 30, 4_200), pointer("up", 160, 4 * 44 + 22 - 30, 4_260)]
        for message in messages { _ = session.receive(message) }
        _ = session.wake(at: .start + .milliseconds(6_000 as Int64))
        while let wake = session.nextWake { _ = session.wake(at: wake) }
    }

    @Test(arguments: [[String](), ["--plugin", Repository.root.path + "/plugins/mail.lua"]])
    func aSessionRecordedUnderServeOptionsReplaysWithRunAlone(plugins: [String]) throws {
        // The configuration `swipehost serve --preset mail --direction rtl` gives its sessions.
        let serve = try ServeOptions.parse(["--preset", "mail", "--direction", "rtl"] + plugins)
        let configuration = serve.configuration.configuration()
        #expect(configuration.preset == .mail && configuration.direction == .rtl)
        let session = try PlaygroundSession(id: "replay", configuration: configuration)
        _ = session.greeting()
        Self.drive(session)
        let live = session.session
        let events = live.records.map(\.event.name)
        #expect(events.contains("open") && events.contains("close"), "\(events)")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swipehost-replay-\(getpid())-\(plugins.count).swipe")
        try live.recordedScript().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\n# options: --preset mail --direction rtl\n"))

        let width = live.table.geometry.width
        let jsonl = String(
            decoding: HeadlessRun.render(live.records, TableSnapshot(live.table), format: .jsonl, width: width).bytes,
            as: UTF8.self)
        let text = String(
            decoding: HeadlessRun.render(live.records, TableSnapshot(live.table), format: .text, width: width).bytes,
            as: UTF8.self)
        let alone = try Swipehost.run(["run", file.path])
        expectEqual(alone.status, 0, "\(alone.stderr)")
        expectEqual(alone.stdout, text)
        let aloneJSON = try Swipehost.run(["run", file.path, "--format", "jsonl"])
        expectEqual(aloneJSON.stdout, jsonl)
        // Without its header's options the same script runs differently: the header matters.
        let stripped = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "# options:", with: "# was:")
        let plain = try Swipehost.run(["run", "-", "--format", "jsonl"] + plugins, stdin: stripped)
        #expect(plain.stdout != jsonl)
    }
}
