import SwipeCore

/// A value in a trace event's fields, printable as JSON.
public enum TraceValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([TraceValue])
    case object([TraceField])
}

/// A named field, in the order it is printed.
public struct TraceField: Hashable, Sendable {
    public var key: String
    public var value: TraceValue

    public init(_ key: String, _ value: TraceValue) {
        self.key = key
        self.value = value
    }
}

/// What a run reports, in the order it happened.
public enum TraceEvent: Hashable, Sendable {
    /// The delegate's `cellDidOpen:`.
    case open(row: Int)
    /// The delegate's `cellDidClose:`.
    case close(row: Int)
    /// A button's action: its row, id, 1-based number and title.
    case action(row: Int, buttonID: String, number: Int, title: String)
    /// Any other event (plugin effects, logs, errors): its name and fields, printed after
    /// `"event"` and before `"t"`. `text` is the line a person reads in text format (empty
    /// when the recorder does not keep it, see ``TraceRecorder/keepsText``).
    case custom(name: String, fields: [TraceField], text: String)
}

/// An event with the virtual time it happened at.
public struct TraceRecord: Hashable, Sendable {
    public var time: VirtualInstant
    public var event: TraceEvent

    public init(time: VirtualInstant, event: TraceEvent) {
        self.time = time
        self.event = event
    }
}

/// Collects a table's delegate calls as trace records. Hosts that dispatch the calls further
/// (the plugin host) record through it first.
public final class TraceRecorder: SwipeTableDelegate {
    @exclusivity(unchecked) public private(set) var records: [TraceRecord] = []
    /// Whether `.custom` events keep their text line. A jsonl run does not print it, so its
    /// host does not format it (`keepsText: false`): the text is left empty.
    public let keepsText: Bool

    public init(keepsText: Bool = true) {
        self.keepsText = keepsText
    }

    public func record(_ event: TraceEvent, at time: VirtualInstant) {
        records.append(TraceRecord(time: time, event: event))
    }

    public func swipeTable(_ table: SwipeTable, didOpenRow row: Int) {
        record(.open(row: row), at: table.now)
    }

    public func swipeTable(_ table: SwipeTable, didCloseRow row: Int) {
        record(.close(row: row), at: table.now)
    }

    public func swipeTable(_ table: SwipeTable, didTapButton button: SwipeButton, number: Int, inRow row: Int) {
        record(.action(row: row, buttonID: button.id, number: number, title: button.title), at: table.now)
    }
}
