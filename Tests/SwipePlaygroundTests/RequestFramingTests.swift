import SwipePlayground
import SwipeTestSupport
import Testing

@testable import SwipeServer

/// RFC 9112's request framing over a real socket: a request with two `Host` field lines, or with
/// a request target that is not a path, gets 400 (and no WebSocket), whichever `Host` comes first;
/// and RFC 6455's UTF-8 rule for text messages.
@Suite(.serialized) struct RequestFramingTests {
    @Test func twoHostFieldsGet400EvenWithTheGoodOneFirst() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let good = "127.0.0.1:\(server.port)"
        let message = "bad request: 2 Host header fields; a request has exactly one (RFC 9112, section 3.2)\n"
        for hosts in [[good, "evil.example"], ["evil.example", good], [good, good]] {
            let fields = hosts.map { "Host: \($0)\r\n" }.joined()
            let page = try await server.exchange("GET / HTTP/1.1\r\n\(fields)Connection: close\r\n\r\n")
            #expect(page.head.hasPrefix("HTTP/1.1 400 Bad Request"), "\(hosts)")
            expectEqual(String(decoding: page.body, as: UTF8.self), message)
            let socket = try await server.exchange(
                "GET /ws HTTP/1.1\r\n\(fields)Upgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            #expect(socket.head.hasPrefix("HTTP/1.1 400 Bad Request"), "\(hosts)")
        }
        expectEqual(server.sessions.count, 0)
        await server.stop()
    }

    @Test func anAbsoluteFormTargetGets400() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        for target in ["http://evil.example/", "http://127.0.0.1:\(server.port)/"] {
            let page = try await server.exchange("GET \(target) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
            #expect(page.head.hasPrefix("HTTP/1.1 400 Bad Request"), "\(target)")
            expectEqual(
                String(decoding: page.body, as: UTF8.self),
                "bad request: the request target '\(target)' is not a path; this playground is no proxy and takes only targets of the form '/path' (RFC 9112, section 3.2)\n"
            )
        }
        let socket = try await server.exchange(
            "GET http://evil.example/ws HTTP/1.1\r\n\(host)Upgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        #expect(socket.head.hasPrefix("HTTP/1.1 400 Bad Request"))
        expectEqual(server.sessions.count, 0)
        await server.stop()
    }

    /// The check holds for every request of a kept-alive connection, not only its first, and
    /// a well-formed request is answered as before (a field of the refusal's name sent by the
    /// client is dropped, not taken as a refusal).
    @Test func everyRequestOfAConnectionIsChecked() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let answer = try await server.exchange(
            "GET /page.css HTTP/1.1\r\n\(host)X-SwipeHost-Refused: no\r\n\r\n"
                + "GET /page.css HTTP/1.1\r\n\(host)Upgrade: something\r\n\r\n"
                + "GET /page.js HTTP/1.1\r\n\(host)Host: evil.example\r\nConnection: close\r\n\r\n")
        let text = answer.head + "\r\n\r\n" + String(decoding: answer.body, as: UTF8.self)
        // Each answer's status line follows the body before it (none ends with a line break).
        let statuses = text.ranges(of: "HTTP/1.1 ").map { String(text[$0.lowerBound...].prefix(12)) }
        expectEqual(statuses, ["HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 400"])
        #expect(
            text.hasSuffix("bad request: 2 Host header fields; a request has exactly one (RFC 9112, section 3.2)\n"))
        await server.stop()
    }

    /// A text frame whose payload is not UTF-8 closes the socket with 1007 (invalid frame
    /// payload data), as RFC 6455 (section 8.1) asks, and the session ends.
    @Test func aTextFrameOfInvalidUTF8ClosesWith1007() async throws {
        let server = try await TestServer.start(plugins: [mailPlugin])
        let socket = try await RawWebSocket(port: server.port)
        expectEqual(socket.status, "HTTP/1.1 101 Switching Protocols")
        expectEqual(try await socket.readText()?.contains("\"type\":\"hello\""), true)
        expectEqual(try await socket.readText()?.contains("\"type\":\"frame\""), true)
        // `{"type":"tick","t":1}` with a lone continuation byte inside the string.
        try await socket.send(opcode: 1, Array(#"{"type":"tick","t":1,"x":""#.utf8) + [0x80] + Array(#""}"#.utf8))
        let closed = try await socket.readUntilClosed()
        #expect(closed.texts.isEmpty)
        expectEqual(closed.closeCode, 1007)
        _ = try await poll(for: "the session to end") { server.sessions.count == 0 ? true : nil }
        await server.stop()
    }
}
