import Glibc
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipePlayground

func mailSession(id: String = "test", plugins: [String] = [mailPlugin]) throws -> PlaygroundSession {
    try PlaygroundSession(id: id, configuration: SessionConfiguration(plugins: plugins.map(PluginSource.file)))
}

struct PlaygroundSessionTests {
    @Test func greetsWithHelloAndAFirstFrame() throws {
        let session = try mailSession(id: "abc")
        let sent = try Sent(session.greeting())
        expectEqual(sent.messages.count, 2)
        let hello = sent.messages[0]
        expectEqual(hello["type"], .string("hello"))
        expectEqual(hello["protocol"], .number(2))
        expectEqual(hello["session"], .string("abc"))
        expectEqual(hello["width"], .number(320))
        expectEqual(hello["rowHeight"], .number(44))
        expectEqual(hello["viewport"], .number(504))
        expectEqual(hello["rows"], .number(15))
        expectEqual(hello["plugins"], .array([.string(mailPlugin)]))
        expectEqual(hello["direction"], .string("ltr"))
        expectEqual(hello["script"], .string("/sessions/abc.swipe"))
        expectEqual(hello["spec"], .string("/sessions/abc_spec.lua"))
        let rows = sent.lastRows
        expectEqual(rows.count, 12)
        expectEqual(rows[3]?["item"], .string("Re: quarterly numbers"))
        expectEqual(rows[3]?["y"], .number(88))
        expectEqual(titles(rows[3]?["right"]), ["Trash", "Flag", "More"])
        expectEqual(titles(rows[3]?["left"]), ["Unread"])
        expectEqual(rows[3]?["path"], .null)
        guard case .array(let right)? = rows[3]?["right"] else { Issue.record("no buttons"); return }
        expectEqual(
            right[0],
            .object([
                ("id", .string("trash")), ("title", .string("Trash")), ("width", .number(80)),
                ("color", .string("#FF3B30")),
                ("style", .string("destructive")),
                (
                    "icon",
                    .object([
                        ("name", .string("trash")), ("path", .string(ButtonIcon.named("trash")!.path)),
                        ("view_box", .array([.number(0), .number(0), .number(24), .number(24)])),
                        ("stroked", .bool(true)),
                    ])
                ),
            ]))
    }

    /// A plugin's colour reaches the page only when it is `#rgb` or `#rrggbb` (the check
    /// `render` makes, `SwipeButton.isHexColor`); anything else is sent as null, so the page
    /// draws the style's default.
    @Test func onlyHexColoursReachThePage() throws {
        let code = """
            return { name = "colors", configure = function(row) return { buttons = {
              { id = "a", title = "A", width = 60, color = "url(http://host/?x=secret) red" },
              { id = "b", title = "B", width = 60, color = "#abc" },
              { id = "c", title = "C", width = 60, color = "#12345g", style = "destructive" },
              { id = "d", title = "D", width = 60, color = "red" },
              { id = "e", title = "E", width = 60, color = "#FF9500" },
            } } end }
            """
        let session = try PlaygroundSession(
            id: "c", configuration: SessionConfiguration(plugins: [.source(name: "colors.lua", code: code)]))
        let sent = try Sent(session.greeting())
        guard case .array(let buttons)? = sent.lastRows[1]?["right"] else { Issue.record("no buttons"); return }
        expectEqual(buttons.map { $0["color"] }, [.null, .string("#abc"), .null, .null, .string("#FF9500")])
        #expect(!session.greeting()[1].contains("secret"))
    }

