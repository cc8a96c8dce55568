-- The busted-compatible test API; TestFramework (Swift) loads it as "=swipe/test" and calls it
-- with its native functions (SpecRunner.native: `snapshot`), or none outside swipehost test.
local native = ...
local type, pairs, ipairs, tostring, select, error, pcall, xpcall, rawget, rawequal =
  type, pairs, ipairs, tostring, select, error, pcall, xpcall, rawget, rawequal
local setmetatable, getmetatable, next = setmetatable, getmetatable, next
local concat, sort, insert, unpack, pack = table.concat, table.sort, table.insert, table.unpack, table.pack
local getinfo, traceback = debug.getinfo, debug.traceback
-- This chunk's source name, to tell its frames from the spec's.
local FRAMEWORK = getinfo(1, "S").source

-- The spec's place: the first Lua frame outside this file and the swipe module.
local function spec_frame()
  local level = 2
  while true do
    local info = getinfo(level, "Sl")
    if info == nil then return "?", 0 end
    if info.source ~= FRAMEWORK and info.source ~= "=swipe" and info.what ~= "C" then
      local file = info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src
      return file, info.currentline or 0
    end
    level = level + 1
  end
end

local function where()
  local file, line = spec_frame()
  return file .. ":" .. line
end

---------------------------------------------------------------- values and diffs
local function is_identifier(key)
  return type(key) == "string" and key:match("^[%a_][%w_]*$") ~= nil
end

local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  sort(keys, key_order)
  return keys
end

-- A string in a described value shows its first DESCRIBED_STRING bytes, then `…(N bytes)`.
local DESCRIBED_STRING = 200

local function literal(v)
  if type(v) == "string" then
    if #v > DESCRIBED_STRING then
      local shown = string.format("%q", v:sub(1, DESCRIBED_STRING))
      return shown .. "…(" .. #v .. " bytes)"
    end
    return string.format("%q", v)
  end
  return tostring(v)
end

-- A described value is cut short: tables nested deeper than DESCRIBED_DEPTH levels show as
-- `{...}`, past DESCRIBED_ENTRIES entries in all (counted across the nested tables) the rest
-- of a table shows as `...`, and a long string as its first DESCRIBED_STRING bytes. So a failure
-- message stays small and quick to build, whatever the value (a table 5,000 levels deep took a
-- minute to describe).
local DESCRIBED_DEPTH, DESCRIBED_ENTRIES = 10, 200

