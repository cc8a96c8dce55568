import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// The lifecycle hooks, called in the table's order with the pan's motion,
/// each optional, transactional and struck out like the other handlers.
struct LifecycleHookTests {
    let fixtures = Fixtures()

    /// Logs every hook it has with the row's fields: `begin 3 trailing`, `progress 3 trailing
    /// o=-10.0 f=0.0625`, `will_open 3 trailing v=-900.0`, `open 3 - v=-900.0` (`-`: no side, as
    /// `on_open` has none for a row whose buttons are all trailing).
    static let logger = """
        local function show(name)
          return function(ctx, row)
            local text = name .. ' ' .. row.index .. ' ' .. (row.side or '-')
            if row.velocity then text = text .. ' v=' .. row.velocity end
            if row.offset then text = text .. ' o=' .. row.offset .. ' f=' .. row.fraction end
            ctx:log(text)
          end
        end
        return { name = 'p',
          configure = function(row) return {
            buttons = { { id = 'a', title = 'A', width = 80 }, { id = 'b', title = 'B', width = 80 } },
            release = 'velocity',
            full_swipe = { button = 'a', threshold = 200, completion = 'reset' },
          } end,
          on_begin = show('begin'), on_will_open = show('will_open'), on_will_close = show('will_close'),
          on_open = show('open'), on_close = show('close'), on_expand = show('expand'),
          on_collapse = show('collapse'), on_progress = show('progress'), on_action = show('action'),
        }
        """

    /// A logged line with its offset and velocity negated: the mirror image's.
    static func flipped(_ line: String) -> String {
        line.split(separator: " ").map { part in
            guard part.hasPrefix("o=") || part.hasPrefix("v=") else { return String(part) }
            let value = part.dropFirst(2)
            return part.prefix(2) + (value.hasPrefix("-") ? String(value.dropFirst()) : "-" + value)
        }.joined(separator: " ")
    }

    func logs(_ host: PluginHost) -> [String] { host.texts("log").map { String($0.dropFirst("[p] ".count)) } }

    @Test func aFlickRunsTheHooksInOrderWithItsVelocity() throws {
        let host = try fixtures.host(Self.logger)
        try host.table.panBegan(row: 3)
        try host.table.panChanged(row: 3, translation: -10)
        try host.table.panEnded(row: 3, velocity: -900)
        expectEqual(
            logs(host),
            [
                "begin 3 trailing", "progress 3 trailing o=-10.0 f=0.0625", "will_open 3 trailing v=-900.0",
                "open 3 - v=-900.0",
            ])
    }

    @Test func aFullSwipeArmsDisarmsAndActs() throws {
        let host = try fixtures.host(Self.logger)
        try host.table.panBegan(row: 2)
        try host.table.panChanged(row: 2, translation: -200)
        try host.table.panChanged(row: 2, translation: -150)
        try host.table.panChanged(row: 2, translation: -200)
        try host.table.panEnded(row: 2, velocity: 0)
        expectEqual(
            logs(host),
            [
                "begin 2 trailing", "progress 2 trailing o=-200.0 f=1.25", "expand 2 trailing",
                "progress 2 trailing o=-150.0 f=0.9375", "collapse 2 trailing", "progress 2 trailing o=-200.0 f=1.25",
                "expand 2 trailing", "will_close 2 trailing v=0.0", "close 2 -", "action 2 -",
            ])
    }

    @Test func rightToLeftMirrorsTheOffsetAndVelocityAlone() throws {
        let ltr = try fixtures.host(Self.logger)
        let rtl = try fixtures.host(Self.logger, configuration: SessionConfiguration(direction: .rtl))
        for (host, sign) in [(ltr, -1.0), (rtl, 1.0)] {
            try host.table.panBegan(row: 1)
            try host.table.panChanged(row: 1, translation: sign * 30)
            try host.table.panChanged(row: 1, translation: sign * 100)
            try host.table.panEnded(row: 1, velocity: sign * 50)
            try host.table.panBegan(row: 1)
            try host.table.panCancelled(row: 1)
        }
        expectEqual(logs(rtl).map(Self.flipped), logs(ltr))
        expectEqual(
            logs(ltr),
            [
                "begin 1 trailing", "progress 1 trailing o=-30.0 f=0.1875", "progress 1 trailing o=-100.0 f=0.625",
                "will_open 1 trailing v=-50.0", "open 1 -", "will_open 1 trailing", "open 1 -",
            ])
    }

