import SwipeCore

/// A command with the 1-based line it came from.
public struct ScriptLine: Hashable, Sendable {
    public var number: Int
    public var command: GestureCommand
    /// The row id when the line's ROW was written `#ID` (`swipe #m42 -120`): the command's own
    /// row is then a placeholder (0), replaced by the row that has the id when the line runs.
    /// Nil for a ROW written as a number and for a command without a row.
    public var rowID: RowID?

    public init(number: Int, command: GestureCommand, rowID: RowID? = nil) {
        self.number = number
        self.command = command
        self.rowID = rowID
    }

    /// The line as a gesture script writes it (``GestureCommand/scriptLine(rowID:)``).
    public var scriptLine: String { command.scriptLine(rowID: rowID) }
}
