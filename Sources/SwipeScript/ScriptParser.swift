import SwipeCore

/// Parses gesture scripts line by line, straight from their UTF-8 bytes.
///
/// `#` starts a comment, but for a ROW written `#ID` (the second word: `swipe #m42 -120`);
/// blank lines are skipped; words are separated by spaces or tabs.
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

    /// How many bytes of a script pass between two calls of a `progress` closure.
    public static let progressStride = 1 << 22

    /// Calls `body` with each command of `bytes`, in order; stops at the first error. `progress`,
    /// when given, is called each time about ``progressStride`` more bytes have been run, with
    /// how many precede the line about to be parsed (every line before them is done).
    public func forEachCommand(
        in bytes: UnsafeBufferPointer<UInt8>,
        progress: ((Int) -> Void)? = nil,
        _ body: (ScriptLine) throws(ScriptError) -> Void
    ) throws(ScriptError) {
        var lineStart = 0
        var lineNumber = 0
        let end = bytes.count
        var nextProgress = progress == nil ? Int.max : Self.progressStride
        var tokens = Tokens(bytes)
        while lineStart < end {
            if lineStart >= nextProgress {
                progress?(lineStart)
                nextProgress = lineStart + Self.progressStride
            }
            lineNumber += 1
            tokens.scan(lineAt: lineStart)
            if tokens.count > 0 {
                do {
                    let command = try Self.command(tokens)
                    // A ROW written `#ID` gives the command row 0, a placeholder (rows are 1-based).
                    if tokens.hasRowID {
                        try Self.run(command, onRowIDOf: tokens, lineNumber: lineNumber, body)
                    } else {
                        try body(ScriptLine(number: lineNumber, command: command))
                    }
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

    /// What VX may be, in messages.
    static let velocityRange =
        "a release velocity from -\(NumberText.describe(ReleasePhysics.maximumVelocity)) to \(NumberText.describe(ReleasePhysics.maximumVelocity)) points/s"

    static let usage =
        "pan ROW begin [X] | pan ROW move X | pan ROW end [VX] | pan ROW cancel | tap ROW BUTTON | wait MS | scroll DY | open ROW [SIDE] | close ROW | swipe ROW DX [MS] | dismiss | activate ROW ID | actions ROW"

    /// Calls `body` with the line whose ROW is written `#ID`, with its ``ScriptLine/rowID``. Out
    /// of line: a line with a numeric row pays nothing for it.
    @inline(never)
    static func run(
        _ command: GestureCommand, onRowIDOf t: Tokens, lineNumber: Int,
        _ body: (ScriptLine) throws(ScriptError) -> Void
    ) throws {
        try body(ScriptLine(number: lineNumber, command: command, rowID: try t.rowID(1)))
    }

    /// The line's command; a ROW written `#ID` gives row 0, a placeholder (the id is the line's
    /// ``ScriptLine/rowID``, found when the line runs).
    static func command(_ t: Tokens) throws -> GestureCommand {
        if t.matches(0, "pan") {
            try t.expectCount(3...4, form: "pan ROW begin [X] | move X | end [VX] | cancel")
            let row = try t.row(1)
            if t.matches(2, "move") {
                try t.expectCount(4...4, form: "pan ROW move X")
                return .panMove(row: row, x: try t.number(3, name: "X"))
            } else if t.matches(2, "begin") {
                return .panBegin(row: row, x: t.count == 4 ? try t.number(3, name: "X") : 0)
            } else if t.matches(2, "end") {
                try t.expectCount(3...4, form: "pan ROW end [VX]")
                guard t.count == 4 else { return .panEnd(row: row) }
                let velocity = try t.number(3, name: "VX", bounds: Self.velocityRange, form: "pan ROW end [VX]")
                guard abs(velocity) <= ReleasePhysics.maximumVelocity else {
                    throw LineError(message: "VX must be \(Self.velocityRange), got \(NumberText.describe(velocity))")
                }
                return .panEnd(row: row, velocity: velocity)
            } else if t.matches(2, "cancel") {
                try t.expectCount(3...3, form: "pan ROW cancel")
                return .panCancel(row: row)
            }
            throw LineError(message: "unknown pan action '\(t.quoted(2))' (expected begin, move, end or cancel)")
        }
        if t.matches(0, "wait") {
            try t.expectCount(2...2, form: "wait MS")
            return .wait(
                try t.duration(1, name: "MS", limit: .maximum, what: "the virtual clock's range, \(Self.clockRange)"))
        }
        return try otherCommand(t)
    }

    static func otherCommand(_ t: Tokens) throws -> GestureCommand {
        if t.matches(0, "tap") {
            try t.expectCount(3...3, form: "tap ROW BUTTON")
            let row = try t.row(1)
            if let number = t.integer(2) {
                guard number >= 1 else {
                    throw LineError(
                        message: "BUTTON must be a button id or a number >= 1 (1 = rightmost), got '\(t.quoted(2))'")
                }
                return .tap(row: row, button: .number(number))
            }
            if t.matches(2, "content") { return .tap(row: row, button: .content) }
            let word = t.word(2)
            for edge in Edge.allCases where word.hasPrefix(edge.rawValue + ":") {
                guard let number = Int(word.dropFirst(edge.rawValue.count + 1)), number >= 1 else {
                    throw LineError(
                        message:
                            "BUTTON '\(t.quoted(2))': after '\(edge.rawValue):' comes a button number >= 1 (1 = outermost)"
                    )
                }
                return .tap(row: row, button: .onEdge(edge, number))
            }
            return .tap(row: row, button: .id(word))
        }
        switch t.word(0) {
        case "scroll":
            try t.expectCount(2...2, form: "scroll DY")
            return .scroll(dy: try t.number(1, name: "DY"))
        case "open":
            try t.expectCount(2...3, form: "open ROW [SIDE]")
            let row = try t.row(1)
            guard t.count == 3 else { return .open(row: row) }
            guard let side = Edge(rawValue: t.word(2)) else {
                throw LineError(message: "SIDE must be 'leading' or 'trailing', got '\(t.quoted(2))'")
            }
            return .open(row: row, side: side)
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
        case "dismiss":
            try t.expectCount(1...1, form: "dismiss")
            return .dismiss
        case "activate":
            try t.expectCount(3...3, form: "activate ROW ID")
            return .activate(row: try t.row(1), button: t.word(2))
        case "actions":
            try t.expectCount(2...2, form: "actions ROW")
            return .actions(row: try t.row(1))
        default:
            let hint = closestMatch(to: t.word(0), among: commandNames).map { " (did you mean '\($0)'?)" } ?? ""
            throw LineError(message: "unknown command '\(t.quoted(0))'\(hint) (expected \(usage))")
        }
    }

    /// The first words a line may start with, for the "did you mean" of an unknown one.
    static let commandNames = [
        "pan", "tap", "wait", "scroll", "open", "close", "swipe", "dismiss", "activate", "actions",
    ]
}

/// The plugins and options a script names in its header: `# plugin: PATH` and `# options: ...`
/// lines among the comment (and blank) lines at its top, before its first command. A path is
/// relative to the script's folder (``resolve(_:script:)``); `swipehost run` loads them when it
/// is given no `--plugin` or `--plugins`, and takes the options before its own, so that a
/// script runs by itself. Later `# plugin:` and `# options:` lines are plain comments.
public struct ScriptHeader: Hashable, Sendable {
    /// A `# plugin:` line: its 1-based number and the path as written (spaces around it trimmed).
    public struct Plugin: Hashable, Sendable {
        public var line: Int
        public var path: String

        public init(line: Int, path: String) {
            self.line = line
            self.path = path
        }
    }

    public var plugins: [Plugin] = []

    /// A `# options:` line: its 1-based number and its words, the options of `swipehost run`
    /// that the script needs (`--preset mail`, `--direction rtl`); options given on the command
    /// line come after them, so they win.
    public struct Options: Hashable, Sendable {
        public var line: Int
        public var words: [String]

        public init(line: Int, words: [String]) {
            self.line = line
            self.words = words
        }
    }

    public var options: [Options] = []

    /// Reads the header of a script's bytes (only its top comment lines are looked at).
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var lineStart = 0
        var lineNumber = 0
        while lineStart < bytes.count {
            lineNumber += 1
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var text = Substring(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self))
            text = text.drop { Self.isSpace($0) }
            if !text.isEmpty {
                guard text.first == "#" else { return }  // the first command ends the header
                let comment = text.dropFirst().drop { Self.isSpace($0) }
                if comment.hasPrefix(Self.pluginKey) {
                    var path = comment.dropFirst(Self.pluginKey.count).drop { Self.isSpace($0) }
                    while let last = path.last, Self.isSpace(last) { path = path.dropLast() }
                    plugins.append(Plugin(line: lineNumber, path: String(path)))
                } else if comment.hasPrefix(Self.optionsKey) {
                    let words = comment.dropFirst(Self.optionsKey.count).split(whereSeparator: Self.isSpace).map(
                        String.init)
                    options.append(Options(line: lineNumber, words: words))
                }
            }
            lineStart = lineEnd + 1
        }
    }

    public init(_ text: String) {
        let bytes = Array(text.utf8)
        self = bytes.withUnsafeBufferPointer { ScriptHeader($0) }
    }

    static let pluginKey = "plugin:"
    static let optionsKey = "options:"

    private static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\r"
    }

    /// `path` as seen from the current folder: an absolute path as it is, a relative one joined
    /// to the folder of `script` (the current folder for `<stdin>` or a bare file name), with
    /// `.` and `name/..` taken out (`examples/../plugins/mail.lua` is `plugins/mail.lua`).
    public static func resolve(_ path: String, script: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        guard script != "<stdin>", let slash = script.lastIndex(of: "/") else { return normalized(path) }
        return normalized(String(script[...slash]) + path)
    }

    /// A path with `.` and `name/..` components and repeated slashes taken out, lexically (as
    /// `..` reads in the text, not through symbolic links).
    public static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue  // `/..` is `/`
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
