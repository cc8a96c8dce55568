/// The results of one spec file, in the order they ran.
public struct SpecFileReport: Hashable, Sendable {
    public var path: String
    public var results: [TestResult]
    /// The snapshot files its tests wrote (new ones) and rewrote (`--update-snapshots`).
    public var snapshotsWritten: [String] = []
    public var snapshotsUpdated: [String] = []
    /// Every snapshot file its tests compared (or wrote), whatever came of it.
    public var snapshotsChecked: [String] = []
    /// Whether the file loaded and the selection (`--filter`, `--tags`, `--shard`...) left out
    /// none of its tests: only then can the run tell which of its snapshots no test takes.
    public var ranEveryTest = false

    public init(path: String, results: [TestResult], snapshotsWritten: [String] = [], snapshotsUpdated: [String] = []) {
        self.path = path
        self.results = results
        self.snapshotsWritten = snapshotsWritten
        self.snapshotsUpdated = snapshotsUpdated
    }
}
