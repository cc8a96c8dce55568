import LuaRuntime
import SwipeCore
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipePlugins

/// `ctx:set_items`, and ids against a plain reference list.
struct SetItemsPluginTests {
    let fixtures = Fixtures()

    static let plugin = """
        return { name = 'p',
          items = { { id = 'a', title = 'A' }, { id = 'b', title = 'B' }, { id = 'c', title = 'C' },
                    { id = 'd', title = 'D' }, { id = 'e', title = 'E' } },
          configure = function()
            return { trailing = { buttons = { { id = 'trash', title = 'Trash', width = 80 } },
                                  full_swipe = { completion = 'manual' } } }
          end,
          on_action = function() end,
          on_open = function(ctx, row) local op = OP; OP = nil; if op then op(ctx) end end }
        """

    /// Runs `body` (Lua, with `ctx`) as a handler of the host's plugin.
    func perform(_ body: String, on host: PluginHost) throws {
        try host.plugins[0].lua.run("OP = function(ctx) \(body) end", chunkName: "=op")
        host.dispatchOpen(row: 1)
    }

    /// `set_items` reversing 5 items prints `move` events, and the open row follows
    /// its item.
    @Test func reversingFiveItemsMovesThemAndTheOpenRowFollows() throws {
        let host = try fixtures.host(Self.plugin)
        _ = try run("swipe 2 -120\nwait 300\n", on: host)
        expectEqual(host.table.openRows, [2])
        try perform(
            "ctx:set_items({ { id = 'e', title = 'E' }, { id = 'd', title = 'D' }, { id = 'c', title = 'C' }, { id = 'b', title = 'B' }, { id = 'a', title = 'A' } })",
            on: host)
        let lines = try run("", on: host)
        expectEqual(
            lines.filter { !$0.contains("\"open\"") },
            [
                #"{"event":"move","row":1,"from":5,"item":"E","id":"e","t":450}"#,
                #"{"event":"move","row":2,"from":4,"item":"D","id":"d","t":450}"#,
                #"{"event":"move","row":3,"from":3,"item":"C","id":"c","t":450}"#,
                #"{"event":"move","row":4,"from":2,"item":"B","id":"b","t":450}"#,
            ])
        expectEqual(host.items(), ["E", "D", "C", "B", "A"])
        expectEqual(host.table.openRows, [4])
        expectEqual(host.table.cell(forRow: 4)?.isClosed, false)
    }

    @Test func aBatchDeletesInsertsMovesAndUpdatesByIdAndCachesFollow() throws {
        let host = try fixtures.host(Self.plugin)
        let calls = host.configureCalls
        try perform(
            "ctx:set_items({ { id = 'c', title = 'C' }, { id = 'x', title = 'X', new = true }, { id = 'a', title = 'A2' }, { id = 'b', title = 'B' } })",
            on: host)
        expectEqual(
            try run("", on: host),
            [
                #"{"event":"delete","row":5,"item":"E","id":"e","t":0}"#,
                #"{"event":"delete","row":4,"item":"D","id":"d","t":0}"#,
                #"{"event":"insert","row":2,"item":"X","id":"x","t":0}"#,
                #"{"event":"move","row":1,"from":3,"item":"C","id":"c","t":0}"#,
                #"{"event":"update","row":3,"item":"A2","id":"a","t":0}"#,
            ])
        expectEqual(host.table.items.allIDs, [.name("c"), .name("x"), .name("a"), .name("b")])
        expectEqual(host.table.items.value(row: 2)?["new"], .boolean(true))
        // c and b kept their configurations; x (new) and a (updated) were asked again.
        expectEqual(host.configureCalls - calls, 2)
    }

