import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaUserdataTests {
    final class Counter {
        var count = 0
        let onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    final class Flag { var raised = false }

    @Test func swiftObjectIsReleasedWhenLuaCollectsTheUserdata() throws {
        let lua = try LuaState()
        let released = Flag()
        try lua.defineType(
            "Counter",
            methods: [
                "increment": { args in
                    guard let counter = args.argument(1).object(as: Counter.self) else {
                        throw LuaError.argument(1, "Counter expected")
                    }
                    counter.count += try args.integer(2)
                    return [.integer(counter.count)]
                }
            ])
        do {
            let counter = Counter { released.raised = true }
            try lua.setGlobal("counter", lua.userdata(counter, type: "Counter"))
        }
        let result = try lua.run("counter:increment(2) return counter:increment(3), type(counter)", chunkName: "=t")
        expectEqual(result, [5, "userdata"])
        expectEqual(try lua.global("counter").object(as: Counter.self)?.count, 5)
        expectEqual(released.raised, false)
        try lua.run("counter = nil", chunkName: "=t")
        lua.collectGarbage()
        expectEqual(released.raised, true)
    }

    @Test func objectsAreReleasedWhenTheStateCloses() throws {
        let released = Flag()
        do {
            let lua = try LuaState()
            let counter = Counter { released.raised = true }
            try lua.setGlobal("kept", lua.userdata(counter, type: "Counter"))
        }
        expectEqual(released.raised, true)
    }

    @Test func metatableIsHiddenFromScripts() throws {
        let lua = try LuaState()
        try lua.defineType("Counter", methods: [:])
        try lua.setGlobal("c", lua.userdata(Counter {}, type: "Counter"))
        expectEqual(try lua.run("return getmetatable(c)", chunkName: "=t"), [false])
    }

    @Test func registeredClosuresAreReleasedWithTheState() throws {
        let released = Flag()
        do {
            let lua = try LuaState()
            let counter = Counter { released.raised = true }
            try lua.register("bump") { _ in
                counter.count += 1
                return [.integer(counter.count)]
            }
            expectEqual(try lua.run("bump() return bump()", chunkName: "=t"), [2])
        }
        expectEqual(released.raised, true)
    }

    @Test func wrongObjectTypeIsNotReturned() throws {
        let lua = try LuaState()
        try lua.setGlobal("c", lua.userdata(Flag(), type: "Flag"))
        #expect(try lua.global("c").object(as: Counter.self) == nil)
        #expect(try lua.global("c").object(as: Flag.self) != nil)
    }
}
