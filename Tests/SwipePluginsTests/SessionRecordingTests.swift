import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Recording: `GestureCommand.scriptLine` reads back as the same command, and a session's
/// recorded script replays with `swipehost run` to exactly the records its sink saw.
struct SessionRecordingTests {
    static func number(_ random: inout SplitMix64) -> Double {
        switch random.next() % 6 {
        case 0: return Double(Int(random.next() % 601) - 300)
        case 1: return Double(Int(random.next() % 60_001) - 30_000) / 100
        case 2: return Double.random(in: -400...400, using: &random)
        case 3: return Double.random(in: -1e-6...1e-6, using: &random)
        case 4: return Double.random(in: -1e300...1e300, using: &random)
        default:
            // Any finite bit pattern.
            var value = Double(bitPattern: random.next())
            while !value.isFinite { value = Double(bitPattern: random.next()) }
            return value
        }
    }

    static func amount(_ random: inout SplitMix64, upTo limit: TimeAmount) -> TimeAmount {
        switch random.next() % 3 {
        case 0: return .milliseconds(Int64(random.next() % 1000))
        case 1: return TimeAmount(nanoseconds: Int64(random.next() % 2_000_000_000))
        default: return TimeAmount(nanoseconds: Int64(random.next() % UInt64(limit.nanoseconds + 1)))
        }
    }

    static func id(_ random: inout SplitMix64) -> String {
        let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        let rest = first + Array("0123456789-.")
        var id = String(first[Int(random.next() % UInt64(first.count))])
        for _ in 0..<random.next() % 12 { id.append(rest[Int(random.next() % UInt64(rest.count))]) }
        return id == "content" ? "contents" : id
    }

    static func command(_ random: inout SplitMix64) -> GestureCommand {
        let row = 1 + Int(random.next() % 1_000_000)
        let edge: Edge = random.next() % 2 == 0 ? .leading : .trailing
        switch random.next() % 12 {
        case 0: return .panBegin(row: row, x: random.next() % 3 == 0 ? 0 : number(&random))
        case 1: return .panMove(row: row, x: number(&random))
        case 2: return .panEnd(row: row)
        case 3:
            return .panEnd(
                row: row,
                velocity: Double.random(
                    in: -ReleasePhysics.maximumVelocity...ReleasePhysics.maximumVelocity, using: &random))
        case 4: return .panCancel(row: row)
        case 5:
            let buttons: [ButtonReference] = [
                .number(1 + Int(random.next() % 9)), .id(id(&random)), .onEdge(edge, 1 + Int(random.next() % 9)),
                .content,
            ]
            return .tap(row: row, button: buttons[Int(random.next() % 4)])
        case 6: return .wait(amount(&random, upTo: .maximum))
        case 7: return .scroll(dy: number(&random))
        case 8: return .open(row: row, side: [nil, .leading, .trailing][Int(random.next() % 3)])
        case 9: return .close(row: row)
        default:
            return .swipe(
                row: row, dx: number(&random), duration: amount(&random, upTo: ScriptRunner.maximumSwipeDuration))
        }
    }

    @Test func aScriptLineReadsBackAsTheSameCommand() throws {
        var random = SplitMix64(seed: 13)
        for _ in 0..<5_000 {
            let command = Self.command(&random)
            let line = command.scriptLine
            let parsed = try ScriptParser(fileName: "r").parse(line)
            expectEqual(parsed.map(\.command), [command], "\(line)")
        }
    }

    @Test(arguments: [
        (GestureCommand.panBegin(row: 3, x: 0), "pan 3 begin"), (.panMove(row: 3, x: -12.5), "pan 3 move -12.5"),
        (.panMove(row: 1, x: 1e-7), "pan 1 move 0.0000001"),
        (.panMove(row: 1, x: 1.5e20), "pan 1 move 150000000000000000000"),
        (.panEnd(row: 2, velocity: -800), "pan 2 end -800"),
        (.tap(row: 4, button: .onEdge(.leading, 1)), "tap 4 leading:1"),
        (.wait(TimeAmount(nanoseconds: 1)), "wait 0.000001"),
        (.wait(TimeAmount(nanoseconds: 16_666_667)), "wait 16.666667"),
        (.swipe(row: 5, dx: -200, duration: .milliseconds(150 as Int64)), "swipe 5 -200 150"),
        (.open(row: 2, side: .leading), "open 2 leading"),
    ])
    func aScriptLineReads(command: GestureCommand, line: String) {
        expectEqual(command.scriptLine, line)
    }

