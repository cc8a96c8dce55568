import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaErrorTests {
    @Test func syntaxErrorNamesFileAndLine() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) {
            try lua.load("local x = 1\nlocal y = = 2\n", chunkName: "@plugins/mail.lua")
        }
        expectEqual(error.kind, .syntax)
        expectEqual(error.chunk, "plugins/mail.lua")
        expectEqual(error.line, 2)
        #expect(error.message.hasPrefix("plugins/mail.lua:2: unexpected symbol near '='"))
    }

    @Test func runtimeErrorHasFileLineAndTraceback() throws {
        let lua = try LuaState()
        try lua.run(
            """
            local function inner()
              local t = nil
              return t.field
            end
            function on_action()
              local value = inner()
              return value
            end
            """, chunkName: "@plugins/mail.lua")
        let error = try #require(throws: LuaError.self) { try lua.call("on_action") }
        expectEqual(error.kind, .runtime)
        expectEqual(error.chunk, "plugins/mail.lua")
        expectEqual(error.line, 3)
        expectEqual(error.message, "plugins/mail.lua:3: attempt to index a nil value (local 't')")
        let traceback = try #require(error.traceback)
        #expect(traceback.hasPrefix("stack traceback:"))
        #expect(traceback.contains("\n\tplugins/mail.lua:3: in upvalue 'inner'\n"))
        #expect(traceback.contains("plugins/mail.lua:6: in function 'on_action'"))
    }

    @Test func errorWithTableValueIsDescribed() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) {
            try lua.run("error({ code = 1 })", chunkName: "=t")
        }
        expectEqual(error.message, "(error object is a table value)")
    }

    @Test func swiftErrorIsCaughtByLuaPcallWithItsMessage() throws {
        struct MailboxClosed: Error, CustomStringConvertible {
            var description: String { "mailbox is closed" }
        }
        let lua = try LuaState()
        try lua.register("archive") { _ in throw MailboxClosed() }
        try lua.register("fail") { _ in throw LuaError.runtime("custom failure") }
        let results = try lua.run(
            """
            local ok1, e1 = pcall(archive, 1)
            local ok2, e2 = pcall(function() fail() end)
            return ok1, e1, ok2, e2, "still running"
            """, chunkName: "@plugins/mail.lua")
        expectEqual(results[0], false)
        expectEqual(results[1], "mailbox is closed")  // called by pcall directly: no Lua caller line
        expectEqual(results[2], false)
        expectEqual(results[3], "plugins/mail.lua:2: custom failure")
        expectEqual(results[4], "still running")
    }

    @Test func swiftErrorUncaughtSurfacesAsLuaError() throws {
        let lua = try LuaState()
        try lua.register("fail") { _ in throw LuaError.runtime("disk full") }
        let error = try #require(throws: LuaError.self) {
            try lua.run("\nfail()", chunkName: "@plugins/mail.lua")
        }
        expectEqual(error.kind, .runtime)
        expectEqual(error.message, "plugins/mail.lua:2: disk full")
        expectEqual(error.line, 2)
    }

    @Test func badArgumentToSwiftFunctionReadsLikeLua() throws {
        let lua = try LuaState()
        var taps: [(Int, Double)] = []
        try lua.register("tap") { args in
            taps.append((try args.integer(1), try args.number(2)))
            return []
        }
        try lua.run("function go() tap(1, 2.5) tap(3, 'x') end", chunkName: "@plugins/mail.lua")
        let error = try #require(throws: LuaError.self) { try lua.call("go") }
        expectEqual(error.kind, .type)
        expectEqual(error.message, "plugins/mail.lua:1: bad argument #2 to 'tap' (number expected, got string)")
        #expect(taps.count == 1 && taps[0] == (1, 2.5))

        let caught = try lua.run("return select(2, pcall(function() tap(1) end))", chunkName: "@t.lua")
        expectEqual(caught, ["t.lua:1: bad argument #2 to 'tap' (number expected, got no value)"])
        let inTable = try lua.newTable()
        try lua.register("tap", in: inTable) { args in [.integer(try args.integer(1))] }
        try lua.setGlobal("host", .reference(inTable))
        let viaField = try lua.run("return select(2, pcall(function() host.tap(1.5) end))", chunkName: "@t.lua")
        expectEqual(viaField, ["t.lua:1: bad argument #1 to 'tap' (number has no integer representation)"])
    }

    @Test func stateStaysUsableAfterErrors() throws {
        let lua = try LuaState()
        try lua.run("function add(a, b) return a + b end", chunkName: "=t")
        #expect(throws: LuaError.self) { try lua.call("add", 1, "x") }
        #expect(throws: LuaError.self) { try lua.call("nope") }
        expectEqual(try lua.call("add", 1, 2), [3])
    }
}
