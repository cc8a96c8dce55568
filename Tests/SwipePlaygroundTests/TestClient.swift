import Glibc
import SwipePlayground
import SwipePlugins
import SwipeServer
import Synchronization

/// A bounded wait: every test waits at most this long for a message before it fails (a socket's
/// receive timeout; an async wait counts it in polls, ``patiencePolls``).
let patience = Duration.seconds(20)

/// ``patience`` as an async wait counts it: this many looks at what arrived, 10 ms apart (20 s on
/// an idle machine). Counted, not read off a clock: while the whole suite runs on two cores
/// (under AddressSanitizer above all) a test's task and the server's can go unscheduled for
/// minutes, and a deadline on the clock then passed before the wait took a single look (CI saw
/// `aDragOnRow3OpensIt` fail so, its wait woken 12 minutes after it began).
let patiencePolls = 2_000

struct TestTimeout: Error, CustomStringConvertible {
    var what: String
    var description: String { "waited \(patience) for \(what)" }
}

/// Polls `condition` every 10 ms until it holds; throws ``TestTimeout`` after ``patiencePolls``
/// polls (and one last look) without it.
func poll<T>(for what: String, _ condition: () throws -> T?) async throws -> T {
    for _ in 0..<patiencePolls {
        if let value = try condition() { return value }
        try await Task.sleep(for: .milliseconds(10))
    }
    if let value = try condition() { return value }
    throw TestTimeout(what: what)
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

    static func start(
        plugins: [String], watch: Bool = false, idleLimit: Duration = PlaygroundServer.defaultIdleLimit,
        unsentLimit: Int = PlaygroundConnection.maximumUnsentBytes, allowedOrigins: [String] = []
    ) async throws -> TestServer {
        let sessions = SessionManager(
            configuration: .init(plugins: plugins.map(PluginSource.file)), unsentLimit: unsentLimit)
        var server = PlaygroundServer(
            host: "127.0.0.1", port: 0, sessions: sessions, watcher: watch ? PluginWatcher { plugins } : nil)
        server.logLevel = .critical  // a test stops it by cancelling, which Hummingbird logs as errors
        server.idleLimit = idleLimit
        server.allowedOrigins = allowedOrigins
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
    func get(_ path: String, host: String? = nil, origin: String? = nil) async throws -> (
        status: Int, headers: String, body: String
    ) {
        let headers = "Host: \(host ?? "127.0.0.1:\(port)")\r\n" + (origin.map { "Origin: \($0)\r\n" } ?? "")
        let (head, body) = try await exchange("GET \(path) HTTP/1.1\r\n\(headers)Connection: close\r\n\r\n")
        let status = Int(head.split(separator: " ")[1]) ?? 0
        return (status, head, String(decoding: body, as: UTF8.self))
    }

    /// A WebSocket the server closes at once: the upgrade's status line, the text messages it
    /// sent and its close code, read off a plain socket through to the close frame (as a browser
    /// reads it: a text message that arrives with the close frame is kept).
    func refusedWebSocket(host: String? = nil, origin: String? = nil) async throws -> (
        status: String, texts: [String], closeCode: Int?
    ) {
        let socket = try await RawWebSocket(port: port, host: host, origin: origin)
        let closed = try await socket.readUntilClosed()
        return (socket.status, closed.texts, closed.closeCode)
    }

    /// Sends `request` on a new connection and reads until the server closes it: the head and
    /// the bytes after it.
    func exchange(_ request: String) async throws -> (head: String, body: [UInt8]) {
        let socket = try TestSocket(port: port)
        try await socket.send(Array(request.utf8))
        var response: [UInt8] = []
        while let bytes = try await socket.receive(waitingFor: "an HTTP answer") { response += bytes }
        guard let split = response.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw TestTimeout(what: "an HTTP answer")
        }
        return (String(decoding: response[..<split.lowerBound], as: UTF8.self), Array(response[split.upperBound...]))
    }
}

/// A loopback TCP connection that waits without holding a thread: its socket does not block,
/// and a read or write that cannot go on yet sleeps 10 ms as a task (``patiencePolls`` times at
/// most in a row). A blocking `recv` here held one of the two threads Swift's tasks share on this
/// machine while the server it waited for needed them: CI saw the playground's tests wait out
/// their 20 s for answers the server had no thread to make.
final class TestSocket: @unchecked Sendable {
    let descriptor: Int32

