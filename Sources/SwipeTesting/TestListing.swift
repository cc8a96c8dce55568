/// A test the selection chose, where its `it` is (`--list`).
public struct TestListing: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var name: String
}
