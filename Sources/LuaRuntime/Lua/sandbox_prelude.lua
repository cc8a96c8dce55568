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
  log(concat(parts, "\t"))
end

-- load is text only and charged by the size of its source (a C function: sandbox.c).

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
      error("error loading module '" .. name .. "' from file '" .. chunkname .. "':\n\t" .. message, 2)
    end
    loader, extra = f, chunkname
  end
  local result = loader(name, extra)
  if result ~= nil then loaded[name] = result
  elseif loaded[name] == nil then loaded[name] = true end
  return loaded[name]
end
