import CSwipeDispatch
import Foundation
import LuaRuntime
import SwipeCore
import SwipeTestSupport
import Testing

@testable import SwipePlugins

/// The records a delegate handler gets, built in C (`swd_call_handler`) through LuaRuntime's
/// prepared call: the row record `{ index, id, title, item, side }` and the button record `{ id, index,
/// title, full }`, with the keys parked in the plugin's state, in outermost and nested calls.
struct PluginDispatchTests {
    final class Box<T> {
        var value: T
        init(_ value: T) { self.value = value }
    }

    /// A state set up as a plugin's (keys parked) whose `handler(ctx, row, button)` returns what it
    /// got through `seen`.
    func state() throws -> (LuaState, LuaRef, LuaRef, Box<[String]>) {
        let lua = try LuaState()
        try PluginDispatch.park(in: lua)
        let seen = Box<[String]>([])
        try lua.register("see") { args in
            seen.value.append(try args.string(1))
            return []
        }
        try lua.run(
            """
            local function keys(t)
              local names = {}
              for key in pairs(t) do names[#names + 1] = key end
              table.sort(names)
              return table.concat(names, ",")
            end
            function handler(ctx, row, button)
              see(tostring(ctx and ctx.name) .. "|" .. keys(row) .. "|" .. row.index .. "|" .. row.item .. "|" .. tostring(row.side))
              if button then
                see(keys(button) .. "|" .. button.id .. "|" .. button.index .. "|" .. button.title .. "|" .. tostring(button.full))
              end
            end
            function broken(ctx, row) error('no ' .. row.item) end
            context = { name = "ctx" }
            """, chunkName: "=t")
        return (lua, try lua.reference(toGlobal: "handler"), try lua.reference(toGlobal: "context"), seen)
    }

    func call(
        _ lua: LuaState, _ function: LuaRef, context: LuaRef?, row: Int, item: String, side: Edge?,
        button: PluginDispatch.Button? = nil
    ) throws {
        try item.withCString {
            try PluginDispatch.call(
                lua, function.unownedSlot, context: context?.unownedSlot, row: row, item: $0, count: item.utf8.count,
                id: row, side: side.map(PluginDispatch.sideName), button: button, label: { "on_open" })
        }
    }

    /// A state whose `handler(ctx, row)` is `body` (it reports with `see(text)`, returned through
    /// `seen`): as a plugin's when `parked` (keys and caches parked), else with the keys alone.
    func handlerState(parked: Bool, _ body: String) throws -> (LuaState, LuaRef, Box<[String]>) {
        let lua = try LuaState()
        if parked { try PluginDispatch.park(in: lua) } else { try lua.parkKeys(PluginDispatch.recordKeys) }
        let seen = Box<[String]>([])
        try lua.register("see") { args in
            seen.value.append(try args.string(1))
            return []
        }
        try lua.run("function handler(ctx, row) \(body) end", chunkName: "=t")
        return (lua, try lua.reference(toGlobal: "handler"), seen)
    }

    @Test func theRecordKeysAreTheCOnesInOrder() {
        expectEqual(
            PluginDispatch.recordKeys,
            [
                "index", "item", "side", "id", "title", "full", "accessibility", "velocity", "offset", "fraction",
            ])
    }

    /// Row ids are written by C: from the cache parked after the keys (below 1,024), formatted
    /// each time above it, below 0, and when no cache is parked; the same strings in outermost
    /// and nested calls, the first time and from the cache.
    @Test func rowIdsAreTheirDecimalStringsCachedOrNot() throws {
        let ids = [0, 1, 7, 10, 99, 1023, 1024, 5000, -1, Int.max, Int.min]
        for parked in [true, false] {
            let (lua, handler, seen) = try handlerState(parked: parked, "see(row.id .. '|' .. math.type(row.index))")
            func dispatch(_ lua: LuaState) throws {
                for id in ids {
                    try "item".withCString {
                        try PluginDispatch.call(
                            lua, handler.unownedSlot, context: nil, row: 2, item: $0, count: 4, id: id, side: nil,
                            button: nil, label: { "on_open" })
                    }
                }
            }
            try dispatch(lua)
            try dispatch(lua)
            try lua.register("nested") { [unowned lua] _ in
                try dispatch(lua)
                return []
            }
            try lua.run("nested(); coroutine.wrap(function() nested() end)()", chunkName: "=t")
            expectEqual(seen.value, Array(repeating: ids.map { "\($0)|integer" }, count: 4).flatMap { $0 })
            expectEqual(try lua.run("return 'still usable'", chunkName: "=t"), [.string("still usable")])
        }
    }

