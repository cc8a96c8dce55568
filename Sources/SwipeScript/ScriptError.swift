import SwipeCore

/// What went wrong in a script, and where: prints as `FILE:LINE: message`.
///
/// The ``cause`` keeps the facts (the table's own ``TableError`` when the table refused the
/// line), so a caller can switch on it; ``message`` is its text. Two errors are equal when they
/// name the same place and read the same, whichever way they were made.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why a line failed.
    public enum Cause: Hashable, Sendable {
        /// The line is not a valid command: an unknown command, a missing or bad argument.
        case syntax(String)
        /// The table refused the command (a row that does not exist or is off screen, ...).
        case table(TableError)
        /// A `swipe` whose duration is outside 0 ... ``ScriptRunner/maximumSwipeDuration``.
        case swipeDuration(TimeAmount)
        /// A caller's own reason, as text.
        case other(String)
    }

    public var file: String
    public var line: Int
    public var cause: Cause

    public init(file: String, line: Int, cause: Cause) {
        self.file = file
        self.line = line
        self.cause = cause
    }

    /// An error with a caller's own reason (``Cause/other(_:)``).
    public init(file: String, line: Int, message: String) {
        self.init(file: file, line: line, cause: .other(message))
    }

    /// The cause as text, without the place.
    public var message: String {
        switch cause {
        case .syntax(let text), .other(let text): text
        case .table(let error): error.description
        case .swipeDuration(let duration):
            "a swipe must last from 0 to \(TimeText.milliseconds(ScriptRunner.maximumSwipeDuration)) ms, got \(TimeText.milliseconds(duration)) ms"
        }
    }

    /// The table's refusal, when the table refused the line.
    public var tableError: TableError? {
        if case .table(let error) = cause { error } else { nil }
    }

    /// Control characters in the file name or the message are escaped (``DisplayText``).
    public var description: String { DisplayText.escaped("\(file):\(line): \(message)") }

    public static func == (a: ScriptError, b: ScriptError) -> Bool {
        a.file == b.file && a.line == b.line && a.message == b.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(message)
    }
}
