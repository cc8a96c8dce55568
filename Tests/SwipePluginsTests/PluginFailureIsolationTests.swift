import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Failures stay where they happen, and say where.
struct PluginFailureIsolationTests {
    let fixtures = Fixtures()

    static let twoButtons = """
        return { name = 'p', configure = function(row) return { buttons = {
          { id = 'bad', title = 'Bad', width = 80,
            on_tap = function() error('bad') end },
          { id = 'good', title = 'Good', width = 80,
            on_tap = function(ctx, row) ctx:log('good', row.index) end },
        } } end }
        """

    @Test func aBrokenButtonsOnTapIsSwitchedOffWhileASiblingKeepsWorking() throws {
        let host = try fixtures.host(Self.twoButtons)
        try host.open(1)
        try host.open(2)
        for _ in 1...4 { try host.table.tap(row: 1, buttonID: "bad") }
        try host.table.tap(row: 1, buttonID: "good")
        try host.table.tap(row: 2, buttonID: "bad")
        try host.table.tap(row: 2, buttonID: "good")
        let chunk = fixtures.chunk("p.lua")
        expectEqual(host.messages("plugin_error"), Array(repeating: "\(chunk):3: bad", count: 3))
        expectEqual(
            host.messages("plugin_warning"),
            [
                "the function defined at \(chunk):3 failed 3 times: switched off (the plugin's other on_tap functions still run)"
            ])
        expectEqual(host.texts("log"), ["[p] good\t1", "[p] good\t2"])
    }