    /// The whole-record path (`swd_call_record`): a lifecycle hook's record (its motion fields
    /// parked keys too) is the same whether the row is given read out of the table (a number id,
    /// a name id, a table item) or in place (a stored item's bytes, a generated title's number).
    @Test func wholeRecordsCarryTheirIdTitleItemAndMotion() throws {
        let lua = try LuaState()
        try PluginDispatch.park(in: lua)
        let seen = Box<[String]>([])
        try lua.register("see") { args in
            seen.value.append(try args.string(1))
            return []
        }
        try lua.run(
            """
            function handler(ctx, row)
              local names = {}
              for key in pairs(row) do names[#names + 1] = key end
              table.sort(names)
              local item = type(row.item) == 'table' and ('{' .. row.item.title .. '}') or row.item
              see(table.concat(names, ',') .. '|' .. row.index .. '|' .. row.id .. '|' .. row.title .. '|' .. item
                .. '|' .. tostring(row.side) .. '|' .. tostring(row.velocity) .. '|' .. tostring(row.offset)
                .. '|' .. tostring(row.fraction))
            end
            """, chunkName: "=t")
        let handler = try lua.reference(toGlobal: "handler")
        let progress = PluginDispatch.Motion.progress(offset: -10, fraction: 0.0625)
        func record(_ record: PluginDispatch.Record, _ motion: PluginDispatch.Motion?, side: Edge?) throws {
            try PluginDispatch.callRecord(
                lua, handler.unownedSlot, context: nil, row: 3, record, side: side.map(PluginDispatch.sideName),
                button: nil, motion: motion, label: { "on_progress" })
        }
        try record(.init(title: "Mail 3", id: .number(3), value: nil), progress, side: .trailing)
        try record(.init(title: "Mail 3", id: .number(2000), value: nil), .velocity(-900), side: nil)
        try record(.init(title: "Mail 3", id: .name("m3"), value: nil), PluginDispatch.Motion.none, side: .leading)
        try record(
            .init(title: "Mail 3", id: .name("m3"), value: .table([.name("title"): .string("Mail 3")])), nil, side: nil)
        // In place: a stored item's bytes and number id, a generated title's prefix and number.
        func inPlace(_ row: inout swd_Row) throws {
            try PluginDispatch.callRecord(
                lua, handler.unownedSlot, context: nil, &row, button: nil, motion: progress, label: { "on_progress" })
        }
        try "Mail 3".withCString { title in
            var row = swd_Row()
            (row.index, row.title, row.title_len, row.number_id) = (3, title, 6, 3)
            (row.item, row.side) = (Int32(SWD_NO_ITEM), PluginDispatch.sideName(.trailing))
            try inPlace(&row)
        }
        let prefix = TableItems.generatedPrefix
        var generated = swd_Row()
        generated.index = 3
        generated.title = UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self)
        (generated.title_len, generated.numbered, generated.number, generated.number_id) =
            (prefix.utf8CodeUnitCount, 1, 3, 3)
        (generated.item, generated.side) = (Int32(SWD_NO_ITEM), PluginDispatch.sideName(.trailing))
        try inPlace(&generated)
        expectEqual(
            seen.value,
            [
                "fraction,id,index,item,offset,side,title|3|3|Mail 3|Mail 3|trailing|nil|-10.0|0.0625",
                "id,index,item,title,velocity|3|2000|Mail 3|Mail 3|nil|-900.0|nil|nil",
                "id,index,item,side,title|3|m3|Mail 3|Mail 3|leading|nil|nil|nil",
                "id,index,item,title|3|m3|Mail 3|{Mail 3}|nil|nil|nil|nil",
                "fraction,id,index,item,offset,side,title|3|3|Mail 3|Mail 3|trailing|nil|-10.0|0.0625",
                "fraction,id,index,item,offset,side,title|3|3|Longer Title Item #3|Longer Title Item #3|trailing|nil|-10.0|0.0625",
            ])
    }

    @Test func anItemIsPushedWithItsBytesNulsIncluded() throws {
        let (lua, handler, context, seen) = try state()
        for item in ["short", "a stored item longer than fifteen bytes", "é", "a\u{0}b", ""] {
            try call(lua, handler, context: context, row: 2, item: item, side: .leading)
        }
        try call(lua, handler, context: context, row: 3, item: "Longer Title Item #3", side: nil)
        try call(lua, handler, context: context, row: 4, item: "trailing", side: .trailing)
        expectEqual(
            seen.value,
            [
                "ctx|id,index,item,side,title|2|short|leading",
                "ctx|id,index,item,side,title|2|a stored item longer than fifteen bytes|leading",
                "ctx|id,index,item,side,title|2|é|leading", "ctx|id,index,item,side,title|2|a\u{0}b|leading",
                "ctx|id,index,item,side,title|2||leading",
                "ctx|id,index,item,title|3|Longer Title Item #3|nil",
                "ctx|id,index,item,side,title|4|trailing|trailing",
            ])
    }

    /// Row items' strings are kept by row index in the cache parked after the id cache and reused
    /// only when the bytes match: an item that changed by one byte at the same length, or only
    /// past a NUL, is pushed anew; items longer than Lua's short strings (40 bytes) and rows
    /// outside 0 ..< 1,024 go around it; outermost, nested and coroutine calls, and a state with
    /// no cache parked, see the same strings.
    @Test func itemsAreCachedByRowOnlyWhileTheirBytesMatch() throws {
        let forty = String(repeating: "x", count: 40)
        let items: [(Int, String)] = [
            (2, "Item 7"), (2, "Item 7"), (2, "Item 8"), (2, "Item 8"), (2, "Item 7"), (2, "a\u{0}b"), (2, "a\u{0}c"),
            (2, ""), (2, forty), (2, forty + "y"), (2, forty + "z"), (2, forty), (0, "zero"), (1023, "last"),
            (1023, "lasT"), (1024, "past"), (1024, "pasT"), (-1, "minus"), (-1, "minuS"),
        ]
        for parked in [true, false] {
            let (lua, handler, seen) = try handlerState(
                parked: parked, "see(row.index .. '|' .. row.item .. '|' .. row.title)")
            func dispatch(_ lua: LuaState) throws {
                for (row, item) in items {
                    try item.withCString {
                        try PluginDispatch.call(
                            lua, handler.unownedSlot, context: nil, row: row, item: $0, count: item.utf8.count, id: 1,
                            side: nil, button: nil, label: { "on_open" })
                    }
                }
            }
            try dispatch(lua)
            try lua.register("nested") { [unowned lua] _ in
                try dispatch(lua)
                return []
            }
            try lua.run("nested(); coroutine.wrap(function() nested() end)()", chunkName: "=t")
            try dispatch(lua)
            expectEqual(seen.value, Array(repeating: items.map { "\($0.0)|\($0.1)|\($0.1)" }, count: 4).flatMap { $0 })
            expectEqual(try lua.run("return 'still usable'", chunkName: "=t"), [.string("still usable")])
        }
    }

    /// A generated item passed as its prefix and number is written out by C: the prefix, then
    /// the number in decimal (every digit count, and a negative number's sign).
    @Test func aGeneratedItemIsWrittenFromItsNumber() throws {
        let (lua, handler, context, seen) = try state()
        let prefix = TableItems.generatedPrefix
        let numbers = [1, 9, 10, 30, 12_345, 1_000_000, Int.max, -7, Int.min]
        for number in numbers {
            try PluginDispatch.call(
                lua, handler.unownedSlot, context: context.unownedSlot, row: 3,
                item: UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self),
                count: prefix.utf8CodeUnitCount, number: number, id: number, side: nil, button: nil,
                label: { "on_open" })
        }
        expectEqual(seen.value, numbers.map { "ctx|id,index,item,title|3|Longer Title Item #\($0)|nil" })
    }

    @Test func anActionGetsTheButtonRecord() throws {
        let (lua, handler, context, seen) = try state()
        try call(
            lua, handler, context: context, row: 5, item: "Item #5", side: .trailing,
            button: .init(id: "archive", number: 2, title: "Archive", full: true))
        try call(
            lua, handler, context: context, row: 6, item: "stored", side: nil,
            button: .init(id: "o\u{0}ne", number: 1, title: "Button 1", full: false))
        expectEqual(
            seen.value,
            [
                "ctx|id,index,item,side,title|5|Item #5|trailing", "full,id,index,title|archive|2|Archive|true",
                "ctx|id,index,item,title|6|stored|nil", "id,index,title|o\u{0}ne|1|Button 1|nil",
            ])
        // No context: the handler gets nil.
        try call(lua, handler, context: nil, row: 7, item: "x", side: nil)
        expectEqual(seen.value.last, "nil|id,index,item,title|7|x|nil")
    }

    @Test func aFailingHandlerThrowsAndLeavesTheStateUsable() throws {
        let (lua, _, context, seen) = try state()
        let broken = try lua.reference(toGlobal: "broken")
        let error = try #require(throws: LuaError.self) {
            try call(lua, broken, context: context, row: 1, item: "Item #7", side: nil)
        }
        expectEqual(error.message, "t:13: no Item #7")
        expectEqual(error.traceback?.contains("stack traceback:"), true)
        expectEqual(try lua.run("return 1 + 1", chunkName: "=t"), [.integer(2)])
        #expect(seen.value.isEmpty)
    }

    /// A call from a Swift function Lua called (on the main thread, and on a coroutine) reads the
    /// keys from the registry rather than the parked slots: the records are the same.
    @Test func nestedCallsBuildTheSameRecords() throws {
        let (lua, handler, context, seen) = try state()
        let broken = try lua.reference(toGlobal: "broken")
        // `lua` is a parameter, not captured: the state holds `nested`.
        func both(_ lua: LuaState, _ item: String) throws {
            try call(lua, handler, context: context, row: 4, item: item, side: .leading)
            try call(
                lua, handler, context: context, row: 4, item: item, side: nil,
                button: .init(id: "archive", number: 1, title: "Archive", full: true))
            #expect(throws: LuaError.self) { try call(lua, broken, context: context, row: 4, item: item, side: nil) }
        }
        try both(lua, "outer")
        try lua.register("nested") { [unowned lua] args in
            try both(lua, try args.string(1))
            return []
        }
        try lua.run("nested('inner')", chunkName: "=t")
        try lua.run("coroutine.wrap(function() nested('in a coroutine') end)()", chunkName: "=t")
        let expected = ["outer", "inner", "in a coroutine"].flatMap { item in
            [
                "ctx|id,index,item,side,title|4|\(item)|leading", "ctx|id,index,item,title|4|\(item)|nil",
                "full,id,index,title|archive|1|Archive|true",
            ]
        }
        expectEqual(seen.value, expected)
        // And the stack is back as it was: the keys parked, the handler above them.
        expectEqual(try lua.run("return 'still usable'", chunkName: "=t"), [.string("still usable")])
    }

    /// Through the host: one `on_open` reads the item in place, several read it once; either
    /// way every handler sees the row as the table has it (a generated title, a stored item).
    @Test func oneHandlerAndSeveralSeeTheSameRow() throws {
        let fixtures = Fixtures()
        let plugin =
            "return { name = '%@', on_open = function(ctx, row) ctx:log(row.index .. '|' .. row.item .. '|' .. tostring(row.side)) end }"
        for items in [TableItems.generated(count: 30), TableItems((1...30).map { "stored item number \($0)" })] {
            let one = try fixtures.host([("a.lua", plugin.replacingOccurrences(of: "%@", with: "a"))], items: items)
            let two = try fixtures.host(
                [
                    ("a.lua", plugin.replacingOccurrences(of: "%@", with: "a")),
                    ("b.lua", plugin.replacingOccurrences(of: "%@", with: "b")),
                ],
                items: items)
            one.dispatchOpen(row: 3)
            two.dispatchOpen(row: 3, side: .leading)
            func logged(_ host: PluginHost) -> [String] {
                host.recorder.records.compactMap { if case .log(_, let message) = $0.event { message } else { nil } }
            }
            let expected = "3|\(items[3])|"
            expectEqual(logged(one), [expected + "nil"])
            expectEqual(logged(two), [expected + "leading", expected + "leading"])
        }
    }
}