    @Test func aPluginWithoutHooksAsksTheTableForNoLifecycleEvents() throws {
        let host = try fixtures.host(plugin())
        #expect(!host.table.reportsLifecycle)
        #expect(!host.table.reportsProgress)
        let progressOnly = try fixtures.host(plugin("on_progress = function() end"))
        #expect(!progressOnly.table.reportsLifecycle)
        #expect(progressOnly.table.reportsProgress)
        let beginOnly = try fixtures.host(plugin("on_begin = function() end"))
        #expect(beginOnly.table.reportsLifecycle)
        #expect(!beginOnly.table.reportsProgress)
    }

    /// The trace shows `begin`, `will_open` and `will_close` only when asked, whatever the hooks.
    @Test func theTraceShowsLifecycleEventsOnlyWhenAsked() throws {
        let path = fixtures.plugin("p.lua", Self.logger)
        for asked in [false, true] {
            let host = try PluginHost(
                plugins: [try Plugin(path: path)], configuration: SessionConfiguration(lifecycleEvents: asked))
            try host.table.panBegan(row: 3)
            try host.table.panChanged(row: 3, translation: -60)
            try host.table.panEnded(row: 3, velocity: 0)
            let names = host.recorder.records.map(\.event.name).filter { $0 != "log" }
            expectEqual(names, (asked ? ["begin", "will_open", "open"] : ["open"]))
        }
    }

    /// A hook that fails applies none of its effects, is reported with its hook's name, and is
    /// switched off after 3 failures; the gesture and the other hooks go on.
    @Test func aFailingHookIsRolledBackReportedAndSwitchedOff() throws {
        let host = try fixtures.host(
            plugin(
                """
                on_progress = function(ctx, row) ctx:log('moved'); error('boom') end,
                on_open = function(ctx, row) ctx:log('opened') end,
                """))
        try host.table.panBegan(row: 1)
        for x in stride(from: -10.0, through: -60, by: -10) { try host.table.panChanged(row: 1, translation: x) }
        try host.table.panEnded(row: 1, velocity: 0)
        let chunk = fixtures.chunk("p.lua")
        expectEqual(host.messages("plugin_error"), Array(repeating: "\(chunk):1: boom", count: 3))
        expectEqual(
            host.customs.filter { $0.name == "plugin_error" }.map { $0.field("hook") },
            Array(repeating: .string("on_progress"), count: 3))
        expectEqual(host.messages("plugin_warning").count, 1)
        expectEqual(host.texts("log"), ["[p] opened"])
        expectEqual(host.table.openRows, [1])
    }

    @Test func aHookThatLoopsRunsOutOfBudgetAndTheRunGoesOn() throws {
        var options = PluginOptions()
        options.instructionBudget = 10_000
        let host = try fixtures.host(
            plugin("on_begin = function() while true do end end, on_open = function(ctx) ctx:log('opened') end,"),
            options: options)
        try host.table.panBegan(row: 1)
        try host.table.panChanged(row: 1, translation: -60)
        try host.table.panEnded(row: 1, velocity: 0)
        let errors = host.customs.filter { $0.name == "plugin_error" }
        expectEqual(errors.map { $0.field("kind") }, [.string("budget")])
        expectEqual(errors.map { $0.field("hook") }, [.string("on_begin")])
        expectEqual(host.texts("log"), ["[p] opened"])
    }

    @Test func aHookThatIsNotAFunctionDoesNotLoad() throws {
        let path = fixtures.plugin("p.lua", plugin("on_begin = 3,"))
        #expect(
            throws: PluginProblem(file: path, line: 1, field: "on_begin", message: "must be a function, got number")
        ) { try Plugin(path: path) }
    }
}
