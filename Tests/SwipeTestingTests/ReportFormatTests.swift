import Foundation
import SwipeTestSupport
import Testing

@testable import SwipeTesting

#if canImport(FoundationXML)
    import FoundationXML
#endif

struct ReportFormatTests {
    static let reports = [
        SpecFileReport(
            path: "spec/a_spec.lua",
            results: [
                TestResult(file: "spec/a_spec.lua", line: 3, name: "a opens", status: .passed, seconds: 0.0012),
                TestResult(
                    file: "spec/a_spec.lua", line: 7, name: "a <closes> & \"bounces\" #2", status: .failed,
                    message: "spec/a_spec.lua:9: Expected objects to be equal.\nPassed in:\n(number) 1\u{1}"),
                TestResult(file: "spec/a_spec.lua", line: 12, name: "a later", status: .skipped, message: "pending"),
            ]),
        SpecFileReport(
            path: "spec/b_spec.lua",
            results: [
                TestResult(file: "spec/b_spec.lua", line: 1, name: "b works", status: .passed)
            ]),
    ]

    @Test func tapIsVersion13WithAPlanAndYAMLBlocks() {
        let lines = TAPReport.render(Self.reports).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        expectEqual(
            Array(lines.prefix(4)),
            [
                "TAP version 13", "1..4", "ok 1 - a opens", "not ok 2 - a <closes> & \"bounces\" \\#2",
            ])
        expectEqual(
            Array(lines[4...7]),
            [
                "  ---", "  message: |-", "    spec/a_spec.lua:9: Expected objects to be equal.", "    Passed in:",
            ])
        #expect(lines.contains("  at: \"spec/a_spec.lua:7\""))
        #expect(lines.contains("ok 3 - a later # SKIP pending"))
        #expect(lines.contains("ok 4 - b works"))
        let tests = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        expectEqual(tests.count, 4)
        // Every YAML block opens with --- and closes with ...
        expectEqual(lines.filter { $0 == "  ---" }.count, lines.filter { $0 == "  ..." }.count)
    }

    /// Found by the `report` fuzz target: a CR LF pair is one Swift `Character`, so a message
    /// split at "\n" alone left its second line outside the TAP YAML block.
    @Test func aMessageWithWindowsLineBreaksStaysInsideItsBlock() {
        let reports = [
            SpecFileReport(
                path: "spec/c_spec.lua",
                results: [
                    TestResult(
                        file: "spec/c_spec.lua", line: 2, name: "c", status: .failed, message: "first\r\nsecond\rthird")
                ])
        ]
        let tap = TAPReport.render(reports).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        expectEqual(
            Array(tap[2...8]),
            [
                "not ok 1 - c", "  ---", "  message: |-", "    first", "    second", "    third",
                "  at: \"spec/c_spec.lua:2\"",
            ])
        let text = TextReport.render(reports)
        #expect(!text.unicodeScalars.contains("\r"))
    }

    /// Found by the `report` fuzz target: a file name with a line break or a quote broke TAP's
    /// `at:` line, and a name with one broke the text report's line.
    @Test func placesAndNamesFromSpecsStayOnTheirLines() {
        let reports = [
            SpecFileReport(
                path: "spec/d\n_spec.lua",
                results: [
                    TestResult(
                        file: "spec/d\n\"x\"_spec.lua", line: 4, name: "two\nlines\u{1B}[31m", status: .failed,
                        message: "m")
                ])
        ]
        let tap = TAPReport.render(reports).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(tap.contains("  at: \"spec/d\\n\\\"x\\\"_spec.lua:4\""))
        expectEqual(TextReport.render(reports), "FAIL  two\\nlines\\e[31m (spec/d\\n\"x\"_spec.lua:4)\n      m\n")
    }

    /// Found by the `report` fuzz target: a huge duration trapped converting to Int.
    @Test func durationsOutsideTheirRangeAreClamped() {
        expectEqual(JUnitReport.seconds(1.2344), "1.234")
        expectEqual(JUnitReport.seconds(1e300), "1000000000.000")
        expectEqual(JUnitReport.seconds(.infinity), "1000000000.000")
        expectEqual(JUnitReport.seconds(-3), "0.000")
        expectEqual(JUnitReport.seconds(.nan), "0.000")
    }

    /// Found by the `report` fuzz target: `#` and a combining mark are one Swift Character, so
    /// the name's `#` went unescaped and a TAP reader saw a directive.
    @Test func aHashBeforeACombiningMarkIsEscaped() {
        let reports = [
            SpecFileReport(
                path: "spec/e_spec.lua",
                results: [
                    TestResult(file: "spec/e_spec.lua", line: 1, name: "a #\u{301} b", status: .passed)
                ])
        ]
        expectEqual(TAPReport.render(reports), "TAP version 13\n1..1\nok 1 - a \\#\u{301} b\n")
    }

