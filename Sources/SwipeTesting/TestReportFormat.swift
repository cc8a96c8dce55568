/// How `swipehost test` prints its results.
public enum TestReportFormat: String, CaseIterable, Sendable {
    /// One readable line per test, failures with their message, then the counts.
    case text
    /// TAP version 13 (the counts go to standard error).
    case tap
    /// JUnit XML, one `<testsuite>` per spec file (the counts go to standard error).
    case junit
    /// One JSON object in busted's `-o json` shape (the counts go to standard error).
    case json

    /// The whole report (for `text`, the counts line is its last line).
    public func render(_ reports: [SpecFileReport]) -> String {
        switch self {
        case .text: TextReport.render(reports) + TestSummary(reports).line + "\n"
        case .tap: TAPReport.render(reports)
        case .junit: JUnitReport.render(reports)
        case .json: JSONReport.render(reports)
        }
    }
}
