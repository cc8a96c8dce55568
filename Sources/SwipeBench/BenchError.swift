public struct BenchError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
