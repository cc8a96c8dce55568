/// `--shard K/N`: the K-th of N parts of the tests, 1-based.
public struct TestShard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    /// The most shards a run can be split into.
    public static let maximumCount = 10_000

    /// Parses `K/N` with `1 <= K <= N <= 10000`; the error names the option and the value.
    public init(parsing text: String) throws(TestOptionError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            count >= 1, count <= Self.maximumCount, index >= 1, index <= count
        else {
            throw TestOptionError(
                "--shard must be K/N, the K-th of N shards with 1 <= K <= N <= \(Self.maximumCount), got '\(text)'")
        }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }
}
