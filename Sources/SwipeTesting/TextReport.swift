import SwipeCore

/// `PASS  name (file:line)`, `FAIL ...` with the message indented below, `SKIP ...`.
public enum TextReport {
    public static func render(_ reports: [SpecFileReport]) -> String {
        reports.map(render).joined()
    }

    public static func render(_ report: SpecFileReport) -> String {
        var out = ""
        for result in report.results {
            let tag =
                switch result.status {
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
