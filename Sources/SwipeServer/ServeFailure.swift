/// Why the server could not serve (a port in use, an address that is not this machine's).
public struct ServeFailure: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
