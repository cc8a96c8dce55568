import SwipeCore

/// A command with the 1-based line it came from.
public struct ScriptLine: Hashable, Sendable {
    public var number: Int
    public var command: GestureCommand

    public init(number: Int, command: GestureCommand) {
        self.number = number
        self.command = command
    }
}
