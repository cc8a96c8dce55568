import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import SwipePlayground
import SwipePlugins
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `swipehost serve`: the playground over HTTP and WebSocket, with Hummingbird. Only glue: the
/// routes hand over to ``PlaygroundRoutes``, each WebSocket to a ``PlaygroundConnection``, and
/// the plugin watcher to ``SessionManager/reload(_:)``.
public struct PlaygroundServer: Sendable {
    /// A message may be this large before the socket itself gives up and closes (1009 "message
    /// too big"); up to it, a message over ``ClientMessage/maximumSize`` is answered with an
    /// `error` and the session goes on.
    public static let socketMessageLimit = 1 << 20

    public var host: String
    public var port: Int
    public let sessions: SessionManager
    /// The plugins to watch for changes (re-read each time: a `--plugins` folder may gain one);
    /// nil: no watching.
    public var watcher: PluginWatcher?
    /// What the server logs on standard error (its own failures: warnings and worse).
    public var logLevel = Logger.Level.warning
    /// The origins allowed besides the server's own (`--allow-origin`; see ``OriginPolicy``).
    public var allowedOrigins: [String] = []
    /// A page that sends nothing for this long is closed (1001, going away), so pages left
    /// open (or sockets opened by something else on this machine) cannot hold every place.
    public var idleLimit = PlaygroundServer.defaultIdleLimit

    /// 10 minutes.
    public static let defaultIdleLimit = Duration.seconds(600)
    /// How long a page closed by the server has to take the close frame before its connection
    /// is dropped (a page that reads nothing never takes it).
    static let closeGrace = Duration.seconds(2)
    /// How many bytes of messages the writer hands to the socket before it waits for them to
    /// reach the channel (see ``serve(inbound:outbound:sessions:idleLimit:written:dropConnection:)``):
    /// a drag's frames are a few hundred bytes at 60 a second, so the writer waits once every
    /// second or two of dragging; at most this much is outside the unsent-bytes count beyond the
    /// channel's own buffer (and the kernel's).
    static let writtenEvery = 16 << 10

    /// The close frame's reason when the page is closed for `ending`.
    static func closeReason(_ ending: PlaygroundConnection.Ending, idleLimit: Duration, unsentLimit: Int) -> String {
        switch ending {
        case .pageLeft: return ""
        case .tooFarBehind:
            return "too far behind: more than \(unsentLimit) bytes waited to be sent; reload the page"
        case .tooLarge(let bytes):
            // Not the page's fault, and a reload would make the same messages: say what would help.
            return "too large: the server's messages for one update came to \(bytes) bytes, more than the "
                + "\(unsentLimit) that may wait to be sent (too many or too large events or rows from the plugins); "
                + "change the plugin, then reload the page"
        case .idle:
            let (seconds, attoseconds) = idleLimit.components
            let shown =
                attoseconds == 0 ? "\(seconds) s" : "\(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) ms"
            return "idle: no message from the page for \(shown); reload the page"
        }
    }

    /// The close frame's code when the page is closed for `ending`: idle, 1001 (going away); too
    /// far behind, 1008 (policy violation); too large, 1011 (the server cannot go on).
    static func closeCode(_ ending: PlaygroundConnection.Ending) -> WebSocketErrorCode {
        switch ending {
        case .idle: .goingAway
        case .tooLarge: .unexpectedServerError
        case .pageLeft, .tooFarBehind: .policyViolation
        }
    }

    public init(host: String, port: Int, sessions: SessionManager, watcher: PluginWatcher?) {
        self.host = host
        self.port = port
        self.sessions = sessions
        self.watcher = watcher
    }

