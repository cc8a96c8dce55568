/// The results of one spec file, in the order they ran.
public struct SpecFileReport: Hashable, Sendable {
    public var path: String
    public var results: [TestResult]

    public init(path: String, results: [TestResult]) {
        self.path = path
        self.results = results
    }
}
