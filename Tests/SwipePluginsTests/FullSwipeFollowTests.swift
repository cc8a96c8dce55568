import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A full swipe's row through what plugins do around it: a `set_items` while its `delete` slides
/// out, a tap while its `manual` completion holds it, a `reset` whose action opens the row again.
struct FullSwipeFollowTests {
    let fixtures = Fixtures()

    /// Rows with a Trash and a More button on their trailing edge, full-swiped with `fullSwipe`.
    func host(_ fullSwipe: String, _ extra: String = "") throws -> PluginHost {
        try fixtures.fullSwipeHost(
            buttons:
                "buttons = { { id = 'trash', title = 'Trash', width = 80 }, { id = 'more', title = 'More', width = 80 } }",
            fullSwipe, extra)
    }

    /// A `set_items` that keeps the item while its content slides out (a row inserted above it):
    /// the slide-out follows the item to its new row and still deletes it. It was lost: every
    /// visible cell was given back, and the reused cell forgot its deletion.
    @Test func aSetItemsDuringTheSlideOutStillDeletesTheRow() throws {
        let host = try host(
            "{ completion = 'delete' }",
            """
            on_action = function(ctx, row, button)
              if button.full then
                ctx:after(50, function(c)
                  local items = { "New" }
                  for i = 1, c:count() do items[#items + 1] = c:item(i) end
                  c:set_items(items)
                end)
              end
            end
            """)
        expectEqual(
            try run("swipe 3 -300\nwait 300\n", on: host),
            [
                #"{"event":"expand","row":3,"side":"trailing","t":96}"#,
                #"{"event":"action","row":3,"button":"trash","index":1,"full":true,"t":150}"#,
                #"{"event":"insert","row":1,"item":"New","id":"31","t":200}"#,
                #"{"event":"delete","row":4,"item":"Longer Title Item #3","t":250}"#,
            ])
        expectEqual(host.table.items.count, 30)
        #expect(!host.items().contains("Longer Title Item #3"))
        expectEqual(host.items()[3], "Longer Title Item #4")
        expectEqual(host.table.openRows, [])
        expectEqual(host.table.cell(forRow: 4)?.isClosed, true)
    }

    /// The same when the batch moves the item off screen: deleted at once, as a `fulfill` off
    /// screen deletes.
    @Test func aSetItemsThatMovesTheSlidingRowOffScreenDeletesItAtOnce() throws {
        let host = try host(
            "{ completion = 'delete' }",
            """
            on_action = function(ctx, row, button)
              if button.full then
                ctx:after(50, function(c)
                  local items = {}
                  for i = 1, c:count() do items[#items + 1] = c:item(i) end
                  local swiped = table.remove(items, row.index)
                  items[#items + 1] = swiped
                  c:set_items(items)
                end)
              end
            end
            """)
        let lines = try run("swipe 3 -300\nwait 300\n", on: host)
        expectEqual(
            lines.suffix(2),
            [
                #"{"event":"move","row":30,"from":3,"item":"Longer Title Item #3","id":"3","t":200}"#,
                #"{"event":"delete","row":30,"item":"Longer Title Item #3","t":200}"#,
            ])
        expectEqual(host.table.items.count, 29)
        #expect(!host.items().contains("Longer Title Item #3"))
    }

    /// A tap on a row a `manual` full swipe holds reaches nothing: only its filled button shows,
    /// over the others, and its action is already waiting for `fulfill`. It reached the button
    /// under the filled one.
    @Test func aTapOnAHeldRowReachesNoButton() throws {
        let host = try host(
            "{ completion = 'manual' }", "on_action = function(ctx, row, b) ctx:log(b.id, b.full) end,")
        _ = try run("swipe 3 -300\nwait 500\n", on: host)
        #expect(host.table.isWaiting(row: 3))
        expectEqual(try host.table.tap(row: 3, buttonID: "more"), false)
        expectEqual(try host.table.tap(row: 3, buttonID: "trash"), false)
        expectEqual(host.texts("log"), ["[p] trash\ttrue"])
        expectEqual(host.coreEvents.map(\.name), ["action"])
        #expect(host.table.isWaiting(row: 3))
    }

