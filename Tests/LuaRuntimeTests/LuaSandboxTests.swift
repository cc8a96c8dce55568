import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaSandboxTests {
    /// Each escape attempt, run in a fresh sandbox, must fail or find nothing.
    @Test(arguments: [
        "return io.open('/etc/passwd')",
        "return os.execute('true')",
        "return os.exit(1)",
        "return os.getenv('HOME')",
        "return os.remove('/tmp/x')",
        "return require('io')",
        "return require('os').execute('true')",
        "return string.dump(print)",
        "return ('').dump(function() end)",
        "return debug.getregistry()",
        "return debug.getinfo(1)",
        "return debug.sethook()",
        "return package.loadlib('/lib/x86_64-linux-gnu/libc.so.6', 'system')",
        "return dofile('/etc/passwd')",
        "return loadfile('/etc/passwd')",
        "return collectgarbage()",
        "return collectgarbage('stop')",
        "return require('lfs')",
    ])
    func escapeIsRefused(source: String) throws {
        let lua = try LuaState()
        #expect(throws: LuaError.self) { try lua.run(source, chunkName: "@escape.lua") }
    }

    @Test func bytecodeIsRefused() throws {
        let lua = try LuaState()
        let bytecode = "\u{1B}Lua\u{54}\u{00}\u{19}\u{93}\r\n\u{1A}\n"
        let fromSwift = try #require(throws: LuaError.self) { try lua.load(bytecode, chunkName: "=bin") }
        #expect(fromSwift.message.contains("attempt to load a binary chunk"))
        try lua.setGlobal("bin", .string(bytecode))
        let fromLua = try lua.run("return load(bin, 'bin', 'b')", chunkName: "=t")
        expectEqual(fromLua[0], .nil)
        expectEqual(fromLua[1].stringValue?.contains("attempt to load a binary chunk (mode is 't')"), true)
        // Text still loads, with the sandbox as its environment.
        expectEqual(try lua.run("x = 5 return load('return x * 2')()", chunkName: "=t"), [10])
    }

    @Test func whatTheSandboxKeeps() throws {
        let lua = try LuaState()
        let result = try lua.run(
            """
            return type(string.format), type(table.concat), type(math.floor), type(utf8.char),
                   type(coroutine.wrap), type(debug.traceback), type(os.time), type(pcall),
                   io == nil, os.execute == nil, debug.getinfo == nil, getmetatable("")
            """, chunkName: "=t")
        expectEqual(
            result,
            [
                "function", "function", "function", "function", "function", "function", "function", "function",
                true, true, true, false,
            ])
        expectEqual(try lua.run("return collectgarbage('count') > 0", chunkName: "=t"), [true])
    }

    @Test func stringMetatableChangesDoNotLeakToAnotherPlugin() throws {
        let mail = try LuaState()
        let calendar = try LuaState()
        let attempt = try mail.run(
            """
            local ok = pcall(function() getmetatable("").__index.upper = function() return "pwned" end end)
            string.lower = function() return "pwned" end
            return ok, ("a"):lower()
            """, chunkName: "@mail.lua")
        expectEqual(attempt, [false, "pwned"])  // getmetatable is hidden; its own string table is its own
        expectEqual(try calendar.run("return ('ABC'):lower(), ('abc'):upper()", chunkName: "@cal.lua"), ["abc", "ABC"])
    }

    @Test func globalsDoNotLeakToAnotherPlugin() throws {
        let mail = try LuaState()
        let calendar = try LuaState()
        try mail.run("shared = 'from mail'; print = nil; table.insert = nil", chunkName: "@mail.lua")
        let seen = try calendar.run("return shared, type(print), type(table.insert)", chunkName: "@cal.lua")
        expectEqual(seen, [nil, "function", "function"])
    }

    @Test func osTimeAndClockFollowTheVirtualClock() throws {
        final class Clock { var milliseconds = 0 }
        let clock = Clock()
        var options = LuaOptions()
        options.virtualMilliseconds = { clock.milliseconds }
        options.epoch = 1_700_000_000
        let lua = try LuaState(options: options)
        let script = "return os.time(), os.clock(), os.date('%Y-%m-%d %H:%M:%S')"
        expectEqual(try lua.run(script, chunkName: "=t"), [1_700_000_000, 0.0, "2023-11-14 22:13:20"])
        clock.milliseconds = 90_500
        expectEqual(try lua.run(script, chunkName: "=t"), [1_700_000_090, 90.5, "2023-11-14 22:14:50"])
        let table = try lua.run(
            "return os.time({ year = 2024, month = 1, day = 1, hour = 0 }), os.time({ year = 2023, month = 13, day = 1, hour = 0 })",
            chunkName: "=t")
        expectEqual(table, [1_704_067_200, 1_704_067_200])
        expectEqual(try lua.run("return os.date('!%H:%M', 0)", chunkName: "=t"), ["00:00"])
    }

    @Test func mathRandomIsReproducibleWithTheSameSeed() throws {
        func draw(seed: Int) throws -> [LuaValue] {
            var options = LuaOptions()
            options.randomSeed = seed
            let lua = try LuaState(options: options)
            return try lua.run(
                "local t = {} for i = 1, 5 do t[i] = math.random(1, 1000000) end return t",
                chunkName: "=t")
        }
        #expect(try draw(seed: 7) == draw(seed: 7))
        #expect(try draw(seed: 7) != draw(seed: 8))
        let lua = try LuaState()
        let reseeded = try lua.run(
            "local a = math.random(1, 1e9) math.randomseed() local b = math.random(1, 1e9) return a == b",
            chunkName: "=t")
        expectEqual(reseeded, [true])
    }

    @Test func printGoesToTheLogCallback() throws {
        final class Lines { var all: [String] = [] }
        let lines = Lines()
        var options = LuaOptions()
        options.log = { lines.all.append($0) }
        let lua = try LuaState(options: options)
        try lua.run("print('hello', 42, nil, true) print()", chunkName: "=t")
        expectEqual(lines.all, ["hello\t42\tnil\ttrue", ""])
    }
}
