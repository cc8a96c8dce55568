import Foundation
import LuaRuntime
import SwipeTestSupport
import Testing

struct LuaTrustedTests {
    @Test func trustedModeHasTheFullStandardLibrary() throws {
        let lua = try LuaState(options: .trusted)
        let result = try lua.run(
            """
            return type(io.open), type(os.execute), type(os.getenv), type(debug.getinfo),
                   type(package.loadlib), type(string.dump), package.path ~= nil, package.cpath ~= nil
            """, chunkName: "=t")
        expectEqual(result, ["function", "function", "function", "function", "function", "function", true, true])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lua-trusted-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try lua.setGlobal("path", .string(file.path))
        try lua.run("local f = assert(io.open(path, 'w')) f:write('written by lua') f:close()", chunkName: "=t")
        expectEqual(try String(contentsOf: file, encoding: .utf8), "written by lua")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/lua/5.4/lfs.so")))
    func trustedModeLoadsCModulesFromTheDefaultCpath() throws {
        let lua = try LuaState(options: .trusted)
        let result = try lua.run(
            "local lfs = require 'lfs' return type(lfs.currentdir()), lfs.attributes('/', 'mode')", chunkName: "=t")
        expectEqual(result, ["string", "directory"])
    }

    @Test func sandboxOffKeepsBytecodeLoading() throws {
        let lua = try LuaState(options: .trusted)
        let result = try lua.run("return load(string.dump(function() return 7 end))()", chunkName: "=t")
        expectEqual(result, [7])
    }
}
