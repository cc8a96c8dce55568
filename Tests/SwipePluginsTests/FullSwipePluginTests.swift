import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// The full swipe as plugins configure and drive it: `full_swipe`, `ctx:fulfill`.
struct FullSwipePluginTests {
    let fixtures = Fixtures()

    static let trash = "buttons = { { id = 'trash', title = 'Trash', width = 80 } }"

    func host(_ fullSwipe: String, _ extra: String = "") throws -> PluginHost {
        try fixtures.fullSwipeHost(buttons: Self.trash, fullSwipe, extra)
    }

    /// `completion = "delete"`: `swipe 3 -300` expands row 3, acts with the full
    /// swipe, and deletes it.
    @Test func aFullSwipeDeletesTheRow() throws {
        let host = try host("{ completion = 'delete' }")
        expectEqual(
            try run("swipe 3 -300\nwait 300\n", on: host),
            [
                #"{"event":"expand","row":3,"side":"trailing","t":96}"#,
                #"{"event":"action","row":3,"button":"trash","index":1,"full":true,"t":150}"#,
                #"{"event":"delete","row":3,"item":"Longer Title Item #3","t":250}"#,
            ])
        expectEqual(host.table.items.count, 29)
        expectEqual(host.items()[2], "Longer Title Item #4")
        expectEqual(host.buttonIDs(3), ["trash"])  // the row below moved up, configured again
    }

