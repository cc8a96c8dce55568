import Foundation
import SwipeCore
import SwipeExplore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import SwipeTesting
import Testing

/// User invariants: `--check` files and `swipe.explore{...}` in a spec.
struct ExploreCheckTests {
    static func file(_ text: String) throws -> String {
        let path = try TestFiles.folderPath("explore") + "/check.lua"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aCheckThatLoopsIsStoppedByTheBudgetAndNamed() throws {
        let path = try Self.file(
            "return { loops = function(t) if t:now() > 0 then while true do end end end, fine = function() end }")
        var settings = Fixture.settings(Repository.path("plugins/tutorial.lua"), seed: 1, runs: 3)
        settings.steps = 20
        let outcome = try Explorer(settings: settings, checks: try LuaExploreChecks(files: [path])).run()
        let finding = try #require(outcome.finding)
        expectEqual(finding.shrunkFailure.kind, .check("loops"))
        #expect(finding.shrunkFailure.message.contains("instruction"))
        // The smallest script that moves the clock.
        expectEqual(finding.shrunk.count, 1)
    }

    @Test func checksSeeTheDriverOfTheRunTheyCheck() throws {
        // `t:count()` follows deletes: the mail plugin's Trash makes it fall below 15.
        let path = try Self.file("return { fifteen = function(t) assert(t:count() == 15, 'a row went') end }")
        var settings = Fixture.settings(Repository.path("plugins/mail.lua"), seed: 1, runs: 500)
        settings.steps = 40
        let outcome = try Explorer(settings: settings, checks: try LuaExploreChecks(files: [path])).run()
        let finding = try #require(outcome.finding)
        expectEqual(finding.shrunkFailure.kind, .check("fifteen"))
        #expect(finding.shrunkFailure.message.hasSuffix("a row went"))
        #expect(finding.shrunk.count <= 4)
    }

    @Test func badCheckFilesAreRefused() throws {
        #expect(throws: ExploreProblem("--check /nonexistent.lua: No such file or directory")) {
            try LuaExploreChecks(files: ["/nonexistent.lua"])
        }
        let empty = try Self.file("return {}")
        #expect(
            throws: ExploreProblem(
                "--check \(empty): must return a table of named functions ({ name = function(t) ... end }), got a table that is empty"
            )
        ) { try LuaExploreChecks(files: [empty]) }
    }

    @Test func swipeExploreInASpecPassesOrFailsWithTheMinimalScript() throws {
        let report = SpecRunner().run(file: Fixture.path("explore_spec.lua"))
        expectEqual(report.results.map(\.status), [.passed, .failed, .failed])
        let check = report.results[1].message
        #expect(check.contains("swipe.explore: found in run"))
        #expect(check.contains("check 'check' failed"))
        #expect(check.contains("flagged twice"))
        #expect(check.contains("\n  tap 1 flag") || check.contains("\n  activate 1 flag"))
        let plugin = report.results[2].message
        #expect(plugin.contains("plugin_error (runtime) in on_open"))
        #expect(plugin.contains("\n  pan 1 begin\n"))
    }
}
