import Glibc
import SwipeCore
import SwipeScript

extension Session {
    /// Every input applied so far as a gesture script: a comment header (when it was recorded,
    /// the `swipehost run` command line that replays it, a `# plugin: PATH` line for each
    /// plugin loaded from a file, by its absolute path, and an `# options:` line with the
    /// session's options, so that `swipehost run FILE` alone replays it), then the commands in script syntax
    /// with a `wait MS` line (exact) for each move of the clock between them and up to now, and
    /// a `# reload: NAMES` comment where the plugins were reloaded. Refused commands are left
    /// out. See `docs/session.md`.
    public func recordedScript() -> String {
        var lines = ["# Recorded by a swipehost session started \(started)."]
        lines.append("# replay with: swipehost run FILE" + replayOptions())
        lines += notReplayable().map { "# " + $0 }
        if recordingStop != nil { lines.append("# " + stoppedNote) }
        for path in filePlugins { lines.append("# plugin: \(path)") }
        // `swipehost run FILE` alone replays it with the session's options.
        let options = replayOptions(plugins: false)
        if !options.isEmpty { lines.append("# options:" + options) }
        for input in recordedInputs() {
            switch input {
            case .command(let command, let rowID): lines.append(command.scriptLine(rowID: rowID))
            case .reload(let names): lines.append("# reload: " + names.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A busted-style spec (`describe`/`it`, luassert) that builds `swipe.table{...}` with the
    /// session's plugins (by absolute path) and options, replays ``recordedScript()``'s commands
    /// with `t:run`, and asserts the exact list of events the session recorded (but `reload`
    /// events, which a replay does not make). Repeated `configure` errors are summed up first
    /// (``PluginHost/reportRepeatedFailures()``), as the driver's `t:events()` does.
    public func recordedSpec(name: String) -> String {
        host.reportRepeatedFailures()
        forward()
        let script = recordedInputs().compactMap { input -> String? in
            if case .command(let command, let rowID) = input { return command.scriptLine(rowID: rowID) }
            return nil
        }.joined(separator: "\n")
        let kept = host.recorder.records.prefix(recordingStop?.records ?? host.recorder.records.count)
        let events = kept.filter { !Self.isReload($0.event) }
        let allowErrors = kept.contains { Self.isPluginError($0.event) }
        var out = "-- Recorded by a swipehost session started \(started): replays its gestures and checks the\n"
        out += "-- events it saw. Run it with: swipehost test FILE\n"
        for problem in notReplayable() { out += "-- \(problem)\n" }
        if recordingStop != nil { out += "-- \(stoppedNote)\n" }
        if inputs.contains(where: { if case .reload = $0 { true } else { false } }) {
            out += "-- The plugins were reloaded during the session: the replay runs the code as it is now.\n"
        }
        out += "local swipe = require(\"swipe\")\n\n"
        out += "describe(\(LuaLiteral.string(name)), function()\n"
        out += "  it(\"replays the recorded gestures and sees the same events\", function()\n"
        out +=
            "    local t = swipe.table "
            + currentConfiguration.tableFields(allowErrors ? ["plugin_errors = \"allow\""] : []) + "\n"
        let level = LuaLiteral.longBracketLevel(for: script)
        let equals = String(repeating: "=", count: level)
        out += "    t:run([\(equals)[\n\(script)\n]\(equals)])\n"
        out += "    assert.are.same({\n"
        for record in events { out += "      " + LuaLiteral.table(SessionRecordFields.fields(of: record)) + ",\n" }
        out += "    }, t:events())\n"
        out += "  end)\n"
        out += "end)\n"
        return out
    }

    /// The commands applied so far as gesture script lines (one a line, a `wait` for each move of
    /// the clock between them and up to now, no header): replayed on a session made with the
    /// same configuration, they make the same events. What `t:render` hands `swipehost render`'s
    /// code. Nil when the session records no inputs, or its recording stopped
    /// (``maximumRecordedInputs``).
    public var recordedCommands: String? {
        guard recordsInputs, recordingStop == nil else { return nil }
        return recordedInputs().compactMap { input -> String? in
            if case .command(let command, let rowID) = input { return command.scriptLine(rowID: rowID) + "\n" }
            return nil
        }.joined()
    }

    /// The inputs, with a last `wait` up to now, or up to where the recording stopped (`wait 0`
    /// when what was due at the clock's last value ran without it moving: ``Session/advance(to:)``).
    func recordedInputs() -> [Input] {
        var all = inputs
        let end = recordingStop?.clock ?? now
        if end > recordedClock || (recordingStop == nil && ranDueAtRecordedClock) {
            all.append(.command(.wait(end - recordedClock)))
        }
        return all
    }

    /// The header's line for a recording that stopped.
    var stoppedNote: String {
        "the recording stopped at \(Self.maximumRecordedInputs) inputs (the most a session records): the session's later inputs are not in it"
    }

    /// The file plugins now in charge, by absolute path (a script's `# plugin:` lines).
    var filePlugins: [String] { givenFilePlugins.map { ScriptHeader.normalized(FileReading.absolutePath($0)) } }

    /// The file plugins now in charge, by their paths as given: the replay's `--plugin` options
    /// and the spec's `plugins` (the messages of plugin errors and warnings name them so).
    var givenFilePlugins: [String] { currentConfiguration.pluginPaths }

    /// What a replay cannot reproduce from a file and the command line.
    func notReplayable() -> [String] {
        var notes: [String] = []
        for case .source(let name, _) in plugins {
            notes.append(
                "plugin '\(DisplayText.escaped(name))' was loaded from text, not a file: a replay needs it saved and named with --plugin"
            )
        }
        if configuration.items != .generated(count: configuration.items.count) {
            notes.append(
                "the session's items were given by its program, not generated: a replay shows generated ones unless a plugin provides them"
            )
        }
        if configuration.geometry.rowHeight != TableGeometry().rowHeight {
            notes.append(
                "rows were \(TextNumber.plain(configuration.geometry.rowHeight)) points tall: a replay's are 44")
        }
        return notes
    }

    /// The configuration now in charge: the session's, with the plugins of its last reload.
    var currentConfiguration: SessionConfiguration {
        var current = configuration
        current.plugins = plugins
        return current
    }

    /// ` --plugin P ... --preset ... --direction ... --rows N ...`: what is not the default
    /// (``SessionConfiguration/arguments(plugins:)``), as words of a shell command line.
    func replayOptions(plugins: Bool = true) -> String {
        currentConfiguration.arguments(plugins: plugins).map { " " + Self.shellWord($0) }.joined()
    }

    /// `path` as one word of a shell command line (quoted when it needs to be).
    static func shellWord(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:,@".contains($0)) }
        return plain && !path.isEmpty ? path : "'" + path.replacingAll("'", with: "'\\''") + "'"
    }

    static func isReload(_ event: TraceEvent) -> Bool {
        if case .reload = event { return true }
        return false
    }

    static func isPluginError(_ event: TraceEvent) -> Bool {
        if case .pluginError = event { return true }
        return false
    }
}

/// A record's fields as the jsonl trace and the test driver have them: `event` first, `t` last.
enum SessionRecordFields {
    static func fields(of record: TraceRecord) -> [TraceField] {
        var fields = [TraceField("event", .string(record.event.name))] + record.event.fields
        if let side = record.side { fields.append(TraceField("side", .string(side.rawValue))) }
        if record.full { fields.append(TraceField("full", .bool(true))) }
        if record.accessibility { fields.append(TraceField("accessibility", .bool(true))) }
        if let velocity = record.velocity { fields.append(TraceField("velocity", .number(velocity))) }
        fields.append(TraceField("t", .number(record.time.milliseconds)))
        return fields
    }
}

/// Lua source text for values: what a recorded spec (and `swipehost explore`'s) writes.
public enum LuaLiteral {
    public static func string(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\n"): out += "\\n"
            case UInt8(ascii: "\t"): out += "\\t"
            case UInt8(ascii: "\r"): out += "\\r"
            case 0..<32, 127: out += "\\" + String(byte / 100) + String(byte / 10 % 10) + String(byte % 10)
            default: out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        // Bytes >= 128 were appended as Latin-1 scalars: put the UTF-8 back.
        return String(decoding: out.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self) + "\""
    }

    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }

    static func value(_ value: TraceValue) -> String? {
        switch value {
        case .null: nil
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .number(let number): Self.number(number)
        case .string(let text): string(text)
        case .array(let values): "{ " + values.map { Self.value($0) ?? "nil" }.joined(separator: ", ") + " }"
        case .object(let fields): table(fields)
        }
    }

    /// `{ key = value, ... }`; null fields are left out (nil in Lua).
    static func table(_ fields: [TraceField]) -> String {
        let parts = fields.compactMap { field -> String? in
            guard let value = value(field.value) else { return nil }
            let isName =
                field.key.first.map { $0.isLetter || $0 == "_" } == true
                && field.key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                && !keywords.contains(field.key)
            return (isName ? field.key : "[\(string(field.key))]") + " = " + value
        }
        return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
        "not", "or",
        "repeat", "return", "then", "true", "until", "while",
    ]

    /// The level of a long bracket (`[==[ ... ]==]`) that `text` does not close.
    /// Found in the bytes, as Lua reads them: by characters, `]]` followed by a combining
    /// character (an id's) is not found, and the string ended there.
    public static func longBracketLevel(for text: String) -> Int {
        let bytes = Array(text.utf8)
        var level = 0
        while contains(bytes, Array(("]" + String(repeating: "=", count: level) + "]").utf8)) { level += 1 }
        return level
    }

    private static func contains(_ bytes: [UInt8], _ closing: [UInt8]) -> Bool {
        guard bytes.count >= closing.count else { return false }
        for start in 0...(bytes.count - closing.count) where bytes[start] == closing[0] {
            if bytes[start..<(start + closing.count)].elementsEqual(closing) { return true }
        }
        return false
    }
}

/// Numbers in recordings' comments and options.
enum TextNumber {
    static func plain(_ value: Double) -> String { ScriptNumber.plain(value) }
}

/// The wall clock, read once per session for its recording's header.
enum WallClock {
    /// Now in UTC, as `2026-11-23T16:02:09Z`.
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
