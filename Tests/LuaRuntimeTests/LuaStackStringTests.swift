import LuaRuntime
import SwipeTestSupport
import Testing

/// The reuse of `String`s made from long Lua strings read by stack functions.
struct LuaStackStringTests {
    final class Box<T> {
        var value: T
        init(_ value: T) { self.value = value }
    }

    /// Long strings read by a stack function come out right whatever Lua reused: 2,000 strings
    /// made and dropped (so their addresses come round again with other bytes), and a literal
    /// read again and again.
    @Test func longStringsReadByStackFunctionsAreAlwaysTheirOwnBytes() throws {
        let lua = try LuaState()
        let object = try lua.newTable(label: "obj")
        let seen = Box<[String]>([])
        try lua.registerStackFunction("f", in: object, method: false) { args in
            seen.value.append(try args.string(1))
            if let field = try args.stringField(2, "text") { seen.value.append(field) }
            return []
        }
        try lua.setGlobal("obj", .reference(object))
        try lua.run(
            """
            for i = 1, 1000 do
              local text = string.rep(string.char(65 + i % 26), 16 + i % 40) .. i
              obj.f("a literal longer than fifteen bytes", { text = text })
              obj.f(text .. "!")
              if i % 100 == 0 then collectgarbage("count") end
            end
            """, chunkName: "=t")
        var expected: [String] = []
        for i in 1...1000 {
            let text = String(repeating: String(UnicodeScalar(UInt8(65 + i % 26))), count: 16 + i % 40) + String(i)
            expected += ["a literal longer than fifteen bytes", text, text + "!"]
        }
        expectEqual(seen.value, expected)
    }

    @Test func stringFieldIsNilForAnythingButAStringField() throws {
        let lua = try LuaState()
        let object = try lua.newTable(label: "obj")
        let seen = Box<[String?]>([])
        try lua.registerStackFunction("f", in: object, method: false) { args in
            seen.value.append(try args.stringField(1, "title"))
            return []
        }
        try lua.setGlobal("obj", .reference(object))
        try lua.run("obj.f({ title = 'T' }); obj.f({ title = 3 }); obj.f({}); obj.f('x'); obj.f()", chunkName: "=t")
        expectEqual(seen.value, ["T", nil, nil, nil, nil])
    }
}
