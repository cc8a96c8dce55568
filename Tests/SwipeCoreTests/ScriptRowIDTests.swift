import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipeScript

/// Row ids in scripts: a ROW written `#ID`, `activate ROW ID`, `actions ROW`.
struct ScriptRowIDTests {
    let parser = ScriptParser(fileName: "s.swipe")

    @Test func rowIDsParseAsNumbersOrNames() throws {
        let lines = try parser.parse(
            """
            swipe #m42 -120
            tap #7 one   # a comment after
            pan #7 begin
            open #row-3 leading
            close #007
            activate #m42 trash
            actions #m42
            activate 3 trash
            actions 3
            """)
        expectEqual(
            lines.map { ScriptLineParts(command: $0.command, rowID: $0.rowID) },
            [
                .init(command: .swipe(row: 0, dx: -120, duration: .milliseconds(150 as Int64)), rowID: .name("m42")),
                .init(command: .tap(row: 0, button: .id("one")), rowID: .number(7)),
                .init(command: .panBegin(row: 0, x: 0), rowID: .number(7)),
                .init(command: .open(row: 0, side: .leading), rowID: .name("row-3")),
                .init(command: .close(row: 0), rowID: .name("007")),
                .init(command: .activate(row: 0, button: "trash"), rowID: .name("m42")),
                .init(command: .actions(row: 0), rowID: .name("m42")),
                .init(command: .activate(row: 3, button: "trash"), rowID: nil),
                .init(command: .actions(row: 3), rowID: nil),
            ])
    }

    struct ScriptLineParts: Equatable {
        var command: GestureCommand
        var rowID: RowID?
    }

