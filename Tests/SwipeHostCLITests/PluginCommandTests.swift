import Foundation
import Testing

struct PluginCommandTests {
    @Test func theTutorialPluginPresentsTheDetailAndOtherwiseMatchesTheCore() throws {
        let plugin = try Swipehost.run([
            "run", "examples/tutorial.swipe", "--plugin", "plugins/tutorial.lua", "--format", "jsonl",
        ])
        // The script without its `# plugin:` header line, which would load the plugin.
        let script = try String(
            contentsOf: Swipehost.packageRoot.appendingPathComponent("examples/tutorial.swipe"), encoding: .utf8)
        let core = try Swipehost.run(
            ["run", "-", "--format", "jsonl"],
            stdin: script.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# plugin:") }
                .joined(separator: "\n"))
        #expect(plugin.status == 0)
        let lines = plugin.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.contains("\"present\"") } == [
                "{\"event\":\"present\",\"title\":\"In the delegate!\",\"text\":\"Clicked button one for Longer Title Item #3\",\"t\":300}",
                "{\"event\":\"present\",\"title\":\"In the delegate!\",\"text\":\"Clicked button two for Longer Title Item #3\",\"t\":300}",
            ])
        #expect(lines.filter { !$0.contains("\"present\"") } == core.stdout.split(separator: "\n").map(String.init))
    }

    @Test func checkIsCleanForTheShippedPlugins() throws {
        let result = try Swipehost.run(["check", "plugins/tutorial.lua", "plugins/mail.lua", "plugins/per_row.lua"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                plugins/tutorial.lua: ok, 30 of 30 rows configured
                plugins/mail.lua: ok, 15 of 15 rows configured
                plugins/per_row.lua: ok, 29 of 30 rows configured

                """)
    }

    @Test func checkNamesTheFileRowAndField() throws {
        let path = NSTemporaryDirectory() + "bad-plugin-\(getpid()).lua"
        try """
        return { name = "bad", configure = function(row)
          return { buttons = { { id = "x", title = "X", width = row.index == 2 and -5 or 80 } }, bounse = 3 }
        end }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(["check", path, "--rows", "3"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                \(path):1: warning: row 1: bounse: unknown key (did you mean 'bounce'?)
                \(path):1: row 2: buttons[1].width: must be a finite number > 0, got -5
                \(path): 1 error, 1 warning, 2 of 3 rows configured

                """)
    }

    /// Issue 22: `check` ends a plugin's summary with the rows that do not swipe.
    @Test func checkNamesTheRowsThatDoNotSwipe() throws {
        let path = NSTemporaryDirectory() + "pinned-plugin-\(getpid()).lua"
        try """
        return { name = "pinned", configure = function(row)
          if row.index == 1 or row.index == 3 or row.index == 4 then return false end
          return { buttons = { { id = "x", title = "X", width = 80 } }, leading = { enabled = row.index ~= 6 } }
        end }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(["check", path, "--rows", "6"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(path): ok, 6 of 6 rows configured, 3 rows do not swipe: 1, 3-4\n")
    }

    /// `full_swipe = "destructive"` (SwipeCellKit's `.destructive`) on either edge: misspelt as a
    /// style or as the whole value, `check` names the field and suggests the word.
    @Test func checkValidatesADestructiveFullSwipe() throws {
        let path = NSTemporaryDirectory() + "destructive-plugin-\(getpid()).lua"
        try """
        return { name = 'bad', configure = function(row) return {
          trailing = { buttons = { { id = 'trash', title = 'Trash', width = 80 } }, full_swipe = { style = 'destructve' } },
          leading = { buttons = { { id = 'read', title = 'Read', width = 80 } }, full_swipe = row.index == 2 and 'destructive' or 'destrutive' } } end }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(["check", path, "--rows", "1"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                \(path):1: row 1: trailing.full_swipe.style: must be 'destructive', got 'destructve' (did you mean 'destructive'?)
                \(path):1: row 1: leading.full_swipe: must be a table { button = ID, threshold = POINTS or FRACTION, completion = 'delete' | 'reset' | 'manual' } or 'destructive', got 'destrutive' (did you mean 'destructive'?)
                \(path): 2 errors, 0 of 1 rows configured

                """)
        let good = NSTemporaryDirectory() + "destructive-good-\(getpid()).lua"
        try """
        return { name = 'good', configure = function(row) return { preset = 'swipecellkit',
          trailing = { buttons = { { id = 'trash', title = 'Trash', width = 80 } }, full_swipe = 'destructive' },
          leading = { buttons = { { id = 'read', title = 'Read', width = 80 } }, full_swipe = { style = 'destructive', completion = 'reset' } } } end }
        """.write(toFile: good, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: good) }
        let ok = try Swipehost.run(["check", good])
        #expect(ok.status == 0)
        #expect(ok.stdout == "\(good): ok, 30 of 30 rows configured\n")
    }

    /// An `items` function runs when the plugin loads: its failure fails `check` and `run`
    /// alike, with the same message naming the file and line.
    @Test func anItemsFunctionThatErrorsFailsCheckAndRun() throws {
        let path = NSTemporaryDirectory() + "items-plugin-\(getpid()).lua"
        try """
        local M = { name = "items" }
        function M.items()
          error("no database")
        end
        return M
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let check = try Swipehost.run(["check", path])
        #expect(check.status == 1)
        #expect(check.stdout == "\(path): items: \(path):3: no database\n\(path): 1 error\n")
        let run = try Swipehost.run(["run", "-", "--plugin", path], stdin: "open 1\n")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "\(path): items: \(path):3: no database\n")
    }

    @Test func aHandlerThatLoopsForeverYieldsOnePluginErrorAndTheRunFinishes() throws {
        let path = NSTemporaryDirectory() + "loop-plugin-\(getpid()).lua"
        try """
        return { name = "loop", configure = function() return { buttons = { { id = "a", title = "A", width = 80 } } } end,
          on_action = function() while true do end end }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(
            ["run", "-", "--plugin", path, "--format", "jsonl", "--budget", "100000"],
            stdin: "open 1\ntap 1 a\nwait 10\n")
        #expect(result.status == 0)
        let errors = result.stdout.split(separator: "\n").filter { $0.contains("plugin_error") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("instruction budget of 100000 exceeded in 'on_action'") == true)
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix("{\"event\":\"state\",\"t\":10,") == true)

        let strict = try Swipehost.run(
            ["run", "-", "--plugin", path, "--strict", "--budget", "100000"], stdin: "open 1\ntap 1 a\n")
        #expect(strict.status == 1)
        #expect(strict.stdout == "")
        #expect(strict.stderr.hasPrefix("plugin error (--strict): "))
    }

    @Test func aPluginThatDoesNotLoadStopsTheRunWithItsPlace() throws {
        let path = NSTemporaryDirectory() + "syntax-plugin-\(getpid()).lua"
        try "return { name = 'x',\n  configure = function( }\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(["run", "-", "--plugin", path], stdin: "wait 1\n")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("\(path): \(path):2: "))
    }

    @Test func memorySizesAcceptSuffixes() throws {
        let ok = try Swipehost.run(["run", "-", "--plugins", "plugins", "--memory", "32M"], stdin: "wait 1\n")
        #expect(ok.status == 0, "\(ok.stderr)")
        let bad = try Swipehost.run(["run", "-", "--memory", "lots"], stdin: "")
        #expect(bad.status != 0)
        #expect(
            bad.stderr.contains(
                "--memory must be a number of bytes with an optional K, M or G suffix (64M), got 'lots'"))
    }
}
