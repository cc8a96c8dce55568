import SwipeTestSupport
import Testing

@testable import LuaRuntime

/// What the main thread's stack holds between calls: the parked keys' slots at 1 to 12 (nil until
/// `parkKeys` parks some) and the message handler at 13 (`LuaCode.parkedHandler`), whatever ran
/// before. (The prepared call that uses the keys is tested with its C, in SwipePluginsTests.)
struct LuaParkedStackTests {
    /// `keys` in their slots, then `tables` tables, nil in the rest, then the handler; the
    /// registry holds the same keys (and tables).
    func expectParked(
        _ lua: LuaState, _ keys: [String], tables: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let api = lua.api
        expectEqual(api.top, LuaCode.parkedHandler, sourceLocation: sourceLocation)
        let slots = (1..<LuaCode.parkedHandler).map {
            switch api.type(at: $0) {
            case LuaCode.string: api.string(at: $0)
            case LuaCode.nil: "nil"
            case LuaCode.table: "table"
            default: "?"
            }
        }
        expectEqual(
            slots,
            keys + Array(repeating: "table", count: tables)
                + Array(repeating: "nil", count: LuaState.keySlots - keys.count - tables),
            sourceLocation: sourceLocation)
        expectEqual(api.type(at: LuaCode.parkedHandler), LuaCode.function, sourceLocation: sourceLocation)
        let registered = withUnsafeBytes(of: lua.runtime.pointee.keys) { Array($0.bindMemory(to: Int32.self)) }
        for (slot, reference) in registered.enumerated() {
            if slot < keys.count {
                api.pushReference(reference)
                expectEqual(api.string(at: -1), keys[slot], sourceLocation: sourceLocation)
                api.pop(1)
            } else if slot < keys.count + tables {
                api.pushReference(reference)
                expectEqual(api.type(at: -1), LuaCode.table, sourceLocation: sourceLocation)
                api.pop(1)
            } else {
                expectEqual(reference, LuaAPI.noReference, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func theKeysAndTheHandlerStayParkedThroughCallsFailuresAndNestedCalls() throws {
        let lua = try LuaState()
        expectEqual(LuaState.keySlots, 12)
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
        let twelve = (1...12).map { "k\($0)" }
        try lua.parkKeys(twelve)
        expectParked(lua, twelve)
        try lua.parkKeys(["one"])
        expectParked(lua, ["one"])
        // Tables after the keys (a prepared call's caches), kept through calls, replaced (fresh)
        // by parking again.
        try lua.parkKeys(["index", "name"], tables: 2)
        expectParked(lua, ["index", "name"], tables: 2)
        lua.api.pushString("kept")
        lua.api.rawSet(3, index: 1)
        try lua.run("nested()", chunkName: "=t")
        expectParked(lua, ["index", "name"], tables: 2)
        expectEqual(lua.api.rawGet(3, index: 1), LuaCode.string)
        lua.api.pop(1)
        try lua.parkKeys(["index", "name"], tables: 1)
        expectParked(lua, ["index", "name"], tables: 1)
        expectEqual(lua.api.rawGet(3, index: 1), LuaCode.nil)
        lua.api.pop(1)
        expectEqual(try lua.run("return 1 + 1", chunkName: "=t"), [.integer(2)])
    }

    @Test func parkingTooManyKeysOrInsideACallIsRefused() throws {
        let lua = try LuaState()
        let tooMany = try #require(throws: LuaError.self) { try lua.parkKeys((1...13).map { "k\($0)" }) }
        expectEqual(tooMany.message, "parkKeys: 13 keys, at most 12 can be parked")
        let tooManyTables = try #require(throws: LuaError.self) {
            try lua.parkKeys((1...10).map { "k\($0)" }, tables: 3)
        }
        expectEqual(tooManyTables.message, "parkKeys: 10 keys and 3 tables, at most 12 can be parked")
        try lua.parkKeys(["kept"])
        var inside: LuaError?
        try lua.register("park") { [unowned lua] _ in
            do { try lua.parkKeys(["inside"]) } catch let error as LuaError { inside = error }
            return []
        }
        try lua.run("park()", chunkName: "=t")
        expectEqual(inside?.message, "parkKeys: called inside a call into Lua")
        expectParked(lua, ["kept"])
    }
}
