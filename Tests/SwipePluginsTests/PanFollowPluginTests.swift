import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A pan while plugins edit the table under it (a timer's delete, as examples/inbox.lua's
/// delayed fulfil; a hook's delete, insert or `set_items`): it follows its item, and when its
/// own row goes the run goes on, with a notice for each line that names the ended pan. Such a
/// line failed the whole run (status 2, no output).
struct PanFollowPluginTests {
    /// Rows with the tutorial's two buttons; `hooks`: the plugin's handlers.
    static func plugin(_ hooks: String) -> String {
        """
        return { name = 'p',
          configure = function(row) return { buttons = {
            { id = 'one', title = 'One', width = 80 }, { id = 'two', title = 'Two', width = 80 } } } end,
          \(hooks) }
        """
    }

    /// Runs `script` as `swipehost run` does, in jsonl; its trace without the state line and its notices.
    func run(_ hooks: String, _ script: String) throws -> (lines: [String], notices: [String]) {
        var run = PluginRun(
            fileName: "s.swipe",
            configuration: SessionConfiguration(plugins: [.source(name: "p.lua", code: Self.plugin(hooks))]),
            format: .jsonl)
        let notices = Notices()
        run.notice = { notices.lines.append($0) }
        let out = try run.run(script: script)
        let lines = String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        return (lines.filter { !$0.hasPrefix(#"{"event":"state""#) }, notices.lines)
    }

    /// A timer deletes row 1 while row 4 is panned: the pan follows its item to row 3, and its
    /// release opens row 3.
    @Test func aTimersDeleteAboveMovesThePan() throws {
        let (lines, notices) = try run(
            "on_begin = function(ctx, row) ctx:after(50, function(c) c:delete(1) end) end,",
            "pan 4 begin\npan 4 move -30\nwait 100\npan 4 move -120\npan 4 end\nwait 500\n")
        expectEqual(
            lines,
            [
                #"{"event":"delete","row":1,"item":"Longer Title Item #1","t":50}"#,
                #"{"event":"open","row":3,"t":100}"#,
            ])
        expectEqual(notices, [])
    }

    /// A hook's insert above, during a `swipe`: the rest of the swipe moves the pan on row 5.
    @Test func aHooksInsertAboveDuringASwipeMovesThePan() throws {
        let (lines, notices) = try run(
            "on_begin = function(ctx, row) ctx:insert(1, 'New') end,", "swipe 4 -120\nwait 500\n")
        expectEqual(
            lines,
            [
                #"{"event":"insert","row":1,"item":"New","t":16}"#,
                #"{"event":"open","row":5,"t":150}"#,
            ])
        expectEqual(notices, [])
    }

    /// The panned row itself deleted (or every row replaced) under the pan: the pan ends, and
    /// each later line naming it is a notice; the run goes on.
    @Test(arguments: [
        "c:delete(row.index)",
        "local items = {} for i = 1, c:count() do items[i] = c:item(i) end c:set_items(items)",
    ])
    func thePannedRowsDeleteEndsThePan(edit: String) throws {
        let (lines, notices) = try run(
            "on_begin = function(ctx, row) if row.index == 4 then ctx:after(50, function(c) \(edit) end) end end,",
            "pan 4 begin\npan 4 move -30\nwait 100\npan 4 move -120\npan 4 end\nswipe 5 -120\nwait 500\n")
        expectEqual(lines.last, #"{"event":"open","row":5,"t":250}"#)
        let ended =
            "the pan begun on row 4 ended when its row was deleted (or the rows replaced) under it; the script goes on"
        expectEqual(
            notices,
            [
                "s.swipe:4: notice: 'pan 4 move -120' reached no pan: \(ended)",
                "s.swipe:5: notice: 'pan 4 end' reached no pan: \(ended)",
            ])
    }

    /// The rows replaced under a pan its lines name `#4`: the same notices, naming `#4`.
    @Test func aPanNamedByIdThatEndedIsANoticeToo() throws {
        let (_, notices) = try run(
            "on_begin = function(ctx, row) if row.index == 4 then ctx:after(50, function(c) "
                + "local items = {} for i = 1, c:count() do items[i] = c:item(i) end c:set_items(items) end) end end,",
            "pan #4 begin\npan #4 move -30\nwait 100\npan #4 move -120\npan #4 end\n")
        let ended =
            "the pan begun on row #4 ended when its row was deleted (or the rows replaced) under it; the script goes on"
        expectEqual(
            notices,
            [
                "s.swipe:4: notice: 'pan #4 move -120' reached no pan: \(ended)",
                "s.swipe:5: notice: 'pan #4 end' reached no pan: \(ended)",
            ])
    }

    /// A `swipe` whose row a timer deletes half way: one notice, and the clock still runs to the
    /// swipe's end.
    @Test func aSwipeWhoseRowIsDeletedIsANotice() throws {
        let (lines, notices) = try run(
            "on_begin = function(ctx, row) ctx:after(50, function(c) c:delete(row.index) end) end,",
            "swipe 4 -120 150\ntap 4 one\n")
        expectEqual(lines.first, #"{"event":"delete","row":4,"item":"Longer Title Item #4","t":66}"#)
        expectEqual(
            notices,
            [
                "s.swipe:1: notice: 'swipe 4 -120 150' reached no pan: the pan begun on row 4 ended when its row was deleted (or the rows replaced) under it; the script goes on",
                "s.swipe:2: notice: 'tap 4 one' hit nothing: that button of row 4 is not revealed (the row is not open on its side); the script goes on",
            ])
    }
}
