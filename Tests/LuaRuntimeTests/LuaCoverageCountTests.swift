import Foundation
import LuaRuntime
import SwipeTestSupport
import Testing

/// The C counter of `LuaCoverage` against Lua's own hook: the same program run once under
/// `debug.sethook` (a Lua function counting line events, and calls at the line their function
/// is defined at) and under coverage must give the same counts, line by line. The programs are
/// generated from pieces that stress the counter's frame cache: recursion deeper than its 64
/// slots, tail calls (a new function in the same frame), coroutines resumed in turn, loops on
/// one line (a line event per iteration), functions defined on one line, Lua functions called
/// by C functions, errors unwinding frames, and lines far apart (the counts growing while
/// frames point to them).
struct LuaCoverageCountTests {
    /// Pieces of a program: each defines what its call (`run`) uses, `K` replaced by a number.
    static let pieces: [(define: String, run: String)] = [
        (
            """
            local function fact_K(n)
              if n <= 1 then return 1 end
              return n * fact_K(n - 1)
            end
            """,
            "fact_K(R)"
        ),
        (
            """
            local function count_K(n, acc)
              if n == 0 then return acc end
              return count_K(n - 1, acc + 1)
            end
            """,
            "count_K(R, 0)"
        ),
        (
            """
            local function even_K(n) if n == 0 then return true end return odd_K(n - 1) end
            function odd_K(n)
              if n == 0 then return false end
              return even_K(n - 1)
            end
            """,
            "even_K(R)"
        ),
        (
            """
            local function co_K()
              return coroutine.wrap(function(n)
                for i = 1, n do
                  coroutine.yield(i)
                end
                return 0
              end)
            end
            """,
            "do local a, b = co_K(), co_K() for i = 1, R + 1 do a(R) b(R) end end"
        ),
        (
            "local function spin_K(n) local s = 0 for i = 1, n do s = s + i end return s end",
            "spin_K(R)"
        ),
        (
            "local function w_K(n) local i = 0 while i < n do i = i + 1 end return i end",
            "w_K(R)"
        ),
        (
            "local f_K, g_K = function(x) return x + 1 end, function(x) return x * 2 end",
            "f_K(g_K(R))"
        ),
        (
            """
            local function sorted_K(n)
              local t = {}
              for i = 1, n do t[i] = (i * 7) % 11 end
              table.sort(t, function(a, b) return a > b end)
              return (string.gsub("abcabc", "b", function(c) return c .. c end))
            end
            """,
            "sorted_K(R % 20 + 2)"
        ),
        (
            """
            local function deep_K(n)
              if n == 0 then error("bottom") end
              return deep_K(n - 1) + 1
            end
            local function catch_K(n)
              local ok = pcall(deep_K, n)
              return ok
            end
            """,
            "catch_K(R)"
        ),
        (
            """
            local function closures_K(n)
              local s = 0
              for i = 1, n do
                local h = function() return i end
                s = s + h()
              end
              return s
            end
            """,
            "closures_K(R)"
        ),
    ]

    /// A program of the pieces (some twice), blank lines between, and their calls in a random
    /// order, some repeated.
    static func program(seed: UInt64) -> String {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var lines: [String] = []
        var calls: [String] = []
        for index in 0..<(3 + next(8)) {
            let piece = pieces[next(pieces.count)]
            let key = String(index)
            lines.append(piece.define.replacingOccurrences(of: "K", with: key))
            lines += Array(repeating: "", count: next(3) == 0 ? 60 + next(200) : next(4))
            for _ in 0..<(1 + next(2)) {
                calls.append(
                    piece.run.replacingOccurrences(of: "K", with: key).replacingOccurrences(
                        of: "R", with: String(1 + next(120))))
            }
        }
        for index in calls.indices.reversed() where next(2) == 0 { calls.swapAt(index, next(index + 1)) }
        return (lines + calls).joined(separator: "\n") + "\n"
    }

