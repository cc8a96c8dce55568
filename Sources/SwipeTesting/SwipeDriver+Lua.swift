import LuaRuntime
import SwipeCore
import SwipeScript

/// The driver's state as the Lua tables `t:events()`, `t:cell()`, ... return.
extension SwipeDriver {
    /// The trace records as the jsonl trace has them: `{ event = "open", row = 3, t = 150 }`;
    /// only those named `name` when given.
    func eventValues(named name: String?) -> LuaValue {
        if name == nil || name == "plugin_error" { host.reportRepeatedFailures() }
        let records = host.recorder.records.filter { name == nil || $0.event.name == name }
        return .list(records.map(Self.value(of:)))
    }

    static func value(of record: TraceRecord) -> LuaValue {
        var fields: [LuaValue: LuaValue] = [
            "event": .string(record.event.name), "t": .milliseconds(record.time.milliseconds),
        ]
        for field in record.event.fields { fields[.string(field.key)] = value(of: field.value) }
        if let side = record.side { fields["side"] = .string(side.rawValue) }
        if let velocity = record.velocity { fields["velocity"] = .milliseconds(velocity) }
        if record.full { fields["full"] = .boolean(true) }
        if record.accessibility { fields["accessibility"] = .boolean(true) }
        return .table(fields)
    }

    static func value(of trace: TraceValue) -> LuaValue {
        switch trace {
        case .null: .nil
        case .bool(let flag): .boolean(flag)
        case .int(let number): .integer(number)
        case .number(let number): .milliseconds(number)
        case .string(let text): .string(text)
        case .array(let values): .list(values.map(value(of:)))
        case .object(let fields):
            .table(Dictionary(fields.map { (LuaValue.string($0.key), value(of: $0.value)) }, uniquingKeysWith: { $1 }))
        }
    }

    /// `{ right, left, offset, drawn, state = "closed" | "open" | "moving", side, height, y,
    /// buttons = {...}, leading = {...} }`, or nil for a row off screen. `offset` is signed
    /// (negative = the content moved left); `right` and `drawn` are right constants, minus the
    /// offset (`drawn`: as drawn now, the text table's `drawn at`); `side` is the edge the cell
    /// is open on, or revealing, or settling on (nil when closed); `buttons` are the trailing
    /// ones (`{id, title, x, width}`: x and width where the geometry draws them now,
    /// ``CellGeometry``), `leading` the leading ones. `state` is what is drawn: `moving` while an
    /// animation runs, whatever the model's constants already say (a spring row reset by a full
    /// swipe is closed in the model while it is still drawn 200 points open).
    func cellValue(row: Int) -> LuaValue {
        guard let cell = table.cell(forRow: row), let geometry = table.cellGeometry(forRow: row) else { return .nil }
        let drawn = geometry.offset
        let animating = cell.animationEnd.map { $0 > table.now } ?? false
        let state = animating ? "moving" : cell.isOpen ? "open" : cell.isClosed ? "closed" : "moving"
        let width = table.geometry.width
        func list(_ edge: Edge) -> LuaValue {
            let frames = cell.frames(of: edge, at: table.now, width: width)
            return .list(
                zip(cell.configuration[edge].buttons, frames).map { button, frame -> LuaValue in
                    .table([
                        "id": .string(button.id), "title": .string(button.title), "x": .milliseconds(frame.x),
                        "width": .milliseconds(frame.width),
                    ])
                })
        }
        var fields: [LuaValue: LuaValue] = [
            "right": .milliseconds(cell.right), "left": .milliseconds(cell.left), "offset": .milliseconds(cell.offset),
            "state": .string(state), "buttons": list(.trailing), "leading": list(.leading),
            "height": .milliseconds(geometry.height), "y": .milliseconds(geometry.y),
        ]
        if !cell.isClosed || animating, let edge = cell.edge {
            fields["side"] = .string(edge.rawValue)
        } else if animating, drawn != 0 {
            // Closed in the model, still drawn open: the edge the drawn offset reveals.
            let edge: Edge = drawn * cell.direction.sign(of: .trailing) > 0 ? .trailing : .leading
            fields["side"] = .string(edge.rawValue)
        }
        // Where it is drawn now (springs and curves: a pure function of the virtual time), as a
        // right constant like `right` and the text table's `drawn at`.
        fields["drawn"] = .milliseconds(-drawn)
        return .table(fields)
    }

    var openRowsValue: LuaValue { .list(table.openRows.sorted().map { .integer($0) }) }
    /// The rows' items in row order, as `ctx:item` gives them: a string item as its string, a
    /// table item as a copy of its table (changing the copy changes nothing).
    var itemsValue: LuaValue {
        let items = table.items
        guard !items.values.isEmpty else { return .list(items.all.map { .string($0) }) }
        return .list(
            zip(items.all, items.allIDs).map { title, id in items.values[id]?.luaValue ?? .string(title) })
    }
    var nowValue: LuaValue { .milliseconds(table.now.milliseconds) }

    var presentedValue: LuaValue {
        guard let presented = host.presented else { return .nil }
        return .table(["title": .string(presented.title), "text": .string(presented.text)])
    }

    /// The `plugin_error` events, each with `traceback` (Lua's, from the plugin) when there is one.
    var errorValues: LuaValue {
        .list(
            errors.map { record in
                guard case .table(var fields) = Self.value(of: record), case .pluginError(let error) = record.event
                else { return .nil }
                // As the text line shows it: each line escaped (tabs kept), its indent taken off.
                let lines = (error.traceback ?? "").split(separator: "\n").map {
                    DisplayText.escaped(String($0), keeping: .tabs).drop { $0 == " " }
                }
                if !lines.isEmpty { fields["traceback"] = .string(lines.joined(separator: "\n")) }
                return .table(fields)
            })
    }
}

extension LuaValue {
    /// A Lua list (keys 1...n).
    static func list(_ values: [LuaValue]) -> LuaValue {
        .table(
            Dictionary(uniqueKeysWithValues: values.enumerated().map { (LuaValue.integer($0.offset + 1), $0.element) }))
    }

    /// A number as an integer when it is whole, so `t = 150` prints and compares as in the trace.
    static func milliseconds(_ number: Double) -> LuaValue {
        if number == number.rounded(), abs(number) < 1e15 { return .integer(Int(number)) }
        return .number(number)
    }
}