    /// `completion = "manual"`: the handler fulfils 500 ms later; the row stays
    /// filled until then.
    @Test func aManualFullSwipeWaitsForItsHandler() throws {
        let host = try host(
            "{ completion = 'manual' }",
            "on_action = function(ctx, row, button) ctx:after(500, function(c) c:fulfill(3, 'reset') end) end")
        let lines = try run("swipe 3 -300\nwait 499\n", on: host)
        expectEqual(lines.count, 2)
        #expect(host.table.isWaiting(row: 3))
        #expect((host.table.cell(forRow: 3)?.reveal(on: .trailing) ?? 0) > 192)
        expectEqual(try run("wait 1\nwait 300\n", on: host).suffix(1), [#"{"event":"close","row":3,"t":650}"#])
        expectEqual(host.table.cell(forRow: 3)?.isClosed, true)
    }

    @Test func fulfillingAtOnceAndTwice() throws {
        let host = try host(
            "{ completion = 'manual' }",
            "on_action = function(ctx, row) ctx:fulfill(row.index, 'delete'); ctx:fulfill(row.index, 'reset') end")
        _ = try run("swipe 3 -300\nwait 300\n", on: host)
        expectEqual(
            host.messages("plugin_error").first?.hasSuffix(
                "bad argument #1 to 'fulfill' (row 3 is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once))"
            ), true)
        expectEqual(host.table.items.count, 30)  // the failed handler applied nothing
        #expect(host.table.isWaiting(row: 3))
        let once = try self.host(
            "{ completion = 'manual' }", "on_action = function(ctx, row) ctx:fulfill(row.index, 'delete') end")
        let lines = try run("swipe 3 -300\nwait 300\n", on: once)
        expectEqual(lines.last, #"{"event":"delete","row":3,"item":"Longer Title Item #3","t":250}"#)
        #expect(!once.table.isWaiting(row: 3))
    }

    @Test func fulfillingARowThatIsNotWaitingIsAnError() throws {
        let host = try host("{ completion = 'manual' }", "on_action = function(ctx, row) ctx:fulfill(5, 'reset') end")
        _ = try run("swipe 3 -300\n", on: host)
        expectEqual(
            host.messages("plugin_error").first?.hasSuffix(
                "bad argument #1 to 'fulfill' (row 5 is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once))"
            ), true)
        let bad = try self.host(
            "{ completion = 'manual' }", "on_action = function(ctx, row) ctx:fulfill(row.index, 'later') end")
        _ = try run("swipe 3 -300\n", on: bad)
        expectEqual(
            bad.messages("plugin_error").first?.hasSuffix(
                "bad argument #2 to 'fulfill' (completion must be 'delete' or 'reset', got 'later')"), true)
    }

    /// A handler's row numbers count its own queued inserts and deletes, which
    /// apply in order; a `fulfill` of the swiped row's old number after an insert above it names
    /// another row, and is a `plugin_error` (nothing applied, the row still waiting), never a
    /// fulfil silently dropped. Naming the row where it will be fulfils it.
    @Test func aFulfillAfterAnInsertAboveCountsTheInsert() throws {
        let stale = try host(
            "{ completion = 'manual' }",
            "on_action = function(ctx, r) ctx:insert(1, 'new'); ctx:fulfill(r.index, 'delete') end")
        _ = try run("swipe 3 -300\nwait 1000\n", on: stale)
        expectEqual(
            stale.messages("plugin_error").map { $0.drop { $0 != " " } },
            [
                " bad argument #1 to 'fulfill' (row 3 (row 2 before this handler's queued inserts and deletes) is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once))"
            ])
        expectEqual(stale.table.items.count, 30)
        #expect(stale.table.isWaiting(row: 3))
        let inserted = try host(
            "{ completion = 'manual' }",
            "on_action = function(ctx, r) ctx:insert(1, 'new'); ctx:fulfill(1, 'delete') end")
        _ = try run("swipe 3 -300\nwait 1000\n", on: inserted)
        expectEqual(
            inserted.messages("plugin_error").first?.hasSuffix(
                "bad argument #1 to 'fulfill' (row 1 (a row this handler inserts) is not waiting for a full swipe to be fulfilled (only a row released past its full-swipe threshold with completion 'manual' is, once))"
            ), true)
        let moved = try host(
            "{ completion = 'manual' }",
            "on_action = function(ctx, r) ctx:insert(1, 'new'); ctx:delete(2); ctx:insert(1, 'newer'); ctx:fulfill(r.index + 1, 'delete') end"
        )
        let lines = try run("swipe 3 -300\nwait 1000\n", on: moved)
        #expect(moved.messages("plugin_error").isEmpty)
        expectEqual(
            lines.suffix(4),
            [
                #"{"event":"insert","row":1,"item":"new","t":150}"#,
                #"{"event":"delete","row":2,"item":"Longer Title Item #1","t":150}"#,
                #"{"event":"insert","row":1,"item":"newer","t":150}"#,
                #"{"event":"delete","row":4,"item":"Longer Title Item #3","t":250}"#,
            ])
        #expect(!moved.table.isWaiting(row: 4))
        expectEqual(Array(moved.items().prefix(4)), ["newer", "new", "Longer Title Item #2", "Longer Title Item #4"])
    }

    /// (the full_swipe value; the error after `FILE:1: row 1: `)
    static let cases: [(String, String)] = [
        (
            "3",
            "trailing.full_swipe: must be a table { button = ID, threshold = POINTS or FRACTION, completion = 'delete' | 'reset' | 'manual' } or 'destructive', got a number"
        ),
        (
            "'destructve'",
            "trailing.full_swipe: must be a table { button = ID, threshold = POINTS or FRACTION, completion = 'delete' | 'reset' | 'manual' } or 'destructive', got 'destructve' (did you mean 'destructive'?)"
        ),
        (
            "{ style = 'destructve' }",
            "trailing.full_swipe.style: must be 'destructive', got 'destructve' (did you mean 'destructive'?)"
        ),
        (
            "{ style = 'destructive', threshold = 200 }",
            "trailing.full_swipe.threshold: cannot be given with style 'destructive' (its threshold is SwipeCellKit's: the cell's width - 30 or 80% of it, whichever is less)"
        ),
        (
            "{ button = 'trsh' }",
            "trailing.full_swipe.button: must be the id of a button on this edge (trash), got 'trsh' (did you mean 'trash'?)"
        ),
        (
            "{ threshold = 60 }",
            "trailing.full_swipe.threshold: must be past the buttons' width (80 points) and at most the cell's (320 points), in points or as a fraction of the width in (0, 1], got 60 points"
        ),
        (
            "{ threshold = 0.2 }",
            "trailing.full_swipe.threshold: must be past the buttons' width (80 points) and at most the cell's (320 points), in points or as a fraction of the width in (0, 1], got 0.2 of the width: 64 points"
        ),
        (
            "{ threshold = 400 }",
            "trailing.full_swipe.threshold: must be past the buttons' width (80 points) and at most the cell's (320 points), in points or as a fraction of the width in (0, 1], got 400 points"
        ),
        (
            "{ completion = 'later' }",
            "trailing.full_swipe.completion: must be 'delete', 'reset' or 'manual', got 'later'"
        ),
        (
            "{ completion = 'manual' }",
            "trailing.full_swipe.completion: is 'manual', but no handler can call ctx:fulfill: button 'trash' has no on_tap and the plugin no on_action"
        ),
    ]

    @Test(arguments: cases)
    func aBadFullSwipeIsOnePluginErrorNamingTheField(fullSwipe: String, message: String) throws {
        let host = try host(fullSwipe)
        expectEqual(host.messages("plugin_error"), ["\(fixtures.folder)/p.lua:1: row 1: \(message)"])
    }

    /// SwipeCellKit's `.destructive`: `full_swipe = "destructive"` or `{ style = "destructive" }`;
    /// in a 320-point cell its touch trigger (80%: 256 points) comes before its edge inset (290).
    @Test func destructiveFullSwipes() throws {
        let short = try host("'destructive'")
        var expected = FullSwipe(threshold: 256, completion: .delete, width: 320)
        expected.isDestructive = true
        expectEqual(short.table.cell(forRow: 1)?.configuration.trailing.fullSwipe, expected)
        let styled = try host("{ style = 'destructive', completion = 'reset' }")
        expected.completion = .reset
        expectEqual(styled.table.cell(forRow: 1)?.configuration.trailing.fullSwipe, expected)
        expectEqual(FullSwipe.destructiveThreshold(width: 320), 256)
        expectEqual(FullSwipe.destructiveThreshold(width: 100), 70)  // narrow: the edge inset first
        expectEqual(FullSwipe.destructive(total: 70, width: 100), nil)
        // 255 points of travel stay collapsed; 256 expand; the release deletes the row.
        #expect(try run("pan 3 begin\npan 3 move -255\n", on: short).isEmpty)
        expectEqual(
            try run("pan 3 move -256\npan 3 end\nwait 300\n", on: short),
            [
                #"{"event":"expand","row":3,"side":"trailing","t":0}"#,
                #"{"event":"action","row":3,"button":"trash","index":1,"full":true,"t":0}"#,
                #"{"event":"delete","row":3,"item":"Longer Title Item #3","t":100}"#,
            ])
    }

    /// The `swipecellkit` preset with `.destructive` on the row: `swipe 3 -300` (16 ms frames over
    /// 150 ms) has travelled 256 points at its 128 ms frame, not strictly past 80% of the width
    /// (SwipeCellKit's touch trigger); at its 144 ms frame (288 points, the content at 256 before
    /// it) it expands and the content is pulled to the target, 290; the released row slides out
    /// on the preset's spring before it is deleted.
    @Test func theSwipeCellKitPresetWithADestructiveRow() throws {
        let source = """
            return { name = 'p', configure = function(row) return { preset = 'swipecellkit', trailing = {
              buttons = { { id = 'trash', title = 'Trash', width = 80, on_tap = function(ctx, r, button) ctx:log(button.id, button.full) end } },
              full_swipe = 'destructive' } } end }
            """
        let host = try fixtures.host(source)
        expectEqual(
            try run("swipe 3 -300\nwait 1000\n", on: host),
            [
                #"{"event":"expand","row":3,"side":"trailing","t":144}"#,
                #"{"event":"action","row":3,"button":"trash","index":1,"full":true,"t":150}"#,
                #"{"event":"log","plugin":"p","message":"trash\ttrue","t":150}"#,
                #"{"event":"delete","row":3,"item":"Longer Title Item #3","t":928}"#,
            ])
        expectEqual(host.table.items.count, 29)
    }

    @Test func aDestructiveFullSwipeNeedsRoomPastTheButtons() throws {
        let source =
            "return { name = 'p', configure = function(row) return { trailing = { buttons = { { id = 'a', title = 'A', width = 150 }, { id = 'b', title = 'B', width = 150 } }, full_swipe = 'destructive' } } end }"
        let host = try fixtures.host(source)
        expectEqual(
            host.messages("plugin_error"),
            [
                "\(fixtures.folder)/p.lua:1: row 1: trailing.full_swipe: is 'destructive', but its threshold (256 points: the cell's width - 30 or 80% of it, whichever is less) is not past the buttons' width (300 points)"
            ])
    }

    /// The button table a handler gets has `full = true` on a full swipe, no `full` on a tap.
    @Test func aHandlerTellsAFullSwipeFromATap() throws {
        let source = """
            return { name = 'p', configure = function(row) return { trailing = {
              buttons = { { id = 'trash', title = 'Trash', width = 80, on_tap = function(ctx, r, button) ctx:log(button.id, button.full) end } },
              full_swipe = { completion = 'reset' } } } end }
            """
        let host = try fixtures.host(source)
        _ = try run("swipe 3 -300\nwait 300\nswipe 5 -80\nwait 300\ntap 5 trash\n", on: host)
        expectEqual(host.messages("log"), ["trash\ttrue", "trash\tnil"])
    }

    // MARK: Limits and failures of full swipes

    /// A host over five rows whose `delete` full swipe animates for `duration` seconds, with
    /// `handler` as the trash button's `on_tap`.
    func deleting(duration: String, handler: String) throws -> PluginHost {
        let source = """
            return { name = 'p', configure = function(row) return { duration = \(duration), trailing = {
              buttons = { { id = 'trash', title = 'Trash', width = 80, on_tap = \(handler) } },
              full_swipe = { completion = 'delete' } } } end }
            """
        return try fixtures.host(source, items: .generated(count: 5))
    }

    static let logRow = "function(ctx, r) ctx:log(r.index, r.item) end"

    /// A `delete` full swipe with `duration = 0` (or 1e-10, which is 0 ns) slides out inside the
    /// release; the row must not go before the action is delivered (on the last row the
    /// handler's row lookup would trap, "row out of range"; on another it would get the next
    /// row). The action reaches the swiped row first, at every duration, and then the row goes.
    @Test(arguments: ["0", "1e-10", "0.1"])
    func theActionReachesTheSwipedRowBeforeItIsDeleted(duration: String) throws {
        let animates = duration == "0.1"
        for (row, item, next) in [
            (5, "Longer Title Item #5", nil as String?), (3, "Longer Title Item #3", "Longer Title Item #4"),
        ] {
            let host = try deleting(duration: duration, handler: Self.logRow)
            let lines = try run("pan \(row) begin\npan \(row) move -250\npan \(row) end\nwait 200\n", on: host)
            expectEqual(
                lines,
                [
                    #"{"event":"expand","row":\#(row),"side":"trailing","t":0}"#,
                    #"{"event":"action","row":\#(row),"button":"trash","index":1,"full":true,"t":0}"#,
                    #"{"event":"log","plugin":"p","message":"\#(row)\t\#(item)","t":0}"#,
                    #"{"event":"delete","row":\#(row),"item":"\#(item)","t":\#(animates ? 100 : 0)}"#,
                ], "row \(row), duration \(duration)")
            expectEqual(host.table.items.count, 4)
            if let next { expectEqual(host.items()[row - 1], next) }
        }
    }

    /// ... so a handler that deletes its own row (`ctx:delete(r.index)`) deletes that one row, not
    /// two: the full swipe's own deletion finds its row gone and does nothing.
    @Test(arguments: ["0", "0.1"])
    func aHandlerThatDeletesItsRowDeletesOneRow(duration: String) throws {
        let host = try deleting(duration: duration, handler: "function(ctx, r) ctx:delete(r.index) end")
        let lines = try run("pan 3 begin\npan 3 move -250\npan 3 end\nwait 200\n", on: host)
        expectEqual(
            lines,
            [
                #"{"event":"expand","row":3,"side":"trailing","t":0}"#,
                #"{"event":"action","row":3,"button":"trash","index":1,"full":true,"t":0}"#,
                #"{"event":"delete","row":3,"item":"Longer Title Item #3","t":0}"#,
            ])
        expectEqual(
            host.items(),
            [
                "Longer Title Item #1", "Longer Title Item #2", "Longer Title Item #4", "Longer Title Item #5",
            ])
    }

    /// `ctx:open` (or `ctx:close`) on a row a `manual` full swipe holds must not leave it open
    /// and waiting at once (the filled Trash drawn over an open row, a later fulfil still
    /// deleting it). Only `fulfill` ends the wait: the call is refused, the row stays waiting
    /// and filled, and its fulfil still works; queued after the row's `fulfill`, it is allowed.
    @Test(arguments: ["open", "close"])
    func openingOrClosingAWaitingRowIsRefused(method: String) throws {
        let source = """
            return { name = 'p', configure = function(row) return { trailing = {
              buttons = { { id = 'trash', title = 'Trash', width = 80 }, { id = 'more', title = 'More', width = 80 } },
              full_swipe = { completion = 'manual' } } } end,
              on_action = function(ctx, r, button)
                if button.full then ctx:\(method)(r.index) else ctx:log('tapped', button.id) end
              end }
            """
        let host = try fixtures.host(source)
        _ = try run("swipe 3 -300\nwait 300\n", on: host)
        expectEqual(
            host.messages("plugin_error").map { $0.drop { $0 != " " } },
            [
                " bad argument #1 to '\(method)' (row 3 is held by a full swipe with completion 'manual' until it is fulfilled: fulfill it with 'delete' or 'reset' first)"
            ])
        #expect(host.table.isWaiting(row: 3))
        expectEqual(host.table.cell(forRow: 3)?.filledButton?.id, "trash")
        #expect(host.table.openRows.isEmpty)
        try host.table.fulfill(row: 3, .reset)
        _ = try run("wait 300\n", on: host)
        expectEqual(host.table.cell(forRow: 3)?.isClosed, true)
        // The script's `open 3` and the table's own calls are refused the same way.
        let script = try fixtures.host(source)
        _ = try run("swipe 3 -300\n", on: script)
        #expect(throws: TableError.heldByFullSwipe(row: 3)) { try script.table.openRow(3) }
        #expect(throws: TableError.heldByFullSwipe(row: 3)) { try script.table.closeRow(3) }
        #expect(throws: ScriptError.self) {
            try ScriptRunner(table: script.table, fileName: "s").run(script: "\(method) 3\n")
        }
    }

    /// A row that was open when a `manual` full swipe took it is held, not open: an `exclusive`
    /// open of another row (or a scroll, a tap with `close_on_*`) does not close it and leave it
    /// waiting.
    @Test func aHeldRowIsNotClosedByAnExclusiveOpen() throws {
        let host = try host("{ completion = 'manual' }", "on_action = function() end")
        host.table.options = TableBehaviorOptions(exclusive: true)
        _ = try run("open 3\nwait 300\npan 3 begin\npan 3 move -200\npan 3 end\nwait 300\nopen 5\nwait 300\n", on: host)
        #expect(host.table.isWaiting(row: 3))
        expectEqual(host.table.openRows, [5])
        expectEqual(host.table.cell(forRow: 3)?.filledButton?.id, "trash")
        #expect((host.table.cell(forRow: 3)?.reveal(on: .trailing) ?? 0) > 192)
        expectEqual(host.coreEvents, [.action(row: 3, buttonID: "trash", number: 1, title: "Trash")])
    }

    @Test func aHandlerMayOpenAWaitingRowItFulfilledFirst() throws {
        let host = try host(
            "{ completion = 'manual' }",
            "on_action = function(ctx, r) ctx:fulfill(r.index, 'reset'); ctx:open(r.index) end")
        _ = try run("swipe 3 -300\nwait 1000\n", on: host)
        #expect(host.messages("plugin_error").isEmpty)
        #expect(!host.table.isWaiting(row: 3))
        expectEqual(host.table.openRows, [3])
        expectEqual(host.table.cell(forRow: 3)?.isOpen(on: .trailing), true)
    }

    @Test func thresholdsInPointsOrFractions() throws {
        let points = try host("{ threshold = 150 }")
        expectEqual(
            points.table.cell(forRow: 1)?.configuration.trailing.fullSwipe, FullSwipe(threshold: 150, width: 320))
        let fraction = try host("{ threshold = 0.5, completion = 'reset' }")
        expectEqual(
            fraction.table.cell(forRow: 1)?.configuration.trailing.fullSwipe,
            FullSwipe(threshold: 160, completion: .reset, width: 320))
        let defaults = try host("{}")
        expectEqual(
            defaults.table.cell(forRow: 1)?.configuration.trailing.fullSwipe, FullSwipe(threshold: 192, width: 320))
    }
}
