/// Why a message from the page was not understood: the text of the `error` message sent back.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
