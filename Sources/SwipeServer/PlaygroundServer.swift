import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import SwipePlayground
import SwipePlugins

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
        let router = Router()
        let answer: @Sendable (Request, BasicRequestContext) -> Response = { request, _ in
            Self.response(PlaygroundRoutes.get(request.uri.path, sessions: sessions))
        }
        router.get("/", use: answer)
        router.get("**", use: answer)
        var logger = Logger(label: "swipehost.serve")
        logger.logLevel = logLevel
        // The upgrade is decided from the request alone, not through a router: the router's
        // WebSocket context keeps a reference to itself, and so every connection (LeakSanitizer
        // found it in HummingbirdWebSocket 2.8.1).
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                configuration: .init(ws: .init(maxFrameSize: Self.socketMessageLimit, autoPing: .disabled))
            ) { request, _, _ in
                guard request.method == .get, request.path?.split(separator: "?").first == "/ws" else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    await Self.serve(inbound: inbound, outbound: outbound, sessions: sessions)
                }
            },
            configuration: .init(address: .hostname(host, port: port), serverName: "swipehost"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
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
    /// messages handed to it; a refused page gets the reason and is closed.
    static func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, sessions: SessionManager) async {
        let connection: PlaygroundConnection
        do {
            connection = try sessions.open()
        } catch {
            try? await outbound.writeTextMessage(ServerMessage.error(error.message))
            try? await outbound.close(.policyViolation, reason: "no session")
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in connection.messages {
                    do {
                        try await outbound.writeTextMessage(message)
                    } catch {
                        return
                    }
                }
                // The session ended: the page left, or it read too little of what it was sent
                // (`PlaygroundConnection.maximumUnsent`); closing ends the inbound loop too.
                try? await outbound.close(.policyViolation, reason: "session closed")
            }
            do {
                for try await message in inbound.messages(maxSize: socketMessageLimit) {
                    switch message {
                    case .text(let text): connection.receive(text)
                    case .binary: connection.refuse(ClientMessage.binaryMessage)
                    }
                }
            } catch {
                // The socket failed or a message passed `socketMessageLimit`: the session ends.
            }
            sessions.close(connection)
        }
    }
}

import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Why the server could not serve (a port in use, an address that is not this machine's).
public struct ServeFailure: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

extension PlaygroundServer {
    /// ``run(onRunning:)`` from synchronous code (the command line): blocks until the server
    /// has stopped, rethrowing what stopped it otherwise than by a signal.
    public func runBlocking(onRunning: @escaping @Sendable (Int) async -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        let server = self
        Task.detached {
            do {
                try await server.run(onRunning: onRunning)
            } catch {
                failure.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = failure.error { throw error }
    }
}

/// Carries the error out of the server's task (set before the semaphore is signalled, read after).
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
}
