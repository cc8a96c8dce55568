import Testing

@testable import LuaRuntime

/// What the main thread's stack holds between calls: the record keys parked at 1 to 6 and the
/// message handler at 7 (`LuaCode.parkedHandler`), whatever ran before; and a nested row call
/// (which reads the keys from the registry) builds the same record as an outermost one.
struct LuaParkedStackTests {
    final class Box<T> {
        var value: T
        init(_ value: T) { self.value = value }
    }

    /// The keys in their parked order, then the handler.
    func expectParked(_ lua: LuaState, sourceLocation: SourceLocation = #_sourceLocation) {
        let api = lua.api
        #expect(api.top == LuaCode.parkedHandler, sourceLocation: sourceLocation)
        let keys = (1..<LuaCode.parkedHandler).map { api.type(at: $0) == LuaCode.string ? api.string(at: $0) : "?" }
        #expect(keys == ["index", "item", "side", "id", "title", "full"], sourceLocation: sourceLocation)
        #expect(api.type(at: LuaCode.parkedHandler) == LuaCode.function, sourceLocation: sourceLocation)
    }

    @Test func theKeysAndTheHandlerStayParkedThroughCallsFailuresAndNestedCalls() throws {
        let lua = try LuaState()
        expectParked(lua)
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
              local text = table.concat(keys, ",") .. "|" .. row.index .. "|" .. row.item
              if button then
                local fields = {}
                for key in pairs(button) do fields[#fields + 1] = key end
                table.sort(fields)
                text = text .. "|" .. table.concat(fields, ",") .. "|" .. button.title
              end
              see(text)
            end
            function broken(ctx, row) error("no " .. row.item) end
            """, chunkName: "=t")
        let handler = try lua.reference(toGlobal: "handler")
        let broken = try lua.reference(toGlobal: "broken")
        expectParked(lua)

        // `lua` is a parameter, not captured: `nested` below holds them, and the state holds
        // `nested` (a captured state would never be freed).
        func row(_ lua: LuaState, _ function: LuaRef, item: String) throws {
            try lua.callRowHandler(
                function.unownedSlot, context: nil, index: 4, item: item, prefix: "Item #", number: 0, side: "leading",
                label: "on_open")
        }
        func action(_ lua: LuaState, item: String) throws {
            try lua.callActionHandler(
                handler.unownedSlot, context: nil, index: 4, item: item, prefix: "Item #", itemNumber: 0,
                side: nil, button: "archive", number: 1, title: "Archive", full: true, label: "on_action")
        }
        try row(lua, handler, item: "outer")
        expectParked(lua)
        try action(lua, item: "outer action")
        expectParked(lua)
        #expect(throws: LuaError.self) { try row(lua, broken, item: "x") }
        expectParked(lua)

        // Nested: from a Swift function Lua called, on the main thread and on a coroutine.
        try lua.register("nested") { [unowned lua] args in
            let item = try args.string(1)
            try row(lua, handler, item: item)
            try action(lua, item: item + " action")
            #expect(throws: LuaError.self) { try row(lua, broken, item: item) }
            return []
        }
        try lua.run("nested('inner')", chunkName: "=t")
        expectParked(lua)
        try lua.run("coroutine.wrap(function() nested('in a coroutine') end)()", chunkName: "=t")
        expectParked(lua)

        let record = "index,item,side|4|"
        let button = "|full,id,index,title|Archive"
        #expect(
            seen.value == [
                record + "outer", "index,item|4|outer action" + button,
                record + "inner", "index,item|4|inner action" + button,
                record + "in a coroutine", "index,item|4|in a coroutine action" + button,
            ])
    }
}
