import SwipeCore
import SwipePlugins
import SwipeTestSupport
import Testing

@testable import SwipePlayground

struct SessionManagerTests {
    @Test func sessionsHaveTheirOwnIdsUpToTheCap() throws {
        let manager = SessionManager(configuration: SessionConfiguration())
        var ids: Set<String> = []
        for _ in 0..<SessionManager.maximumSessions {
            let connection = try manager.open()
            expectEqual(connection.id.count, 16)
            #expect(connection.id.allSatisfy { $0.isHexDigit })
            ids.insert(connection.id)
        }
        expectEqual(ids.count, 32)
        #expect(
            throws: SessionManager.Refusal(
                message:
                    "too many sessions: the playground serves at most 32 pages at once; close one and reload this page")
        ) {
            try manager.open()
        }
        let first = try #require(manager.session(id: ids.first!))
        manager.close(first)
        expectEqual(manager.count, 31)
        #expect(manager.session(id: first.id) == nil)
        _ = try manager.open()
        manager.closeAll()
        expectEqual(manager.count, 0)
    }

    @Test func aPluginThatNoLongerLoadsRefusesNewPagesWithItsPlace() {
        let manager = SessionManager(
            configuration: SessionConfiguration(plugins: [.source(name: "broken.lua", code: "return {")]))
        #expect(
            throws: SessionManager.Refusal(
                message:
                    "the plugins do not load: broken.lua:1: unexpected symbol near <eof> (fix the file and reload the page)"
            )
        ) {
            try manager.open()
        }
    }

    /// A page that sends without reading: each wheel makes a frame without
    /// events; once an eighth of the limit waits, each replaces the last one waiting, so what
    /// waits stays under that plus one frame however many it sends, the last frame is the
    /// latest, and the session goes on.
    @Test func aPageThatDoesNotReadHoldsABoundedQueueEndingWithTheLatestFrame() async throws {
        let manager = SessionManager(configuration: SessionConfiguration(), unsentLimit: 256 << 10)
        let connection = try manager.open()
        // The same messages on a session of its own: its last frame is what the page must get.
        let reference = try PlaygroundSession(id: "reference", configuration: SessionConfiguration())
        let referencePage = PageModel()
        _ = try Sent(reference.greeting(), page: referencePage)
        for index in 0..<1_500 {
            let message = #"{"type":"wheel","dy":\#(index % 2 == 0 ? 44 : -22),"t":\#(index)}"#
            connection.receive(message)
            _ = try Sent(reference.receive(message), page: referencePage)
        }
        // While that much waits, frames are key frames (they may replace the one before).
        let keyFrame = reference.frame(key: true)
        expectEqual(connection.endedBecause, nil)
        expectEqual(connection.coalescingBytes, 32 << 10)
        // (Plus a few bytes: the frame that passed the mark may be a little longer than this one.)
        #expect(connection.unsentBytes.peak <= (32 << 10) + keyFrame.utf8.count + 16)
        var texts: [String] = []
        var iterator = connection.messages.makeAsyncIterator()
        while connection.unsentBytes.now > 0, let text = await iterator.next() { texts.append(text) }
        let sent = try Sent(texts)
        expectEqual(sent.messages.first?["type"], .string("hello"))
        #expect(sent.frames.count < 100)
        expectEqual(texts.last, keyFrame)
        // The page that missed the dropped frames draws what the page that got every one draws.
        expectEqual(sent.page.problems, [])
        expectEqual(sent.page.rows, referencePage.rows)
        // In order: each frame's time after the one before.
        let times = sent.frames.compactMap { frame -> Double? in if case .number(let t)? = frame["t"] { t } else { nil }
        }
        expectEqual(times, times.sorted())
        // The session goes on: the next message's frame comes at once.
        connection.receive(#"{"type":"wheel","dy":1,"t":2000}"#)
        let next = try Sent([try #require(await iterator.next())])
        expectEqual(next.frames.last?["t"], .number(2_000))
        manager.close(connection)
        expectEqual(await iterator.next(), nil)
        expectEqual(connection.endedBecause, .pageLeft)
    }

    /// Under that, nothing is dropped: a page a little behind gets every frame.
    @Test func aPageALittleBehindGetsEveryFrame() async throws {
        let manager = SessionManager(configuration: SessionConfiguration())
        let connection = try manager.open()
        for index in 0..<50 { connection.receive(#"{"type":"wheel","dy":1,"t":\#(index)}"#) }
        var texts: [String] = []
        var iterator = connection.messages.makeAsyncIterator()
        while connection.unsentBytes.now > 0, let text = await iterator.next() { texts.append(text) }
        expectEqual(try Sent(texts).frames.count, 51)
        manager.close(connection)
    }

    /// Frames that carry events are never dropped (they are the page's log), nor errors: a
    /// frame without events waiting before them is, once a newer frame comes.
    @Test func framesWithEventsAndErrorsAreKeptInOrder() async throws {
        // A limit whose eighth the greeting passes, so frames without events are replaced as
        // soon as they wait.
        let configuration = SessionConfiguration(plugins: [.file(mailPlugin)])
        let greeting = try PlaygroundSession(id: "0123456789abcdef", configuration: configuration).greeting()
        let manager = SessionManager(
            configuration: configuration, unsentLimit: 8 * (greeting.map(\.utf8.count).reduce(0, +) - 1))
        let connection = try manager.open()
        let inputs =
            [#"{"type":"wheel","dy":0.5,"t":10}"#, "{nope"] + Page.drag(row: 3, by: -200, at: 100)
            + [#"{"type":"wheel","dy":1,"t":900}"#, #"{"type":"wheel","dy":-1,"t":950}"#, "[1]"]
        for input in inputs { connection.receive(input) }
        var texts: [String] = []
        var iterator = connection.messages.makeAsyncIterator()
        while connection.unsentBytes.now > 0, let text = await iterator.next() { texts.append(text) }
        let sent = try Sent(texts)
        expectEqual(
            sent.messages.map { $0["type"] }, ["hello", "error", "frame", "frame", "error"].map(JSONValue.string))
        expectEqual(
            sent.errors,
            [
                "malformed JSON at byte 1: expected a field name in double quotes, got 'n'",
                "a message must be a JSON object, got an array",
            ])
        // The first frame is the drag's release, with its `open`; the last shows the table after
        // the last wheel.
        guard case .array(let carried)? = sent.frames.first?["events"] else { Issue.record("no events"); return }
        expectEqual(carried.map { $0["event"] }, [.string("open")])
        expectEqual(sent.frames.last?["t"], .number(950))
        expectEqual(sent.frames.last?["events"], .array([]))
        manager.close(connection)
    }

    /// What is never dropped passes the byte limit when the page reads nothing: the session ends
    /// (the server closes the socket, 1008), its messages end there and their memory is freed.
    @Test func aPageThatDoesNotReadItsErrorsIsClosedPastTheByteLimit() async throws {
        // Room for the greeting (hello and the first frame) and about 20 errors.
        let greeting = try PlaygroundSession(id: "0123456789abcdef", configuration: SessionConfiguration()).greeting()
        let limit = greeting.map(\.utf8.count).reduce(0, +) + 2_000
        let manager = SessionManager(configuration: SessionConfiguration(), unsentLimit: limit)
        let connection = try manager.open()
        let error = ServerMessage.error("malformed JSON at byte 1: expected a field name in double quotes, got 'n'")
        var sentCount = 0
        while connection.endedBecause == nil, sentCount < 1_000 {
            connection.receive("{nope")
            sentCount += 1
        }
        expectEqual(connection.endedBecause, .tooFarBehind)
        expectEqual(connection.unsentBytes.now, 0)
        #expect(sentCount > 15 && sentCount < 30)
        #expect(connection.unsentBytes.peak > limit)
        #expect(connection.unsentBytes.peak <= limit + error.utf8.count)
        var count = 0
        for await _ in connection.messages { count += 1 }
        expectEqual(count, 0)
        connection.receive(#"{"type":"wheel","dy":1,"t":2000}"#)  // nothing happens any more
        expectEqual(connection.unsentBytes.now, 0)
        manager.close(connection)
        expectEqual(connection.endedBecause, .tooFarBehind)
    }

    @Test func recordingsAreServedByIdAndUnknownPathsAre404() throws {
        let manager = SessionManager(configuration: SessionConfiguration())
        let connection = try manager.open()
        connection.receive(#"{"type":"wheel","dy":44,"t":10}"#)
        let script = PlaygroundRoutes.get("/sessions/\(connection.id).swipe", sessions: manager)
        expectEqual(script.status, 200)
        expectEqual(script.contentType, "text/plain; charset=utf-8")
        expectEqual(script.fileName, "session-\(connection.id).swipe")
        #expect(String(decoding: script.body, as: UTF8.self).hasSuffix("wait 10\nscroll 44\n"))
        let spec = PlaygroundRoutes.get("/sessions/\(connection.id)_spec.lua", sessions: manager)
        expectEqual(spec.status, 200)
        #expect(String(decoding: spec.body, as: UTF8.self).contains("describe("))
        expectEqual(PlaygroundRoutes.get("/sessions/\(connection.id).txt", sessions: manager).status, 404)
        expectEqual(PlaygroundRoutes.get("/page.js", sessions: manager).contentType, "text/javascript; charset=utf-8")
        expectEqual(PlaygroundRoutes.get("/../etc/passwd", sessions: manager).status, 404)
        manager.closeAll()
        expectEqual(PlaygroundRoutes.get("/sessions/\(connection.id).swipe", sessions: manager).status, 404)
    }
}