    /// `script` (named `s.swipe`) run as `swipehost run --format jsonl` runs it over `plugin`: the
    /// notices it printed and its output.
    func runNoticing(_ script: String, plugin: String) throws -> (notices: [String], output: OutputBuffer) {
        var run = PluginRun(
            fileName: "s.swipe", configuration: SessionConfiguration(plugins: [.source(name: "p.lua", code: plugin)]),
            format: .jsonl)
        let notices = Notices()
        run.notice = { notices.lines.append($0) }
        let output = try run.run(script: script)
        return (notices.lines, output)
    }

    /// `run` says why on standard error, a notice: the script goes on.
    @Test func aTapOnAHeldRowIsANotice() throws {
        let plugin = """
            return { name = 'p', configure = function(row) return { trailing = {
              buttons = { { id = 'trash', title = 'Trash', width = 80 }, { id = 'more', title = 'More', width = 80 } },
              full_swipe = { completion = 'manual' } } } end,
              on_action = function() end }
            """
        let (notices, out) = try runNoticing("swipe 3 -300\nwait 500\ntap 3 more\nwait 10\n", plugin: plugin)
        expectEqual(
            notices,
            [
                "s.swipe:3: notice: 'tap 3 more' hit nothing: row 3 is held by a full swipe with completion 'manual' until it is fulfilled, and shows only its filled button; the script goes on"
            ])
        #expect(!String(decoding: out.bytes, as: UTF8.self).contains(#""button":"more""#))
    }

    /// The same notices for a ROW written `#ID`, the row named as the script names it.
    @Test func aTapByIdOnAHeldRowOrAHiddenButtonIsANotice() throws {
        let plugin = """
            return { name = 'p',
              items = { { id = 'm1', title = 'A' }, { id = 'm2', title = 'B' }, { id = 'm3', title = 'C' } },
              configure = function(row) return { trailing = {
              buttons = { { id = 'trash', title = 'Trash', width = 80 }, { id = 'more', title = 'More', width = 80 } },
              full_swipe = { completion = 'manual' } } } end,
              on_action = function() end }
            """
        let (notices, _) = try runNoticing(
            "tap #m2 more\nswipe #m3 -300\nwait 500\ntap #m3 more\ntap 2 trailing:2\n", plugin: plugin)
        expectEqual(
            notices,
            [
                "s.swipe:1: notice: 'tap #m2 more' hit nothing: that button of row #m2 is not revealed (the row is not open on its side); the script goes on",
                "s.swipe:4: notice: 'tap #m3 more' hit nothing: row #m3 is held by a full swipe with completion 'manual' until it is fulfilled, and shows only its filled button; the script goes on",
                "s.swipe:5: notice: 'tap 2 trailing:2' hit nothing: that button of row 2 is not revealed (the row is not open on its side); the script goes on",
            ])
    }

    /// A `reset` full swipe's row snaps closed as it is released: its `close` comes before the
    /// action, so that an action that opens the row again (`ctx:open`) leaves it open after its
    /// last event. The `close` came after the action: the row rested open after it.
    @Test func aResetsCloseComesBeforeItsAction() throws {
        let host = try host(
            "{ completion = 'reset' }", "on_action = function(ctx, row) ctx:open(row.index) end,")
        expectEqual(
            try run("swipe 3 -300\nwait 500\n", on: host),
            [
                #"{"event":"expand","row":3,"side":"trailing","t":96}"#,
                #"{"event":"close","row":3,"t":150}"#,
                #"{"event":"action","row":3,"button":"trash","index":1,"full":true,"t":150}"#,
            ])
        expectEqual(host.table.openRows, [3])
        expectEqual(host.table.cell(forRow: 3)?.isOpen(on: .trailing), true)
    }
}
