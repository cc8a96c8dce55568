import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipeScript

struct HeadlessRunTests {
    func jsonl(_ script: String, rows: Int = 30) throws -> [String] {
        let run = HeadlessRun(fileName: "t.swipe", items: .generated(count: rows), format: .jsonl)
        let output = try run.run(script: script)
        return String(decoding: output.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func state(_ rows: [(Int, String, String)], t: String, editing: String) -> String {
        let entries = rows.map { "{\"row\":\($0.0),\"right\":\($0.1),\"left\":\($0.2)}" }.joined(separator: ",")
        return "{\"event\":\"state\",\"t\":\(t),\"rows\":[\(entries)],\"editing\":[\(editing)]}"
    }

    func closedRows(_ range: ClosedRange<Int>, except changes: [Int: (String, String)] = [:]) -> [(Int, String, String)]
    {
        range.map { row in changes[row].map { (row, $0.0, $0.1) } ?? (row, "0", "0") }
    }

    /// The tutorial's scenario: swipe row 3 past 40 points, lift, wait, tap button 1.
    @Test func swipingRowThreePastFortyOpensItAndButtonOneActs() throws {
        let lines = try jsonl(
            """
            pan 3 begin
            pan 3 move -45
            pan 3 end
            wait 300
            tap 3 1
            """)
        expectEqual(
            lines,
            [
                "{\"event\":\"open\",\"row\":3,\"t\":0}",
                "{\"event\":\"action\",\"row\":3,\"button\":\"one\",\"index\":1,\"t\":300}",
                state(closedRows(1...12, except: [3: ("160", "-160")]), t: "300", editing: "3"),
            ])
    }

    @Test func midAnimationTheStateShowsTheBounce() throws {
        let lines = try jsonl("swipe 2 -100\nwait 50")
        expectEqual(lines[0], "{\"event\":\"open\",\"row\":2,\"t\":150}")
        expectEqual(lines[1], state(closedRows(1...12, except: [2: ("180", "-180")]), t: "200", editing: "2"))
    }

    @Test func swipeMovesEvery16MillisecondsAndEndsOnTime() throws {
        let table = SwipeTable()
        let recorder = TraceRecorder()
        table.delegate = recorder
        try ScriptRunner(table: table, fileName: "t").run(script: "swipe 1 -30 40")
        expectEqual(table.now, .start + .milliseconds(40 as Int64))
        expectEqual(recorder.records, [TraceRecord(time: table.now, event: .close(row: 1))])
        expectEqual(table.cell(forRow: 1)?.right, -20)
    }

    /// Each kind of delivered ``TableEvent`` becomes its trace record, with
    /// what it carries (`.open`, `.close` and `.delete` name cases of both event types: an
    /// overload once turned `delete` into a recursion).
    @Test func theRecorderRecordsEachDeliveredEventWithWhatItCarries() {
        let recorder = TraceRecorder()
        let button = SwipeButton(id: "trash", title: "Trash", width: 80)
        let t = VirtualInstant.start + .milliseconds(7 as Int64)
        let delivered: [TableEvent] = [
            .open(row: 3, side: .leading, velocity: -600), .close(row: 4),
            .action(row: 5, button: button, number: 2, side: .trailing),
            .fullAction(row: 6, button: button, number: 1, side: nil), .expand(row: 7, side: .trailing, expanded: true),
            .expand(row: 7, side: .trailing, expanded: false), .delete(row: 8, item: "Eight"),
        ]
        for event in delivered { recorder.record(delivered: event, at: t) }
        expectEqual(
            recorder.records,
            [
                TraceRecord(time: t, event: .open(row: 3), side: .leading, velocity: -600),
                TraceRecord(time: t, event: .close(row: 4)),
                TraceRecord(
                    time: t, event: .action(row: 5, buttonID: "trash", number: 2, title: "Trash"), side: .trailing),
                TraceRecord(time: t, event: .action(row: 6, buttonID: "trash", number: 1, title: "Trash"), full: true),
                TraceRecord(time: t, event: .expand(row: 7, side: .trailing)),
                TraceRecord(time: t, event: .collapse(row: 7, side: .trailing)),
                TraceRecord(time: t, event: .delete(row: 8, item: "Eight")),
            ])
    }

    /// `.jsonLines` keeps no records, writes what rendering them would, and hands the bytes over.
    @Test func aJSONLinesRecorderWritesAsItGoes() throws {
        let script = "swipe 1 -60\nwait 300\ntap 1 1\nswipe 1 60\nwait 12.5"
        func recorded(_ mode: TraceRecorder.Mode) throws -> TraceRecorder {
            let table = SwipeTable()
            let recorder = TraceRecorder(mode: mode)
            table.delegate = recorder
            try ScriptRunner(table: table, fileName: "t").run(script: script)
            return recorder
        }
        let kept = try recorded(.records)
        let streamed = try recorded(.jsonLines)
        expectEqual(kept.records.count, 3)
        #expect(streamed.records.isEmpty)
        #expect(!streamed.keepsText)
        var expected = OutputBuffer()
        for record in kept.records { JSONLinesFormat.write(record, to: &expected) }
        expectEqual(streamed.output.bytes, expected.bytes)
        expectEqual(streamed.takeOutput().bytes, expected.bytes)
        expectEqual(streamed.output.count, 0)
    }

    @Test func fractionalTimesPrintWithDecimals() throws {
        let lines = try jsonl("wait 12.5\npan 1 begin\npan 1 end")
        expectEqual(lines[0], "{\"event\":\"close\",\"row\":1,\"t\":12.5}")
    }

    @Test(arguments: [
        ("pan 31 begin", 2, "row 31 does not exist: the table has rows 1-30"),
        ("pan 20 begin", 2, "row 20 is off screen: rows 1-12 are on screen"),
        (
            "pan 3 move -10", 2,
            "row 3 has no pan in progress: 'pan 3 begin' first (a pan is cancelled when its row leaves the screen)"
        ),
        ("pan 3 end", 2, "row 3 has no pan in progress"),
        ("tap 3 9", 2, "row 3 has no button '9': it has 2 buttons, 'one' (1, the rightmost) and 'two' (2)"),
        ("tap 3 delete", 2, "row 3 has no button 'delete'"),
        (
            "tap 3 tow", 2,
            "row 3 has no button 'tow' (did you mean 'two'?): it has 2 buttons, 'one' (1, the rightmost) and 'two' (2)"
        ),
        ("open 99", 2, "row 99 does not exist: the table has rows 1-30"),
        ("pan 1 begin\nscroll 100\npan 1 move -5", 4, "row 1 is off screen: rows 3-14 are on screen"),
        ("pan 1 begin\npan 1 begin", 3, "row 1 is already being panned"),
    ])
    func runtimeErrorsNameTheLine(script: String, line: Int, message: String) {
        #expect {
            _ = try jsonl("wait 1\n" + script)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.file == "t.swipe" && error.line == line && error.message.hasPrefix(message)
        }
    }

    @Test func textFormatDrawsTheOpenRow() throws {
        let run = HeadlessRun(fileName: "t", items: .generated(count: 3), geometry: TableGeometry(viewportHeight: 132))
        let text = String(decoding: try run.run(script: "open 2").bytes, as: UTF8.self)
        expectEqual(
            text,
            """
            (no delegate calls)

            At 0 ms: rows 1-3 of 3 on screen (offset 0); open rows: 2
                   +----------------------------------------+
                 1 |  Longer Title Item #1                  |
                 2 |#2                  [Button 2][Button 1]|  right 160
                 3 |  Longer Title Item #3                  |
                   +----------------------------------------+

            """)
    }

    @Test func textFormatNamesEachDelegateCall() throws {
        let run = HeadlessRun(fileName: "t", items: .generated(count: 1), geometry: TableGeometry(viewportHeight: 44))
        let text = String(decoding: try run.run(script: "swipe 1 -60\nwait 30\ntap 1 one").bytes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                """
                   150 ms  row 1 opened
                   180 ms  row 1: tapped "Button 1" (button 1, id one)

                At 180 ms: rows 1-1 of 1 on screen (offset 0); open rows: 1
                """))
        #expect(text.contains("right 180, drawn at "))
    }

    @Test func jsonStringsAreEscaped() {
        var out = OutputBuffer()
        out.append(jsonString: "a\"b\\c\n\u{1}é")
        expectEqual(String(decoding: out.bytes, as: UTF8.self), "\"a\\\"b\\\\c\\n\\u0001é\"")
    }
}

/// The text table keeps to text; an icon-only button shows its icon's name, a button
/// with a title its title, each fitted to its width rounded to whole characters.
struct TextTableIconTests {
    @Test func anIconOnlyButtonShowsItsIconsName() {
        let strip = TextFormat.buttonStrip([
            SwipeButton(id: "t", title: "Trash", width: 80, icon: ButtonIcon.named("trash")),
            SwipeButton(id: "m", title: "", width: 60.4, icon: ButtonIcon.named("more"), accessibilityLabel: "More"),
        ])
        // Button 1 (Trash) rightmost; at 8 points a character, 60.4 points round to 8
        // characters and 80 to 10.
        expectEqual(String(strip), "[ more ][ Trash  ]")
    }
}
