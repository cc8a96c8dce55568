import LuaRuntime
import SwipeTestSupport
import Testing

/// Work the count hook cannot see (Lua's C functions, finalizers, message handlers) is bounded
/// in the sandbox too: each reproduction below used to hang the host under any budget.
struct LuaSandboxBoundsTests {
    static func sandbox(budget: Int = 1_000, memory: Int = 64 * 1024 * 1024) throws -> LuaState {
        var options = LuaOptions()
        options.instructionBudget = budget
        options.memoryLimit = memory
        return try LuaState(options: options)
    }

    /// Runs `body` as `setup` in a fresh sandbox and returns the error it fails with.
    static func failure(
        of body: String, budget: Int = 1_000, memory: Int = 64 * 1024 * 1024,
        globals: [String: LuaValue] = [:]
    ) throws -> LuaError {
        let lua = try sandbox(budget: budget, memory: memory)
        for (name, value) in globals { try lua.setGlobal(name, value) }
        try lua.run("function setup()\n\(body)\nend", chunkName: "@plugins/attack.lua")
        return try #require(throws: LuaError.self) { try lua.call("setup") }
    }

    // MARK: String functions

    @Test(arguments: [
        #"string.rep("a", 3000):find(".-.-.-.-.-.-.-.-.-.-b")"#,
        #"string.rep("a", 200000):gsub("a*a*a*a*a*a*a*b", "")"#,
        #"string.rep("a", 3000):match("(.-)(.-)(.-)(.-)b")"#,
        #"for _ in string.rep("a", 3000):gmatch(".-.-.-.-b") do end"#,
        #"string.rep("ab", 1e9)"#,
        #"("x"):rep(1e9)"#,
        #"local s = string.rep("a", 500) for i = 1, 1e9 do s:find("a-b") end"#,
    ])
    func stringFunctionsAreStoppedByTheBudget(body: String) throws {
        let error = try Self.failure(of: body)
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 1000 exceeded in 'setup'")
        expectEqual(error.chunk, "plugins/attack.lua")
        expectEqual(error.line, 2)
    }

    @Test(arguments: [
        ("return a3000:find('.-.-.-.-.-.-.-.-.-.-b')", "string.find"),
        ("return a200000:gsub('a*a*a*a*a*a*a*b', '')", "string.gsub"),
        ("return a200000:match('(a*)(a*)(a*)(a*)b')", "string.match"),
        ("for _ in a3000:gmatch('.-.-.-.-b') do end", "for iterator"),
    ])
    func theMatchItselfIsStopped(body: String, function: String) throws {
        let globals: [String: LuaValue] = [
            "a3000": .string(String(repeating: "a", count: 3_000)),
            "a200000": .string(String(repeating: "a", count: 200_000)),
        ]
        let error = try Self.failure(of: body, globals: globals)
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 1000 exceeded in 'setup'")
        expectEqual(error.traceback?.contains(function), true)
    }

    @Test func plainFindOfAHugeNeedleIsStoppedByTheBudget() throws {
        // Built in Swift, so that making them costs the script nothing.
        let haystack = String(repeating: "a", count: 4_000_000)
        let needle = String(repeating: "a", count: 2_000_000) + "b"
        for body in ["return h:find(n, 1, true)", "return h:find(n)"] {
            let error = try Self.failure(of: body, globals: ["h": .string(haystack), "n": .string(needle)])
            expectEqual(error.kind, .budget)
            expectEqual(error.message, "instruction budget of 1000 exceeded in 'setup'")
        }
    }

    @Test func repOfAnEmptyStringReturnsAtOnce() throws {
        let lua = try Self.sandbox()
        let result = try lua.run(
            #"return string.rep("", math.maxinteger), string.rep("", math.maxinteger, ""), ("ab"):rep(3, "-")"#,
            chunkName: "=t")
        expectEqual(result, ["", "", "ab-ab-ab"])
    }