    @Test func aBadListAppliesNothing() throws {
        var host = try fixtures.host(Self.plugin)
        for (list, message) in [
            (
                "'abc'",
                "bad argument #1 to 'set_items' (a list of items (strings or tables with a title) expected, got string)"
            ),
            (
                "{ x = 1 }",
                "bad argument #1 to 'set_items' (a list of items (strings or tables with a title) expected, got a table that is not a list)"
            ),
            (
                "{ { id = 'a', title = 'A' }, { id = 'a', title = 'B' } }",
                "bad argument #1 to 'set_items' (items[2].id: duplicate id 'a': items[1] has it too)"
            ),
            (
                "{ 'ok', { title = 'x', deep = { f = print } } }",
                "bad argument #1 to 'set_items' (items[2].deep.f: must be a string, number, boolean or table, got function)"
            ),
            // A table that contains itself names the field that holds it, as other item errors do.
            (
                "(function() local item = { title = 'x', tags = {} } item.tags.up = item return { 'ok', item } end)()",
                "bad argument #1 to 'set_items' (items[2].tags.up: holds a table it is inside; a table that contains itself cannot be read)"
            ),
        ] {
            // A hook is switched off after 3 failures: a host each.
            host = try fixtures.host(Self.plugin)
            try perform("ctx:set_items(\(list))", on: host)
            expectEqual(host.messages("plugin_error").last?.replacing(#/^.*:\d+: /#, with: ""), message)
        }
        expectEqual(host.items(), ["A", "B", "C", "D", "E"])
        host = try fixtures.host(Self.plugin)
        try perform("ctx:set_items({}); ctx:open(1)", on: host)
        expectEqual(
            host.messages("plugin_error").last?.replacing(#/^.*:\d+: /#, with: ""),
            "ctx:open cannot name a row after ctx:set_items in the same handler (the rows are known once it applies): call it from ctx:after(0, ...)"
        )
        expectEqual(host.items().count, 5)
    }

    /// Model-based: seeded random sequences of insert, delete, set_items (moves, inserts,
    /// deletes, updates), open, full swipe and fulfil against a plain reference list: ids stay
    /// with their items, and open and waiting rows follow their ids.
    @Test(arguments: 0..<12) func idsOpenAndWaitingRowsFollowTheirItems(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x22_0001 &+ seed)
        let host = try fixtures.host(Self.plugin)
        var model: [(id: String, title: String)] = ["a", "b", "c", "d", "e"].map { ($0, $0.uppercased()) }
        var open: Set<String> = []
        var waiting: Set<String> = []
        var fresh = 0
        func pick(_ ids: [String]) -> String? { ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))] }
        func index(_ id: String) -> Int { model.firstIndex { $0.id == id }! + 1 }
        func literal(_ item: (id: String, title: String)) -> String { "{ id = '\(item.id)', title = '\(item.title)' }" }
        for step in 0..<40 {
            let free = model.map(\.id).filter { !waiting.contains($0) }
            switch random.next() % 6 {
            case 0 where model.count < 10:
                fresh += 1
                let item = (id: "k\(fresh)", title: "New \(fresh)")
                let row = Int(random.next() % UInt64(model.count + 1)) + 1
                try perform("ctx:insert(\(row), \(literal(item)))", on: host)
                model.insert(item, at: row - 1)
            case 1 where model.count > 2:
                let id = pick(model.map(\.id))!
                let named = random.next() % 2 == 0 ? "'\(id)'" : String(index(id))
                try perform("ctx:delete(\(named))", on: host)
                model.remove(at: index(id) - 1)
                open.remove(id)
                waiting.remove(id)
            case 2:
                var list = model.shuffled(using: &random).filter { _ in random.next() % 5 != 0 }
                if list.isEmpty { list = [model[0]] }
                for position in list.indices where random.next() % 4 == 0 { list[position].title += "'" }
                if random.next() % 2 == 0 {
                    fresh += 1
                    list.insert(
                        (id: "k\(fresh)", title: "New \(fresh)"), at: Int(random.next() % UInt64(list.count + 1)))
                }
                try perform(
                    "ctx:set_items({ "
                        + list.map { literal(($0.id, $0.title.replacingOccurrences(of: "'", with: "\\'"))) }.joined(
                            separator: ", ") + " })",
                    on: host)
                let kept = Set(list.map(\.id))
                model = list
                open = open.filter(kept.contains)
                waiting = waiting.filter(kept.contains)
            case 3:
                guard let id = pick(free) else { continue }
                try perform("ctx:open('\(id)')", on: host)
                open.insert(id)
            case 4:
                let candidates = free.filter { !open.contains($0) && index($0) <= 6 }
                guard let id = pick(candidates) else { continue }
                _ = try run("swipe \(index(id)) -300\nwait 300\n", on: host)
                waiting.insert(id)
            default:
                guard let id = pick(Array(waiting).sorted()) else { continue }
                if random.next() % 2 == 0 {
                    try perform("ctx:fulfill('\(id)', 'delete')", on: host)
                    _ = try run("wait 400\n", on: host)
                    model.remove(at: index(id) - 1)
                    open.remove(id)
                } else {
                    try perform("ctx:fulfill('\(id)', 'reset')", on: host)
                    _ = try run("wait 400\n", on: host)
                    open.remove(id)
                }
                waiting.remove(id)
            }
            let ids = host.table.items.allIDs.map(\.description)
            expectEqual(ids, model.map(\.id), "seed \(seed) step \(step)")
            expectEqual(host.items(), model.map(\.title), "seed \(seed) step \(step)")
            let held = Set(
                (1...max(1, ids.count)).filter { $0 <= ids.count && host.table.isWaiting(row: $0) }.map { ids[$0 - 1] })
            expectEqual(held, waiting, "seed \(seed) step \(step)")
            expectEqual(
                Set(host.table.openRows.map { ids[$0 - 1] }).subtracting(waiting), open, "seed \(seed) step \(step)")
            #expect(host.messages("plugin_error").isEmpty, "seed \(seed) step \(step)")
            // The id index (what ctx:index and every id argument read) after every step.
            #expect(
                model.indices.allSatisfy { host.table.row(of: RowID(text: model[$0].id)) == $0 + 1 },
                "seed \(seed) step \(step)")
        }
    }
}
