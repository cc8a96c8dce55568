-- `table.set_items_vs_plain_lua`: the two lists the bench's plugin passes to
-- ctx:set_items in turn, and the reference, a by-id diff of the same two lists written in plain
-- Lua, as a plugin author without set_items would write it. Compiled into the binary: the
-- plugin is `plugin`, the reference `reference` (see Sources/SwipeBench/SetItemsBench.swift).
--
-- The lists: `n` table items with ids ({ id = "m1", title = "Message 1", unread = true,
-- size = 17 }), and the same list edited with a seeded generator (no math.random: the same
-- lists in every Lua state): 5% deleted, 5% inserted (new ids), 2% moved to another place, 5%
-- updated (a new title or a flag flipped).

local M = {}

local function generator(seed)
  local state = seed
  return function(limit)
    -- A 31-bit linear congruential generator: small, and the same in every state.
    state = (state * 1103515245 + 12345) % 2147483648
    -- Its high bits: the low ones of an LCG repeat with short periods.
    return (state // 65536) % limit + 1
  end
end

function M.lists(n, seed)
  local random = generator(seed)
  local old = {}
  for i = 1, n do
    old[i] = { id = "m" .. i, title = "Message " .. i, unread = i % 3 == 0, size = i % 97 }
  end
  local new = {}
  for i = 1, n do
    local item = old[i]
    local roll = random(100)
    -- 1 to 5: deleted (not copied).
    if roll > 5 and roll <= 10 then
      new[#new + 1] = { id = item.id, title = item.title .. " (edited)", unread = item.unread, size = item.size }
    elseif roll > 10 then
      new[#new + 1] = item
    end
    if random(100) <= 5 then
      new[#new + 1] = { id = "k" .. i, title = "New " .. i, unread = true, size = 1 }
    end
  end
  for _ = 1, n // 50 do
    local from = random(#new)
    local item = table.remove(new, from)
    table.insert(new, random(#new + 1), item)
  end
  return old, new
end

-- Items are equal when their fields are (nested tables compared the same way).
local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for key, value in pairs(a) do
    if not same(value, b[key]) then return false end
  end
  for key in pairs(b) do
    if a[key] == nil then return false end
  end
  return true
end

local function id_of(item)
  return type(item) == "table" and item.id or item
end

-- The batch that turns `old` into `new`, by id, in UIKit's order: deletes (old rows, last
-- first), inserts (new rows), moves (the items off the longest run that kept its order), then
-- updates; each `{ kind, row, id }`.
function M.diff(old, new)
  local old_row, new_row = {}, {}
  for row, item in ipairs(old) do old_row[id_of(item)] = row end
  for row, item in ipairs(new) do new_row[id_of(item)] = row end
  local events = {}
  for row = #old, 1, -1 do
    local id = id_of(old[row])
    if not new_row[id] then events[#events + 1] = { "delete", row, id } end
  end
  local kept_old, kept_new = {}, {}
  for row, item in ipairs(new) do
    local id = id_of(item)
    local was = old_row[id]
    if was then
      kept_old[#kept_old + 1] = was
      kept_new[#kept_new + 1] = row
    else
      events[#events + 1] = { "insert", row, id }
    end
  end
  -- The longest increasing run of old rows (patience sorting, O(n log n)).
  local tails, tail_at, previous = {}, {}, {}
  for position, value in ipairs(kept_old) do
    local low, high = 1, #tails + 1
    while low < high do
      local middle = (low + high) // 2
      if tails[middle] < value then low = middle + 1 else high = middle end
    end
    tails[low] = value
    tail_at[low] = position
    previous[position] = low > 1 and tail_at[low - 1] or nil
  end
  local stays = {}
  local at = tail_at[#tails]
  while at do
    stays[at] = true
    at = previous[at]
  end
  for position, row in ipairs(kept_new) do
    if not stays[position] then events[#events + 1] = { "move", row, id_of(new[row]), kept_old[position] } end
  end
  for position, row in ipairs(kept_new) do
    if not same(old[kept_old[position]], new[row]) then events[#events + 1] = { "update", row, id_of(new[row]) } end
  end
  return events
end

-- The bench's plugin: its `on_open` sets the table's items to `new`, then `old`, then `new`...
function M.plugin(n, seed)
  local old, new = M.lists(n, seed)
  local turn = 0
  return {
    name = "set_items_bench",
    on_open = function(ctx)
      turn = turn + 1
      ctx:set_items(turn % 2 == 1 and new or old)
    end,
  }
end

-- The reference's step: the diff from `old` to `new`, then back, then to `new`...; returns the
-- number of events.
function M.reference(n, seed)
  local old, new = M.lists(n, seed)
  local turn = 0
  return function()
    turn = turn + 1
    local events = turn % 2 == 1 and M.diff(old, new) or M.diff(new, old)
    return #events
  end
end

return M
