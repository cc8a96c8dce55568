import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Every validation message, as the `plugin_error` a bad configuration of row 1 gives.
struct PluginValidationTests {
    let fixtures = Fixtures()

    static let button = "{ id = 'a', title = 'A', width = 80 }"
    static let oneWord =
        "cannot contain a space, a tab, a line break or '#' (a gesture script names it as one word), got "
    static let tooWide =
        "are too wide in total: their widths add up past the largest number (1.7976931348623157e+308), far more than the 320-point cell"

    /// (the configuration row 1 gets, in Lua; the error after `FILE: row 1: `)
    static let cases: [(String, String)] = [
        (
            "{}",
            "buttons: must be a list of buttons, got nothing (an empty list or enabled = false: the edge does not swipe)"
        ),
        (
            "{ buttons = 'a' }",
            "buttons: must be a list of buttons, got a string (an empty list or enabled = false: the edge does not swipe)"
        ),
        (
            "{ buttons = 3 }",
            "buttons: must be a list of buttons, got a number (an empty list or enabled = false: the edge does not swipe)"
        ),
        ("{ enabled = 'no' }", "enabled: must be true or false, got 'no'"),
        ("{ buttons = { \(button) }, enabled = 1 }", "enabled: must be true or false, got a number"),
        ("true", "configure must return a table, false or nil, got boolean"),
        ("{ buttons = { 'a' } }", "buttons[1]: must be a table { id = ..., title = ..., width = ... }, got string"),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 0 } } }",
            "buttons[1].width: must be a finite number > 0, got 0"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = -5 } } }",
            "buttons[1].width: must be a finite number > 0, got -5"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 0/0 } } }",
            "buttons[1].width: must be a finite number > 0, got nan"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = math.huge } } }",
            "buttons[1].width: must be a finite number > 0, got inf"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 'wide' } } }",
            "buttons[1].width: must be a finite number > 0 or 'auto', got 'wide'"
        ),
        ("{ buttons = { { id = 'a', title = 'A' } } }", "buttons[1].width: is required (points, > 0)"),
        ("{ buttons = { { id = 'a', title = 5, width = 80 } } }", "buttons[1].title: must be a string, got number"),
        ("{ buttons = { { id = 'a', title = true, width = 80 } } }", "buttons[1].title: must be a string, got boolean"),
        ("{ buttons = { { id = 'a', width = 80 } } }", "buttons[1].title: is required (a string)"),
        ("{ buttons = { { title = 'A', width = 80 } } }", "buttons[1].id: is required (a string)"),
        (
            "{ buttons = { \(button), { id = 'b', title = 'B', width = 80 }, \(button) } }",
            "buttons[3].id: duplicate id 'a' (also buttons[1].id)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 120 }, { id = 'b', title = 'B', width = 120 }, { id = 'c', title = 'C', width = 120 } } }",
            "buttons: are 360 points wide in total, 40 more than the 320-point cell"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 320.5 } } }",
            "buttons: are 320.5 points wide in total, 0.5 more than the 320-point cell"
        ),
        // Finite widths whose total overflows to infinity were let through: `run` trapped, jsonl
        // printed `"right":inf` and `render` grew without end. Directly, through `min_width` and
        // `equal_widths`, on either edge.
        (
            "{ buttons = { { id = 'a', title = 'A', width = 1e308 }, { id = 'b', title = 'B', width = 1e308 } } }",
            "buttons: \(tooWide)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, min_width = 1e308 }, { id = 'b', title = 'B', width = 'auto', min_width = 1e308 } } }",
            "buttons: \(tooWide)"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 1e308 }, { id = 'b', title = 'B', width = 80 } }, equal_widths = true }",
            "buttons: \(tooWide)"
        ),
        (
            "{ leading = { buttons = { { id = 'c', title = 'C', width = 1.5e308 }, { id = 'd', title = 'D', width = 1e308 } } }, trailing = { buttons = { \(button) } } }",
            "leading.buttons: \(tooWide)"
        ),
        (
            "{ trailing = { buttons = { { id = 'a', title = 'A', width = 9e307 }, { id = 'b', title = 'B', width = 9e307 } } } }",
            "trailing.buttons: \(tooWide)"
        ),
        // Only ids a script's `tap ROW BUTTON` names: a recording writes them as they are, and
        // one with a space or a newline replayed as another button, or as other lines.
        ("{ buttons = { { id = 'a b', title = 'A', width = 80 } } }", "buttons[1].id: \(oneWord)'a b'"),
        ("{ buttons = { { id = 'a\\ntap 1 b', title = 'A', width = 80 } } }", "buttons[1].id: \(oneWord)'a\\ntap 1 b'"),
        ("{ buttons = { { id = 'a#b', title = 'A', width = 80 } } }", "buttons[1].id: \(oneWord)'a#b'"),
        ("{ buttons = { { id = 'a\\tb', title = 'A', width = 80 } } }", "buttons[1].id: \(oneWord)'a\\tb'"),
        (
            "{ buttons = { { id = '', title = 'A', width = 80 } } }",
            "buttons[1].id: must be 1 to 256 bytes, got an empty string"
        ),
        (
            "{ buttons = { \(button), { id = string.rep('b', 257), title = 'B', width = 80 } } }",
            "buttons[2].id: must be at most 256 bytes, got 257"
        ),
        (
            "{ buttons = { { id = '3', title = 'A', width = 80 } } }",
            "buttons[1].id: cannot be a number, got '3': a script's 'tap ROW N' taps the row's button number N, not a button with id 'N'"
        ),
        (
            "{ buttons = { { id = '-1', title = 'A', width = 80 } } }",
            "buttons[1].id: cannot be a number, got '-1': a script's 'tap ROW N' taps the row's button number N, not a button with id 'N'"
        ),
        (
            "{ buttons = { { id = 'content', title = 'A', width = 80 } } }",
            "buttons[1].id: cannot be 'content': a script's 'tap ROW content' taps the row's content, not a button"
        ),
        (
            "{ leading = { buttons = { { id = 'trailing:1', title = 'A', width = 80 } } } }",
            "leading.buttons[1].id: cannot start with 'trailing:', got 'trailing:1': a script's 'tap ROW trailing:N' names a button by its edge and number"
        ),
        ("{ buttons = { \(button) }, bounce = -1 }", "bounce: must be in [0, 10000] points, got -1"),
        ("{ buttons = { \(button) }, bounce = math.huge }", "bounce: must be in [0, 10000] points, got inf"),
        // A bounce this far would draw the row at `right inf`.
        ("{ buttons = { \(button) }, bounce = 1e308 }", "bounce: must be in [0, 10000] points, got 1e+308"),
        ("{ buttons = { \(button) }, bounce = 10000.5 }", "bounce: must be in [0, 10000] points, got 10000.5"),
        ("{ buttons = { \(button) }, bounce = 0/0 }", "bounce: must be in [0, 10000] points, got nan"),
        ("{ buttons = { \(button) }, bounce = 'big' }", "bounce: must be a number, got string"),
        ("{ buttons = { \(button) }, duration = -0.1 }", "duration: must be >= 0 seconds, got -0.1"),
        (
            "{ buttons = { \(button) }, duration = math.huge }",
            "duration: must be a finite number of seconds >= 0, got inf"
        ),
        (
            "{ buttons = { \(button) }, duration = -math.huge }",
            "duration: must be a finite number of seconds >= 0, got -inf"
        ),
        (
            "{ buttons = { \(button) }, open_threshold = 0 }",
            "open_threshold: must be in (0, 80] (the total button width), got 0"
        ),
        (
            "{ buttons = { \(button) }, open_threshold = 80.5 }",
            "open_threshold: must be in (0, 80] (the total button width), got 80.5"
        ),
        (
            "{ buttons = { \(button) }, close_threshold = -10 }",
            "close_threshold: must be in (0, 80] (the total button width), got -10"
        ),
        (
            "{ buttons = { \(button) }, close_threshold = math.huge }",
            "close_threshold: must be in (0, 80] (the total button width), got inf"
        ),
        (
            "{ buttons = { \(button) }, curve = 'bouncy' }",
            "curve: must be one of 'linear', 'ease_in', 'ease_out', 'ease_in_out', 'spring', got 'bouncy'"
        ),
        (
            "{ buttons = { \(button) }, curve = 'ease_ot' }",
            "curve: must be one of 'linear', 'ease_in', 'ease_out', 'ease_in_out', 'spring', got 'ease_ot' (did you mean 'ease_out'?)"
        ),
        (
            "{ buttons = { \(button) }, curve = 3 }",
            "curve: must be one of 'linear', 'ease_in', 'ease_out', 'ease_in_out', 'spring', got a number"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, style = 'danger' } } }",
            "buttons[1].style: must be 'normal' or 'destructive', got 'danger'"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, on_tap = 'go' } } }",
            "buttons[1].on_tap: must be a function, got string"
        ),
        ("'buttons'", "configure must return a table, false or nil, got string"),
        ("{ \(button) }", "configure must return a table of named fields ({ buttons = {...} }), not a list"),
    ]

    @Test(arguments: cases)
    func aBadConfigurationIsOnePluginErrorNamingTheField(configuration: String, message: String) throws {
        let host = try fixtures.host(
            plugin(configure: "function(row) if row.index == 1 then return \(configuration) end end"))
        let file = fixtures.folder + "/p.lua"
        expectEqual(host.messages("plugin_error"), ["\(file):1: row 1: \(message)"])
        expectEqual(host.customNames, ["plugin_error"])
        let error = try #require(host.customs.first)
        expectEqual(error.field("hook"), .string("configure"))
        expectEqual(error.field("row"), .int(1))
        expectEqual(error.text, "plugin error in p.configure (row 1): \(file):1: row 1: \(message)")
        // The row is left with no buttons: it does not move.
        expectEqual(host.table.cell(forRow: 1)?.configuration.buttons, [])
        expectEqual(host.table.cell(forRow: 2)?.configuration, .tutorial)
    }

    /// The reader's own problems come together with the core's checks that do not depend on
    /// the buttons (bounce); widths and thresholds are judged only once every button was read.
    @Test func theProblemsOfARowAreReportedTogether() throws {
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row) if row.index == 1 then return { buttons = { { id = 'a', title = 1, width = 80 } }, bounce = -1, curve = 'x' } end end
                    """))
        let file = fixtures.folder + "/p.lua"
        expectEqual(
            host.messages("plugin_error"),
            [
                [
                    "\(file):1: row 1: buttons[1].title: must be a string, got number",
                    "\(file):1: row 1: curve: must be one of 'linear', 'ease_in', 'ease_out', 'ease_in_out', 'spring', got 'x'",
                    "\(file):1: row 1: bounce: must be in [0, 10000] points, got -1",
                ].joined(separator: "; ")
            ])
    }

    @Test func anUnknownKeyWarnsWithTheClosestKnownKeyAndTheRowStillWorks() throws {
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row) return { buttons = { { id = 'a', title = 'A', width = 80, colour = 'red' } }, bounse = 5, zzzzzz = 1 } end
                    """))
        let file = fixtures.folder + "/p.lua"
        // Once each, though every visible row has them.
        expectEqual(
            host.texts("plugin_warning"),
            [
                "\(file):1: warning: row 1: bounse: unknown key (did you mean 'bounce'?)",
                "\(file):1: warning: row 1: zzzzzz: unknown key",
                "\(file):1: warning: row 1: buttons[1].colour: unknown key (did you mean 'color'?)",
            ])
        expectEqual(
            host.messages("plugin_warning"),
            [
                "unknown key (did you mean 'bounce'?)", "unknown key", "unknown key (did you mean 'color'?)",
            ])
        expectEqual(host.customs.first?.field("field"), .string("bounse"))
        expectEqual(host.customs.first?.field("row"), .int(1))
        expectEqual(host.buttonIDs(1), ["a"])
        expectEqual(host.table.cell(forRow: 1)?.configuration.bounce, 20)
    }

    @Test func aPluginWithoutANameDoesNotLoad() throws {
        let path = fixtures.plugin("nameless.lua", "return { configure = function() end }")
        #expect(
            throws: PluginProblem(
                file: path, line: 1, field: "name", message: "is required (a non-empty string), got nothing")
        ) {
            try Plugin(path: path)
        }
        let empty = fixtures.plugin("empty.lua", "return { name = '' }")
        #expect(
            throws: PluginProblem(
                file: empty, line: 1, field: "name", message: "is required (a non-empty string), got a string")
        ) {
            try Plugin(path: empty)
        }
        let number = fixtures.plugin("number.lua", "return { name = 7 }")
        #expect(
            throws: PluginProblem(
                file: number, line: 1, field: "name", message: "is required (a non-empty string), got a number")
        ) {
            try Plugin(path: number)
        }
    }

    @Test func aPluginMustReturnATableWithFunctions() throws {
        let list = fixtures.plugin("list.lua", "return 5")
        #expect(
            throws: PluginProblem(
                file: list, line: 1,
                message: "a plugin must return a table ({ name = ..., configure = ... }), got number")
        ) {
            try Plugin(path: list)
        }
        let hook = fixtures.plugin("hook.lua", "return { name = 'h', on_open = 'yes' }")
        #expect(throws: PluginProblem(file: hook, line: 1, field: "on_open", message: "must be a function, got string"))
        {
            try Plugin(path: hook)
        }
        let items = fixtures.plugin("items.lua", "return { name = 'i', items = { 'a', 2 } }")
        #expect(
            throws: PluginProblem(
                file: items, line: 1, field: "items[2]", message: "must be a string or a table with a title, got number"
            )
        ) {
            try Plugin(path: items)
        }
    }

    @Test func anUnknownPluginKeyWarnsWithTheClosestKey() throws {
        let path = fixtures.plugin(
            "typo.lua", "return { name = 't', on_opne = function() end, configur = function() end }")
        let loaded = try Plugin(path: path)
        expectEqual(
            loaded.warnings.map(\.description),
            [
                "\(path):1: warning: configur: unknown key (did you mean 'configure'?)",
                "\(path):1: warning: on_opne: unknown key (did you mean 'on_open'?)",
            ])
    }
}

