/// How `swipehost test` prints its results.
public enum TestReportFormat: String, CaseIterable, Sendable {
    /// One readable line per test, failures with their message, then the counts.
    case text
    /// TAP version 13 (the counts go to standard error).
    case tap
    /// JUnit XML, one `<testsuite>` per spec file (the counts go to standard error).
    case junit

    /// The whole report (for `text`, the counts line is its last line).
    public func render(_ reports: [SpecFileReport]) -> String {
        switch self {
        case .text: TextReport.render(reports) + TestSummary(reports).line + "\n"
        case .tap: TAPReport.render(reports)
        case .junit: JUnitReport.render(reports)
        }
    }
}

/// `PASS  name (file:line)`, `FAIL ...` with the message indented below, `SKIP ...`.
public enum TextReport {
    public static func render(_ reports: [SpecFileReport]) -> String {
        reports.map(render).joined()
    }

    public static func render(_ report: SpecFileReport) -> String {
        var out = ""
        for result in report.results {
            let tag = switch result.status {
            case .passed: "PASS"
            case .failed: "FAIL"
            case .skipped: "SKIP"
            }
            let place = result.line > 0 ? "\(result.file):\(result.line)" : result.file
            out += "\(tag)  \(result.name) (\(place))\n"
            if result.status == .failed {
                for line in result.message.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += "      \(line)\n"
                }
            }
        }
        return out
    }
}

/// TAP version 13: `ok N - name`, failures with a YAML block (`message`, `at`).
public enum TAPReport {
    public static func render(_ reports: [SpecFileReport]) -> String {
        let results = reports.flatMap(\.results)
        var out = "TAP version 13\n1..\(results.count)\n"
        for (offset, result) in results.enumerated() {
            let number = offset + 1
            let name = result.name.replacingNewlines().replacingHashes()
            switch result.status {
            case .passed:
                out += "ok \(number) - \(name)\n"
            case .skipped:
                out += "ok \(number) - \(name) # SKIP \(result.message.replacingNewlines().replacingHashes())\n"
            case .failed:
                out += "not ok \(number) - \(name)\n"
                out += "  ---\n"
                out += "  message: |-\n"
                for line in result.message.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += "    \(line)\n"
                }
                out += "  at: \"\(result.file):\(result.line)\"\n"
                out += "  ...\n"
            }
        }
        return out
    }
}

/// JUnit XML as CI servers read it: `<testsuites>`, a `<testsuite>` per spec file, a
/// `<testcase>` per test with `<failure>` (an assertion failed), `<error>` (an error ended it: a
/// Lua error, a spent budget, a spec file that did not load or run) or `<skipped/>`.
public enum JUnitReport {
    public static func render(_ reports: [SpecFileReport]) -> String {
        let summary = TestSummary(reports)
        let errors = errorCount(reports.flatMap(\.results))
        let total = reports.reduce(0.0) { $0 + $1.results.reduce(0.0) { $0 + $1.seconds } }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"swipehost test\" tests=\"\(summary.passed + summary.failed + summary.skipped)\" failures=\"\(summary.failed - errors)\" errors=\"\(errors)\" skipped=\"\(summary.skipped)\" time=\"\(seconds(total))\">\n"
        for report in reports {
            let counts = TestSummary([report])
            let errors = errorCount(report.results)
            let time = report.results.reduce(0.0) { $0 + $1.seconds }
            out += "  <testsuite name=\"\(escape(report.path))\" tests=\"\(report.results.count)\" failures=\"\(counts.failed - errors)\" errors=\"\(errors)\" skipped=\"\(counts.skipped)\" time=\"\(seconds(time))\">\n"
            let classname = escape(report.path.hasSuffix(".lua") ? String(report.path.dropLast(4)).replacingSlashes() : report.path)
            for result in report.results {
                out += "    <testcase classname=\"\(classname)\" name=\"\(escape(result.name))\" file=\"\(escape(result.file))\" line=\"\(result.line)\" time=\"\(seconds(result.seconds))\""
                switch result.status {
                case .passed:
                    out += "/>\n"
                case .skipped:
                    out += ">\n      <skipped message=\"\(escape(result.message))\"/>\n    </testcase>\n"
                case .failed:
                    let first = result.message.split(separator: "\n").first.map(String.init) ?? ""
                    let element = result.isError ? "error" : "failure"
                    out += ">\n      <\(element) message=\"\(escape(first))\" type=\"\(element)\">\(escape(result.message, attribute: false))</\(element)>\n    </testcase>\n"
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

    static func seconds(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an XML attribute or element: markup escaped, characters XML forbids dropped.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) || (0xD800...0xDFFF).contains(scalar.value) {
                    continue
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    fileprivate func replacingNewlines() -> String { split(separator: "\n").joined(separator: " ") }
    fileprivate func replacingHashes() -> String { split(separator: "#", omittingEmptySubsequences: false).joined(separator: "\\#") }
    fileprivate func replacingSlashes() -> String { split(separator: "/", omittingEmptySubsequences: false).joined(separator: ".") }
}
