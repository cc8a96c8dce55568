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
    /// The most bytes of messages waiting to be sent to a page (8 MiB): past it, a page that
    /// reads too little of what it is sent is closed (``Ending/tooFarBehind``) rather than have
    /// the server keep its messages without end. Once an eighth of it waits (1 MiB: seconds of
    /// frames; a page that reads is never that far behind), a frame that no event rides on is
    /// replaced by the next frame (a key frame, made whole while that much waits), so a page that sends
    /// drags without reading holds at most that much; what is never dropped (`hello`, errors,
    /// reloads, the frames that carry events: the page's log) counts towards the limit. One
    /// message larger than the limit alone is still sent.
    public static let maximumUnsentBytes = 8 << 20

    /// Why a connection ended (the server closes the socket accordingly).
    public enum Ending: Hashable, Sendable {
        /// The page left or its socket failed (the server closes the session).
        case pageLeft
        /// More than ``maximumUnsentBytes`` waited to be sent: the page reads too little.
        case tooFarBehind
        /// Nothing came from the page for the server's idle limit.
        case idle
    }

    public var id: String { core.id }
    /// The messages to send the page, in order; it ends when the connection is closed.
    public var messages: Messages { Messages(connection: self) }
    /// This connection's limit on unsent bytes (``maximumUnsentBytes`` unless a test sets less).
    public let unsentLimit: Int
    /// Past this many unsent bytes a waiting frame without events is replaced by the next one,
    /// made a key frame (an eighth of ``unsentLimit``).
    public var coalescingBytes: Int { unsentLimit / 8 }
    private let lock = Mutex<Void>(())
    // Guarded by `lock`:
    private let core: PlaygroundSession
    private var wakeTask: Task<Void, Never>?
    private var scheduledWake: VirtualInstant?
    private var ending: Ending?
    /// Messages not yet taken by the socket's writer, from `queueHead` on (nil: a frame dropped
    /// for a newer one).
    private var queue: [String?] = []
    private var queueHead = 0
    private var queuedBytes = 0
    /// The index in `queue` of a frame without events, which the next frame replaces.
    private var supersedable: Int?
    /// The writer waiting for the next message, if it waits.
    private var waiting: CheckedContinuation<String?, Never>?
    /// Those waiting for the connection to end (``ended()``).
    private var endWaiters: [CheckedContinuation<Ending, Never>] = []
    /// The most bytes that waited at once (for tests and the load bench).
    private var peakQueuedBytes = 0
    /// When the page last sent a message (or connected).
    private var heard = ContinuousClock.now
    /// The session's virtual time 0, on the real clock.
    private let started = ContinuousClock.now

    init(id: String, configuration: SessionConfiguration, unsentLimit: Int = PlaygroundConnection.maximumUnsentBytes)
        throws(RunFailure)
    {
        core = try PlaygroundSession(id: id, configuration: configuration)
        self.unsentLimit = unsentLimit
        locked { core.greeting() }
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
            let message: String?? = lock.withLock { _ in
                if let message = dequeue() { return .some(message) }
                if ending != nil { return .some(nil) }
                waiting = continuation
                return nil
            }
            if let message { continuation.resume(returning: message) }
        }
    }

    /// Waits until the connection ends, and says why.
    public func ended() async -> Ending {
        await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
            let ending: Ending? = lock.withLock { _ in
                if let ending = self.ending { return ending }
                endWaiters.append(continuation)
                return nil
            }
            if let ending { continuation.resume(returning: ending) }
        }
    }

    /// Why the connection ended; nil while it is open.
    public var endedBecause: Ending? { lock.withLock { _ in ending } }

    /// The bytes waiting to be sent now, and the most that waited at once.
    public var unsentBytes: (now: Int, peak: Int) { lock.withLock { _ in (queuedBytes, peakQueuedBytes) } }

    /// When the page last sent a message (or connected, if it has sent none).
    public var lastHeard: ContinuousClock.Instant { lock.withLock { _ in heard } }

    /// Handles a text message from the page.
    public func receive(_ text: String) {
        locked {
            heard = .now
            return core.receive(text)
        }
    }

    /// Answers a message the socket could not hand over as text.
    public func refuse(_ error: ProtocolError) {
        locked {
            heard = .now
            return [ServerMessage.error(error.message)]
        }
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
        return VirtualInstant(
            nanoseconds: min(milliseconds, VirtualInstant.maximum.nanoseconds / 1_000_000) * 1_000_000)
    }

    /// The session's inputs as a gesture script (`GET /sessions/ID.swipe`).
    public func recordedScript() -> String {
        lock.withLock { _ in core.session.recordedScript() }
    }

    /// The session's inputs as a busted-style spec (`GET /sessions/ID_spec.lua`).
    public func recordedSpec() -> String {
        lock.withLock { _ in core.session.recordedSpec(name: "playground session \(core.id)") }
    }

    /// Stops the timer and ends ``messages`` (the page left: ``Ending/pageLeft``, unless it had
    /// already ended otherwise); later calls do nothing.
    public func close() {
        close(because: .pageLeft)
    }

    /// Ends the connection for `reason` (the first reason given stays); the messages not yet
    /// sent are dropped and their memory returned.
    public func close(because reason: Ending) {
        let (writer, waiters) = lock.withLock { _ in end(reason) }
        writer?.resume(returning: nil)
        for waiter in waiters { waiter.resume(returning: reason) }
    }

    /// Ends the connection (under the lock): who waits is returned, to be resumed outside it.
    private func end(_ reason: Ending) -> (CheckedContinuation<String?, Never>?, [CheckedContinuation<Ending, Never>]) {
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

    /// Runs `body` on the session under the lock, sends what it returns, and sets the timer
    /// for the session's next wake.
    private func locked(_ body: () -> [String]) {
        var resume: (CheckedContinuation<String?, Never>?, [CheckedContinuation<Ending, Never>]) = (nil, [])
        var handOver: (CheckedContinuation<String?, Never>, String)?
        lock.withLock { _ in
            guard ending == nil else { return }
            // Past the coalescing bytes a waiting frame may be dropped for the next: frames made
            // now are key frames, which depend on nothing before them (a frame that only says
            // what changed cannot replace the frame it was made against).
            if queuedBytes > coalescingBytes { core.requireKeyFrame() }
            let overflow = send(body())
            if overflow {
                resume = end(.tooFarBehind)
            } else {
                scheduleWake()
                if let writer = waiting, let message = dequeue() {
                    waiting = nil
                    handOver = (writer, message)
                }
            }
        }
        handOver.map { $0.0.resume(returning: $0.1) }
        resume.0?.resume(returning: nil)
        for waiter in resume.1 { waiter.resume(returning: .tooFarBehind) }
    }

    /// Queues `replies` (under the lock), a key frame replacing a waiting frame that carries no
    /// events; true when the waiting bytes passed ``unsentLimit`` (the page is too far behind).
    private func send(_ replies: [String]) -> Bool {
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
            if queuedBytes > unsentLimit, queue.count - queueHead > 1 { return true }
        }
        return false
    }

    /// The oldest message waiting (under the lock), taken off the queue.
    private func dequeue() -> String? {
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
    private func compact() {
        if queueHead == queue.count {
            queue = []
            queueHead = 0
        } else if queueHead > 64, queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            supersedable = supersedable.map { $0 - queueHead }
            queueHead = 0
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
        locked {
            guard scheduledWake == wake else { return [] }
            scheduledWake = nil
            return core.wake(at: wake)
        }
    }
}
