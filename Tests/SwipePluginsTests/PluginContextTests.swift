import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// What `ctx` does to the table and the trace.
struct PluginContextTests {
    let fixtures = Fixtures()

    /// A host whose button `a` runs `body` in `on_action`; rows `open` are opened first.
    func tap(_ body: String, row: Int = 3, open: [Int] = [], items: TableItems = .generated(count: 30)) throws
        -> PluginHost
    {
        let host = try fixtures.host(plugin("on_action = function(ctx, row, button)\n\(body)\nend"), items: items)
        for row in open { try host.open(row) }
        try host.open(row)
        try host.table.tap(row: row, button: 1)
        return host
    }

    @Test func deleteRemovesTheRowAndShiftsTheOpenRowsBelow() throws {
        let host = try tap("ctx:delete(row.index)", row: 3, open: [1, 5, 8])
        expectEqual(host.table.items.count, 29)
        expectEqual(host.table.items[3], "Longer Title Item #4")
        expectEqual(host.table.openRows, [1, 4, 7])
        expectEqual(host.table.cell(forRow: 4)?.isOpen, true)
        expectEqual(host.table.cell(forRow: 5)?.isClosed, true)
        expectEqual(
            host.customs,
            [
                Custom(
                    name: "delete",
                    fields: [TraceField("row", .int(3)), TraceField("item", .string("Longer Title Item #3"))],
                    text: "deleted row 3 (Longer Title Item #3)", t: 0)
            ])
    }

    @Test func insertAddsARowAndShiftsTheOpenRowsBelow() throws {
        let host = try tap("ctx:insert(2, 'fresh'); ctx:insert(32, 'last')", row: 3, open: [1])
        expectEqual(host.table.items.count, 32)
        expectEqual(host.table.items[2], "fresh")
        expectEqual(host.table.items[32], "last")
        expectEqual(host.table.openRows, [1, 4])
        expectEqual(host.texts("insert"), ["inserted row 2: fresh", "inserted row 32: last"])
    }

    @Test func effectsApplyInOrderAgainstTheRowsAsTheyWillBe() throws {
        let host = try tap(
            "ctx:delete(1); ctx:delete(1); ctx:set_item(1, 'now first')", row: 3,
            items: TableItems(["a", "b", "c", "d"]))
        expectEqual(host.items(), ["now first", "d"])
        expectEqual(host.texts("update"), ["row 1 is now: now first"])
    }

    @Test func setItemIsAnUpdateEvent() throws {
        let host = try tap("ctx:set_item(row.index, row.item .. '!')", row: 2)
        expectEqual(host.table.items[2], "Longer Title Item #2!")
        expectEqual(
            host.customs,
            [
                Custom(
                    name: "update",
                    fields: [TraceField("row", .int(2)), TraceField("item", .string("Longer Title Item #2!"))],
                    text: "row 2 is now: Longer Title Item #2!", t: 0)
            ])
        // The row was open: it is reloaded open.
        expectEqual(host.table.openRows, [2])
    }

    /// A row whose `configure` fails after `ctx:set_item` closes, as one
    /// does after a reload, rather than staying open with no buttons.
    @Test(arguments: ["ctx:set_item(row.index, 'broken')", "ctx:set_item(row.index, 'bare')"])
    func anOpenRowWhoseConfigureNowGivesNoButtonsCloses(body: String) throws {
        let configure = """
            function(row)
              if row.item == 'broken' then error('no buttons for a broken row') end
              if row.item == 'bare' then return { leading = { buttons = { { id = 'b', title = 'B', width = 80 } } } } end
              return { buttons = { { id = 'a', title = 'A', width = 80 } } }
            end
            """
        let host = try fixtures.host(
            plugin(configure: configure, "on_action = function(ctx, row, button)\n\(body)\nend"))
        try host.open(2)
        try host.open(4)
        try host.table.tap(row: 2, button: 1)
        expectEqual(host.table.items[2], (body.contains("broken") ? "broken" : "bare"))
        expectEqual(host.table.openRows, [4])
        expectEqual(host.table.cell(forRow: 2)?.isClosed, true)
        expectEqual(host.customNames, (body.contains("broken") ? ["update", "plugin_error"] : ["update"]))
    }

    @Test func presentAndDismiss() throws {
        let host = try tap("if ctx.now == 0 then ctx:present { title = 'Hello', text = 42 } end; ctx:log(ctx.now)")
        expectEqual(host.presented?.title, "Hello")
        expectEqual(host.presented?.text, "42")
        expectEqual(
            host.customs.first,
            Custom(
                name: "present",
                fields: [TraceField("title", .string("Hello")), TraceField("text", .string("42"))],
                text: "presented \"Hello\": 42", t: 0))
        let dismissing = try tap("ctx:dismiss()")
        #expect(dismissing.presented == nil)
        expectEqual(
            dismissing.customs, [Custom(name: "dismiss", fields: [], text: "dismissed the detail screen", t: 0)])
    }

    @Test func logJoinsItsArgumentsWithTabs() throws {
        let host = try tap("ctx:log('a', 1, 2.5, true, nil, {})")
        expectEqual(
            host.customs,
            [
                Custom(
                    name: "log",
                    fields: [
                        TraceField("plugin", .string("p")),
                        TraceField("message", .string("a\t1\t2.5\ttrue\tnil\ttable")),
                    ],
                    text: "[p] a\t1\t2.5\ttrue\tnil\ttable", t: 0)
            ])
    }

