-- The reference `swipehost bench` compares its replay with (`replay.vs_plain_lua`): the
-- tutorial's cell and table, and plugins/tutorial.lua's action, written in plain Lua as a user
-- without swipehost would write them, run by the same embedded Lua 5.4.
--
-- It replays the lines the benchmark's scripts use (`pan ROW begin [X]`, `pan ROW move X`,
-- `pan ROW end`, `tap ROW N`, `wait MS`, comments and blank lines) on a 30-row table of
-- 320 x 44 cells in a 504-point viewport (rows 1-12 on screen, never scrolled), and returns
-- the jsonl `swipehost run --format jsonl --plugin plugins/tutorial.lua` prints for them:
-- SwipeableCell.m's pan (both branches, the clamps, the thresholds by >=), its two snap
-- routines with the 20-point bounce and their never-cancelled 100 ms completions on a
-- virtual clock, the open rows remembered, and the detail screen a tap presents. A test
-- (PlainLuaReferenceTests) checks the output equals swipehost's on generated scripts.

local TOTAL = 160 -- the two buttons, 80 points each
local BOUNCE = 20 -- kBounceValue
local DURATION = 100 -- ms per animation step
local OPEN_THRESHOLD = 40 -- half of button 1
local CLOSE_THRESHOLD = 120 -- button 1, and half of button 2
local MIDDLES = { 40, 120 } -- where a tap on each button lands, from the edge
local IDS = { "one", "two" }
local WORDS = { "one", "two" }
local VISIBLE = 12
local ROWS = 30

local format, concat = string.format, table.concat

-- A number as swipehost's jsonl writes it: whole numbers without a fraction.
local function number(value)
  if value == math.floor(value) and math.abs(value) < 1e15 then return format("%d", value) end
  for digits = 15, 17 do
    local text = format("%." .. digits .. "g", value)
    if tonumber(text) == value then return text end
  end
end

local function quoted(text)
  if text:find('[%c"\\]') then
    text = text:gsub('[%c"\\]', function(c)
      if c == '"' or c == "\\" then return "\\" .. c end
      return format("\\u%04x", c:byte())
    end)
  end
  return '"' .. text .. '"'
end

