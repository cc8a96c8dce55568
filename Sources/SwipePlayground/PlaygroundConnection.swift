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
public final class PlaygroundConnection: Sendable {
    /// The most bytes of messages waiting to be sent to a page (8 MiB): past it, a page that
    /// reads too little of what it is sent is closed (``Ending/tooFarBehind``) rather than have
    /// the server keep its messages without end. Once an eighth of it waits (1 MiB: seconds of
    /// frames; a page that reads is never that far behind), a frame that no event rides on is
    /// replaced by the next frame (a key frame, made whole while that much waits), so a page that sends
    /// drags without reading holds at most that much; what is never dropped (`hello`, errors,
    /// reloads, the frames that carry events: the page's log) counts towards the limit. One
    /// message larger than the limit alone is still sent; messages made at once that are larger
    /// together end the connection as ``Ending/tooLarge(bytes:)``.
    public static let maximumUnsentBytes = 8 << 20

    /// Why a connection ended (the server closes the socket accordingly).
    public enum Ending: Hashable, Sendable {
        /// The page left or its socket failed (the server closes the session).
        case pageLeft
        /// More than ``maximumUnsentBytes`` waited to be sent: the page reads too little.
        case tooFarBehind
        /// Nothing came from the page for the server's idle limit.
        case idle
        /// The messages the session made at once (a greeting, a frame and its events, a reload)
        /// came to `bytes`, more than ``maximumUnsentBytes`` by themselves: the page was not
        /// behind, and a reload would make them again.
        case tooLarge(bytes: Int)
    }

    public let id: String
    /// The messages to send the page, in order; it ends when the connection is closed.
    public var messages: Messages { Messages(connection: self) }
    /// This connection's limit on unsent bytes (``maximumUnsentBytes`` unless a test sets less).
    public let unsentLimit: Int
    /// Past this many unsent bytes a waiting frame without events is replaced by the next one,
    /// made a key frame (an eighth of ``unsentLimit``).
    public var coalescingBytes: Int { unsentLimit / 8 }
    /// What the lock guards: the session and the messages on their way out.
    fileprivate struct State {
        let core: PlaygroundSession
        var wakeTask: Task<Void, Never>?
        var scheduledWake: VirtualInstant?
        var ending: Ending?
        /// Messages not yet taken by the socket's writer, from `queueHead` on (nil: a frame dropped
        /// for a newer one).
        var queue: [String?] = []
        var queueHead = 0
        var queuedBytes = 0
        /// The index in `queue` of a frame without events, which the next frame replaces.
        var supersedable: Int?
        /// The writer waiting for the next message, if it waits.
        var waiting: CheckedContinuation<String?, Never>?
        /// Those waiting for the connection to end (``ended()``).
        var endWaiters: [CheckedContinuation<Ending, Never>] = []
        /// The most bytes that waited at once (for tests and the load bench).
        var peakQueuedBytes = 0
        /// When the page last sent a message (or connected).
        var heard = ContinuousClock.now

        init(core: PlaygroundSession) { self.core = core }
    }

    private let state: Mutex<State>
    /// The session's virtual time 0, on the real clock.
    private let started = ContinuousClock.now

    init(id: String, configuration: SessionConfiguration, unsentLimit: Int = PlaygroundConnection.maximumUnsentBytes)
        throws(RunFailure)
    {
        self.id = id
        state = Mutex(State(core: try PlaygroundSession(id: id, configuration: configuration)))
        self.unsentLimit = unsentLimit
        locked { $0.core.greeting() }
    }