    /// Connects to `127.0.0.1:port`. Its receive buffer is the system's: a page that reads
    /// nothing fills it, and the server's writes then wait. (The slow-reader tests once set a
    /// 4 KB buffer. On loopback the kernel then dropped segments inside the advertised window
    /// for want of memory (`TcpExtTCPRcvQDrop`), and the ACKs riding on them: both ends backed off
    /// their retransmissions to half a minute, and under AddressSanitizer and load 1 run in 4 of
    /// `aPageThatDragsWithoutReadingHoldsOneFrame` saw its moves stop arriving at the server.)
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestTimeout(what: "a socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // A loopback connect completes in the kernel (the listener's backlog takes it), so it
        // may block; what follows may not.
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw TestTimeout(what: "a connection")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(descriptor) }

    /// What has arrived (waiting for some, as ``poll(for:_:)`` waits); nil at the end of the
    /// connection or a reset.
    func receive(waitingFor what: String) async throws -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = try await poll(for: what) { () -> Int? in
            let (count, error) = chunk.withUnsafeMutableBytes {
                let count = recv(descriptor, $0.baseAddress, $0.count, 0)
                return (count, errno)
            }
            if count >= 0 { return count }  // 0: the end of the connection
            return Self.mustWait(error) ? nil : 0  // a reset ends it too
        }
        return count > 0 ? Array(chunk[0..<count]) : nil
    }

    /// Sends all of `bytes`, waiting (as ``poll(for:_:)`` waits) while the socket's buffer is full.
    func send(_ bytes: [UInt8]) async throws {
        var offset = 0
        while offset < bytes.count {
            offset += try await poll(for: "the socket to take what is sent") { () throws -> Int? in
                let (sent, error) = bytes[offset...].withUnsafeBytes {
                    let sent = Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    return (sent, errno)
                }
                if sent > 0 { return sent }
                guard sent < 0, Self.mustWait(error) else {
                    throw TestTimeout(what: "the socket to take what is sent (errno \(error))")
                }
                return nil
            }
        }
    }

    /// Whether a call on the socket that failed with `error` would go on later.
    private static func mustWait(_ error: Int32) -> Bool {
        error == EAGAIN || error == EWOULDBLOCK || error == EINTR
    }
}

/// A page: a WebSocket client connected to the server's `/ws` (a ``RawWebSocket``), keeping the
/// text messages it receives. It sends what the test gives it, closes with 1000 when the test
/// closes it, and answers the server's close. (A plain socket, not a client library: the
/// library clients bring TLS, BoringSSL, into every build of the tests, and these pages speak
/// plain loopback WebSocket.)
final class TestPage: Sendable {
    /// What the socket's task and the test share.
    final class Shared: Sendable {
        let inbox = Mutex<[String]>([])
        let closed = Mutex<Bool>(false)
        /// The test closed the page: the server's close frame is its answer, not to be answered.
        let closing = Mutex<Bool>(false)
    }

    private let shared = Shared()
    private let outgoing: AsyncStream<String>.Continuation
    private let task: Task<Void, any Error>

    init(_ server: TestServer) {
        let (messages, outgoing) = AsyncStream.makeStream(of: String.self)
        self.outgoing = outgoing
        let shared = self.shared
        let port = server.port
        task = Task {
            defer { shared.closed.withLock { $0 = true } }
            let socket = try await RawWebSocket(port: port)
            guard socket.status.hasPrefix("HTTP/1.1 101") else { return }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in messages { try await socket.send(text: message) }
                    try await socket.send(opcode: 8, [0x03, 0xE8])  // 1000, a normal closure
                }
                while true {
                    let message: RawWebSocket.Message
                    do {
                        message = try await socket.readMessage()
                    } catch is TestTimeout {
                        continue  // a page waits as long as the test keeps it: only a close ends it
                    }
                    guard case .text(let text) = message else {
                        if case .close(let code) = message, let code, !shared.closing.withLock({ $0 }) {
                            try? await socket.send(opcode: 8, [UInt8(code >> 8), UInt8(code & 0xFF)])
                        }
                        break
                    }
                    shared.inbox.withLock { $0.append(text) }
                }
                group.cancelAll()
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
        try await poll(for: what) {
            let sent = try received()
            return condition(sent) ? sent : nil
        }
    }

    func close() async {
        shared.closing.withLock { $0 = true }
        outgoing.finish()
        _ = try? await task.value
    }
}

