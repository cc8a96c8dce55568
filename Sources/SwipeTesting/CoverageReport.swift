import Glibc
import LuaRuntime
import SwipeScript

/// What `--coverage` reports: per file, the lines that carry code with the times each ran, and
/// the functions with their calls; written as an lcov tracefile and printed as a table.
public struct CoverageReport: Sendable, Equatable {
    public struct Function: Sendable, Equatable {
        /// The line where the function is defined.
        public var line: Int
        /// A name read from that line (`M.row`, `local function helper`), else `(anonymous)`;
        /// with `@LINE` when two functions of the file would share it.
        public var name: String
        public var calls: UInt64
    }

    public struct File: Sendable, Equatable {
        public var path: String
        /// Each line that carries code, ascending, with how many times it ran.
        public var lines: [(line: Int, count: UInt64)]
        public var functions: [Function]
        public var linesHit: Int { lines.count { $0.count > 0 } }

        public static func == (a: File, b: File) -> Bool {
            a.path == b.path && a.functions == b.functions && a.lines.map(\.line) == b.lines.map(\.line)
                && a.lines.map(\.count) == b.lines.map(\.count)
        }
    }

    public var files: [File]

    /// Builds the report from what `coverage` counted. A file's lines come from the text the
    /// states loaded (or, for a module `require` read, the file now); a file that cannot be read
    /// or does not compile is reported with the lines that ran only. Paths are shown normalized
    /// (`./a/b.lua` is `a/b.lua`); files counted under two spellings are one.
    public init(_ coverage: LuaCoverage) {
        var merged: [String: LuaCoverage.File] = [:]
        var texts: [String: [UInt8]] = [:]
        for file in coverage.files() {
            let path = ScriptHeader.normalized(file.path)
            if texts[path] == nil,
                let text = coverage.source(of: file.path) ?? (try? FileReading.bytes(atPath: file.path))
            {
                texts[path] = text
            }
            var entry = merged[path] ?? LuaCoverage.File(path: path)
            entry.lines.merge(file.lines, uniquingKeysWith: +)
            entry.calls.merge(file.calls, uniquingKeysWith: +)
            merged[path] = entry
        }
        files = merged.keys.sorted().map { path in
            Self.file(merged[path]!, text: texts[path])
        }
    }

    public init(files: [File]) {
        self.files = files
    }

    static func file(_ counts: LuaCoverage.File, text: [UInt8]?) -> File {
        let code = text.flatMap { LuaCoverage.codeLines(of: $0) }
        // A line that ran but that has no code by the rule (an `end` whose implicit return ran)
        // is not reported; without the text, the lines that ran are all there is.
        let lines = code?.lines ?? counts.lines.keys.sorted()
        let hits = code?.counts(counts.lines) ?? counts.lines
        let functionLines = code?.functions ?? counts.calls.keys.sorted()
        let sourceLines = text.map(Self.lines(of:)) ?? []
        var names: [String] = functionLines.map { line in
            line - 1 < sourceLines.count ? Self.functionName(in: sourceLines[line - 1]) : "(anonymous)"
        }
        var uses: [String: Int] = [:]
        for name in names { uses[name, default: 0] += 1 }
        for index in names.indices where uses[names[index]]! > 1 {
            names[index] += "@\(functionLines[index])"
        }
        return File(
            path: counts.path,
            lines: lines.map { ($0, hits[$0] ?? 0) },
            functions: zip(functionLines, names).map { Function(line: $0, name: $1, calls: counts.calls[$0] ?? 0) })
    }

