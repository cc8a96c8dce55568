import LuaRuntime

/// The sandbox: the bytes as a Lua chunk, run in a sandboxed state with a small instruction
/// budget and memory cap. It may succeed or fail, but every failure is a typed `LuaError`, never
/// a crash or a hang, and the state stays usable afterwards.
enum SandboxTarget {
    static func run(_ data: [UInt8]) {
        var options = LuaOptions.sandboxed
        options.instructionBudget = 20_000
        options.memoryLimit = 2 * 1024 * 1024
        let lua: LuaState
        do {
            lua = try LuaState(options: options)
        } catch {
            fuzzFailure("a fresh sandboxed state failed: \(error)")
        }
        let source = String(decoding: data, as: UTF8.self)
        do {
            let chunk = try lua.load(source, chunkName: "=fuzz")
            _ = try lua.call(chunk, arguments: [])
        } catch let error as LuaError {
            if error.message.isEmpty && error.kind != .memory { fuzzFailure("a \(error.kind) error without a message") }
        } catch {
            fuzzFailure("an untyped error: \(type(of: error)): \(error)")
        }
        do {
            let after = try lua.run("return 1 + 1", chunkName: "=after")
            guard case .integer(2)? = after.first else { fuzzFailure("the state answers \(after) after the chunk") }
        } catch {
            fuzzFailure("the state is unusable after the chunk: \(error)")
        }
    }
}