    /// A gesture a person could make on the first rows, at a time a little after now.
    static func input(_ random: inout SplitMix64, ids: [String]) -> (GestureCommand, TimeAmount?) {
        let row = 1 + Int(random.next() % 14)
        let at: TimeAmount? = random.next() % 3 == 0 ? nil : TimeAmount(nanoseconds: Int64(random.next() % 400_000_000))
        let x = Double(Int(random.next() % 4001) - 2000) / 8
        let command: GestureCommand
        switch random.next() % 11 {
        case 0: command = .panBegin(row: row, x: 0)
        case 1, 2: command = .panMove(row: row, x: x)
        case 3: command = .panEnd(row: row, velocity: random.next() % 2 == 0 ? nil : x * 4)
        case 4, 5: command = .swipe(row: row, dx: x, duration: .milliseconds(Int64(random.next() % 300)))
        case 6:
            let buttons: [ButtonReference] = [
                .number(1 + Int(random.next() % 3)), .id(ids[Int(random.next() % UInt64(ids.count))]),
                .onEdge(.leading, 1), .content,
            ]
            command = .tap(row: row, button: buttons[Int(random.next() % 4)])
        case 7: command = .scroll(dy: Double(Int(random.next() % 200) - 60))
        case 8: command = .open(row: row, side: random.next() % 2 == 0 ? nil : .leading)
        case 9: command = .close(row: row)
        default: command = .wait(TimeAmount(nanoseconds: Int64(random.next() % 300_000_000)))
        }
        return (command, at)
    }

    static func jsonl(_ records: [TraceRecord], _ table: SwipeTable) -> String {
        String(
            decoding: HeadlessRun.render(records, TableSnapshot(table), format: .jsonl, width: table.geometry.width)
                .bytes, as: UTF8.self)
    }