    @Test func invalidRowsDoNotTurnValidRowsIntoTheTutorials() throws {
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row)
                      if row.index <= 3 then return { buttons = 'none' } end
                      return { buttons = { { id = 'a', title = 'A', width = 80 } } }
                    end
                    """))
        // The same problem on rows 1-3: reported once, then summed up.
        host.reportRepeatedFailures()
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.folder)/p.lua:1: row 1: buttons: must be a list of buttons, got a string (an empty list or enabled = false: the edge does not swipe)",
                "\(fixtures.folder)/p.lua: the same error as row 1 on 2 more rows: 2-3",
            ])
        expectEqual((1...3).map(host.buttonIDs), [[], [], []])
        expectEqual((4...12).map(host.buttonIDs), Array(repeating: ["a"], count: 9))
        host.table.scroll(by: 44 * 12)
        expectEqual(host.buttonIDs(20), ["a"])
    }

    @Test func theSameConfigureErrorOnManyRowsIsReportedOnceThenSummedUp() throws {
        var options = PluginOptions()
        options.instructionBudget = 1000
        let path = fixtures.plugin("p.lua", plugin(configure: "function(row) while true do end end"))
        let run = PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(path)], pluginOptions: options),
            format: .jsonl)
        let out = String(decoding: try run.run(script: "wait 10\n").bytes, as: UTF8.self)
        let chunk = fixtures.chunk("p.lua")
        let lines = out.split(separator: "\n").dropLast().map(String.init)
        expectEqual(
            lines,
            [
                #"{"event":"plugin_error","plugin":"p","file":"\#(path)","hook":"configure","row":1,"field":null,"message":"\#(chunk):1: instruction budget of 1000 exceeded in 'configure'","kind":"budget","t":0}"#,
                #"{"event":"plugin_error","plugin":"p","file":"\#(path)","hook":"configure","row":null,"field":null,"message":"\#(path): the same error as row 1 on 11 more rows: 2-12","kind":"budget","rows":[2,3,4,5,6,7,8,9,10,11,12],"t":10}"#,
            ])
    }

    @Test func aTapOnARowWhoseConfigureFailedSaysSo() throws {
        let path = fixtures.plugin("p.lua", plugin(configure: "function(row) error('no') end"))
        let run = PluginRun(fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(path)]))
        #expect {
            _ = try run.run(script: "tap 1 1\n")
        } throws: { error in
            (error as? RunFailure)?.description
                == "s.swipe:1: row 1 has no buttons: its configure failed: \(fixtures.chunk("p.lua")):1: no"
        }
    }

    @Test func warningsAndErrorsCarryTheSameFieldsAndErrorsTheirKind() throws {
        var options = PluginOptions()
        options.memoryLimit = 8 << 20
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row)
                      if row.index == 1 then return { buttons = { { id = 'a', title = 'A', width = 80 } }, bounse = 1 } end
                      if row.index == 2 then return { buttons = 5 } end
                      return { buttons = { { id = 'a', title = 'A', width = 80 } } }
                    end
                    """,
                """
                on_action = function(ctx, row)
                  if row.index == 1 then error('boom') end
                  if row.index == 3 then local t = {} while true do t[#t + 1] = string.rep('x', 1000) .. #t end end
                  while true do end
                end
                """), options: options)
        for row in [1, 3, 4] {
            try host.open(row)
            try host.table.tap(row: row, button: 1)
        }
        let keys = host.customs.map { $0.name + ": " + $0.fields.map(\.key).joined(separator: ",") }
        #expect(
            keys == [
                "plugin_warning: plugin,file,hook,row,field,message",
                "plugin_error: plugin,file,hook,row,field,message,kind",
                "plugin_error: plugin,file,hook,row,field,message,kind",
                "plugin_error: plugin,file,hook,row,field,message,kind",
                "plugin_error: plugin,file,hook,row,field,message,kind",
                "plugin_warning: plugin,file,hook,row,field,message",  // on_action failed 3 times
            ])
        expectEqual(
            host.customs.map { $0.field("kind") },
            [
                nil, .string("invalid"), .string("runtime"), .string("memory"), .string("budget"), nil,
            ])
        expectEqual(
            host.customs.map { $0.field("hook") },
            [
                .string("configure"), .string("configure"), .string("on_action"), .string("on_action"),
                .string("on_action"), .string("on_action"),
            ])
        expectEqual(host.customs.map { $0.field("row") }, [.int(1), .int(2), .int(1), .int(3), .int(4), .null])
        expectEqual(
            host.customs.map { $0.field("field") },
            [
                .string("bounse"), .string("buttons"), .null, .null, .null, .string("on_action"),
            ])
        expectEqual(
            host.customs[1].field("message"),
            .string(
                "\(fixtures.folder)/p.lua:1: row 2: buttons: must be a list of buttons, got a number (an empty list or enabled = false: the edge does not swipe)"
            ))
    }

    @Test func checkRunsSetupAndCountsThePluginsOwnItems() {
        let path = fixtures.plugin(
            "p.lua", plugin("items = { 'a', 'b', 'c' }, setup = function() error('bad setup') end"))
        let report = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 30))).check(path)
        expectEqual(report.errorCount, 1)
        expectEqual(report.problems.map(\.description), ["\(path): setup: \(fixtures.chunk("p.lua")):1: bad setup"])
        expectEqual(report.configuredRows, 3)
        expectEqual(report.checkedRows, 3)
    }

    /// `ctx` is one object per plugin: kept from one handler, it works in the plugin's later
    /// handlers, and outside them (here in `configure`) it is a clear error.
    @Test func aStashedCtxWorksInLaterHandlersAndFailsOutsideThem() throws {
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row)
                      if kept and row.index == 13 then kept:log('configure') end
                      return { buttons = { { id = 'a', title = 'A', width = 80 } } }
                    end
                    """, "on_open = function(ctx) kept = ctx end, on_close = function() kept:log('closed') end"))
        try host.table.panBegan(row: 1)
        try host.table.panChanged(row: 1, translation: -100)
        try host.table.panEnded(row: 1)
        host.table.advance(by: .milliseconds(500 as Int64))
        host.table.scroll(by: 44)
        try host.table.closeRow(1, animated: false)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.chunk("p.lua")):2: ctx:log can only be used while a handler of this plugin runs (not in configure)"
            ])
    }
}
