import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A leading full swipe with completion `reset` closes its row before its action runs: its
/// `on_will_close` and `on_close` say so (`row.full`), which an abandoned peek's do not; and
/// `ctx:close` gives an open row its `close`, as auto-close does (docs/table-behavior.md, "A
/// pan's lifecycle").
struct FullSwipeCloseTests {
    let fixtures = Fixtures()

    /// Rows with one leading button, full-swiped with `reset`; every hook logs what it gets.
    func host() throws -> PluginHost {
        try fixtures.host(
            """
            return {
              name = "p",
              configure = function(row)
                return { leading = { buttons = { { id = "read", title = "Read", width = 80 } },
                                     full_swipe = { button = "read", completion = "reset" } } }
              end,
              on_will_close = function(ctx, row) ctx:log("will_close " .. row.index .. " " .. tostring(row.full)) end,
              on_close = function(ctx, row) ctx:log("close " .. row.index .. " " .. tostring(row.full)) end,
              on_action = function(ctx, row, button) ctx:log("action " .. row.index .. " " .. tostring(button.full)) end,
            }
            """)
    }

    func swipe(_ host: PluginHost, row: Int, to x: Double) throws {
        try host.table.panBegan(row: row)
        _ = try host.table.panChanged(row: row, translation: x / 2)
        _ = try host.table.panChanged(row: row, translation: x)
        _ = try host.table.panEnded(row: row)
        host.table.advance(by: .seconds(1))
    }

    @Test func aFullSwipesCloseSaysSoAndAPeeksDoesNot() throws {
        let host = try host()
        try swipe(host, row: 3, to: 300)
        try swipe(host, row: 4, to: 20)
        expectEqual(
            host.texts("log"),
            [
                "[p] will_close 3 true", "[p] close 3 true", "[p] action 3 true",
                "[p] will_close 4 nil", "[p] close 4 nil",
            ])
    }

    @Test func ctxCloseGivesAnOpenRowItsClose() throws {
        let host = try fixtures.host(
            """
            return {
              name = "p",
              configure = function(row) return { buttons = { { id = "a", title = "A", width = 80 } } } end,
              on_action = function(ctx, row, button) ctx:close(row.index); ctx:close(7) end,
              on_close = function(ctx, row) ctx:log("on_close " .. row.index .. " " .. tostring(row.full)) end,
            }
            """)
        try host.open(3)
        #expect(try host.table.tap(row: 3, buttonID: "a"))
        // Row 7 was not open: nothing for it.
        expectEqual(host.coreEvents, [.action(row: 3, buttonID: "a", number: 1, title: "A"), .close(row: 3)])
        expectEqual(host.texts("log"), ["[p] on_close 3 nil"])
        #expect(host.table.openRows.isEmpty)
    }
}
