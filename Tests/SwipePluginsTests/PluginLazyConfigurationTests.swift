import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// `configure` is asked only for rows that come on screen, once each, until the row changes.
struct PluginLazyConfigurationTests {
    let fixtures = Fixtures()
    let counting = plugin(
        configure: """
            function(row) calls = (calls or 0) + 1; return { buttons = { { id = 'a', title = 'A', width = 80 } } } end
            """)

    @Test func aMillionRowsShowingTwelveAskForTwelve() throws {
        let host = try fixtures.host(counting, items: .generated(count: 1_000_000))
        expectEqual(host.table.items.count, 1_000_000)
        expectEqual(host.table.visibleRows, 1..<13)
        expectEqual(host.configureCalls, 12)
    }

    @Test func configurationsAreCachedAcrossReloadsAndGestures() throws {
        let host = try fixtures.host(counting)
        expectEqual(host.configureCalls, 12)
        host.table.reloadVisibleRows()
        try host.table.panBegan(row: 1)
        try host.table.panChanged(row: 1, translation: -100)
        try host.table.panEnded(row: 1)
        host.table.advance(by: .milliseconds(300 as Int64))
        try host.table.tap(row: 1, button: 1)
        expectEqual(host.configureCalls, 12)
    }

    @Test func scrollingAsksOnlyForTheNewRows() throws {
        let host = try fixtures.host(counting, items: .generated(count: 1_000_000))
        host.table.scroll(by: 44)
        expectEqual(host.table.visibleRows, 2..<14)
        expectEqual(host.configureCalls, 13)
        host.table.scroll(by: -44)
        expectEqual(host.configureCalls, 13)
        host.table.scroll(to: 44 * 1000)
        expectEqual(host.configureCalls, 25)
    }

    @Test func everyPluginThatDeclinesIsCounted() throws {
        let declining = plugin(name: "declining", configure: "function() return nil end")
        let host = try fixtures.host([("declining.lua", declining), ("counting.lua", counting)])
        expectEqual(host.configureCalls, 24)
    }

    @Test func setItemAsksAgainForThatRowOnly() throws {
        let source = plugin(
            configure:
                "function(row) return { buttons = { { id = (row.item:gsub('[ #]', '_')), title = 'A', width = 80 } } } end",
            "on_action = function(ctx, row) ctx:set_item(row.index, 'renamed') end")
        let host = try fixtures.host(source)
        try host.open(2)
        try host.table.tap(row: 2, button: 1)
        expectEqual(host.configureCalls, 13)
        expectEqual(host.buttonIDs(2), ["renamed"])
        expectEqual(host.buttonIDs(3), ["Longer_Title_Item__3"])
    }

    @Test func deleteAsksAgainForTheRowsThatMoved() throws {
        let source = plugin(
            configure:
                "function(row) return { buttons = { { id = (row.item:gsub('[ #]', '_')), title = 'A', width = 80 } } } end",
            "on_action = function(ctx, row) ctx:delete(row.index) end")
        let host = try fixtures.host(source)
        try host.open(10)
        try host.table.tap(row: 10, button: 1)
        // Rows 10, 11 and 12 have new items, and row 12 is new on screen.
        expectEqual(host.configureCalls, 15)
        expectEqual(host.buttonIDs(10), ["Longer_Title_Item__11"])
        expectEqual(host.buttonIDs(12), ["Longer_Title_Item__13"])
        expectEqual(host.buttonIDs(9), ["Longer_Title_Item__9"])
    }
}