    /// The appearance keys reach the page only when given: a built-in icon with its path and box,
    /// a plugin's own path, the text and highlight colours and the accessibility label.
    @Test func theAppearanceKeysReachThePage() throws {
        let code = """
            return { name = "look", configure = function(row) return { buttons = {
              { id = "a", icon = "flag", accessibility_label = "Flag", width = 60, text_color = "#FFF",
                highlight_color = "#A05A00" },
              { id = "b", title = "B", width = 60, icon = { path = "M0 0h4v4z", view_box = "0 0 4 4" } },
              { id = "c", title = "C", width = 60 },
            } } end }
            """
        let session = try PlaygroundSession(
            id: "c", configuration: SessionConfiguration(plugins: [.source(name: "look.lua", code: code)]))
        let sent = try Sent(session.greeting())
        guard case .array(let buttons)? = sent.lastRows[1]?["right"] else { Issue.record("no buttons"); return }
        let flag = try #require(ButtonIcon.named("flag"))
        expectEqual(
            buttons[0],
            .object([
                ("id", .string("a")), ("title", .string("")), ("width", .number(60)), ("color", .null),
                ("style", .string("normal")),
                (
                    "icon",
                    .object([
                        ("name", .string("flag")), ("path", .string(flag.path)),
                        ("view_box", .array([.number(0), .number(0), .number(24), .number(24)])),
                        ("stroked", .bool(true)),
                    ])
                ),
                ("text_color", .string("#fff")), ("highlight_color", .string("#a05a00")),
                ("accessibility_label", .string("Flag")),
            ]))
        expectEqual(
            buttons[1]["icon"],
            .object([
                ("name", .null), ("path", .string("M0 0h4v4z")),
                ("view_box", .array([.number(0), .number(0), .number(4), .number(4)])),
                ("stroked", .bool(false)),
            ]))
        expectEqual(
            buttons[2],
            .object([
                ("id", .string("c")), ("title", .string("C")), ("width", .number(60)), ("color", .null),
                ("style", .string("normal")),
            ]))
    }

    @Test func aDragLeftOnRow3OpensIt() throws {
        let session = try mailSession()
        _ = session.greeting()
        let sent = try Sent(
            Page.drag(row: 3, by: -200, at: 100).flatMap(session.receive)
                + session.wake(at: .start + .milliseconds(2_000 as Int64)))
        #expect(sent.errors.isEmpty)
        let opens = sent.events(named: "open")
        expectEqual(opens.count, 1)
        expectEqual(opens.first?["row"], .number(3))
        expectEqual(opens.first?["side"], .string("trailing"))
        if case .string(let text)? = opens.first?["line"] {
            #expect(text.hasSuffix("row 3 opened (trailing)"))
        } else {
            Issue.record("no text")
        }
        expectEqual(sent.frames.last?["editing"], .array([.number(3)]))
        expectEqual(session.session.table.openRows, [3])
    }

    @Test func aTapOnTrashDeletesTheRowAndATapOnContentIsNothing() throws {
        let session = try mailSession()
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        _ = try Sent(Page.drag(row: 3, by: -240, at: 100, moves: 4).flatMap(session.receive), page: page)
        _ = try Sent(session.wake(at: .start + .milliseconds(1_000 as Int64)), page: page)
        let sent = try Sent(
            Page.tap(row: 3, x: 300, at: 1_500).flatMap(session.receive)
                + session.wake(at: .start + .milliseconds(3_000 as Int64)), page: page)
        #expect(sent.errors.isEmpty)
        let actions = sent.events(named: "action")
        expectEqual(actions.first?["button"], .string("trash"))
        expectEqual(sent.events(named: "delete").first?["item"], .string("Re: quarterly numbers"))
        expectEqual(sent.lastRows[3]?["item"], .string("Weekend hiking plan"))
    }

