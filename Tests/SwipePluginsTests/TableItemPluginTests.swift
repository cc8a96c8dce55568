import LuaRuntime
import SwipeCore
import SwipeScript
import SwipeTestSupport
import Testing

@testable import SwipePlugins

/// Items with identity and fields, as plugins give and name them.
struct TableItemPluginTests {
    let fixtures = Fixtures()

    static let inboxItems = """
        items = {
          { id = 'm1', title = 'Welcome', unread = true },
          { id = 'm2', title = 'Lunch?', pinned = true, tags = { 'food', 'team' } },
          { id = 'm3', title = 'Invoice 42', amount = 42.5 },
          'a plain string',
          { title = 'no id of its own', n = 7 },
        }
        """

    @Test func tableItemsKeepTheirIdsAndFieldsAndStringsGetNumbers() throws {
        let host = try fixtures.host("return { name = 'p', \(Self.inboxItems) }")
        expectEqual(host.items(), ["Welcome", "Lunch?", "Invoice 42", "a plain string", "no id of its own"])
        expectEqual(
            host.table.items.allIDs, [.name("m1"), .name("m2"), .name("m3"), .number(1), .number(2)])
        expectEqual(host.table.items.value(row: 2)?["pinned"], .boolean(true))
        expectEqual(
            host.table.items.value(row: 2)?["tags"], .table([.index(1): .string("food"), .index(2): .string("team")]))
        expectEqual(host.table.items.value(row: 3)?["amount"], .number(42.5))
        expectEqual(host.table.items.value(row: 4), nil)
        expectEqual(host.table.items.value(row: 5)?["n"], .integer(7))
    }

    /// Handlers and `configure` get `row.id` (always a string), `row.title` and `row.item` (the
    /// string, or a copy of the table item: changing it changes nothing).
    @Test func handlersAndConfigureSeeIdTitleAndItem() throws {
        let source = """
            local function show(row)
              local item = type(row.item) == 'table'
                and ('table ' .. tostring(row.item.id) .. ' pinned=' .. tostring(row.item.pinned)) or row.item
              return row.index .. '|' .. math.type(row.index) .. '|' .. type(row.id) .. ' ' .. row.id .. '|' .. row.title .. '|' .. item
            end
            return { name = 'p', \(Self.inboxItems),
              configure = function(row) print('configure ' .. show(row)) end,
              on_open = function(ctx, row) ctx:log(show(row)); if type(row.item) == 'table' then row.item.pinned = 'changed' end end }
            """
        let host = try fixtures.host(source)
        for row in 1...5 { host.dispatchOpen(row: row) }
        host.dispatchOpen(row: 2)
        // `configure` (its `print`s are log lines) for each row on screen, then the handlers.
        expectEqual(
            host.messages("log"),
            [
                "configure 1|integer|string m1|Welcome|table m1 pinned=nil",
                "configure 2|integer|string m2|Lunch?|table m2 pinned=true",
                "configure 3|integer|string m3|Invoice 42|table m3 pinned=nil",
                "configure 4|integer|string 1|a plain string|a plain string",
                "configure 5|integer|string 2|no id of its own|table nil pinned=nil",
                "1|integer|string m1|Welcome|table m1 pinned=nil", "2|integer|string m2|Lunch?|table m2 pinned=true",
                "3|integer|string m3|Invoice 42|table m3 pinned=nil",
                "4|integer|string 1|a plain string|a plain string",
                "5|integer|string 2|no id of its own|table nil pinned=nil",
                "2|integer|string m2|Lunch?|table m2 pinned=true",
            ])
    }

    /// The plain-string fast path (the generated titles, stored strings) gives the same record.
    @Test func plainRowsGetTheirNumberIdAsAString() throws {
        let source =
            "return { name = 'p', on_open = function(ctx, row) ctx:log(row.index .. '|' .. row.id .. '|' .. row.title .. '|' .. row.item .. '|' .. tostring(row.side)) end }"
        for items in [TableItems.generated(count: 30), TableItems((1...30).map { "stored \($0)" })] {
            let host = try fixtures.host(source, items: items)
            host.dispatchOpen(row: 7)
            host.dispatchOpen(row: 30, side: .leading)
            expectEqual(
                host.messages("log"),
                [
                    "7|7|\(items[7])|\(items[7])|nil", "30|30|\(items[30])|\(items[30])|leading",
                ])
        }
    }