    /// The parser reads every line into one reused set of words: a line keeps nothing of the
    /// longer line or the `#ID` before it (its row id, its words past its own).
    @Test func aLineKeepsNothingOfTheLineBefore() throws {
        let lines = try parser.parse("swipe #m42 -120 300\nswipe 3 -120\npan #7 move -40\npan 2 begin\nwait 10 # #x")
        expectEqual(
            lines.map { ScriptLineParts(command: $0.command, rowID: $0.rowID) },
            [
                .init(command: .swipe(row: 0, dx: -120, duration: .milliseconds(300 as Int64)), rowID: .name("m42")),
                .init(command: .swipe(row: 3, dx: -120, duration: .milliseconds(150 as Int64)), rowID: nil),
                .init(command: .panMove(row: 0, x: -40), rowID: .number(7)),
                .init(command: .panBegin(row: 2, x: 0), rowID: nil),
                .init(command: .wait(.milliseconds(10 as Int64)), rowID: nil),
            ])
        #expect(
            throws: ScriptError(
                file: "s.swipe", line: 2,
                message: "missing argument: expected 'pan ROW begin [X] | move X | end [VX] | cancel'")
        ) {
            try parser.parse("pan #m1 move -40\npan #m1")
        }
    }

    /// The id is what follows the `#`: digits without a leading zero are a number (one past
    /// `Int` is a name), anything else a name, non-ASCII bytes too.
    @Test(arguments: [
        ("#12", RowID.number(12)), ("#0", .name("0")), ("#012", .name("012")), ("#1a", .name("1a")),
        ("#m42", .name("m42")), ("#99999999999999999999", .name("99999999999999999999")),
        ("#\u{FC}ber-7", .name("\u{FC}ber-7")), ("#-3", .name("-3")),
    ])
    func rowIDsAreNumbersOrNames(word: String, id: RowID) throws {
        let line = try #require(try parser.parse("close \(word)").first)
        expectEqual(line.rowID, id)
        expectEqual(line.command, .close(row: 0))
    }

    /// A `#` with a space after it, or after a command without a ROW, is still a comment.
    @Test func commentsStayComments() throws {
        let lines = try parser.parse("dismiss #sheet\nwait 10 #ms\nswipe 3 -120 # fast\nclose 3 #4")
        expectEqual(lines.count, 4)
        expectEqual(lines[0].command, .dismiss)
        expectEqual(lines[2].command, .swipe(row: 3, dx: -120, duration: .milliseconds(150 as Int64)))
        expectEqual(lines[3].command, .close(row: 3))
        #expect(
            throws: ScriptError(
                file: "s.swipe", line: 1,
                message:
                    "missing argument: expected 'scroll DY'; '#5' is a comment ('#' starts one, but for a ROW written '#ID', with no space after the '#')"
            )
        ) {
            try parser.parse("scroll #5")
        }
    }

    /// A line a comment cut short says that the comment is one: `swipe # m3` meant `#m3`.
    @Test func aMissingArgumentNamesTheCommentThatTookIt() {
        #expect(
            throws: ScriptError(
                file: "s.swipe", line: 1,
                message:
                    "missing argument: expected 'swipe ROW DX [MS]'; '# m3' is a comment ('#' starts one, but for a ROW written '#ID', with no space after the '#')"
            )
        ) {
            try parser.parse("swipe # m3 \r\n")
        }
        // A line without a comment keeps the plain message, after one with a comment.
        #expect(
            throws: ScriptError(file: "s.swipe", line: 2, message: "missing argument: expected 'swipe ROW DX [MS]'")
        ) {
            try parser.parse("swipe 3 -120 # fast\nswipe 3")
        }
    }

    @Test(arguments: [
        "swipe #m42 -120 150", "tap #7 one", "pan #x begin", "pan #x move -40", "pan #x end", "open #a leading",
        "close #9", "activate #m42 trash", "actions #m42", "activate 3 trash", "actions 3",
    ])
    func linesPrintBackTheSame(line: String) throws {
        let parsed = try #require(try parser.parse(line).first)
        expectEqual(parsed.scriptLine, line)
        expectEqual(try parser.parse(parsed.scriptLine).first, parsed)
    }

    @Test(arguments: [
        ("activate 3", "missing argument: expected 'activate ROW ID'"),
        ("activate 3 trash more", "too many arguments 'more': expected 'activate ROW ID'"),
        ("activate", "missing argument: expected 'activate ROW ID'"),
        ("activate x trash", "ROW must be a whole number >= 1, got 'x'"),
        ("actions", "missing argument: expected 'actions ROW'"),
        ("actions 3 4", "too many arguments '4': expected 'actions ROW'"),
        ("actions 0", "ROW must be a whole number >= 1, got '0'"),
        ("swipe #m42", "missing argument: expected 'swipe ROW DX [MS]'"),
        ("tap #m42 0", "BUTTON must be a button id or a number >= 1 (1 = rightmost), got '0'"),
        ("swipe #\(String(repeating: "x", count: 257)) -120", "ROW id '#xxxx"),
    ])
    func badLinesNameTheFileLineAndProblem(line: String, message: String) {
        #expect {
            try parser.parse("wait 10\n\(line)")
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.file == "s.swipe" && error.line == 2 && error.message.hasPrefix(message)
        }
    }

    @Test func misspelledCommandsSuggestTheNewOnes() {
        #expect {
            try parser.parse("activte 3 trash")
        } throws: { error in
            (error as? ScriptError)?.message.hasPrefix("unknown command 'activte' (did you mean 'activate'?)") == true
        }
    }

    /// The jsonl lines of the records `script` made on `table`.
    func lines(_ script: String, _ table: SwipeTable, _ recorder: TraceRecorder) throws -> [String] {
        try ScriptRunner(table: table, fileName: "s.swipe").run(script: script)
        var out = OutputBuffer()
        for record in recorder.records { JSONLinesFormat.write(record, to: &out) }
        return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func table(items: TableItems = .generated(count: 30)) -> (SwipeTable, TraceRecorder) {
        let table = SwipeTable(items: items)
        let recorder = TraceRecorder()
        table.delegate = recorder
        return (table, recorder)
    }

    /// `#7` is a host-assigned number: row 7 of an untouched table, row 6 once row 1 is deleted.
    @Test func aNumberIDFollowsItsRow() throws {
        let (table, recorder) = table()
        try table.deleteRow(1)
        expectEqual(
            try lines("open #7\nclose #7\nswipe #7 -120", table, recorder), [#"{"event":"open","row":6,"t":150}"#])
    }

    /// A name id is found when the line runs: rows inserted above it move it.
    @Test func aNameIDIsFoundWhenTheLineRuns() throws {
        let (table, recorder) = table()
        try table.insertRow(3, item: "Lunch?", id: .name("m42"))
        try table.insertRow(1, item: "Breakfast?", id: .name("m1"))
        expectEqual(try table.row(withID: .name("m42")), 4)
        expectEqual(
            try lines("swipe #m42 -120\ntap #m42 one", table, recorder),
            [
                #"{"event":"open","row":4,"t":150}"#, #"{"event":"action","row":4,"button":"one","index":1,"t":150}"#,
            ])
    }

    @Test func anUnknownIDNamesFileLineAndTheClosestID() throws {
        let (table, _) = table()
        try table.insertRow(3, item: "Lunch?", id: .name("m42"))
        let runner = ScriptRunner(table: table, fileName: "s.swipe")
        #expect(
            throws: ScriptError(
                file: "s.swipe", line: 2, message: "no row has id '#m24' (did you mean '#m42'?)")
        ) { try runner.run(script: "wait 1\nswipe #m24 -120") }
        #expect(throws: ScriptError(file: "s.swipe", line: 1, message: "no row has id '#zzzzzz'")) {
            try runner.run(script: "activate #zzzzzz one")
        }
        #expect(throws: ScriptError(file: "s.swipe", line: 1, message: "no row has id '#99' (did you mean '#9'?)")) {
            try runner.run(script: "close #99")
        }
    }

    /// A number id below 1 (an embedder's: plugins cannot give one) is written `#-5` or `#0`,
    /// which a script reads as a name: the "did you mean" never offers it, so never the very
    /// spelling that was not found.
    @Test func theSuggestionNeverEchoesAnIdAScriptCannotName() throws {
        let (table, _) = table(
            items: TableItems(["A", "B", "C", "D"], ids: [.number(-5), .number(0), .name("m1"), .number(7)]))
        let runner = ScriptRunner(table: table, fileName: "s.swipe")
        #expect(throws: ScriptError(file: "s.swipe", line: 1, message: "no row has id '#-5'")) {
            try runner.run(script: "close #-5")
        }
        #expect(throws: ScriptError(file: "s.swipe", line: 1, message: "no row has id '#0' (did you mean '#7'?)")) {
            try runner.run(script: "close #0")
        }
        // A nameable id that is close is still offered.
        #expect(throws: ScriptError(file: "s.swipe", line: 1, message: "no row has id '#-7' (did you mean '#7'?)")) {
            try runner.run(script: "close #-7")
        }
    }

    /// `activate 3 ...` prints an `action` with `"accessibility":true` and no `open`;
    /// the row does not move.
    @Test func activateRunsTheActionWithoutRevealing() throws {
        let (table, recorder) = table()
        expectEqual(
            try lines("activate 3 two\nwait 500", table, recorder),
            [
                #"{"event":"action","row":3,"button":"two","index":2,"accessibility":true,"t":0}"#
            ])
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
        #expect(table.openRows.isEmpty)
        expectEqual(
            TextFormat.line(for: recorder.records[0]),
            #"     0 ms  row 3: activated "Button 2" (accessibility action, button 2, id two)"#)
    }

    @Test func activateOfAnUnknownButtonSuggestsOne() throws {
        let (table, _) = table()
        let runner = ScriptRunner(table: table, fileName: "s.swipe")
        #expect(
            throws: ScriptError(
                file: "s.swipe", line: 1,
                message:
                    "row 3 has no button 'tow' (did you mean 'two'?): it has 2 buttons, 'one' (1, the rightmost) and 'two' (2)"
            )
        ) { try runner.run(script: "activate 3 tow") }
        #expect(
            throws: ScriptError(file: "s.swipe", line: 1, message: "row 40 does not exist: the table has rows 1-30")
        ) { try runner.run(script: "activate 40 one") }
    }

    @Test func actionsListsWhatAScreenReaderOffers() throws {
        var configuration = CellConfiguration.tutorial
        configuration.leading = EdgeActions(buttons: [
            SwipeButton(id: "read", title: "Read", width: 80),
            SwipeButton(id: "pin", title: "", width: 60, accessibilityLabel: "Pin"),
        ])
        configuration.buttons[1].accessibilityLabel = "Second"
        let table = SwipeTable(configurationProvider: { _, _ in configuration })
        let recorder = TraceRecorder()
        table.delegate = recorder
        expectEqual(
            try lines("actions 2", table, recorder),
            [
                #"{"event":"actions","row":2,"actions":[{"label":"Button 1","side":"trailing","button":"one","index":1},"#
                    + #"{"label":"Read","side":"leading","button":"read","index":1},"#
                    + #"{"label":"Second","side":"trailing","button":"two","index":2},"#
                    + #"{"label":"Pin","side":"leading","button":"pin","index":2}],"t":0}"#
            ])
        expectEqual(
            TextFormat.line(for: recorder.records[0]),
            #"     0 ms  row 2 accessibility actions: "Button 1" (trailing button 1, id one), "Read" (leading button 1, id read), "Second" (trailing button 2, id two), "Pin" (leading button 2, id pin)"#
        )
        // A leading action names its side.
        try ScriptRunner(table: table, fileName: "s").run(script: "activate 2 pin")
        var out = OutputBuffer()
        JSONLinesFormat.write(recorder.records[1], to: &out)
        expectEqual(
            String(decoding: out.bytes, as: UTF8.self),
            #"{"event":"action","row":2,"button":"pin","index":2,"side":"leading","accessibility":true,"t":0}"#
                + "\n")
    }

    @Test func aRowWithoutButtonsHasNoActions() throws {
        let table = SwipeTable(configurationProvider: { _, _ in CellConfiguration(buttons: []) })
        let recorder = TraceRecorder()
        table.delegate = recorder
        try ScriptRunner(table: table, fileName: "s").run(script: "actions 1")
        expectEqual(TextFormat.line(for: recorder.records[0]), "     0 ms  row 1 has no accessibility actions")
    }

    /// A `manual` full swipe's button activated: the row waits for `fulfill` at rest; `delete`
    /// then deletes it, with no `open` or `close` before.
    @Test func aManualFullSwipeButtonWaitsForFulfil() throws {
        var configuration = CellConfiguration.tutorial
        configuration.trailing.fullSwipe = FullSwipe(button: 0, threshold: 200, completion: .manual, width: 320)
        let table = SwipeTable(configurationProvider: { _, _ in configuration })
        let recorder = TraceRecorder()
        table.delegate = recorder
        try ScriptRunner(table: table, fileName: "s").run(script: "activate 3 one")
        #expect(table.isWaiting(row: 3))
        expectEqual(table.cell(forRow: 3)?.isClosed, true)
        #expect(throws: TableError.heldByFullSwipe(row: 3)) { try table.panBegan(row: 3) }
        #expect(throws: TableError.heldByFullSwipe(row: 3)) { try table.activate(row: 3, buttonID: "two") }
        try table.fulfill(row: 3, .delete)
        #expect(!table.isWaiting(row: 3))
        expectEqual(recorder.records.map(\.event.name), ["action", "delete"])
        expectEqual(table.items.count, 29)
        // The other button does not wait; `reset` of a waiting row at rest prints nothing.
        try table.activate(row: 3, buttonID: "two")
        #expect(!table.isWaiting(row: 3))
        try table.activate(row: 4, buttonID: "one")
        try table.fulfill(row: 4, .reset)
        #expect(!table.isWaiting(row: 4))
        expectEqual(recorder.records.map(\.event.name), ["action", "delete", "action", "action"])
    }
}
