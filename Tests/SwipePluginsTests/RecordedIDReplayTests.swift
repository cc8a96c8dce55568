import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A recording writes row ids (`#ID`) and button ids as they are: every id a plugin may give
/// (``ScriptIDs``) must read back from the script as itself, and a recorded session over any
/// such ids replays to the same trace. Before, an id with a space or a newline, an empty one or
/// one over 256 bytes was accepted and replayed as another button, another row or other lines.
struct RecordedIDReplayTests {
    /// Pieces ids are made of: quotes, brackets that could close the spec's long string, words
    /// the script reads specially, control characters, combining and wide characters, and the
    /// breaks the rules refuse (a space, a tab, a newline, `#`).
    static let pieces = [
        "a", "Z", "m", "0", "7", "42", "-", "+", ".", "_", ":", "'", "\"", "\\", "]", "]=]", "[[", "%", "$", "{",
        "é", "\u{301}", "日本", "🗑", "\u{1B}", "\u{0}", "\u{B}", "\u{2028}", "content", "leading:", "trailing:",
        " ", "\t", "\n", "#", "\r",
    ]

    static func candidate(_ random: inout SplitMix64) -> String {
        var id = ""
        for _ in 0..<(1 + random.next() % 5) { id += pieces[Int(random.next() % UInt64(pieces.count))] }
        // Now and then one near the byte limit, either side.
        if random.next() % 8 == 0 { id += String(repeating: "x", count: 250 - min(id.utf8.count, 250)) }
        if random.next() % 16 == 0 { id += "yyyyyyyy" }
        return id
    }

    /// `text` as a Lua string literal, every byte a decimal escape.
    static func lua(_ text: String) -> String {
        "\"" + text.utf8.map { "\\" + format3($0) }.joined() + "\""
    }

