/// A spec file that did not load (or whose tests could not be planned).
public struct SpecLoadFailure: Error, Hashable, Sendable {
    public var path: String
    public var message: String
    public var seconds: Double

    /// The failure as the one failed result a run reports for the file.
    public var report: SpecFileReport {
        SpecFileReport(
            path: path,
            results: [
                TestResult(
                    file: path, line: 0, name: "\(path) (did not load)", status: .failed, message: message,
                    seconds: seconds, isError: true)
            ])
    }
}