    @Test func badMessagesGetAnErrorAndTheSessionGoesOn() throws {
        let session = try mailSession()
        _ = session.greeting()
        expectEqual(
            session.receive("{nope"),
            [
                ServerMessage.error("malformed JSON at byte 1: expected a field name in double quotes, got 'n'")
            ])
        expectEqual(
            session.receive(#"{"type":"swipe"}"#),
            [
                ServerMessage.error(
                    "unknown message type \"swipe\" (expected \"pointer\", \"wheel\", \"tick\", \"dismiss\", \"actions\" or \"activate\")"
                )
            ])
        let big = #"{"type":"tick","t":1,"x":""# + String(repeating: "a", count: 65_536) + #""}"#
        expectEqual(
            session.receive(big),
            [
                ServerMessage.error("message too large: 65564 bytes (at most 65536 bytes, 64 KiB, a message)")
            ])
        let sent = try Sent(
            Page.drag(row: 3, by: -200, at: 100).flatMap(session.receive)
                + session.wake(at: .start + .milliseconds(2_000 as Int64)))
        expectEqual(sent.events(named: "open").count, 1)
    }

    @Test func aCommandTheTableRefusesIsAnErrorNamingIt() throws {
        let session = try mailSession()
        _ = session.greeting()
        // The pan begins on row 1, then the table scrolls under the finger by the wheel.
        _ = session.receive(Page.pointer("down", 300, 10, 0))
        _ = session.receive(Page.pointer("move", 250, 10, 16))
        _ = session.receive(#"{"type":"wheel","dy":600,"t":20}"#)
        let sent = try Sent(session.receive(Page.pointer("move", 200, 10, 32)))
        expectEqual(sent.errors, ["pan 1 move -100: row 1 is off screen: rows 4-15 are on screen"])
        // The press is forgotten: later moves of it say nothing.
        #expect(session.receive(Page.pointer("move", 150, 10, 48)).isEmpty)
    }

    @Test func wheelScrollsAndTicksOnlyAdvance() throws {
        let session = try mailSession()
        _ = session.greeting()
        let scrolled = try Sent(session.receive(#"{"type":"wheel","dy":100,"t":10}"#))
        expectEqual(scrolled.frames.last?["contentOffset"], .number(100))
        #expect(session.receive(#"{"type":"tick","t":20}"#).isEmpty)
        expectEqual(session.session.now, .start + .milliseconds(20 as Int64))
    }

    /// Page messages at the clock's end, then a drag: the row settles open (a server's wake at
    /// that time runs what is due, so it does not stay at its bounce position).
    @Test func aDragAtTheClocksEndSettles() throws {
        let session = try mailSession()
        var texts = session.greeting()
        let end = VirtualInstant.maximum.milliseconds
        texts += session.receive(#"{"type":"tick","t":\#(end)}"#)
        let y = 2 * 44.0 + 22
        for (phase, x) in [("down", 300.0), ("move", 250), ("move", 150), ("move", 100), ("up", 100)] {
            texts += session.receive(Page.pointer(phase, x, y, end))
        }
        expectEqual(session.nextWake, .maximum)
        var wakes = 0
        while let wake = session.nextWake, wakes < 10 {
            texts += session.wake(at: wake)
            wakes += 1
        }
        expectEqual(wakes, 1)
        expectEqual(session.nextWake, nil)
        let sent = try Sent(texts)
        #expect(sent.errors.isEmpty)
        expectEqual(sent.events(named: "open").count, 1)
        let cell = try #require(session.session.table.cell(forRow: 3))
        #expect(cell.isOpen(on: .trailing))
        expectEqual(cell.presentedOffset(at: .maximum), -cell.configuration.totalWidth(of: .trailing))
        expectEqual(sent.lastRows[3]?["offset"], .number(-cell.configuration.totalWidth(of: .trailing)))
        expectEqual(sent.frames.last?["editing"], .array([.number(3)]))
    }

    @Test func theRecordedScriptReplaysToTheEventsThePageSaw() throws {
        let session = try mailSession()
        var texts = session.greeting()
        texts += Page.drag(row: 3, by: -200, at: 100).flatMap(session.receive)
        texts += session.wake(at: .start + .milliseconds(700 as Int64))
        texts += Page.drag(row: 5, by: 120, at: 900).flatMap(session.receive)
        texts += session.wake(at: .start + .milliseconds(1_600 as Int64))
        texts += Page.tap(row: 5, x: 40, at: 1_700).flatMap(session.receive)
        texts += [#"{"type":"wheel","dy":30,"t":1900}"#].flatMap(session.receive)
        // Row 3 is 30 px higher now: a tap on its Flag button (the second from the right).
        texts += [Page.pointer("down", 200, 80, 2_000), Page.pointer("up", 200, 80, 2_050)].flatMap(session.receive)
        texts += session.wake(at: .start + .milliseconds(4_000 as Int64))
        // Wake the clock to its end, as the server's timer would.
        while let wake = session.nextWake { texts += session.wake(at: wake) }
        let seen = try Sent(texts).events.map(Self.withoutText)
        // Unread and Flag close their rows themselves (`ctx:close`): a `close` after each update.
        expectEqual(
            seen.map { $0["event"] },
            ["open", "open", "action", "update", "close", "action", "update", "close"].map(JSONValue.string))
        expectEqual(seen[5]["button"], .string("flag"))

        let script = session.session.recordedScript()
        let output = try PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(mailPlugin)]), format: .jsonl
        ).run(script: script)
        let replayed = try String(decoding: output.bytes, as: UTF8.self).split(separator: "\n")
            .map { try JSONReader.parse(String($0)) }.filter { $0["event"] != .string("state") }
        expectEqual(replayed, seen)
    }

    /// The page's dismissal of a sheet reaches the session, which records a
    /// `dismiss` event and a `dismiss` line that replays to it.
    @Test func aDismissedSheetIsRecordedAndReplays() throws {
        let session = try mailSession()
        var texts = session.greeting()
        texts += Page.drag(row: 3, by: -240, at: 100, moves: 4).flatMap(session.receive)
        texts += session.wake(at: .start + .milliseconds(1_000 as Int64))
        // More, the innermost of the three 80-point buttons, presents a sheet.
        texts += Page.tap(row: 3, x: 120, at: 1_500).flatMap(session.receive)
        texts += [#"{"type":"dismiss","t":1800}"#].flatMap(session.receive)
        // Nothing on show any more: a second dismissal is nothing.
        texts += [#"{"type":"dismiss","t":1900}"#].flatMap(session.receive)
        while let wake = session.nextWake { texts += session.wake(at: wake) }
        let sent = try Sent(texts)
        #expect(sent.errors.isEmpty)
        let seen = sent.events.map(Self.withoutText)
        expectEqual(seen.map { $0["event"] }, ["open", "action", "present", "dismiss"].map(JSONValue.string))
        expectEqual(seen.last?["t"], .number(1_800))
        #expect(session.session.host.presented == nil)

        let script = session.session.recordedScript()
        #expect(script.contains("\ndismiss\n"))
        let output = try PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(mailPlugin)]), format: .jsonl
        ).run(script: script)
        let replayed = try String(decoding: output.bytes, as: UTF8.self).split(separator: "\n")
            .map { try JSONReader.parse(String($0)) }.filter { $0["event"] != .string("state") }
        expectEqual(replayed, seen)
    }

    static func withoutText(_ event: JSONValue) -> JSONValue {
        guard case .object(let fields) = event else { return event }
        return .object(fields.filter { $0.key != "line" })
    }
}

/// Reloading a temporary copy of the mail plugin.
struct PlaygroundReloadTests {
    static func temporaryCopy() throws -> String {
        let path = try TestFiles.folderPath("swipe-playground") + "/mail.lua"
        try TestFiles.write(String(decoding: FileReading.bytes(atPath: mailPlugin), as: UTF8.self), to: path)
        return path
    }

    @Test func goodCodeIsSwappedInKeepingStateAndBadCodeIsRolledBack() throws {
        let path = try Self.temporaryCopy()
        let original = String(decoding: try FileReading.bytes(atPath: path), as: UTF8.self)
        let session = try mailSession(plugins: [path])
        let page = PageModel()
        _ = try Sent(session.greeting(), page: page)
        _ = try Sent(Page.drag(row: 3, by: -200, at: 100).flatMap(session.receive), page: page)
        _ = try Sent(session.wake(at: .start + .milliseconds(1_000 as Int64)), page: page)
        _ = try Sent(session.receive(#"{"type":"wheel","dy":20,"t":1100}"#), page: page)

        try TestFiles.write(original.replacingOccurrences("title = \"Trash\"", "title = \"Bin\""), to: path)
        let good = try Sent(session.reload([.file(path)]), page: page)
        expectEqual(good.of(type: "reload").first?["ok"], .bool(true))
        expectEqual(good.of(type: "reload").first?["t"], .number(1100))
        expectEqual(titles(good.lastRows[3]?["right"]), ["Bin", "Flag", "More"])
        expectEqual(good.frames.last?["editing"], .array([.number(3)]))
        expectEqual(good.frames.last?["contentOffset"], .number(20))
        expectEqual(good.events(named: "reload").count, 1)

        try TestFiles.write(original.replacingOccurrences("title = \"Trash\"", "title = = \"Oops\""), to: path)
        let bad = try Sent(session.reload([.file(path)]), page: page)
        #expect(bad.frames.isEmpty)
        let failure = bad.of(type: "reload").first
        expectEqual(failure?["ok"], .bool(false))
        guard case .string(let error)? = failure?["error"] else { Issue.record("no error"); return }
        let line =
            original.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("title = \"Trash\"")
            }! + 1
        #expect(error.hasPrefix("\(path):\(line): "))
        // The old code is still in charge.
        expectEqual(titles(try Sent([session.frame()], page: page).lastRows[3]?["right"]), ["Bin", "Flag", "More"])

        // A save seconds after the last input: the reload is stamped when the file changed (the
        // server passes its real time since the page connected), not at the last input's time.
        try TestFiles.write(original, to: path)
        let later = try Sent(session.reload([.file(path)], at: .start + .milliseconds(4_000 as Int64)), page: page)
        expectEqual(later.of(type: "reload").first?["t"], .number(4000))
        expectEqual(session.session.now, .start + .milliseconds(4_000 as Int64))
        expectEqual(titles(later.lastRows[3]?["right"]), ["Trash", "Flag", "More"])
        #expect(session.session.recordedScript().contains("wait 2900\n# reload: "))
    }
}
