import SwipeCore

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
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out +=
                        scalar.value <= 0xFF
                        ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                        : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
