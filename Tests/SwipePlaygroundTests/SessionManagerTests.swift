import SwipeCore
import SwipePlugins
import Testing

@testable import SwipePlayground

struct SessionManagerTests {
    @Test func sessionsHaveTheirOwnIdsUpToTheCap() throws {
        let manager = SessionManager(configuration: SessionConfiguration())
        var ids: Set<String> = []
        for _ in 0..<SessionManager.maximumSessions {
            let connection = try manager.open()
            #expect(connection.id.count == 16)
            #expect(connection.id.allSatisfy { $0.isHexDigit })
            ids.insert(connection.id)
        }
        #expect(ids.count == 32)
        #expect(throws: SessionManager.Refusal(
            message: "too many sessions: the playground serves at most 32 pages at once; close one and reload this page")) {
            try manager.open()
        }
        let first = try #require(manager.session(id: ids.first!))
        manager.close(first)
        #expect(manager.count == 31)
        #expect(manager.session(id: first.id) == nil)
        _ = try manager.open()
        manager.closeAll()
        #expect(manager.count == 0)
    }

    @Test func aPluginThatNoLongerLoadsRefusesNewPagesWithItsPlace() {
        let manager = SessionManager(configuration: SessionConfiguration(plugins: [.source(name: "broken.lua", code: "return {")]))
        #expect(throws: SessionManager.Refusal(
            message: "the plugins do not load: broken.lua:1: unexpected symbol near <eof> (fix the file and reload the page)")) {
            try manager.open()
        }
    }

    /// A page that sends without reading: its session ends once 1,024 messages wait, and the
    /// messages it was sent end there (the server then closes the socket).
    @Test func aPageThatDoesNotReadIsClosedPastTheUnsentLimit() async throws {
        let manager = SessionManager(configuration: SessionConfiguration())
        let connection = try manager.open()
        for index in 0..<1_500 {
            connection.receive(#"{"type":"wheel","dy":\#(index % 2 == 0 ? 1 : -1),"t":\#(index)}"#)
        }
        var count = 0
        for await _ in connection.messages { count += 1 }
        #expect(count == PlaygroundConnection.maximumUnsent)
        connection.receive(#"{"type":"wheel","dy":1,"t":2000}"#)  // nothing happens any more
        manager.close(connection)
    }

    @Test func recordingsAreServedByIdAndUnknownPathsAre404() throws {
        let manager = SessionManager(configuration: SessionConfiguration())
        let connection = try manager.open()
        connection.receive(#"{"type":"wheel","dy":44,"t":10}"#)
        let script = PlaygroundRoutes.get("/sessions/\(connection.id).swipe", sessions: manager)
        #expect(script.status == 200)
        #expect(script.contentType == "text/plain; charset=utf-8")
        #expect(script.fileName == "session-\(connection.id).swipe")
        #expect(String(decoding: script.body, as: UTF8.self).hasSuffix("wait 10\nscroll 44\n"))
        let spec = PlaygroundRoutes.get("/sessions/\(connection.id)_spec.lua", sessions: manager)
        #expect(spec.status == 200)
        #expect(String(decoding: spec.body, as: UTF8.self).contains("describe("))
        #expect(PlaygroundRoutes.get("/sessions/\(connection.id).txt", sessions: manager).status == 404)
        #expect(PlaygroundRoutes.get("/page.js", sessions: manager).contentType == "text/javascript; charset=utf-8")
        #expect(PlaygroundRoutes.get("/../etc/passwd", sessions: manager).status == 404)
        manager.closeAll()
        #expect(PlaygroundRoutes.get("/sessions/\(connection.id).swipe", sessions: manager).status == 404)
    }
}
