import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// Leading and trailing edges, the layout direction and the table options, as plugins set them.
struct EdgePluginTests {
    let fixtures = Fixtures()

    static let button = "{ id = 'a', title = 'A', width = 80 }"
    static let leading = "{ id = 'u', title = 'U', width = 60 }"

    /// (the configuration row 1 gets, in Lua; the error after `FILE: row 1: `)
    static let cases: [(String, String)] = [
        (
            "{ buttons = { \(button) }, trailing = { buttons = { \(button) } } }",
            "trailing: cannot be used with the top-level 'buttons': those are the trailing edge's already (use one or the other)"
        ),
        (
            "{ open_threshold = 10, trailing = { buttons = { \(button) } } }",
            "trailing: cannot be used with the top-level 'open_threshold': those are the trailing edge's already (use one or the other)"
        ),
        (
            "{ leading = {} }",
            "buttons: must be a non-empty list of buttons on at least one edge (leading or trailing), got none (an empty list or enabled = false turns an edge off)"
        ),
        (
            "{ leading = { buttons = 3 } }",
            "leading.buttons: must be a list of buttons, got a number (an empty list or enabled = false: the edge does not swipe)"
        ),
        ("{ leading = { enabled = 'off' } }", "leading.enabled: must be true or false, got 'off'"),
        (
            "{ leading = 3 }",
            "leading: must be a table { buttons = {...}, open_threshold = ..., close_threshold = ... }, got a number"
        ),
        (
            "{ leading = { \(leading) } }",
            "leading: must be a table { buttons = {...}, open_threshold = ..., close_threshold = ... }, got a list"
        ),
        (
            "{ leading = { buttons = { { id = 'u', title = 'U', width = -1 } } } }",
            "leading.buttons[1].width: must be a finite number > 0, got -1"
        ),
        (
            "{ leading = { buttons = { \(leading) }, open_threshold = 61 } }",
            "leading.open_threshold: must be in (0, 60] (the total button width), got 61"
        ),
        (
            "{ leading = { buttons = { \(leading) }, close_threshold = 'x' } }",
            "leading.close_threshold: must be a number, got string"
        ),
        (
            "{ buttons = { \(button) }, leading = { buttons = { { id = 'a', title = 'U', width = 60 } } } }",
            "leading.buttons[1].id: duplicate id 'a' (also buttons[1].id)"
        ),
        (
            "{ trailing = { buttons = { \(button), { id = 'b', title = 'B', width = 300 } } } }",
            "trailing.buttons: are 380 points wide in total, 60 more than the 320-point cell"
        ),
        (
            "{ leading = { buttons = { \(leading) } }, trailing = { open_threshold = 5 } }",
            "trailing.open_threshold: is set, but the edge has no buttons"
        ),
    ]

    @Test(arguments: cases)
    func aBadEdgeIsOnePluginErrorNamingTheField(configuration: String, message: String) throws {
        let host = try fixtures.host(
            plugin(configure: "function(row) if row.index == 1 then return \(configuration) end end"))
        let file = fixtures.folder + "/p.lua"
        expectEqual(host.messages("plugin_error"), ["\(file):1: row 1: \(message)"])
        expectEqual(host.table.cell(forRow: 1)?.configuration.hasButtons, false)
    }

    @Test func unknownKeysOfAnEdgeWarn() throws {
        let host = try fixtures.host(
            plugin(
                configure: "function(row) return { leading = { buttons = { \(Self.leading) }, open_treshold = 3 } } end"
            ))
        expectEqual(host.messages("plugin_warning"), ["unknown key (did you mean 'open_threshold'?)"])
        expectEqual(host.customs.first?.field("field"), .string("leading.open_treshold"))
    }

