import LuaRuntime
import Testing

/// The plugin host's one-C-call row handlers with the item given as a `String` or as a
/// generated title's number, and the reuse of `String`s made from long Lua strings.
struct LuaRowCallTests {
    final class Box<T> {
        var value: T
        init(_ value: T) { self.value = value }
    }

    /// A state whose `handler(ctx, row, button)` returns its arguments through `seen`.
    func state() throws -> (LuaState, LuaRef, LuaRef, Box<[String]>) {
        let lua = try LuaState()
        let seen = Box<[String]>([])
        try lua.register("see") { args in
            seen.value.append(try args.string(1))
            return []
        }
        try lua.run(
            """
            function handler(ctx, row, button)
              local keys = {}
              for key in pairs(row) do keys[#keys + 1] = key end
              table.sort(keys)
              see(ctx.name .. "|" .. table.concat(keys, ",") .. "|" .. row.index .. "|" .. row.item .. "|" .. tostring(row.side))
              if button then
                see(button.id .. "|" .. button.index .. "|" .. button.title .. "|" .. tostring(button.full))
              end
            end
            context = { name = "ctx" }
            """, chunkName: "=t")
        return (lua, try lua.reference(toGlobal: "handler"), try lua.reference(toGlobal: "context"), seen)
    }

    @Test(arguments: [
        (1, "Longer Title Item #1"), (30, "Longer Title Item #30"), (-4, "Longer Title Item #-4"),
        (Int.max, "Longer Title Item #9223372036854775807"), (Int.min, "Longer Title Item #-9223372036854775808"),
    ])
    func aGeneratedTitleIsFormattedInC(number: Int, title: String) throws {
        let (lua, handler, context, seen) = try state()
        try lua.callRowHandler(
            handler.unownedSlot, context: context.unownedSlot, index: 3, item: nil, prefix: "Longer Title Item #",
            number: number, side: nil, label: "on_open")
        #expect(seen.value == ["ctx|index,item|3|\(title)|nil"])
    }

    @Test func aStoredItemIsPushedWithItsBytesNulsIncluded() throws {
        let (lua, handler, context, seen) = try state()
        for item in ["short", "a stored item longer than fifteen bytes", "é", "a\u{0}b", ""] {
            try lua.callRowHandler(
                handler.unownedSlot, context: context.unownedSlot, index: 2, item: item, prefix: "unused #", number: 9,
                side: "leading", label: "on_open")
        }
        #expect(
            seen.value == [
                "ctx|index,item,side|2|short|leading",
                "ctx|index,item,side|2|a stored item longer than fifteen bytes|leading",
                "ctx|index,item,side|2|é|leading", "ctx|index,item,side|2|a\u{0}b|leading",
                "ctx|index,item,side|2||leading",
            ])
    }

    @Test func anActionGetsTheButtonRecord() throws {
        let (lua, handler, context, seen) = try state()
        try lua.callActionHandler(
            handler.unownedSlot, context: context.unownedSlot, index: 5, item: nil, prefix: "Item #", itemNumber: 5,
            side: "trailing", button: "archive", number: 2, title: "Archive", full: true, label: "on_action")
        try lua.callActionHandler(
            handler.unownedSlot, context: context.unownedSlot, index: 6, item: "stored", prefix: "Item #",
            itemNumber: 0,
            side: nil, button: "one", number: 1, title: "Button 1", full: false, label: "on_action")
        #expect(
            seen.value == [
                "ctx|index,item,side|5|Item #5|trailing", "archive|2|Archive|true",
                "ctx|index,item|6|stored|nil", "one|1|Button 1|nil",
            ])
        // No context: the handler gets nil.
        let error = try #require(throws: LuaError.self) {
            try lua.callActionHandler(
                handler.unownedSlot, context: nil, index: 6, item: "stored", prefix: "Item #", itemNumber: 0,
                side: nil, button: "one", number: 1, title: "Button 1", full: false, label: "on_action")
        }
        #expect(error.message == "t:5: attempt to index a nil value (local 'ctx')")
    }

    @Test func aFailingHandlerThrowsAndLeavesTheStateUsable() throws {
        let (lua, _, context, seen) = try state()
        try lua.run("function broken(ctx, row) error('no ' .. row.item) end", chunkName: "@p.lua")
        let broken = try lua.reference(toGlobal: "broken")
        let error = try #require(throws: LuaError.self) {
            try lua.callRowHandler(
                broken.unownedSlot, context: context.unownedSlot, index: 1, item: nil, prefix: "Item #", number: 7,
                side: nil, label: "on_open")
        }
        #expect(error.message == "p.lua:1: no Item #7")
        #expect(try lua.run("return 1 + 1", chunkName: "=t") == [.integer(2)])
        #expect(seen.value.isEmpty)
    }

    /// Long strings read by a stack function come out right whatever Lua reused: 2,000 strings
    /// made and dropped (so their addresses come round again with other bytes), and a literal
    /// read again and again.
    @Test func longStringsReadByStackFunctionsAreAlwaysTheirOwnBytes() throws {
        let lua = try LuaState()
        let object = try lua.newTable(label: "obj")
        let seen = Box<[String]>([])
        try lua.registerStackFunction("f", in: object, method: false) { args in
            seen.value.append(try args.string(1))
            if let field = try args.stringField(2, "text") { seen.value.append(field) }
            return []
        }
        try lua.setGlobal("obj", .reference(object))
        try lua.run(
            """
            for i = 1, 1000 do
              local text = string.rep(string.char(65 + i % 26), 16 + i % 40) .. i
              obj.f("a literal longer than fifteen bytes", { text = text })
              obj.f(text .. "!")
              if i % 100 == 0 then collectgarbage("count") end
            end
            """, chunkName: "=t")
        var expected: [String] = []
        for i in 1...1000 {
            let text = String(repeating: String(UnicodeScalar(UInt8(65 + i % 26))), count: 16 + i % 40) + String(i)
            expected += ["a literal longer than fifteen bytes", text, text + "!"]
        }
        #expect(seen.value == expected)
    }

    @Test func stringFieldIsNilForAnythingButAStringField() throws {
        let lua = try LuaState()
        let object = try lua.newTable(label: "obj")
        let seen = Box<[String?]>([])
        try lua.registerStackFunction("f", in: object, method: false) { args in
            seen.value.append(try args.stringField(1, "title"))
            return []
        }
        try lua.setGlobal("obj", .reference(object))
        try lua.run("obj.f({ title = 'T' }); obj.f({ title = 3 }); obj.f({}); obj.f('x'); obj.f()", chunkName: "=t")
        #expect(seen.value == ["T", nil, nil, nil, nil])
    }
}