    @Test func repPastTheMemoryCapIsAMemoryError() throws {
        let error = try Self.failure(of: #"return string.rep("a", 5e8)"#, budget: 10_000_000, memory: 16 * 1024 * 1024)
        expectEqual(error.kind, .memory)
        expectEqual(error.message, "not enough memory: memory cap of 16777216 bytes exceeded in 'setup'")
        let tooLarge = try Self.failure(of: #"return string.rep("ab", 2^31)"#)
        expectEqual(tooLarge.kind, .runtime)
        expectEqual(tooLarge.message, "plugins/attack.lua:2: resulting string too large")
    }

    @Test(arguments: [
        "table.concat(setmetatable({}, { __index = table.concat }), '', 1, math.maxinteger)",
        "table.move({}, 1, math.maxinteger - 1, 2)",
        "table.remove(setmetatable({}, { __len = function() return math.maxinteger end }), 1)",
        "table.insert(setmetatable({}, { __len = function() return math.maxinteger - 1 end }), 1, 0)",
        "table.sort(setmetatable({}, { __len = function() return 2^31 - 2 end, __index = rawlen }))",
        "local t = {} for i = 1, 100 do t[i] = i end for i = 1, 1e9 do table.sort(t) end",
    ])
    func tableFunctionsAreStoppedByTheBudget(body: String) throws {
        let error = try Self.failure(of: body)
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 1000 exceeded in 'setup'")
    }

    // MARK: Finalizers

    @Test func setmetatableRefusesGarbageCollectionMetamethods() throws {
        let error = try Self.failure(of: "setmetatable({}, { __gc = function() while true do end end })")
        expectEqual(error.kind, .type)
        expectEqual(
            error.message,
            "plugins/attack.lua:2: bad argument #2 to 'setmetatable' (__gc metamethods are not allowed in the sandbox)"
        )
        let falseGc = try Self.failure(of: "setmetatable({}, { __gc = false })")
        expectEqual(falseGc.kind, .type)
    }

    @Test func aGarbageCollectionMetamethodAddedLaterIsNeverRun() throws {
        let lua = try Self.sandbox()
        try lua.run(
            """
            function setup()
              local mt = {}
              local t = setmetatable({}, mt)
              mt.__gc = function() ran = true while true do end end
              t = nil
            end
            """, chunkName: "@plugins/attack.lua")
        try lua.call("setup")
        lua.collectGarbage()
        expectEqual(try lua.global("ran"), .nil)
    }

    @Test(arguments: [
        "do local x <close> = setmetatable({}, { __close = function() while true do end end }) end",
        "local x <close> = setmetatable({}, { __close = function() while true do end end }) error('boom')",
    ])
    func closeMetamethodsAreStoppedByTheBudget(body: String) throws {
        let error = try Self.failure(of: body)
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 1000 exceeded in 'setup'")
    }

    // MARK: Message handlers and other places a hook must reach

    @Test(arguments: [
        "xpcall(error, function() while true do end end)",
        "xpcall(function() while true do end end, function() while true do end end)",
        "xpcall(function() while true do end end, coroutine.wrap(function() while true do end end))",
        "error(setmetatable({}, { __tostring = function() while true do end end }))",
        "return string.format('%s', setmetatable({}, { __tostring = function() while true do end end }))",
        "return tostring(setmetatable({}, { __tostring = function() while true do end end }))",
        "coroutine.wrap(function() xpcall(error, function() while true do end end) end)()",
        "while true do xpcall(function() while true do end end, function(m) return m end) end",
    ])
    func handlersAndMetamethodsAreStoppedByTheBudget(body: String) throws {
        let error = try Self.failure(of: body)
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 1000 exceeded in 'setup'")
    }

    @Test func aHandlerIsNotRunForTheBudgetError() throws {
        let lua = try Self.sandbox(budget: 100_000)
        try lua.run(
            """
            counted = 0
            function setup()
              xpcall(function() while true do end end, function()
                for i = 1, 1e8 do counted = counted + 1 end
              end)
            end
            """, chunkName: "@plugins/attack.lua")
        let error = try #require(throws: LuaError.self) { try lua.call("setup") }
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 100000 exceeded in 'setup'")
        expectEqual(try lua.global("counted"), 0)
        // A handler still runs for the script's own errors, and is stopped if it loops.
        try lua.run(
            "function handled() return xpcall(error, function(m) return 'handled ' .. m end, 'boom', 0) end",
            chunkName: "=t")
        expectEqual(try lua.call("handled"), [false, "handled boom"])
    }

    // MARK: os.date and os.time

    @Test func osDateErrorsReadAsLuasOwn() throws {
        let cases: [(String, String)] = [
            ("os.date('%Ez')", "plugins/attack.lua:2: bad argument #1 to 'date' (invalid conversion specifier '%Ez')"),
            ("os.date('%')", "plugins/attack.lua:2: bad argument #1 to 'date' (invalid conversion specifier '%')"),
            (
                "os.date('%Y', 1.5)",
                "plugins/attack.lua:2: bad argument #2 to 'date' (number has no integer representation)"
            ),
            ("os.date({})", "plugins/attack.lua:2: bad argument #1 to 'date' (string expected, got table)"),
            (
                "local d = os.date d('%Q')",
                "plugins/attack.lua:2: bad argument #1 to 'd' (invalid conversion specifier '%Q')"
            ),
            ("os.time('x')", "plugins/attack.lua:2: bad argument #1 to 'time' (table expected, got string)"),
        ]
        for (body, message) in cases {
            let error = try Self.failure(of: body)
            expectEqual(error.kind, .type)
            expectEqual(error.message, message)
            expectEqual(error.line, 2)
        }
    }

    @Test func osTimeChecksFieldsAsLuaDoes() throws {
        let cases: [(String, String)] = [
            ("os.time{ year = 2^40, month = 1, day = 1 }", "plugins/attack.lua:2: field 'year' is out-of-bound"),
            (
                "os.time{ year = 2024, month = 2^31 + 1, day = 1 }",
                "plugins/attack.lua:2: field 'month' is out-of-bound"
            ),
            ("os.time{ year = 2024, month = 1, day = -2^31 - 1 }", "plugins/attack.lua:2: field 'day' is out-of-bound"),
            ("os.time{ year = 2024, month = 1 }", "plugins/attack.lua:2: field 'day' missing in date table"),
            ("os.time{ year = 2024, month = 1.5, day = 1 }", "plugins/attack.lua:2: field 'month' is not an integer"),
            (
                "os.time{ year = 1969, month = 12, day = 31, hour = 23, min = 59, sec = 59 }",
                "plugins/attack.lua:2: time result cannot be represented in this installation"
            ),
        ]
        for (body, message) in cases {
            let error = try Self.failure(of: body)
            expectEqual(error.kind, .runtime)
            expectEqual(error.message, message)
        }
    }

    @Test func osTimeNormalizesTheTableAsLuaDoes() throws {
        let lua = try Self.sandbox()
        let result = try lua.run(
            """
            local t = { year = 2024, month = 14, day = 40, hour = 25, min = -1, sec = 61 }
            return os.time(t), t.year, t.month, t.day, t.hour, t.min, t.sec, t.yday, t.wday, t.isdst,
              os.time{ year = "2024", month = 1, day = 1 }, os.time{ year = 2^31 - 1, month = 1, day = 1 }
            """, chunkName: "=t")
        // The values Lua 5.4 gives with TZ=UTC.
        expectEqual(result, [1_741_827_601, 2025, 3, 13, 1, 0, 1, 72, 5, false, 1_704_110_400, 67_767_976_202_040_000])
    }
}

extension LuaSandboxBoundsTests {
    /// A C function whose work is linear in its result, called in a loop over a big string:
    /// each call used to cost the budget one instruction.
    @Test(arguments: [
        "for i = 1, 1e9 do big:upper() end",
        "for i = 1, 1e9 do big:sub(2) end",
        "for i = 1, 1e9 do local _ = #string.format('%s%s', big, big) end",
        "for i = 1, 1e9 do big:reverse() end",
        "for i = 1, 1e9 do utf8.len(big) end",
        "for i = 1, 1e9 do select('#', big:byte(1, 100000)) end",
        "local t = setmetatable({}, { __index = rawlen }) for i = 1, 1e9 do select('#', table.unpack(t, 1, 100000)) end",
    ])
    func linearFunctionsInALoopAreStoppedByTheBudget(body: String) throws {
        let big = String(repeating: "ab", count: 500_000)
        let error = try Self.failure(of: body, budget: 100_000, globals: ["big": .string(big)])
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 100000 exceeded in 'setup'")
    }
}

/// The virtual machine's own work inside one instruction (`..`) and `load`'s
/// compiling were not charged: 100,000 × (a 20 MB string `.. i`) ran for minutes under the
/// default budget.
extension LuaSandboxBoundsTests {
    /// Runs `body` as `setup` and returns its error and the global `n` the body counts in.
    static func failureAndCount(
        of body: String, budget: Int, globals: [String: LuaValue]
    ) throws -> (LuaError, LuaValue) {
        let lua = try sandbox(budget: budget)
        for (name, value) in globals { try lua.setGlobal(name, value) }
        try lua.run("function setup()\n\(body)\nend", chunkName: "@plugins/attack.lua")
        let error = try #require(throws: LuaError.self) { try lua.call("setup") }
        return (error, try lua.global("n"))
    }

    /// The reproduction, under the default budget: it stops within a few dozen concatenations.
    @Test func concatenatingAHugeStringIsChargedByItsSize() throws {
        let big = String(repeating: "a", count: 20 * 1024 * 1024)
        let (error, count) = try Self.failureAndCount(
            of: "for i = 1, 100000 do n = i local s = big .. i end", budget: 10_000_000, globals: ["big": .string(big)])
        expectEqual(error.kind, .budget)
        expectEqual(error.message, "instruction budget of 10000000 exceeded in 'setup'")
        expectEqual(error.chunk, "plugins/attack.lua")
        expectEqual(error.line, 2)
        // 20 MiB and a few digits: 327,680 instructions a concatenation; the 31st spends the
        // budget and the next instruction raises.
        expectEqual(count, .integer(31))
    }

    /// Charged by bytes: a concatenation of 64 KiB costs 1,024 instructions, so a budget of
    /// 100,000 allows 97 of them (and the loop's own instructions); the 98th spends it.
    @Test func theChargeIsOneInstructionPer64BytesAllocated() throws {
        let big = String(repeating: "a", count: 64 * 1024)
        let (error, count) = try Self.failureAndCount(
            of: "for i = 1, 1e9 do n = i local s = big .. '' .. i end", budget: 100_000, globals: ["big": .string(big)])
        expectEqual(error.kind, .budget)
        expectEqual(error.line, 2)
        expectEqual(count, .integer(98))
    }

    /// The VM compares long strings itself, uncounted: a call that spends its CPU time on that
    /// is stopped by the time limit, a budget error saying so, at the line that was running.
    @Test func comparingLongStringsIsStoppedByTheTimeLimit() throws {
        var options = LuaOptions()
        options.instructionBudget = 10_000_000
        options.timeLimit = .milliseconds(200)
        let lua = try LuaState(options: options)
        let long = String(repeating: "x", count: 4 * 1024 * 1024)
        try lua.setGlobal("a", .string(long))
        try lua.setGlobal("b", .string(String(long.dropLast()) + "x"))
        try lua.run(
            "function setup()\nn = 0\nwhile true do if a < b or a == b then n = n + 1 end end\nend",
            chunkName: "@plugins/attack.lua")
        let error = try #require(throws: LuaError.self) { try lua.call("setup") }
        expectEqual(error.kind, .budget)
        expectEqual(
            error.message,
            "time limit of 0.2 s of CPU exceeded in 'setup' (work the instruction budget does not count, such as comparing long strings; the limit is 1 s plus 0.1 s per million instructions of the budget)"
        )
        expectEqual(error.chunk, "plugins/attack.lua")
        expectEqual(error.line, 3)
        // Far fewer comparisons than the budget's instructions would allow.
        #expect((try lua.global("n").intValue ?? .max) < 1_000_000)
        // The next call has its own budget and clock.
        try lua.run("function quick() return 1 end", chunkName: "=q")
        expectEqual(try lua.call("quick"), [.integer(1)])
    }

    @Test func theTimeLimitFollowsTheBudget() {
        var options = LuaOptions()
        expectEqual(options.timeLimitNanoseconds, 2_000_000_000)
        options.instructionBudget = 100_000_000
        expectEqual(options.timeLimitNanoseconds, 11_000_000_000)
        options.instructionBudget = 0
        expectEqual(options.timeLimitNanoseconds, 0)
        options.instructionBudget = 5
        options.timeLimit = .seconds(4)
        expectEqual(options.timeLimitNanoseconds, 4_000_000_000)
    }

    @Test func loadIsChargedOneInstructionPerByteOfSource() throws {
        let source = String(repeating: " ", count: 200_000) + "return 1"
        let globals: [String: LuaValue] = ["src": .string(source)]
        for body in [
            "n = 0 local f = load(src) n = 1",
            "n = 0 local done = false local f = load(function() if done then return nil end done = true return src end) n = 1",
        ] {
            let (error, count) = try Self.failureAndCount(of: body, budget: 100_000, globals: globals)
            expectEqual(error.kind, .budget)
            expectEqual(error.message, "instruction budget of 100000 exceeded in 'setup'")
            expectEqual(error.line, 2)
            expectEqual(count, .integer(0))
        }
        // Within the budget, load works as Lua's: text only, with its own messages.
        let lua = try Self.sandbox(budget: 1_000_000)
        try lua.setGlobal("src", .string(source))
        expectEqual(try lua.run("return load(src)()", chunkName: "=t"), [.integer(1)])
        expectEqual(
            try lua.run("return load('\\27Lua')", chunkName: "=t"),
            [
                .nil, .string("attempt to load a binary chunk (mode is 't')"),
            ])
        expectEqual(
            try lua.run("return load('x = ', 'chunk')", chunkName: "=t"),
            [
                .nil, .string("[string \"chunk\"]:1: unexpected symbol near <eof>"),
            ])
        expectEqual(try lua.run("return load('return y', 'c', 't', { y = 5 })()", chunkName: "=t"), [.integer(5)])
        let wrong = try #require(throws: LuaError.self) { try lua.run("load(true)", chunkName: "=t") }
        expectEqual(wrong.message, "t:1: bad argument #1 to 'load' (function expected, got boolean)")
    }
}
