import LuaRuntime

/// How a worker process (`swipehost test --worker FILE`) hands its results to the parent: one
/// line per result, tab-separated fields with `\\`, `\t` and `\n` escaped; one per snapshot file
/// written, updated or checked; `every` when the selection left out none of the file's tests;
/// with `--coverage`, one line per file counted (`coverage`, path, `LINE:COUNT,...`, the same for
/// calls).
public enum WorkerProtocol {
    public static func encode(_ report: SpecFileReport, coverage: [LuaCoverage.File] = []) -> String {
        var out = "spec\t\(escape(report.path))\n"
        for result in report.results {
            // An error is a failure marked "error" (the field a worker of an older build would refuse).
            // Bad input (status 2 for the run) is an error marked "bad".
            let status =
                result.status == .failed && result.isError
                ? (result.isBadInput ? "bad" : "error") : result.status.rawValue
            let fields = [
                status, result.file, String(result.line), String(result.seconds), result.name, result.message,
            ]
            out += "result\t" + fields.map(escape).joined(separator: "\t") + "\n"
        }
        for path in report.snapshotsWritten { out += "snapshot\twritten\t\(escape(path))\n" }
        for path in report.snapshotsUpdated { out += "snapshot\tupdated\t\(escape(path))\n" }
        for path in report.snapshotsChecked { out += "snapshot\tchecked\t\(escape(path))\n" }
        if report.ranEveryTest { out += "every\n" }
        for file in coverage {
            func counts(_ table: [Int: UInt64]) -> String {
                table.keys.sorted().map { "\($0):\(table[$0]!)" }.joined(separator: ",")
            }
            out +=
                "coverage\t" + [file.path, counts(file.lines), counts(file.calls)].map(escape).joined(separator: "\t")
                + "\n"
        }
        out += "end\n"
        return out
    }

    /// The coverage lines of a worker's output (none without `--coverage`, or when a line is
    /// malformed).
    public static func decodeCoverage(_ text: String) -> [LuaCoverage.File] {
        var files: [LuaCoverage.File] = []
        for line in text.split(separator: "\n") where line.hasPrefix("coverage\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
            guard fields.count == 4 else { return [] }
            func counts(_ text: String) -> [Int: UInt64]? {
                var table: [Int: UInt64] = [:]
                for pair in text.split(separator: ",") {
                    let parts = pair.split(separator: ":")
                    guard parts.count == 2, let line = Int(parts[0]), let count = UInt64(parts[1]) else { return nil }
                    table[line, default: 0] += count
                }
                return table
            }
            guard let lines = counts(fields[2]), let calls = counts(fields[3]) else { return [] }
            files.append(LuaCoverage.File(path: fields[1], lines: lines, calls: calls))
        }
        return files
    }

    /// The report in `text`, or nil when it is incomplete (the worker died part-way).
    public static func decode(_ text: String) -> SpecFileReport? {
        var report: SpecFileReport?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape(String($0)) }
            switch fields.first {
            case "spec" where fields.count == 2:
                report = SpecFileReport(path: fields[1], results: [])
            case "result" where fields.count == 7:
                let isError = fields[1] == "error" || fields[1] == "bad"
                guard let status = isError ? .failed : TestResult.Status(rawValue: fields[1]) else { return nil }
                report?.results.append(
                    TestResult(
                        file: fields[2], line: Int(fields[3]) ?? 0, name: fields[5], status: status,
                        message: fields[6], seconds: Double(fields[4]) ?? 0, isError: isError,
                        isBadInput: fields[1] == "bad"))
            case "snapshot" where fields.count == 3 && fields[1] == "written":
                report?.snapshotsWritten.append(fields[2])
            case "snapshot" where fields.count == 3 && fields[1] == "updated":
                report?.snapshotsUpdated.append(fields[2])
            case "snapshot" where fields.count == 3 && fields[1] == "checked":
                report?.snapshotsChecked.append(fields[2])
            case "every" where fields.count == 1:
                report?.ranEveryTest = true
            case "coverage":
                continue
            case "end":
                return report
            default:
                return nil
            }
        }
        return nil
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unescape(_ text: String) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "t": out += "\t"
                case "n": out += "\n"
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
