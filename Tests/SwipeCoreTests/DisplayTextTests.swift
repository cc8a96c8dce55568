import SwipeTestSupport
import Testing

@testable import SwipeCore
@testable import SwipeScript

/// Control characters never reach the terminal raw, and long words are shortened
/// in messages.
struct DisplayTextTests {
    @Test(arguments: [
        ("plain text, é and ✓", "plain text, é and ✓"),
        ("\u{1B}[31mred\u{07}", "\\e[31mred\\a"),
        ("nul\u{0}tab\tnl\ncr\r", "nul\\0tab\\tnl\\ncr\\r"),
        ("\u{8}\u{B}\u{C}\u{1}\u{1F}\u{7F}", "\\b\\v\\f\\x01\\x1f\\x7f"),
        ("c1 \u{9B}31m and \u{85}", "c1 \\u{9b}31m and \\u{85}"),
        ("bidi \u{202E}txt.exe\u{2066} line\u{2028}", "bidi \\u{202e}txt.exe\\u{2066} line\\u{2028}"),
        ("a \\ backslash stays", "a \\ backslash stays"),
    ])
    func controlCharactersAreEscaped(text: String, shown: String) {
        expectEqual(DisplayText.escaped(text), shown)
        expectEqual(DisplayText.escaped(shown), shown, "escaping is idempotent")
    }

    @Test func newlinesCanBeKeptForTextLaidOutInLines() {
        expectEqual(DisplayText.escaped("a\n\u{1B}b\n\tc\r", keeping: [.tabs, .newlines]), "a\n\\eb\n\tc\\r")
    }

    @Test func longTokensAreShortened() {
        let long = String(repeating: "x", count: 10_000_000)
        expectEqual(DisplayText.token(long), String(repeating: "x", count: 60) + "…(10000000 bytes)")
        let sixty = String(repeating: "é", count: 60)
        expectEqual(DisplayText.token(sixty), sixty)
        expectEqual(DisplayText.token(sixty + "\u{1B}"), sixty + "…(121 bytes)")
        expectEqual(DisplayText.token("\u{1B}" + sixty), "\\e" + String(repeating: "é", count: 59) + "…(121 bytes)")
    }

    @Test func anUnknownCommandIsEchoedEscaped() {
        #expect(
            throws: ScriptError(
                file: "t.swipe", line: 2,
                message: "unknown command 'jump\\e[2J\\a\\0' (expected \(ScriptParser.usage))")
        ) {
            try ScriptParser(fileName: "t.swipe").parse("wait 1\njump\u{1B}[2J\u{07}\u{0} 3\n")
        }
        let error = ScriptError(file: "t\n.swipe", line: 2, message: "unknown command 'jump\u{1B}[2J\u{07}\u{0}'")
        expectEqual(error.description, "t\\n.swipe:2: unknown command 'jump\\e[2J\\a\\0'")
    }

    @Test func aHugeBadTokenIsShortenedInTheMessage() throws {
        let token = String(repeating: "z", count: 10_000_000)
        do {
            _ = try ScriptParser(fileName: "t").parse("pan 3 move \(token)\n")
            Issue.record("parsed")
        } catch {
            expectEqual(
                error.description,
                "t:1: X must be a number, got '\(String(repeating: "z", count: 60))…(10000000 bytes)'")
        }
    }

    @Test func textOutputEscapesItemsTitlesAndIds() throws {
        let table = SwipeTable(items: TableItems(["ok", "bad\u{1B}]0;title\u{07}\nnext"])) { _, _ in
            CellConfiguration(buttons: [SwipeButton(id: "i\u{1B}d", title: "T\u{0}\nx", width: 80)])
        }
        let recorder = TraceRecorder()
        table.delegate = recorder
        try table.openRow(2)
        try table.tap(row: 2, button: 1)
        let output = HeadlessRun.render(recorder, TableSnapshot(table), format: .text, width: 320)
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.hasPrefix("     0 ms  row 2: tapped \"T\\0\\nx\" (button 1, id i\\ed)\n"))
        // Slid left by 80 points (10 characters): the escaped item's tail, then the button.
        let row2 = "     2 |title\\a\\nnext" + String(repeating: " ", count: 17) + "[ T\\0\\nx ]|  right 80\n"
        #expect(text.contains(row2))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func aTracebackKeepsItsLineBreaksButNoOtherControlCharacter() {
        var out = OutputBuffer()
        let error = PluginErrorEvent(
            plugin: "x", file: "x.lua", hook: "on_open", row: nil, field: nil, message: "a\u{1B}", kind: "runtime",
            traceback: "b\u{1B}\n\tc")
        TextFormat.write(TraceRecord(time: .start, event: .pluginError(error)), to: &out)
        expectEqual(
            String(decoding: out.bytes, as: UTF8.self),
            "     0 ms  plugin error in x.on_open: a\\e\n           b\\e\n           \tc\n")
    }

    @Test func aMissingButtonIdIsEscaped() {
        expectEqual(
            TableError.noSuchButton(row: 3, button: "x\u{1B}", ids: ["one", "two"], reason: nil).description,
            "row 3 has no button 'x\\e': it has 2 buttons, 'one' (1, the rightmost) and 'two' (2)")
    }
}
