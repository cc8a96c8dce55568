import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaValueTests {
    /// One of each kind (LuaValue is not Sendable, so tests take an index).
    static var samples: [LuaValue] {
        [
            .nil, .boolean(true), .boolean(false), .integer(42), .integer(Int.min),
            .number(3.25), .number(-0.5), .string(""), .string("héllo\tworld"),
            .table([.integer(1): "a", .integer(2): "b"]), .table(["x": 1, "y": ["z": true]]),
        ]
    }

    /// Each kind goes through a Lua identity function and comes back equal.
    @Test(arguments: 0..<11)
    func roundTripsThroughLua(sample: Int) throws {
        let value = Self.samples[sample]
        let lua = try LuaState()
        try lua.run("function identity(...) return ... end", chunkName: "@identity.lua")
        expectEqual(try lua.call("identity", value), [value])
    }

    @Test func integersAndFloatsStayDistinct() throws {
        let lua = try LuaState()
        let results = try lua.run("return 1, 1.0, 2^53, 7 // 2, 7 / 2", chunkName: "=t")
        expectEqual(results, [.integer(1), .number(1.0), .number(9_007_199_254_740_992), .integer(3), .number(3.5)])
    }

    @Test func functionsComeBackAsReferencesAndCanBeCalled() throws {
        let lua = try LuaState()
        let results = try lua.run("return function(a, b) return a .. b end", chunkName: "=t")
        guard case .function(let add) = results.first else {
            Issue.record("expected a function, got \(results)")
            return
        }
        expectEqual(try lua.call(add, arguments: ["ab", "cd"]), ["abcd"])
        expectEqual(try lua.call(add, "x", "y", returning: String.self), "xy")
        // Passed back into Lua, it is the same function.
        try lua.setGlobal("f", .function(add))
        expectEqual(try lua.run("return f('1', '2')", chunkName: "=t"), ["12"])
    }

    @Test func lightUserdataRoundTrips() throws {
        let lua = try LuaState()
        let pointer = UnsafeMutableRawPointer(bitPattern: 0x1234)!
        try lua.run("function identity(...) return ... end", chunkName: "=t")
        expectEqual(try lua.call("identity", .lightUserdata(pointer)), [.lightUserdata(pointer)])
        try lua.setGlobal("p", .lightUserdata(pointer))
        expectEqual(try lua.run("return type(p)", chunkName: "=t"), ["userdata"])
    }

    @Test func nestedTablesBecomeArraysAndDictionaries() throws {
        let lua = try LuaState()
        let result = try lua.run(
            """
            return {
              name = "mail", version = 3, enabled = true,
              tags = { "inbox", "archive" },
              sizes = { small = 1, large = 2.5 },
              rows = { { id = 1 }, { id = 2 } },
            }
            """, chunkName: "@config.lua")[0]
        let fields = try #require(result.dictionaryValue)
        expectEqual(fields["name"], "mail")
        expectEqual(fields["version"]?.intValue, 3)
        expectEqual(fields["enabled"]?.boolValue, true)
        expectEqual([String](luaValue: fields["tags"]!), ["inbox", "archive"])
        expectEqual([String: Double](luaValue: fields["sizes"]!), ["small": 1, "large": 2.5])
        let rows = try #require(fields["rows"]?.arrayValue)
        expectEqual(rows.map { $0["id"] }, [1, 2])
        // Not a sequence: holes or non-integer keys.
        expectEqual(fields["sizes"]?.arrayValue, nil)
        expectEqual(try lua.run("return {1, nil, 3}", chunkName: "=t")[0].arrayValue, nil)
    }

    @Test func swiftCollectionsBecomeTables() throws {
        let lua = try LuaState()
        try lua.setGlobal("list", [10, 20, 30].luaValue)
        try lua.setGlobal("map", ["a": 1, "b": 2].luaValue)
        let result = try lua.run("return #list, list[3], map.a + map.b", chunkName: "=t")
        expectEqual(result, [3, 30, 3])
    }

    @Test func cyclicTablesAreRefusedNotLooped() throws {
        let lua = try LuaState()
        #expect(throws: LuaError.self) {
            try lua.run("local t = {} t.self = t return t", chunkName: "=t")
        }
        // Shared (acyclic) subtables are fine.
        let shared = try lua.run("local s = {1} return {a = s, b = s}", chunkName: "=t")[0]
        #expect(shared["a"] == [1] && shared["b"] == [1])
    }

    @Test func globalsAndFieldsReadAndWrite() throws {
        let lua = try LuaState()
        try lua.setGlobal("answer", 42)
        expectEqual(try lua.run("return answer + 1", chunkName: "=t"), [43])
        try lua.run("config = { depth = 2 }", chunkName: "=t")
        expectEqual(try lua.global("config")["depth"], 2)
        expectEqual(try lua.global("missing"), .nil)

        let table = try lua.newTable()
        try lua.setField("count", in: table, to: 7)
        try lua.setField(1, in: table, to: "first")
        try lua.setGlobal("t", .reference(table))
        expectEqual(try lua.run("t.count = t.count + 1 return t[1]", chunkName: "=t"), ["first"])
        expectEqual(try lua.field("count", in: table), 8)
        #expect(throws: LuaError.self) { try lua.setField(nil, in: table, to: 1) }
    }

    @Test func referencesFromAnotherStateAreRefused() throws {
        let one = try LuaState()
        let two = try LuaState()
        let table = try one.newTable()
        #expect(throws: LuaError.self) { try two.setGlobal("t", .reference(table)) }
    }
}