    @Test func bothEdgesAreRead() throws {
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row) return {
                      leading = { buttons = { \(Self.leading) }, open_threshold = 10, close_threshold = 50 },
                      trailing = { buttons = { \(Self.button) } }, bounce = 5 } end
                    """))
        let configuration = try #require(host.table.cell(forRow: 1)?.configuration)
        expectEqual(configuration.leading.buttons.map(\.id), ["u"])
        expectEqual(configuration.leading.openThreshold, 10)
        expectEqual(configuration.leading.closeThreshold, 50)
        expectEqual(configuration.trailing.buttons.map(\.id), ["a"])
        expectEqual(configuration.bounce, 5)
        #expect(host.customNames.isEmpty)
    }

    @Test func handlersHearTheSideAndOnTapIsPerEdge() throws {
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row) return {
                      leading = { buttons = { { id = 'u', title = 'U', width = 60, on_tap = function(ctx, r, b) ctx:log('tap', b.id, b.index, r.side) end } } },
                      buttons = { { id = 'a', title = 'A', width = 80, on_tap = function(ctx, r, b) ctx:log('tap', b.id, b.index, r.side) end } } } end
                    """,
                """
                on_open = function(ctx, row) ctx:log('open', row.index, row.side) end,
                on_close = function(ctx, row) ctx:log('close', row.index, row.side) end,
                """))
        try host.table.panBegan(row: 2)
        try host.table.panChanged(row: 2, translation: 70)
        try host.table.panEnded(row: 2)
        host.table.advance(by: .milliseconds(300 as Int64))
        try host.table.tap(row: 2, buttonID: "u")
        try host.table.openRow(2, edge: .trailing)
        try host.table.tap(row: 2, buttonID: "a")
        try host.table.panBegan(row: 2)
        try host.table.panChanged(row: 2, translation: 200)
        try host.table.panEnded(row: 2)
        expectEqual(
            host.messages("log"),
            [
                "open\t2\tleading", "tap\tu\t1\tleading", "tap\ta\t1\ttrailing", "close\t2\ttrailing",
            ])
        expectEqual(
            host.coreEvents,
            [
                .open(row: 2), .action(row: 2, buttonID: "u", number: 1, title: "U"),
                .action(row: 2, buttonID: "a", number: 1, title: "A"), .close(row: 2),
            ])
        expectEqual(
            host.recorder.records.filter(\.event.isDelegateCall).map(\.side),
            [
                .leading, .leading, .trailing, .trailing,
            ])
    }

    @Test func aTutorialShapedRowNamesNoSide() throws {
        let host = try fixtures.host(
            plugin(
                configure: "function(row) return { buttons = { \(Self.button) } } end",
                "on_open = function(ctx, row) ctx:log(tostring(row.side)) end,"))
        try host.table.openRow(1)
        try host.table.panBegan(row: 1)
        try host.table.panEnded(row: 1)
        expectEqual(host.messages("log"), ["nil"])
        expectEqual(host.recorder.records.first?.side, nil)
    }

    @Test func ctxOpenTakesASide() throws {
        let host = try fixtures.host(
            plugin(
                configure: """
                    function(row) return { leading = { buttons = { \(Self.leading) } }, buttons = { \(Self.button) } } end
                    """,
                "on_open = function(ctx, row) if row.index == 1 then ctx:open(3, 'leading'); ctx:open(4) end end,"))
        try host.table.panBegan(row: 1)
        try host.table.panChanged(row: 1, translation: -100)
        try host.table.panEnded(row: 1)
        host.table.advance(by: .milliseconds(300 as Int64))
        expectEqual(host.table.openRows, [1, 3, 4])
        expectEqual(host.table.cell(forRow: 3)?.right, -60)
        expectEqual(host.table.cell(forRow: 4)?.right, 80)
    }

    @Test func ctxOpenRefusesAnUnknownSide() throws {
        let host = try fixtures.host(plugin("on_open = function(ctx, row) ctx:open(2, 'left') end,"))
        try host.open(1)
        try host.table.panBegan(row: 1)
        try host.table.panEnded(row: 1)
        expectEqual(host.messages("plugin_error").count, 1)
        expectEqual(
            host.messages("plugin_error").first?.hasSuffix(
                "bad argument #2 to 'open' (side must be 'leading' or 'trailing', got 'left')"), true)
    }

    @Test func theFirstPluginWithATableSetsTheOptionsAndTheHostAddsToThem() throws {
        let host = try fixtures.host([
            ("a.lua", plugin(name: "a", "table = { exclusive = true },")),
            ("b.lua", plugin(name: "b", "table = { close_on_scroll = true },")),
        ])
        expectEqual(host.table.options, TableBehaviorOptions(exclusive: true))
        let first = try Plugin(path: fixtures.plugin("c.lua", plugin(name: "c", "table = { close_on_tap = true },")))
        let combined = try PluginHost(
            plugins: [first], configuration: SessionConfiguration(tableBehavior: TableBehaviorOptions(exclusive: true)))
        expectEqual(combined.table.options, TableBehaviorOptions(exclusive: true, closeOnTap: true))
    }

    @Test func aBadTableFieldStopsTheLoad() throws {
        let path = fixtures.plugin("t.lua", plugin("table = { exclusive = 'yes' },"))
        #expect(
            throws: PluginProblem(
                file: path, line: 1, field: "table.exclusive", message: "must be true, false or \"begin\", got \"yes\"")
        ) {
            try Plugin(path: path)
        }
        let list = fixtures.plugin("l.lua", plugin("table = { true },"))
        #expect(
            throws: PluginProblem(
                file: list, line: 1, field: "table",
                message: "must be a table { exclusive = ..., close_on_scroll = ..., close_on_tap = ... }, got a list")
        ) {
            try Plugin(path: list)
        }
        let typo = try Plugin(path: fixtures.plugin("w.lua", plugin("table = { exclusiv = true },")))
        expectEqual(
            typo.warnings.map(\.description),
            [
                "\(typo.file):1: warning: table.exclusiv: unknown key (did you mean 'exclusive'?)"
            ])
    }

    @Test func setupChoosesTheDirectionUnlessTheHostDid() throws {
        let source = plugin("setup = function(host) host.log(host.direction); host.set_direction('rtl') end,")
        let host = try fixtures.host(source)
        expectEqual(host.table.direction, .rtl)
        expectEqual(host.messages("log"), ["ltr"])
        let given = try fixtures.host([("q.lua", source)], configuration: SessionConfiguration(direction: .ltr))
        expectEqual(given.table.direction, .ltr)
        let bad = try fixtures.host([("r.lua", plugin("setup = function(host) host.set_direction('up') end,"))])
        expectEqual(
            bad.messages("plugin_error").first?.hasSuffix(
                "set_direction: the direction must be 'ltr' or 'rtl', got 'up'"), true)
    }

    @Test func checkValidatesTheEdges() {
        let path = fixtures.plugin(
            "bad.lua", plugin(configure: "function(row) return { leading = { buttons = 3 } } end"))
        let report = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 2))).check(path)
        expectEqual(
            report.problems.map(\.description),
            [
                "\(path):1: row 1: leading.buttons: must be a list of buttons, got a number (an empty list or enabled = false: the edge does not swipe)",
                "\(path): the same error as row 1 on 1 more row: 2",
            ])
        expectEqual(report.configuredRows, 0)
    }
}