return function(script)
  local out, count = {}, 0
  local function emit(line)
    count = count + 1
    out[count] = line
  end

  local now = 0
  -- Per row: r, the reveal (the right constraint constant); c, the committed reveal
  -- (startingRightLayoutConstraintConstant) while `side` is set; a pan's `tracking` and `start`.
  local cells = {}
  for row = 1, VISIBLE do
    cells[row] = { r = 0, c = 0, side = false, tracking = false, start = 0 }
  end
  local open = {}
  -- Pending completions, kept sorted by deadline, then by the order they were scheduled.
  local queue, queued = {}, 0

  local function schedule(cell, step, deadline)
    queued = queued + 1
    local entry = { deadline = deadline, cell = cell, step = step }
    local position = queued
    while position > 1 and queue[position - 1].deadline > deadline do
      queue[position] = queue[position - 1]
      position = position - 1
    end
    queue[position] = entry
  end

  -- The side is kept only while something is revealed or committed (or a pan is tracked).
  local function settle(cell)
    if not cell.tracking and cell.c == 0 and cell.r == 0 then
      cell.side, cell.c = false, 0
    end
  end

  local function setReveal(cell, reveal)
    cell.r = reveal
    cell.side = true
    settle(cell)
  end

  local function commit(cell)
    if not cell.side then return end
    cell.c = cell.r
    settle(cell)
  end

  local function committed(cell) return cell.side and cell.c or 0 end

  local function snapOpen(cell, row, notify)
    if notify then
      open[row] = true
      emit(format('{"event":"open","row":%d,"t":%s}', row, number(now)))
    end
    if cell.side and cell.c == TOTAL and cell.r == TOTAL then return end
    setReveal(cell, TOTAL + BOUNCE)
    schedule(cell, "openSettle", now + DURATION)
  end

  local function snapClosed(cell, row, notify)
    if notify then
      open[row] = nil
      emit(format('{"event":"close","row":%d,"t":%s}', row, number(now)))
    end
    if committed(cell) == 0 and cell.r == 0 then return end
    setReveal(cell, -BOUNCE)
    schedule(cell, "closeSettle", now + DURATION)
  end

  -- The last steps of both branches: clamp at the buttons, and snap open there.
  local function reveal(cell, row, amount)
    if amount >= TOTAL then return snapOpen(cell, row, false) end
    setReveal(cell, amount)
  end

  local function complete(cell, step)
    if step == "openSettle" then
      setReveal(cell, TOTAL)
      schedule(cell, "openCommit", now + DURATION)
    elseif step == "closeSettle" then
      setReveal(cell, 0)
      schedule(cell, "closeCommit", now + DURATION)
    else
      commit(cell)
    end
  end

  local function visible(row, number_)
    local cell = cells[row]
    if not cell then error(format("line %d: row %s is not on screen", number_, tostring(row))) end
    return cell
  end

  local lineNumber = 0
  for line in script:gmatch("[^\n]*") do
    lineNumber = lineNumber + 1
    local command, a, b, c = line:match("^%s*(%a+)%s+(%S+)%s*(%S*)%s*(%S*)")
    if command == "pan" then
      local row = tonumber(a)
      local cell = visible(row, lineNumber)
      if b == "begin" then
        if cell.tracking then error(format("line %d: a pan is already in progress", lineNumber)) end
        if cell.side and cell.r ~= 0 then cell.c = cell.r else cell.side, cell.c = false, 0 end
        cell.tracking, cell.start = true, tonumber(c ~= "" and c or "0")
      else
        if not cell.tracking then error(format("line %d: no pan in progress", lineNumber)) end
        if b == "move" then
          local x = tonumber(c)
          local base = committed(cell)
          if base == 0 then -- the cell was closed and is now opening
            local dx = x - cell.start
            if dx < 0 then reveal(cell, row, -dx) else snapClosed(cell, row, false) end
          else -- the cell was at least partially open
            local progress = cell.start - x
            local adjustment = base + progress
            if progress <= 0 then
              local constant = math.max(adjustment, 0)
              if constant == 0 then snapClosed(cell, row, false) else setReveal(cell, constant) end
            else
              reveal(cell, row, adjustment)
            end
          end
        elseif b == "end" then
          cell.tracking = false
          settle(cell)
          local threshold = committed(cell) == 0 and OPEN_THRESHOLD or CLOSE_THRESHOLD
          if cell.r >= threshold then snapOpen(cell, row, true) else snapClosed(cell, row, true) end
        else
          error(format("line %d: unsupported pan '%s'", lineNumber, b))
        end
      end
    elseif command == "tap" then
      local row, button = tonumber(a), tonumber(b)
      local cell = visible(row, lineNumber)
      if button ~= 1 and button ~= 2 then error(format("line %d: no button %s", lineNumber, b)) end
      if cell.r > MIDDLES[button] then
        local t = number(now)
        emit(format('{"event":"action","row":%d,"button":"%s","index":%d,"t":%s}', row, IDS[button], button, t))
        -- plugins/tutorial.lua's on_action: ctx:present the detail screen.
        local text = "Clicked button " .. WORDS[button] .. " for " .. "Longer Title Item #" .. row
        emit(format('{"event":"present","title":"In the delegate!","text":%s,"t":%s}', quoted(text), t))
      end
    elseif command == "wait" then
      local target = now + tonumber(a)
      -- The completions due by then, in time order, each at its own deadline.
      while queued > 0 and queue[1].deadline <= target do
        local entry = table.remove(queue, 1)
        queued = queued - 1
        now = entry.deadline
        complete(entry.cell, entry.step)
      end
      now = target
    elseif command ~= nil or not (line:match("^%s*$") or line:match("^%s*#")) then
      error(format("line %d: unsupported line '%s'", lineNumber, line))
    end
  end

  local rows = {}
  for row = 1, math.min(VISIBLE, ROWS) do
    local r = cells[row].r
    rows[row] = format('{"row":%d,"right":%s,"left":%s}', row, number(r), number(-r))
  end
  local editing = {}
  for row = 1, VISIBLE do
    if open[row] then editing[#editing + 1] = tostring(row) end
  end
  emit(format('{"event":"state","t":%s,"rows":[%s],"editing":[%s]}',
    number(now), concat(rows, ","), concat(editing, ",")))
  return concat(out, "\n") .. "\n"
end
