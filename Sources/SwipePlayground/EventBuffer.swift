import SwipePlugins
import SwipeScript

/// Collects a session's records until the next frame.
final class EventBuffer: SessionEventSink {
    var records: [TraceRecord] = []

    func session(_ session: Session, didRecord record: TraceRecord) {
        records.append(record)
    }
}