    /// `configure`'s record of a plain-string row (built on the Lua stack, no `LuaValue` in
    /// between) has exactly `index`, `id`, `item` and `title`, and each plugin gets a record of
    /// its own: one that changes its record changes nothing for the next.
    @Test func configureRecordsOfStringRowsAreWholeAndEachPluginsOwn() throws {
        let first = """
            return { name = 'a', configure = function(row)
              local names = {}
              for key in pairs(row) do names[#names + 1] = key end
              table.sort(names)
              print('a ' .. table.concat(names, ',') .. '|' .. row.index .. '|' .. row.id .. '|' .. row.title .. '|' .. row.item)
              row.title, row.id, row.extra = 'changed', 'changed', true
            end }
            """
        let second =
            "return { name = 'b', configure = function(row) print('b ' .. row.title .. '|' .. row.id .. '|' .. tostring(row.extra)) end }"
        for items in [TableItems.generated(count: 2), TableItems(["x", "y"], ids: [.name("k"), .number(7)])] {
            let host = try fixtures.host([("a.lua", first), ("b.lua", second)], items: items)
            let ids = items.allIDs.map(\.description)
            expectEqual(
                host.messages("log"),
                [
                    "a id,index,item,title|1|\(ids[0])|\(items[1])|\(items[1])", "b \(items[1])|\(ids[0])|nil",
                    "a id,index,item,title|2|\(ids[1])|\(items[2])|\(items[2])", "b \(items[2])|\(ids[1])|nil",
                ])
        }
    }

    /// Every `ctx` method that names a row takes an id (a string) as well as an index.
    @Test func ctxMethodsTakeIdsAndReadersReadTheTable() throws {
        let source = """
            return { name = 'p', \(Self.inboxItems),
              on_open = function(ctx, row)
                ctx:log(ctx:count(), ctx:index('m3'), ctx:index('1'), tostring(ctx:index('gone')), ctx:item('m2').title,
                  ctx:item(4), ctx:item('2').n)
                ctx:delete('m1')
                ctx:log(ctx:count(), ctx:index('m3'), tostring(ctx:index('m1')))
                ctx:insert('m3', { id = 'm9', title = 'New', fresh = true })
                ctx:log(ctx:index('m9'), ctx:index('m3'), ctx:item('m9').title)
                ctx:set_item('m2', { title = 'Lunch at 1?', pinned = false })
                ctx:set_item('1', 'still a string')
              end }
            """
        let host = try fixtures.host(source)
        host.dispatchOpen(row: 1)
        expectEqual(host.messages("log"), ["5\t3\t4\tnil\tLunch?\ta plain string\t7", "4\t2\tnil", "2\t3\tNew"])
        expectEqual(host.items(), ["Lunch at 1?", "New", "Invoice 42", "still a string", "no id of its own"])
        expectEqual(host.table.items.allIDs, [.name("m2"), .name("m9"), .name("m3"), .number(1), .number(2)])
        expectEqual(host.table.items.value(row: 1)?["pinned"], .boolean(false))
        expectEqual(host.table.items.value(row: 2)?["fresh"], .boolean(true))
        expectEqual(host.table.items.value(row: 4), nil)
        let lines = try run("", on: host)
        expectEqual(
            lines,
            [
                #"{"event":"log","plugin":"p","message":"5\t3\t4\tnil\tLunch?\ta plain string\t7","t":0}"#,
                #"{"event":"delete","row":1,"item":"Welcome","id":"m1","t":0}"#,
                #"{"event":"log","plugin":"p","message":"4\t2\tnil","t":0}"#,
                #"{"event":"insert","row":2,"item":"New","id":"m9","t":0}"#,
                #"{"event":"log","plugin":"p","message":"2\t3\tNew","t":0}"#,
                #"{"event":"update","row":1,"item":"Lunch at 1?","id":"m2","t":0}"#,
                #"{"event":"update","row":4,"item":"still a string","t":0}"#,
            ])
    }