    @Test func emitRecordsACustomEventWithSortedFields() throws {
        let host = try tap("ctx:emit('score', { z = 'last', a = 1, m = 2.5, ok = true })")
        expectEqual(
            host.customs,
            [
                Custom(
                    name: "score",
                    fields: [
                        TraceField("plugin", .string("p")), TraceField("a", .int(1)), TraceField("m", .number(2.5)),
                        TraceField("ok", .bool(true)), TraceField("z", .string("last")),
                    ],
                    text: "score from p: a=1 m=2.5 ok=true z=last", t: 0)
            ])
        let bare = try tap("ctx:emit('ping')")
        expectEqual(bare.texts("ping"), ["ping from p"])
    }

    /// Every name the host writes in a trace's `event` field is its own: an emitted `expand` or
    /// `actions` was taken for the host's by specs (`t:events("expand")`), the playground (which
    /// opened its actions menu) and `render`.
    @Test(arguments: TraceEvent.Kind.allCases)
    func emitRefusesEveryHostEventsName(kind: TraceEvent.Kind) throws {
        let host = try tap("ctx:emit('\(kind.rawValue)', { row = 1 })")
        expectEqual(host.customNames, ["plugin_error"])
        let message = try #require(host.messages("plugin_error").first)
        #expect(
            message.hasSuffix(
                "bad argument #1 to 'emit' ('\(kind.rawValue)' is reserved for the host's own events: a plugin's event needs another name)"
            ), "\(message)")
    }

    /// Lua numbers a method's arguments after `self`: the row of `ctx:delete(31)` is `#1`.
    @Test(arguments: [
        (
            "ctx:emit('will_open', {})",
            "bad argument #1 to 'emit' ('will_open' is reserved for the host's own events: a plugin's event needs another name)"
        ),
        ("ctx:emit('')", "bad argument #1 to 'emit' (an event's name must not be empty)"),
        (
            "ctx:emit('x', { t = 1 })",
            "bad argument #2 to 'emit' (field names must be strings other than 'event', 't' and 'plugin')"
        ),
        (
            "ctx:emit('x', { f = {} })",
            "bad argument #2 to 'emit' (field 'f' must be a string, number or boolean, got table)"
        ),
        ("ctx:emit('x', { v = 1/0 })", "bad argument #2 to 'emit' (field 'v' must be a finite number, got inf)"),
        ("ctx:emit('x', { v = 0/0 })", "bad argument #2 to 'emit' (field 'v' must be a finite number, got nan)"),
        (
            "ctx:after(1/0, function() end)",
            "bad argument #1 to 'after' (a delay in milliseconds >= 0 expected, got inf)"
        ),
        (
            "ctx:after(1e300, function() end)",
            "bad argument #1 to 'after' (a delay of 1e+300 ms from t = 0 would pass the end of the virtual clock (9000000000000 ms))"
        ),
        ("ctx:delete(31)", "bad argument #1 to 'delete' (row 31 does not exist (rows 1-30))"),
        ("ctx:delete(30); ctx:open(30)", "bad argument #1 to 'open' (row 30 does not exist (rows 1-29))"),
        ("ctx:insert(32, 'x')", "bad argument #1 to 'insert' (cannot insert at row 32: rows 1-31 are possible)"),
        (
            "ctx:after(-1, function() end)",
            "bad argument #1 to 'after' (a delay in milliseconds >= 0 expected, got -1.0)"
        ),
        ("ctx:present { text = 'no title' }", "bad argument #1 to 'present' (title expected (a string), got nil)"),
        ("ctx.log('dot')", "call 'log' as a method, with a colon (obj:log(...))"),
    ])
    func aBadCallIsAPluginErrorAndAppliesNothing(body: String, message: String) throws {
        let host = try tap("ctx:log('before'); " + body)
        expectEqual(host.customNames, ["plugin_error"])
        let error = try #require(host.messages("plugin_error").first)
        #expect(error.hasSuffix(message))
        expectEqual(host.table.items.count, 30)
    }

    @Test func ctxOutsideAHandlerIsAnError() throws {
        let host = try fixtures.host(
            plugin(
                configure:
                    "function(row) if saved then saved:log('x') end return { buttons = { { id = 'a', title = 'A', width = 80 } } } end",
                "on_action = function(ctx) saved = ctx end"))
        try host.open(1)
        try host.table.tap(row: 1, button: 1)
        host.table.scroll(by: 44)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.chunk("p.lua")):1: ctx:log can only be used while a handler of this plugin runs (not in configure)"
            ])
        expectEqual(host.customs.first?.field("row"), .int(13))
    }

    @Test func afterFiresOnTheVirtualClock() throws {
        let host = try fixtures.host(
            plugin(
                """
                on_action = function(ctx, row)
                  ctx:after(250, function(ctx) ctx:log('late at', ctx.now); ctx:after(0, function(ctx) ctx:emit('chained', { at = ctx.now }) end) end)
                  ctx:after(100, function(ctx) ctx:close(row.index) end)
                  ctx:log('tapped at', ctx.now)
                end
                """))
        try host.open(3)
        host.table.advance(by: .milliseconds(40 as Int64))
        try host.table.tap(row: 3, button: 1)
        host.table.advance(by: .milliseconds(99 as Int64))
        expectEqual(host.table.openRows, [3])
        host.table.advance(by: .milliseconds(1 as Int64))
        expectEqual(host.table.openRows, [])
        host.table.advance(by: .milliseconds(1000 as Int64))
        expectEqual(
            host.customs.map(\.description),
            [
                "log@40.0: [p] tapped at\t40", "log@290.0: [p] late at\t290", "chained@290.0: chained from p: at=290",
            ])
        // The timer's `ctx:close` of the open row gives its `close`, as auto-close does.
        expectEqual(host.coreEvents, [.action(row: 3, buttonID: "a", number: 1, title: "A"), .close(row: 3)])
        expectEqual(host.table.cell(forRow: 3)?.isClosed, true)
    }
}
