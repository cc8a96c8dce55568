import SwipeCore
import SwipePlugins
import SwipeScript

/// One page's session, synchronous and single-threaded: it turns the page's messages into
/// gesture commands on a ``Session`` and answers with the messages to send back (a frame after
/// each message that changed something, `error` for one it could not use).
///
/// ``PlaygroundConnection`` drives it from the server (locking, the real-time wake); the
/// `serve.input_us` bench and the tests drive it directly.
public final class PlaygroundSession {
    public let id: String
    public let session: Session
    let preset: BehaviorPreset
    let pluginNames: [String]
    private var mapper = PointerMapper()
    /// What the page has, so that a frame sends only what changed.
    private var encoder = FrameEncoder()
    /// The events since the last frame, in time order (the session's sink).
    private let buffer = EventBuffer()
    private var events: [TraceRecord] {
        get { buffer.records }
        set { buffer.records = newValue }
    }

    public init(id: String, configuration: SessionConfiguration) throws(RunFailure) {
        self.id = id
        preset = configuration.preset
        pluginNames = configuration.plugins.map(\.name)
        // The buffer exists before the session, so the records its plugins make while loading
        // reach the first frame.
        session = try Session(configuration, sink: buffer)
    }

    /// The two messages a page gets when it connects: `hello`, then the first frame.
    public func greeting() -> [String] {
        [ServerMessage.hello(id: id, table: session.table, plugins: pluginNames, preset: preset), frame()]
    }

    /// A frame of the table now, with the events since the last one: what changed since the
    /// last frame, or, for a key frame, the whole visible table (docs/playground.md, "Frames").
    public func frame(key: Bool = false) -> String {
        defer { events.removeAll(keepingCapacity: true) }
        if key { encoder.requireKeyFrame() }
        return encoder.frame(session.table, events: events, preset: session.preset(ofRow:))
    }

    /// Makes the next frame a key frame, one that depends on nothing sent before it (the
    /// connection asks for it when a frame waiting unsent may be dropped).
    public func requireKeyFrame() {
        encoder.requireKeyFrame()
    }

    /// The earliest instant something is due (an animation step, a plugin timer, or, while rows
    /// collapse or expand under `row_animation`, the next of their frames).
    public var nextWake: VirtualInstant? {
        guard let rowsEnd = session.table.rowAnimationEnd else { return session.nextWake }
        // The page draws a row animation from the frames alone: one every 16 ms, and its end.
        let now = session.now
        let next = min(now + Self.rowAnimationFrame, rowsEnd)
        return session.nextWake.map { min($0, next) } ?? next
    }

    /// How often frames are sent while rows animate (60 per second).
    static let rowAnimationFrame = TimeAmount.milliseconds(16 as Int64)

    /// The replies to one text message from the page.
    public func receive(_ text: String) -> [String] {
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(text)
        } catch {
            return [ServerMessage.error(error.message)]
        }
        return receive(message)
    }

    /// The replies to one decoded message.
    public func receive(_ message: ClientMessage) -> [String] {
        let time: VirtualInstant
        let commands: [GestureCommand]
        let wakeBefore = session.nextWake
        switch message {
        case .pointer(let event):
            time = event.time
            // The hit test sees the table as the page drew it at the event's time.
            advance(to: time)
            commands = mapper.handle(event, on: TableHitTest(session.table))
        case .wheel(let dy, let at):
            time = at
            commands = dy == 0 ? [] : [.scroll(dy: dy)]
        case .tick(let at):
            time = at
            commands = []
        case .dismiss(let at):
            time = at
            commands = [.dismiss]
        case .actions(let row, let at):
            time = at
            commands = [.actions(row: row)]
        case .activate(let row, let button, let at):
            time = at
            commands = [.activate(row: row, button: button)]
        }
        advance(to: time)
        var replies: [String] = []
        for command in commands {
            do {
                try session.apply(command)
            } catch {
                // The gesture is over for the table: forget the press, so the moves that follow
                // do not repeat the error.
                mapper = PointerMapper()
                replies.append(ServerMessage.error("\(command.scriptLine): \(error.message)"))
                break
            }
        }
        let crossedWake = wakeBefore.map { $0 <= session.now } ?? false
        if !commands.isEmpty || !events.isEmpty || crossedWake || !replies.isEmpty {
            replies.append(frame())
        }
        return replies + recordingNotice()
    }

    /// Runs what falls due up to `time` (the real-time wake calls this at ``nextWake``) and
    /// answers with a frame if anything was due.
    public func wake(at time: VirtualInstant) -> [String] {
        guard let wake = nextWake, wake <= time else { return [] }
        advance(to: time)
        return [frame()]
    }

    /// Swaps in the plugins' new code (see ``Session/reload(_:)``): `reload` ok and a frame, or
    /// `reload` not ok with the error, the old code still in charge. `time`: the session's time
    /// when the file changed (the clock is run there first, so the `reload` event is stamped with
    /// it rather than with the last input's time); nil: now.
    public func reload(_ plugins: [PluginSource], at time: VirtualInstant? = nil) -> [String] {
        if let time { advance(to: time) }
        do {
            try session.reload(plugins)
        } catch {
            return [ServerMessage.reloadFailed(Self.describe(error))]
        }
        // The reload cancelled the pan being dragged (and recorded the cancel).
        mapper.panWasCancelled()
        return [ServerMessage.reloaded(at: session.now), frame()] + recordingNotice()
    }

    /// The notice that the session's recording stopped, the once it does.
    private func recordingNotice() -> [String] {
        session.takeRecordingNotice().map { [ServerMessage.error($0)] } ?? []
    }

    /// A failure as `FILE:LINE: message`: a Lua error that carries its own place (a syntax
    /// error) is not led by the file name a second time.
    public static func describe(_ failure: RunFailure) -> String {
        if case .plugin(let problem) = failure, problem.line == nil, problem.row == nil, problem.field == nil,
            problem.severity == .error, problem.message.hasPrefix(problem.file + ":")
        {
            return problem.message
        }
        return failure.description
    }

    /// The clock to `time`, running what is due by then, at `time` included (at the clock's
    /// end the page's times stay at now, and a snap's steps fall due there: a row does not stay
    /// at its bounce position).
    private func advance(to time: VirtualInstant) {
        session.advance(to: time)
    }
}
