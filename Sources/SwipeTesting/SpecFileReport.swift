/// The results of one spec file, in the order they ran.
public struct SpecFileReport: Hashable, Sendable {
    public var path: String
    public var results: [TestResult]
    /// The snapshot files its tests wrote (new ones) and rewrote (`--update-snapshots`).
    public var snapshotsWritten: [String] = []
    public var snapshotsUpdated: [String] = []

    public init(path: String, results: [TestResult], snapshotsWritten: [String] = [], snapshotsUpdated: [String] = []) {
        self.path = path
        self.results = results
        self.snapshotsWritten = snapshotsWritten
        self.snapshotsUpdated = snapshotsUpdated
    }
}