    /// "lines: n=count ... calls: n=count ..." from Lua's own hook, for the chunk `@counted.lua`.
    static func referenceCounts(of program: String) throws -> String {
        let lua = try LuaState(options: .trusted)
        let counter = try lua.load(
            """
            local text = ...
            local chunk = assert(load(text, "@counted.lua"))
            local lines, calls = {}, {}
            local getinfo = debug.getinfo
            local function hook(event, line)
              local info = getinfo(2, "S")
              if info.source ~= "@counted.lua" then return end
              if event == "line" then
                lines[line] = (lines[line] or 0) + 1
              elseif info.linedefined > 0 then
                calls[info.linedefined] = (calls[info.linedefined] or 0) + 1
              end
            end
            -- A Lua hook is kept per thread: a new coroutine gets it here.
            local create, resume = coroutine.create, coroutine.resume
            function coroutine.create(f)
              local co = create(f)
              debug.sethook(co, hook, "lc")
              return co
            end
            function coroutine.wrap(f)
              local co = coroutine.create(f)
              return function(...)
                local results = table.pack(resume(co, ...))
                if not results[1] then error(results[2], 0) end
                return table.unpack(results, 2, results.n)
              end
            end
            debug.sethook(hook, "lc")
            chunk()
            debug.sethook()
            local function list(counts)
              local keys = {}
              for key in pairs(counts) do keys[#keys + 1] = key end
              table.sort(keys)
              for i, key in ipairs(keys) do keys[i] = key .. "=" .. counts[key] end
              return table.concat(keys, " ")
            end
            return "lines: " .. list(lines) .. " calls: " .. list(calls)
            """, chunkName: "=counter")
        let result = try lua.call(counter, arguments: [.string(program)])
        guard case .string(let text)? = result.first else { return "" }
        return text
    }

    /// The same text from a coverage's counts of `counted.lua`, each count divided by `runs`
    /// (nil when one is not a multiple of it).
    static func counts(in coverage: LuaCoverage, runs: UInt64) -> String? {
        guard let file = coverage.files().first(where: { $0.path == "counted.lua" }) else { return "no file" }
        func list(_ counts: [Int: UInt64]) -> String? {
            var parts: [String] = []
            for (line, count) in counts.sorted(by: { $0.key < $1.key }) {
                guard count % runs == 0 else { return nil }
                parts.append("\(line)=\(count / runs)")
            }
            return parts.joined(separator: " ")
        }
        guard let lines = list(file.lines), let calls = list(file.calls) else { return nil }
        return "lines: \(lines) calls: \(calls)"
    }

    /// Runs `program` as `@counted.lua` in a new state counting into `coverage`.
    static func run(_ program: String, options: LuaOptions, coverage: LuaCoverage) throws {
        var options = options
        options.coverage = coverage
        let lua = try LuaState(options: options)
        try lua.run(program, chunkName: "@counted.lua")
    }

    /// Each program counted as Lua's hook counts it: in a sandboxed state (a budget: the count
    /// events too) while it is open, then with a second, trusted state (no budget: coverage's
    /// events alone) after both closed, whose counts add up (twice the reference).
    @Test(arguments: 0..<60)
    func countsAreLuasOwnHooksCounts(seed: UInt64) throws {
        let program = Self.program(seed: seed)
        let expected = try Self.referenceCounts(of: program)
        #expect(expected.contains("=") && !expected.hasSuffix("calls: "))
        let coverage = LuaCoverage()
        do {
            var options = LuaOptions()
            options.coverage = coverage
            let lua = try LuaState(options: options)
            try lua.run(program, chunkName: "@counted.lua")
            expectEqual(Self.counts(in: coverage, runs: 1), expected, "seed \(seed):\n\(program)")
        }
        try Self.run(program, options: .trusted, coverage: coverage)
        expectEqual(Self.counts(in: coverage, runs: 2), expected, "seed \(seed):\n\(program)")
    }

    /// A loop on one line: a line event at the line's start and at each backward jump (999 for
    /// 1,000 iterations); functions on one line: a line event in each call, one more at the start.
    @Test func aLoopOnOneLineCountsEveryIteration() throws {
        let program = "local s = 0\nfor i = 1, 1000 do s = s + i end\nlocal function f() end f() f() f()\n"
        let coverage = LuaCoverage()
        try Self.run(program, options: .trusted, coverage: coverage)
        let file = try #require(coverage.files().first)
        expectEqual(file.lines, [1: 1, 2: 1000, 3: 4])
        expectEqual(file.calls, [3: 3])
        expectEqual(try Self.referenceCounts(of: program), "lines: 1=1 2=1000 3=4 calls: 3=3")
    }
}
