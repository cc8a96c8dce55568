import Foundation
import SwipeTestSupport
import Testing

/// `swipehost explore`: exit statuses, the files a finding writes, replays first, determinism
/// across jobs, and bad input refused with nothing written.
struct ExploreCommandTests {
    static let fixtures = "Tests/SwipeExploreTests/Fixtures"

    @Test func aFindingExitsOneAndWritesAScriptRunReplaysAloneAndASpecThatFails() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("found").path
        let result = try Swipehost.run(
            ["explore", "\(Self.fixtures)/two_open.lua", "--seed", "1", "--runs", "50", "--out", out])
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "")
        #expect(
            result.stdout.hasPrefix(
                "explore \(Self.fixtures)/two_open.lua: seed 1, 50 runs of 50 steps\nfound in run 1: plugin_error (runtime) in on_open"
            ))
        #expect(result.stdout.contains(" lines to 6 (") && result.stdout.contains("\n\n    pan 2 begin\n"))
        #expect(result.stdout.hasSuffix("wrote \(out)/two_open-1.swipe and \(out)/two_open-1_spec.lua\n"))
        // `swipehost run FILE` alone: the header loads the plugin, the trace shows the error.
        let run = try Swipehost.run(["run", "\(out)/two_open-1.swipe"])
        expectEqual(run.status, 0)
        #expect(run.stdout.contains("plugin error in two_open.on_open"))
        #expect(run.stdout.contains("two rows are open"))
        let render = try Swipehost.run([
            "render", "\(out)/two_open-1.swipe", "-o", folder.appendingPathComponent("p.svg").path,
        ])
        expectEqual(render.status, 0)
        let spec = try Swipehost.run(["test", "\(out)/two_open-1_spec.lua"])
        expectEqual(spec.status, 1)
        #expect(spec.stdout.contains("0 passed, 1 failed"))
        // Next time the saved failure is replayed first, and still fails.
        let again = try Swipehost.run(["explore", "\(Self.fixtures)/two_open.lua", "--seed", "2", "--out", out])
        expectEqual(again.status, 1)
        expectEqual(
            again.stdout,
            "explore \(Self.fixtures)/two_open.lua: seed 2, 1000 runs of 50 steps\nreplayed \(out)/two_open-1.swipe: still fails: plugin_error (runtime) in on_open, after line 6: \(Self.fixtures)/two_open.lua:11: two rows are open\n"
        )
    }

    @Test func aFixedBugsSavedFailurePassesAndNothingIsFound() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "pan 1 begin\npan 1 move -100\npan 1 end\n".write(
            to: folder.appendingPathComponent("mail-9.swipe"), atomically: true, encoding: .utf8)
        let result = try Swipehost.run(
            ["explore", "plugins/mail.lua", "--seed", "5", "--runs", "20", "--steps", "20", "--out", folder.path])
        expectEqual(result.status, 0)
        expectEqual(
            result.stdout,
            "explore plugins/mail.lua: seed 5, 20 runs of 20 steps\nreplayed \(folder.path)/mail-9.swipe: passes now\nnothing found in 20 runs (400 steps)\n"
        )
    }

    /// A saved script's `# options:` header is honoured as `swipehost run FILE` honours it: first,
    /// then the command line's options, which win. Here only the header's budget makes it fail.
    @Test func aSavedScriptsOptionsHeaderIsHonouredAsRunHonoursIt() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("heavy.lua")
        try """
        return {
          name = "heavy",
          configure = function() return { buttons = { { id = "delete", title = "Delete", width = 80 } } } end,
          on_open = function() local n = 0 for i = 1, 100000 do n = n + i end return n end,
        }
        """.write(to: plugin, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("found")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "# plugin: ../heavy.lua\n# options: --budget 100000\npan 1 begin\npan 1 move -100\npan 1 end\n".write(
            to: out.appendingPathComponent("heavy-7.swipe"), atomically: true, encoding: .utf8)
        let arguments = ["explore", plugin.path, "--seed", "1", "--runs", "1", "--steps", "1", "--out", out.path]
        let result = try Swipehost.run(arguments)
        expectEqual(result.status, 1)
        // (Lua shortens the plugin's long temporary path in the message: its end is compared.)
        #expect(
            result.stdout.hasPrefix(
                "explore \(plugin.path): seed 1, 1 runs of 1 steps\nreplayed \(out.path)/heavy-7.swipe: still fails: plugin_error (budget) in on_open, after line 3: "
            ))
        #expect(result.stdout.hasSuffix("heavy.lua:4: instruction budget of 100000 exceeded in 'on_open'\n"))
        // The command line's own budget wins, as it does for run.
        let given = try Swipehost.run(arguments + ["--budget", "10000000"])
        expectEqual(given.status, 0)
        #expect(given.stdout.contains("replayed \(out.path)/heavy-7.swipe: passes now\n"))
        // A header word explore does not take: the script does not run, said at its line.
        try "# options: --no-such-flag\npan 1 begin\n".write(
            to: out.appendingPathComponent("heavy-8.swipe"), atomically: true, encoding: .utf8)
        let bad = try Swipehost.run(arguments + ["--budget", "10000000"])
        #expect(
            bad.stdout.contains(
                "replayed \(out.path)/heavy-8.swipe: does not run: \(out.path)/heavy-8.swipe:1: '# options:' "))
    }

    @Test func theSameSeedGivesTheSameOutputByteForByteWithOneJobOrTwo() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [String] = []
        for jobs in ["1", "2"] {
            let out = folder.appendingPathComponent("jobs\(jobs)").path
            let result = try Swipehost.run([
                "explore", "\(Self.fixtures)/stale_index.lua", "plugins/tutorial.lua", "--seed", "3", "--runs", "300",
                "--jobs", jobs, "--out", out,
            ])
            expectEqual(result.status, 1)
            outputs.append(result.stdout.replacingOccurrences(of: out, with: "OUT"))
            let script = try String(contentsOfFile: out + "/stale_index-3.swipe", encoding: .utf8)
            outputs.append(script)
        }
        expectEqual(outputs[0], outputs[2])
        expectEqual(outputs[1], outputs[3])
        #expect(outputs[0].contains("nothing found in 300 runs"))
    }

    @Test func jsonIsOneObjectAPlugin() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swipehost.run([
            "explore", "\(Self.fixtures)/other_edge.lua", "plugins/tutorial.lua", "--seed", "1", "--runs", "30",
            "-o", "json", "--out", folder.path,
        ])
        expectEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n")
        expectEqual(lines.count, 2)
        let found = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        expectEqual(found?["found"] as? Bool, true)
        expectEqual((found?["failure"] as? [String: Any])?["kind"] as? String, "plugin_error")
        expectEqual((found?["failure"] as? [String: Any])?["host_bug"] as? Bool, false)
        expectEqual((found?["script"] as? String)?.hasPrefix("pan 1 begin\n"), true)
        let clean = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        expectEqual(clean?["found"] as? Bool, false)
        expectEqual(clean?["runs"] as? Int, 30)
    }

    /// Each refused with its message and status, and nothing written (the folder not even made).
    @Test(arguments: [
        (["missing.lua"], 2, "swipehost explore: missing.lua: no such plugin file or folder\n"),
        (["plugins/mail.lua", "--runs", "0"], 64, "Error: --runs must be from 1 to 100000000, got 0\n"),
        (["plugins/mail.lua", "--steps", "0"], 64, "Error: --steps must be from 1 to 100000, got 0\n"),
        (
            ["plugins/mail.lua", "--mix", "pan=3,swip=2"], 64,
            "Error: --mix: unknown kind 'swip' (did you mean 'swipe'?) (known: pan, flick, swipe, tap, wait, scroll, open, close, activate, dismiss)\n"
        ),
        (
            ["plugins/mail.lua", "--mix", "pan=0"], 64,
            "Error: --mix: every weight is 0: give at least one kind a weight above 0\n"
        ),
    ])
    func badInputIsRefusedAndNothingIsWritten(_ arguments: [String], _ status: Int, _ message: String) throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("never").path
        let result = try Swipehost.run(["explore"] + arguments + ["--seed", "1", "--out", out])
        expectEqual(result.status, Int32(status))
        expectEqual(result.stdout, "")
        #expect(result.stderr.hasPrefix(message))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aPluginThatDoesNotLoadOrABrokenCheckIsRefused() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.lua")
        try "return {".write(to: broken, atomically: true, encoding: .utf8)
        let numbers = folder.appendingPathComponent("numbers.lua")
        try "return 42".write(to: numbers, atomically: true, encoding: .utf8)
        let notFunctions = folder.appendingPathComponent("fields.lua")
        try "return { count = 3 }".write(to: notFunctions, atomically: true, encoding: .utf8)
        let initial = folder.appendingPathComponent("initial.lua")
        try "return { few = function(t) assert(t:count() < 5, 'too many rows') end }".write(
            to: initial, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("never").path
        let cases: [([String], String)] = [
            ([broken.path], "swipehost explore: \(broken.path): the plugin does not load: "),
            (
                ["plugins/mail.lua", "--check", numbers.path],
                "swipehost explore: --check \(numbers.path): must return a table of named functions ({ name = function(t) ... end }), got a number\n"
            ),
            (
                ["plugins/mail.lua", "--check", notFunctions.path],
                "swipehost explore: --check \(notFunctions.path): 'count' must be a function(t), got a number\n"
            ),
            (
                ["plugins/mail.lua", "--check", initial.path],
                "swipehost explore: plugins/mail.lua: check 'few' fails on the table before any step, so it is a broken check, not a bug found: "
            ),
        ]
        for (arguments, message) in cases {
            let result = try Swipehost.run(["explore"] + arguments + ["--seed", "1", "--out", out])
            expectEqual(result.status, 2, "\(arguments)")
            expectEqual(result.stdout, "")
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let result = try Swipehost.run(["explore", "plugins/mail.lua", "--check", initial.path, "--out", out])
        #expect(result.stderr.hasSuffix("initial.lua:1: too many rows\n"))
    }

    /// `run`'s `--plugin` and `--plugins` name plugins to explore too, after the arguments, each
    /// on its own; with none named at all, the usage status.
    @Test func pluginAndPluginsNamePluginsToExplore() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let more = folder.appendingPathComponent("more")
        try FileManager.default.createDirectory(at: more, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("plugins/mail.lua"),
            to: more.appendingPathComponent("a.lua"))
        let result = try Swipehost.run([
            "explore", "plugins/tutorial.lua", "--plugin", "plugins/mail.lua", "--plugins", more.path, "--seed", "1",
            "--runs", "2", "--steps", "3", "--out", folder.appendingPathComponent("out").path,
        ])
        expectEqual(result.status, 0, "\(result.stderr)")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("explore ") }
        expectEqual(
            headers,
            [
                "explore plugins/tutorial.lua: seed 1, 2 runs of 3 steps",
                "explore plugins/mail.lua: seed 1, 2 runs of 3 steps",
                "explore \(more.path)/a.lua: seed 1, 2 runs of 3 steps",
            ])
        let none = try Swipehost.run(["explore", "--seed", "1", "--out", folder.path])
        expectEqual(none.status, 64)
        #expect(none.stderr.hasPrefix("Error: name at least one plugin to explore\n"))
    }

    @Test func aFreshSeedIsPrintedAndRepeatsTheExploration() throws {
        let folder = try TestFiles.folder("explore-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swipehost.run(["explore", "plugins/tutorial.lua", "--runs", "5", "--out", folder.path])
        expectEqual(result.status, 0)
        let first = try #require(result.stdout.split(separator: "\n").first)
        #expect(first.hasPrefix("explore: seed "))
        let seed = String(first.dropFirst("explore: seed ".count).prefix { $0.isNumber })
        let again = try Swipehost.run(
            ["explore", "plugins/tutorial.lua", "--runs", "5", "--seed", seed, "--out", folder.path])
        expectEqual(again.stdout, result.stdout.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n")
    }
}
