import SwipeTesting

/// The spec runner's report formats: arbitrary files, names, messages and durations rendered as
/// text, TAP and JUnit. JUnit must be well-formed XML with one `<testcase>` per result; TAP a
/// version line, the plan, then one `ok`/`not ok` line per result numbered in order, each
/// failure's YAML block indented under it; text a tagged line per result, failure messages
/// indented below, and the counts line last.
enum ReportTarget {
    static func run(_ data: [UInt8]) {
        var input = FuzzInput(data)
        var reports: [SpecFileReport] = []
        for _ in 0..<input.choose(4) {
            let path = input.choose(3) == 0 ? input.string(limit: 20) : "spec/\(input.string(limit: 8))_spec.lua"
            var results: [TestResult] = []
            for _ in 0..<input.choose(6) {
                let status = input.pick([TestResult.Status.passed, .failed, .skipped])
                results.append(
                    TestResult(
                        file: input.choose(4) == 0 ? input.string(limit: 12) : path,
                        line: input.choose(4) == 0 ? Int(Int64(bitPattern: input.uint64())) : input.choose(300),
                        name: input.string(limit: 60), status: status, message: input.string(limit: 120),
                        seconds: seconds(&input)))
            }
            reports.append(SpecFileReport(path: path, results: results))
        }
        let count = reports.reduce(0) { $0 + $1.results.count }
        XMLCheck.wellFormed(JUnitReport.render(reports), testcases: count)
        TAPCheck.wellFormed(TAPReport.render(reports), results: reports.flatMap(\.results))
        TextCheck.wellFormed(TestReportFormat.text.render(reports), results: count)
    }

    static func seconds(_ input: inout FuzzInput) -> Double {
        switch input.choose(4) {
        case 0: return 0
        case 1: return Double(input.choose(256)) / 1000
        case 2: return Double(input.uint64() % 100_000_000) / 1e6
        default: return abs(input.double())
        }
    }
}

enum TAPCheck {
    static func wellFormed(_ text: String, results: [TestResult]) {
        guard text.utf8.last == UInt8(ascii: "\n") else { fuzzFailure("TAP does not end in a newline") }
        var lines = byteLines(text)[...]
        guard lines.popFirst() == "TAP version 13" else { fuzzFailure("TAP: no version line") }
        guard lines.popFirst() == "1..\(results.count)" else { fuzzFailure("TAP: the plan is not 1..\(results.count)") }
        if let raw = rawControl(text) { fuzzFailure("TAP: a raw control character U+\(String(raw, radix: 16))") }
        for (offset, result) in results.enumerated() {
            guard let line = lines.popFirst() else { fuzzFailure("TAP: test \(offset + 1) is missing") }
            let head = result.status == .failed ? "not ok \(offset + 1) - " : "ok \(offset + 1) - "
            guard line.bytesStart(with: head) else {
                fuzzFailure("TAP: line \(line.debugDescription) should start \(head.debugDescription)")
            }
            let rest = String(decoding: line.utf8.dropFirst(head.utf8.count), as: UTF8.self)
            // A `#` starts a directive (`# SKIP`): the name's own must be escaped.
            if unescapedHashes(rest) != (result.status == .skipped ? 1 : 0) {
                fuzzFailure("TAP: \(line.debugDescription) has an unescaped # for a \(result.status) test")
            }
            guard result.status == .failed else { continue }
            guard lines.popFirst() == "  ---", lines.popFirst() == "  message: |-" else {
                fuzzFailure("TAP: no YAML block after \(line.debugDescription)")
            }
            while let next = lines.first, next.bytesStart(with: "    ") { lines.removeFirst() }
            guard let at = lines.popFirst(), at.bytesStart(with: "  at: \""), at.utf8.last == UInt8(ascii: "\"") else {
                fuzzFailure("TAP: no at: line after \(line.debugDescription)")
            }
            guard lines.popFirst() == "  ..." else {
                fuzzFailure("TAP: the YAML block after \(line.debugDescription) is not closed")
            }
        }
        if let extra = lines.first { fuzzFailure("TAP: an extra line \(extra.debugDescription)") }
    }

    /// The first control character (C0 but line feed and tab, DEL, C1) in `text`: names and
    /// messages are escaped, as the text format escapes them.
    static func rawControl(_ text: String) -> UInt32? {
        text.unicodeScalars.first { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
        }?.value
    }

    /// The `#` characters not preceded by a backslash.
    static func unescapedHashes(_ text: String) -> Int {
        var count = 0
        var previous = UInt8(ascii: " ")
        for byte in text.utf8 {
            if byte == UInt8(ascii: "#") && previous != UInt8(ascii: "\\") { count += 1 }
            previous = byte
        }
        return count
    }
}

enum TextCheck {
    static func wellFormed(_ text: String, results: Int) {
        guard text.utf8.last == UInt8(ascii: "\n") else { fuzzFailure("text report does not end in a newline") }
        let lines = byteLines(text)
        var tagged = 0
        for line in lines.dropLast() {
            if line.bytesStart(with: "PASS  ") || line.bytesStart(with: "FAIL  ") || line.bytesStart(with: "SKIP  ") {
                tagged += 1
            } else if !line.bytesStart(with: "      ") {
                fuzzFailure("text report: line \(line.debugDescription) is neither a result nor an indented message")
            }
        }
        if let raw = TAPCheck.rawControl(text) {
            fuzzFailure("text report: a raw control character U+\(String(raw, radix: 16))")
        }
        if tagged != results { fuzzFailure("text report: \(tagged) result lines for \(results) results") }
        guard let last = lines.last, last.contains(" passed, "), last.contains(" failed") else {
            fuzzFailure("text report: no counts line last")
        }
    }
}

extension String {
    /// A prefix as a byte-oriented reader sees it: to Swift, a prefix followed by a combining
    /// mark is not a prefix (the mark joins its last Character).
    func bytesStart(with prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }
}

/// The lines of `text` as a byte-oriented reader (a TAP consumer, a terminal) sees them: split at
/// every LF byte, so a CR LF inside a name or message, one `Character` to Swift, splits too.
func byteLines(_ text: String) -> [String] {
    Array(text.utf8.dropLast()).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
}
