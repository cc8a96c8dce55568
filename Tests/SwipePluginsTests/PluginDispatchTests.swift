import Foundation
import LuaRuntime
import SwipeCore
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
        try lua.parkKeys(PluginDispatch.recordKeys)
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

    @Test func theRecordKeysAreTheCOnesInOrder() {
        #expect(PluginDispatch.recordKeys == ["index", "item", "side", "id", "title", "full", "accessibility"])
    }

    @Test func anItemIsPushedWithItsBytesNulsIncluded() throws {
        let (lua, handler, context, seen) = try state()
        for item in ["short", "a stored item longer than fifteen bytes", "é", "a\u{0}b", ""] {
            try call(lua, handler, context: context, row: 2, item: item, side: .leading)
        }
        try call(lua, handler, context: context, row: 3, item: "Longer Title Item #3", side: nil)
        try call(lua, handler, context: context, row: 4, item: "trailing", side: .trailing)
        #expect(
            seen.value == [
                "ctx|id,index,item,side,title|2|short|leading",
                "ctx|id,index,item,side,title|2|a stored item longer than fifteen bytes|leading",
                "ctx|id,index,item,side,title|2|é|leading", "ctx|id,index,item,side,title|2|a\u{0}b|leading",
                "ctx|id,index,item,side,title|2||leading",
                "ctx|id,index,item,title|3|Longer Title Item #3|nil",
                "ctx|id,index,item,side,title|4|trailing|trailing",
            ])
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
        #expect(seen.value == numbers.map { "ctx|id,index,item,title|3|Longer Title Item #\($0)|nil" })
    }

    @Test func anActionGetsTheButtonRecord() throws {
        let (lua, handler, context, seen) = try state()
        try call(
            lua, handler, context: context, row: 5, item: "Item #5", side: .trailing,
            button: .init(id: "archive", number: 2, title: "Archive", full: true))
        try call(
            lua, handler, context: context, row: 6, item: "stored", side: nil,
            button: .init(id: "o\u{0}ne", number: 1, title: "Button 1", full: false))
        #expect(
            seen.value == [
                "ctx|id,index,item,side,title|5|Item #5|trailing", "full,id,index,title|archive|2|Archive|true",
                "ctx|id,index,item,title|6|stored|nil", "id,index,title|o\u{0}ne|1|Button 1|nil",
            ])
        // No context: the handler gets nil.
        try call(lua, handler, context: nil, row: 7, item: "x", side: nil)
        #expect(seen.value.last == "nil|id,index,item,title|7|x|nil")
    }

    @Test func aFailingHandlerThrowsAndLeavesTheStateUsable() throws {
        let (lua, _, context, seen) = try state()
        let broken = try lua.reference(toGlobal: "broken")
        let error = try #require(throws: LuaError.self) {
            try call(lua, broken, context: context, row: 1, item: "Item #7", side: nil)
        }
        #expect(error.message == "t:13: no Item #7")
        #expect(error.traceback?.contains("stack traceback:") == true)
        #expect(try lua.run("return 1 + 1", chunkName: "=t") == [.integer(2)])
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
        #expect(seen.value == expected)
        // And the stack is back as it was: the keys parked, the handler above them.
        #expect(try lua.run("return 'still usable'", chunkName: "=t") == [.string("still usable")])
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
            #expect(logged(one) == [expected + "nil"])
            #expect(logged(two) == [expected + "leading", expected + "leading"])
        }
    }
}
