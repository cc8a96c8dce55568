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

/// What a run reports, in the order it happened: typed, never preformatted. ``TextFormat`` and
/// ``JSONLinesFormat`` render each case; ``name`` and ``fields`` give it as the jsonl trace has it.
public enum TraceEvent: Hashable, Sendable {
    /// The delegate's `cellDidOpen:`.
    case open(row: Int)
    /// The delegate's `cellDidClose:`.
    case close(row: Int)
    /// A button's action: its row, id, 1-based number (on its edge, see ``TraceRecord/side``)
    /// and title.
    case action(row: Int, buttonID: String, number: Int, title: String)
    /// A pan crossed a full-swipe threshold: the edge's button expanded (`expand`).
    case expand(row: Int, side: Edge)
    /// A pan came back across it (`collapse`).
    case collapse(row: Int, side: Edge)
    /// A pan started revealing `side` (`begin`; recorded only when asked, ``TraceRecorder/lifecycle``).
    case begin(row: Int, side: Edge)
    /// A pan ended and the row is about to snap open (`will_open`; only when asked): its side and
    /// the release velocity (nil for a cancelled pan) are the record's.
    case willOpen(row: Int)
    /// As ``willOpen(row:)``, for a row about to snap closed (`will_close`).
    case willClose(row: Int)
    /// A row was deleted (a full swipe's `delete`, or `ctx:delete`), with the item it held.
    case delete(row: Int, item: String, id: String? = nil)
    /// `ctx:insert`.
    case insert(row: Int, item: String, id: String? = nil)
    /// `ctx:set_item` (`update`).
    /// `id` (each of the three): the row's id when its item is a table, else nil:
    /// rows of plain strings keep the lines they always had.
    case update(row: Int, item: String, id: String? = nil)
    /// `ctx:set_items` moved the item with `id` from row `from` to row `row`.
    case move(from: Int, row: Int, item: String, id: String)
    /// `ctx:present`.
    case present(title: String, text: String)
    /// `ctx:dismiss`.
    case dismiss
    /// `ctx:log`, `print`, `host.log`.
    case log(plugin: String, message: String)
    /// `ctx:emit(name, fields)`: a plugin's own event (fields sorted by key).
    case emitted(name: String, plugin: String, fields: [TraceField])
    /// A plugin's handler failed (`plugin_error`).
    case pluginError(PluginErrorEvent)
    /// Something a plugin should fix (`plugin_warning`).
    case pluginWarning(PluginWarningEvent)
    /// A session swapped new plugin code in (`reload`): the plugins now in charge.
    case reload(plugins: [String])
    /// `actions ROW`: the row's accessibility actions, what a screen reader offers (`actions`).
    case actions(row: Int, actions: [AccessibilityAction])

