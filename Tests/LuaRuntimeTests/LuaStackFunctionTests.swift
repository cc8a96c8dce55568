import LuaRuntime
import SwipeTestSupport
import Testing

/// Swift functions reading their arguments on the Lua stack (`registerStackFunction`), and
/// calls through `LuaSlot`s: the same values and the same `bad argument` messages as the
/// converting path.
struct LuaStackFunctionTests {
    final class Box<T> {
        var value: T
        init(_ value: T) { self.value = value }
    }

    func state(method: Bool = false, _ body: @escaping LuaStackFunction) throws -> LuaState {
        let lua = try LuaState()
        let object = try lua.newTable(label: "obj")
        try lua.registerStackFunction("f", in: object, method: method, body)
        try lua.setGlobal("obj", .reference(object))
        return lua
    }

    @Test func accessorsReadScalarsAndSingleFields() throws {
        let seen = Box<[LuaValue]>([])
        let lua = try state { args in
            seen.value = [
                .integer(try args.integer(1)), .number(try args.number(2)), .string(try args.string(3)),
                try args.field(4, "title"), try args.field(4, "missing"), .boolean(args.isNil(5)), .integer(args.count),
            ]
            return [.integer(7)]
        }
        expectEqual(
            try lua.run("return obj.f(3, 2.5, 'x', { title = 'T', other = {} })", chunkName: "=t"), [.integer(7)])
        expectEqual(seen.value, [3, 2.5, "x", "T", nil, true, 4])
    }

    @Test(arguments: [
        ("obj.f('x')", "m.lua:1: bad argument #1 to 'f' (number expected, got string)"),
        ("obj.f(1.5)", "m.lua:1: bad argument #1 to 'f' (number has no integer representation)"),
        ("obj.f()", "m.lua:1: bad argument #1 to 'f' (number expected, got no value)"),
        ("obj.f(1, 2)", "m.lua:1: bad argument #2 to 'f' (table expected, got number)"),
    ])
    func badArgumentsReadAsTheConvertingPathReadsThem(code: String, message: String) throws {
        let lua = try state { args in
            _ = try args.integer(1)
            _ = try args.field(2, "title")
            return []
        }
        let error = try #require(throws: LuaError.self) { try lua.run(code, chunkName: "@m.lua") }
        expectEqual(error.message, message)
    }

    @Test func aMethodCountsItsArgumentsAfterSelf() throws {
        let lua = try state(method: true) { args in [.integer(try args.integer(1) + args.count)] }
        expectEqual(try lua.run("return obj:f(40)", chunkName: "=t"), [.integer(41)])
        let error = try #require(throws: LuaError.self) { try lua.run("return obj:f('x')", chunkName: "@m.lua") }
        expectEqual(error.message, "m.lua:1: bad argument #1 to 'f' (number expected, got string)")
    }

    @Test func aCyclicTableArgumentIsABadArgument() throws {
        let lua = try state { args in [try args.argument(1)] }
        let error = try #require(throws: LuaError.self) {
            try lua.run("local t = {}; t.t = t; return obj.f(t)", chunkName: "@m.lua")
        }
        expectEqual(error.message, "m.lua:1: bad argument #1 to 'f' (cannot convert a table that contains itself)")
    }

    @Test func aSlotCallsItsFunctionAndNamesItOnFailure() throws {
        let lua = try LuaState()
        try lua.run(
            "seen = nil; function f(ctx, n) seen = ctx.name .. n end; function g() error('boom') end", chunkName: "=t")
        let f = try lua.reference(toGlobal: "f")
        let ctx = try lua.reference(to: ["name": "ctx"])
        try lua.call(f.unownedSlot, label: { "f" }) { args in
            try args.push(ctx.unownedSlot)
            try args.push(3)
        }
        expectEqual(try lua.run("return seen", chunkName: "=t"), ["ctx3"])
        let g = try lua.reference(toGlobal: "g")
        let error = try #require(throws: LuaError.self) { try lua.call(g.unownedSlot, label: { "g" }) { _ in } }
        #expect(error.message.hasSuffix("boom"))
    }

    @Test func aSlotOfAnotherStateIsRefused() throws {
        let lua = try LuaState()
        let other = try LuaState()
        try other.run("function f() end", chunkName: "=t")
        let f = try other.reference(toGlobal: "f")
        let error = try #require(throws: LuaError.self) { try lua.call(f.unownedSlot, label: { "f" }) { _ in } }
        expectEqual(error.message, "a LuaSlot of another LuaState was used")
    }

    @Test func stringsWithAndWithoutNULsArePushedWhole() throws {
        let lua = try LuaState()
        try lua.run("function f(s) seen = s end", chunkName: "=t")
        let f = try lua.reference(toGlobal: "f")
        for text in ["Longer Title Item #3", "a\u{0}b", "", "é"] {
            try lua.call(f) { args in try args.push(text) }
            expectEqual(try lua.run("return seen", chunkName: "=t"), [.string(text)])
        }
    }
}
