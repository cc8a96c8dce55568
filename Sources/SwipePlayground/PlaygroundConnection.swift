import SwipeCore
import SwipePlugins
import Synchronization

/// One page's session as the server drives it: safe to call from any task, its replies in
/// order on ``messages``, and a real-time timer that runs the session's clock to
/// ``PlaygroundSession/nextWake`` when nothing comes from the page (an animation segment ends
/// and the next begins, a plugin timer falls due) and sends the frame.
///
/// Every call takes the connection's lock, runs the synchronous ``PlaygroundSession`` and
/// yields its replies before letting go, so messages leave in the order the session made
/// them whichever task made them (the socket, the wake timer, a reload).
public final class PlaygroundConnection: @unchecked Sendable {
    /// The most messages waiting to be sent: a page that sends without reading what it is sent
    /// is closed when they pass this (every message it sends makes a frame), rather than have
    /// the server keep its frames without end.
    public static let maximumUnsent = 1_024

    public var id: String { core.id }
    /// The messages to send the page, in order; it ends when the connection is closed.
    public let messages: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let lock = Mutex<Void>(())
    // Guarded by `lock`:
    private let core: PlaygroundSession
    private var wakeTask: Task<Void, Never>?
    private var scheduledWake: VirtualInstant?
    private var closed = false
    /// The session's virtual time 0, on the real clock.
    private let started = ContinuousClock.now

    init(id: String, configuration: SessionConfiguration) throws(RunFailure) {
        core = try PlaygroundSession(id: id, configuration: configuration)
        (messages, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingOldest(Self.maximumUnsent))
        locked { core.greeting() }
    }

    /// Handles a text message from the page.
    public func receive(_ text: String) {
        locked { core.receive(text) }
    }

    /// Answers a message the socket could not hand over as text.
    public func refuse(_ error: ProtocolError) {
        locked { [ServerMessage.error(error.message)] }
    }

    /// Swaps in new plugin code (see ``PlaygroundSession/reload(_:)``).
    public func reload(_ plugins: [PluginSource]) {
        locked { core.reload(plugins, at: elapsed()) }
    }

    /// Tells the page a reload failed before its session was touched (a file could not be read).
    public func refuseReload(_ failure: RunFailure) {
        locked { [ServerMessage.reloadFailed(PlaygroundSession.describe(failure))] }
    }

    /// The real time since the page connected, in whole milliseconds: the session's time for what
    /// the server starts itself (a reload), the page's own timestamps being for its input.
    private func elapsed() -> VirtualInstant {
        let (seconds, attoseconds) = (ContinuousClock.now - started).components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        return VirtualInstant(nanoseconds: min(milliseconds, VirtualInstant.maximum.nanoseconds / 1_000_000) * 1_000_000)
    }

    /// The session's inputs as a gesture script (`GET /sessions/ID.swipe`).
    public func recordedScript() -> String {
        lock.withLock { _ in core.session.recordedScript() }
    }

    /// The session's inputs as a busted-style spec (`GET /sessions/ID_spec.lua`).
    public func recordedSpec() -> String {
        lock.withLock { _ in core.session.recordedSpec(name: "playground session \(core.id)") }
    }

    /// Stops the timer and ends ``messages``; later calls do nothing.
    public func close() {
        lock.withLock { _ in
            closed = true
            wakeTask?.cancel()
            wakeTask = nil
        }
        continuation.finish()
    }

    /// Runs `body` on the session under the lock, sends what it returns, and sets the timer
    /// for the session's next wake.
    private func locked(_ body: () -> [String]) {
        lock.withLock { _ in
            guard !closed else { return }
            send(body())
            if !closed { scheduleWake() }
        }
    }

    /// Queues `replies` (under the lock); past ``maximumUnsent`` the page is too far behind and
    /// the connection ends (the server then closes the socket).
    private func send(_ replies: [String]) {
        for message in replies {
            if case .dropped = continuation.yield(message) {
                closed = true
                wakeTask?.cancel()
                wakeTask = nil
                continuation.finish()
                return
            }
        }
    }

    /// Sets the real-time timer for the session's next wake (under the lock).
    private func scheduleWake() {
        let wake = core.nextWake
        guard wake != scheduledWake else { return }
        wakeTask?.cancel()
        scheduledWake = wake
        guard let wake else {
            wakeTask = nil
            return
        }
        let deadline = started + Duration.nanoseconds(wake.nanoseconds)
        wakeTask = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled else { return }
            self?.fire(wake)
        }
    }

    private func fire(_ wake: VirtualInstant) {
        lock.withLock { _ in
            guard !closed, scheduledWake == wake else { return }
            scheduledWake = nil
            send(core.wake(at: wake))
            if !closed { scheduleWake() }
        }
    }
}