    /// The host's own events, by the `event` field of their jsonl lines: every name the host
    /// writes there, `state` (the last line) included. The one list of them: ``name`` is made
    /// from it, and a plugin may emit none of them (`ctx:emit`), so that nothing a plugin emits
    /// is taken for the host's (by a spec's `t:events(name)`, the playground, `render`).
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case open, close, action, expand, collapse, begin
        case willOpen = "will_open"
        case willClose = "will_close"
        case delete, insert, update, move, present, dismiss, log
        case pluginError = "plugin_error"
        case pluginWarning = "plugin_warning"
        case reload, actions
        /// A trace's last line (``JSONLinesFormat``): each row on screen and the open rows.
        case state
    }

    /// The host's kind of event; nil only for a plugin's own (``emitted(name:plugin:fields:)``).
    /// A new case must name its kind here (the switch is exhaustive), which reserves its name.
    public var kind: Kind? {
        switch self {
        case .open: .open
        case .close: .close
        case .action: .action
        case .expand: .expand
        case .collapse: .collapse
        case .begin: .begin
        case .willOpen: .willOpen
        case .willClose: .willClose
        case .delete: .delete
        case .insert: .insert
        case .update: .update
        case .move: .move
        case .present: .present
        case .dismiss: .dismiss
        case .log: .log
        case .emitted: nil
        case .pluginError: .pluginError
        case .pluginWarning: .pluginWarning
        case .reload: .reload
        case .actions: .actions
        }
    }

    /// The `event` field of the jsonl line: the kind's name, or the name a plugin emitted.
    public var name: String {
        if case .emitted(let name, _, _) = self { return name }
        return kind!.rawValue  // every other case has one
    }

    /// Whether the event is one of the delegate's calls (`open`, `close`, `action`).
    public var isDelegateCall: Bool {
        switch self {
        case .open, .close, .action: true
        default: false
        }
    }

    /// The fields the jsonl line has after `event` (without the record's `side`, `full`,
    /// `velocity` and `t`), in its order.
    public var fields: [TraceField] {
        switch self {
        case .open(let row), .close(let row), .willOpen(let row), .willClose(let row):
            return [TraceField("row", .int(row))]
        case .action(let row, let id, let number, _):
            return [TraceField("row", .int(row)), TraceField("button", .string(id)), TraceField("index", .int(number))]
        case .expand(let row, let side), .collapse(let row, let side), .begin(let row, let side):
            return [TraceField("row", .int(row)), TraceField("side", .string(side.rawValue))]
        case .delete(let row, let item, let id), .insert(let row, let item, let id), .update(let row, let item, let id):
            return [TraceField("row", .int(row)), TraceField("item", .string(item))]
                + (id.map { [TraceField("id", .string($0))] } ?? [])
        case .move(let from, let row, let item, let id):
            return [
                TraceField("row", .int(row)), TraceField("from", .int(from)), TraceField("item", .string(item)),
                TraceField("id", .string(id)),
            ]
        case .present(let title, let text):
            return [TraceField("title", .string(title)), TraceField("text", .string(text))]
        case .dismiss: return []
        case .log(let plugin, let message):
            return [TraceField("plugin", .string(plugin)), TraceField("message", .string(message))]
        case .emitted(_, let plugin, let fields): return [TraceField("plugin", .string(plugin))] + fields
        case .pluginError(let error): return error.fields
        case .pluginWarning(let warning): return warning.fields
        case .reload(let plugins): return [TraceField("plugins", .array(plugins.map(TraceValue.string)))]
        case .actions(let row, let actions):
            return [TraceField("row", .int(row)), TraceField("actions", .array(actions.map(Self.fields)))]
        }
    }

    /// An accessibility action as the `actions` event lists it: `label`, `side`, `button`, `index`.
    static func fields(_ action: AccessibilityAction) -> TraceValue {
        .object([
            TraceField("label", .string(action.label)), TraceField("side", .string(action.edge.rawValue)),
            TraceField("button", .string(action.buttonID)), TraceField("index", .int(action.number)),
        ])
    }
}

/// A `plugin_error`: which plugin, file, hook and row, the field at fault, the message (led by
/// `FILE:LINE:` when known), its kind (`runtime`, `budget`, `memory`, `invalid`), and Lua's
/// traceback (text only). A summary of a `configure` error repeated on more rows has `row` nil
/// and `rows`, the rows in the order hit.
public struct PluginErrorEvent: Hashable, Sendable {
    public var plugin: String
    public var file: String
    public var hook: String
    public var row: Int?
    public var field: String?
    public var message: String
    public var kind: String
    public var rows: [Int]?
    public var traceback: String?

    public init(
        plugin: String, file: String, hook: String, row: Int?, field: String?, message: String, kind: String,
        rows: [Int]? = nil,
        traceback: String? = nil
    ) {
        self.plugin = plugin
        self.file = file
        self.hook = hook
        self.row = row
        self.field = field
        self.message = message
        self.kind = kind
        self.rows = rows
        self.traceback = traceback
    }

