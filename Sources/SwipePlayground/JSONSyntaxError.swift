/// Where a JSON text stops being JSON: the byte offset (0-based) and what was expected there.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String

    public var description: String { "malformed JSON at byte \(offset): \(reason)" }
}
