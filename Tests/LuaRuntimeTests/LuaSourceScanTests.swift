import LuaRuntime
import SwipeTestSupport
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
        expectEqual(Self.line(source), 13)
    }

    @Test func countsLinesAsLuaDoes() {
        expectEqual(Self.line("local a = 1\r\nlocal b = 2\n\rreturn {}\n"), 3)
        expectEqual(Self.line("local a = 1\rreturn {}"), 2)
    }

    @Test func aChunkThatReturnsOnlyInsideABlockHasNoLine() {
        expectEqual(Self.line("if x then return {} end"), nil)
        expectEqual(Self.line("do return {} end"), nil)
        expectEqual(Self.line("local t = {}"), nil)
    }

    /// A field's name written `KEY =` in a table constructor: not in comments or strings, not
    /// `t.KEY =` or `KEY ==`, and only within the lines asked.
    @Test func findsTheLinesAFieldIsWrittenOn() {
        let source = """
            -- titel = 1
            local s = "titel = 2"
            t.titel = 3
            if titel == 4 then end
            return { titel = 5, x = { titel
              = 6 } }
            local u = { titel = 7 }
            """
        expectEqual(LuaSourceScan.fieldLines(of: "titel", in: Array(source.utf8), within: 1...6), [5])
        expectEqual(LuaSourceScan.fieldLines(of: "titel", in: Array(source.utf8), within: 1...7), [5, 7])
        expectEqual(LuaSourceScan.fieldLines(of: "title", in: Array(source.utf8), within: 1...7), [])
    }
}
