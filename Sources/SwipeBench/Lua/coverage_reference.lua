-- The reference `swipehost bench` compares --coverage with (`test.coverage_reference_overhead`):
-- line counting as luacov does it, a Lua function on every line event that asks
-- debug.getinfo(2, "S") for the chunk and counts in a table (luacov's runner.lua on_line).
--
-- The host's hook calls the returned function on each line event, with the arguments
-- debug.sethook gives a hook ("line", line number) and the same stack: debug.sethook itself
-- cannot be used, as a thread has one hook and the host's budget already holds it. Run in the
-- very states --coverage counts in, it costs what luacov's hook would cost there.
local debug = ...
local getinfo = debug.getinfo
local match = string.match
local data = {}

return function(_, line)
  local name = getinfo(2, "S").source
  local file_name = match(name, "^@(.*)")
  if not file_name then return end
  local file = data[file_name]
  if not file then
    file = { max = 0, max_hits = 0 }
    data[file_name] = file
  end
  if line > file.max then file.max = line end
  local hits = (file[line] or 0) + 1
  file[line] = hits
  if hits > file.max_hits then file.max_hits = hits end
end
