-- luacheck's configuration (https://luacheck.readthedocs.io). scripts/test.sh runs
--   luacheck plugins spec Sources/*/Lua
-- and fails on any warning. Each kind of Lua file gets the globals the host really gives it.

max_line_length = 120 -- as .swift-format's lineLength
self = false -- a method need not use its implicit self (metamethods, the API stubs)

-- What a plugin sees: Lua 5.4 in the sandbox (LuaState+Sandbox.swift), with no io, dofile,
-- loadfile or string.dump, a debug with traceback only, os on the virtual clock and a require
-- limited to the plugin path.
stds.swipehost_plugin = {
  read_globals = {
    "_G", "_VERSION", "assert", "collectgarbage", "error", "getmetatable", "ipairs", "load", "next",
    "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select",
    "setmetatable", "tonumber", "tostring", "type", "warn", "xpcall",
    "coroutine", "math", "table", "utf8",
    string = {
      fields = {
        "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize",
        "rep", "reverse", "sub", "unpack", "upper",
      },
    },
    os = { fields = { "clock", "date", "difftime", "time" } },
    debug = { fields = { "traceback" } },
    package = { fields = { "config", "loaded", "path", "preload" } },
  },
}

-- What a spec sees besides Lua 5.4: the busted API that `swipehost test` implements
-- (Sources/SwipeTesting/Lua/test_framework.lua), which busted itself has too.
stds.swipehost_busted = {
  read_globals = {
    "describe", "context", "insulate", "expose", "it", "pending", "finally",
    "before_each", "after_each", "setup", "lazy_setup", "strict_setup", "teardown", "lazy_teardown",
    "strict_teardown", "spy", "stub", "match", "mock", "spec", "test",
    assert = { other_fields = true }, -- luassert's chains: assert.are.same, assert.is_not.truthy, ...
  },
}

-- A handler's parameters are the plugin API's (plugins/meta/swipehost.lua); a handler may
-- leave any of them unused.
local handler_parameters = { "212/ctx", "212/row", "212/button", "212/host" }

std = "lua54"

files["plugins/"] = { std = "swipehost_plugin", ignore = handler_parameters }
-- LuaLS annotations: empty stubs whose parameters document the API, read by editors only.
files["plugins/meta/"] = { std = "swipehost_plugin", unused = false }
-- The busted API's annotations define the globals a spec reads.
files["plugins/meta/busted.lua"] = { std = "lua54", globals = stds.swipehost_busted.read_globals, unused = false }
files["spec/"] = { std = "lua54+swipehost_busted" }
files["spec/fixtures/"] = { std = "swipehost_plugin", ignore = handler_parameters }
-- The ctx prelude runs in each plugin's sandbox; the test framework and the swipe module run
-- in the spec's state, which has the whole standard library.
files["Sources/SwipePlugins/Lua/"] = { std = "swipehost_plugin" }
-- The runtime's preludes (LuaState+Sandbox.swift) run first in a fresh state with the whole
-- standard library and replace what the sandbox (or trusted mode's print) takes away. Both
-- receive the same arguments (host, seed, epoch, redirect) and need not use all of them.
files["Sources/LuaRuntime/Lua/trusted_prelude.lua"] = {
  std = "lua54", globals = { "print" }, ignore = { "211/seed", "211/epoch" },
}
files["Sources/LuaRuntime/Lua/sandbox_prelude.lua"] = {
  std = "lua54",
  globals = {
    "io", "dofile", "loadfile", "debug", "print", "load", "collectgarbage", "os", "package", "require",
    string = { fields = { dump = { read_only = false } } },
  },
  -- load(chunk, chunkname, mode, env) and collectgarbage(option, ...) keep Lua's signatures.
  ignore = { "212/mode", "212/%.%.%." },
}

-- The test fixtures are deliberately broken Lua; builds are not ours to check.
exclude_files = { "Tests/**/Fixtures/**", "**/.build/**", "**/.build-*/**", "**/.build_*/**" }
