import SwipeCore

/// What a `tap` line names: a button by its 1-based number on the trailing edge (1 = outermost,
/// the rightmost in `ltr`), by its id (unique across the row's two edges), by its edge and number
/// (`leading:2`), or the row's content (`content`).
public enum ButtonReference: Hashable, Sendable {
    case number(Int)
    case id(String)
    case onEdge(Edge, Int)
    case content
}

/// One line of a gesture script, parsed. Rows are 1-based; distances are points; X is the
/// pan's translation since it began, like `translationInView:`.
public enum GestureCommand: Hashable, Sendable {
    /// `pan ROW begin [X]`
    case panBegin(row: Int, x: Double)
    /// `pan ROW move X`
    case panMove(row: Int, x: Double)
    /// `pan ROW end [VX]`: VX is the release velocity in points/s (negative = left); without
    /// it, the velocity of the pan's last two moves.
    case panEnd(row: Int, velocity: Double? = nil)
    /// `pan ROW cancel`
    case panCancel(row: Int)
    /// `tap ROW BUTTON` (or `tap ROW content`)
    case tap(row: Int, button: ButtonReference)
    /// `wait MS`
    case wait(TimeAmount)
    /// `scroll DY` (positive = down)
    case scroll(dy: Double)
    /// `open ROW [leading|trailing]`: the table opens the row itself (`openCell`) and records
    /// it; `side` nil: the row's default edge (trailing if it has trailing buttons).
    case open(row: Int, side: Edge? = nil)
    /// `close ROW`: the table closes the row itself and forgets it.
    case close(row: Int)
    /// `swipe ROW DX [MS]`: begin, a move every 16 ms to DX over MS, end.
    case swipe(row: Int, dx: Double, duration: TimeAmount)
}

/// A command with the 1-based line it came from.
public struct ScriptLine: Hashable, Sendable {
    public var number: Int
    public var command: GestureCommand

    public init(number: Int, command: GestureCommand) {
        self.number = number
        self.command = command
    }
}

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
