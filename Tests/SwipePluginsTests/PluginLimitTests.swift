import Foundation
import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// The bounds on what one plugin may ask for: effects per handler, timers, the clock's end.
/// Past each, a `plugin_error` with a clear message, nothing applied, and the run goes on.
struct PluginLimitTests {
    let fixtures = Fixtures()

    /// A host whose button `a` runs `body` (line 2 of `p.lua`) in `on_action`.
    func host(onAction body: String, items: TableItems = .generated(count: 30)) throws -> PluginHost {
        try fixtures.host(plugin("on_action = function(ctx, row, button)\n\(body)\nend"), items: items)
    }

    func tap(_ host: PluginHost, row: Int = 1) throws {
        try host.open(row)
        try host.table.tap(row: row, button: 1)
    }

    // MARK: - ctx:after and the clock's end

    @Test func aTimerPastTheClocksEndIsAPluginError() throws {
        let host = try host(onAction: "ctx:log('before'); ctx:after(1e12, function(ctx) ctx:log('never') end)")
        host.table.advance(to: VirtualInstant(nanoseconds: 8_500_000_000_000_000_000))
        try tap(host)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.chunk("p.lua")):2: bad argument #1 to 'after' (a delay of 1000000000000 ms from t = 8500000000000 would pass the end of the virtual clock (9000000000000 ms))"
            ])
        expectEqual(host.customNames, ["plugin_error"])
        #expect(!host.table.hasPendingAnimations)
    }

    @Test func aTimerUpToTheClocksEndIsSet() throws {
        let host = try host(onAction: "ctx:after(500000000000, function(ctx) ctx:log('at the end', ctx.now) end)")
        host.table.advance(to: VirtualInstant(nanoseconds: 8_500_000_000_000_000_000))
        try tap(host)
        host.table.advance(to: .maximum)
        expectEqual(host.texts("log"), ["[p] at the end\t9000000000000"])
    }

    // MARK: - Timers that never let the clock move

    @Test func aTimerSettingItselfAgainWithNoDelayIsStopped() throws {
        let host = try host(
            onAction: """
                local n = 0
                local function again(ctx) n = n + 1; ctx:emit('tick', { n = n }); ctx:after(0, again) end
                ctx:after(0, again)
                """)
        try tap(host)
        host.table.advance(by: .milliseconds(Int64(10)))
        // Callbacks 1...999 set the timer again; the 1000th fails, so its tick is dropped too.
        expectEqual(host.customs.filter { $0.name == "tick" }.count, PluginHost.timerCallbackLimit - 1)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.chunk("p.lua")):3: ctx:after: 1000 timer callbacks of this plugin already ran within virtual millisecond 0, and this timer would run within it too; a timer that sets itself again must let the clock move (a delay of 1 ms or more)"
            ])
        expectEqual(host.table.now, VirtualInstant(nanoseconds: 10_000_000))
        #expect(!host.table.hasPendingAnimations)
    }

    @Test func aTimerThatDoublesIsStoppedAndTheRunGoesOn() throws {
        let host = try host(
            onAction: """
                local function again(ctx) ctx:after(0.5, again); ctx:after(0.25, again) end
                ctx:after(0, again)
                """)
        try tap(host)
        host.table.advance(by: .milliseconds(Int64(50)))
        // Each failure is one plugin_error; the third switches the timers off.
        expectEqual(host.customNames.filter { $0 == "plugin_error" }.count, PluginHost.failureLimit)
        expectEqual(host.customNames.last, "plugin_warning")
        #expect(!host.table.hasPendingAnimations)
        try host.table.tap(row: 1, button: 1)  // the plugin's other hooks still work
        #expect(host.table.hasPendingAnimations)
    }

    @Test func aPluginHasAtMostTenThousandTimersWaiting() throws {
        let host = try host(onAction: "for i = 1, 6000 do ctx:after(1000, function() end) end")
        try tap(host)
        try host.table.tap(row: 1, button: 1)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.chunk("p.lua")):2: ctx:after: this plugin has 10000 timers waiting, the most it may have; this one is not set"
            ])
        // The first call's 6000 are set; the second's were dropped, so more may be set once they ran.
        host.table.advance(by: .milliseconds(Int64(1000)))
        try host.table.tap(row: 1, button: 1)
        expectEqual(host.messages("plugin_error").count, 1)
    }

    // MARK: - Effects per handler

    @Test func aHandlerQueuesAtMostTenThousandEffects() throws {
        let host = try host(onAction: "ctx:log('before'); for i = 1, 10000 do ctx:insert(1, 'n' .. i) end")
        try tap(host)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.chunk("p.lua")):2: ctx:insert: a handler may queue at most 10000 effects (ctx calls and log lines); none of them is applied"
            ])
        expectEqual(host.table.items.count, 30)
        expectEqual(host.customNames, ["plugin_error"])
    }

    @Test func catchingTheEffectLimitStillAppliesNothing() throws {
        let host = try host(onAction: "for i = 1, 10001 do pcall(ctx.insert, ctx, 1, 'n' .. i) end")
        try tap(host)
        let file = fixtures.folder + "/p.lua"
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(file): the handler queued more than 10000 effects (ctx calls and log lines); none of them is applied"
            ])
        expectEqual(host.table.items.count, 30)
    }

    /// The bound's worth of inserts at the top of a million rows applies (a hang detector, not
    /// a timing: the old list copied the million items on every insert).
    @Test func tenThousandInsertsIntoAMillionRowsApply() throws {
        let host = try host(
            onAction: "for i = 1, 9999 do ctx:insert(1, 'n' .. i) end", items: .generated(count: 1_000_000))
        try tap(host)
        expectEqual(host.messages("plugin_error"), [])
        expectEqual(host.table.items.count, 1_009_999)
        expectEqual(host.table.items[1], "n9999")
        expectEqual(host.table.items[10_000], "Longer Title Item #1")
        expectEqual(host.table.openRows, [10_000])
        expectEqual(host.texts("insert").count, 9999)
    }

    // MARK: - Long strings and control characters

    @Test func longStringsAndControlCharactersStayValidJSONLines() throws {
        let source = plugin(
            "on_action = function(ctx, row, button)\n"
                + "local odd = 'a\\0b\\27[31m\\7\\r\\n\"\\\\\\u{7f}é' .. string.rep('x', 1000000)\n"
                + "ctx:insert(1, odd); ctx:set_item(2, odd); ctx:emit('odd', { s = odd }); ctx:log(odd); print(odd)\nend"
        )
        let path = fixtures.plugin("odd.lua", source)
        let output = try PluginRun(
            fileName: "odd.swipe", configuration: SessionConfiguration(plugins: [.file(path)]), format: .jsonl
        )
        .run(script: "open 1\ntap 1 a\n")
        let text = String(decoding: output.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        expectEqual(lines.count, 7)  // insert, update, odd, log, log, action... and state
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(object is [String: Any])
        }
        let odd = "a\u{0}b\u{1b}[31m\u{7}\r\n\"\\\u{7f}é" + String(repeating: "x", count: 1_000_000)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        expectEqual(first["item"] as? String, odd)
    }

    // MARK: - print

    @Test func printIsALogLineEverywhereAndRollsBackWithItsHandler() throws {
        let host = try fixtures.host(
            """
            print('loading', 1)
            return {
              name = 'p',
              setup = function(host) print('setup'); host.log('host.log') end,
              configure = function(row)
                if row.index == 1 then print('configure', row.index) end
                return { buttons = { { id = 'a', title = 'A', width = 80 } } }
              end,
              on_action = function(ctx, row)
                ctx:log('kept?'); print('printed?')
                if row.index == 2 then error('fails') end
              end,
            }
            """)
        expectEqual(host.texts("log"), ["[p] loading\t1", "[p] setup", "[p] host.log", "[p] configure\t1"])
        try host.open(1)
        try host.table.tap(row: 1, button: 1)
        try host.open(2)
        try host.table.tap(row: 2, button: 1)
        expectEqual(
            host.texts("log"),
            [
                "[p] loading\t1", "[p] setup", "[p] host.log", "[p] configure\t1", "[p] kept?", "[p] printed?",
            ])
        expectEqual(host.messages("plugin_error"), ["\(fixtures.chunk("p.lua")):11: fails"])
        // The same fields as ctx:log's.
        expectEqual(
            host.customs.first?.fields,
            [
                TraceField("plugin", .string("p")), TraceField("message", .string("loading\t1")),
            ])
    }
}
