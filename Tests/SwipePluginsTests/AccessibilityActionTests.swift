import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A row's buttons as accessibility actions, run by `activate` without
/// revealing the row; and `#ID` rows in recordings.
struct AccessibilityActionTests {
    let fixtures = Fixtures()

    /// `activate 3 trash` prints an `action` with `"accessibility":true` and no `open`
    /// (mail.lua's Trash then deletes the row).
    @Test func activatingMailsTrashDeletesWithoutOpening() throws {
        let jsonl = try SessionTests.run("activate 3 trash\n", plugins: [SessionTests.mail], format: .jsonl)
        let lines = jsonl.split(separator: "\n").map(String.init)
        expectEqual(
            Array(lines.prefix(2)),
            [
                #"{"event":"action","row":3,"button":"trash","index":1,"side":"trailing","accessibility":true,"t":0}"#,
                #"{"event":"delete","row":3,"item":"Re: quarterly numbers","t":0}"#,
            ])
        #expect(!jsonl.contains(#""event":"open""#))
        let text = try SessionTests.run("activate 3 unread\n", plugins: [SessionTests.mail])
        #expect(
            text.hasPrefix(
                #"     0 ms  row 3: activated "Unread" (accessibility action, leading button 1, id unread)"#))
    }

    @Test func actionsListsMailsButtons() throws {
        let jsonl = try SessionTests.run("actions 3\n", plugins: [SessionTests.mail], format: .jsonl)
        expectEqual(
            jsonl.split(separator: "\n").first,
            #"{"event":"actions","row":3,"actions":[{"label":"Trash","side":"trailing","button":"trash","index":1},{"label":"Unread","side":"leading","button":"unread","index":1},{"label":"Flag","side":"trailing","button":"flag","index":2},{"label":"More","side":"trailing","button":"more","index":3}],"t":0}"#
        )
    }

    /// A label is a quoted word of the text line: past 60 characters it is cut as messages cut
    /// one (docs/limits.md, "Text shown on a terminal"); jsonl keeps it whole.
    @Test func actionsCutsALongLabel() throws {
        let label = String(repeating: "x", count: 100_000)
        let code = plugin(
            configure:
                "function(row) return { buttons = { { id = 'a', title = 'A', width = 80, accessibility_label = string.rep('x', 100000) } } } end"
        )
        func run(_ format: OutputFormat) throws -> String {
            SessionTests.text(
                try PluginRun(
                    fileName: "s.swipe",
                    configuration: SessionConfiguration(plugins: [.source(name: "p.lua", code: code)]), format: format
                ).run(script: "actions 1\n"))
        }
        let line =
            #"     0 ms  row 1 accessibility actions: ""# + String(repeating: "x", count: 60)
            + #"…(100000 bytes)" (trailing button 1, id a)"#
        let text = try run(.text)
        #expect(text.hasPrefix(line + "\n"), "\(text.prefix(200))")
        #expect(try run(.jsonl).contains(#""label":"\#(label)""#))
    }

    @Test func anUnknownButtonSuggestsTheClosestID() throws {
        #expect {
            try SessionTests.run("wait 1\nactivate 3 trsh\n", plugins: [SessionTests.mail])
        } throws: { error in
            "\(error)".hasPrefix("s.swipe:2: row 3 has no button 'trsh' (did you mean 'trash'?)")
        }
    }

    /// Handlers see `button.accessibility == true` (and no `full`); a tap's button has neither.
    @Test func handlersSeeTheAccessibilityFlag() throws {
        let host = try fixtures.host(
            plugin(
                "on_action = function(ctx, row, button) ctx:log(button.id, tostring(button.accessibility), tostring(button.full)) end"
            ))
        try ScriptRunner(table: host.table, fileName: "s").run(script: "activate 2 a\nswipe 2 -120\ntap 2 a")
        expectEqual(host.messages("log"), ["a\ttrue\tnil", "a\tnil\tnil"])
    }

    /// A `manual` full swipe's button activated: the row waits for `ctx:fulfill` as a full
    /// swipe's would; the handler's timer fulfils it 800 ms later and the row is deleted, never
    /// opened.
    @Test func aManualFullSwipeButtonWaitsForFulfil() throws {
        let host = try fixtures.host(
            """
            return { name = 'p',
              configure = function(row)
                return { trailing = { buttons = { { id = 'trash', title = 'Trash', width = 80 } },
                                      full_swipe = { completion = 'manual' } } }
              end,
              on_action = function(ctx, row, button)
                ctx:after(800, function(c) c:fulfill(row.index, 'delete') end)
              end }
            """)
        let runner = ScriptRunner(table: host.table, fileName: "s")
        try runner.run(script: "activate 3 trash\nwait 799")
        #expect(host.table.isWaiting(row: 3))
        expectEqual(host.table.cell(forRow: 3)?.isClosed, true)
        #expect(throws: ScriptError(file: "s", line: 1, message: TableError.heldByFullSwipe(row: 3).description)) {
            try runner.run(script: "open 3")
        }
        try runner.run(script: "wait 1")
        #expect(!host.table.isWaiting(row: 3))
        expectEqual(host.table.items.count, 29)
        var out = OutputBuffer()
        for record in host.recorder.records { JSONLinesFormat.write(record, to: &out) }
        expectEqual(
            String(decoding: out.bytes, as: UTF8.self),
            #"{"event":"action","row":3,"button":"trash","index":1,"accessibility":true,"t":0}"# + "\n"
                + #"{"event":"delete","row":3,"item":"Longer Title Item #3","t":800}"# + "\n")
    }

    /// `check` warns about a button with neither title nor `accessibility_label`, once.
    @Test func checkWarnsAboutAnUnlabelledButton() throws {
        let path = fixtures.plugin(
            "p.lua",
            "return { name = 'p', configure = function(row) return { buttons = { { id = 'x', title = '', width = 80 }, { id = 'y', title = '', width = 80, accessibility_label = 'Why' } } } end }"
        )
        let report = PluginChecker().check(path)
        let warnings = report.problems.filter { $0.severity == .warning }.map(\.message)
        expectEqual(
            warnings,
            [
                "has neither a title nor an accessibility_label: a screen reader would offer its action as 'x' (its id)"
            ])
        expectEqual(report.problems.first { $0.severity == .warning }?.field, "buttons[1]")
    }

    /// A session records a row whose item has a string id as `#ID`, so the recording
    /// replays on the same item after rows moved; other rows stay indexes.
    @Test func recordingsNameRowsWithStringIDs() throws {
        var configuration = SessionConfiguration(
            items: TableItems(["a", "b", "c"], ids: [.number(1), .name("m42"), .number(3)]))
        configuration.recordsInputs = true
        let session = try Session(configuration, sink: nil)
        for line in try ScriptParser(fileName: "s").parse("swipe 2 -120\nswipe 1 -120\nactivate #m42 one\nactions 2") {
            try session.apply(line)
        }
        expectEqual(
            session.recordedCommands, "swipe #m42 -120 150\nswipe 1 -120 150\nactivate #m42 one\nactions #m42\n")
    }
}
