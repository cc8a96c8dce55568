import SwipeScript

/// JUnit XML as CI servers read it: `<testsuites>`, a `<testsuite>` per spec file, a
/// `<testcase>` per test with `<failure>` (an assertion failed), `<error>` (an error ended it: a
/// Lua error, a spent budget, a spec file that did not load or run) or `<skipped/>`.
public enum JUnitReport {
    public static func render(_ reports: [SpecFileReport]) -> String {
        let summary = TestSummary(reports)
        let errors = errorCount(reports.flatMap(\.results))
        let total = reports.reduce(0.0) { $0 + $1.results.reduce(0.0) { $0 + $1.seconds } }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"swipehost test\" tests=\"\(summary.passed + summary.failed + summary.skipped)\" failures=\"\(summary.failed - errors)\" errors=\"\(errors)\" skipped=\"\(summary.skipped)\" time=\"\(seconds(total))\">\n"
        for report in reports {
            let counts = TestSummary([report])
            let errors = errorCount(report.results)
            let time = report.results.reduce(0.0) { $0 + $1.seconds }
            out +=
                "  <testsuite name=\"\(XMLText.escaped(report.path))\" tests=\"\(report.results.count)\" failures=\"\(counts.failed - errors)\" errors=\"\(errors)\" skipped=\"\(counts.skipped)\" time=\"\(seconds(time))\">\n"
            let classname = XMLText.escaped(
                report.path.hasSuffix(".lua") ? String(report.path.dropLast(4)).replacingSlashes() : report.path)
            for result in report.results {
                out +=
                    "    <testcase classname=\"\(classname)\" name=\"\(XMLText.escaped(result.name))\" file=\"\(XMLText.escaped(result.file))\" line=\"\(result.line)\" time=\"\(seconds(result.seconds))\""
                switch result.status {
                case .passed:
                    out += "/>\n"
                case .skipped:
                    out += ">\n      <skipped message=\"\(XMLText.escaped(result.message))\"/>\n    </testcase>\n"
                case .failed:
                    let first = result.message.reportLines.first(where: { !$0.isEmpty }).map(String.init) ?? ""
                    let element = result.isError ? "error" : "failure"
                    out +=
                        ">\n      <\(element) message=\"\(XMLText.escaped(first))\" type=\"\(element)\">\(XMLText.escaped(result.message, attribute: false))</\(element)>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func errorCount(_ results: [TestResult]) -> Int {
        results.count { $0.status == .failed && $0.isError }
    }

    /// A duration with three decimals; one that is not a finite number from 0 to a billion
    /// seconds (no test runs that long) is shown clamped to that range instead of trapping.
    static func seconds(_ value: Double) -> String {
        let thousandths = milliseconds(value)
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A duration in whole milliseconds, clamped as ``seconds(_:)`` says (the JSON report's too).
    static func milliseconds(_ value: Double) -> Int {
        let clamped = value.isNaN ? 0 : min(max(value, 0), 1e9)
        return Int((clamped * 1000).rounded())
    }
}
