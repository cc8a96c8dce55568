import Foundation
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import SwipeTesting
import Testing

/// Each fixture plugin has one bug that only a sequence reaches; for a fixed seed, explore finds
/// it within 2,000 runs, shrinks it to at most 12 lines, and the script and spec it writes fail
/// alone.
struct ExploreFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var plugin: String
        var check: String?
        var seed: UInt64
        var kind: String
        var name: String
        var message: String
        var testDescription: String { plugin }
    }

    static let cases: [Case] = [
        Case(
            plugin: "two_open.lua", check: nil, seed: 1, kind: "plugin_error", name: "on_open",
            message: "two rows are open"),
        Case(
            plugin: "stale_index.lua", check: nil, seed: 1, kind: "plugin_error", name: "after",
            message: "is not waiting for a full swipe to be fulfilled"),
        Case(
            plugin: "other_edge.lua", check: nil, seed: 1, kind: "plugin_error", name: "on_action",
            message: "attempt to call a nil value"),
        Case(
            plugin: "past_buttons.lua", check: nil, seed: 1, kind: "plugin_error", name: "on_progress",
            message: "attempt to index a nil value (local 'shade')"),
        Case(
            plugin: "double_flag.lua", check: "double_flag_check.lua", seed: 1, kind: "check", name: "flagged_once",
            message: "an item is flagged twice"),
    ]

    static func explore(_ test: Case, jobs: Int = 1) throws -> (Explorer, Explorer.Outcome) {
        var settings = Fixture.settings(Fixture.path(test.plugin), seed: test.seed)
        settings.jobs = jobs
        let checks = try test.check.map { try LuaExploreChecks(files: [Fixture.path($0)]) }
        let explorer = Explorer(settings: settings, checks: checks)
        return (explorer, try explorer.run())
    }

    @Test(arguments: cases)
    func isFoundWithinTwoThousandRunsAndShrunkToTwelveLinesAtMost(_ test: Case) throws {
        let (explorer, outcome) = try Self.explore(test)
        let finding = try #require(outcome.finding)
        #expect(finding.run < 2_000)
        expectEqual(outcome.runs, finding.run + 1)
        #expect(finding.shrunk.count <= 12)
        #expect(finding.shrunk.count >= 1)
        expectEqual(finding.shrunkFailure.kindName, test.kind)
        expectEqual(finding.shrunkFailure.name, test.name)
        #expect(finding.shrunkFailure.message.contains(test.message))
        #expect(!finding.shrunkFailure.isHostBug)
        // Shrinker properties: the same failure, no longer, and shrinking it again changes nothing.
        #expect(finding.shrunkFailure.isSameFailure(as: finding.failure))
        #expect(finding.shrunk.count <= finding.original.count)
        let again = try explorer.shrink(run: finding.run, lines: finding.shrunk, failure: finding.shrunkFailure)
        expectEqual(again.shrunk, finding.shrunk)
        expectEqual(again.shrunk.map(\.scriptLine), finding.shrunk.map(\.scriptLine))
    }

    @Test(arguments: cases)
    func theWrittenScriptReplaysTheFailureAloneAndTheSpecFails(_ test: Case) throws {
        let (explorer, outcome) = try Self.explore(test)
        let finding = try #require(outcome.finding)
        let folder = try TestFiles.folderPath("explore")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = ExploreTarget(
            path: Fixture.path(test.plugin), settings: explorer.settings, checks: explorer.checks,
            checkPaths: test.check.map { [Fixture.path($0)] } ?? [], folder: folder)
        let files = try target.write(finding).get()
        expectEqual(files, ["\(folder)/\(target.name)-1.swipe", "\(folder)/\(target.name)-1_spec.lua"])
        // The script: its header names the plugin, from the folder; read back as run does, it
        // replays the failure (and the saved-failure replay sees it still failing).
        let script = try String(contentsOfFile: files[0], encoding: .utf8)
        #expect(script.contains("# plugin: \(ExploreTarget.relative(Fixture.path(test.plugin), from: folder))\n"))
        guard case .fails(let replayed) = target.replaySaved(files[0]) else {
            Issue.record("the saved script does not fail")
            return
        }
        #expect(replayed.isSameFailure(as: finding.shrunkFailure))
        if test.kind == "plugin_error" {
            let header = script.split(separator: "\n").first { $0.hasPrefix("# plugin: ") }!
            let plugin = ScriptHeader.resolve(String(header.dropFirst("# plugin: ".count)), script: files[0])
            let output = try PluginRun(
                fileName: files[0], configuration: SessionConfiguration(plugins: [.file(plugin)])
            ).run(script: script)
            #expect(
                String(decoding: output.bytes, as: UTF8.self).contains("plugin error in \(test.plugin.dropLast(4))"))
        }
        // The spec fails, with the failure's message.
        let report = SpecRunner().run(file: files[1])
        expectEqual(report.results.count, 1)
        expectEqual(report.results.first?.status, .failed)
        expectEqual(report.results.first?.message.contains(test.message), true)
    }

    @Test func theSameSeedFindsTheSameWithOneJobOrTwo() throws {
        let test = Self.cases[1]
        let (_, one) = try Self.explore(test, jobs: 1)
        let (_, two) = try Self.explore(test, jobs: 2)
        let (first, second) = (try #require(one.finding), try #require(two.finding))
        expectEqual(first.run, second.run)
        expectEqual(first.original, second.original)
        expectEqual(first.shrunk, second.shrunk)
        expectEqual(first.shrunkFailure, second.shrunkFailure)
        expectEqual(one.runs, two.runs)
    }
}
