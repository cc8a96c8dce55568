import SwipeCore
import SwipeScript
import SwipeTestSupport
import Testing

/// `TraceEvent.Kind`, the one list of the host's event names (the names `ctx:emit` refuses):
/// every event but a plugin's own has a kind, its jsonl line is named for it, and the list is
/// the host's whole vocabulary.
struct TraceEventKindTests {
    /// One event of each case.
    static let events: [TraceEvent] = [
        .open(row: 1), .close(row: 1), .action(row: 1, buttonID: "one", number: 1, title: "Button 1"),
        .expand(row: 1, side: .trailing), .collapse(row: 1, side: .trailing), .begin(row: 1, side: .leading),
        .willOpen(row: 1), .willClose(row: 1), .delete(row: 1, item: "a"), .insert(row: 1, item: "a"),
        .update(row: 1, item: "a"), .move(from: 1, row: 2, item: "a", id: "m1"), .present(title: "T", text: "x"),
        .dismiss, .log(plugin: "p", message: "m"), .emitted(name: "score", plugin: "p", fields: []),
        .pluginError(
            PluginErrorEvent(
                plugin: "p", file: "p.lua", hook: "on_open", row: 1, field: nil, message: "m", kind: "runtime")
        ),
        .pluginWarning(
            PluginWarningEvent(plugin: "p", file: "p.lua", line: 1, hook: nil, row: nil, field: nil, message: "m")),
        .reload(plugins: ["p"]), .actions(row: 1, actions: []),
    ]

    @Test(arguments: events)
    func anEventsLineIsNamedForItsKind(event: TraceEvent) {
        let line = JSONLinesFormat.line(for: TraceRecord(time: .start, event: event))
        #expect(line.hasPrefix("{\"event\":\"\(event.name)\""), "\(line)")
        if case .emitted = event {
            expectEqual(event.kind, nil)
            expectEqual(event.name, "score")
        } else {
            expectEqual(event.kind?.rawValue, event.name)
        }
    }

    /// The kinds are the events' and the state line's, each once.
    @Test func theKindsAreEveryNameTheHostWrites() {
        let snapshot = TableSnapshot(SwipeTable(items: .generated(count: 1)))
        let state = OutputBuffer.line { JSONLinesFormat.write(snapshot, to: &$0) }
        #expect(state.hasPrefix("{\"event\":\"\(TraceEvent.Kind.state.rawValue)\","), "\(state)")
        let named = Self.events.compactMap(\.kind) + [.state]
        expectEqual(Set(named), Set(TraceEvent.Kind.allCases))
        expectEqual(named.count, TraceEvent.Kind.allCases.count)
        expectEqual(
            TraceEvent.Kind.allCases.map(\.rawValue),
            [
                "open", "close", "action", "expand", "collapse", "begin", "will_open", "will_close", "delete", "insert",
                "update", "move", "present", "dismiss", "log", "plugin_error", "plugin_warning", "reload", "actions",
                "state",
            ])
    }
}
