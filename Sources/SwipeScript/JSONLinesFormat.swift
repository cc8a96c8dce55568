import SwipeCore

/// `--format jsonl`: one JSON object a line, the delegate calls in order, then the state.
public enum JSONLinesFormat {
    /// The jsonl object `--format jsonl` prints for `record`, without its newline.
    public static func line(for record: TraceRecord) -> String {
        OutputBuffer.line { write(record, to: &$0) }
    }

    public static func write(_ record: TraceRecord, to out: inout OutputBuffer) {
        write(
            record.event, at: record.time, side: record.side, velocity: record.velocity, full: record.full,
            accessibility: record.accessibility, to: &out)
    }

    public static func write(
        _ event: TraceEvent, at time: VirtualInstant, side: Edge? = nil, velocity: Double? = nil, full: Bool = false,
        accessibility: Bool = false, to out: inout OutputBuffer
    ) {
        if velocity == nil, !full, !accessibility {
            // The lines a replay is made of, each written at once (one call site of the
            // inlined writeRowLine for both).
            let row: Int?
            let open: Bool
            switch event {
            case .open(let opened): (row, open) = (opened, true)
            case .close(let closed): (row, open) = (closed, false)
            default: (row, open) = (nil, false)
            }
            if let row, writeRowLine(open: open, row, side, time, &out) { return }
        }
        out.append(literal: "{\"event\":")
        switch event {
        case .open(let row): appendRow("\"open\",\"row\":", row, side: side, to: &out)
        case .close(let row): appendRow("\"close\",\"row\":", row, side: side, to: &out)
        case .action(let row, let id, let number, _):
            out.append(literal: "\"action\",\"row\":")
            out.append(integer: row)
            out.append(literal: ",\"button\":")
            out.append(jsonString: id)
            out.append(literal: ",\"index\":")
            out.append(integer: number)
            append(side, to: &out)
        case .expand(let row, let edge): appendRow("\"expand\",\"row\":", row, side: edge, to: &out)
        case .collapse(let row, let edge): appendRow("\"collapse\",\"row\":", row, side: edge, to: &out)
        case .begin(let row, let edge): appendRow("\"begin\",\"row\":", row, side: edge, to: &out)
        case .willOpen(let row): appendRow("\"will_open\",\"row\":", row, side: side, to: &out)
        case .willClose(let row): appendRow("\"will_close\",\"row\":", row, side: side, to: &out)
        case .delete(let row, let item, let id): appendRow("\"delete\",\"row\":", row, item: item, id: id, to: &out)
        case .insert(let row, let item, let id): appendRow("\"insert\",\"row\":", row, item: item, id: id, to: &out)
        case .update(let row, let item, let id): appendRow("\"update\",\"row\":", row, item: item, id: id, to: &out)
        case .move(let from, let row, let item, let id):
            out.append(literal: "\"move\",\"row\":")
            out.append(integer: row)
            out.append(literal: ",\"from\":")
            out.append(integer: from)
            out.append(literal: ",\"item\":")
            out.append(jsonString: item)
            out.append(literal: ",\"id\":")
            out.append(jsonString: id)
        case .present(let title, let text):
            out.append(literal: "\"present\",\"title\":")
            out.append(jsonString: title)
            out.append(literal: ",\"text\":")
            out.append(jsonString: text)
        case .dismiss:
            out.append(literal: "\"dismiss\"")
        case .log(let plugin, let message):
            out.append(literal: "\"log\",\"plugin\":")
            out.append(jsonString: plugin)
            out.append(literal: ",\"message\":")
            out.append(jsonString: message)
        case .emitted(let name, let plugin, let fields):
            out.append(jsonString: name)
            out.append(literal: ",\"plugin\":")
            out.append(jsonString: plugin)
            out.append(fields: fields, leadingComma: true)
        case .pluginError, .pluginWarning, .reload, .actions:
            // Rare: written from their fields.
            out.append(jsonString: event.name)
            out.append(fields: event.fields, leadingComma: true)
        }
        if full { out.append(literal: ",\"full\":true") }  // a full swipe's action
        if accessibility { out.append(literal: ",\"accessibility\":true") }  // `activate`'s action
        if let velocity {  // a flick decided it (`release = "velocity"`)
            out.append(literal: ",\"velocity\":")
            out.append(number: NumberText.shownVelocity(velocity))
        }
        out.append(literal: ",\"t\":")
        out.append(milliseconds: time)
        out.append(literal: "}\n")
    }

