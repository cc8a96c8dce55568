import SwipeCore

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
            // Names, places and messages come from spec files: shown escaped on the terminal.
            let place = result.line > 0 ? "\(result.file):\(result.line)" : result.file
            out += "\(tag)  \(DisplayText.escaped(result.name)) (\(DisplayText.escaped(place)))\n"
            if result.status == .failed {
                for line in result.message.reportLines {
                    out += "      \(DisplayText.escaped(String(line), keeping: .tabs))\n"
                }
            }
        }
        return out
    }
}

/// TAP version 13: `ok N - name`, failures with a YAML block (`message`, `at`). Control
/// characters in names and messages are escaped as in the text format (`\0`, `\e`, ...).
public enum TAPReport {
    public static func render(_ reports: [SpecFileReport]) -> String {
        let results = reports.flatMap(\.results)
        var out = "TAP version 13\n1..\(results.count)\n"
        for (offset, result) in results.enumerated() {
            let number = offset + 1
            // Names and messages come from spec files: their control characters are escaped as
            // the text format escapes them (`DisplayText`), so none reaches a terminal raw.
            let name = DisplayText.escaped(result.name.replacingNewlines()).replacingHashes()
            switch result.status {
            case .passed:
                out += "ok \(number) - \(name)\n"
            case .skipped:
                let reason = DisplayText.escaped(result.message.replacingNewlines()).replacingHashes()
                out += "ok \(number) - \(name) # SKIP \(reason)\n"
            case .failed:
                out += "not ok \(number) - \(name)\n"
                out += "  ---\n"
                out += "  message: |-\n"
                for line in result.message.reportLines {
                    out += "    \(DisplayText.escaped(String(line), keeping: .tabs))\n"
                }
                out += "  at: \(yamlQuoted("\(result.file):\(result.line)"))\n"
                out += "  ...\n"
            }
        }
        return out
    }
}

extension TAPReport {
    /// `text` as a YAML double-quoted scalar: quotes, backslashes and control characters escaped,
    /// so a file name with a line break stays on its `at:` line.
    static func yamlQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                        : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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
                    let first = result.message.reportLines.first(where: { !$0.isEmpty }).map(String.init) ?? ""
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
    /// The lines of a message, split at every kind of line break (a CR LF pair is one Swift
    /// `Character`, so splitting at "\n" alone would leave it inside a line).
    fileprivate var reportLines: [Substring] { split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
    fileprivate func replacingNewlines() -> String { split(whereSeparator: \.isNewline).joined(separator: " ") }
    // Scalar by scalar, not by Character: a `#` followed by a combining mark is one Character
    // to Swift but still a `#` to a TAP reader.
    fileprivate func replacingHashes() -> String { replacingScalar("#", with: "\\#") }
    fileprivate func replacingSlashes() -> String { replacingScalar("/", with: ".") }

    private func replacingScalar(_ scalar: Unicode.Scalar, with replacement: String) -> String {
        var out = ""
        for each in unicodeScalars {
            if each == scalar { out += replacement } else { out.unicodeScalars.append(each) }
        }
        return out
    }
}
