/// Setting up the environment: the sandbox (default) or trusted mode.
///
/// Both run a Lua prelude once, at creation, with host functions passed as
/// chunk arguments (so scripts cannot reach them). See docs/lua-runtime.md
/// for the table of what the sandbox allows and refuses.
extension LuaState {
    func installEnvironment() throws {
        let log = options.log
        let clock = options.virtualMilliseconds
        var search = LuaModuleSearch(roots: ([options.pluginFolder].compactMap { $0 }) + options.pluginPath)
        if let reader = options.readModule { search.read = reader }
        let host = try newTable(label: "host")
        try setField(
            "log", in: host,
            to: function("print") { arguments in
                let line = arguments.first?.stringValue ?? ""
                if let log { log(line) } else { print(line) }
                return []
            })
        try setField("now", in: host, to: function("clock") { _ in [.integer(clock())] })
        try setField(
            "search", in: host,
            to: function("require") { arguments in
                switch search.find(try arguments.string(1)) {
                case .success(let module): [.string(module.source), .string(module.chunkName)]
                case .failure(let message): [.nil, .string(message.text)]
                }
            })
        try setField("path", in: host, to: .string(search.pathDescription))
        if options.sandbox {
            releasePendingReferences()
            guard api.openSandbox(host: host.slot) == LuaCode.ok else {
                throw LuaError(.memory, "cannot install the sandbox's functions")
            }
        }
        let prelude = options.sandbox ? Self.sandboxPrelude : Self.trustedPrelude
        let chunk = try load(prelude, chunkName: "=LuaRuntime")
        try call(
            chunk,
            arguments: [
                .reference(host), .integer(options.randomSeed), .integer(options.epoch), .boolean(log != nil),
            ])
    }

    /// Trusted mode: the full standard library; only `print` may be redirected. The text is
    /// `Lua/trusted_prelude.lua`, compiled into the binary.
    static let trustedPrelude = String(decoding: PackageResources.trusted_prelude_lua, as: UTF8.self)

    /// The sandbox. Runs once in a fresh state after luaL_openlibs. The text is
    /// `Lua/sandbox_prelude.lua`, compiled into the binary.
    static let sandboxPrelude = String(decoding: PackageResources.sandbox_prelude_lua, as: UTF8.self)
}