    /// Serves until SIGINT or SIGTERM (with `signals`; tests cancel the task instead), then
    /// closes every session and returns; calls `onRunning` with the port it listens on (the
    /// real one when ``port`` is 0).
    public func run(signals: Bool = true, onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let sessions = self.sessions
        let idleLimit = self.idleLimit
        // The real port is known once listening (`--port 0`); no request is answered before.
        let policy = PolicyBox(OriginPolicy(boundHost: host, port: port, allowedOrigins: allowedOrigins))
        let router = Router()
        let answer: @Sendable (Request, BasicRequestContext) -> Response = { request, _ in
            if let malformed = request.headers[RequestFraming.refusal] {
                return Self.response(
                    .init(status: 400, contentType: "text/plain; charset=utf-8", body: Array((malformed + "\n").utf8)))
            }
            if let refusal = policy.policy.check(host: request.head.authority, origin: request.headers[.origin]) {
                return Self.response(
                    .init(
                        status: 403, contentType: "text/plain; charset=utf-8",
                        body: Array((refusal.message + "\n").utf8)))
            }
            return Self.response(PlaygroundRoutes.get(request.uri.path, sessions: sessions))
        }
        router.get("/", use: answer)
        router.get("**", use: answer)
        var logger = Logger(label: "swipehost.serve")
        logger.logLevel = logLevel
        // The upgrade is decided from the request alone, not through a router: the router's
        // WebSocket context keeps a reference to itself, and so every connection (LeakSanitizer
        // found it in HummingbirdWebSocket 2.8.1).
        // A text message that is not UTF-8 closes the socket with 1007 (`validateUTF8`), as RFC
        // 6455 (section 8.1) asks; without it, the library decoded it with replacement characters.
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(additionalChannelHandlers: [RequestFramingGuard.Reinstall()]),
            ws: .init(maxFrameSize: Self.socketMessageLimit, autoPing: .disabled, validateUTF8: true))
        let upgrade:
            @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
                WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
            > = { request, channel, _ in
                // A malformed request (``RequestFraming``) is declined: Hummingbird answers 400.
                guard request.method == .get, request.path?.split(separator: "?").first == "/ws",
                    request.headerFields[RequestFraming.refusal] == nil
                else {
                    return .dontUpgrade
                }
                // A refused upgrade goes on to the router, which answers 403 with the reason.
                guard policy.policy.check(host: request.authority, origin: request.headerFields[.origin]) == nil else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in
                    try await Self.serve(
                        inbound: inbound, outbound: outbound, sessions: sessions, idleLimit: idleLimit,
                        written: { try? await channel.eventLoop.submit {}.get() },
                        dropConnection: { channel.close(promise: nil) })
                }
            }
        let app = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                FramingCheckedChannel(
                    inner: HTTP1WebSocketUpgradeChannel(
                        responder: responder, configuration: configuration, shouldUpgrade: upgrade))
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "swipehost"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                policy.setPort(port)
                await onRunning(port)
            },
            logger: logger
        )
        let watching = watcher.map { watcher in
            Task {
                await watcher.run { paths in sessions.reload(paths.map(PluginSource.file)) }
            }
        }
        defer {
            watching?.cancel()
            sessions.closeAll()
        }
        do {
            try await app.runService(gracefulShutdownSignals: signals ? [.sigint, .sigterm] : [])
        } catch let error as IOError {
            // NIO's text names its own function (`bind(descriptor:ptr:bytes:)`); the system's is enough.
            throw ServeFailure(reason: String(cString: strerror(error.errnoCode)))
        }
    }

    /// `http://HOST:PORT/`, an IPv6 address in brackets.
    public static func address(host: String, port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    static func response(_ answer: PlaygroundRoutes.Response) -> Response {
        var headers: HTTPFields = [.contentType: answer.contentType, .cacheControl: "no-store"]
        if let fileName = answer.fileName { headers[.contentDisposition] = "attachment; filename=\"\(fileName)\"" }
        return Response(
            status: .init(code: answer.status), headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    /// One page's WebSocket: a session, the messages it makes written in order, the page's
    /// messages handed to it; a refused page gets the reason and is closed. Rethrows what ended
    /// the socket (a message over ``socketMessageLimit``, whole or in fragments), so that the
    /// WebSocket handler closes it with that error's code (1009).
    ///
    /// `written` returns once what was handed to `outbound` before it has reached the channel:
    /// `outbound` takes a message at once while it believes the channel writable, and hands it to
    /// the channel's event loop as a task of its own, so without a wait the writer could empty the
    /// connection's queue into the event loop's task queue (where no limit sees it) for as long as
    /// that thread is busy, and a page that reads nothing would never pass ``PlaygroundConnection/unsentLimit``.
    /// Waiting at every ``writtenEvery`` bytes, the writer sees the channel's writability as it is,
    /// and stops taking messages (which then count) once the channel's own buffer is full.
    static func serve(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, sessions: SessionManager,
        idleLimit: Duration, written: @escaping @Sendable () async -> Void = {},
        dropConnection: @escaping @Sendable () -> Void
    ) async throws {
        let connection: PlaygroundConnection
        do {
            connection = try sessions.open()
        } catch {
            try? await outbound.writeTextMessage(ServerMessage.error(error.message))
            try? await outbound.close(.policyViolation, reason: "no session")
            return
        }
        defer {
            sessions.close(connection)
            // A page that read too little left up to ``PlaygroundConnection/maximumUnsentBytes``
            // of messages, freed now; glibc keeps freed memory in its arenas unless asked, and
            // 32 such pages left the server at their peak. Give it back to the system.
            if connection.unsentBytes.peak > 256 << 10 { returnFreedMemory() }
        }
        let failure = await withTaskGroup(of: Void.self, returning: (any Error)?.self) { group in
            group.addTask {
                var unconfirmed = 0
                for await message in connection.messages {
                    do {
                        try await outbound.writeTextMessage(message)
                    } catch {
                        return
                    }
                    unconfirmed += message.utf8.count
                    if unconfirmed >= writtenEvery {
                        await written()
                        unconfirmed = 0
                    }
                }
            }
            group.addTask {
                // The server ends the session: the page reads too little, or has been idle.
                let ending = await connection.ended()
                guard ending != .pageLeft else { return }
                let reason = closeReason(ending, idleLimit: idleLimit, unsentLimit: connection.unsentLimit)
                // The close frame, then a grace for the page's answer (which ends the inbound
                // loop and cancels this); a page that reads nothing takes neither, and its
                // connection is dropped.
                let sent = await withTaskGroup(of: Bool.self) { closing in
                    closing.addTask {
                        (try? await outbound.close(closeCode(ending), reason: reason)) != nil
                    }
                    closing.addTask {
                        try? await Task.sleep(for: closeGrace)
                        return false
                    }
                    let first = await closing.next() ?? false
                    closing.cancelAll()
                    return first
                }
                if sent { try? await Task.sleep(for: closeGrace) }
                if !Task.isCancelled { dropConnection() }
            }
            group.addTask {
                while !Task.isCancelled {
                    let deadline = connection.lastHeard + idleLimit
                    if ContinuousClock.now >= deadline {
                        connection.close(because: .idle)
                        return
                    }
                    try? await Task.sleep(until: deadline, clock: .continuous)
                }
            }
            var failure: (any Error)?
            do {
                for try await message in inbound.messages(maxSize: socketMessageLimit) {
                    switch message {
                    case .text(let text): connection.receive(text)
                    case .binary: connection.refuse(ClientMessage.binaryMessage)
                    }
                }
            } catch {
                // The socket failed or a message passed `socketMessageLimit`: the session ends,
                // and the handler closes the socket with the error's code.
                failure = error
            }
            connection.close(because: .pageLeft)
            group.cancelAll()
            return failure
        }
        if let failure { throw failure }
    }
}

/// glibc's `malloc_trim(0)`: returns the free memory at the top of the heap and in every arena
/// to the system. Looked up at run time (`<malloc.h>` is not part of the Glibc module); nothing
/// where there is no such function.
private func returnFreedMemory() {
    #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
}

/// The policy the routes and the upgrade check, its port set once the server listens.
private final class PolicyBox: Sendable {
    private let state: Mutex<OriginPolicy>
    init(_ policy: OriginPolicy) { state = Mutex(policy) }
    var policy: OriginPolicy { state.withLock { $0 } }
    func setPort(_ port: Int) { state.withLock { $0.port = port } }
}
