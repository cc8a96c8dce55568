import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A failing handler is one `plugin_error`, applies none of its effects, and cannot stop the run.
struct PluginIsolationTests {
    let fixtures = Fixtures()

    /// A plugin whose every button runs `body` in `on_action`.
    func host(onAction body: String, options: PluginOptions = PluginOptions()) throws -> PluginHost {
        try fixtures.host(plugin("on_action = function(ctx, row, button)\n\(body)\nend"), options: options)
    }

    @Test func aRuntimeErrorIsOnePluginErrorWithItsPlace() throws {
        let host = try host(onAction: "error('boom')")
        try host.open(2)
        try host.table.tap(row: 2, button: 1)
        let file = fixtures.chunk("p.lua")
        expectEqual(host.messages("plugin_error"), ["\(file):2: boom"])
        let error = try #require(host.customs.first)
        expectEqual(error.field("plugin"), .string("p"))
        expectEqual(error.field("hook"), .string("on_action"))
        expectEqual(error.field("row"), .int(2))
        #expect(error.text.hasPrefix("plugin error in p.on_action (row 2): \(file):2: boom"))
        expectEqual(host.coreEvents, [.action(row: 2, buttonID: "a", number: 1, title: "A")])
    }

    @Test func aBudgetOverrunStopsTheHandler() throws {
        var options = PluginOptions()
        options.instructionBudget = 100_000
        let host = try host(onAction: "while true do end", options: options)
        try host.open(1)
        try host.table.tap(row: 1, button: 1)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.chunk("p.lua")):2: instruction budget of 100000 exceeded in 'on_action'"
            ])
        expectEqual(host.customNames, ["plugin_error"])
    }

    @Test func aMemoryOverrunStopsTheHandler() throws {
        var options = PluginOptions()
        options.memoryLimit = 8 * 1024 * 1024
        let host = try host(
            onAction: "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end", options: options)
        try host.open(1)
        try host.table.tap(row: 1, button: 1)
        expectEqual(
            host.messages("plugin_error"),
            [
                fixtures.folder + "/p.lua: not enough memory: memory cap of 8388608 bytes exceeded in 'on_action'"
            ])
        // The state is usable afterwards: the plugin still answers.
        host.table.advance(by: .milliseconds(1 as Int64))
        expectEqual(host.customNames, ["plugin_error"])
    }

    @Test func aHandlerFailingHalfWayAppliesNoneOfItsEffects() throws {
        let host = try host(
            onAction: """
                ctx:delete(2); ctx:insert(1, 'new'); ctx:set_item(3, 'x'); ctx:close(4); ctx:present { title = 'T' }; ctx:log('hi')
                ctx:emit('custom', {}); ctx:after(10, function(ctx) ctx:log('late') end)
                error('boom')
                """)
        try host.open(4)
        try host.open(6)
        let items = host.items()
        try host.table.tap(row: 4, button: 1)
        host.table.advance(by: .milliseconds(1000 as Int64))
        expectEqual(host.items(), items)
        expectEqual(host.table.openRows, [4, 6])
        expectEqual(host.table.cell(forRow: 4)?.isOpen, true)
        #expect(host.presented == nil)
        expectEqual(host.customNames, ["plugin_error"])
    }

    @Test func aHookFailingThreeTimesIsSwitchedOff() throws {
        let host = try fixtures.host(
            plugin(
                """
                on_action = function() error('boom') end,
                on_open = function(ctx, row) ctx:log('opened', row.index) end
                """))
        try host.open(1)
        for _ in 1...5 { try host.table.tap(row: 1, button: 1) }
        let file = fixtures.folder + "/p.lua"
        expectEqual(host.customNames, ["plugin_error", "plugin_error", "plugin_error", "plugin_warning"])
        expectEqual(host.texts("plugin_warning"), ["\(file): warning: on_action: failed 3 times: switched off"])
        expectEqual(host.coreEvents.count, 5)
        // Only the failing hook is off.
        try host.table.panBegan(row: 2)
        try host.table.panChanged(row: 2, translation: -100)
        try host.table.panEnded(row: 2)
        expectEqual(host.texts("log"), ["[p] opened\t2"])
    }

    /// `configure` is data: it is never switched off (it was after 3 failures, and the later
    /// rows then got the tutorial's buttons), and each row that fails gets no buttons.
    @Test func aFailingConfigureLeavesEachFailingRowWithoutButtonsAndIsNeverSwitchedOff() throws {
        let host = try fixtures.host(plugin(configure: "function(row) error('no ' .. row.index) end"))
        let file = fixtures.chunk("p.lua")
        expectEqual(host.messages("plugin_error"), (1...12).map { "\(file):1: no \($0)" })
        expectEqual(host.messages("plugin_warning"), [])
        expectEqual(host.configureCalls, 12)
        expectEqual(host.table.cell(forRow: 1)?.configuration.buttons, [])
        expectEqual(host.table.cell(forRow: 4)?.configuration.buttons, [])
        expectEqual(host.table.cell(forRow: 4)?.configuration.failure, "its configure failed: \(file):1: no 4")
    }

    @Test func strictEndsTheRunAtTheFirstPluginError() throws {
        let path = fixtures.plugin("p.lua", plugin("on_action = function() error('boom') end"))
        let run = PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(path)], strict: true))
        #expect {
            _ = try run.run(script: "swipe 1 -200\nwait 300\ntap 1 1\ntap 1 1\n")
        } throws: { error in
            guard case .strict(let failure) = error as? RunFailure else { return false }
            return failure.plugin == "p" && failure.hook == .onAction && failure.kind == .runtime && failure.row == 1
                && failure.message == "\(fixtures.chunk("p.lua")):1: boom" && (error as! RunFailure).exitStatus == 1
                && (error as! RunFailure).description
                    == "plugin error (--strict): \(fixtures.chunk("p.lua")):1: boom (plugin 'p', hook on_action, row 1)"
        }
        let lenient = PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(path)]), format: .jsonl)
        let out = try lenient.run(script: "swipe 1 -200\nwait 300\ntap 1 1\ntap 1 1\n")
        expectEqual(String(decoding: out.bytes, as: UTF8.self).components(separatedBy: "plugin_error").count, 3)
    }

    /// `makeHost` sets `strict` only after `PluginHost.init` has configured the visible rows
    /// and run `setup`, so their failures never become `fatalError`.
    @Test(arguments: [
        plugin(configure: "function(row) error('bad row') end"),
        plugin("setup = function() error('bad setup') end"),
    ])
    func strictAlsoEndsARunWhosePluginFailsWhileTheHostStarts(source: String) throws {
        let path = fixtures.plugin("p.lua", source)
        let run = PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(path)], strict: true))
        #expect(throws: RunFailure.self) { _ = try run.run(script: "wait 10\n") }
    }

    @Test func aLoopInOnActionYieldsOnePluginErrorAndTheRunFinishes() throws {
        var options = PluginOptions()
        options.instructionBudget = 100_000
        let path = fixtures.plugin("loop.lua", plugin(name: "loop", "on_action = function() while true do end end"))
        let run = PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.file(path)], pluginOptions: options),
            format: .jsonl)
        let out = String(
            decoding: try run.run(script: "swipe 1 -200\nwait 300\ntap 1 1\nwait 100\n").bytes, as: UTF8.self)
        let lines = out.split(separator: "\n")
        expectEqual(lines.filter { $0.contains("\"event\":\"plugin_error\"") }.count, 1)
        expectEqual(lines.last?.hasPrefix("{\"event\":\"state\",\"t\":"), true)
        let rows = (2...12).map { ",{\"row\":\($0),\"right\":0,\"left\":0}" }.joined()
        expectEqual(
            out,
            """
            {"event":"open","row":1,"t":150}
            {"event":"action","row":1,"button":"a","index":1,"t":450}
            {"event":"plugin_error","plugin":"loop","file":"\(path)","hook":"on_action","row":1,"field":null,"message":"\(fixtures.chunk("loop.lua")):1: instruction budget of 100000 exceeded in 'on_action'","kind":"budget","t":450}
            {"event":"state","t":550,"rows":[{"row":1,"right":80,"left":-80}\(rows)],"editing":[1]}

            """)
    }
}
