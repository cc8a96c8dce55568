import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// Runs the runner on the fixture specs and checks what it reports.
struct SpecRunnerTests {
    /// A run of `paths` through ``TestSession``: its status, standard output and error output.
    static func session(
        _ paths: [String], format: TestReportFormat = .text, jobs: Int = 1, seed: Int? = nil,
        specBudget: Int = 10_000_000
    )
        -> (status: Int32, output: String, errors: String)
    {
        var options = SpecRunOptions()
        options.seed = seed
        options.specBudget = specBudget
        var output = ""
        var errors = ""
        let status = TestSession(
            paths: paths, options: options, format: format, jobs: jobs,
            output: { output += $0 }, errorOutput: { errors += $0 }
        ).run()
        return (status, output, errors)
    }

    @Test func allPassingSpecsExitZeroWithTheirCount() {
        let run = Self.session([Fixture.path("pass")])
        expectEqual(run.status, 0)
        let lines = run.output.split(separator: "\n")
        expectEqual(lines.last, "4 passed, 0 failed")
        expectEqual(lines.first, "PASS  api runs hooks around each test (\(Fixture.path("pass"))/api_spec.lua:11)")
        expectEqual(lines.filter { $0.hasPrefix("PASS  ") }.count, 4)
    }

    @Test func aFailingAssertionShowsItsLineAndTheDiff() {
        let run = Self.session([Fixture.path("fail")])
        let file = Fixture.path("fail") + "/one_failure_spec.lua"
        expectEqual(run.status, 1)
        #expect(run.output.hasSuffix("\n1 passed, 2 failed\n"))
        #expect(
            run.output.contains(
                "FAIL  one failure expects the wrong row (\(file):8)\n      \(file):11: Expected objects to be the same.\n"
            ))
        #expect(run.output.contains("      Differences:\n        [1].row: expected 4, got 3\n"))
    }

    @Test func aScriptErrorNamesTheSpecLineOfTheScriptLine() {
        let report = SpecRunner().run(file: Fixture.path("fail") + "/one_failure_spec.lua")
        let failure = report.results.first { $0.name == "one failure names the spec line of a bad script line" }
        expectEqual(failure?.status, .failed)
        expectEqual(
            failure?.message.hasPrefix(
                Fixture.path("fail") + "/one_failure_spec.lua:18: row 99 does not exist: the table has rows 1-30"), true
        )
    }

    @Test func pendingTestsAreCountedAsSkipped() {
        let run = Self.session([Fixture.path("pending")])
        expectEqual(run.status, 0)
        expectEqual(run.output.split(separator: "\n").last, "1 passed, 0 failed, 2 skipped")
        #expect(
            run.output.contains("SKIP  pending is not written yet (\(Fixture.path("pending"))/pending_spec.lua:5)\n"))
    }

    @Test func aSpecWithASyntaxErrorIsAFailureWithItsError() {
        let file = Fixture.path("syntax") + "/broken_spec.lua"
        let report = SpecRunner().run(file: file)
        expectEqual(report.results.count, 1)
        expectEqual(report.results[0].status, .failed)
        expectEqual(report.results[0].name, "\(file) (did not load)")
        expectEqual(report.results[0].message, "\(file):3: <name> or '...' expected near 'end'")
        let run = Self.session([file])
        expectEqual(run.status, 1)
        #expect(run.output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func endlessLoopsInPluginsAndSpecsFailTheirTestAndTheRunGoesOn() {
        var options = SpecRunOptions()
        options.specBudget = 5_000_000
        let report = SpecRunner(options: options).run(file: Fixture.path("loop") + "/forever_spec.lua")
        expectEqual(report.results.map(\.status), [.failed, .failed, .passed])
        #expect(report.results[0].message.contains("instruction budget of 100000 exceeded in 'on_open'"))
        #expect(
            report.results[0].message.contains(
                "plugin errors during the test:\nplugin error in forever.on_open (row 2):"))
        // At the looping line (it named the `it` line, 11), with the traceback.
        let file = "\(Fixture.path("loop"))/forever_spec.lua"
        expectEqual(
            report.results[1].message,
            """
            \(file):12: instruction budget of 5000000 exceeded (a loop that never ends? --spec-budget raises the limit)
            stack traceback:
            \t\(file):12: in function <\(file):11>
            """)
    }

    @Test func aTableCollectedDuringATestStillHasItsPluginErrorsReported() {
        let file = Fixture.path("explicit") + "/dropped.lua"
        let report = SpecRunner().run(file: file)
        expectEqual(report.results.map(\.status), [.failed, .failed])
        #expect(report.results[0].message.hasPrefix("\(file):11: failed after the table was collected\n"))
        #expect(
            report.results[0].message.contains(
                "plugin errors during the test:\nplugin error in forever.on_open (row 2):"))
        #expect(report.results[1].message.hasPrefix("\(file):16: failed without a table\n"))
        #expect(!report.results[1].message.contains("plugin error"))
    }

    /// A spec that cannot end the runner: `os.exit` fails its test, the file goes on.
    @Test func osExitFailsItsTestAndTheFileGoesOn() {
        let file = Fixture.path("explicit") + "/exits.lua"
        let report = SpecRunner().run(file: file)
        expectEqual(
            report.results.map(\.name),
            [
                "exits fails first", "exits calls os.exit", "exits calls os.exit under pcall", "exits runs after",
            ])
        expectEqual(report.results.map(\.status), [.failed, .failed, .failed, .passed])
        #expect(report.results[1].message.hasPrefix("\(file):7: os.exit(0) called: a spec cannot end the test run\n"))
        #expect(report.results[2].message.hasPrefix("os.exit(true) called: a spec cannot end the test run\n"))
    }

    @Test func osExitAtTopLevelIsALoadFailure() {
        let file = Fixture.path("explicit") + "/exits_at_top_level.lua"
        let report = SpecRunner().run(file: file)
        expectEqual(report.results.map(\.name), ["\(file) (did not load)"])
        expectEqual(
            report.results[0].message,
            "\(file):4: os.exit(3) called: a spec cannot end the test run\nstack traceback:\n\t\(file):4: in main chunk"
        )
    }

    /// `error` with a value that is not a string names the place and shows the value.
    @Test func errorsThatAreNotStringsNameTheirPlaceAndValue() {
        let file = Fixture.path("explicit") + "/errors.lua"
        let report = SpecRunner().run(file: file)
        let firstLines = report.results.map {
            $0.message.split(separator: "\nstack traceback:").first.map(String.init) ?? ""
        }
        expectEqual(
            firstLines,
            [
                "\(file):3: error object is a table: {\n  code = 1\n}",
                "\(file):7: error object is nil",
                "\(file):11: error object is a number: 42",
                "\(file):15: plain",
            ])
        let top = Fixture.path("explicit") + "/raises_at_top_level.lua"
        let load = SpecRunner().run(file: top)
        expectEqual(load.results.map(\.name), ["\(top) (did not load)"])
        expectEqual(
            load.results[0].message,
            "\(top):4: error object is a table: {\n  reason = \"top level\"\n}\nstack traceback:\n\t\(top):4: in main chunk"
        )
    }

    /// A failing `same` on tables 5,000 levels deep is described quickly (describing it whole
    /// is cubic: over a minute), and the spec budget counts it. A described value is cut at 10
    /// levels, 200 entries and 200 bytes of a string; what a test allocates counts against its
    /// budget.
    @Test func deepWideAndHugeValuesAreDescribedCutShort() throws {
        let file = Fixture.path("explicit") + "/deep_values.lua"
        var options = SpecRunOptions()
        options.specBudget = 10_000_000
        let report = SpecRunner(options: options).run(file: file)
        expectEqual(report.results.map(\.status), [.failed, .failed, .failed, .failed])
        // Ten levels of `x = {`, the eleventh `{...}`, as a block and on one line.
        func nested(_ indent: String) -> String {
            var lines = ["(table) {"]
            for level in 1...9 { lines.append(indent + String(repeating: "  ", count: level) + "x = {") }
            lines.append(indent + String(repeating: "  ", count: 10) + "x = {...}")
            for level in (1...9).reversed() { lines.append(indent + String(repeating: "  ", count: level) + "}") }
            lines.append(indent + "}")
            return lines.joined(separator: "\n")
        }
        let oneLine = String(repeating: "{ x = ", count: 10) + "{...}" + String(repeating: " }", count: 10)
        expectEqual(
            report.results[0].message,
            """
            \(file):16: Expected objects to be the same.
            Passed in:
            \(nested(""))
            Expected:
            \(nested(""))
            Differences:
              x.x.x.x.x.x.x.x.x.x: expected \(oneLine), got \(oneLine)
            """)
        let wide = (1...200).map { "  \($0)," }.joined(separator: "\n")
        expectEqual(
            report.results[1].message,
            """
            \(file):22: Expected objects to be equal.
            Passed in:
            (table) {
            \(wide)
              ...
            }
            Expected:
            (number) 1
            """)
        let shown = "\"" + String(repeating: "a", count: 200) + "\"…(16777216 bytes)"
        expectEqual(
            report.results[2].message,
            """
            \(file):26: Expected objects to be the same.
            Passed in:
            (table) {}
            Expected:
            (table) {
              \(shown)
            }
            Differences:
              [1]: expected \(shown), got nil
            """)
        // 16 MiB a concatenation: the 39th spends the budget of 10,000,000 (each costs 262,144).
        #expect(
            report.results[3].message.hasPrefix(
                "\(file):31: instruction budget of 10000000 exceeded (a loop that never ends? --spec-budget raises the limit)\n"
            ))
    }

    @Test func anEndlessLoopInADescribeBlockFailsTheFile() {
        let file = Fixture.path("explicit") + "/loops_in_describe.lua"
        var options = SpecRunOptions()
        options.specBudget = 1_000_000
        let report = SpecRunner(options: options).run(file: file)
        expectEqual(report.results.map(\.status), [.failed])
        expectEqual(
            report.results[0].message,
            """
            \(file):3 (while the file loaded, outside any test): instruction budget of 1000000 exceeded (a loop that never ends? --spec-budget raises the limit)
            stack traceback:
            \t\(file):3: in function <\(file):1>
            \t[C]: in function 'pcall'
            \t\(file):1: in main chunk
            """)
    }

    @Test func aFileThatReturnsEarlyRunsTheTestsItDefined() {
        let report = SpecRunner().run(file: Fixture.path("explicit") + "/returns_early.lua")
        expectEqual(report.results.map(\.name), ["early is defined"])
        expectEqual(report.results.map(\.status), [.passed])
    }

    @Test func aSeedShufflesReproducibly() {
        let first = Self.session([Fixture.path("pass")], seed: 42).output
        let again = Self.session([Fixture.path("pass")], seed: 42).output
        expectEqual(first, again)
        #expect(first.hasSuffix("4 passed, 0 failed\n"))
        let orders = Set((1...8).map { Self.session([Fixture.path("pass")], seed: $0).output })
        #expect(orders.count > 1)
    }

    @Test func theFilterKeepsMatchingTests() {
        var options = SpecRunOptions()
        options.filter = "spies"
        let report = SpecRunner(options: options).run(file: Fixture.path("pass") + "/api_spec.lua")
        expectEqual(report.results.map(\.name), ["api assertions spies on calls"])
    }

    @Test func noSpecFilesIsAnError() {
        let run = Self.session([Fixture.path("plugins")])
        expectEqual(run.status, 2)
        expectEqual(run.errors, "swipehost test: no *_spec.lua file found in \(Fixture.path("plugins"))\n")
    }

    /// A plugin error the test did not expect fails it, at the spec line of
    /// the call during which it happened; `plugin_errors = "allow"` or looking at the errors
    /// (t:errors()) expects those so far. Plugin paths are found beside the spec too.
    /// A table collected during its test (its finalizer has run, its key not yet gone from the
    /// weak table) has its error reported once, not once from each list: this was a flaky
    /// "2 plugin errors" whenever the collector happened to finalize a table mid-test.
    @Test func aCollectedTablesPluginErrorIsReportedOnce() {
        let file = Fixture.path("explicit") + "/plugin_errors_collected.lua"
        let report = SpecRunner().run(file: file)
        expectEqual(report.results.map(\.status), [.failed])
        expectEqual(report.results.first?.message.hasPrefix("\(file):11: a plugin error during the test"), true)
    }

    @Test func aPluginErrorFailsTheTestUnlessItIsExpected() {
        let folder = Fixture.path("explicit")
        let file = folder + "/plugin_errors_expected.lua"
        let report = SpecRunner().run(file: file)
        expectEqual(report.results.map(\.status), [.failed, .passed, .passed, .failed, .failed])
        let notice =
            "a plugin error during the test (to expect them: swipe.table{ plugin_errors = \"allow\" }, or look at them with t:errors()):\nplugin error in broken.on_action (row 2): "
        #expect(report.results[0].message.hasPrefix("\(file):9: " + notice))
        #expect(report.results[0].message.contains("broken.lua:8: boom on row 2\n  stack traceback:\n"))
        #expect(report.results[3].message.hasPrefix("\(file):33: " + notice))
        #expect(
            report.results[4].message.hasPrefix(
                "\(file):37: swipe.table: plugin 'nowhere.lua' not found: tried nowhere.lua (from the current directory) and \(folder)/nowhere.lua (from the spec's folder)"
            ))
    }
}