    /// TAP escapes NUL and terminal escapes in names and messages, never writing them raw,
    /// as the text format escapes them, and the same way in both.
    @Test func tapEscapesControlCharactersAsTheTextFormatDoes() {
        let reports = [
            SpecFileReport(
                path: "spec/f_spec.lua",
                results: [
                    TestResult(
                        file: "spec/f_spec.lua", line: 1, name: "a\u{0}b\u{1b}[2J #c", status: .failed,
                        message: "spec/f_spec.lua:2: x\u{1b}]0;title\u{7}\tend\nnext\u{9b}line"),
                    TestResult(
                        file: "spec/f_spec.lua", line: 5, name: "skip\u{7f}", status: .skipped, message: "why\u{0}"),
                ])
        ]
        let tap = TAPReport.render(reports)
        expectEqual(
            tap,
            """
            TAP version 13
            1..2
            not ok 1 - a\\0b\\e[2J \\#c
              ---
              message: |-
                spec/f_spec.lua:2: x\\e]0;title\\a\tend
                next\\u{9b}line
              at: "spec/f_spec.lua:1"
              ...
            ok 2 - skip\\x7f # SKIP why\\0

            """)
        let text = TextReport.render(reports)
        #expect(text.contains("FAIL  a\\0b\\e[2J #c (spec/f_spec.lua:1)\n"))
        #expect(text.contains("      spec/f_spec.lua:2: x\\e]0;title\\a\tend\n      next\\u{9b}line\n"))
        #expect(!tap.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    @Test func junitIsWellFormedXMLWithTheCounts() throws {
        let xml = JUnitReport.render(Self.reports)
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let root = try #require(collector.elements.first)
        expectEqual(root.name, "testsuites")
        expectEqual(root.attributes["tests"], "4")
        expectEqual(root.attributes["failures"], "1")
        expectEqual(root.attributes["skipped"], "1")
        expectEqual(
            collector.elements.filter { $0.name == "testsuite" }.map { $0.attributes["name"] },
            [
                "spec/a_spec.lua", "spec/b_spec.lua",
            ])
        let cases = collector.elements.filter { $0.name == "testcase" }
        expectEqual(
            cases.map { $0.attributes["name"] }, ["a opens", "a <closes> & \"bounces\" #2", "a later", "b works"])
        expectEqual(cases[0].attributes["time"], "0.001")
        expectEqual(cases[1].attributes["line"], "7")
        let failure = try #require(collector.elements.first { $0.name == "failure" })
        expectEqual(failure.attributes["message"], "spec/a_spec.lua:9: Expected objects to be equal.")
        expectEqual(collector.failureText, "spec/a_spec.lua:9: Expected objects to be equal.\nPassed in:\n(number) 1")
        expectEqual(collector.elements.filter { $0.name == "skipped" }.count, 1)
    }

    /// An error (here a spec file that did not load, and a Lua error in a test) is an `<error>`,
    /// counted under `errors`; an assertion's failure stays a `<failure>`.
    @Test func junitTellsErrorsFromFailures() {
        let reports = [
            SpecFileReport(
                path: "spec/c_spec.lua",
                results: [
                    TestResult(
                        file: "spec/c_spec.lua", line: 2, name: "c asserts", status: .failed,
                        message: "spec/c_spec.lua:3: Expected objects to be equal."),
                    TestResult(
                        file: "spec/c_spec.lua", line: 5, name: "c raises", status: .failed,
                        message: "spec/c_spec.lua:6: attempt to index a nil value\nstack traceback:", isError: true),
                ]),
            SpecFileReport(
                path: "spec/d_spec.lua",
                results: [
                    TestResult(
                        file: "spec/d_spec.lua", line: 0, name: "spec/d_spec.lua (did not load)", status: .failed,
                        message: "spec/d_spec.lua:1: unexpected symbol near '<eof>'", isError: true)
                ]),
        ]
        let xml = JUnitReport.render(reports).replacingOccurrences(
            of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
        expectEqual(
            xml,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="swipehost test" tests="3" failures="1" errors="2" skipped="0">
              <testsuite name="spec/c_spec.lua" tests="2" failures="1" errors="1" skipped="0">
                <testcase classname="spec.c_spec" name="c asserts" file="spec/c_spec.lua" line="2">
                  <failure message="spec/c_spec.lua:3: Expected objects to be equal." type="failure">spec/c_spec.lua:3: Expected objects to be equal.</failure>
                </testcase>
                <testcase classname="spec.c_spec" name="c raises" file="spec/c_spec.lua" line="5">
                  <error message="spec/c_spec.lua:6: attempt to index a nil value" type="error">spec/c_spec.lua:6: attempt to index a nil value
            stack traceback:</error>
                </testcase>
              </testsuite>
              <testsuite name="spec/d_spec.lua" tests="1" failures="0" errors="1" skipped="0">
                <testcase classname="spec.d_spec" name="spec/d_spec.lua (did not load)" file="spec/d_spec.lua" line="0">
                  <error message="spec/d_spec.lua:1: unexpected symbol near &#39;&lt;eof&gt;&#39;" type="error">spec/d_spec.lua:1: unexpected symbol near &#39;&lt;eof&gt;&#39;</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        // Workers hand the difference over too.
        for report in reports {
            expectEqual(WorkerProtocol.decode(WorkerProtocol.encode(report)), report)
        }
        #expect(WorkerProtocol.encode(reports[1]).contains("result\terror\tspec/d_spec.lua\t"))
        // The text and TAP reports and the counts do not change: an error is a failure there.
        expectEqual(TestSummary(reports).line, "0 passed, 3 failed")
    }

    @Test func textEndsWithTheCounts() {
        let text = TestReportFormat.text.render(Self.reports)
        #expect(text.hasSuffix("\n2 passed, 1 failed, 1 skipped\n"))
        #expect(
            text.hasPrefix(
                "PASS  a opens (spec/a_spec.lua:3)\nFAIL  a <closes> & \"bounces\" #2 (spec/a_spec.lua:7)\n      spec/a_spec.lua:9: Expected"
            ))
        expectEqual(TestSummary([Self.reports[1]]).line, "1 passed, 0 failed")
    }

    @Test func workerLinesRoundTrip() {
        for report in Self.reports {
            expectEqual(WorkerProtocol.decode(WorkerProtocol.encode(report)), report)
        }
        expectEqual(WorkerProtocol.decode("spec\tx\nresult\tpassed\tx\t1\t0.0\tname\t\n"), nil)  // no "end": incomplete
    }
}

final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var failureText = ""
    private var inFailure = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        elements.append((name, attributes))
        inFailure = name == "failure"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}
