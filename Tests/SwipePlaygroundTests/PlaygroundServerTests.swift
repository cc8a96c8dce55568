import Glibc
import SwipeCore
import SwipePlayground
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipeServer

/// The playground over a real socket: a real WebSocket client against the real server on a
/// loopback port (0: any free one).
@Suite(.serialized) struct PlaygroundServerTests {
    @Test func aDragOnRow3OpensIt() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let page = TestPage(server)
        let hello = try await page.wait(for: "hello and a frame") { $0.frames.count >= 1 }
        expectEqual(hello.messages.first?["type"], .string("hello"))
        page.send(Page.drag(row: 3, by: -200, at: 100))
        let sent = try await page.wait(for: "row 3 to open") { !$0.events(named: "open").isEmpty }
        let open = sent.events(named: "open")
        expectEqual(open.count, 1)
        expectEqual(open.first?["row"], .number(3))
        #expect(sent.errors.isEmpty)
        let settled = try await page.wait(for: "row 3 to settle open") { $0.lastRows[3]?["offset"] == .number(-240) }
        expectEqual(settled.frames.last?["editing"], .array([.number(3)]))
        await page.close()
        await server.stop()
    }

    @Test func malformedAndOversizedMessagesGetErrorsAndTheSessionGoesOn() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let page = TestPage(server)
        _ = try await page.wait(for: "hello") { $0.frames.count >= 1 }
        page.send("{nope")
        page.send(#"{"type":"pointer","phase":"down","x":"1","y":2,"t":3}"#)
        let big = #"{"type":"tick","t":1,"x":""# + String(repeating: "a", count: 100_000) + #""}"#
        page.send(big)
        let errors = try await page.wait(for: "three errors") { $0.errors.count >= 3 }.errors
        expectEqual(
            errors,
            [
                "malformed JSON at byte 1: expected a field name in double quotes, got 'n'",
                "field \"x\" of a \"pointer\" message must be a number, got a string",
                "message too large: 100028 bytes (at most 65536 bytes, 64 KiB, a message)",
            ])
        page.send(Page.drag(row: 3, by: -200, at: 100))
        let sent = try await page.wait(for: "row 3 to open") { !$0.events(named: "open").isEmpty }
        expectEqual(sent.events(named: "open").first?["row"], .number(3))
        #expect(!page.isClosed)
        await page.close()
        await server.stop()
    }

    @Test func twoSessionsAreIsolated() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let first = TestPage(server)
        let second = TestPage(server)
        let a = try await first.wait(for: "hello") { $0.frames.count >= 1 }
        let b = try await second.wait(for: "hello") { $0.frames.count >= 1 }
        #expect(a.messages[0]["session"] != b.messages[0]["session"])
        expectEqual(server.sessions.count, 2)
        // Open row 3 in the first page and tap Trash: the row is deleted there.
        first.send(Page.drag(row: 3, by: -240, at: 100, moves: 4))
        _ = try await first.wait(for: "row 3 open") { $0.lastRows[3]?["offset"] == .number(-240) }
        first.send(Page.tap(row: 3, x: 300, at: 2_000))
        let deleted = try await first.wait(for: "the delete") { !$0.events(named: "delete").isEmpty }
        expectEqual(deleted.events(named: "delete").first?["item"], .string("Re: quarterly numbers"))
        let gone = try await first.wait(for: "row 3 to show row 4's item") {
            $0.lastRows[3]?["item"] == .string("Weekend hiking plan")
        }
        expectEqual(gone.frames.last?["rowCount"], .number(14))
        // The second page still has every item, and saw none of it.
        second.send(#"{"type":"wheel","dy":1,"t":3000}"#)
        let other = try await second.wait(for: "a frame") { $0.frames.count >= 2 }
        #expect(other.events.isEmpty)
        expectEqual(other.lastRows[3]?["item"], .string("Re: quarterly numbers"))
        expectEqual(other.frames.last?["rowCount"], .number(15))
        await first.close()
        await second.close()
        await server.stop()
    }

    @Test func the33rdSessionIsRefusedAndClosed() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        var pages: [TestPage] = []
        for _ in 0..<SessionManager.maximumSessions {
            let page = TestPage(server)
            _ = try await page.wait(for: "hello") { $0.frames.count >= 1 }
            pages.append(page)
        }
        let refused = try await server.refusedWebSocket()
        expectEqual(refused.status, "HTTP/1.1 101 Switching Protocols")
        expectEqual(
            refused.texts,
            [
                ServerMessage.error(
                    "too many sessions: the playground serves at most 32 pages at once; close one and reload this page")
            ])
        expectEqual(refused.closeCode, 1008)
        expectEqual(server.sessions.count, 32)
        // A page that leaves frees its place.
        await pages.removeLast().close()
        let next = TestPage(server)
        _ = try await next.wait(for: "hello after a page left") { $0.frames.count >= 1 }
        for page in pages + [next] { await page.close() }
        await server.stop()
    }

    @Test func savingThePluginReloadsEverySessionAndABadSaveIsRolledBack() async throws {
        let folder = try TestFiles.folderPath("swipe-serve")
        let path = folder + "/mail.lua"
        let original = String(decoding: try FileReading.bytes(atPath: mailPlugin), as: UTF8.self)
        try TestFiles.write(original, to: path)
        let server = try await TestServer.start(plugins: [path], watch: true)
        let page = TestPage(server)
        _ = try await page.wait(for: "hello") { $0.frames.count >= 1 }
        page.send(Page.drag(row: 3, by: -200, at: 100))
        _ = try await page.wait(for: "row 3 open") { $0.lastRows[3]?["offset"] == .number(-240) }

        try TestFiles.write(original.replacingOccurrences("title = \"Trash\"", "title = \"Bin\""), to: path)
        let reloaded = try await page.wait(for: "the reload") {
            titles($0.lastRows[3]?["right"]) == ["Bin", "Flag", "More"]
        }
        expectEqual(reloaded.of(type: "reload").map { $0["ok"] }, [.bool(true)])
        expectEqual(reloaded.frames.last?["editing"], .array([.number(3)]))
        expectEqual(reloaded.events(named: "reload").count, 1)

        try TestFiles.write(original.replacingOccurrences("title = \"Trash\"", "title = = \"Oops\""), to: path)
        let failed = try await page.wait(for: "the failed reload") { $0.of(type: "reload").count >= 2 }
        let line =
            original.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("title = \"Trash\"")
            }! + 1
        expectEqual(failed.of(type: "reload").last?["ok"], .bool(false))
        expectEqual(failed.of(type: "reload").last?["error"], .string("\(path):\(line): unexpected symbol near '='"))
        // The old code is still in charge: Bin is still there.
        page.send(#"{"type":"wheel","dy":1,"t":5000}"#)
        let after = try await page.wait(for: "a frame") { $0.frames.count > failed.frames.count }
        expectEqual(titles(after.lastRows[3]?["right"]), ["Bin", "Flag", "More"])
        await page.close()
        await server.stop()
    }

    @Test func theDownloadedScriptReplaysToTheEventsThePageSaw() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let page = TestPage(server)
        let hello = try await page.wait(for: "hello") { $0.frames.count >= 1 }
        guard case .string(let id)? = hello.messages[0]["session"] else { Issue.record("no id"); return }
        page.send(Page.drag(row: 3, by: -200, at: 100))
        page.send(Page.drag(row: 5, by: 120, at: 900))
        page.send(Page.tap(row: 5, x: 40, at: 1_700))
        let seen = try await page.wait(for: "the unread action") { !$0.events(named: "update").isEmpty }
        // Let every animation end, so the clock is where the script's last wait leaves it.
        try await Task.sleep(for: .seconds(1))
        let events = try page.received().events.map { event -> JSONValue in
            guard case .object(let fields) = event else { return event }
            return .object(fields.filter { $0.key != "line" })
        }
        #expect(events.count >= seen.events.count)

        let script = try await server.get("/sessions/\(id).swipe")
        expectEqual(script.status, 200)
        #expect(script.headers.contains("text/plain"))
        let output = try PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(mailPlugin)]), format: .jsonl
        ).run(script: script.body)
        let replayed = try String(decoding: output.bytes, as: UTF8.self).split(separator: "\n")
            .map { try JSONReader.parse(String($0)) }.filter { $0["event"] != .string("state") }
        expectEqual(replayed, events)
        // Unread closes its row itself (`ctx:close`): its `close` follows the update.
        expectEqual(replayed.map { $0["event"] }, ["open", "open", "action", "update", "close"].map(JSONValue.string))

        let spec = try await server.get("/sessions/\(id)_spec.lua")
        expectEqual(spec.status, 200)
        #expect(spec.body.contains("require(\"swipe\")"))
        await page.close()
        await server.stop()
    }

    @Test func servesThePageAndAnswers404() async throws {
        let server = try await TestServer.start(plugins: [])
        let page = try await server.get("/")
        expectEqual(page.status, 200)
        #expect(page.headers.contains("text/html; charset=utf-8"))
        expectEqual(
            page.body, String(decoding: PlaygroundRoutes.get("/", sessions: server.sessions).body, as: UTF8.self))
        expectEqual(try await server.get("/page.js").status, 200)
        #expect(try await server.get("/page.css").headers.contains("text/css"))
        let missing = try await server.get("/nothing")
        expectEqual(missing.status, 404)
        expectEqual(missing.body, "not found: /nothing\n")
        let noSession = try await server.get("/sessions/0123456789abcdef.swipe")
        expectEqual(noSession.status, 404)
        expectEqual(
            noSession.body, "no open session '0123456789abcdef': a recording can be downloaded while its page is open\n"
        )
        await server.stop()
    }

    // MARK: Other origins

    /// A page of another site may not open a session (its WebSocket is refused before the
    /// upgrade, with the reason), nor reach the page under a name of its own (DNS rebinding).
    @Test func anotherOriginAndAnotherHostAreRefused() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        // The upgrade is declined (Hummingbird answers a declined upgrade 400, without a body);
        // the same request without the upgrade gets 403 and the reason.
        let foreign = try await server.refusedWebSocket(origin: "http://evil.example")
        expectEqual(foreign.status, "HTTP/1.1 400 Bad Request")
        #expect(foreign.texts.isEmpty)
        let socketBody = try await server.get("/ws", origin: "http://evil.example")
        expectEqual(socketBody.status, 403)
        expectEqual(
            socketBody.body,
            "refused: a page from 'http://evil.example' may not use this playground (http://127.0.0.1:\(server.port)/); to allow it, serve with --allow-origin ORIGIN\n"
        )
        expectEqual(server.sessions.count, 0)
        let rebound = try await server.get("/", host: "evil.example:\(server.port)")
        expectEqual(rebound.status, 403)
        #expect(rebound.headers.contains("text/plain; charset=utf-8"))
        expectEqual(
            rebound.body,
            "refused: Host 'evil.example:\(server.port)' is not this playground's address (http://127.0.0.1:\(server.port)/); to open it under that name, serve with --allow-origin http://evil.example:\(server.port)\n"
        )
        expectEqual(try await server.get("/page.js", host: "evil.example").status, 403)
        expectEqual(
            try await server.refusedWebSocket(host: "evil.example:\(server.port)").status, "HTTP/1.1 400 Bad Request")
        expectEqual(server.sessions.count, 0)
        // Its own names and origins are answered; a WebSocket without Origin (not a browser) too.
        for host in ["127.0.0.1", "localhost", "[::1]"] {
            expectEqual(
                try await server.get("/", host: "\(host):\(server.port)", origin: "http://\(host):\(server.port)")
                    .status, 200)
        }
        let own = try await RawWebSocket(port: server.port, origin: "http://localhost:\(server.port)")
        expectEqual(own.status, "HTTP/1.1 101 Switching Protocols")
        expectEqual(try await own.readText().map { $0.contains("\"type\":\"hello\"") }, true)
        let noOrigin = try await RawWebSocket(port: server.port)
        expectEqual(noOrigin.status, "HTTP/1.1 101 Switching Protocols")
        await server.stop()
    }

    @Test func anAllowedOriginIsAnswered() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin], allowedOrigins: ["http://play.example:8000"])
        let socket = try await RawWebSocket(port: server.port, origin: "http://play.example:8000")
        expectEqual(socket.status, "HTTP/1.1 101 Switching Protocols")
        expectEqual(
            try await server.get("/", host: "play.example:8000", origin: "http://play.example:8000").status, 200)
        expectEqual(
            try await server.get("/", host: "127.0.0.1:\(server.port)", origin: "http://play.example:8001").status, 403)
        await server.stop()
    }

    /// A page that sends nothing for the idle limit is closed (1001, with the reason), so idle
    /// sockets cannot hold the 32 places: here 32 of them, the limit a fraction of a second.
    @Test func idleSocketsAreClosedAndFreeTheirPlaces() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin], idleLimit: .seconds(1))
        var idle: [RawWebSocket] = []
        for _ in 0..<SessionManager.maximumSessions { idle.append(try await RawWebSocket(port: server.port)) }
        let first = try await idle[0].readUntilClosed()
        expectEqual(first.texts.first?.contains("\"type\":\"hello\""), true)
        expectEqual(first.closeCode, 1001)
        expectEqual(first.reason, "idle: no message from the page for 1 s; reload the page")
        for socket in idle.dropFirst() { expectEqual(try await socket.readUntilClosed().closeCode, 1001) }
        // These sockets do not answer the close: each is dropped after a grace of 2 s.
        try await waitUntil("the idle sessions to end") { server.sessions.count == 0 }
        let page = TestPage(server)
        _ = try await page.wait(for: "hello once the idle sockets are gone") { $0.frames.count >= 1 }
        // A page that sends is not idle.
        for step in 0..<15 {
            page.send(#"{"type":"tick","t":\#(step * 100)}"#)
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(!page.isClosed)
        await page.close()
        await server.stop()
    }

    // MARK: Slow readers

    /// A page that drags without reading a byte: once 1 MiB waits, frames without events replace
    /// one another, so what waits for it stays bounded however long it goes on; another page is
    /// served at once.
    @Test func aPageThatDragsWithoutReadingHoldsOneFrame() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let slow = try await RawWebSocket(port: server.port)
        try await waitUntil("the session") { server.sessions.count == 1 }
        let connection = try #require(server.sessions.connections.first)
        // Row 3 dragged back and forth 2,000 times, never released; the last move is the only
        // one 250 px left.
        try await slow.send(text: Page.pointer("down", 300, 110, 1))
        for step in 0..<2_000 {
            try await slow.send(text: Page.pointer("move", 300 - Double(step % 200), 110, 2 + Double(step)))
        }
        try await slow.send(text: Page.pointer("move", 50, 110, 3_000))
        try await waitUntil("the 2,000 moves to be handled") { connection.recordedScript().contains("move -250") }
        let page = TestPage(server)
        _ = try await page.wait(for: "another page's hello") { $0.frames.count >= 1 }
        expectEqual(connection.endedBecause, nil)
        // At most an eighth of the limit (1 MiB) and one frame of 12 rows (a few KB).
        #expect(connection.unsentBytes.peak < (1 << 20) + (64 << 10))
        await page.close()
        await server.stop()
    }

    /// A page that reads nothing while what cannot be dropped (errors) piles up is closed once
    /// the limit passes, and its place is free again.
    @Test func aPageThatReadsNothingIsClosedPastTheByteLimit() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin], unsentLimit: 256 << 10)
        let slow = try await RawWebSocket(port: server.port)
        try await waitUntil("the session") { server.sessions.count == 1 }
        let connection = try #require(server.sessions.connections.first)
        // Until the limit passes. Before the errors wait in the connection's queue (and count),
        // the kernel's socket buffers take what they take (up to tcp_wmem's most, 4 MiB by
        // default), then the channel's own buffer (64 KiB) and the writer's unconfirmed bytes
        // (`PlaygroundServer.writtenEvery`): tens of thousands of errors of about 100 bytes (six
        // runs sent 37,500 to 97,500 before they saw the end).
        // (Before the writer waited for its writes to reach the channel, it could empty the
        // queue into the event loop's task queue without bound while that thread was busy: a
        // run that sent 100,000 errors had 228,684 bytes waiting at most.) The cap is far past it.
        var sent = 0
        while connection.endedBecause == nil, sent < 1_000_000 {
            do {
                try await slow.send(text: "{nope")
            } catch {
                // The server drops a page it ended 2 s after a close frame the page never took;
                // a send still waiting then (the server no longer reads) fails with a reset.
                guard connection.endedBecause != nil else { throw error }
                break
            }
            sent += 1
            if sent % 500 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        try await waitUntil("the session to end") { connection.endedBecause != nil && server.sessions.count == 0 }
        expectEqual(connection.endedBecause, .tooFarBehind)
        expectEqual(connection.unsentBytes.now, 0)
        #expect(connection.unsentBytes.peak <= (256 << 10) + 200)
        let page = TestPage(server)
        _ = try await page.wait(for: "hello after the slow page") { $0.frames.count >= 1 }
        await page.close()
        await server.stop()
    }

    // MARK: A fragmented message over 1 MiB

    /// Over 1 MiB in two fragments of 600 KB (each under the frame limit): closed with 1009
    /// (message too big), as documented, not 1008.
    @Test func aFragmentedMessageOver1MiBClosesWith1009() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let socket = try await RawWebSocket(port: server.port)
        expectEqual(socket.status, "HTTP/1.1 101 Switching Protocols")
        // Hello and the first frame, read before the message: a session ended before its writer
        // ran drops what it had not sent (under load, CI saw the close come first).
        expectEqual(try await socket.readText()?.contains("\"type\":\"hello\""), true)
        expectEqual(try await socket.readText()?.contains("\"type\":\"frame\""), true)
        let part = [UInt8](repeating: UInt8(ascii: " "), count: 600_000)
        try await socket.send(opcode: 1, fin: false, part)
        try await socket.send(opcode: 0, fin: true, part)
        let closed = try await socket.readUntilClosed()
        #expect(closed.texts.isEmpty)  // nothing for the message
        expectEqual(closed.closeCode, 1009)
        try await waitUntil("the sessions to end") { server.sessions.count == 0 }
        await server.stop()
    }

    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        _ = try await poll(for: what) { condition() ? true : nil }
    }
}
