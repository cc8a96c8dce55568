import SwipeCore

/// A whole `swipehost run`: a fresh table, the script run on it, and the trace printed into a
/// buffer as it happens, so that a script that fails part-way prints nothing but its error.
public struct HeadlessRun {
    public var fileName: String
    public var items: TableItems
    public var geometry: TableGeometry
    public var format: OutputFormat
    public var direction: LayoutDirection
    public var options: TableBehaviorOptions

    public init(
        fileName: String, items: TableItems = .generated(count: TableGeometry.defaultRows),
        geometry: TableGeometry = TableGeometry(), format: OutputFormat = .text,
        direction: LayoutDirection = .ltr, options: TableBehaviorOptions = TableBehaviorOptions()
    ) {
        self.fileName = fileName
        self.items = items
        self.geometry = geometry
        self.format = format
        self.direction = direction
        self.options = options
    }

    /// Runs `script` (UTF-8 bytes) and returns what to print.
    public func run(script: UnsafeBufferPointer<UInt8>) throws(ScriptError) -> OutputBuffer {
        let table = SwipeTable(items: items, geometry: geometry, direction: direction, options: options)
        let recorder = TraceRecorder(mode: format == .jsonl ? .jsonLines : .textLines)
        table.delegate = recorder
        let runner = ScriptRunner(table: table, fileName: fileName)
        try ScriptParser(fileName: fileName).forEachCommand(in: script) { (line) throws(ScriptError) in
            try runner.run(line)
        }
        return Self.render(recorder, TableSnapshot(table), format: format, width: geometry.width)
    }

    public func run(script: String) throws(ScriptError) -> OutputBuffer {
        let bytes = Array(script.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ScriptError) in try run(script: buffer) }
    }

    /// The trace `recorder` kept or wrote, and the final state, in `format` (`colored`: text
    /// for a terminal, see ``TextColor``; jsonl is never coloured).
    public static func render(
        _ recorder: TraceRecorder, _ snapshot: TableSnapshot, format: OutputFormat, width: Double, colored: Bool = false
    ) -> OutputBuffer {
        switch recorder.mode {
        case .records:
            return render(recorder.records, snapshot, format: format, width: width, colored: colored)
        case .jsonLines:
            precondition(format == .jsonl, "a .jsonLines recorder kept no records to render as \(format)")
            var out = recorder.takeOutput()
            JSONLinesFormat.write(snapshot, to: &out)
            return out
        case .textLines:
            precondition(format == .text, "a .textLines recorder kept no records to render as \(format)")
            var out = recorder.takeOutput()
            // A trace with no record wrote nothing: the same bytes as the line put before none.
            if out.count == 0 { out.append("(no delegate calls)\n") }
            TextFormat.write(snapshot, width: width, to: &out, colored: colored)
            return out
        }
    }

    /// The trace and the final state in `format`.
    public static func render(
        _ records: [TraceRecord], _ snapshot: TableSnapshot, format: OutputFormat, width: Double, colored: Bool = false
    ) -> OutputBuffer {
        var out = OutputBuffer()
        // About what a record takes as a jsonl line: one allocation instead of a doubling series.
        out.reserve(records.count * 48 + 256)
        switch format {
        case .jsonl:
            for record in records { JSONLinesFormat.write(record, to: &out) }
            JSONLinesFormat.write(snapshot, to: &out)
        case .text:
            if records.isEmpty { out.append("(no delegate calls)\n") }
            for record in records { TextFormat.write(record, to: &out, colored: colored) }
            TextFormat.write(snapshot, width: width, to: &out, colored: colored)
        }
        return out
    }
}