/// A WebSocket client on a plain socket: a ``TestPage``'s, and, for what a page does not do,
/// headers of its own (Origin, Host), fragmented messages, reading nothing.
///
/// `@unchecked Sendable`: a page reads on one task and writes on another. Reading alone touches
/// ``pending`` and ``head``, and a write touches no state but the socket, whose `send` and `recv`
/// may run at once.
final class RawWebSocket: @unchecked Sendable {
    private let socket: TestSocket
    /// The upgrade answer's status line and headers.
    private(set) var head = ""
    /// Bytes read after the head and not yet parsed into frames.
    private var pending: [UInt8] = []

    /// Connects and asks for the upgrade (`Host` is `127.0.0.1:PORT` unless `host` is given).
    init(port: Int, host: String? = nil, origin: String? = nil) async throws {
        socket = try TestSocket(port: port)
        try await socket.send(
            Array(
                ("GET /ws HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
                    + (origin.map { "Origin: \($0)\r\n" } ?? "")
                    + "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        while pending.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            guard let bytes = try await socket.receive(waitingFor: "the upgrade's answer") else {
                throw TestTimeout(what: "the upgrade's answer")
            }
            pending += bytes
        }
        let split = pending.firstRange(of: Array("\r\n\r\n".utf8))!
        head = String(decoding: pending[..<split.lowerBound], as: UTF8.self)
        pending = Array(pending[split.upperBound...])
    }

    var status: String { String(head.split(separator: "\r\n").first ?? "") }

    /// Sends one frame, masked as a client's are.
    func send(opcode: UInt8, fin: Bool = true, _ payload: [UInt8]) async throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try await socket.send(frame)
    }

    func send(text: String) async throws { try await send(opcode: 1, Array(text.utf8)) }

    /// Reads frames until the server's close frame or the end of the connection: the text
    /// messages, the close code and reason.
    func readUntilClosed() async throws -> (texts: [String], closeCode: Int?, reason: String) {
        var texts: [String] = []
        while true {
            guard let (_, opcode, payload) = try await readFrame() else { return (texts, nil, "") }
            if opcode == 1 { texts.append(String(decoding: payload, as: UTF8.self)) }
            if opcode == 8 {
                let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
                return (texts, code, String(decoding: payload.dropFirst(2), as: UTF8.self))
            }
        }
    }

    /// A message from the server: a whole text (its fragments joined), or the end (a close
    /// frame with its code, or the connection's end without one: code nil).
    enum Message {
        case text(String)
        case close(Int?)
    }

    /// The next text message, its fragments joined, or the end; binary, ping and pong frames are
    /// skipped.
    func readMessage() async throws -> Message {
        var fragments: [UInt8]?
        while let (fin, opcode, payload) = try await readFrame() {
            switch opcode {
            case 1 where fin: return .text(String(decoding: payload, as: UTF8.self))
            case 1: fragments = payload
            case 0 where fragments != nil:
                fragments! += payload
                if fin { return .text(String(decoding: fragments!, as: UTF8.self)) }
            case 8: return .close(payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil)
            default: continue
            }
        }
        return .close(nil)
    }

    /// The next whole text message; nil at the end of the connection or a close frame.
    func readText() async throws -> String? {
        guard case .text(let text) = try await readMessage() else { return nil }
        return text
    }

    /// One unmasked server frame: its FIN bit, opcode and payload; nil at the end of the
    /// connection.
    private func readFrame() async throws -> (Bool, UInt8, [UInt8])? {
        while true {
            if pending.count >= 2 {
                var length = Int(pending[1] & 0x7F)
                var start = 2
                if length == 126, pending.count >= 4 {
                    length = Int(pending[2]) << 8 | Int(pending[3])
                    start = 4
                } else if length == 127, pending.count >= 10 {
                    length = pending[2..<10].reduce(0) { $0 << 8 | Int($1) }
                    start = 10
                } else if length >= 126 {
                    start = -1
                }
                if start > 0, pending.count >= start + length {
                    let fin = pending[0] & 0x80 != 0
                    let opcode = pending[0] & 0x0F
                    let payload = Array(pending[start..<start + length])
                    pending.removeFirst(start + length)
                    return (fin, opcode, payload)
                }
            }
            guard let bytes = try await socket.receive(waitingFor: "data from the server") else { return nil }
            pending += bytes
        }
    }
}
