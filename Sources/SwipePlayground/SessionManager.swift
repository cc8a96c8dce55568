import SwipeCore
import SwipePlugins
import SwipeScript
import Synchronization

/// The playground's sessions: at most ``maximumSessions`` at once, each with its own table and
/// plugin states, found by id for the recording downloads; reloads reach every one.
public final class SessionManager: Sendable {
    /// The most pages served at once; the next gets an `error` message and is closed.
    public static let maximumSessions = 32

    /// What the lock guards.
    private struct State {
        var configuration: SessionConfiguration
        var sessions: [String: PlaygroundConnection] = [:]
        var generator = SystemRandomNumberGenerator()
    }

    private let state: Mutex<State>

    /// Each connection's limit on unsent bytes (``PlaygroundConnection/maximumUnsentBytes``).
    public let unsentLimit: Int

    /// Sessions are made with `configuration` (its plugins replaced by each successful reload);
    /// `unsentLimit`: less than ``PlaygroundConnection/maximumUnsentBytes`` only in tests.
    public init(configuration: SessionConfiguration, unsentLimit: Int = PlaygroundConnection.maximumUnsentBytes) {
        state = Mutex(State(configuration: configuration))
        self.unsentLimit = unsentLimit
    }

    /// Why a page gets no session: the `error` message it is sent before the socket closes.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// A new session, its greeting (`hello` and the first frame) already on its messages.
    public func open() throws(Refusal) -> PlaygroundConnection {
        // The files are read before the lock is taken (a read never waits: see `FileReading`).
        let given = state.withLock { $0.configuration.plugins }
        let plugins: [PluginSource]
        do throws(PluginProblem) {
            plugins = try given.map { source throws(PluginProblem) in try source.read() }
        } catch {
            throw Refusal(
                message:
                    "the plugins do not load: \(PlaygroundSession.describe(.plugin(error))) (fix the file and reload the page)"
            )
        }
        let unsentLimit = self.unsentLimit
        return try state.withLock { (state) throws(Refusal) -> PlaygroundConnection in
            guard state.sessions.count < Self.maximumSessions else {
                throw Refusal(
                    message:
                        "too many sessions: the playground serves at most \(Self.maximumSessions) pages at once; close one and reload this page"
                )
            }
            var id: String
            repeat {
                let hex = String(state.generator.next(), radix: 16)
                id = String(repeating: "0", count: 16 - hex.count) + hex
            } while state.sessions[id] != nil
            var configuration = state.configuration
            configuration.plugins = plugins
            let connection: PlaygroundConnection
            do throws(RunFailure) {
                connection = try PlaygroundConnection(id: id, configuration: configuration, unsentLimit: unsentLimit)
            } catch {
                throw Refusal(
                    message:
                        "the plugins do not load: \(PlaygroundSession.describe(error)) (fix the file and reload the page)"
                )
            }
            state.sessions[id] = connection
            return connection
        }
    }

    /// Forgets a session and ends its messages.
    public func close(_ connection: PlaygroundConnection) {
        state.withLock { _ = $0.sessions.removeValue(forKey: connection.id) }
        connection.close()
    }

    /// The session with this id, if it is open.
    public func session(id: String) -> PlaygroundConnection? {
        state.withLock { $0.sessions[id] }
    }

    /// The open sessions (for tests and the load bench).
    public var connections: [PlaygroundConnection] { state.withLock { Array($0.sessions.values) } }

    /// How many sessions are open.
    public var count: Int { state.withLock { $0.sessions.count } }

    /// Loads `plugins` into every session (each reports `reload` ok or the error); new
    /// sessions load them too. Their files are read once, first, with no lock held; a file that
    /// cannot be read (gone, a FIFO, a device, too large) is every session's `reload` error, and
    /// the old code stays in charge.
    public func reload(_ plugins: [PluginSource]) {
        let read: Result<[PluginSource], PluginProblem>
        do throws(PluginProblem) {
            read = .success(try plugins.map { source throws(PluginProblem) in try source.read() })
        } catch {
            read = .failure(error)
        }
        let open = state.withLock { state in
            state.configuration.plugins = plugins
            return Array(state.sessions.values)
        }
        switch read {
        case .success(let read): for session in open { session.reload(read) }
        case .failure(let problem): for session in open { session.refuseReload(.plugin(problem)) }
        }
    }

    /// Closes every session (the server is stopping).
    public func closeAll() {
        let open = state.withLock { state in
            defer { state.sessions.removeAll() }
            return Array(state.sessions.values)
        }
        for session in open { session.close() }
    }
}
