import Testing
@testable import SwipeTesting

/// Runs the runner on the fixture specs and checks what it reports.
struct SpecRunnerTests {
    /// A run of `paths` through ``TestSession``: its status, standard output and error output.
    static func session(_ paths: [String], format: TestReportFormat = .text, jobs: Int = 1, seed: Int? = nil, specBudget: Int = 10_000_000)
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
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.last == "4 passed, 0 failed")
        #expect(lines.first == "PASS  api runs hooks around each test (\(Fixture.path("pass"))/api_spec.lua:11)")
        #expect(lines.filter { $0.hasPrefix("PASS  ") }.count == 4)
    }

    @Test func aFailingAssertionShowsItsLineAndTheDiff() {
        let run = Self.session([Fixture.path("fail")])
        let file = Fixture.path("fail") + "/one_failure_spec.lua"
        #expect(run.status == 1)
        #expect(run.output.hasSuffix("\n1 passed, 2 failed\n"))
        #expect(run.output.contains("FAIL  one failure expects the wrong row (\(file):8)\n      \(file):11: Expected objects to be the same.\n"))
        #expect(run.output.contains("      Differences:\n        [1].row: expected 4, got 3\n"))
    }

    @Test func aScriptErrorNamesTheSpecLineOfTheScriptLine() {
        let report = SpecRunner().run(file: Fixture.path("fail") + "/one_failure_spec.lua")
        let failure = report.results.first { $0.name == "one failure names the spec line of a bad script line" }
        #expect(failure?.status == .failed)
        #expect(failure?.message.hasPrefix(Fixture.path("fail") + "/one_failure_spec.lua:18: row 99 does not exist: the table has rows 1-30") == true)
    }

    @Test func pendingTestsAreCountedAsSkipped() {
        let run = Self.session([Fixture.path("pending")])
        #expect(run.status == 0)
        #expect(run.output.split(separator: "\n").last == "1 passed, 0 failed, 2 skipped")
        #expect(run.output.contains("SKIP  pending is not written yet (\(Fixture.path("pending"))/pending_spec.lua:5)\n"))
    }

    @Test func aSpecWithASyntaxErrorIsAFailureWithItsError() {
        let file = Fixture.path("syntax") + "/broken_spec.lua"
        let report = SpecRunner().run(file: file)
        #expect(report.results.count == 1)
        #expect(report.results[0].status == .failed)
        #expect(report.results[0].name == "\(file) (did not load)")
        #expect(report.results[0].message == "\(file):3: <name> or '...' expected near 'end'")
        let run = Self.session([file])
        #expect(run.status == 1)
        #expect(run.output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func endlessLoopsInPluginsAndSpecsFailTheirTestAndTheRunGoesOn() {
        var options = SpecRunOptions()
        options.specBudget = 5_000_000
        let report = SpecRunner(options: options).run(file: Fixture.path("loop") + "/forever_spec.lua")
        #expect(report.results.map(\.status) == [.failed, .failed, .passed])
        #expect(report.results[0].message.contains("instruction budget of 100000 exceeded in 'on_open'"))
        #expect(report.results[0].message.contains("plugin errors during the test:\nplugin error in forever.on_open (row 2):"))
        #expect(report.results[1].message == "\(Fixture.path("loop"))/forever_spec.lua:11: instruction budget of 5000000 exceeded (a loop that never ends? --spec-budget raises the limit)")
    }

    @Test func aTableCollectedDuringATestStillHasItsPluginErrorsReported() {
        let file = Fixture.path("lifetime") + "/dropped_spec.lua"
        let report = SpecRunner().run(file: file)
        #expect(report.results.map(\.status) == [.failed, .failed])
        #expect(report.results[0].message.hasPrefix("\(file):11: failed after the table was collected\n"))
        #expect(report.results[0].message.contains("plugin errors during the test:\nplugin error in forever.on_open (row 2):"))
        #expect(report.results[1].message.hasPrefix("\(file):16: failed without a table\n"))
        #expect(!report.results[1].message.contains("plugin error"))
    }

    @Test func aSeedShufflesReproducibly() {
        let first = Self.session([Fixture.path("pass")], seed: 42).output
        let again = Self.session([Fixture.path("pass")], seed: 42).output
        #expect(first == again)
        #expect(first.hasSuffix("4 passed, 0 failed\n"))
        let orders = Set((1...8).map { Self.session([Fixture.path("pass")], seed: $0).output })
        #expect(orders.count > 1)
    }

    @Test func theFilterKeepsMatchingTests() {
        var options = SpecRunOptions()
        options.filter = "spies"
        let report = SpecRunner(options: options).run(file: Fixture.path("pass") + "/api_spec.lua")
        #expect(report.results.map(\.name) == ["api assertions spies on calls"])
    }

    @Test func noSpecFilesIsAnError() {
        let run = Self.session([Fixture.path("plugins")])
        #expect(run.status == 2)
        #expect(run.errors == "swipehost test: no *_spec.lua file found in \(Fixture.path("plugins"))\n")
    }
}
