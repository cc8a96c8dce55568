local native = ...
local getinfo = debug and debug.getinfo
local setmetatable, type, error = setmetatable, type, error

local function loader()
  local M = { _VERSION = "1.0" }
  local Driver = { __name = "swipe.table" }
  Driver.__index = Driver
  -- For the test runner's failure messages, the plugin errors of the drivers made since
  -- the last _reset(): those alive are held weakly (a dropped table is freed with its host
  -- and Lua states), those collected left their errors in `orphaned`.
  local recent = setmetatable({}, { __mode = "k" })
  local orphaned = {}
  local serial = 0

  local function check(ok, value)
    if not ok then error(value, 3) end
    return value
  end

  ---Makes a table over a fresh plugin host with its own virtual clock.
  function M.table(options)
    local host = check(native.new(options))
    serial = serial + 1
    local t = setmetatable({ _host = host }, Driver)
    recent[t] = { serial = serial }
    return t
  end

  ---Runs gesture script lines (the grammar of .swipe files).
  function Driver:run(script)
    if type(script) ~= "string" then
      error("bad argument #1 to 'run' (string expected, got " .. type(script) .. ")", 2)
    end
    local source, line = "=?", 0
    if getinfo then
      local info = getinfo(2, "Sl")
      source, line = info.source, info.currentline
    end
    local ok, message = native.run(self._host, script, source, line)
    if not ok then error(message, 0) end
    return self
  end

  function Driver:pan(row, xs, options)
    local r = check(native.pan(self._host, row, xs, options)); return r
  end
  function Driver:swipe(row, dx, ms)
    local r = check(native.swipe(self._host, row, dx, ms)); return r
  end
  function Driver:tap(row, button)
    local r = check(native.tap(self._host, row, button)); return r
  end
  function Driver:wait(ms) local r = check(native.wait(self._host, ms)); return r end
  function Driver:scroll(dy) local r = check(native.scroll(self._host, dy)); return r end
  function Driver:open(row) local r = check(native.open(self._host, row)); return r end
  function Driver:close(row) local r = check(native.close(self._host, row)); return r end
  function Driver:events(name) local r = check(native.events(self._host, name)); return r end
  function Driver:cell(row) local r = check(native.cell(self._host, row)); return r end
  function Driver:open_rows() local r = check(native.open_rows(self._host)); return r end
  function Driver:items() local r = check(native.items(self._host)); return r end
  function Driver:presented() local r = check(native.presented(self._host)); return r end
  function Driver:now() local r = check(native.now(self._host)); return r end
  function Driver:errors() local r = check(native.errors(self._host)); return r end
  function Driver:__tostring() return "swipe.table" end

  -- For test runners: forget the drivers made so far / the plugin errors of those made since.
  function M._reset()
    recent = setmetatable({}, { __mode = "k" })
    orphaned = {}
  end
  function M._plugin_errors()
    local made = {}
    for _, entry in ipairs(orphaned) do made[#made + 1] = entry end
    for t, entry in pairs(recent) do
      made[#made + 1] = { serial = entry.serial, errors = check(native.errors(t._host)) }
    end
    table.sort(made, function(a, b) return a.serial < b.serial end)
    local list = {}
    for _, entry in ipairs(made) do
      for _, e in ipairs(entry.errors) do list[#list + 1] = e end
    end
    return list
  end

  -- A table collected during a test keeps its plugin errors for the failure message (a
  -- finalized key is still in a weak-keyed table while its finalizer runs).
  function Driver:__gc()
    local entry = recent[self]
    if entry == nil then return end
    local ok, errors = native.errors(rawget(self, "_host"))
    if ok and #errors > 0 then
      orphaned[#orphaned + 1] = { serial = entry.serial, errors = errors }
    end
  end
  return M
end

package.preload.swipe = loader