struct PluginTableLineTests {
    let fixtures = Fixtures()

    /// Lua keeps no line for a table constructor: a problem with the plugin's table names the
    /// line of the chunk's `return`, past any `return` inside the functions before it.
    @Test func tableProblemsNameTheLineOfTheChunksReturn() throws {
        let nameless = fixtures.plugin(
            "nameless.lua",
            """
            local function helper()
              return 1
            end

            return {
              configure = helper,
            }
            """)
        #expect(
            throws: PluginProblem(
                file: nameless, line: 5, field: "name", message: "is required (a non-empty string), got nothing")
        ) {
            try Plugin(path: nameless)
        }
        expectEqual(
            "\(PluginChecker().check(nameless).problems)",
            "[\(nameless):5: name: is required (a non-empty string), got nothing]")
        let module = fixtures.plugin(
            "module.lua",
            """
            local M = { name = "m" }
            M.on_close = true
            M.version = 2
            return M
            """)
        #expect(
            throws: PluginProblem(file: module, line: 4, field: "on_close", message: "must be a function, got boolean")
        ) {
            try Plugin(path: module)
        }
        let typo = fixtures.plugin(
            "typo.lua", "-- a plugin\n\nreturn {\n  name = 't',\n  on_opne = function() end,\n}\n")
        expectEqual(
            try Plugin(path: typo).warnings.map(\.description),
            [
                "\(typo):3: warning: on_opne: unknown key (did you mean 'on_open'?)"
            ])
        // A chunk that returns only from inside a block: no line rather than a wrong one.
        let nested = fixtures.plugin("nested.lua", "if true then\n  return { name = 7 }\nend\n")
        #expect(
            throws: PluginProblem(
                file: nested, field: "name", message: "is required (a non-empty string), got a number")
        ) {
            try Plugin(path: nested)
        }
    }

    /// `items` as a function runs when the plugin loads: a bad value names the function's line,
    /// an error its own place; either way the plugin does not load and `check` fails.
    @Test func anItemsFunctionThatFailsFailsTheCheckAtItsLine() throws {
        let bad = fixtures.plugin(
            "bad_items.lua",
            """
            return {
              name = "bad-items",
              items = function()
                return "a, b"
              end,
            }
            """)
        let report = PluginChecker().check(bad)
        #expect(!report.loaded)
        expectEqual(report.errorCount, 1)
        expectEqual(
            report.problems.map(\.description),
            [
                "\(bad):3: items: must be a list of strings, or a function returning one; got string"
            ])
        let listed = fixtures.plugin(
            "listed.lua", "return {\n  name = 'l',\n  items = function() return { 'a', false } end,\n}\n")
        expectEqual(
            PluginChecker().check(listed).problems.map(\.description),
            [
                "\(listed):3: items[2]: must be a string or a table with a title, got boolean"
            ])
        let failing = fixtures.plugin(
            "failing_items.lua",
            """
            local M = { name = "failing-items" }
            function M.items()
              error("no database")
            end
            return M
            """)
        let failed = PluginChecker().check(failing)
        expectEqual(failed.errorCount, 1)
        expectEqual(
            failed.problems.map(\.description),
            [
                "\(failing): items: \(fixtures.chunk("failing_items.lua")):3: no database"
            ])
    }

    /// `check` gathers a `configure` error repeated on later rows into one line, as `run` does.
    @Test func checkSummarisesRepeatedConfigureErrorsAsRunDoes() throws {
        let path = fixtures.plugin(
            "repeated.lua",
            """
            return {
              name = "repeated",
              configure = function(row)
                if row.index == 5 then error("five") end
                if row.index > 12 then return { buttons = { { id = "a", title = "A", width = 80 } } } end
                return { buttons = { { id = "a", title = "A", width = 400 } } }
              end,
            }
            """)
        let report = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 14))).check(path)
        expectEqual(report.errorCount, 3)
        expectEqual(report.configuredRows, 2)
        expectEqual(
            report.problems.map(\.description),
            [
                "\(path):3: row 1: buttons: are 400 points wide in total, 80 more than the 320-point cell",
                "\(path): row 5: configure: \(fixtures.chunk("repeated.lua")):4: five",
                "\(path): the same error as row 1 on 10 more rows: 2-4, 6-12",
            ])
    }
}
