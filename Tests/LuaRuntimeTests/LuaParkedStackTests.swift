import Testing

@testable import LuaRuntime

/// What the main thread's stack holds between calls: the parked keys' slots at 1 to 8 (nil until
/// `parkKeys` parks some) and the message handler at 9 (`LuaCode.parkedHandler`), whatever ran
/// before. (The prepared call that uses the keys is tested with its C, in SwipePluginsTests.)
struct LuaParkedStackTests {
    /// `keys` in their slots, nil in the rest, then the handler; the registry holds the same keys.
    func expectParked(_ lua: LuaState, _ keys: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let api = lua.api
        #expect(api.top == LuaCode.parkedHandler, sourceLocation: sourceLocation)
        let slots = (1..<LuaCode.parkedHandler).map {
            api.type(at: $0) == LuaCode.string ? api.string(at: $0) : api.type(at: $0) == LuaCode.nil ? "nil" : "?"
        }
        #expect(
            slots == keys + Array(repeating: "nil", count: LuaState.keySlots - keys.count),
            sourceLocation: sourceLocation)
        #expect(api.type(at: LuaCode.parkedHandler) == LuaCode.function, sourceLocation: sourceLocation)
        let registered = withUnsafeBytes(of: lua.runtime.pointee.keys) { Array($0.bindMemory(to: Int32.self)) }
        for (slot, reference) in registered.enumerated() {
            if slot < keys.count {
                api.pushReference(reference)
                #expect(api.string(at: -1) == keys[slot], sourceLocation: sourceLocation)
                api.pop(1)
            } else {
                #expect(reference == LuaAPI.noReference, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func theKeysAndTheHandlerStayParkedThroughCallsFailuresAndNestedCalls() throws {
        let lua = try LuaState()
        #expect(LuaState.keySlots == 8)
        expectParked(lua, [])
        try lua.parkKeys(["index", "name", "kind"])
        expectParked(lua, ["index", "name", "kind"])
        try lua.run("function broken() error('no') end", chunkName: "=t")
        #expect(throws: LuaError.self) { try lua.call("broken") }
        expectParked(lua, ["index", "name", "kind"])
        try lua.register("nested") { [unowned lua] _ in
            #expect(throws: LuaError.self) { try lua.call("broken") }
            return []
        }
        try lua.run("nested(); coroutine.wrap(function() nested() end)()", chunkName: "=t")
        expectParked(lua, ["index", "name", "kind"])
        // Parking again replaces the keys (and frees the old ones' registry slots).
        try lua.parkKeys(["a", "b", "c", "d", "e", "f", "g", "h"])
        expectParked(lua, ["a", "b", "c", "d", "e", "f", "g", "h"])
        try lua.parkKeys(["one"])
        expectParked(lua, ["one"])
        #expect(try lua.run("return 1 + 1", chunkName: "=t") == [.integer(2)])
    }

    @Test func parkingTooManyKeysOrInsideACallIsRefused() throws {
        let lua = try LuaState()
        let tooMany = try #require(throws: LuaError.self) { try lua.parkKeys((1...9).map { "k\($0)" }) }
        #expect(tooMany.message == "parkKeys: 9 keys, at most 8 can be parked")
        try lua.parkKeys(["kept"])
        var inside: LuaError?
        try lua.register("park") { [unowned lua] _ in
            do { try lua.parkKeys(["inside"]) } catch let error as LuaError { inside = error }
            return []
        }
        try lua.run("park()", chunkName: "=t")
        #expect(inside?.message == "parkKeys: called inside a call into Lua")
        expectParked(lua, ["kept"])
    }
}