    /// The line of an `open` (or a `close`) to `side` at `time` without a velocity, written
    /// with one check of the buffer's room (``OutputBuffer/write(atMost:_:)``): `{"event":`, the
    /// event's name and `"row":` as one copy, `ROW`, `,"side":SIDE` (none without a side) and
    /// `,"t":` as one copy, the milliseconds, `}` and the newline: the bytes
    /// ``write(_:at:side:velocity:full:accessibility:to:)`` writes part by part for any other
    /// event. False, and nothing written, at a time that is not a whole millisecond (its
    /// decimals are written the general way). Inlined (into its two callers): the call's
    /// entry and exit were a tenth of its cost.
    @inline(__always)
    static func writeRowLine(
        open: Bool, _ row: Int, _ side: Edge?, _ time: VirtualInstant, _ out: inout OutputBuffer
    ) -> Bool {
        let (milliseconds, rest) = time.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000)
        guard rest == 0 else { return false }
        // The longest: 23 bytes of prefix, two numbers of at most 20, 23 for the side and the
        // time's key, 2 to end.
        out.write(atMost: 88) { start in
            var cursor =
                open
                ? OutputBuffer.put("{\"event\":\"open\",\"row\":", at: start)
                : OutputBuffer.put("{\"event\":\"close\",\"row\":", at: start)
            cursor = OutputBuffer.put(integer: row, at: cursor)
            switch side {
            case nil: cursor = OutputBuffer.put(",\"t\":", at: cursor)
            case .leading?: cursor = OutputBuffer.put(",\"side\":\"leading\",\"t\":", at: cursor)
            case .trailing?: cursor = OutputBuffer.put(",\"side\":\"trailing\",\"t\":", at: cursor)
            }
            cursor = OutputBuffer.put(integer: Int(milliseconds), at: cursor)
            return OutputBuffer.put("}\n", at: cursor)
        }
        return true
    }

    /// `prefix` (the event's name and `"row":`), then `ROW,"side":SIDE` (no side for a row that
    /// names none).
    @inline(__always)
    static func appendRow(_ prefix: StaticString, _ row: Int, side: Edge?, to out: inout OutputBuffer) {
        out.append(literal: prefix)
        out.append(integer: row)
        append(side, to: &out)
    }

    /// `prefix` (the event's name and `"row":`), then `ROW,"item":ITEM`, and `,"id":ID` for a
    /// table item's row.
    @inline(__always)
    static func appendRow(_ prefix: StaticString, _ row: Int, item: String, id: String?, to out: inout OutputBuffer) {
        out.append(literal: prefix)
        out.append(integer: row)
        out.append(literal: ",\"item\":")
        out.append(jsonString: item)
        if let id {
            out.append(literal: ",\"id\":")
            out.append(jsonString: id)
        }
    }

    /// `,"side":"leading"`; nothing for a row that names no side.
    @inline(__always)
    static func append(_ side: Edge?, to out: inout OutputBuffer) {
        switch side {
        case nil: return
        case .leading?: out.append(literal: ",\"side\":\"leading\"")
        case .trailing?: out.append(literal: ",\"side\":\"trailing\"")
        }
    }

    public static func write(_ snapshot: TableSnapshot, to out: inout OutputBuffer) {
        out.append(literal: "{\"event\":\"state\",\"t\":")
        out.append(milliseconds: snapshot.time)
        out.append(literal: ",\"rows\":[")
        for (index, row) in snapshot.rows.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(literal: "{\"row\":")
            out.append(integer: row.row)
            out.append(literal: ",\"right\":")
            out.append(number: row.right)
            out.append(literal: ",\"left\":")
            out.append(number: row.left)
            out.append(byte: UInt8(ascii: "}"))
        }
        out.append(literal: "],\"editing\":[")
        for (index, row) in snapshot.editing.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(integer: row)
        }
        out.append(literal: "]}\n")
    }
}
