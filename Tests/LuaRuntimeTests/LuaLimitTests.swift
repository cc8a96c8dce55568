import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaLimitTests {
    @Test func infiniteLoopIsStoppedByTheBudgetAndStateStaysUsable() throws {
        let lua = try LuaState()
        try lua.run(
            """
            function on_action() while true do end end
            function answer() return 42 end
            """, chunkName: "@plugins/loop.lua")
        let error = try #require(throws: LuaError.self) { try lua.call("on_action") }
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 10000000 exceeded in 'on_action'")
        expectEqual(error.chunk, "plugins/loop.lua")
        expectEqual(error.line, 1)
        expectEqual(try lua.call("answer"), [42])
    }

    @Test func budgetIsPerCallAndConfigurable() throws {
        var options = LuaOptions()
        options.instructionBudget = 50_000
        let lua = try LuaState(options: options)
        try lua.run("function spin(n) local x = 0 for i = 1, n do x = x + i end return x end", chunkName: "=t")
        // Each call gets the whole budget again.
        for _ in 0..<10 { expectEqual(try lua.call("spin", 5_000), [12_502_500]) }
        let spin = try lua.reference(toGlobal: "spin")
        let error = try #require(throws: LuaError.self) { try lua.call(spin, 1_000_000) }
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 50000 exceeded in 'spin'")
    }

    @Test func pcallInsideTheScriptCannotSwallowTheBudget() throws {
        let lua = try LuaState()
        try lua.run(
            """
            function stubborn()
              while true do pcall(function() while true do end end) end
            end
            """, chunkName: "@t.lua")
        #expect(throws: LuaError.self) { try lua.call("stubborn") }
        let error = try #require(throws: LuaError.self) { try lua.call("stubborn") }
        expectEqual(error.kind, .budget)
    }

    @Test func coroutinesAreStoppedToo() throws {
        let lua = try LuaState()
        try lua.run(
            """
            function wrapped() coroutine.wrap(function() while true do end end)() end
            function resumed()
              local co = coroutine.create(function() while true do end end)
              return coroutine.resume(co)
            end
            """, chunkName: "@co.lua")
        let wrapped = try #require(throws: LuaError.self) { try lua.call("wrapped") }
        expectEqual(wrapped.kind, .budget)
        expectEqual(wrapped.message, "instruction budget of 10000000 exceeded in 'wrapped'")
        // resume catches the coroutine's error; the call still fails with the budget error.
        let resumed = try #require(throws: LuaError.self) { try lua.call("resumed") }
        expectEqual(resumed.kind, .budget)
        expectEqual(resumed.message, "instruction budget of 10000000 exceeded in 'resumed'")
        expectEqual(try lua.run("return 1 + 1", chunkName: "=t"), [2])
    }

    @Test func unlimitedBudgetRunsLongLoops() throws {
        var options = LuaOptions()
        options.instructionBudget = 0
        let lua = try LuaState(options: options)
        let result = try lua.run("local x = 0 for i = 1, 5000000 do x = x + 1 end return x", chunkName: "=t")
        expectEqual(result, [5_000_000])
    }

    @Test func memoryBombIsStoppedByTheCapAndStateStaysUsable() throws {
        var options = LuaOptions()
        options.memoryLimit = 16 * 1024 * 1024
        let lua = try LuaState(options: options)
        try lua.run(
            """
            function bomb()
              local t = {}
              while true do t[#t + 1] = string.rep("x", 1e6) end
            end
            function answer() return 42 end
            """, chunkName: "@plugins/bomb.lua")
        let before = lua.memoryInUse
        let error = try #require(throws: LuaError.self) { try lua.call("bomb") }
        expectEqual(error.kind, .memory)
        expectEqual(error.message, "not enough memory: memory cap of 16777216 bytes exceeded in 'bomb'")
        #expect(lua.memoryInUse < before + 1_000_000)
        expectEqual(try lua.call("answer"), [42])
        // And again: the cap still holds.
        #expect(throws: LuaError.self) { try lua.call("bomb") }
        expectEqual(try lua.call("answer"), [42])
    }

    @Test func memoryErrorCaughtInsideLuaLeavesStateUsable() throws {
        var options = LuaOptions()
        options.memoryLimit = 8 * 1024 * 1024
        let lua = try LuaState(options: options)
        let results = try lua.run(
            """
            local ok, message = pcall(function() return string.rep("x", 64 * 1024 * 1024) end)
            return ok, message
            """, chunkName: "=t")
        expectEqual(results, [false, "not enough memory"])
    }

    @Test func swiftPushesNeverTripTheCap() throws {
        var options = LuaOptions()
        options.memoryLimit = 4 * 1024 * 1024
        let lua = try LuaState(options: options)
        try lua.run("hog = {} for i = 1, 12 do hog[i] = string.rep('x', 256 * 1024) end", chunkName: "=t")
        // Pushed from Swift past the cap: allowed, never a Lua error in Swift frames.
        let big = String(repeating: "y", count: 2 * 1024 * 1024)
        try lua.setGlobal("big", .string(big))
        #expect(lua.memoryInUse > options.memoryLimit)
        // Lua code cannot allocate while the state is over its cap...
        let error = try #require(throws: LuaError.self) { try lua.run("return #big", chunkName: "=t") }
        expectEqual(error.kind, .memory)
        // ...until memory is freed.
        try lua.setGlobal("hog", nil)
        lua.collectGarbage()
        expectEqual(try lua.run("return #big", chunkName: "=t"), [.integer(big.utf8.count)])
    }

    @Test func twentyThousandCallsDoNotGrowMemory() throws {
        let lua = try LuaState()
        try lua.run(
            """
            function on_event(n, name, row) return n end
            function echo(s) return s .. "!" end
            """, chunkName: "=t")
        let onEvent = try lua.reference(toGlobal: "on_event")
        let row = try lua.reference(to: ["id": 1])
        try lua.register("note") { args in [args.argument(1)] }
        func round(_ i: Int) throws {
            try lua.call(onEvent, i, "swipe", row)
            _ = try lua.call(onEvent, i, returning: Int.self)
            _ = try lua.call("echo", .string("call \(i)"))
            _ = try lua.run("return note({ n = 1 })", chunkName: "=t")
        }
        for i in 0..<1_000 { try round(i) }  // warm up caches and string tables
        lua.collectGarbage()
        let before = lua.memoryInKilobytes
        for i in 0..<20_000 { try round(i) }
        lua.collectGarbage()
        let after = lua.memoryInKilobytes
        #expect(after - before < 8, "grew from \(before) KB to \(after) KB")
    }

    /// The allocator keeps small freed blocks for reuse (`swl_alloc`): a kept block counts as
    /// freed, and taking one back counts against the cap and is refused past it, as malloc's is.
    /// Small tables made and collected leave kept blocks of a table's size; then long strings
    /// (never kept: more than 256 bytes) fill the state to its cap, and tables are asked for with
    /// kept blocks of their size waiting: only what fits under the cap is given.
    @Test func smallBlocksKeptForReuseStillCountAgainstTheCap() throws {
        var options = LuaOptions()
        options.memoryLimit = 2 * 1024 * 1024
        let lua = try LuaState(options: options)
        try lua.run(
            """
            function churn() for i = 1, 2000 do local t = {} end end
            function fill()
              local strings, tables = {}, {}
              for i = 1, 10000 do strings[i] = false end
              for i = 1, 4000 do tables[i] = false end
              local made = 0
              local function long() for i = 1, 10000 do strings[i] = string.rep("x", 300) end end
              local function small() for i = 1, 4000 do tables[i] = {} made = i end end
              local filled = pcall(long)
              local fitted, message = pcall(small)
              local count = collectgarbage("count") * 1024
              return filled, fitted, message, made, count
            end
            """, chunkName: "=t")
        lua.collectGarbage()
        let before = lua.memoryInUse
        _ = try lua.call("churn")
        lua.collectGarbage()
        // The tables' blocks are kept, and not counted as in use.
        #expect(lua.memoryInUse <= before + 1024, "\(before) bytes before, \(lua.memoryInUse) after")
        let result = try lua.call("fill")
        #expect(result[0] == false && result[1] == false)
        expectEqual(result[2], "not enough memory")
        // At the cap a string's worth of room is left: a handful of tables, not the 2,000 kept.
        guard case .integer(let made) = result[3], case .number(let count) = result[4] else {
            Issue.record("results: \(result)")
            return
        }
        #expect(made < 20)
        #expect(count <= Double(options.memoryLimit))
        expectEqual(try lua.run("return 1 + 1", chunkName: "=t"), [2])
    }
}
