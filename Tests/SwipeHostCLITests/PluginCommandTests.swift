import Foundation
import SwipeTestSupport
import Testing

struct PluginCommandTests {
    @Test func theTutorialPluginPresentsTheDetailAndOtherwiseMatchesTheCore() throws {
        let plugin = try Swipehost.run([
            "run", "examples/tutorial.swipe", "--plugin", "plugins/tutorial.lua", "--format", "jsonl",
        ])
        // The script without its `# plugin:` header line, which would load the plugin.
        let script = try Repository.text("examples/tutorial.swipe")
        let core = try Swipehost.run(
            ["run", "-", "--format", "jsonl"],
            stdin: script.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# plugin:") }
                .joined(separator: "\n"))
        expectEqual(plugin.status, 0)
        let lines = plugin.stdout.split(separator: "\n").map(String.init)
        expectEqual(
            lines.filter { $0.contains("\"present\"") },
            [
                "{\"event\":\"present\",\"title\":\"In the delegate!\",\"text\":\"Clicked button one for Longer Title Item #3\",\"t\":300}",
                "{\"event\":\"present\",\"title\":\"In the delegate!\",\"text\":\"Clicked button two for Longer Title Item #3\",\"t\":300}",
            ])
        expectEqual(lines.filter { !$0.contains("\"present\"") }, core.stdout.split(separator: "\n").map(String.init))
    }

