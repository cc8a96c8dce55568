import Foundation
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Generation, the mix, the failure's identity, and what explore finds in the shipped plugins.
struct ExploreGenerationTests {
    static let shipped = [
        "plugins/mail.lua", "plugins/per_row.lua", "plugins/transitions.lua", "plugins/tutorial.lua",
        "examples/inbox.lua",
    ]

    /// Property: every generated script parses back to the same lines and runs as `swipehost run`
    /// runs it, with no error.
    @Test(arguments: shipped)
    func everyGeneratedScriptParsesAndRuns(_ plugin: String) throws {
        let configuration = SessionConfiguration(plugins: [.file(Repository.path(plugin))])
        let replay = ExploreReplay(configuration: configuration, check: nil)
        var kinds = Set<String>()
        for seed in UInt64(1)...25 {
            let (lines, failure) = replay.explore(
                steps: 80, random: .forRun(0, seed: seed), mix: .standard)
            expectEqual(failure, nil)
            expectEqual(lines.count, 80)
            let text = ExploreOutput.text(of: lines)
            let parsed = try ScriptParser(fileName: "generated").parse(text)
            expectEqual(parsed.map(\.scriptLine), lines.map(\.scriptLine))
            expectEqual(parsed.map(\.command), lines.map(\.command))
            #expect(throws: Never.self) {
                try PluginRun(fileName: "generated", configuration: configuration).run(script: text)
            }
            for line in lines { kinds.insert(String(line.scriptLine.split(separator: " ")[0])) }
        }
        // Every kind of line the grammar has but `actions` shows up.
        #expect(kinds.isSuperset(of: ["pan", "swipe", "tap", "wait", "scroll", "open", "close", "dismiss"]))
    }

    @Test func rowsAreNamedByIDWhereItemsHaveNames() throws {
        let configuration = SessionConfiguration(plugins: [.file(Repository.path("examples/inbox.lua"))])
        let replay = ExploreReplay(configuration: configuration, check: nil)
        let (lines, _) = replay.explore(steps: 200, random: .forRun(0, seed: 3), mix: .standard)
        #expect(lines.contains { $0.rowID != nil && $0.scriptLine.contains(" #m") })
        #expect(lines.contains { $0.rowID == nil && $0.command.row != nil })
    }

    @Test func aRunIsTheSameWhicheverOrderRunsAreMadeIn() throws {
        let configuration = SessionConfiguration(plugins: [.file(Repository.path("plugins/mail.lua"))])
        let replay = ExploreReplay(configuration: configuration, check: nil)
        let first = replay.explore(steps: 50, random: .forRun(7, seed: 42), mix: .standard).lines
        _ = replay.explore(steps: 50, random: .forRun(3, seed: 42), mix: .standard)
        let again = replay.explore(steps: 50, random: .forRun(7, seed: 42), mix: .standard).lines
        expectEqual(first, again)
        #expect(first != replay.explore(steps: 50, random: .forRun(8, seed: 42), mix: .standard).lines)
    }

    @Test func theMixTakesWeightsAndRefusesUnknownKindsAndAllZeros() throws {
        let mix = try ExploreMix(parsing: "pan=40,tap=25,wait=15")
        expectEqual(mix.text, "pan=40,tap=25,wait=15")
        #expect(
            throws: ExploreProblem(
                "--mix: unknown kind 'pna' (did you mean 'pan'?) (known: pan, flick, swipe, tap, wait, scroll, open, close, activate, dismiss)"
            )
        ) {
            try ExploreMix(parsing: "pna=3")
        }
        #expect(throws: ExploreProblem("--mix: every weight is 0: give at least one kind a weight above 0")) {
            try ExploreMix(parsing: "pan=0,tap=0")
        }
        #expect(throws: ExploreProblem("--mix: the weight of 'tap' must be a whole number from 0 to 1000000, got '-2'"))
        {
            try ExploreMix(parsing: "tap=-2")
        }
        #expect(throws: ExploreProblem("--mix: expected KIND=WEIGHT, got 'pan'")) { try ExploreMix(parsing: "pan") }
        // Only waits: every line is a wait.
        let replay = ExploreReplay(
            configuration: SessionConfiguration(plugins: [.file(Repository.path("plugins/mail.lua"))]), check: nil
        )
        let (lines, _) = replay.explore(steps: 30, random: .forRun(0, seed: 1), mix: try ExploreMix(parsing: "wait=1"))
        #expect(lines.allSatisfy { if case .wait = $0.command { true } else { false } })
    }

    @Test func aPluginErrorIsTheSameFailureWhateverItsNumbersButNotAnotherLine() {
        func failure(_ message: String) -> ExploreFailure {
            ExploreFailure(kind: .pluginError(hook: "after", errorKind: "runtime"), message: message, step: 3)
        }
        let first = failure("p.lua:21: row 7 is not waiting")
        #expect(first.isSameFailure(as: failure("p.lua:21: row 12 is not waiting")))
        #expect(!first.isSameFailure(as: failure("p.lua:22: row 7 is not waiting")))
        #expect(!first.isSameFailure(as: failure("p.lua:21: row 7 is waiting")))
        let invariant = ExploreFailure(kind: .invariant("rests-as-announced"), message: "row 3 ...", step: 1)
        #expect(
            invariant.isSameFailure(
                as: ExploreFailure(kind: .invariant("rests-as-announced"), message: "row 1", step: 9)))
        #expect(!invariant.isSameFailure(as: first))
    }

    /// No failure in the shipped plugins and examples (scripts/explore-shipped.sh, the test
    /// command's stage, runs 400 a plugin; `--runs 5000` is the longer check, docs/testing.md).
    @Test(arguments: shipped)
    func nothingIsFoundInTheShippedPlugins(_ plugin: String) throws {
        var settings = Fixture.settings(Repository.path(plugin), seed: 2026, runs: 150)
        settings.jobs = 2
        let outcome = try Explorer(settings: settings).run()
        #expect(outcome.finding == nil, "\(outcome.finding.map { ExploreOutput.text(of: $0.shrunk) } ?? "")")
        expectEqual(outcome.runs, 150)
    }

    /// The minimal script explore found in examples/inbox.lua (a second full swipe on a row whose
    /// first delete was sliding it out left a timer naming a row that was gone) runs clean now.
    @Test func theInboxRegressionScriptPasses() throws {
        let configuration = SessionConfiguration(plugins: [.file(Repository.path("examples/inbox.lua"))])
        let text = try String(contentsOfFile: Fixture.path("inbox_regression.swipe"), encoding: .utf8)
        let lines = try ScriptParser(fileName: "inbox_regression.swipe").parse(text)
        expectEqual(lines.count, 8)
        expectEqual(ExploreReplay(configuration: configuration, check: nil).replay(lines), .passes)
    }
}
