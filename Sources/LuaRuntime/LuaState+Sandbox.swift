/// Setting up the environment: the sandbox (default) or trusted mode.
///
/// Both run a Lua prelude once, at creation, with host functions passed as
/// chunk arguments (so scripts cannot reach them). See docs/lua-runtime.md
/// for the table of what the sandbox allows and refuses.
extension LuaState {
    func installEnvironment() throws {
        let log = options.log
        let clock = options.virtualMilliseconds
        let search = LuaModuleSearch(roots: ([options.pluginFolder].compactMap { $0 }) + options.pluginPath)
        let host = try newTable(label: "host")
        try setField("log", in: host, to: function("print") { arguments in
            let line = arguments.first?.stringValue ?? ""
            if let log { log(line) } else { print(line) }
            return []
        })
        try setField("now", in: host, to: function("clock") { _ in [.integer(clock())] })
        try setField("search", in: host, to: function("require") { arguments in
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
        try call(chunk, arguments: [
            .reference(host), .integer(options.randomSeed), .integer(options.epoch), .boolean(log != nil),
        ])
    }

    /// Trusted mode: the full standard library; only `print` may be redirected.
    static let trustedPrelude = """
        local host, seed, epoch, redirect = ...
        if redirect then
          local log, select, tostring, concat = host.log, select, tostring, table.concat
          function print(...)
            local parts = {}
            for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
            log(concat(parts, "\\t"))
          end
        end
        """

    /// The sandbox. Runs once in a fresh state after luaL_openlibs.
    static let sandboxPrelude = """
        local host, seed, epoch = ...
        local G = _G
        local type, select, tostring, error = type, select, tostring, error
        local real_load, real_collect = load, collectgarbage
        local concat = table.concat
        local log, now, search = host.log, host.now, host.search

        -- No files, no processes, no bytecode, no introspection.
        io, dofile, loadfile = nil, nil, nil
        string.dump = nil
        debug = { traceback = debug.traceback }
        getmetatable("").__metatable = false

        function print(...)
          local parts = {}
          for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
          log(concat(parts, "\\t"))
        end

        function load(chunk, chunkname, mode, ...)
          if select("#", ...) == 0 then return real_load(chunk, chunkname, "t") end
          return real_load(chunk, chunkname, "t", (...))
        end

        function collectgarbage(option, ...)
          if option == "count" then return real_collect("count") end
          error("collectgarbage('" .. tostring(option or "collect") .. "') is not allowed in the sandbox", 2)
        end

        -- math.randomseed() with no argument reseeds with `seed` (a C function: sandbox.c).
        host.seed_random(seed)

        -- os: the host's virtual clock, always UTC. date and time are C functions (sandbox.c)
        -- so that their errors read as Lua's own, at the caller's position.
        local vos = { difftime = os.difftime }
        function vos.clock() return now() / 1000 end
        host.virtual_os(vos, function() return epoch + now() // 1000 end)
        os = vos

        -- require: Lua files from the plugin folder and plugin path only.
        local loaded = {
          _G = G, string = string, table = table, math = math, utf8 = utf8,
          coroutine = coroutine, os = os, debug = debug,
        }
        local preload = {}
        package = { loaded = loaded, preload = preload, path = host.path, config = package.config }
        loaded.package = package
        function require(name)
          if type(name) ~= "string" then
            error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
          end
          local value = loaded[name]
          if value ~= nil then return value end
          local loader, extra = preload[name], ":preload:"
          if loader == nil then
            local source, chunkname = search(name)
            if source == nil then error("module '" .. name .. "' not found:" .. chunkname, 2) end
            local f, message = real_load(source, "@" .. chunkname, "t")
            if f == nil then
              error("error loading module '" .. name .. "' from file '" .. chunkname .. "':\\n\\t" .. message, 2)
            end
            loader, extra = f, chunkname
          end
          local result = loader(name, extra)
          if result ~= nil then loaded[name] = result
          elseif loaded[name] == nil then loaded[name] = true end
          return loaded[name]
        end
        """
}
