import Foundation
import SwipeTestSupport
import Testing

@testable import SwipePlugins

/// `ctx`'s prelude is `Sources/SwipePlugins/Lua/ctx_prelude.lua`, compiled into the binary.
struct ContextPreludeTests {
    let fixtures = Fixtures()

    @Test func theEmbeddedSourceIsTheLuaFile() throws {
        let file = Repository.path("Sources/SwipePlugins/Lua/ctx_prelude.lua")
        expectEqual(PluginHost.contextPrelude, (try String(contentsOfFile: file, encoding: .utf8)))
    }

    /// What the prelude does: `ctx.now` reads the clock, `ctx` is read-only and hides its metatable.
    @Test func ctxIsReadOnlyAndHidesItsMetatable() throws {
        let host = try fixtures.host(
            plugin(
                """
                on_action = function(ctx)
                  local ok, err = pcall(function() ctx.now = 1 end)
                  ctx:log(ctx.now, getmetatable(ctx), ok, err)
                end
                """))
        try host.open(1)
        try host.table.tap(row: 1, button: 1)
        expectEqual(
            host.messages("log"),
            [
                "0\tfalse\tfalse\t\(fixtures.chunk("p.lua")):2: ctx is read-only (cannot set 'now')"
            ])
    }
}