    /// A string id that writes an integer is that integer: `row.id` of a host-assigned id finds
    /// its row after rows above it were deleted.
    @Test func aHostAssignedIdFollowsItsRow() throws {
        let source = """
            return { name = 'p', configure = function() return { buttons = { { id = 'b', title = 'B', width = 80 } } } end,
              on_action = function(ctx, row, button)
                if row.index == 5 then ctx:after(100, function(c) c:log('m', c:index(row.id)); c:set_item(row.id, 'moved') end) end
                if row.index == 1 then ctx:delete(1) end
              end }
            """
        let host = try fixtures.host(source)
        try host.open(5)
        _ = try run("tap 5 1\ntap 5 1\n", on: host)
        try host.open(1)
        _ = try run("tap 1 1\nwait 200\n", on: host)
        expectEqual(host.messages("log"), ["m\t4", "m\t4"])
        expectEqual(host.items()[3], "moved")
        expectEqual(host.table.items.id(row: 4), .number(5))
    }

    /// An id that left the table is a `plugin_error` saying when and how it left.
    @Test func anIdThatLeftSaysWhenAndHow() throws {
        let source = """
            return { name = 'inbox', \(Self.inboxItems),
              configure = function() return { buttons = { { id = 'b', title = 'B', width = 80 } } } end,
              on_action = function(ctx, row, button)
                if row.id == 'm3' then ctx:after(800, function(c) c:open('m3') end) end
                if row.id == 'm1' then ctx:after(100, function(c) c:delete('m3') end) end
                if row.id == 'm2' then ctx:fulfill('nowhere', 'delete') end
                if row.id == '1' then ctx:delete(row.id); ctx:close('1') end
              end }
            """
        let host = try fixtures.host(source)
        for row in 1...4 { try host.open(row) }
        _ = try run("tap 4 1\ntap 3 1\ntap 1 1\nwait 200\n", on: host)
        _ = try run("tap 2 1\nwait 700\n", on: host)
        expectEqual(
            host.messages("plugin_error").map { $0.replacing(#/^.*:\d+: /#, with: "") },
            [
                "bad argument #1 to 'close' (id 1 names no row: this handler's queued ctx:delete removes it)",
                "bad argument #1 to 'fulfill' (id 'nowhere' names no row (no row in this run has had it))",
                "bad argument #1 to 'open' (id 'm3' names no row: it left the table at t = 100 ms, deleted by ctx:delete of plugin 'inbox')",
            ])
    }

    /// Row m3 full-swiped with `manual`; its timer fulfils it by id 800 ms later;
    /// meanwhile a handler deletes row 1. The `delete` names m3 at its new index; nothing waits.
    @Test func aManualFullSwipeIsFulfilledByIdAfterRowsAboveMoved() throws {
        let source = """
            return { name = 'inbox', \(Self.inboxItems),
              configure = function(row)
                return { trailing = { buttons = { { id = 'trash', title = 'Trash', width = 80 } },
                  full_swipe = { completion = 'manual' } } }
              end,
              on_action = function(ctx, row, button)
                if button.full then ctx:after(800, function(c) c:fulfill(row.id, 'delete') end)
                else ctx:delete(row.index) end
              end }
            """
        let host = try fixtures.host(source)
        let lines = try run("swipe 3 -300\nwait 100\nswipe 1 -100\nwait 300\ntap 1 trash\nwait 800\n", on: host)
        #expect(lines.contains(#"{"event":"delete","row":1,"item":"Welcome","id":"m1","t":700}"#))
        expectEqual(lines.last, #"{"event":"delete","row":2,"item":"Invoice 42","id":"m3","t":1050}"#)
        #expect(!lines.contains { $0.contains("plugin_error") })
        expectEqual(host.items(), ["Lunch?", "a plain string", "no id of its own"])
        #expect((1...3).allSatisfy { !host.table.isWaiting(row: $0) })
    }

    // MARK: - Bad items

    func loadProblem(_ items: String) -> String {
        let path = fixtures.plugin("bad.lua", "return { name = 'bad',\n items = \(items) }")
        do {
            _ = try Plugin(path: path)
            return "loaded"
        } catch {
            return "\(error)".replacingOccurrences(of: path, with: "bad.lua")
        }
    }

    @Test func badItemsAreRefusedNamingTheField() {
        expectEqual(
            loadProblem("{ { id = 'a', title = 'A' }, 'x', { id = 'a', title = 'B' } }"),
            "bad.lua:1: items[3].id: duplicate id 'a': items[1] has it too")
        expectEqual(
            loadProblem("{ { id = 3, title = 'A' }, { id = '3', title = 'B' } }"),
            "bad.lua:1: items[2].id: duplicate id 3: items[1] has it too")
        expectEqual(
            loadProblem("{ 'x', { id = true, title = 'A' } }"),
            "bad.lua:1: items[2].id: must be a string or an integer, got boolean")
        expectEqual(
            loadProblem("{ { id = 1.5, title = 'A' } }"),
            "bad.lua:1: items[1].id: must be a string or an integer, got number")
        expectEqual(
            loadProblem("{ { id = 'a' } }"), "bad.lua:1: items[1].title: a table item needs a string title; it has none"
        )
        expectEqual(
            loadProblem("{ { title = 'a', f = print } }"),
            "bad.lua:1: items[1].f: must be a string, number, boolean or table, got function")
        expectEqual(
            loadProblem("{ { title = 'a', a = { b = { c = { d = { e = { f = { g = { h = {} } } } } } } } } }"),
            "bad.lua:1: items[1].a.b.c.d.e.f.g.h: a table item may nest at most 8 tables deep (the item is the first)"
        )
        expectEqual(
            loadProblem(
                "{ { title = 'a', list = (function() local t = {} for i = 1, 300 do t[i] = i end return t end)() } }"),
            "bad.lua:1: items[1].list[256]: a table item may have at most 256 fields, nested ones counted")
        // A table that contains itself: in the plugin's table, or returned by its items function.
        expectEqual(
            loadProblem("(function() local t = { title = 'a' } t.me = t return { 'x', t } end)()"),
            "bad.lua:1: items[2].me: holds a table it is inside; a table that contains itself cannot be read")
        expectEqual(
            loadProblem("function() local t = { title = 'a', list = {} } t.list[1] = t return { t } end"),
            "bad.lua:2: items[1].list[1]: holds a table it is inside; a table that contains itself cannot be read"
        )
        expectEqual(
            loadProblem("{ { title = 'a', text = string.rep('x', 70000) } }"),
            "bad.lua:1: items[1].text: a table item may hold at most 65536 bytes of strings, keys counted")
        expectEqual(
            loadProblem("{ { title = 'a', [true] = 1 } }"),
            "bad.lua:1: items[1]: a table item's keys must be strings or integers, got a boolean key")
    }

    /// An item's id must be one a script's `#ID` names, as a recording writes it: a number from
    /// 1 to 2^53 - 1 (`#0` and `#-5` read as names, and the largest integer left no room for the
    /// next number the table gives, which wrapped round to `math.mininteger`), or a name of 1 to
    /// 256 bytes that is one word of a script line.
    @Test func itemIDsAScriptCannotNameAreRefused() {
        func number(_ got: String) -> String {
            "must be a number from 1 to 9007199254740991 or a name, got \(got) (a script's '#N' names no other number)"
        }
        let word = "cannot contain a space, a tab, a line break or '#' (a gesture script names it as one word), got "
        for (items, message) in [
            ("{ { id = -5, title = 'A' } }", "items[1].id: " + number("-5")),
            ("{ 'x', { id = 0, title = 'A' } }", "items[2].id: " + number("0")),
            ("{ { id = '-5', title = 'A' } }", "items[1].id: " + number("-5")),
            ("{ { id = math.maxinteger, title = 'A' }, 'b', 'c' }", "items[1].id: " + number("9223372036854775807")),
            ("{ { id = 9007199254740992, title = 'A' } }", "items[1].id: " + number("9007199254740992")),
            ("{ { id = 'a b', title = 'A' } }", "items[1].id: \(word)'a b'"),
            ("{ { id = 'm1\\nopen 2', title = 'A' } }", "items[1].id: \(word)'m1\\nopen 2'"),
            ("{ { id = 'm#1', title = 'A' } }", "items[1].id: \(word)'m#1'"),
            ("{ { id = '', title = 'A' } }", "items[1].id: must be 1 to 256 bytes, got an empty string"),
            ("{ { id = string.rep('m', 257), title = 'A' } }", "items[1].id: must be at most 256 bytes, got 257"),
            (
                "{ { id = '\\u{301}m', title = 'A' } }",
                "items[1].id: cannot start with a combining character, got '\u{301}m': after a script's '#' it would join the '#'"
            ),
        ] {
            expectEqual(loadProblem(items), "bad.lua:1: " + message, "\(items)")
        }
        // The ends of what a script names load.
        expectEqual(loadProblem("{ { id = 9007199254740991, title = 'A' }, { id = 1, title = 'B' } }"), "loaded")
        expectEqual(
            loadProblem("{ { id = string.rep('m', 256), title = 'A' }, { id = '007', title = 'B' } }"), "loaded")
        expectEqual(
            loadProblem("{ { id = '-0', title = 'A' }, { id = '+5', title = 'B' }, { id = 'x\\27y', title = 'C' } }"),
            "loaded")
    }

    /// A plugin over the inbox items whose `on_open` makes each of `calls` (Lua expressions) in
    /// a `pcall` and logs the error, dispatched once: the logged messages without their
    /// `FILE:LINE: `, and the host.
    private func messages(ofCalls calls: [String]) throws -> (messages: [String], host: PluginHost) {
        let source = """
            return { name = 'p', \(Self.inboxItems),
              on_open = function(ctx, row)
                for _, call in ipairs({
            \(calls.map { "      function() \($0) end," }.joined(separator: "\n"))
                }) do
                  local ok, message = pcall(call)
                  ctx:log(message)
                end
              end }
            """
        let host = try fixtures.host(source)
        host.dispatchOpen(row: 1)
        return (host.messages("log").map { $0.replacing(#/^.*:\d+: /#, with: "") }, host)
    }

    /// The same rule for the items handlers give: `ctx:insert`, `ctx:set_items`.
    @Test func ctxRefusesItemIDsAScriptCannotName() throws {
        let (messages, host) = try messages(ofCalls: [
            "ctx:insert(1, { id = math.maxinteger, title = 'last' })",
            "ctx:insert(1, { id = 'a b', title = 'spaced' })",
            "ctx:set_items({ 'x', { id = -1, title = 'y' } })",
        ])
        expectEqual(
            messages,
            [
                "bad argument #2 to 'insert' (item.id: must be a number from 1 to 9007199254740991 or a name, got 9223372036854775807 (a script's '#N' names no other number))",
                "bad argument #2 to 'insert' (item.id: cannot contain a space, a tab, a line break or '#' (a gesture script names it as one word), got 'a b')",
                "bad argument #1 to 'set_items' (items[2].id: must be a number from 1 to 9007199254740991 or a name, got -1 (a script's '#N' names no other number))",
            ])
        expectEqual(host.items().count, 5)
    }

    @Test func badItemsGivenToCtxAreBadArguments() throws {
        let (messages, host) = try messages(ofCalls: [
            "ctx:insert(1, { id = 'm2', title = 'again' })",
            "ctx:insert(1, { title = 'x', deep = { f = print } })",
            "ctx:set_item('m1', { id = 'm7', title = 'x' })",
            "ctx:set_item(1, true)",
            "ctx:open({})",
            "ctx:index(3)",
            "local item = { title = 'x' } item.self = item ctx:insert(1, item)",
        ])
        expectEqual(
            messages,
            [
                "bad argument #2 to 'insert' (item.id: duplicate id 'm2': row 2 has it)",
                "bad argument #2 to 'insert' (item.deep.f: must be a string, number, boolean or table, got function)",
                "bad argument #2 to 'set_item' (item.id: 'm7' is not row 1's id 'm1' (set_item keeps a row's id: delete and insert to change it))",
                "bad argument #2 to 'set_item' (item: must be a string or a table with a title, got boolean)",
                "bad argument #1 to 'open' (number expected, got table)",
                "bad argument #1 to 'index' (an id expected (a string, as row.id is; an integer is already an index), got number)",
                "bad argument #2 to 'insert' (item.self: holds a table it is inside; a table that contains itself cannot be read)",
            ])
        expectEqual(host.items().count, 5)
    }
}

/// The spec's long string is closed by `]]` in its bytes, whatever follows it.
struct RecordedSpecBracketTests {
    @Test func theLongBracketIsPastEveryClosingInTheBytes() {
        expectEqual(LuaLiteral.longBracketLevel(for: "tap #a]]\u{301} x"), 1)
        expectEqual(LuaLiteral.longBracketLevel(for: "tap #a]=]\u{301}]]\u{301} x"), 2)
        expectEqual(LuaLiteral.longBracketLevel(for: "tap 1 x"), 0)
    }
}
