import SwipeCore

/// Parses gesture scripts line by line, straight from their UTF-8 bytes.
///
/// `#` starts a comment; blank lines are skipped; words are separated by spaces or tabs.
/// The parser allocates nothing per line but the ids of `tap` lines.
public struct ScriptParser: Sendable {
    /// The name errors are reported under (a path, or `<stdin>`).
    public var fileName: String

    public init(fileName: String) {
        self.fileName = fileName
    }

    /// Every command of `text`, or the first error.
    public func parse(_ text: String) throws(ScriptError) -> [ScriptLine] {
        var lines: [ScriptLine] = []
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { (buffer) throws(ScriptError) in
            try forEachCommand(in: buffer) { lines.append($0) }
        }
        return lines
    }

    /// Calls `body` with each command of `bytes`, in order; stops at the first error.
    public func forEachCommand(
        in bytes: UnsafeBufferPointer<UInt8>,
        _ body: (ScriptLine) throws(ScriptError) -> Void
    ) throws(ScriptError) {
        var lineStart = 0
        var lineNumber = 0
        let end = bytes.count
        while lineStart < end {
            lineNumber += 1
            let tokens = Tokens(bytes, lineAt: lineStart)
            if tokens.count > 0 {
                do {
                    let command = try Self.command(tokens)
                    try body(ScriptLine(number: lineNumber, command: command))
                } catch let error as LineError {
                    throw ScriptError(file: fileName, line: lineNumber, cause: .syntax(error.message))
                } catch let error as ScriptError {
                    throw error
                } catch {
                    throw ScriptError(file: fileName, line: lineNumber, message: "\(error)")
                }
            }
            lineStart = tokens.lineEnd + 1
        }
    }

    /// A problem in one line, before the file and line are known.
    struct LineError: Error {
        var message: String
    }

    /// How long the clock's range is, in words.
    static let clockRange = "about 285 years"

    static let usage = "pan ROW begin [X] | pan ROW move X | pan ROW end | pan ROW cancel | tap ROW BUTTON | wait MS | scroll DY | open ROW | close ROW | swipe ROW DX [MS]"

    static func command(_ t: Tokens) throws -> GestureCommand {
        if t.matches(0, "pan") {
            try t.expectCount(3...4, form: "pan ROW begin [X] | move X | end | cancel")
            let row = try t.row(1)
            if t.matches(2, "move") {
                try t.expectCount(4...4, form: "pan ROW move X")
                return .panMove(row: row, x: try t.number(3, name: "X"))
            } else if t.matches(2, "begin") {
                return .panBegin(row: row, x: t.count == 4 ? try t.number(3, name: "X") : 0)
            } else if t.matches(2, "end") {
                try t.expectCount(3...3, form: "pan ROW end")
                return .panEnd(row: row)
            } else if t.matches(2, "cancel") {
                try t.expectCount(3...3, form: "pan ROW cancel")
                return .panCancel(row: row)
            }
            throw LineError(message: "unknown pan action '\(t.quoted(2))' (expected begin, move, end or cancel)")
        }
        if t.matches(0, "wait") {
            try t.expectCount(2...2, form: "wait MS")
            return .wait(try t.duration(1, name: "MS", limit: .maximum, what: "the virtual clock's range, \(Self.clockRange)"))
        }
        return try otherCommand(t)
    }

    static func otherCommand(_ t: Tokens) throws -> GestureCommand {
        if t.matches(0, "tap") {
            try t.expectCount(3...3, form: "tap ROW BUTTON")
            let row = try t.row(1)
            if let number = t.integer(2) {
                guard number >= 1 else {
                    throw LineError(message: "BUTTON must be a button id or a number >= 1 (1 = rightmost), got '\(t.quoted(2))'")
                }
                return .tap(row: row, button: .number(number))
            }
            return .tap(row: row, button: .id(t.word(2)))
        }
        switch t.word(0) {
        case "scroll":
            try t.expectCount(2...2, form: "scroll DY")
            return .scroll(dy: try t.number(1, name: "DY"))
        case "open":
            try t.expectCount(2...2, form: "open ROW")
            return .open(row: try t.row(1))
        case "close":
            try t.expectCount(2...2, form: "close ROW")
            return .close(row: try t.row(1))
        case "swipe":
            try t.expectCount(3...4, form: "swipe ROW DX [MS]")
            let row = try t.row(1)
            let dx = try t.number(2, name: "DX")
            let duration =
                t.count == 4
                ? try t.duration(3, name: "MS", limit: ScriptRunner.maximumSwipeDuration, what: "the longest swipe")
                : .milliseconds(150 as Int64)
            return .swipe(row: row, dx: dx, duration: duration)
        default:
            throw LineError(message: "unknown command '\(t.quoted(0))' (expected \(usage))")
        }
    }
}