local function show(v, indent, seen, left)
  if type(v) ~= "table" then return literal(v) end
  indent, seen = indent or "", seen or {}
  left = left or { entries = DESCRIBED_ENTRIES }
  if seen[v] then return "<cycle>" end
  if next(v) == nil then return "{}" end
  if #indent >= 2 * DESCRIBED_DEPTH or left.entries <= 0 then return "{...}" end
  seen[v] = true
  local keys = sorted_keys(v)
  local inner = indent .. "  "
  local parts, n = {}, #v
  for _, k in ipairs(keys) do
    if left.entries <= 0 then
      parts[#parts + 1] = inner .. "..."
      break
    end
    left.entries = left.entries - 1
    local label
    if math.type(k) == "integer" and k >= 1 and k <= n then label = ""
    elseif is_identifier(k) then label = k .. " = "
    else label = "[" .. literal(k) .. "] = " end
    parts[#parts + 1] = inner .. label .. show(v[k], inner, seen, left)
  end
  seen[v] = nil
  return "{\n" .. concat(parts, ",\n") .. "\n" .. indent .. "}"
end

local function described(v)
  return "(" .. type(v) .. ") " .. show(v)
end

local function same(a, b, seen)
  if rawequal(a, b) then return true end
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not same(v, rawget(b, k), seen) then return false end
  end
  for k in pairs(b) do
    if rawget(a, k) == nil then return false end
  end
  return true
end

local function path_of(path, k)
  if is_identifier(k) then return (path == "" and "" or path .. ".") .. k end
  return path .. "[" .. literal(k) .. "]"
end

-- The places where `expected` and `actual` differ, one line each; below DESCRIBED_DEPTH levels
-- the difference is shown at that depth, as the two values there.
local function diff(expected, actual, path, out, depth)
  depth = depth or 0
  if #out >= 20 then return end
  if type(expected) == "table" and type(actual) == "table" and depth < DESCRIBED_DEPTH then
    local keys, seen = {}, {}
    for k in pairs(expected) do keys[#keys + 1] = k; seen[k] = true end
    for k in pairs(actual) do if not seen[k] then keys[#keys + 1] = k end end
    sort(keys, key_order)
    for _, k in ipairs(keys) do
      diff(rawget(expected, k), rawget(actual, k), path_of(path, k), out, depth + 1)
    end
  elseif not same(expected, actual) then
    out[#out + 1] = "  " .. (path == "" and "(value)" or path) .. ": expected "
      .. show(expected):gsub("\n%s*", " ") .. ", got " .. show(actual):gsub("\n%s*", " ")
  end
end

---------------------------------------------------------------- failures
local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(self) return self.where .. ": " .. self.message end

local function fail(message)
  error(setmetatable({ message = message, where = where() }, Failure), 0)
end

-- Bad input the run cannot treat as one test's failure (a snapshot file that is not one, mock
-- of a non-table): the test fails as an error and the run's status is 2.
local BadInput = {}
BadInput.__index = BadInput
BadInput.__tostring = Failure.__tostring

local function bad_input(message)
  error(setmetatable({ message = message, where = where() }, BadInput), 0)
end

---------------------------------------------------------------- spies
local spy_mt = {}
spy_mt.__index = spy_mt
spy_mt.__call = function(self, ...)
  local args = pack(...)
  self.calls[#self.calls + 1] = { vals = args }
  if self.callback then return self.callback(...) end
end
function spy_mt:clear() self.calls = {}; return self end
function spy_mt:revert()
  if self.target then self.target[self.key] = self.original end
  return self.original
end

local spy = {}
function spy.new(callback)
  if callback ~= nil and type(callback) ~= "function" and not (getmetatable(callback) or {}).__call then
    error("spy.new: a function expected, got " .. type(callback), 2)
  end
  return setmetatable({ calls = {}, callback = callback }, spy_mt)
end
function spy.on(target, key)
  if type(target) ~= "table" then error("spy.on: a table expected, got " .. type(target), 2) end
  local original = target[key]
  local s = spy.new(original)
  s.target, s.key, s.original = target, key, original
  target[key] = s
  return s
end
function spy.is_spy(v) return getmetatable(v) == spy_mt end
setmetatable(spy, { __call = function(_, callback) return spy.new(callback) end })

local stub = {}
function stub.new(target, key, ...)
  local values = pack(...)
  local s = spy.new(function() return unpack(values, 1, values.n) end)
  if target ~= nil then
    s.target, s.key, s.original = target, key, target[key]
    target[key] = s
  end
  return s
end
setmetatable(stub, { __call = function(_, ...) return stub.new(...) end })

---------------------------------------------------------------- mock
-- luassert's mock(t, stubbed): every function in t (and in its tables, deeply) replaced by a
-- spy on it, or with `stubbed` by a stub returning nothing; mock.revert(t) puts them back.
local mock = {}
local function mock_walk(t, stubbed, seen)
  if seen[t] then return end
  seen[t] = true
  for key, value in pairs(t) do
    if type(value) == "function" then
      if stubbed then stub.new(t, key) else spy.on(t, key) end
    elseif type(value) == "table" and not spy.is_spy(value) then
      mock_walk(value, stubbed, seen)
    end
  end
end
function mock.new(t, stubbed)
  if type(t) ~= "table" then bad_input("mock: a table expected as argument #1, got " .. type(t)) end
  mock_walk(t, stubbed, {})
  return t
end
function mock.revert(t)
  if type(t) ~= "table" then bad_input("mock.revert: a table expected as argument #1, got " .. type(t)) end
  local seen = {}
  local function walk(tt)
    if seen[tt] then return end
    seen[tt] = true
    for _, value in pairs(tt) do
      if spy.is_spy(value) then
        if value.target == tt then value:revert() end
      elseif type(value) == "table" then
        walk(value)
      end
    end
  end
  walk(t)
  return t
end
setmetatable(mock, { __call = function(_, t, stubbed) return mock.new(t, stubbed) end })

---------------------------------------------------------------- matchers
-- luassert's matchers: match.is_number(), match.is_same(x), match.is_not_nil()... values that
-- called_with compares arguments with. assert:register("matcher", name, fn) adds one.
local Matcher = {}
Matcher.__index = Matcher
Matcher.__call = function(self, value)
  local ok = self.test(value) and true or false
  if self.negated then return not ok end
  return ok
end
Matcher.__tostring = function(self)
  return "match." .. (self.negated and "is_not_" or "is_") .. self.name .. "()"
end

local matchers = {}  -- name -> function(state, arguments) returning function(value)
local function type_matcher(kind)
  return function() return function(v) return type(v) == kind end end
end
for _, kind in ipairs({ "number", "string", "table", "function", "boolean", "userdata", "thread" }) do
  matchers[kind] = type_matcher(kind)
end
matchers["true"] = function() return function(v) return v == true end end
matchers["false"] = function() return function(v) return v == false end end
matchers["nil"] = function() return function(v) return v == nil end end
matchers.truthy = function() return function(v) return v ~= nil and v ~= false end end
matchers.falsy = function() return function(v) return v == nil or v == false end end
matchers.same = function(_, args) return function(v) return same(args[1], v) end end
matchers.equal = function(_, args) return function(v) return args[1] == v end end
matchers.equals = matchers.equal
matchers.ref = function(_, args) return function(v) return rawequal(args[1], v) end end
matchers.near = function(_, args)
  return function(v) return type(v) == "number" and math.abs(args[1] - v) <= args[2] end
end
matchers.matches = function(_, args)
  return function(v) return type(v) == "string" and v:find(args[1], args[2], args[3]) ~= nil end
end
matchers.match = matchers.matches

-- Whether `list` holds no value twice (deep: compared as same() does).
local function is_unique(list, deep)
  if type(list) ~= "table" then return false end
  local keys = {}
  for k in pairs(list) do keys[#keys + 1] = k end
  for i = 1, #keys do
    for j = i + 1, #keys do
      local a, b = list[keys[i]], list[keys[j]]
      if (deep and same(a, b)) or (not deep and a == b) then return false end
    end
  end
  return true
end
matchers.unique = function(_, args) return function(v) return is_unique(v, args[1]) end end

local function combined(all, none)
  return function(_, args)
    return function(v)
      for i = 1, args.n do
        local ok = args[i](v)
        if none and ok then return false end
        if all and not ok then return false end
        if not all and not none and ok then return true end
      end
      return all or none or false
    end
  end
end
matchers.all_of, matchers.any_of = combined(true, false), combined(false, false)
matchers.none_of = combined(false, true)

local match = { _ = setmetatable({}, { __tostring = function() return "match._" end }) }
setmetatable(match, { __index = function(_, key)
  if type(key) ~= "string" then return nil end
  local negated, rest = false, key
  while true do
    local word, tail = rest:match("^([^_]+)_(.+)$")
    if word == "is" or word == "are" or word == "was" or word == "has" or word == "does" then
      rest = tail
    elseif word == "not" or word == "no" then
      negated, rest = not negated, tail
    else
      break
    end
  end
  local build = matchers[rest]
  if build == nil then error("luassert: unknown matcher: '" .. key .. "'", 2) end
  return function(...)
    local args = pack(...)
    return setmetatable({ name = rest, negated = negated, test = build({ mod = not negated }, args) }, Matcher)
  end
end })

local function matches_value(expected, actual)
  if rawequal(expected, match._) then return true end
  if getmetatable(expected) == Matcher then return expected(actual) end
  return same(expected, actual)
end

---------------------------------------------------------------- say
-- luassert's message table (the `say` module): assert:register's messages are its keys.
local say_strings = {}
local say = setmetatable({}, { __call = function(_, key, vars)
  local text = say_strings[key]
  if text == nil then return nil end
  vars = vars or {}
  local shown = {}
  for i = 1, vars.n or #vars do shown[i] = tostring(vars[i]) end
  local ok, formatted = pcall(string.format, text, unpack(shown, 1, vars.n or #vars))
  return ok and formatted or text
end })
function say:set(key, value) say_strings[key] = value end
function say:set_namespace() end
package.preload.say = package.preload.say or function() return say end

local function show_calls(s)
  if #s.calls == 0 then return "(no calls)" end
  local lines = {}
  for i, call in ipairs(s.calls) do
    local args = {}
    for j = 1, call.vals.n do args[j] = show(call.vals[j]):gsub("\n%s*", " ") end
    lines[i] = "  call " .. i .. ": (" .. concat(args, ", ") .. ")"
  end
  return concat(lines, "\n")
end

---------------------------------------------------------------- assertions
-- Each returns ok, message (the message is used as is, negated or not).
local assertions = {}
local function register(names, fn)
  for _, name in ipairs(names) do assertions[name] = fn end
end

local function value_check(expected_text, test)
  return function(negated, v)
    local ok = test(v)
    return ok, "Expected " .. (negated and "not " or "") .. expected_text .. ".\nPassed in:\n" .. described(v)
  end
end

register({ "equal", "equals" }, function(negated, expected, actual)
  return expected == actual, "Expected objects to " .. (negated and "not " or "") .. "be equal.\nPassed in:\n"
    .. described(actual) .. "\nExpected:\n" .. (negated and "not " or "") .. described(expected)
end)
register({ "same" }, function(negated, expected, actual)
  local ok = same(expected, actual)
  local message = "Expected objects to " .. (negated and "not " or "") .. "be the same.\nPassed in:\n"
    .. described(actual) .. "\nExpected:\n" .. (negated and "not " or "") .. described(expected)
  if not ok and type(expected) == "table" and type(actual) == "table" then
    local lines = {}
    diff(expected, actual, "", lines)
    message = message .. "\nDifferences:\n" .. concat(lines, "\n")
  end
  return ok, message
end)
register({ "true" }, value_check("true", function(v) return v == true end))
register({ "false" }, value_check("false", function(v) return v == false end))
register({ "nil" }, value_check("nil", function(v) return v == nil end))
register({ "truthy" }, value_check("a truthy value", function(v) return v ~= nil and v ~= false end))
register({ "falsy" }, value_check("a falsy value", function(v) return v == nil or v == false end))
for _, kind in ipairs({ "number", "string", "table", "function", "boolean", "userdata", "thread" }) do
  register({ kind }, value_check("a " .. kind, function(v) return type(v) == kind end))
end
register({ "unique" }, function(negated, list, deep)
  return is_unique(list, deep), "Expected object to " .. (negated and "not " or "") .. "be unique:\n" .. described(list)
end)
register({ "near" }, function(negated, expected, actual, tolerance)
  local ok = type(actual) == "number" and math.abs(expected - actual) <= tolerance
  return ok, "Expected " .. (negated and "not " or "") .. "a number within " .. tostring(tolerance)
    .. " of " .. tostring(expected) .. ".\nPassed in:\n" .. described(actual)
end)
register({ "matches", "match" }, function(negated, pattern, actual)
  local ok = type(actual) == "string" and actual:find(pattern) ~= nil
  return ok, "Expected " .. (negated and "not " or "") .. "a string matching " .. literal(pattern)
    .. ".\nPassed in:\n" .. described(actual)
end)
register({ "error", "errors", "has_error" }, function(negated, fn, expected)
  if type(fn) ~= "function" and not (getmetatable(fn) or {}).__call then
    return false, "Expected a function to call, got " .. described(fn)
  end
  local ok, err = pcall(fn)
  local raised = not ok
  if raised and expected ~= nil then
    local message = err
    if type(message) == "string" then message = message:gsub("^.-:%d+: ", "", 1) end
    local mt = type(message) == "table" and getmetatable(message)
    if mt == Failure or mt == BadInput then message = message.message end
    raised = same(expected, message)
    return raised, "Expected " .. (negated and "no " or "") .. "error " .. described(expected)
      .. ".\nCaught:\n" .. (ok and "(no error)" or described(message))
  end
  return raised, "Expected " .. (negated and "no error" or "an error") .. ".\nCaught:\n"
    .. (ok and "(no error)" or described(err))
end)
register({ "called" }, function(negated, s, times)
  if not spy.is_spy(s) then return false, "Expected a spy, got " .. described(s) end
  local count = #s.calls
  local ok = times == nil and count > 0 or count == times
  return ok, "Expected to " .. (negated and "not " or "") .. "be called"
    .. (times and (" " .. times .. " time(s)") or "") .. ", but was called " .. count .. " time(s):\n" .. show_calls(s)
end)
register({ "called_at_least" }, function(negated, s, times)
  if not spy.is_spy(s) then return false, "Expected a spy, got " .. described(s) end
  return #s.calls >= times, "Expected to " .. (negated and "not " or "") .. "be called at least " .. times
    .. " time(s), but was called " .. #s.calls .. " time(s)"
end)
register({ "called_at_most" }, function(negated, s, times)
  if not spy.is_spy(s) then return false, "Expected a spy, got " .. described(s) end
  return #s.calls <= times, "Expected to " .. (negated and "not " or "") .. "be called at most " .. times
    .. " time(s), but was called " .. #s.calls .. " time(s)"
end)
register({ "called_with" }, function(negated, s, ...)
  if not spy.is_spy(s) then return false, "Expected a spy, got " .. described(s) end
  local wanted = pack(...)
  local found = false
  for _, call in ipairs(s.calls) do
    local ok = call.vals.n == wanted.n
    for i = 1, wanted.n do
      if ok and not matches_value(wanted[i], call.vals[i]) then ok = false end
    end
    if ok then found = true; break end
  end
  local args = {}
  for i = 1, wanted.n do
    args[i] = getmetatable(wanted[i]) == Matcher and tostring(wanted[i]) or show(wanted[i]):gsub("\n%s*", " ")
  end
  return found, "Expected to " .. (negated and "not " or "") .. "be called with (" .. concat(args, ", ")
    .. "), calls were:\n" .. show_calls(s)
end)

local modifiers = {
  is = "skip", are = "skip", was = "skip", has = "skip", does = "skip", be = "skip", been = "skip",
  ["not"] = "negate", no = "negate", spy = "payload", stub = "payload",
}

local State = {}
local function new_state(negated, payload, awaiting)
  return setmetatable({ _negated = negated, _payload = payload, _awaiting = awaiting }, State)
end

local function run_assertion(name, negated, payload, ...)
  local fn = assertions[name]
  local ok, message
  local n = select("#", ...)
  local custom
  if payload ~= nil then
    ok, message = fn(negated, payload, ...)
  else
    ok, message = fn(negated, ...)
    -- luassert: an extra last argument is the message (two-argument assertions).
    if (name == "equal" or name == "equals" or name == "same") and n >= 3 then custom = select(3, ...) end
    if (name == "true" or name == "false" or name == "nil" or name == "truthy" or name == "falsy") and n >= 2 then
      custom = select(2, ...)
    end
  end
  if negated then ok = not ok end
  if not ok then
    fail((custom and (tostring(custom) .. "\n") or "") .. message)
  end
  return ...
end

-- assert:register("assertion", name, fn, positive_key, negative_key), as luassert has it:
-- fn(state, arguments, level) returns whether the assertion holds; the message is say's
-- text for the key (its %s filled with the arguments, each shown as a failure shows values),
-- or state.failure_message when fn set one. assert:register("matcher", name, fn) adds
-- match.is_<name>: fn(state, arguments) returns function(value) -> boolean.
local function register_extension(_, namespace, name, fn, positive, negative)
  if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") then
    error("assert:register: a name of letters, digits and '_' expected as argument #2, got " .. show(name), 2)
  end
  if type(fn) ~= "function" then error("assert:register: a function expected as argument #3, got " .. type(fn), 2) end
  if namespace == "matcher" then
    matchers[name] = fn
    return
  end
  if namespace ~= "assertion" then
    error("assert:register: namespace must be 'assertion' or 'matcher', got " .. show(namespace), 2)
  end
  register({ name }, function(negated, ...)
    local args = pack(...)
    local state = { mod = not negated }
    local ok = fn(state, args, 2)
    local shown = { n = args.n }
    for i = 1, args.n do shown[i] = described(args[i]) end
    local key = negated and negative or positive
    local message = state.failure_message or (key and say(key, shown)) or key
      or ("Expected " .. name .. (negated and " to fail" or " to hold"))
    return ok and true or false, message
  end)
end

local snapshot_assertion -- assert.snapshot, below (it needs the running test)

State.__index = function(self, key)
  if type(key) ~= "string" then return nil end
  if key == "register" then return register_extension end
  if key == "snapshot" then return snapshot_assertion end
  local tokens = {}
  for token in key:gmatch("[^_]+") do tokens[#tokens + 1] = token end
  local negated, payload, awaiting = rawget(self, "_negated"), rawget(self, "_payload"), nil
  local i = 1
  while i <= #tokens do
    local found, kind, last
    for j = #tokens, i, -1 do
      local name = concat(tokens, "_", i, j)
      if assertions[name] then found, kind, last = name, "assertion", j; break end
      if modifiers[name] then found, kind, last = name, "modifier", j; break end
    end
    if found == nil then error("luassert: unknown modifier/assertion: '" .. tokens[i] .. "'", 2) end
    if kind == "assertion" then
      if last ~= #tokens then error("luassert: unknown modifier/assertion: '" .. key .. "'", 2) end
      return function(...) return run_assertion(found, negated, payload, ...) end
    end
    local effect = modifiers[found]
    if effect == "negate" then negated = not negated
    elseif effect == "payload" then awaiting = true end
    i = last + 1
  end
  return new_state(negated, payload, awaiting)
end

State.__call = function(self, ...)
  if rawget(self, "_awaiting") then return new_state(rawget(self, "_negated"), (...), nil) end
  local v = ...
  if not v then
    local message = select("#", ...) >= 2 and select(2, ...) or "assertion failed!"
    if type(message) == "string" then fail(message) end
    error(message, 2)
  end
  return ...
end

---------------------------------------------------------------- the tree
local function new_block(name, parent, line)
  return {
    name = name, parent = parent, children = {}, line = line,
    before_each = {}, after_each = {}, setup = {}, teardown = {},
  }
end
local root = new_block(nil, nil, nil)
local current = root
local running = nil  -- the test running now, for finally()

local caller_line = spec_frame

---------------------------------------------------------------- snapshots
-- A value as a snapshot keeps it (`# type: lua`): the same text on every run and machine.
-- Tables list their keys sorted (numbers, then strings byte by byte, then booleans, then the
-- rest by their text), a sequence 1..n first without its keys; a table of plain values fits
-- on one line up to SNAPSHOT_LINE characters, else one entry per line, indented by two.
-- Integers print as integers, floats with 14 significant digits (`%.14g`, `.0` added to a
-- whole one, as Lua prints them), nan and infinities as `nan`, `inf`, `-inf`; strings quoted
-- with `\n`, `\t`, `\r`, `\"`, `\\` and `\DDD` for other control bytes; functions, userdata and
-- threads as `<function>`... (never their addresses); a table met again inside itself as
-- `<cycle>`. Deeper than SNAPSHOT_DEPTH levels is an error.
local SNAPSHOT_LINE, SNAPSHOT_DEPTH = 100, 100
local KEYWORDS = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true"
  .. " until while"):gmatch("%a+") do KEYWORDS[word] = true end

local function snapshot_number(v)
  if math.type(v) == "integer" then return string.format("%d", v) end
  if v ~= v then return "nan" end
  if v == math.huge then return "inf" end
  if v == -math.huge then return "-inf" end
  local text = string.format("%.14g", v)
  if not text:find("[%.eEn]") then text = text .. ".0" end
  return text
end

local ESCAPES = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ['"'] = '\\"', ["\\"] = "\\\\" }
local function snapshot_string(v)
  return '"' .. v:gsub('[%c"\\]', function(c) return ESCAPES[c] or string.format("\\%03d", c:byte()) end) .. '"'
end

local function snapshot_scalar(v)
  local kind = type(v)
  if kind == "string" then return snapshot_string(v) end
  if kind == "number" then return snapshot_number(v) end
  if kind == "boolean" or kind == "nil" then return tostring(v) end
  return "<" .. kind .. ">"
end

-- Strings compared byte by byte: `<` follows the C library's locale.
local function bytes_before(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = a:byte(i), b:byte(i)
    if x ~= y then return x < y end
  end
  return #a < #b
end

local KEY_RANK = { number = 1, string = 2, boolean = 3 }
local function snapshot_key_before(a, b)
  local ra, rb = KEY_RANK[type(a)] or 4, KEY_RANK[type(b)] or 4
  if ra ~= rb then return ra < rb end
  if ra == 1 then return a < b end
  if ra == 2 then return bytes_before(a, b) end
  if ra == 3 then return (not a) and b end
  return bytes_before(snapshot_scalar(a), snapshot_scalar(b))
end

local function snapshot_text(v, indent, depth, seen)
  if type(v) ~= "table" then return snapshot_scalar(v) end
  if seen[v] then return "<cycle>" end
  if next(v) == nil then return "{}" end
  if depth >= SNAPSHOT_DEPTH then
    error("assert.snapshot: the value is nested deeper than " .. SNAPSHOT_DEPTH .. " tables", 0)
  end
  seen[v] = true
  local n = 0
  while rawget(v, n + 1) ~= nil do n = n + 1 end
  local keys = {}
  for k in next, v do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, snapshot_key_before)
  local inner = indent .. "  "
  local parts, flat = {}, true
  local function add(label, value)
    if type(value) == "table" and next(value) ~= nil and not seen[value] then flat = false end
    parts[#parts + 1] = label .. snapshot_text(value, inner, depth + 1, seen)
  end
  for i = 1, n do add("", rawget(v, i)) end
  for _, k in ipairs(keys) do
    local label
    if type(k) == "string" and k:match("^[%a_][%w_]*$") and not KEYWORDS[k] then label = k .. " = "
    else label = "[" .. snapshot_scalar(k) .. "] = " end
    add(label, rawget(v, k))
  end
  seen[v] = nil
  if flat then
    local line = "{ " .. concat(parts, ", ") .. " }"
    if #indent + #line <= SNAPSHOT_LINE then return line end
  end
  return "{\n" .. inner .. concat(parts, ",\n" .. inner) .. ",\n" .. indent .. "}"
end

-- assert.snapshot(value): compares value with the test's snapshot (written the first time);
-- a string is kept as it is, anything else as snapshot_text has it. Returns value.
snapshot_assertion = function(value)
  if running == nil then error("assert.snapshot: only inside a test (it, before_each, after_each)", 2) end
  if native == nil or native.snapshot == nil then
    error("assert.snapshot: snapshots are kept by swipehost test (this runner has none)", 2)
  end
  local kind, text = "string", value
  if type(value) ~= "string" then kind, text = "lua", snapshot_text(value, "", 0, {}) end
  running.snapshots = running.snapshots + 1
  local status, message = native.snapshot(running.full_name, running.snapshots, kind, text)
  if status == "fail" then fail(message)
  elseif status == "bad" then bad_input(message)
  elseif status ~= "pass" then error(where() .. ": " .. tostring(message), 0) end
  return value
end

-- The globals and loaded modules, to put back after an insulate block.
local function snapshot()
  local globals, loaded = {}, {}
  for k, v in pairs(_G) do globals[k] = v end
  for k, v in pairs(package.loaded) do loaded[k] = v end
  return { globals = globals, loaded = loaded }
end

local function restore(saved)
  for _, pair in ipairs({ { _G, saved.globals }, { package.loaded, saved.loaded } }) do
    local now, before = pair[1], pair[2]
    local added = {}
    for k in pairs(now) do
      if before[k] == nil then added[#added + 1] = k end
    end
    for _, k in ipairs(added) do now[k] = nil end
    for k, v in pairs(before) do
      if not rawequal(now[k], v) then now[k] = v end
    end
  end
end

local REMOVED = {}

-- What was set in _G and package.loaded since `saved` (a removed key as REMOVED).
local function changes_since(saved)
  local changes = {}
  for _, pair in ipairs({ { _G, saved.globals, "globals" }, { package.loaded, saved.loaded, "loaded" } }) do
    local now, before, changed = pair[1], pair[2], {}
    for k, v in pairs(now) do
      if not rawequal(before[k], v) then changed[k] = v end
    end
    for k in pairs(before) do
      if now[k] == nil then changed[k] = REMOVED end
    end
    changes[pair[3]] = changed
  end
  return changes
end

local function apply(changes)
  for _, pair in ipairs({ { _G, changes.globals }, { package.loaded, changes.loaded } }) do
    for k, v in pairs(pair[2]) do
      if v == REMOVED then pair[1][k] = nil else pair[1][k] = v end
    end
  end
end

local function define_block(kind, name, fn, insulated)
  if type(fn) ~= "function" then error(kind .. ": a function expected as argument #2", 3) end
  local file, line = caller_line()
  local block = new_block(tostring(name), current, line)
  block.file = file
  block.insulate = insulated
  insert(current.children, block)
  local outer = current
  current = block
  local saved = insulated and snapshot() or nil
  local ok, err = pcall(fn)
  if saved then
    -- What the body set is undone now and set again while the block's tests run, as in
    -- busted, where the body and its tests run together.
    block.changes = changes_since(saved)
    restore(saved)
  end
  current = outer
  if not ok then error(err, 0) end
end

local function describe(name, fn) define_block("describe", name, fn, false) end
-- busted's insulate: what the block changes in _G and package.loaded (while its body defines
-- its tests, and while they run) is undone after it; expose shares its changes, as describe.
local function insulate(name, fn) define_block("insulate", name, fn, true) end
local function expose(name, fn) define_block("expose", name, fn, false) end

local function add_test(name, fn, is_pending)
  local file, line = caller_line()
  insert(current.children, { test = true, name = tostring(name), fn = fn, block = current,
    file = file, line = line, pending = is_pending })
end

local function it(name, fn)
  if running then error("it: cannot define a test inside a test", 2) end
  if fn == nil then return add_test(name, nil, true) end
  if type(fn) ~= "function" then error("it: a function expected as argument #2", 2) end
  add_test(name, fn, false)
end

local function pending(name) add_test(name, nil, true) end

local function hook(kind)
  return function(fn)
    if type(fn) ~= "function" then error(kind .. ": a function expected", 2) end
    insert(current[kind], fn)
  end
end

local function finally(fn)
  if not running then error("finally: only inside a test", 2) end
  insert(running.finally, fn)
end

local function full_name(test)
  local parts = {}
  local block = test.block
  while block and block.name do insert(parts, 1, block.name); block = block.parent end
  parts[#parts + 1] = test.name
  return concat(parts, " ")
end

_G.describe, _G.context, _G.insulate, _G.expose = describe, describe, insulate, expose
_G.it, _G.pending, _G.finally = it, pending, finally
_G.before_each, _G.after_each = hook("before_each"), hook("after_each")
_G.setup, _G.lazy_setup, _G.strict_setup = hook("setup"), hook("setup"), hook("setup")
_G.teardown, _G.lazy_teardown, _G.strict_teardown = hook("teardown"), hook("teardown"), hook("teardown")
_G.assert = new_state(false, nil, nil)
_G.spy, _G.stub, _G.match, _G.mock = spy, stub, match, mock
_G.spec, _G.test = it, it

---------------------------------------------------------------- running
local runner = {}
local plan = {}
local active = {}  -- the blocks set up, outermost first

local function next_random(state)
  state.x = (state.x * 6364136223846793005 + 1442695040888963407)
  return (state.x >> 33)
end

local function shuffled(list, state)
  local copy = { unpack(list) }
  for i = #copy, 2, -1 do
    local j = next_random(state) % i + 1
    copy[i], copy[j] = copy[j], copy[i]
  end
  return copy
end

local function test_matches(name, filter)
  if filter == nil or filter == "" then return true end
  local ok, found = pcall(string.find, name, filter)
  if ok then return found ~= nil end
  return string.find(name, filter, 1, true) ~= nil
end

-- The `#tag` words of a full name (describe names included), as busted reads them.
local function tags_of(name)
  local tags = {}
  for tag in name:gmatch("#([%w_%-]+)") do tags[tag] = true end
  return tags
end

local function any_tag(tags, list)
  for _, tag in ipairs(list) do
    if tags[tag] then return true end
  end
  return false
end

-- Which shard of `count` a test belongs to: FNV-1a (32 bits) of its file and full name, so
-- the same test lands in the same shard on every machine and run.
local function shard_of(file, name, count)
  local hash = 2166136261
  local key = file .. "\0" .. name
  for i = 1, #key do
    hash = ((hash ~ key:byte(i)) * 16777619) & 0xFFFFFFFF
  end
  return hash % count + 1
end

-- Whether the test is selected: --filter, --filter-out, --name, --tags, --exclude-tags and
-- --shard, each a condition it must meet (see docs/testing.md).
local function selected(test, selection)
  local name = test.full_name
  if not test_matches(name, selection.filter) then return false end
  for _, pattern in ipairs(selection.filter_out or {}) do
    if test_matches(name, pattern) then return false end
  end
  local names = selection.names or {}
  if #names > 0 then
    local found = false
    for _, wanted in ipairs(names) do
      if wanted == name then found = true; break end
    end
    if not found then return false end
  end
  local tags = tags_of(name)
  if #(selection.tags or {}) > 0 and not any_tag(tags, selection.tags) then return false end
  if any_tag(tags, selection.exclude_tags or {}) then return false end
  if selection.shard_count and shard_of(test.file or "", name, selection.shard_count) ~= selection.shard_index then
    return false
  end
  return true
end

-- The tests in order (shuffled within each block when a seed is given), selected, and the
-- number of tests in the file (the selection left out none when it is the list's length).
-- `selection` is a table of the conditions above, or (as before) a --filter pattern.
function runner.plan(seed, selection)
  if type(selection) ~= "table" then selection = { filter = selection } end
  local state = seed and { x = seed } or nil
  plan = {}
  local total = 0
  local function walk(block)
    local children = state and shuffled(block.children, state) or block.children
    for _, child in ipairs(children) do
      if child.test then
        child.full_name = full_name(child)
        total = total + 1
        if selected(child, selection) then plan[#plan + 1] = child end
      else
        walk(child)
      end
    end
  end
  walk(root)
  local list = {}
  for i, test in ipairs(plan) do
    list[i] = { name = test.full_name, file = test.file, line = test.line, pending = test.pending }
  end
  return list, total
end

-- An error value as a message. One that is not a string (error({code = 1}), error(nil))
-- is shown with the place that raised it, as a string error would be.
local function message_of(err, place)
  local kind = type(err) == "table" and getmetatable(err)
  if kind == Failure or kind == BadInput then return tostring(err) end
  if type(err) == "string" then return err end
  local mt = getmetatable(err)
  if mt and mt.__tostring then return tostring(err) end
  if err == nil then return place .. ": error object is nil" end
  return place .. ": error object is a " .. type(err) .. ": " .. show(err)
end

local function handler(err)
  local failure = type(err) == "table" and getmetatable(err) == Failure
  local bad = type(err) == "table" and getmetatable(err) == BadInput
  local trace = nil
  if not failure and not bad then trace = traceback(nil, 2) end
  return { message = message_of(err, where()), failure = failure, traceback = trace, bad_input = bad or nil }
end

-- Runs the spec file's main chunk (its describe blocks run as it does); returns its
-- error, if any, as { message, traceback }.
function runner.load(chunk)
  local ok, err = xpcall(chunk, handler)
  if not ok then return err end
end

local function call_hooks(list, reverse)
  local first, last, step = 1, #list, 1
  if reverse then first, last, step = #list, 1, -1 end
  for i = first, last, step do
    local ok, err = xpcall(list[i], handler)
    if not ok then return err end
  end
end

local function chain_of(block)
  local chain = {}
  while block do insert(chain, 1, block); block = block.parent end
  return chain
end

local function block_name(block)
  local parts = {}
  while block and block.name do insert(parts, 1, block.name); block = block.parent end
  return concat(parts, " ")
end

-- Tears down the active blocks deeper than `keep`; failures become extra results.
local function tear_down(keep, results)
  while #active > keep do
    local block = active[#active]
    active[#active] = nil
    local err = call_hooks(block.teardown, true)
    if err then
      results[#results + 1] = { name = block_name(block) .. " (teardown)", file = block.file or "?",
        line = block.line or 0, status = "fail", message = err.message, traceback = err.traceback }
    end
    if block.saved then restore(block.saved); block.saved = nil end
  end
end

-- The plugin errors the swipe module's function `name` lists, or nil when there are none (or
-- no swipe module).
local function swipe_errors(name)
  local swipe = package.loaded.swipe
  if type(swipe) ~= "table" or not swipe[name] then return nil end
  local ok, list = pcall(swipe[name])
  if not ok or #list == 0 then return nil end
  return list
end

-- Adds plugin error `e` to `lines`: `plugin error in PLUGIN.HOOK (row R): message`, then
-- `suffix`, then its traceback indented.
local function add_plugin_error(lines, e, suffix)
  lines[#lines + 1] = "plugin error in " .. tostring(e.plugin) .. "." .. tostring(e.hook)
    .. (e.row and (" (row " .. e.row .. ")") or "") .. ": " .. tostring(e.message) .. suffix
  if e.traceback then lines[#lines + 1] = "  " .. e.traceback:gsub("\n", "\n  ") end
end

local function plugin_errors()
  local list = swipe_errors("_plugin_errors")
  if not list then return nil end
  local lines = {}
  for _, e in ipairs(list) do add_plugin_error(lines, e, "") end
  return concat(lines, "\n")
end

-- A plugin error the test did not expect fails it: the first one's place (the spec line of
-- the call during which it happened), then every such error with its traceback.
local function unexpected_plugin_errors()
  local list = swipe_errors("_unexpected_errors")
  if not list then return nil end
  local lines = {
    list[1].place .. ": " .. (#list == 1 and "a plugin error" or (#list .. " plugin errors"))
      .. " during the test (to expect them: swipe.table{ plugin_errors = \"allow\" },"
      .. " or look at them with t:errors()):",
  }
  for _, e in ipairs(list) do add_plugin_error(lines, e, #list > 1 and (" (at " .. e.place .. ")") or "") end
  return { message = concat(lines, "\n"), plugin_errors_shown = true }
end

-- Runs test `index` of the plan: its blocks' setups (once), before_each hooks, the test,
-- after_each hooks. Returns the results: the test's first, then any teardown failures.
function runner.run(index)
  local test = plan[index]
  local results = {}
  local chain = chain_of(test.block)
  local common = 0
  while common < #active and common < #chain and active[common + 1] == chain[common + 1] do
    common = common + 1
  end
  tear_down(common, results)
  if test.pending then
    insert(results, 1, { status = "pending" })
    return results
  end
  local err
  for i = common + 1, #chain do
    local block = chain[i]
    active[#active + 1] = block
    if block.insulate then
      block.saved = snapshot()
      apply(block.changes)
    end
    block.setup_error = call_hooks(block.setup)
  end
  for _, block in ipairs(chain) do
    if block.setup_error then err = block.setup_error; break end
  end
  local swipe = package.loaded.swipe
  if type(swipe) == "table" and swipe._reset then swipe._reset() end
  test.finally = {}
  test.snapshots = 0
  running = test
  if not err then
    for _, block in ipairs(chain) do
      err = call_hooks(block.before_each)
      if err then break end
    end
  end
  if not err then
    local ok, e = xpcall(test.fn, handler)
    if not ok then err = e end
  end
  for i = #chain, 1, -1 do
    local e = call_hooks(chain[i].after_each, true)
    err = err or e
  end
  local e = call_hooks(test.finally, true)
  err = err or e
  running = nil
  if not err then err = unexpected_plugin_errors() end
  if err then
    local result = { status = "fail", message = err.message, traceback = err.traceback,
      bad_input = err.bad_input, error = err.bad_input }
    if not err.plugin_errors_shown then result.plugin_errors = plugin_errors() end
    insert(results, 1, result)
  else
    insert(results, 1, { status = "pass" })
  end
  return results
end

-- Tears down what is still set up; failures as in run().
function runner.finish()
  local results = {}
  tear_down(0, results)
  -- No failure message needs the tables' plugin errors any more: closing the state
  -- finalizes the tables left without asking for them.
  local swipe = package.loaded.swipe
  if type(swipe) == "table" and swipe._reset then swipe._reset() end
  return results
end

---------------------------------------------------------------- the spec's environment
-- A spec cannot end the test run: os.exit fails the test (or the file, at its top level)
-- that calls it, and the run goes on.
os.exit = function(code) -- luacheck: ignore 122 (a spec may not end the run)
  local shown = code == nil and "" or tostring(code)
  error("os.exit(" .. shown .. ") called: a spec cannot end the test run", 2)
end
-- What a spec writes goes to standard error, as its print does: standard output carries
-- only the report.
io.output(io.stderr)

return runner
