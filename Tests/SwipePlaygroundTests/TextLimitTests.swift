import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipePlayground
@testable import SwipeServer

/// What a plugin's texts cost the page: every text is cut at ``PlaygroundText/maximumBytes``
/// where a message is made, so a plugin of huge titles still gets its page; messages over the
/// unsent limit for another reason end the page with a reason that says so.
struct TextLimitTests {
    /// 30 items of 1 MB, buttons whose title, accessibility label and sheet text are 1 MB too.
    static let hugeTexts = PluginSource.source(
        name: "huge.lua",
        code: """
            local huge = string.rep("é", 1 << 19)  -- 1 MiB of two-byte characters
            local items = {}
            for i = 1, 30 do items[i] = i .. huge end
            return {
              name = "huge",
              items = items,
              configure = function(row)
                return { buttons = {
                  { id = "a", title = huge, accessibility_label = "label " .. huge, width = 80,
                    on_tap = function(ctx, r) ctx:present({ title = "title " .. huge, text = huge }); ctx:log(huge) end },
                } }
              end,
            }
            """)

    static let cutHuge = String(repeating: "é", count: PlaygroundText.maximumBytes / 2) + "…(1048576 bytes)"

    @Test func aTextIsCutOnACharacterBoundaryAndSaysItsLength() {
        expectEqual(PlaygroundText.cut("short"), "short")
        let exact = String(repeating: "x", count: PlaygroundText.maximumBytes)
        expectEqual(PlaygroundText.cut(exact), exact)
        // One byte in, a two-byte character would be cut in half: it goes whole.
        let odd = "x" + String(repeating: "é", count: PlaygroundText.maximumBytes)
        expectEqual(
            PlaygroundText.cut(odd),
            "x" + String(repeating: "é", count: PlaygroundText.maximumBytes / 2 - 1) + "…(8193 bytes)")
    }

    @Test func thirtyTitlesOf1MBFitTheFirstFrame() async throws {
        let manager = SessionManager(configuration: SessionConfiguration(plugins: [Self.hugeTexts]))
        let connection = try manager.open()
        expectEqual(connection.endedBecause, nil)
        let hello = try #require(await connection.next())
        let first = try #require(await connection.next())
        #expect(hello.utf8.count + first.utf8.count < 1 << 20)
        let page = PageModel()
        let sent = try Sent([hello, first], page: page)
        expectEqual(sent.frames.count, 1)
        let row = try #require(page.row(1))
        expectEqual(
            row["item"],
            .string(
                "1" + String(repeating: "é", count: PlaygroundText.maximumBytes / 2 - 1) + "…(1048577 bytes)"))
        guard case .array(let buttons)? = row["right"], let button = buttons.first else {
            Issue.record("row 1 has no right buttons: \(row)")
            return
        }
        expectEqual(button["title"], .string(Self.cutHuge))
        expectEqual(
            button["accessibility_label"],
            .string(
                "label " + String(repeating: "é", count: (PlaygroundText.maximumBytes - 6) / 2) + "…(1048582 bytes)"
            ))
        // The events of a tap carry the plugin's texts cut too.
        connection.receive(#"{"type":"activate","row":1,"button":"a","t":10}"#)
        var texts: [String] = []
        while let message = await connection.next() {
            texts.append(message)
            if message.contains("\"present\"") { break }
        }
        let tapped = try Sent(texts, page: page)
        let present = try #require(tapped.events(named: "present").first)
        expectEqual(present["text"], .string(Self.cutHuge))
        expectEqual(tapped.events(named: "log").first?["message"], .string(Self.cutHuge))
        #expect(texts.allSatisfy { $0.utf8.count < 64 << 10 })
        expectEqual(connection.endedBecause, nil)
        manager.closeAll()
    }

    /// The messages a session makes at once over the limit (here a greeting over 1 KiB) end it
    /// as too large, not as "too far behind": the page had not yet been sent a byte.
    @Test func messagesOverTheLimitByThemselvesEndThePageAsTooLarge() throws {
        let manager = SessionManager(
            configuration: SessionConfiguration(plugins: [.file(mailPlugin)]), unsentLimit: 1_024)
        let connection = try manager.open()
        let greeting = try PlaygroundSession(
            id: connection.id, configuration: SessionConfiguration(plugins: [.file(mailPlugin)])
        )
        .greeting()
        let bytes = greeting.reduce(0) { $0 + $1.utf8.count }
        expectEqual(connection.endedBecause, .tooLarge(bytes: bytes))
        expectEqual(
            PlaygroundServer.closeReason(.tooLarge(bytes: 12_000_000), idleLimit: .seconds(600), unsentLimit: 8 << 20),
            "too large: the server's messages for one update came to 12000000 bytes, more than the 8388608 that may wait to be sent (too many or too large events or rows from the plugins); change the plugin, then reload the page"
        )
        expectEqual(PlaygroundServer.closeCode(.tooLarge(bytes: 1)), .unexpectedServerError)
        manager.closeAll()
    }
}