    /// The messages for the page: ``next()`` until the connection ends.
    public struct Messages: AsyncSequence, Sendable {
        let connection: PlaygroundConnection
        public struct AsyncIterator: AsyncIteratorProtocol {
            let connection: PlaygroundConnection
            public mutating func next() async -> String? { await connection.next() }
        }
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(connection: connection) }
    }

    /// The next message to send, waiting for one; nil once the connection has ended.
    public func next() async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let message: String?? = state.withLock { state in
                if let message = state.dequeue() { return .some(message) }
                if state.ending != nil { return .some(nil) }
                state.waiting = continuation
                return nil
            }
            if let message { continuation.resume(returning: message) }
        }
    }

    /// Waits until the connection ends, and says why.
    public func ended() async -> Ending {
        await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
            let ending: Ending? = state.withLock { state in
                if let ending = state.ending { return ending }
                state.endWaiters.append(continuation)
                return nil
            }
            if let ending { continuation.resume(returning: ending) }
        }
    }

    /// Why the connection ended; nil while it is open.
    public var endedBecause: Ending? { state.withLock { $0.ending } }

    /// The bytes waiting to be sent now, and the most that waited at once.
    public var unsentBytes: (now: Int, peak: Int) { state.withLock { ($0.queuedBytes, $0.peakQueuedBytes) } }

    /// When the page last sent a message (or connected, if it has sent none).
    public var lastHeard: ContinuousClock.Instant { state.withLock { $0.heard } }

    /// Handles a text message from the page.
    public func receive(_ text: String) {
        locked { state in
            state.heard = .now
            return state.core.receive(text)
        }
    }

    /// Answers a message the socket could not hand over as text.
    public func refuse(_ error: ProtocolError) {
        locked { state in
            state.heard = .now
            return [ServerMessage.error(error.message)]
        }
    }

    /// Swaps in new plugin code (see ``PlaygroundSession/reload(_:)``).
    public func reload(_ plugins: [PluginSource]) {
        let now = elapsed()
        locked { $0.core.reload(plugins, at: now) }
    }

    /// Tells the page a reload failed before its session was touched (a file could not be read).
    public func refuseReload(_ failure: RunFailure) {
        locked { _ in [ServerMessage.reloadFailed(PlaygroundSession.describe(failure))] }
    }

    /// The real time since the page connected, in whole milliseconds: the session's time for what
    /// the server starts itself (a reload), the page's own timestamps being for its input.
    private func elapsed() -> VirtualInstant {
        let (seconds, attoseconds) = (ContinuousClock.now - started).components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        return VirtualInstant(
            nanoseconds: min(milliseconds, VirtualInstant.maximum.nanoseconds / 1_000_000) * 1_000_000)
    }

    /// The session's inputs as a gesture script (`GET /sessions/ID.swipe`).
    public func recordedScript() -> String {
        state.withLock { $0.core.session.recordedScript() }
    }

    /// The session's inputs as a busted-style spec (`GET /sessions/ID_spec.lua`).
    public func recordedSpec() -> String {
        state.withLock { $0.core.session.recordedSpec(name: "playground session \($0.core.id)") }
    }

    /// Stops the timer and ends ``messages`` (the page left: ``Ending/pageLeft``, unless it had
    /// already ended otherwise); later calls do nothing.
    public func close() {
        close(because: .pageLeft)
    }

    /// Ends the connection for `reason` (the first reason given stays); the messages not yet
    /// sent are dropped and their memory returned.
    public func close(because reason: Ending) {
        let (writer, waiters) = state.withLock { $0.end(reason) }
        writer?.resume(returning: nil)
        for waiter in waiters { waiter.resume(returning: reason) }
    }

    /// Runs `body` on the session under the lock, sends what it returns, and sets the timer
    /// for the session's next wake.
    private func locked(_ body: (inout State) -> [String]) {
        let (resume, handOver) = state.withLock { state in
            var resume: (CheckedContinuation<String?, Never>?, [CheckedContinuation<Ending, Never>]) = (nil, [])
            var handOver: (CheckedContinuation<String?, Never>, String)?
            guard state.ending == nil else { return (resume, handOver) }
            // Past the coalescing bytes a waiting frame may be dropped for the next: frames made
            // now are key frames, which depend on nothing before them (a frame that only says
            // what changed cannot replace the frame it was made against).
            if state.queuedBytes > coalescingBytes { state.core.requireKeyFrame() }
            let replies = body(&state)
            if let overflow = state.send(replies, unsentLimit: unsentLimit, coalescingBytes: coalescingBytes) {
                resume = state.end(overflow)
            } else {
                scheduleWake(&state)
                if let writer = state.waiting, let message = state.dequeue() {
                    state.waiting = nil
                    handOver = (writer, message)
                }
            }
            return (resume, handOver)
        }
        handOver.map { $0.0.resume(returning: $0.1) }
        resume.0?.resume(returning: nil)
        if let ending = endedBecause { for waiter in resume.1 { waiter.resume(returning: ending) } }
    }

    /// Sets the real-time timer for the session's next wake (under the lock).
    private func scheduleWake(_ state: inout State) {
        let wake = state.core.nextWake
        guard wake != state.scheduledWake else { return }
        state.wakeTask?.cancel()
        state.scheduledWake = wake
        guard let wake else {
            state.wakeTask = nil
            return
        }
        let deadline = started + Duration.nanoseconds(wake.nanoseconds)
        state.wakeTask = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled else { return }
            self?.fire(wake)
        }
    }

    private func fire(_ wake: VirtualInstant) {
        locked { state in
            guard state.scheduledWake == wake else { return [] }
            state.scheduledWake = nil
            return state.core.wake(at: wake)
        }
    }
}

