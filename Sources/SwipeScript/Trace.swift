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
    /// A button's action: its row, id, 1-based number (on its edge, see ``TraceRecord/side``)
    /// and title.
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
    /// The edge an `open`, `close` or `action` is about; nil for every other event and for rows
    /// whose buttons are all trailing (the tutorial's shape: their lines name no side).
    public var side: Edge?
    /// The release velocity (points/s) of an `open` or `close` a flick decided; nil otherwise.
    public var velocity: Double?
    /// An `action` a full swipe performed.
    public var full: Bool

    public init(time: VirtualInstant, event: TraceEvent, side: Edge? = nil, velocity: Double? = nil, full: Bool = false) {
        self.time = time
        self.event = event
        self.side = side
        self.velocity = velocity
        self.full = full
    }
}

/// Collects a table's delegate calls as trace records. Hosts that dispatch the calls further
/// (the plugin host) record through it first.
public final class TraceRecorder: SwipeTableDelegate {
    /// What a recorder does with each record.
    public enum Mode: Sendable {
        /// Keeps every record in ``records``, `.custom` events with their text line.
        case records
        /// Writes each record as a jsonl line into ``output`` as it happens and keeps none: a
        /// jsonl run's trace costs its bytes, not a record apiece.
        case jsonLines
        /// Writes each record as a text-format line into ``output`` as it happens (coloured when
        /// ``colored``) and keeps none: a text run's trace costs its bytes, like a jsonl run's.
        case textLines
    }

    public let mode: Mode
    /// The records so far (empty in `.jsonLines` mode).
    @exclusivity(unchecked) public private(set) var records: [TraceRecord] = []
    /// The jsonl or text lines so far (`.jsonLines` and `.textLines` modes only).
    @exclusivity(unchecked) public private(set) var output = OutputBuffer()
    /// Whether `.custom` events keep their text line: a host formats that line only then
    /// (jsonl does not print it).
    public var keepsText: Bool { mode != .jsonLines }
    /// `.textLines` mode: the lines are for a terminal (``TextColor``).
    public var colored = false

    public init(mode: Mode = .records) {
        self.mode = mode
    }

    /// Makes room for `count` bytes of jsonl lines at once (`.jsonLines` mode), sparing the
    /// copies of a buffer that doubles its way up to a long run's trace.
    public func reserveOutput(_ count: Int) {
        if mode == .jsonLines { output.reserve(count) }
    }

    /// Keeps at most about `bound` bytes of lines in memory, the rest in a temporary file
    /// (``OutputBuffer/spool(above:)``): a long run's memory stays flat.
    public func spoolOutput(above bound: Int) {
        output.spool(above: bound)
    }

    /// Hands the jsonl lines over and starts an empty output: the caller holds the only
    /// reference to the bytes, so appending to them copies nothing.
    public func takeOutput() -> OutputBuffer {
        defer { output = OutputBuffer() }
        return output
    }

    public func record(_ event: TraceEvent, at time: VirtualInstant, side: Edge? = nil, velocity: Double? = nil, full: Bool = false) {
        switch mode {
        case .jsonLines:
            JSONLinesFormat.write(event, at: time, side: side, velocity: velocity, full: full, to: &output)
        case .records:
            records.append(TraceRecord(time: time, event: event, side: side, velocity: velocity, full: full))
        case .textLines:
            TextFormat.write(TraceRecord(time: time, event: event, side: side, velocity: velocity, full: full), to: &output, colored: colored)
        }
    }

    public func swipeTable(_ table: SwipeTable, didExpandRow row: Int, side: Edge, expanded: Bool) {
        let name = expanded ? "expand" : "collapse"
        record(.custom(
            name: name, fields: [TraceField("row", .int(row)), TraceField("side", .string(side.rawValue))],
            text: "row \(row) \(expanded ? "expanded" : "collapsed") (\(side.rawValue) full swipe)"), at: table.now)
    }

    public func swipeTable(_ table: SwipeTable, didFullSwipeButton button: SwipeButton, number: Int, side: Edge?, inRow row: Int) {
        record(.action(row: row, buttonID: button.id, number: number, title: button.title), at: table.now, side: side, full: true)
    }

    public func swipeTable(_ table: SwipeTable, didDeleteRow row: Int, item: String) {
        record(.custom(
            name: "delete", fields: [TraceField("row", .int(row)), TraceField("item", .string(item))],
            text: "deleted row \(row) (\(DisplayText.escaped(item, keeping: [.tabs])))"), at: table.now)
    }

    public func swipeTable(_ table: SwipeTable, didOpenRow row: Int, side: Edge?) {
        record(.open(row: row), at: table.now, side: side, velocity: table.releaseVelocity)
    }

    public func swipeTable(_ table: SwipeTable, didCloseRow row: Int, side: Edge?) {
        record(.close(row: row), at: table.now, side: side, velocity: table.releaseVelocity)
    }

    public func swipeTable(_ table: SwipeTable, didTapButton button: SwipeButton, number: Int, side: Edge?, inRow row: Int) {
        record(.action(row: row, buttonID: button.id, number: number, title: button.title), at: table.now, side: side)
    }
}