    var fields: [TraceField] {
        var fields = [
            TraceField("plugin", .string(plugin)), TraceField("file", .string(file)), TraceField("hook", .string(hook)),
            TraceField("row", row.map(TraceValue.int) ?? .null),
            TraceField("field", field.map(TraceValue.string) ?? .null),
            TraceField("message", .string(message)), TraceField("kind", .string(kind)),
        ]
        if let rows { fields.append(TraceField("rows", .array(rows.map(TraceValue.int)))) }
        return fields
    }
}

/// A `plugin_warning`: the fields of a `plugin_error` but `kind`, and the line of the definition
/// at fault when known (text only: `FILE:LINE: warning: ...`).
public struct PluginWarningEvent: Hashable, Sendable {
    public var plugin: String
    public var file: String
    public var line: Int?
    public var hook: String?
    public var row: Int?
    public var field: String?
    public var message: String

    public init(plugin: String, file: String, line: Int?, hook: String?, row: Int?, field: String?, message: String) {
        self.plugin = plugin
        self.file = file
        self.line = line
        self.hook = hook
        self.row = row
        self.field = field
        self.message = message
    }

    var fields: [TraceField] {
        [
            TraceField("plugin", .string(plugin)), TraceField("file", .string(file)),
            TraceField("hook", hook.map(TraceValue.string) ?? .null),
            TraceField("row", row.map(TraceValue.int) ?? .null),
            TraceField("field", field.map(TraceValue.string) ?? .null), TraceField("message", .string(message)),
        ]
    }
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
    /// An `action` a screen reader's custom action performed (`activate`): `"accessibility":true`.
    public var accessibility: Bool

    public init(
        time: VirtualInstant, event: TraceEvent, side: Edge? = nil, velocity: Double? = nil, full: Bool = false,
        accessibility: Bool = false
    ) {
        self.time = time
        self.event = event
        self.side = side
        self.velocity = velocity
        self.full = full
        self.accessibility = accessibility
    }
}

/// Collects a table's delegate calls as trace records. Hosts that dispatch the calls further
/// (the plugin host) record through it first.
public final class TraceRecorder: SwipeTableDelegate {
    /// What a recorder does with each record.
    public enum Mode: Sendable {
        /// Keeps every record in ``records``.
        case records
        /// Writes each record as a jsonl line into ``output`` as it happens and keeps none: a
        /// jsonl run's trace costs its bytes, not a record apiece.
        case jsonLines
        /// Writes each record as a text-format line into ``output`` as it happens (coloured when
        /// ``colored``) and keeps none: a text run's trace costs its bytes, like a jsonl run's.
        case textLines
    }

    public let mode: Mode
    /// What the recorder keeps: its records, or its lines.
    struct Kept {
        var records: [TraceRecord] = []
        var output = OutputBuffer()
    }

    /// Unchecked: only the recorder changes it, in one call per record that calls nothing
    /// outside it, so no access overlaps another; its dynamic checks were paid on every record
    /// of a replayed line (see docs/performance.md, "Unchecked exclusivity").
    @exclusivity(unchecked) var kept = Kept()
    /// The records so far (empty in `.jsonLines` mode).
    public private(set) var records: [TraceRecord] {
        get { kept.records }
        _modify { yield &kept.records }
    }
    /// The jsonl or text lines so far (`.jsonLines` and `.textLines` modes only).
    public private(set) var output: OutputBuffer {
        get { kept.output }
        _modify { yield &kept.output }
    }
    /// Whether `begin`, `will_open` and `will_close` are recorded (`--lifecycle-events`): a host
    /// may have the table deliver them for its plugins' hooks without its trace showing them.
    public var lifecycle = false
    /// Whether the records are kept (``Mode/records``), so that text can be made of them.
    public var keepsText: Bool { mode == .records }
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

    /// Forgets the records from `index` on (a session whose recording stopped keeps no more).
    public func dropRecords(from index: Int) {
        if index < records.count { records.removeSubrange(index...) }
    }