extension PlaygroundConnection.State {
    /// Ends the connection (under the lock): who waits is returned, to be resumed outside it.
    mutating func end(
        _ reason: PlaygroundConnection.Ending
    ) -> (CheckedContinuation<String?, Never>?, [CheckedContinuation<PlaygroundConnection.Ending, Never>]) {
        guard ending == nil else { return (nil, []) }
        ending = reason
        wakeTask?.cancel()
        wakeTask = nil
        queue = []
        queueHead = 0
        queuedBytes = 0
        supersedable = nil
        defer {
            waiting = nil
            endWaiters = []
        }
        return (waiting, endWaiters)
    }

    /// Queues `replies` (under the lock), a key frame replacing a waiting frame that carries no
    /// events; when the waiting bytes pass `unsentLimit`, why the connection must end: the
    /// replies alone are over it (``PlaygroundConnection/Ending/tooLarge(bytes:)``), or else the
    /// page is too far behind.
    mutating func send(_ replies: [String], unsentLimit: Int, coalescingBytes: Int) -> PlaygroundConnection.Ending? {
        for message in replies {
            let isFrame = ServerMessage.isFrame(message)
            if isFrame, queuedBytes > coalescingBytes, ServerMessage.isKeyFrame(message), let index = supersedable,
                let old = queue[index]
            {
                queue[index] = nil
                queuedBytes -= old.utf8.count
            }
            if isFrame { supersedable = ServerMessage.carriesNoEvents(message) ? queue.count : nil }
            queue.append(message)
            queuedBytes += message.utf8.count
            peakQueuedBytes = max(peakQueuedBytes, queuedBytes)
            if queuedBytes > unsentLimit, queue.count - queueHead > 1 {
                let made = replies.reduce(0) { $0 + $1.utf8.count }
                return made > unsentLimit ? .tooLarge(bytes: made) : .tooFarBehind
            }
        }
        return nil
    }

    /// The oldest message waiting (under the lock), taken off the queue.
    mutating func dequeue() -> String? {
        while queueHead < queue.count {
            let message = queue[queueHead]
            queue[queueHead] = nil
            queueHead += 1
            if supersedable == queueHead - 1 { supersedable = nil }
            if let message {
                queuedBytes -= message.utf8.count
                compact()
                return message
            }
        }
        compact()
        return nil
    }

    /// Drops the taken part of the queue once it is most of it (and the whole when empty, so
    /// an idle connection keeps no capacity).
    mutating func compact() {
        if queueHead == queue.count {
            queue = []
            queueHead = 0
        } else if queueHead > 64, queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            supersedable = supersedable.map { $0 - queueHead }
            queueHead = 0
        }
    }
}
