import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// The composition rules: who owns a row, where a tap goes, who hears open and close.
struct PluginCompositionTests {
    let fixtures = Fixtures()

    @Test func theFirstPluginToConfigureARowOwnsIt() throws {
        let evens = plugin(
            name: "evens",
            configure: """
                function(row) if row.index % 2 == 0 then return { buttons = { { id = 'even', title = 'E', width = 70 } } } end end
                """)
        let all = plugin(
            name: "all", configure: "function(row) return { buttons = { { id = 'all', title = 'A', width = 90 } } } end"
        )
        let host = try fixtures.host([("evens.lua", evens), ("all.lua", all)])
        expectEqual(host.buttonIDs(1), ["all"])
        expectEqual(host.buttonIDs(2), ["even"])
        expectEqual(host.buttonIDs(3), ["all"])
        expectEqual(host.buttonIDs(4), ["even"])
        expectEqual(host.table.cell(forRow: 2)?.configuration.totalWidth, 70)
        expectEqual(host.table.cell(forRow: 3)?.configuration.totalWidth, 90)
    }

    @Test func aRowNoPluginConfiguresGetsTheTutorialCell() throws {
        let host = try fixtures.host(
            plugin(
                configure:
                    "function(row) if row.index ~= 5 then return { buttons = { { id = 'x', title = 'X', width = 50 } } } end end"
            ))
        expectEqual(host.table.cell(forRow: 5)?.configuration, .tutorial)
        expectEqual(host.buttonIDs(4), ["x"])
    }

    @Test func aPluginWithoutConfigureLeavesEveryRowToTheTutorial() throws {
        let host = try fixtures.host("return { name = 'quiet' }")
        expectEqual(host.table.cell(forRow: 1)?.configuration, .tutorial)
        expectEqual(host.configureCalls, 0)
        #expect(host.recorder.records.isEmpty)
    }

    @Test func aTapGoesToTheButtonsOnTapElseToTheOwnersOnAction() throws {
        let owner = plugin(
            name: "owner",
            configure: """
                function(row) return { buttons = {
                  { id = 'tapped', title = 'T', width = 80, on_tap = function(ctx, r, b) ctx:log('on_tap ' .. b.id .. ' ' .. b.index .. ' ' .. b.title .. ' row ' .. r.index .. ' ' .. r.item) end },
                  { id = 'plain', title = 'P', width = 80 } } } end
                """,
            "on_action = function(ctx, r, b) ctx:log('on_action ' .. b.id .. ' ' .. b.index .. ' row ' .. r.index) end")
        let other = plugin(
            name: "other", configure: "function(row) return nil end",
            "on_action = function(ctx) ctx:log('other heard it') end")
        let host = try fixtures.host([("owner.lua", owner), ("other.lua", other)])
        try host.open(3)
        #expect(try host.table.tap(row: 3, button: 1))
        #expect(try host.table.tap(row: 3, buttonID: "plain"))
        expectEqual(
            host.texts("log"),
            [
                "[owner] on_tap tapped 1 T row 3 Longer Title Item #3",
                "[owner] on_action plain 2 row 3",
            ])
        expectEqual(
            host.coreEvents,
            [
                .action(row: 3, buttonID: "tapped", number: 1, title: "T"),
                .action(row: 3, buttonID: "plain", number: 2, title: "P"),
            ])
    }

    @Test func aTapOnATutorialRowGoesToNoPlugin() throws {
        let host = try fixtures.host(
            plugin(configure: "function() return nil end", "on_action = function(ctx) ctx:log('no') end"))
        try host.open(1)
        #expect(try host.table.tap(row: 1, button: 2))
        expectEqual(host.coreEvents, [.action(row: 1, buttonID: "two", number: 2, title: "Button 2")])
        #expect(host.customs.isEmpty)
    }

    @Test func openAndCloseGoToEveryPluginInLoadOrder() throws {
        let hooks = """
            on_open = function(ctx, r) ctx:emit('heard', { what = 'open', row = r.index }) end,
            on_close = function(ctx, r) ctx:emit('heard', { what = 'close', row = r.index }) end
            """
        let first = plugin(name: "first", hooks)
        let second = plugin(name: "second", configure: "function() return nil end", hooks)
        let host = try fixtures.host([("first.lua", first), ("second.lua", second)])
        try host.table.panBegan(row: 2)
        try host.table.panChanged(row: 2, translation: -60)
        try host.table.panEnded(row: 2)
        host.table.advance(by: .milliseconds(300 as Int64))
        try host.table.panBegan(row: 2)
        try host.table.panChanged(row: 2, translation: 60)
        try host.table.panEnded(row: 2)
        expectEqual(host.coreEvents, [.open(row: 2), .close(row: 2)])
        expectEqual(
            host.texts("heard"),
            [
                "heard from first: row=2 what=open", "heard from second: row=2 what=open",
                "heard from first: row=2 what=close", "heard from second: row=2 what=close",
            ])
    }

    @Test func theItemsComeFromTheFirstPluginThatHasThem() throws {
        let none = plugin(name: "none")
        let mine = plugin(name: "mine", "items = { 'alpha', 'beta' }")
        let later = plugin(name: "later", "items = function() return { 'gamma' } end")
        let host = try fixtures.host([("none.lua", none), ("mine.lua", mine), ("later.lua", later)])
        expectEqual(host.items(), ["alpha", "beta"])
        expectEqual(host.messages("plugin_warning"), ["ignored: 'mine' loaded earlier provides the items"])
        expectEqual(host.customs.first?.field("field"), .string("items"))
        expectEqual(host.customs.first?.field("file"), .string(fixtures.folder + "/later.lua"))
    }

    @Test func withoutItemsTheDefaultItemsAreUsed() throws {
        let host = try fixtures.host(plugin(), items: TableItems(["one", "two", "three"]))
        expectEqual(host.items(), ["one", "two", "three"])
    }

    @Test func setupSeesTheTableAndMayLog() throws {
        let source = plugin(
            "setup = function(info) info.log('rows', info.rows, 'width', info.width, 'name', info.name) end")
        let host = try fixtures.host(source, items: .generated(count: 7))
        expectEqual(host.texts("log"), ["[p] rows\t7\twidth\t320\tname\tp"])
    }
}
