import Foundation
import LuaRuntime
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// `--coverage`: the lines counted against hand-counted plugins, the rule for lines with code,
/// the lcov text, the table and `--coverage-min`.
struct CoverageTests {
    /// `Fixtures/coverage/counted_spec.lua` run with coverage; the report.
    static func countedRun(minimum: CoverageMinimum? = nil, lcov: String) -> (
        status: Int32, output: String, errors: String, report: CoverageReport
    ) {
        var output = ""
        var errors = ""
        var session = TestSession(
            paths: [Fixture.path("coverage") + "/counted_spec.lua"], output: { output += $0 },
            errorOutput: { errors += $0 })
        session.coverage = CoverageSettings(path: lcov, minimum: minimum)
        var captured: CoverageReport?
        session.coverageReport = { captured = $0 }
        let status = session.run()
        return (status, output, errors, captured ?? CoverageReport(files: []))
    }

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "swipehost-coverage-\(UUID().uuidString)/" + name
    }

    /// Each line of counted.lua, counted by hand: row 1 (odd) configured once, opened by one
    /// swipe (on_open once), its timer fired once, its coroutine resumed once, risky reached
    /// once through pcall; the even branch, the line after the coroutine's yield and the far
    /// branch never run. Definitions ran once each, when the chunk loaded. A line event is
    /// counted each time Lua enters a line: a call whose arguments hold a function comes back
    /// to its first line after making it.
    @Test func countsEveryLineOfAHandCountedPlugin() throws {
        let run = Self.countedRun(lcov: Self.temporaryPath("lcov.info"))
        expectEqual(run.status, 0)
        let plugin = try #require(run.report.files.first { $0.path.hasSuffix("Fixtures/coverage/counted.lua") })
        let expected: [(Int, UInt64)] = [
            (2, 1),  // local M = ...
            (4, 1),  // local function label: defined at load
            (5, 1), (6, 0), (8, 1),  // the branch: odd taken, even not
            (12, 1),  // local function risky
            (13, 1), (14, 1),  // reached only through pcall
            (17, 1), (18, 1),  // configure, called once for the one row
            // Lines 22 and 25 begin twice: Lua makes the inner function at its `end` (line 24,
            // 29), then comes back to the line for the call.
            (21, 1), (22, 2),
            (23, 1),  // in the timer's callback
            (25, 2),
            (26, 1), (27, 1), (28, 0),  // in the coroutine: the line after the yield never runs
            (30, 1), (31, 1), (32, 1),
            (33, 0),  // the branch not taken
            (37, 1),
        ]
        expectEqual(plugin.lines.map(\.line), expected.map(\.0))
        expectEqual(plugin.lines.map(\.count), expected.map(\.1))
        expectEqual(
            plugin.functions,
            [
                .init(line: 4, name: "label", calls: 1), .init(line: 12, name: "risky", calls: 1),
                .init(line: 17, name: "M.configure", calls: 1), .init(line: 21, name: "M.on_open", calls: 1),
                .init(line: 22, name: "(anonymous)@22", calls: 1), .init(line: 25, name: "(anonymous)@25", calls: 1),
            ])
    }

    /// Comments, blank lines, `end` and `else` carry no code; a function counts at its
    /// definition line, and a `return` at the end of the file is counted where it is written.
    @Test func linesWithCodeFollowLuasLineInformation() throws {
        let source = """
            -- a comment
            local x = 1

            if x then
              x = 2
            else
              x = 3
            end
            local function f()
              return x
            end
            return f

            """
        let code = try #require(LuaCoverage.codeLines(of: Array(source.utf8)))
        expectEqual(code.lines, [2, 4, 5, 7, 9, 10, 12])
        expectEqual(code.functions, [9])
        expectEqual(code.moves.map(\.from), [11])
        expectEqual(code.moves.map(\.to), [9])
        expectEqual(LuaCoverage.codeLines(of: Array("local = 1".utf8)), nil)
    }

    /// A function whose `end` line also ends the enclosing one (its implicit return) still
    /// counts that line only where code is there; a one-line function counts its line.
    @Test(arguments: [
        ("local function f() return 1 end\nreturn f\n", [1, 2]),
        ("local t = {\n  a = 1,\n  b = 2,\n}\nreturn t\n", [1, 2, 3, 5]),
        ("for i = 1, 3 do\n  print(i)\nend\n", [1, 2]),
        ("", []),
    ])
    func codeLinesOfSmallChunks(source: String, lines: [Int]) throws {
        let code = try #require(LuaCoverage.codeLines(of: Array(source.utf8)))
        expectEqual(code.lines, lines)
    }

    static let sample = """
        local function twice(x)
          return x * 2
        end
        local y = twice(1)
        if y > 5 then
          y = 0
        end
        return y

        """

    /// A chunk run in a state with coverage: its report.
    static func sampleReport() throws -> CoverageReport {
        let coverage = LuaCoverage()
        var options = LuaOptions()
        options.coverage = coverage
        let lua = try LuaState(options: options)
        try lua.run(sample, chunkName: "@sample.lua")
        return CoverageReport(coverage)
    }

    /// The report reads a function's name from its line by scanning ASCII bytes; the rule is
    /// the two regular expressions of `functionNameByPattern`. Over lines made of the pieces that
    /// matter (the keyword inside and around names, dotted and method names, `=` and `==`,
    /// spaces and tabs, digits before letters) the scan gives what the patterns give; a line
    /// with a byte past ASCII goes through the patterns.
    @Test func functionNamesReadByScanningAreThePatterns() {
        let pieces = [
            "function", "function ", "local ", "local function ", " ", "\t", "  ", "=", " = ", "==", "(", ")", "(x)",
            "foo", "a.b", "M:c", "M.c:d", "_x1", "1abc", "9", ".", ":", "end", "return ", "myfunction", "functions",
            "steps[1]", "[", "]", ",", "{", "--", "\"", "x_y.z", "\u{0B}", "\u{0C}",
        ]
        var random = UInt64(2424)
        func next() -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: random >> 33)
        }
        var lines = [
            "function M.row(x)", "local function helper (a, b)", "M.configure = function(row)", "x = function ()",
            "  configure = function(row)", "local f = function(", "a == function(", "functionfoo(", "function 1x(",
            "return function(x) end", "steps[3] = function(x)", "", "   ",
        ]
        let names = ["foo", "a.b", "M:c", "M.c:d", "_x1", "1abc", "x_y.z", "a..b", ":m", "9"]
        let spaces = ["", " ", "\t", "  ", "\u{0B}"]
        func some(_ count: Int) -> String { (0..<count).map { _ in pieces[next() % pieces.count] }.joined() }
        func space() -> String { spaces[next() % spaces.count] }
        while lines.count < 12_000 {
            let name = names[next() % names.count]
            switch next() % 3 {
            case 0: lines.append(some(1 + next() % 9))
            case 1: lines.append(some(next() % 3) + "function" + space() + name + space() + "(" + some(next() % 3))
            default:
                lines.append(
                    some(next() % 3) + name + space() + "=" + space() + "function" + space() + "(" + some(next() % 3))
            }
        }
        var named = 0
        for line in lines {
            var copy = line
            let scanned = copy.withUTF8 { CoverageReport.asciiFunctionName(in: $0) }
            let expected = CoverageReport.functionNameByPattern(in: line)
            expectEqual(scanned, expected, "\(line.debugDescription)")
            if expected != "(anonymous)" { named += 1 }
        }
        #expect(named > 2_000)  // the lines exercise both patterns, not only the fallback
        expectEqual(CoverageReport.functionName(in: "local function ñame()"), "(anonymous)")
        expectEqual(CoverageReport.functionName(in: "é = 1; M.x = function()"), "M.x")
        var accented = "M.x = function() -- é"
        expectEqual(accented.withUTF8 { CoverageReport.asciiFunctionName(in: $0) }, nil)
    }

    @Test func lcovTextIsExact() throws {
        expectEqual(
            try Self.sampleReport().lcov,
            """
            TN:
            SF:sample.lua
            FN:1,twice
            FNDA:1,twice
            FNF:1
            FNH:1
            DA:1,1
            DA:2,1
            DA:4,1
            DA:5,1
            DA:6,0
            DA:8,1
            LF:6
            LH:5
            end_of_record

            """)
    }

    @Test func summaryTableIsExact() throws {
        expectEqual(
            try Self.sampleReport().table,
            """
            File        Lines    Hit  Missed   Cover
            sample.lua      6      5       1   83.3%
            Total           6      5       1   83.3%

            """)
    }

    /// Counts of 7 digits widen their columns, heading included, instead of pushing their row
    /// out of line.
    @Test func summaryTableColumnsFitTheWidestCount() {
        let small = CoverageReport.File(path: "a.lua", lines: [(line: 1, count: 1)], functions: [])
        let big = CoverageReport.File(
            path: "big.lua", lines: (1...1_234_567).map { (line: $0, count: $0 <= 1_000_000 ? 1 : 0) }, functions: [])
        expectEqual(
            CoverageReport(files: [small, big]).table,
            """
            File       Lines      Hit  Missed   Cover
            a.lua          1        1       0  100.0%
            big.lua  1234567  1000000  234567   81.0%
            Total    1234568  1000001  234567   81.0%

            """)
    }

    /// Without coverage, the state has no line hook: nothing is counted anywhere.
    @Test func aStateWithoutCoverageCountsNothing() throws {
        let coverage = LuaCoverage()
        let lua = try LuaState()
        try lua.run(Self.sample, chunkName: "@sample.lua")
        #expect(coverage.files().isEmpty)
        var options = LuaOptions()
        options.coverage = coverage
        let counted = try LuaState(options: options)
        try counted.run(Self.sample, chunkName: "@sample.lua")
        expectEqual(coverage.files().map(\.path), ["sample.lua"])
    }

    /// The budget still stops a loop in a covered state, with its usual message.
    @Test func theBudgetStillHoldsWithCoverageOn() throws {
        var options = LuaOptions()
        options.coverage = LuaCoverage()
        options.instructionBudget = 100_000
        let lua = try LuaState(options: options)
        let error = #expect(throws: LuaError.self) { try lua.run("while true do end", chunkName: "@loop.lua") }
        expectEqual(error?.kind, .budget)
        // Every pass of the loop jumps back to line 1: each is a line event.
        #expect((options.coverage!.files().first?.lines[1] ?? 0) > 10_000)
    }

    @Test(arguments: ["150", "-1", "abc", "nan", "inf", "", "100.5"])
    func aBadMinimumNamesTheOption(value: String) {
        #expect(throws: TestOptionError("--coverage-min must be a percentage from 0 to 100, got '\(value)'")) {
            try CoverageMinimum(parsing: value)
        }
    }

    @Test func theMinimumPassesAtOrAboveAndFailsBelow() throws {
        let report = try Self.sampleReport()
        expectEqual(try CoverageMinimum(parsing: "83.3").failure(report), nil)
        expectEqual(try CoverageMinimum(parsing: "0").failure(report), nil)
        expectEqual(
            try CoverageMinimum(parsing: "90").failure(report), "line coverage 83.3% is below --coverage-min 90%")
        expectEqual(
            try CoverageMinimum(parsing: "83.5").failure(report), "line coverage 83.3% is below --coverage-min 83.5%")
    }

    @Test func aSessionBelowTheMinimumFailsAndStillWritesTheFile() throws {
        let lcov = Self.temporaryPath("lcov.info")
        let run = Self.countedRun(minimum: try CoverageMinimum(parsing: "100"), lcov: lcov)
        expectEqual(run.status, 1)
        #expect(run.errors.hasSuffix("% is below --coverage-min 100%\n"))
        #expect(run.output.hasPrefix("PASS  counted opens row 1 and lets the timer fire"))
        let written = try String(contentsOfFile: lcov, encoding: .utf8)
        expectEqual(written, run.report.lcov)
        let passing = Self.countedRun(minimum: try CoverageMinimum(parsing: "50"), lcov: lcov)
        expectEqual(passing.status, 0)
        #expect(passing.output.hasSuffix(passing.report.table))
    }

    /// What a worker sends back is what the parent adds: the counts survive the round trip.
    @Test func workerCoverageLinesRoundTrip() {
        let files = [
            LuaCoverage.File(path: "plugins/a\tb.lua", lines: [1: 3, 7: 1], calls: [4: 2]),
            LuaCoverage.File(path: "spec/x_spec.lua", lines: [2: 1], calls: [:]),
        ]
        let text = WorkerProtocol.encode(SpecFileReport(path: "spec/x_spec.lua", results: []), coverage: files)
        expectEqual(WorkerProtocol.decodeCoverage(text), files)
        expectEqual(WorkerProtocol.decode(text), SpecFileReport(path: "spec/x_spec.lua", results: []))
    }

    /// genhtml (lcov's, which scripts/setup.sh installs) reads the tracefile and makes a report.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/genhtml")))
    func genhtmlReadsTheTracefile() throws {
        let lcov = Self.temporaryPath("lcov.info")
        let run = Self.countedRun(lcov: lcov)
        expectEqual(run.status, 0)
        let folder = (lcov as NSString).deletingLastPathComponent + "/html"
        let genhtml = try Swipehost.run(
            executable: URL(fileURLWithPath: "/usr/bin/genhtml"), ["--quiet", "--output-directory", folder, lcov])
        expectEqual(genhtml.status, 0, "\(genhtml.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/index.html"))
    }
}
