import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaCallTests {
    final class Box<T> {
        var value: T
        init(_ value: T) { self.value = value }
    }

    @Test func pushingClosureAndPackCallsPassArguments() throws {
        let lua = try LuaState()
        let seen = Box<[LuaValue]>([])
        try lua.register("record") { args in
            seen.value = args
            return []
        }
        try lua.run("function f(...) record(...) end", chunkName: "=t")
        let f = try lua.reference(toGlobal: "f")
        let row = try lua.reference(to: ["id": 7])
        try lua.call(f) { args in
            try args.push(1)
            try args.push(2.5)
            try args.push("three")
            try args.push(true)
            try args.push(row)
            try args.pushNil()
        }
        expectEqual(seen.value, [1, 2.5, "three", true, ["id": 7], nil])
        try lua.call(f, 4, "five", row, Optional<Int>.none, [1, 2])
        expectEqual(seen.value, [4, "five", ["id": 7], nil, [1, 2]])
        expectEqual(try lua.call(lua.reference(toGlobal: "tostring"), 12, returning: String.self), "12")
    }

    @Test func luaCallsSwiftWhichCallsLuaAgain() throws {
        let lua = try LuaState()
        try lua.register("twice") { [unowned lua] args in
            let inner = try lua.call("inner", args.argument(1))
            return [.integer((inner.first?.intValue ?? 0) * 2)]
        }
        try lua.run(
            """
            function inner(x) return x + 1 end
            function outer(x) return twice(x) + coroutine.wrap(function() return twice(x) end)() end
            """, chunkName: "=t")
        expectEqual(try lua.call("outer", 10), [44])
    }

    @Test func luaFinalizerCallingSwiftDuringGarbageCollection() throws {
        // The sandbox refuses __gc (finalizers run without hooks): a state with the full library
        // and the sandbox's default limits.
        var options = LuaOptions()
        options.sandbox = false
        let lua = try LuaState(options: options)
        let finalized = Box(0)
        try lua.register("note") { [unowned lua] _ in
            finalized.value += 1
            _ = try lua.call("inner")  // a call from inside a finalizer
            return []
        }
        try lua.run(
            """
            function inner() return 1 end
            for i = 1, 3 do setmetatable({}, { __gc = function() note() end }) end
            """, chunkName: "=t")
        lua.collectGarbage()
        expectEqual(finalized.value, 3)
        expectEqual(try lua.call("inner"), [1])
    }
}
