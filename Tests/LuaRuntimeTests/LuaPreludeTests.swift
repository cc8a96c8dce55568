import Foundation
import SwipeTestSupport
import Testing

@testable import LuaRuntime

/// The sandbox's and trusted mode's preludes are `Sources/LuaRuntime/Lua/*.lua`, compiled into
/// the binary, and run under the chunk name `=LuaRuntime` (which tracebacks show).
struct LuaPreludeTests {
    static func file(_ name: String) throws -> String {
        try Repository.text("Sources/LuaRuntime/Lua/\(name)")
    }

    @Test func theEmbeddedPreludesAreTheLuaFiles() throws {
        expectEqual(LuaState.sandboxPrelude, (try Self.file("sandbox_prelude.lua")))
        expectEqual(LuaState.trustedPrelude, (try Self.file("trusted_prelude.lua")))
    }

    /// The sandbox's `require` is the prelude's, at its line 61 (`loader(name, extra)`).
    @Test func theSandboxPreludeRunsUnderItsChunkName() throws {
        let lua = try LuaState(options: .sandboxed)
        let result = try lua.run(
            "package.preload.m = function() return debug.traceback('here', 1) end return require('m')",
            chunkName: "=t")
        expectEqual(
            result,
            [
                .string(
                    "here\nstack traceback:\n\tt:1: in local 'loader'\n\tLuaRuntime:61: in function 'require'\n\t(...tail calls...)"
                )
            ])
    }

    /// Trusted mode's `print` goes to the log through the prelude's function, at its line 6.
    @Test func theTrustedPreludeRunsUnderItsChunkName() throws {
        var options = LuaOptions.trusted
        var lines: [String] = []
        options.log = { lines.append($0) }
        let lua = try LuaState(options: options)
        try lua.run("print('a', 1, nil)", chunkName: "=t")
        expectEqual(lines, ["a\t1\tnil"])
        let error = #expect(throws: LuaError.self) {
            try lua.run("print(setmetatable({}, { __tostring = function() error('boom') end }))", chunkName: "=t")
        }
        expectEqual(error?.message, "t:1: boom")
        expectEqual(error?.traceback?.contains("\n\tLuaRuntime:6: in function 'print'\n"), true)
    }

    /// `luacheck` (Debian's lua-check) runs clean over the plugins, the specs and every embedded
    /// .lua file, with the repository's `.luacheckrc`: what scripts/test.sh runs.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/luacheck")))
    func luacheckIsCleanOverTheEmbeddedLua() throws {
        let result = try Swipehost.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            ["-c", "/usr/bin/luacheck --no-color plugins spec Sources/*/Lua"])
        let text = result.stdout
        expectEqual(result.status, 0, "\(text)\(result.stderr)")
        for file in [
            "LuaRuntime/Lua/sandbox_prelude.lua", "LuaRuntime/Lua/trusted_prelude.lua",
            "SwipePlugins/Lua/ctx_prelude.lua", "SwipeTesting/Lua/test_framework.lua",
            "SwipeTesting/Lua/swipe_module.lua",
        ] {
            #expect(text.contains("Checking Sources/\(file)"), "luacheck did not check \(file)")
        }
        #expect(text.contains("Total: 0 warnings / 0 errors"))
    }
}