    static func format3(_ byte: UInt8) -> String {
        let digits = String(byte)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// What the rules let through reads back from a script line as itself.
    @Test func everyIdTheRulesAcceptReadsBackFromAScript() throws {
        var random = SplitMix64(seed: 7)
        var accepted = (rows: 0, buttons: 0)
        for _ in 0..<20_000 {
            let text = Self.candidate(&random)
            if ScriptIDs.buttonProblem(text) == nil {
                accepted.buttons += 1
                let tap = try ScriptParser(fileName: "r").parse("tap 1 " + text)
                expectEqual(tap.map(\.command), [.tap(row: 1, button: .id(text))], "\(Array(text.utf8))")
                let activate = try ScriptParser(fileName: "r").parse("activate 1 " + text)
                expectEqual(activate.map(\.command), [.activate(row: 1, button: text)], "\(Array(text.utf8))")
            }
            let id = RowID(text: text)
            if ScriptIDs.rowProblem(id) == nil {
                accepted.rows += 1
                let line = try ScriptParser(fileName: "r").parse(GestureCommand.close(row: 1).scriptLine(rowID: id))
                expectEqual(line.map(\.rowID), [id], "\(Array(text.utf8))")
            }
        }
        #expect(accepted.rows > 5_000 && accepted.buttons > 5_000, "\(accepted)")
    }

    /// A plugin whose rows and buttons have `rowIDs` and `buttonIDs`: a tap logs, deletes its
    /// row (the rows below move up: a recording must name them by id) or inserts one.
    static func plugin(rowIDs: [String], buttonIDs: [String]) -> String {
        let items = rowIDs.enumerated().map { "{ id = \(lua($1)), title = 'row \($0 + 1)' }" }
        let b = buttonIDs.map(lua)
        return """
            return { name = "ids", items = { \(items.joined(separator: ", ")) },
              configure = function(row) return {
                trailing = { buttons = {
                  { id = \(b[0]), title = "Log", width = 70, on_tap = function(ctx, r) ctx:log("tapped " .. r.id) end },
                  { id = \(b[1]), title = "Delete", width = 70, on_tap = function(ctx, r) ctx:delete(r.index) end },
                } },
                leading = { buttons = {
                  { id = \(b[2]), title = "Add", width = 80, on_tap = function(ctx, r) ctx:insert(r.index, "new") end },
                } },
              } end }
            """
    }

    static func jsonl(_ records: [TraceRecord], _ table: SwipeTable) -> String {
        String(
            decoding: HeadlessRun.render(records, TableSnapshot(table), format: .jsonl, width: table.geometry.width)
                .bytes, as: UTF8.self)
    }

    @Test func aRecordedSessionOverGeneratedIdsReplaysToTheSameTrace() throws {
        let fixtures = Fixtures()
        var named = 0
        var tappedByID = 0
        for seed in 1...30 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            var rowIDs: [String] = []
            var taken = Set<RowID>()
            while rowIDs.count < 12 {
                let text = Self.candidate(&random)
                let id = RowID(text: text)
                guard ScriptIDs.rowProblem(id) == nil, taken.insert(id).inserted else { continue }
                rowIDs.append(text)
            }
            var buttonIDs: [String] = []
            while buttonIDs.count < 3 {
                let text = Self.candidate(&random)
                guard ScriptIDs.buttonProblem(text) == nil, !buttonIDs.contains(text) else { continue }
                buttonIDs.append(text)
            }
            let path = fixtures.plugin(
                "ids\(seed).lua", Self.plugin(rowIDs: rowIDs, buttonIDs: buttonIDs))
            let configuration = SessionConfiguration(plugins: [.file(path)])
            let sink = RecordingSink()
            let session = try Session(configuration, sink: sink)
            for _ in 0..<40 {
                let count = max(session.table.items.count, 1)
                let row = 1 + Int(random.next() % UInt64(min(count, 11)))
                let command: GestureCommand
                switch random.next() % 7 {
                case 0: command = .swipe(row: row, dx: -150, duration: .milliseconds(100 as Int64))
                case 1: command = .swipe(row: row, dx: 100, duration: .milliseconds(100 as Int64))
                case 2, 3:
                    command = .tap(row: row, button: .id(buttonIDs[Int(random.next() % 3)]))
                    tappedByID += 1
                case 4: command = .activate(row: row, button: buttonIDs[Int(random.next() % 3)])
                case 5: command = .open(row: row, side: random.next() % 2 == 0 ? .trailing : .leading)
                default: command = .wait(.milliseconds(Int64(random.next() % 400)))
                }
                _ = try? session.apply(command)
            }
            session.advance(to: session.now + .milliseconds(500 as Int64))
            let live = Self.jsonl(sink.records, session.table)
            let script = session.recordedScript()
            named +=
                script.split(separator: "\n").filter { $0.split(separator: " ").dropFirst().first?.first == "#" }
                .count
            let run = PluginRun(fileName: "recorded.swipe", configuration: configuration, format: .jsonl)
            // What `t:render` replays: the same lines without the header.
            let commands = try #require(session.recordedCommands)
            for recorded in [script, commands] {
                do {
                    let replayed = String(decoding: try run.run(script: recorded).bytes, as: UTF8.self)
                    expectEqual(replayed, live, "seed \(seed):\n\(recorded.debugDescription)")
                } catch {
                    Issue.record("seed \(seed): \(error)\n\(recorded.debugDescription)")
                }
            }
        }
        // The recordings named rows by their ids and tapped buttons by theirs.
        #expect(named > 100 && tappedByID > 100, "\(named) \(tappedByID)")
    }
}

/// The recorders' text helpers work on bytes, as the readers do.
struct RecordedIDTextTests {
    /// A button id that starts with a combining character joins the space before it into one
    /// character: the line with its row written `#ID` lost the button when split by characters.
    @Test func aRowIdLineKeepsAButtonIdThatStartsWithACombiningCharacter() throws {
        let command = GestureCommand.tap(row: 3, button: .id("\u{301}x"))
        let line = command.scriptLine(rowID: .name("m1"))
        expectEqual(line, "tap #m1 \u{301}x")
        expectEqual(Array(line.utf8), Array("tap #m1 ".utf8) + Array("\u{301}x".utf8))
        let parsed = try ScriptParser(fileName: "r").parse(line)
        expectEqual(parsed.map(\.command), [.tap(row: 0, button: .id("\u{301}x"))])
        expectEqual(parsed.map(\.rowID), [.name("m1")])
    }
}
