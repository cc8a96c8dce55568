import LuaRuntime
import Testing

struct LuaSourceScanTests {
    static func line(_ source: String) -> Int? {
        LuaSourceScan.returnLine(of: Array(source.utf8))
    }

    @Test func findsTheChunksOwnReturnPastFunctionsStringsAndComments() {
        let source = """
            local function helper(x)
              if x then return 1 end
              while false do return end
              repeat local y = 2 until y
              return 2
            end
            -- return { in a comment }
            --[==[ return
            ]==]
            local s = [[
            return ]] .. "return \\" return" .. 'end'
            local M = { ["end"] = 0x1e, n = 1e-5 }
            return M
            """
        #expect(Self.line(source) == 13)
    }

    @Test func countsLinesAsLuaDoes() {
        #expect(Self.line("local a = 1\r\nlocal b = 2\n\rreturn {}\n") == 3)
        #expect(Self.line("local a = 1\rreturn {}") == 2)
    }

    @Test func aChunkThatReturnsOnlyInsideABlockHasNoLine() {
        #expect(Self.line("if x then return {} end") == nil)
        #expect(Self.line("do return {} end") == nil)
        #expect(Self.line("local t = {}") == nil)
    }
}
