import SwipeScript

/// `--format json` (`-o json`): one JSON object in the shape of busted's `json` output handler,
/// `{"successes":[...],"failures":[...],"errors":[...],"pendings":[...],"duration":S}`, each
/// test as `{"name","file","line","seconds"}` and, for a failure, error or pending test, its
/// `"message"`. A failed assertion is a failure; an error (a Lua error, a spent budget, a spec
/// file that did not load) is an error, as in JUnit's report.
public enum JSONReport {
    public static func render(_ reports: [SpecFileReport]) -> String {
        var groups: [(key: String, tests: [TraceValue])] = [
            ("successes", []), ("failures", []), ("errors", []), ("pendings", []),
        ]
        var duration = 0.0
        for result in reports.flatMap(\.results) {
            duration += result.seconds
            var fields: [TraceField] = [
                TraceField("name", .string(result.name)), TraceField("file", .string(result.file)),
                TraceField("line", .int(result.line)), TraceField("seconds", .number(seconds(result.seconds))),
            ]
            let group: Int
            switch result.status {
            case .passed: group = 0
            case .failed: group = result.isError ? 2 : 1
            case .skipped: group = 3
            }
            if result.status != .passed { fields.append(TraceField("message", .string(result.message))) }
            groups[group].tests.append(.object(fields))
        }
        var buffer = OutputBuffer()
        buffer.append(
            json: .object(
                groups.map { TraceField($0.key, .array($0.tests)) } + [
                    TraceField("duration", .number(seconds(duration)))
                ]))
        return String(decoding: buffer.bytes, as: UTF8.self) + "\n"
    }

    /// Seconds to the millisecond, clamped as JUnit's report clamps them.
    static func seconds(_ value: Double) -> Double {
        Double(JUnitReport.milliseconds(value)) / 1000
    }
}