    /// The text's lines as Lua counts them (`\n`, `\r`, `\r\n`, `\n\r` each end one).
    static func lines(of text: [UInt8]) -> [String] {
        var lines: [String] = []
        var start = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == 10 || byte == 13 {
                lines.append(String(decoding: text[start..<index], as: UTF8.self))
                if index + 1 < text.count, text[index + 1] != byte, text[index + 1] == 10 || text[index + 1] == 13 {
                    index += 1
                }
                start = index + 1
            }
            index += 1
        }
        lines.append(String(decoding: text[start...], as: UTF8.self))
        return lines
    }

    /// The name a function has on the line it is defined: `function NAME(`, `local function
    /// NAME(`, `NAME = function(`; `(anonymous)` otherwise. Commas never appear (lcov splits on them).
    ///
    /// A line of ASCII is read byte by byte (``asciiFunctionName(in:)``); any other goes through
    /// the two regular expressions that define the rule (``functionNameByPattern(in:)``), whose
    /// `\s` and letters then follow Unicode. The scan gives what the patterns give
    /// (`CoverageTests.functionNamesReadByScanningAreThePatterns`), at a small fraction of the cost: the patterns
    /// took about 2 million instructions a line, 1.2 billion for a 5,000-line plugin's report.
    static func functionName(in line: String) -> String {
        var line = line
        if let name = line.withUTF8({ asciiFunctionName(in: $0) }) { return name }
        return functionNameByPattern(in: line)
    }

    /// The rule as two regular expressions, leftmost match first.
    static func functionNameByPattern(in line: String) -> String {
        if let match = line.firstMatch(of: #/function\s+([A-Za-z_][A-Za-z0-9_.:]*)\s*\(/#) {
            return String(match.1)
        }
        if let match = line.firstMatch(of: #/([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*function\s*\(/#) {
            return String(match.1)
        }
        return "(anonymous)"
    }

    /// ``functionNameByPattern(in:)`` for a line of ASCII bytes; nil when a byte is not ASCII.
    /// Neither pattern can backtrack into a different match: a name runs as far as its
    /// characters go (a shorter one would be followed by a name character, which neither `\s`,
    /// `(` nor `=` is), so each start is tried once, and for the second pattern every start
    /// inside one run of name characters ends where the run ends.
    static func asciiFunctionName(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let count = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
        func isNameByte(_ b: UInt8, colon: Bool) -> Bool {
            isLetter(b) || (b >= 0x30 && b <= 0x39) || b == 0x2E || (colon && b == 0x3A)
        }
        func skipSpaces(_ i: Int) -> Int {
            var i = i
            while i < count, isSpace(bytes[i]) { i += 1 }
            return i
        }
        let keyword = Array("function".utf8)
        func hasKeyword(at i: Int) -> Bool {
            guard i + keyword.count <= count else { return false }
            for k in 0..<keyword.count where bytes[i + k] != keyword[k] { return false }
            return true
        }
        func name(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        // function\s+([A-Za-z_][A-Za-z0-9_.:]*)\s*\(
        var at = 0
        while at < count {
            if hasKeyword(at: at) {
                let spaces = at + keyword.count
                let start = skipSpaces(spaces)
                if start > spaces, start < count, isLetter(bytes[start]) {
                    var end = start + 1
                    while end < count, isNameByte(bytes[end], colon: true) { end += 1 }
                    let paren = skipSpaces(end)
                    if paren < count, bytes[paren] == 0x28 { return name(start, end) }
                }
            }
            at += 1
        }
        // ([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*function\s*\(
        at = 0
        while at < count {
            guard isLetter(bytes[at]) else {
                at += 1
                continue
            }
            var end = at + 1
            while end < count, isNameByte(bytes[end], colon: false) { end += 1 }
            let equals = skipSpaces(end)
            if equals < count, bytes[equals] == 0x3D {
                let word = skipSpaces(equals + 1)
                if hasKeyword(at: word) {
                    let paren = skipSpaces(word + keyword.count)
                    if paren < count, bytes[paren] == 0x28 { return name(at, end) }
                }
            }
            at = end
        }
        return "(anonymous)"
    }

    public var linesFound: Int { files.reduce(0) { $0 + $1.lines.count } }
    public var linesHit: Int { files.reduce(0) { $0 + $1.linesHit } }

    /// Lines run of lines with code, in percent (100 when no line has code).
    public var percent: Double {
        linesFound == 0 ? 100 : Double(linesHit) * 100 / Double(linesFound)
    }

    /// The lcov tracefile (`geninfo`'s format, which `genhtml` and CI services read).
    public var lcov: String {
        var out = ""
        for file in files {
            out += "TN:\nSF:\(file.path)\n"
            for function in file.functions { out += "FN:\(function.line),\(function.name)\n" }
            for function in file.functions { out += "FNDA:\(function.calls),\(function.name)\n" }
            out += "FNF:\(file.functions.count)\nFNH:\(file.functions.count { $0.calls > 0 })\n"
            for (line, count) in file.lines { out += "DA:\(line),\(count)\n" }
            out += "LF:\(file.lines.count)\nLH:\(file.linesHit)\nend_of_record\n"
        }
        return out
    }

    /// One row per file and a total: lines with code, lines run, lines missed, percent. Each
    /// column is as wide as its widest entry, heading included, so that a large count does not
    /// push its row out of line.
    public var table: String {
        // (Typed step by step: as one expression it took the type checker 7 s.)
        let counts: [(path: String, found: Int, hit: Int)] =
            files.map { ($0.path, $0.lines.count, $0.linesHit) } + [("Total", linesFound, linesHit)]
        let body: [[String]] = counts.map { count -> [String] in
            let missed: Int = count.found - count.hit
            let cover: String = Self.percentText(Self.percent(count.hit, count.found))
            return [count.path, String(count.found), String(count.hit), String(missed), cover]
        }
        let rows: [[String]] = [["File", "Lines", "Hit", "Missed", "Cover"]] + body
        // The least widths are the table's as it always was: `Hit` under a count of 5 digits.
        var widths = [4, 5, 5, 6, 6]
        for row in rows {
            for (column, text) in row.enumerated() { widths[column] = max(widths[column], text.count) }
        }
        func pad(_ text: String, _ count: Int, left: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, count - text.count))
            return left ? text + padding : padding + text
        }
        var out = ""
        for row in rows {
            out +=
                row.enumerated().map { pad($0.element, widths[$0.offset], left: $0.offset == 0) }.joined(
                    separator: "  ") + "\n"
        }
        return out
    }

    /// Percent of `found` lines that `hit`: 100 for none found.
    static func percent(_ hit: Int, _ found: Int) -> Double {
        found == 0 ? 100 : Double(hit) * 100 / Double(found)
    }

    /// `87.5%`: one decimal, rounded down so that 99.96% never reads as 100.0%.
    static func percentText(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// Writes the lcov tracefile to `path` (through a temporary file renamed over it), making
    /// the folders on its way; nil, or why it could not.
    public func write(to path: String) -> String? {
        var folder = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: false).dropLast() {
            folder += (folder.isEmpty && !path.hasPrefix("/") ? "" : "/") + part
            if part.isEmpty || FileReading.isDirectory(folder) { continue }
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                return "cannot create \(folder): \(String(cString: strerror(errno)))"
            }
        }
        let temporary = "\(path).swipehost-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        let failed = Array(lcov.utf8).withUnsafeBytes { OutputBuffer.writeAll($0, to: descriptor) }
        let closed = close(descriptor) == 0
        if failed != nil || !closed || rename(temporary, path) != 0 {
            let reason = String(cString: strerror(failed ?? errno))
            unlink(temporary)
            return "cannot write \(path): \(reason)"
        }
        return nil
    }
}

/// `--coverage-min PERCENT`: a number from 0 to 100.
public struct CoverageMinimum: Sendable, Equatable {
    public var percent: Double

    /// Parses the option's value; the error names the option and the value (status 2).
    public init(parsing text: String) throws(TestOptionError) {
        guard let value = Double(text), value.isFinite, value >= 0, value <= 100 else {
            throw TestOptionError("--coverage-min must be a percentage from 0 to 100, got '\(text)'")
        }
        percent = value
    }

    /// nil when `report` meets the minimum, else the message saying by how much it does not.
    public func failure(_ report: CoverageReport) -> String? {
        guard report.percent < percent else { return nil }
        return
            "line coverage \(CoverageReport.percentText(report.percent)) is below --coverage-min \(Self.shown(percent))"
    }

    static func shown(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) + "%" : String(value) + "%"
    }
}
