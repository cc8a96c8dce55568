import Foundation
import LuaRuntime
import SwipeTestSupport
import Testing

@testable import SwipeTesting

/// The Lua the test runner runs itself is `Sources/SwipeTesting/Lua/*.lua`, compiled into the
/// binary, and keeps its chunk names (which tell its frames from the spec's).
struct EmbeddedLuaTests {
    /// `Sources/SwipeTesting/Lua/<name>` in the repository.
    static func file(_ name: String) throws -> String {
        try Repository.text("Sources/SwipeTesting/Lua/\(name)")
    }

    @Test func theEmbeddedSourcesAreTheLuaFiles() throws {
        expectEqual(TestFramework.source, (try Self.file("test_framework.lua")))
        expectEqual(SwipeModule.source, (try Self.file("swipe_module.lua")))
    }

    @Test func theyLoadUnderTheirChunkNames() throws {
        let lua = try LuaState(options: .trusted)
        try SwipeModule.install(in: lua)
        let framework = try lua.load(TestFramework.source, chunkName: TestFramework.chunkName)
        guard case .table(let runner)? = try lua.call(framework, arguments: []).first else {
            Issue.record("the test framework did not return its runner")
            return
        }
        expectEqual(runner["plan"]?.typeName, "function")
        let sources = try lua.run(
            "return debug.getinfo(describe, 'S').source, debug.getinfo(require('swipe').table, 'S').source",
            chunkName: "=test")
        expectEqual(sources, [.string("=swipe/test"), .string("=swipe")])
    }
}
