import Glibc
import HummingbirdWSClient
import Logging
import SwipePlayground
import SwipePlugins
import SwipeServer
import Synchronization

/// A bounded wait: every test waits at most this long for a message before it fails.
let patience = Duration.seconds(20)

struct TestTimeout: Error, CustomStringConvertible {
    var what: String
    var description: String { "waited \(patience) for \(what)" }
}

/// A playground server on a free loopback port, for the length of a test.
final class TestServer: Sendable {
    let port: Int
    let sessions: SessionManager
    private let task: Task<Void, any Error>

    private init(port: Int, sessions: SessionManager, task: Task<Void, any Error>) {
        self.port = port
        self.sessions = sessions
        self.task = task
    }

    static func start(plugins: [String], watch: Bool = false) async throws -> TestServer {
        let sessions = SessionManager(configuration: .init(plugins: plugins.map(PluginSource.file)))
        var server = PlaygroundServer(
            host: "127.0.0.1", port: 0, sessions: sessions, watcher: watch ? PluginWatcher { plugins } : nil)
        server.logLevel = .critical  // a test stops it by cancelling, which Hummingbird logs as errors
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            defer { continuation.finish() }
            try await server.run(signals: false) { port in continuation.yield(port) }
        }
        for await port in ports { return TestServer(port: port, sessions: sessions, task: task) }
        _ = try await task.value
        throw TestTimeout(what: "the server to start")
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    var url: String { "ws://127.0.0.1:\(port)/ws" }

    /// `GET path`: the status and the body (HTTP/1.1 over a plain socket, the connection closed
    /// by the server after the answer).
    func get(_ path: String) throws -> (status: Int, headers: String, body: String) {
        let (head, body) = try exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let status = Int(head.split(separator: " ")[1]) ?? 0
        return (status, head, String(decoding: body, as: UTF8.self))
    }

    /// A WebSocket the server closes at once: the upgrade's status line, the text messages it
    /// sent and its close code, read off a plain socket (HummingbirdWSClient drops a text message
    /// that arrives with the close frame, before its handler runs; a browser does not).
    func refusedWebSocket() throws -> (status: String, texts: [String], closeCode: Int?) {
        let (head, body) = try exchange(
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        var texts: [String] = []
        var closeCode: Int?
        var index = 0
        // Unmasked server frames: FIN+opcode, a 7-bit length (126: 16 bits follow), the payload.
        while index + 2 <= body.count {
            let opcode = body[index] & 0x0F
            var length = Int(body[index + 1] & 0x7F)
            index += 2
            if length == 126 {
                guard index + 2 <= body.count else { break }
                length = Int(body[index]) << 8 | Int(body[index + 1])
                index += 2
            }
            guard index + length <= body.count else { break }
            let payload = Array(body[index..<index + length])
            index += length
            if opcode == 1 { texts.append(String(decoding: payload, as: UTF8.self)) }
            if opcode == 8, payload.count >= 2 { closeCode = Int(payload[0]) << 8 | Int(payload[1]) }
        }
        return (String(head.split(separator: "\r\n").first ?? ""), texts, closeCode)
    }

    /// Sends `request` on a new connection and reads until the server closes it: the head and
    /// the bytes after it.
    private func exchange(_ request: String) throws -> (head: String, body: [UInt8]) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestTimeout(what: "a socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestTimeout(what: "a connection") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += chunk[0..<count]
        }
        guard let split = response.firstRange(of: Array("\r\n\r\n".utf8)) else { throw TestTimeout(what: "an HTTP answer") }
        return (String(decoding: response[..<split.lowerBound], as: UTF8.self), Array(response[split.upperBound...]))
    }
}

/// A page: a real WebSocket client connected to the server's `/ws`, keeping what it receives.
final class TestPage: Sendable {
    /// What the socket's task and the test share.
    final class Shared: Sendable {
        let inbox = Mutex<[String]>([])
        let closed = Mutex<Bool>(false)
    }

    private let shared = Shared()
    private let outgoing: AsyncStream<String>.Continuation
    private let task: Task<Void, any Error>

    init(_ server: TestServer) {
        let (messages, outgoing) = AsyncStream.makeStream(of: String.self)
        self.outgoing = outgoing
        let shared = self.shared
        var logger = Logger(label: "test.page")
        logger.logLevel = .critical
        task = Task {
            defer { shared.closed.withLock { $0 = true } }
            try await WebSocketClient.connect(
                url: server.url, configuration: .init(maxFrameSize: 1 << 22), logger: logger
            ) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await message in messages { try await outbound.writeTextMessage(message) }
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                    for try await message in inbound.messages(maxSize: 1 << 24) {
                        if case .text(let text) = message { shared.inbox.withLock { $0.append(text) } }
                    }
                    group.cancelAll()
                }
            }
        }
    }

    func send(_ text: String) { outgoing.yield(text) }
    func send(_ texts: [String]) { for text in texts { outgoing.yield(text) } }

    var isClosed: Bool { shared.closed.withLock { $0 } }

    /// Everything received so far, parsed.
    func received() throws -> Sent { try Sent(shared.inbox.withLock { $0 }) }

    /// Waits until what was received satisfies `condition`.
    func wait(for what: String, _ condition: (Sent) -> Bool) async throws -> Sent {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while clock.now < deadline {
            let sent = try received()
            if condition(sent) { return sent }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw TestTimeout(what: what)
    }

    func close() async {
        outgoing.finish()
        _ = try? await task.value
    }
}