    @Test(arguments: [("mail", ["trash", "flag", "more", "unread"]), ("tutorial", ["one", "two"])])
    func theRecordedScriptReplaysToTheRecordsTheSinkSaw(plugin: String, ids: [String]) throws {
        let path = Repository.path("plugins/\(plugin).lua")
        var seen: [String: Int] = [:]
        defer {
            // The inputs reach the plugins: rows open, close and act, over and over.
            #expect(
                seen["open", default: 0] >= 100 && seen["close", default: 0] >= 100 && seen["action", default: 0] >= 8,
                "\(seen)")
        }
        for seed in 1...40 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            let sink = RecordingSink()
            var configuration = SessionConfiguration(plugins: [.file(path)])
            configuration.preset = BehaviorPreset.allCases[Int(seed) % BehaviorPreset.allCases.count]
            configuration.tableBehavior.exclusive = seed % 3 == 0
            configuration.direction = seed % 4 == 0 ? .rtl : nil
            let session = try Session(configuration, sink: sink)
            for _ in 0..<(20 + random.next() % 60) {
                let (command, at) = Self.input(&random, ids: ids)
                if random.next() % 10 == 0, let wake = session.nextWake { session.advance(to: wake) }
                _ = try? session.apply(command, at: at.map { session.now + $0 })
            }
            session.advance(to: session.now + TimeAmount(nanoseconds: Int64(random.next() % 100_000_000)))
            for record in sink.records { seen[record.event.name, default: 0] += 1 }
            let script = session.recordedScript()
            let run = PluginRun(fileName: "recorded.swipe", configuration: configuration, format: .jsonl)
            let replayed = String(decoding: try run.run(script: script).bytes, as: UTF8.self)
            expectEqual(replayed, Self.jsonl(sink.records, session.table), "seed \(seed):\n\(script)")
            // The header names the plugin by its absolute path and the options a replay needs.
            let header = Array(script.utf8).withUnsafeBufferPointer { ScriptHeader($0) }
            expectEqual(header.plugins.map(\.path), [path])
            let replay = script.split(separator: "\n")[1]
            #expect(replay.hasPrefix("# replay with: swipehost run FILE --plugin \(path)"))
            expectEqual(
                replay.contains("--preset \(configuration.preset.rawValue)"), (configuration.preset != .tutorial))
            expectEqual(replay.contains("--exclusive"), configuration.tableBehavior.exclusive)
            expectEqual(replay.contains("--direction rtl"), (configuration.direction == .rtl))
            // The `# options:` line carries the same options, so `swipehost run FILE` alone replays it.
            let words = header.options.flatMap(\.words)
            #expect(header.options.count <= 1)
            expectEqual(
                String(replay), "# replay with: swipehost run FILE --plugin \(path)" + words.map { " " + $0 }.joined()
            )
        }
    }

    @Test func theScriptHasWaitsForTheClocksMovesAndLeavesRefusedCommandsOut() throws {
        let session = try Session(SessionConfiguration(), sink: nil)
        try session.apply(.panBegin(row: 2, x: 0), at: VirtualInstant(nanoseconds: 1_500_000))
        try session.apply(.panMove(row: 2, x: -100.25), at: VirtualInstant(nanoseconds: 17_500_001))
        _ = try? session.apply(.tap(row: 99, button: .content))
        try session.apply(.panEnd(row: 2))
        try session.apply(.swipe(row: 4, dx: -120, duration: .milliseconds(100 as Int64)))
        session.advance(to: VirtualInstant(nanoseconds: 400_000_000))
        let lines = session.recordedScript().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("# Recorded by a swipehost session started 20"))
        expectEqual(
            Array(lines.dropFirst()),
            [
                "# replay with: swipehost run FILE",
                "wait 1.5", "pan 2 begin", "wait 16.000001", "pan 2 move -100.25", "pan 2 end", "swipe 4 -120 100",
                "wait 282.499999", "",
            ])
    }

    static func ms(_ value: Int64) -> VirtualInstant { VirtualInstant(nanoseconds: value * 1_000_000) }

    /// A reload cancels the pan being dragged and sets the row at rest; both
    /// are recorded, so the recording replays (before, the replay's next `pan 3 begin` found row 3
    /// still panned). A closed row dragged, and an open one.
    @Test(arguments: [false, true])
    func aReloadMidDragRecordsTheCancelAndTheScriptReplaysTheSameEvents(wasOpen: Bool) throws {
        let path = Repository.path("plugins/mail.lua")
        let sink = RecordingSink()
        let session = try Session(SessionConfiguration(plugins: [.file(path)]), sink: sink)
        if wasOpen { try session.apply(.open(row: 3, side: .trailing)) }
        try session.apply(.panBegin(row: 3, x: 0), at: Self.ms(10))
        try session.apply(.panMove(row: 3, x: wasOpen ? 40 : -60), at: Self.ms(26))
        session.advance(to: Self.ms(40))
        try session.reload([.file(path)])
        expectEqual(session.table.cell(forRow: 3)?.isTracking, false)
        try session.apply(.panBegin(row: 3, x: 0), at: Self.ms(100))
        try session.apply(.panMove(row: 3, x: -150), at: Self.ms(116))
        try session.apply(.panEnd(row: 3), at: Self.ms(130))
        session.advance(to: Self.ms(600))
        let script = session.recordedScript()
        #expect(
            script.hasSuffix(
                """
                wait 10
                pan 3 begin
                wait 16
                pan 3 move \(wasOpen ? "40" : "-60")
                wait 14
                # reload: \(path)
                pan 3 cancel
                \(wasOpen ? "open 3 trailing" : "close 3")
                wait 60
                pan 3 begin
                wait 16
                pan 3 move -150
                wait 14
                pan 3 end
                wait 470

                """), "\(script)")
        let run = PluginRun(
            fileName: "recorded.swipe", configuration: SessionConfiguration(plugins: [.file(path)]), format: .jsonl)
        let replayed = String(decoding: try run.run(script: script).bytes, as: UTF8.self)
        let live = sink.records.filter { $0.event.name != "reload" }
        expectEqual(replayed, Self.jsonl(live, session.table), "\(script)")
        expectEqual(session.table.openRows, [3])
    }

    /// The recording stops at `Session.maximumRecordedInputs`, the session
    /// goes on, the notice comes once, and the script and spec end where it stopped.
    @Test func theRecordingStopsAtItsLimitWithANoticeOnce() throws {
        let sink = RecordingSink()
        let session = try Session(SessionConfiguration(), sink: sink)
        expectEqual(Session.maximumRecordedInputs, 50_000)
        for _ in 0..<Session.maximumRecordedInputs { try session.apply(.wait(.milliseconds(1 as Int64))) }
        expectEqual(session.takeRecordingNotice(), nil)
        try session.apply(.swipe(row: 2, dx: -200, duration: .milliseconds(100 as Int64)))
        expectEqual(
            session.takeRecordingNotice(),
            "recording stopped: a session records at most 50000 inputs; the session goes on, but its recorded script and spec end before this input"
        )
        expectEqual(session.takeRecordingNotice(), nil)
        try session.apply(.swipe(row: 3, dx: -200, duration: .milliseconds(100 as Int64)))
        expectEqual(session.takeRecordingNotice(), nil)
        // The session went on: both rows opened.
        expectEqual(session.table.openRows, [2, 3])
        expectEqual(sink.records.filter { $0.event.name == "open" }.count, 2)
        let lines = session.recordedScript().split(separator: "\n")
        expectEqual(
            lines[2],
            "# the recording stopped at 50000 inputs (the most a session records): the session's later inputs are not in it"
        )
        expectEqual(lines.count, 3 + 50_000)
        expectEqual(lines.last, "wait 1")
        let spec = session.recordedSpec(name: "long")
        #expect(spec.contains("-- the recording stopped at 50000 inputs"))
        #expect(!spec.contains("event = \"open\""))
    }
}
