local native = ...
local getinfo = debug and debug.getinfo
local setmetatable, type, error = setmetatable, type, error

local function loader()
  local M = { _VERSION = "1.0" }
  local Driver = { __name = "swipe.table" }
  Driver.__index = Driver
  -- For the test runner, the plugin errors of the drivers made since the last _reset():
  -- those alive are held weakly (a dropped table is freed with its host and Lua states),
  -- those collected left their errors in `orphaned`. Each entry knows whether its table
  -- allows plugin errors (`plugin_errors = "allow"`), how many of them the test has looked
  -- at (`seen`: t:errors(), t:events() or t:events("plugin_error") look at all so far), and
  -- the spec line of the call during which each happened (`places`).
  local recent = setmetatable({}, { __mode = "k" })
  local orphaned = {}
  local serial = 0

  local function check(ok, value)
    if not ok then error(value, 3) end
    return value
  end

  -- The spec's place `level` frames above the caller of this function.
  local function place(level)
    if not getinfo then return "?" end
    local info = getinfo(level + 1, "Sl")
    if info == nil then return "?" end
    local file = info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src
    return file .. ":" .. (info.currentline or 0)
  end

  -- Notes the spec line of the call (two frames up: the method's caller) for the plugin
  -- errors it caused.
  local function note(t)
    local entry = recent[t]
    if entry == nil then return end
    local ok, count = native.error_count(rawget(t, "_host"))
    if not ok or count <= entry.noted then return end
    local where = place(3)
    for i = entry.noted + 1, count do entry.places[i] = where end
    entry.noted = count
  end

  ---Makes a table over a fresh plugin host with its own virtual clock.
  function M.table(options)
    local source = getinfo and getinfo(2, "S").source or nil
    local host = check(native.new(options, source))
    serial = serial + 1
    local t = setmetatable({ _host = host }, Driver)
    local allow = type(options) == "table" and options.plugin_errors == "allow"
    recent[t] = { serial = serial, allow = allow, seen = 0, noted = 0, places = {} }
    note(t)
    return t
  end

  -- A driver table over a host made elsewhere (swipehost explore's runs, for --check
  -- functions): not counted among the spec's tables.
  function M._wrap(host) return setmetatable({ _host = host }, Driver) end

  ---Explores the table's plugins with generated gesture scripts (swipehost explore), calling
  ---`check(t)` after every step; a failure is an error with the minimal script in its message.
  function M.explore(options)
    local fn = type(options) == "table" and options.check or nil
    if fn ~= nil and type(fn) ~= "function" then
      error("swipe.explore: 'check' must be a function(t), got a " .. type(fn), 2)
    end
    local begin, call
    if fn ~= nil then
      local t
      begin = function(host) t = M._wrap(host) end
      call = function(f) f(t) end
    end
    local source = getinfo and getinfo(2, "S").source or nil
    local r = check(native.explore(options, begin, call, fn, source))
    return r
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
    note(self)
    if not ok then error(message, 0) end
    return self
  end

  -- An action: what it returns, once the plugin errors it caused are noted.
  local function act(t, ok, value)
    note(t)
    if not ok then error(value, 2) end -- act is tail-called: level 2 is the spec
    return value
  end

  function Driver:pan(row, xs, options) return act(self, native.pan(self._host, row, xs, options)) end
  function Driver:swipe(row, dx, ms) return act(self, native.swipe(self._host, row, dx, ms)) end
  function Driver:tap(row, button) return act(self, native.tap(self._host, row, button)) end
  function Driver:wait(ms) return act(self, native.wait(self._host, ms)) end
  function Driver:scroll(dy) return act(self, native.scroll(self._host, dy)) end
  function Driver:open(row, side) return act(self, native.open(self._host, row, side)) end
  function Driver:close(row) return act(self, native.close(self._host, row)) end
  function Driver:activate(row, id) return act(self, native.activate(self._host, row, id)) end

  -- The test has looked at the plugin errors so far.
  local function looked(t)
    local entry = recent[t]
    if entry == nil then return end
    note(t)
    entry.seen = entry.noted
  end

  function Driver:events(name)
    local r = check(native.events(self._host, name))
    if name == nil or name == "plugin_error" then looked(self) end
    return r
  end
  function Driver:cell(row) local r = check(native.cell(self._host, row)); return r end
  function Driver:actions(row) local r = check(native.actions(self._host, row)); return r end
  function Driver:open_rows() local r = check(native.open_rows(self._host)); return r end
  function Driver:items() local r = check(native.items(self._host)); return r end
  function Driver:count() local r = check(native.count(self._host)); return r end
  function Driver:index(id) local r = check(native.index(self._host, id)); return r end
  function Driver:presented() local r = check(native.presented(self._host)); return r end
  function Driver:now() local r = check(native.now(self._host)); return r end
  function Driver:invariants() local r = check(native.invariants(self._host)); return r end
  function Driver:errors()
    local r = check(native.errors(self._host))
    looked(self)
    return r
  end
  ---The SVG `swipehost render` draws for the gestures so far (replayed on a fresh table).
  function Driver:render(options) local r = check(native.render(self._host, options)); return r end
  function Driver:__tostring() return "swipe.table" end

  -- For test runners: forget the drivers made so far / the plugin errors of those made since.
  function M._reset()
    recent = setmetatable({}, { __mode = "k" })
    orphaned = {}
  end
  -- The lists under `key` of the entries `made`, one after the other in the order the
  -- tables were made (their `serial`).
  local function in_order(made, key)
    table.sort(made, function(a, b) return a.serial < b.serial end)
    local list = {}
    for _, entry in ipairs(made) do
      for _, e in ipairs(entry[key]) do list[#list + 1] = e end
    end
    return list
  end

  function M._plugin_errors()
    local made = {}
    for _, entry in ipairs(orphaned) do made[#made + 1] = entry end
    for t, entry in pairs(recent) do
      made[#made + 1] = { serial = entry.serial, errors = check(native.errors(t._host)) }
    end
    return in_order(made, "errors")
  end

  -- The plugin errors the test did not expect, in order, each with `place`: the spec line of
  -- the call during which it happened. A table made with plugin_errors = "allow" expects all
  -- of its errors; the others, those the test looked at (see `recent`).
  function M._unexpected_errors()
    local made = {}
    for _, entry in ipairs(orphaned) do
      if entry.unexpected and #entry.unexpected > 0 then made[#made + 1] = entry end
    end
    for t, entry in pairs(recent) do
      if not entry.allow then
        local errors = check(native.errors(t._host))
        local list = {}
        for i = entry.seen + 1, #errors do
          local e = errors[i]
          -- A summary of repeated configure errors is made now: the last call's place.
          e.place = entry.places[i] or entry.places[entry.noted] or "?"
          list[#list + 1] = e
        end
        made[#made + 1] = { serial = entry.serial, unexpected = list }
      end
    end
    return in_order(made, "unexpected")
  end

  -- A table collected during a test keeps its plugin errors for the failure message (a
  -- finalized key is still in a weak-keyed table while its finalizer runs, and stays there
  -- until the next collection: the entry is removed here, or its errors would be counted a
  -- second time, from `recent`, by a report made before that collection).
  function Driver:__gc()
    local entry = recent[self]
    if entry == nil then return end
    recent[self] = nil
    local ok, errors = native.errors(rawget(self, "_host"))
    if ok and #errors > 0 then
      local unexpected = {}
      if not entry.allow then
        for i = entry.seen + 1, #errors do
          errors[i].place = entry.places[i] or entry.places[entry.noted] or "?"
          unexpected[#unexpected + 1] = errors[i]
        end
      end
      orphaned[#orphaned + 1] = { serial = entry.serial, errors = errors, unexpected = unexpected }
    end
  end
  return M
end

package.preload.swipe = loader
