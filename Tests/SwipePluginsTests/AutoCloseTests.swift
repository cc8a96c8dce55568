import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A button's `close = true` (or its edge's `close_on_action = true`) closes
/// the row, animated, once its action was handled; and `exclusive = "begin"` in a plugin.
struct AutoCloseTests {
    let fixtures = Fixtures()

    /// Rows with a trailing edge of `buttons` (Lua), `extra` fields in the configuration.
    func host(_ buttons: String, _ extra: String = "", handlers: String = "") throws -> PluginHost {
        try fixtures.host(
            plugin(configure: "function(row) return { buttons = { \(buttons) }, \(extra) } end", handlers))
    }

    /// The delegate calls as `open 3`, `close 3`, `action 3 a`.
    func calls(_ host: PluginHost) -> [String] {
        host.coreEvents.map { event in
            switch event {
            case .open(let row): "open \(row)"
            case .close(let row): "close \(row)"
            case .action(let row, let id, _, _): "action \(row) \(id)"
            default: event.name
            }
        }
    }

    static let two = "{ id = 'a', title = 'A', width = 80, close = true }, { id = 'b', title = 'B', width = 80 }"

    @Test func aClosingButtonClosesItsRowAnimatedAfterItsAction() throws {
        let host = try host(Self.two, handlers: "on_action = function(ctx, row, b) ctx:log(b.id) end,")
        try host.open(3)
        try host.table.tap(row: 3, buttonID: "a")
        expectEqual(calls(host), ["action 3 a", "close 3"])
        expectEqual(host.texts("log"), ["[p] a"])
        expectEqual(host.table.openRows, [])
        // Animated: the content is still out, and comes back on the clock.
        #expect(host.table.cell(forRow: 3)?.offset != 0)
        host.table.advance(by: .seconds(1))
        expectEqual(host.table.cell(forRow: 3)?.offset, 0)
        // The button without `close` leaves its row open, as the tutorial does.
        try host.open(4)
        try host.table.tap(row: 4, buttonID: "b")
        expectEqual(host.table.openRows, [4])
    }

    @Test func anEdgesCloseOnActionIsItsButtonsDefault() throws {
        let host = try host(
            "{ id = 'a', title = 'A', width = 80 }, { id = 'b', title = 'B', width = 80, close = false }",
            "close_on_action = true, leading = { buttons = { { id = 'l', title = 'L', width = 80 } } }")
        try host.open(1)
        try host.table.tap(row: 1, buttonID: "a")
        try host.open(2)
        try host.table.tap(row: 2, buttonID: "b")
        try host.table.openRow(5, edge: .leading)
        try host.table.tap(row: 5, buttonID: "l")
        expectEqual(host.table.openRows, [2, 5])
        expectEqual(calls(host), ["action 1 a", "close 1", "action 2 b", "action 5 l"])
    }

    @Test func aFailedHandlerLeavesTheRowOpen() throws {
        let host = try host(Self.two, handlers: "on_action = function() error('no') end,")
        try host.open(3)
        try host.table.tap(row: 3, buttonID: "a")
        expectEqual(host.table.openRows, [3])
        expectEqual(calls(host), ["action 3 a"])
        expectEqual(host.messages("plugin_error").count, 1)
    }

    /// A handler that deleted the row moved the others up: none of them is closed for it.
    @Test func aHandlerThatDeletesItsRowClosesNoOther() throws {
        let host = try host(Self.two, handlers: "on_action = function(ctx, row) ctx:delete(row.index) end,")
        try host.open(3)
        try host.open(4)
        try host.table.tap(row: 3, buttonID: "a")
        expectEqual(host.table.openRows, [3])
        expectEqual(calls(host), ["action 3 a"])
    }

    /// "Mark as read": a handler that changes its own row's title (`ctx:set_item`) still has its
    /// row closed, followed by its id. It was left open: the row was matched by its title.
    @Test(arguments: [
        "ctx:set_item(row.index, row.title .. ' (read)')",
        "ctx:set_item(row.id, { title = 'Read', unread = false })",
    ])
    func aHandlerThatRetitlesItsRowStillClosesIt(edit: String) throws {
        let host = try host(Self.two, handlers: "on_action = function(ctx, row) \(edit) end,")
        try host.open(3)
        try host.table.tap(row: 3, buttonID: "a")
        expectEqual(calls(host), ["action 3 a", "close 3"])
        expectEqual(host.table.openRows, [])
        host.table.advance(by: .seconds(1))
        expectEqual(host.table.cell(forRow: 3)?.isClosed, true)
    }

    /// A handler that inserts a row above its own moves it down: the row is closed where it is.
    @Test func aHandlerThatMovesItsRowClosesItWhereItIs() throws {
        let host = try host(Self.two, handlers: "on_action = function(ctx, row) ctx:insert(1, 'New') end,")
        try host.open(3)
        try host.open(6)
        try host.table.tap(row: 3, buttonID: "a")
        expectEqual(calls(host), ["action 3 a", "close 4"])
        expectEqual(host.table.openRows, [7])
    }

    @Test func theCloseReachesOnClose() throws {
        let host = try host(Self.two, handlers: "on_close = function(ctx, row) ctx:log('closed', row.index) end,")
        try host.open(2)
        try host.table.tap(row: 2, buttonID: "a")
        expectEqual(host.texts("log"), ["[p] closed\t2"])
    }

    static let badCases: [(String, String)] = [
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80, close = 'yes' } } }",
            "buttons[1].close: must be a boolean, got string"
        ),
        (
            "{ buttons = { { id = 'a', title = 'A', width = 80 } }, close_on_action = 1 }",
            "close_on_action: must be a boolean, got number"
        ),
        (
            "{ leading = { buttons = { { id = 'a', title = 'A', width = 80 } }, close_on_action = {} } }",
            "leading.close_on_action: must be a boolean, got table"
        ),
    ]

    @Test(arguments: badCases)
    func aBadCloseIsAPluginErrorNamingItsField(configuration: String, message: String) throws {
        let host = try fixtures.host(
            plugin(configure: "function(row) if row.index == 1 then return \(configuration) end end"))
        expectEqual(host.messages("plugin_error"), ["\(fixtures.folder)/p.lua:1: row 1: \(message)"])
        expectEqual(host.table.cell(forRow: 1)?.configuration.hasButtons, false)
    }

    @Test func aPluginTableAsksForExclusiveOnBegin() throws {
        let host = try fixtures.host(plugin("table = { exclusive = 'begin' },"))
        expectEqual(host.table.options, TableBehaviorOptions(exclusive: true, exclusiveOnBegin: true))
        try host.open(1)
        try host.table.panBegan(row: 3)
        try host.table.panChanged(row: 3, translation: -20)
        expectEqual(host.table.openRows, [])
        expectEqual(calls(host), ["close 1"])
        // `true` keeps closing on open.
        let onOpen = try fixtures.host(plugin("table = { exclusive = true },"))
        try onOpen.open(1)
        try onOpen.table.panBegan(row: 3)
        try onOpen.table.panChanged(row: 3, translation: -20)
        expectEqual(onOpen.table.openRows, [1])
    }
}