    public func record(
        _ event: TraceEvent, at time: VirtualInstant, side: Edge? = nil, velocity: Double? = nil, full: Bool = false,
        accessibility: Bool = false
    ) {
        switch mode {
        case .jsonLines:
            JSONLinesFormat.write(
                event, at: time, side: side, velocity: velocity, full: full, accessibility: accessibility, to: &output)
        case .records:
            records.append(
                TraceRecord(
                    time: time, event: event, side: side, velocity: velocity, full: full, accessibility: accessibility))
        case .textLines:
            TextFormat.write(
                TraceRecord(
                    time: time, event: event, side: side, velocity: velocity, full: full, accessibility: accessibility),
                to: &output, colored: colored)
        }
    }

    public func swipeTable(_ table: SwipeTable, didDeliver event: TableEvent) {
        record(delivered: event, at: table.now)
    }

    /// Records a table event delivered at `time`: a full swipe's action as an `action` with
    /// `"full":true`, an expansion as `expand` or `collapse`, an open or close a flick decided
    /// with its velocity. (Named apart from ``record(_:at:side:velocity:full:)``: `.open`,
    /// `.close` and `.delete` name cases of both event types.)
    public func record(delivered event: TableEvent, at time: VirtualInstant) {
        if mode == .jsonLines {
            // A replay's open and close lines, written straight from the table's event: no
            // trace event made and destroyed for them (the same bytes, see
            // JSONLinesFormat.writeRowLine). This path is kept apart from every other event's
            // (`recordInFull`): the large function's entry and exit, which load the whole
            // event and save every register, were paid by each open and close.
            let open: Bool
            let row: Int
            let side: Edge?
            switch event {
            case .open(let opened, let edge, .none): (open, row, side) = (true, opened, edge)
            case .close(let closed, let edge, .none, _): (open, row, side) = (false, closed, edge)
            case .progress: return  // a hook's (`on_progress`), never a trace line
            default: return recordInFull(delivered: event, at: time)
            }
            if JSONLinesFormat.writeRowLine(open: open, row, side, time, &kept.output) { return }
        }
        recordInFull(delivered: event, at: time)
    }

    /// ``record(delivered:at:)`` for any event but a jsonl run's open or close at a whole
    /// millisecond.
    @inline(never)
    func recordInFull(delivered event: TableEvent, at time: VirtualInstant) {
        switch event {
        case .open(let row, let side, let velocity):
            record(TraceEvent.open(row: row), at: time, side: side, velocity: velocity)
        case .close(let row, let side, let velocity, _):
            record(TraceEvent.close(row: row), at: time, side: side, velocity: velocity)
        case .action(let row, let button, let number, let side):
            record(
                TraceEvent.action(row: row, buttonID: button.id, number: number, title: button.displayTitle), at: time,
                side: side)
        case .fullAction(let row, let button, let number, let side):
            record(
                TraceEvent.action(row: row, buttonID: button.id, number: number, title: button.displayTitle), at: time,
                side: side, full: true)
        case .expand(let row, let side, let expanded):
            record(
                expanded ? TraceEvent.expand(row: row, side: side) : TraceEvent.collapse(row: row, side: side), at: time
            )
        case .delete(let row, let item, let id):
            record(TraceEvent.delete(row: row, item: item, id: id?.description), at: time)
        case .begin(let row, let side):
            if lifecycle { record(TraceEvent.begin(row: row, side: side), at: time) }
        case .willOpen(let row, let side, let velocity):
            if lifecycle { record(TraceEvent.willOpen(row: row), at: time, side: side, velocity: velocity) }
        case .willClose(let row, let side, let velocity, _):
            if lifecycle { record(TraceEvent.willClose(row: row), at: time, side: side, velocity: velocity) }
        case .progress:
            break  // a hook's (`on_progress`), never a trace line
        case .accessibilityAction(let row, let button, let number, let side):
            record(
                TraceEvent.action(row: row, buttonID: button.id, number: number, title: button.displayTitle), at: time,
                side: side, accessibility: true)
        case .actionsListed(let row, let actions):
            record(TraceEvent.actions(row: row, actions: actions), at: time)
        }
    }
}
