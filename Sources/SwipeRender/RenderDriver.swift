import SwipeCore
import SwipePlugins
import SwipeScript

/// Drives a ``Session`` for a render and collects its records. Render never applies a `wait` or
/// a `swipe` whole: it moves the clock itself (``Session/advance(to:)``), stopping where it
/// samples and draws, and applies a swipe's pan commands one by one at their times.
final class RenderDriver: SessionEventSink {
    let session: Session
    private var pending: [TraceRecord] = []

    /// The session holds its sink weakly: the driver owns the session, not the other way round.
    init(_ configuration: SessionConfiguration) throws(RunFailure) {
        var configuration = configuration
        configuration.traceMode = .records
        configuration.recordsInputs = false
        session = try Session(configuration, sink: nil)
        // The records made while loading (plugins' prints) were kept by the recorder.
        pending = session.host.recorder.records
        session.sink = self
    }

    var table: SwipeTable { session.table }

    func session(_ session: Session, didRecord record: TraceRecord) {
        pending.append(record)
    }

    /// Runs one command that takes no time (not `wait` nor `swipe`).
    func apply(_ line: ScriptLine) throws(ScriptError) {
        try session.apply(line)
    }

    func advance(to instant: VirtualInstant) {
        session.advance(to: instant)
    }

    /// The earliest pending animation completion or timer; nil when nothing is pending.
    var nextWake: VirtualInstant? { session.nextWake }

    /// The records made since the last call, in time order.
    func takeRecords() -> [TraceRecord] {
        defer { pending = [] }
        return pending
    }
}