    @Test func checkIsCleanForTheShippedPlugins() throws {
        let result = try Swipehost.run(["check", "plugins/tutorial.lua", "plugins/mail.lua", "plugins/per_row.lua"])
        expectEqual(result.status, 0)
        expectEqual(
            result.stdout,
            """
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
        expectEqual(result.status, 1)
        expectEqual(
            result.stdout,
            """
            \(path):1: warning: row 1: bounse: unknown key (did you mean 'bounce'?)
            \(path):1: row 2: buttons[1].width: must be a finite number > 0, got -5
            \(path): 1 error, 1 warning, 2 of 3 rows configured

            """)
    }

    /// Finite widths whose total overflows to infinity (two of `1e308`, through `min_width` or
    /// `equal_widths`, on the leading edge) passed `check`; `run` then trapped (SIGILL) even on
    /// `wait 1`, jsonl printed `"right":inf` and `render` grew past a gigabyte. Now every front
    /// end refuses the row's configuration with one message naming file, line, row and field.
    @Test func buttonWidthsWhoseTotalOverflowsAreRefused() throws {
        let path = NSTemporaryDirectory() + "overflowing-plugin-\(getpid()).lua"
        try """
        return { name = "wide", configure = function(row)
          if row.index == 1 then
            return { buttons = { { id = "a", title = "A", width = 1e308 }, { id = "b", title = "B", width = 1e308 } } }
          elseif row.index == 2 then
            return { trailing = { buttons = { { id = "a", title = "A", width = 80 } } },
              leading = { buttons = { { id = "c", title = "C", width = 80, min_width = 1e308 },
                { id = "d", title = "D", width = 1, min_width = 1e308 } } } }
          end
          return { equal_widths = true, buttons = { { id = "a", title = "A", width = 1e308 }, { id = "b", title = "B", width = 9 } } }
        end }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tooWide =
            "too wide in total: their widths add up past the largest number (1.7976931348623157e+308), far more than the 320-point cell"
        let check = try Swipehost.run(["check", path, "--rows", "3"])
        expectEqual(check.status, 1)
        expectEqual(
            check.stdout,
            """
            \(path):1: row 1: buttons: are \(tooWide)
            \(path):1: row 2: leading.buttons: are \(tooWide)
            \(path): the same error as row 1 on 1 more row: 3
            \(path): 3 errors, 0 of 3 rows configured

            """)
        let text = try Swipehost.run(["run", "-", "--plugin", path, "--rows", "3"], stdin: "wait 1\n")
        expectEqual(text.status, 0, "\(text.stderr)")
        #expect(text.stdout.contains("row 1: buttons: are \(tooWide)"), "\(text.stdout)")
        let jsonl = try Swipehost.run(
            ["run", "-", "--plugin", path, "--rows", "3", "--format", "jsonl"], stdin: "swipe 1 -200\nwait 500\n")
        expectEqual(jsonl.status, 0, "\(jsonl.stderr)")
        // Every line is JSON (`"right":inf` was not), and no row opened.
        let lines = jsonl.stdout.split(separator: "\n")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
        #expect(!jsonl.stdout.contains("inf"), "\(jsonl.stdout)")
        #expect(lines.filter { $0.contains("\"event\":\"plugin_error\"") }.count >= 2, "\(jsonl.stdout)")
        #expect(!jsonl.stdout.contains("\"event\":\"open\""), "\(jsonl.stdout)")
        let script = NSTemporaryDirectory() + "overflowing-\(getpid()).swipe"
        try "swipe 1 -200\nwait 500\n".write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let render = try Swipehost.run(["render", script, "--plugin", path, "--rows", "3", "-o", "-"])
        expectEqual(render.status, 0, "\(render.stderr)")
        #expect(render.stdout.contains("</svg>") && !render.stdout.contains("inf"), "\(render.stdout.prefix(300))")
    }

    /// `check` ends a plugin's summary with the rows that do not swipe.
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
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "\(path): ok, 6 of 6 rows configured, 3 rows do not swipe: 1, 3-4\n")
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
        expectEqual(result.status, 1)
        expectEqual(
            result.stdout,
            """
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
        expectEqual(ok.status, 0)
        expectEqual(ok.stdout, "\(good): ok, 30 of 30 rows configured\n")
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
        expectEqual(check.status, 1)
        expectEqual(check.stdout, "\(path): items: \(path):3: no database\n\(path): 1 error\n")
        let run = try Swipehost.run(["run", "-", "--plugin", path], stdin: "open 1\n")
        expectEqual(run.status, 2)
        expectEqual(run.stdout, "")
        expectEqual(run.stderr, "\(path): items: \(path):3: no database\n")
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
        expectEqual(result.status, 0)
        let errors = result.stdout.split(separator: "\n").filter { $0.contains("plugin_error") }
        expectEqual(errors.count, 1)
        expectEqual(errors.first?.contains("instruction budget of 100000 exceeded in 'on_action'"), true)
        expectEqual(result.stdout.split(separator: "\n").last?.hasPrefix("{\"event\":\"state\",\"t\":10,"), true)

        let strict = try Swipehost.run(
            ["run", "-", "--plugin", path, "--strict", "--budget", "100000"], stdin: "open 1\ntap 1 a\n")
        expectEqual(strict.status, 1)
        expectEqual(strict.stdout, "")
        #expect(strict.stderr.hasPrefix("plugin error (--strict): "))
    }

    @Test func aPluginThatDoesNotLoadStopsTheRunWithItsPlace() throws {
        let path = NSTemporaryDirectory() + "syntax-plugin-\(getpid()).lua"
        try "return { name = 'x',\n  configure = function( }\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try Swipehost.run(["run", "-", "--plugin", path], stdin: "wait 1\n")
        expectEqual(result.status, 2)
        expectEqual(result.stdout, "")
        #expect(result.stderr.hasPrefix("\(path): \(path):2: "))
    }

    @Test func memorySizesAcceptSuffixes() throws {
        let ok = try Swipehost.run(["run", "-", "--plugins", "plugins", "--memory", "32M"], stdin: "wait 1\n")
        expectEqual(ok.status, 0, "\(ok.stderr)")
        let bad = try Swipehost.run(["run", "-", "--memory", "lots"], stdin: "")
        #expect(bad.status != 0)
        #expect(
            bad.stderr.contains(
                "--memory must be a number of bytes with an optional K, M or G suffix (64M), got 'lots'"))
    }
}
