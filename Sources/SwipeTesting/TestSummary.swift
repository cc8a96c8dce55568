/// Counts over a whole run.
public struct TestSummary: Hashable, Sendable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0

    public init(_ reports: [SpecFileReport]) {
        for result in reports.flatMap(\.results) {
            switch result.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            }
        }
    }

    /// `N passed, N failed` (`, N skipped` when there are any).
    public var line: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
