import SwipeCore
import SwipePlugins
import SwipeScript
import SwipeTestSupport
import Testing

/// A row or an edge that does not swipe (`configure` returning `false`, an
/// edge `{ enabled = false }` or with an empty `buttons` list).
struct SwipeOffPluginTests {
    let fixtures = Fixtures()

    static let button = "{ id = 'a', title = 'A', width = 80 }"
    static let leading = "{ id = 'u', title = 'U', width = 60 }"

    /// The inbox's items: rows 1 and 4 pinned.
    static let inbox = TableItems(["Pinned: rent", "Lunch?", "Invoice", "Pinned: team", "Flights"])

    /// A plugin whose pinned rows return `pinned` (a Lua expression) and the others one trailing
    /// button.
    func host(pinned: String, direction: String = "ltr") throws -> PluginHost {
        try fixtures.host(
            plugin(
                configure: """
                    function(row)
                      if row.item:find('^Pinned') then return \(pinned) end
                      return { buttons = { \(Self.button) } }
                    end
                    """,
                "setup = function(host) host.set_direction('\(direction)') end,"),
            items: Self.inbox)
    }

    /// The jsonl lines `script` adds to `host`'s trace.
    func run(_ script: String, on host: PluginHost) throws -> [String] {
        let before = host.recorder.records.count
        try ScriptRunner(table: host.table, fileName: "s").run(script: script)
        var out = OutputBuffer()
        for record in host.recorder.records.dropFirst(before) { JSONLinesFormat.write(record, to: &out) }
        return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// With `configure` returning `false` for pinned rows, `swipe 1 -120` on a pinned row
    /// prints no event and leaves the row at rest (`right` 0), while an unpinned row opens.
    @Test func aRowWhoseConfigureReturnsFalseDoesNotSwipe() throws {
        let host = try host(pinned: "false")
        expectEqual(try run("swipe 1 -120\nwait 300\n", on: host), [])
        let cell = try #require(host.table.cell(forRow: 1))
        expectEqual(cell.offset, 0)
        #expect(cell.isClosed)
        #expect(host.table.openRows.isEmpty)
        #expect(host.customNames.isEmpty)  // no plugin_error: `false` is an answer, not a failure
        expectEqual(try run("swipe 2 -120\nwait 300\n", on: host), [#"{"event":"open","row":2,"t":600}"#])
    }

    /// Every way of turning a row off gives a cell that a pan of any shape, either way, in either
    /// direction, leaves at rest without an event: a property over generated pans.
    @Test(arguments: [
        "false", "{ buttons = {} }", "{ enabled = false }", "{ enabled = false, buttons = { \(button) } }",
        "{ trailing = { buttons = {} }, leading = { enabled = false, buttons = { \(leading) } } }",
        "{ leading = { buttons = {} }, trailing = { enabled = false } }",
    ])
    func aRowTurnedOffNeverMoves(pinned: String) throws {
        for direction in ["ltr", "rtl"] {
            let host = try host(pinned: pinned, direction: direction)
            #expect(host.customNames.isEmpty, "\(pinned): \(host.messages("plugin_error"))")
            var random = SplitMix64(seed: 22)
            for _ in 0..<40 {
                var script = "pan 4 begin\n"
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    script += "pan 4 move \(Int.random(in: -400...400, using: &random))\n"
                }
                script += Bool.random(using: &random) ? "pan 4 end\n" : "pan 4 cancel\n"
                script += "wait 500\n"
                expectEqual(try run(script, on: host), [], "\(pinned) \(direction): \(script)")
                expectEqual(host.table.cell(forRow: 4)?.offset, 0)
            }
            #expect(host.table.openRows.isEmpty)
        }
    }

    /// An edge turned off does not swipe: a row with it behaves exactly as a row without that
    /// edge (the same events, the same offsets, for any pan), while the other edge swipes; in
    /// both directions. A property over generated pans.
    @Test(arguments: [
        "{ trailing = { buttons = { \(button) } }, leading = { enabled = false, buttons = { \(leading) } } }",
        "{ trailing = { buttons = { \(button) } }, leading = { buttons = {} } }",
        "{ leading = { buttons = { \(leading) } }, trailing = { enabled = false, buttons = { \(button) } } }",
        "{ leading = { buttons = { \(leading) } }, buttons = {} }",
    ])
    func anEdgeTurnedOffIsAsIfAbsent(pinned: String) throws {
        let kept =
            pinned.hasPrefix("{ trailing")
            ? "{ buttons = { \(Self.button) } }" : "{ leading = { buttons = { \(Self.leading) } } }"
        for direction in ["ltr", "rtl"] {
            let off = try host(pinned: pinned, direction: direction)
            let absent = try host(pinned: kept, direction: direction)
            #expect(off.customNames.isEmpty, "\(off.messages("plugin_error"))")
            expectEqual(off.table.cell(forRow: 1)?.configuration, absent.table.cell(forRow: 1)?.configuration)
            var random = SplitMix64(seed: 2022)
            var opened = 0
            for _ in 0..<40 {
                var script = "pan 1 begin\n"
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    script += "pan 1 move \(Int.random(in: -300...300, using: &random))\n"
                }
                script += "pan 1 end\nwait 500\n"
                let events = try run(script, on: off)
                expectEqual(events, (try run(script, on: absent)), "\(direction): \(script)")
                expectEqual(off.table.cell(forRow: 1)?.offset, absent.table.cell(forRow: 1)?.offset)
                opened += events.filter { $0.contains(#""event":"open""#) }.count
            }
            #expect(opened > 0)  // the other edge swipes
        }
    }

    /// The table refuses to open a row that does not swipe (it would count as open while
    /// showing nothing, and `exclusive` would close it with a `close`), naming the plugin that
    /// switched it off; a tap names the row's lack of buttons.
    @Test func openingOrTappingARowThatDoesNotSwipe() throws {
        let host = try host(pinned: "false")
        let reason = "plugin 'p' switched it off (its configure returned false)"
        #expect(throws: TableError.doesNotSwipe(row: 1, reason: reason)) { try host.table.openRow(1) }
        expectEqual(
            TableError.doesNotSwipe(row: 1, reason: nil).description,
            "row 1 does not swipe: it has no buttons on either edge")
        #expect(throws: ScriptError(file: "s", line: 1, message: "row 1 does not swipe: \(reason)")) {
            try run("open 1\n", on: host)
        }
        // Both edges turned off: no plugin said the row does not swipe, its edges did.
        #expect(
            throws: ScriptError(file: "s", line: 1, message: "row 1 does not swipe: it has no buttons on either edge")
        ) {
            try run("open 1\n", on: try self.host(pinned: "{ enabled = false }"))
        }
        #expect(host.table.openRows.isEmpty)
        do {
            _ = try run("tap 1 a\n", on: host)
            Issue.record("a tap on a row with no buttons was accepted")
        } catch {
            expectEqual("\(error)", "s:1: row 1 has no buttons")
        }
    }

    /// `ctx:open` of a row that does not swipe applies nothing: no `open` now and no `close`
    /// when `exclusive` opens another row.
    @Test func aHandlerCannotOpenARowThatDoesNotSwipe() throws {
        let host = try fixtures.host(
            plugin(
                configure:
                    "function(row) if row.item:find('^Pinned') then return false end return { buttons = { \(Self.button) } } end",
                "table = { exclusive = true }, on_open = function(ctx, row) if row.index == 2 then ctx:open(1) end end,"
            ),
            items: Self.inbox)
        expectEqual(
            try run("swipe 2 -120\nwait 300\nswipe 3 -120\nwait 300\n", on: host),
            [
                #"{"event":"open","row":2,"t":150}"#,
                #"{"event":"close","row":2,"t":600}"#,
                #"{"event":"open","row":3,"t":600}"#,
            ])
        expectEqual(host.table.openRows, [3])
        expectEqual(host.table.cell(forRow: 1)?.offset, 0)
    }

    /// `false` is an answer: the row belongs to the plugin that gave it, and later plugins are
    /// not asked (`nil` still passes the row on).
    @Test func falseOwnsTheRowAndNilPassesItOn() throws {
        let host = try fixtures.host(
            [
                ("a.lua", plugin(name: "a", configure: "function(row) if row.index == 1 then return false end end")),
                ("b.lua", plugin(name: "b", configure: "function(row) return { buttons = { \(Self.button) } } end")),
            ], items: Self.inbox)
        expectEqual(host.buttonIDs(1), [])
        expectEqual(host.buttonIDs(2), ["a"])
    }

    /// `swipehost check` names the rows that do not swipe, as ranges.
    @Test func checkReportsTheRowsThatDoNotSwipe() {
        let path = fixtures.plugin(
            "pinned.lua",
            plugin(
                configure: """
                    function(row)
                      if row.index == 2 or row.index == 5 or row.index == 6 then return false end
                      if row.index == 7 then return { enabled = false } end
                      if row.index == 9 then return nil end
                      return { buttons = { \(Self.button) } }
                    end
                    """))
        let report = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 10))).check(path)
        #expect(report.problems.isEmpty)
        expectEqual(report.configuredRows, 9)
        expectEqual(report.rowsNotSwiping, [2...2, 5...7])
        expectEqual(report.notSwipingSummary, "4 rows do not swipe: 2, 5-7")
        let one = fixtures.plugin(
            "one.lua", plugin(configure: "function(row) if row.index == 3 then return { buttons = {} } end end"))
        let single = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 4))).check(one)
        expectEqual(single.notSwipingSummary, "1 row does not swipe: 3")
        let none = PluginChecker(configuration: SessionConfiguration(items: .generated(count: 4))).check(
            fixtures.plugin("all.lua", plugin()))
        expectEqual(none.notSwipingSummary, nil)
    }
}
