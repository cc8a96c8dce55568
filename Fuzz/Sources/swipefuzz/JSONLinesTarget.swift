import SwipeCore
import SwipeScript

/// The jsonl writer: arbitrary events (every kind of event, plugins' own with nested fields of
/// every kind), times and table states written with `JSONLinesFormat`, straight and through a
/// `TraceRecorder` in `.jsonLines` mode; every line must be one valid JSON object, and both ways
/// must write the same bytes.
///
/// Numbers are finite: the callers refuse NaN and infinities before a value becomes a
/// `TraceValue` (a plugin's `ctx:emit`), and cell constants are finite by construction.
enum JSONLinesTarget {
    static func run(_ data: [UInt8]) {
        var input = FuzzInput(data)
        var out = OutputBuffer()
        let recorder = TraceRecorder(mode: .jsonLines)
        var records = 0
        while !input.isAtEnd, records < 64 {
            records += 1
            let time = VirtualInstant(nanoseconds: instant(&input))
            if input.choose(8) == 0 {
                var state = OutputBuffer()
                JSONLinesFormat.write(snapshot(&input), to: &state)
                JSONCheck.lines(state.bytes, what: "state line")
                continue
            }
            let event = self.event(&input)
            JSONLinesFormat.write(event, at: time, to: &out)
            recorder.record(event, at: time)
        }
        let direct = out.bytes
        let recorded = recorder.takeOutput().bytes
        JSONCheck.lines(direct, what: "JSONLinesFormat.write")
        if direct != recorded { fuzzFailure("a .jsonLines recorder wrote other bytes than JSONLinesFormat") }
        // Appending in pieces and all at once give the same text.
        var pieces = OutputBuffer()
        for byte in direct { pieces.append(byte: byte) }
        if pieces.bytes != direct { fuzzFailure("byte-wise appends differ") }
    }

    static func instant(_ input: inout FuzzInput) -> Int64 {
        switch input.choose(4) {
        case 0: return Int64(input.choose(256)) * 1_000_000
        case 1: return Int64(input.choose(256)) * 16_666_667
        case 2: return Int64(bitPattern: input.uint64() & 0x7FFF_FFFF_FFFF_FFFF)
        default: return Int64(input.choose(256)) * 1_000_000_000_000 + Int64(input.choose(256))
        }
    }

    static func event(_ input: inout FuzzInput) -> TraceEvent {
        func optional<T>(_ make: (inout FuzzInput) -> T) -> T? { input.bool() ? make(&input) : nil }
        func text(_ input: inout FuzzInput) -> String { input.string() }
        func edge(_ input: inout FuzzInput) -> Edge { input.bool() ? .leading : .trailing }
        switch input.choose(15) {
        case 0: return .open(row: int(&input))
        case 1: return .close(row: int(&input))
        case 2: return .action(row: int(&input), buttonID: input.string(), number: int(&input), title: input.string())
        case 3: return .expand(row: int(&input), side: edge(&input))
        case 4: return .collapse(row: int(&input), side: edge(&input))
        case 5: return .delete(row: int(&input), item: input.string())
        case 6: return .insert(row: int(&input), item: input.string())
        case 7: return .update(row: int(&input), item: input.string())
        case 8: return .present(title: input.string(), text: input.string())
        case 9: return .dismiss
        case 10: return .log(plugin: input.string(limit: 16), message: input.string())
        case 11:
            return .pluginError(
                PluginErrorEvent(
                    plugin: input.string(limit: 16), file: input.string(), hook: input.string(limit: 12),
                    row: optional(int),
                    field: optional(text), message: input.string(), kind: input.string(limit: 8),
                    rows: optional { input in (0..<input.choose(4)).map { _ in int(&input) } },
                    traceback: optional(text)))
        case 12:
            return .pluginWarning(
                PluginWarningEvent(
                    plugin: input.string(limit: 16), file: input.string(), line: optional(int), hook: optional(text),
                    row: optional(int),
                    field: optional(text), message: input.string()))
        case 13: return .reload(plugins: (0..<input.choose(4)).map { _ in input.string(limit: 16) })
        default:
            var fields: [TraceField] = []
            for _ in 0..<input.choose(6) { fields.append(TraceField(input.string(limit: 12), value(&input, depth: 3))) }
            return .emitted(name: input.string(limit: 16), plugin: input.string(limit: 16), fields: fields)
        }
    }

    static func int(_ input: inout FuzzInput) -> Int {
        input.bool() ? input.choose(256) : Int(Int64(bitPattern: input.uint64()))
    }

    static func value(_ input: inout FuzzInput, depth: Int) -> TraceValue {
        switch input.choose(depth > 0 ? 8 : 6) {
        case 0: return .null
        case 1: return .bool(input.bool())
        case 2: return .int(int(&input))
        case 3: return .number(input.double())
        case 4, 5: return .string(input.string())
        case 6: return .array((0..<input.choose(4)).map { _ in value(&input, depth: depth - 1) })
        default:
            return .object(
                (0..<input.choose(4)).map { _ in TraceField(input.string(limit: 8), value(&input, depth: depth - 1)) })
        }
    }

    static func snapshot(_ input: inout FuzzInput) -> TableSnapshot {
        // A real table's state, after a few fuzzed gestures (so rows and constants are real).
        let table = SwipeTable(items: .generated(count: 1 + input.choose(20)))
        for _ in 0..<input.choose(6) {
            let row = 1 + input.choose(12)
            try? table.panBegan(row: row)
            try? table.panChanged(row: row, translation: Double(Int8(bitPattern: input.byte())) * 2)
            try? table.panEnded(row: row)
            table.advance(by: .milliseconds(Int64(input.choose(256))))
        }
        return TableSnapshot(table)
    }
}
