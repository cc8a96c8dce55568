import LuaRuntime
import SwipeTestSupport
import Testing

/// Swift functions registered as methods (`obj:name(...)`): `self` is not copied, and
/// argument errors count as Lua's own do for methods.
struct LuaMethodTests {
    func state() throws -> (LuaState, LuaRef) {
        let lua = try LuaState()
        let object = try lua.newTable(label: "obj")
        try lua.register("add", in: object, method: true) { args in
            [.integer(try args.integer(1) + (try args.integer(2)))]
        }
        try lua.setGlobal("obj", .reference(object))
        return (lua, object)
    }

    @Test func aMethodGetsTheArgumentsAfterSelf() throws {
        let (lua, _) = try state()
        expectEqual(try lua.run("return obj:add(2, 40)", chunkName: "=t"), [.integer(42)])
    }

    @Test func aBadArgumentIsNumberedAsLuaNumbersMethodArguments() throws {
        let (lua, _) = try state()
        let error = try #require(throws: LuaError.self) { try lua.run("return obj:add(2, 'x')", chunkName: "@m.lua") }
        expectEqual(error.message, "m.lua:1: bad argument #2 to 'add' (number expected, got string)")
    }

    @Test func aCallWithoutTheColonIsRefused() throws {
        let (lua, _) = try state()
        let error = try #require(throws: LuaError.self) { try lua.run("return obj.add(2, 3)", chunkName: "@m.lua") }
        expectEqual(error.message, "m.lua:1: call 'add' as a method, with a colon (obj:add(...))")
    }
}
