import SwipeCore
import SwipePlugins
import SwipeScript

/// The invariants checked after every step of every run, in this order: the plugin's (no
/// `plugin_error`; every row announced open or closed rests there), then the host's own (events
/// well formed, the table's parts in step with each offset within its bounds, at most one open
/// row under `exclusive`, unique row ids), whose failure is a bug in swipehost.
///
/// Stateful: it looks at each record once (those since its last check).
public struct ExploreInvariants {
    /// The built-in invariants' names, as failures and docs/testing.md give them.
    public enum Name {
        public static let restsAsAnnounced = "rests-as-announced"
        public static let wellFormedEvents = "events-well-formed"
        public static let table = "table-consistent"
        public static let exclusive = "one-open-under-exclusive"
        public static let uniqueIDs = "unique-ids"
    }

    var recordsSeen = 0
    var lastTime = VirtualInstant.start

    public init() {}

    /// The first invariant broken now, after line `step` (0: the table before any step); nil
    /// when all hold.
    public mutating func check(_ session: Session, step: Int) -> ExploreFailure? {
        let table = session.table
        let records = session.host.recorder.records
        var itemsChanged = step == 0
        var failure: ExploreFailure?
        func host(_ name: String, _ message: String) -> ExploreFailure {
            ExploreFailure(kind: .host(name), message: message, step: step)
        }
        while recordsSeen < records.count, failure == nil {
            let record = records[recordsSeen]
            recordsSeen += 1
            if record.time < lastTime || record.time > table.now {
                failure = host(
                    Name.wellFormedEvents,
                    "a '\(record.event.name)' event at \(TimeText.milliseconds(record.time)) ms, out of time order"
                )
                break
            }
            lastTime = record.time
            switch record.event {
            case .pluginError(let error):
                failure = ExploreFailure(
                    kind: .pluginError(hook: error.hook, errorKind: error.kind), message: error.message, step: step)
            case .open(let row), .close(let row), .action(let row, _, _, _), .expand(let row, _),
                .collapse(let row, _), .begin(let row, _), .willOpen(let row), .willClose(let row):
                if row < 1 { failure = host(Name.wellFormedEvents, "a '\(record.event.name)' event for row \(row)") }
            case .delete(let row, _, _), .insert(let row, _, _), .update(let row, _, _), .move(_, let row, _, _):
                itemsChanged = true
                if row < 1 { failure = host(Name.wellFormedEvents, "a '\(record.event.name)' event for row \(row)") }
            default: break
            }
        }
        if let failure { return failure }
        if let problem = table.invariantProblem { return host(Name.table, problem) }
        if table.options.exclusive, table.openRowCount > 1 {
            let rows = table.openRows.sorted().map(String.init).joined(separator: ", ")
            return host(Name.exclusive, "rows \(rows) are open at once under 'exclusive'")
        }
        if itemsChanged {
            var seen = Set<RowID>()
            for (index, id) in table.items.allIDs.enumerated() where !seen.insert(id).inserted {
                return host(Name.uniqueIDs, "row \(index + 1) has the id '\(id)' another row has")
            }
        }
        if let rest = table.unannouncedRests.first {
            return ExploreFailure(kind: .invariant(Name.restsAsAnnounced), message: rest, step: step)
        }
        return nil
    }
}
