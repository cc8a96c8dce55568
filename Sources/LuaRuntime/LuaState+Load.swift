/// Loading chunks.
extension LuaState {
    /// Compiles `source` without running it and returns the chunk's function.
    ///
    /// `chunkName` follows Lua: `"@plugins/mail.lua"` makes messages read
    /// `plugins/mail.lua:12: ...`; `"=name"` uses `name` as is. In the
    /// sandbox only text is accepted (a precompiled chunk is refused).
    /// - Throws: `LuaError` of kind `.syntax` (or `.memory`).
    public func load(_ source: String, chunkName: String) throws -> LuaRef {
        releasePendingReferences()
        guard api.checkStack(2) else { throw LuaError(.memory, "Lua stack overflow") }
        let base = api.top
        defer { api.setTop(base) }
        let suspended = runtime.pointee.cap_suspended
        runtime.pointee.cap_suspended = 0
        let status = api.load(source, chunkName: chunkName, mode: options.sandbox ? "t" : "bt")
        runtime.pointee.cap_suspended = suspended
        guard status == LuaCode.ok else {
            let text = api.type(at: -1) == LuaCode.string ? api.string(at: -1) : "cannot load"
            if status == LuaCode.memoryError { api.collectGarbage() }
            throw LuaError(fromLua: status == LuaCode.memoryError ? .memory : .syntax, text)
        }
        options.coverage?.noteSource(source, chunkName: chunkName)
        return makeReference(at: -1, type: .function, label: Self.displayName(ofChunk: chunkName))
    }

    /// Compiles and runs `source`; returns what the chunk returns.
    @discardableResult
    public func run(_ source: String, chunkName: String) throws -> [LuaValue] {
        try call(load(source, chunkName: chunkName), arguments: [])
    }

    /// The chunk name as Lua prints it in messages.
    static func displayName(ofChunk name: String) -> String {
        if name.hasPrefix("@") || name.hasPrefix("=") { return String(name.dropFirst()) }
        return "[string \"\(name.prefix(while: { $0 != "\n" }))\"]"
    }
}
