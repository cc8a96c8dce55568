import LuaRuntime

/// The reference of `replay.vs_plain_lua`: the tutorial's cell and table, and
/// `plugins/tutorial.lua`'s action, written in plain Lua (`Lua/plain_tutorial.lua`, compiled into
/// the binary), run by the same embedded Lua 5.4 as plugins: what a user without swipehost would
/// write. It replays the lines the benchmark's scripts use and returns the jsonl `swipehost run
/// --format jsonl --plugin plugins/tutorial.lua` prints for them.
///
/// The state is trusted (no sandbox, as a plain `lua` would run it), with no instruction budget
/// and no memory cap: plain Lua at its own speed.
public final class PlainLuaReplay {
    let lua: LuaState
    let replayFunction: LuaRef

    public init() throws {
        var options = LuaOptions()
        options.sandbox = false
        options.instructionBudget = 0
        options.memoryLimit = 0
        lua = try LuaState(options: options)
        let source = String(decoding: PackageResources.plain_tutorial_lua, as: UTF8.self)
        guard
            case .function(let function)? = try lua.run(source, chunkName: "@Sources/SwipeBench/Lua/plain_tutorial.lua")
                .first
        else {
            throw BenchError(message: "plain_tutorial.lua did not return a function")
        }
        replayFunction = function
    }

    /// The jsonl of replaying `script`; a line it does not support is an error.
    public func replay(_ script: String) throws -> String {
        let result = try lua.call(replayFunction, arguments: [.string(script)])
        guard case .string(let jsonl)? = result.first else {
            throw BenchError(message: "plain_tutorial.lua returned no text")
        }
        return jsonl
    }
}
