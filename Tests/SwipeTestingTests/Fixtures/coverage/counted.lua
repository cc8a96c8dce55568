-- Coverage fixture: CoverageTests counts every line of this file by hand.
local M = { name = "counted" }

local function label(index)
  if index % 2 == 0 then
    return "even"
  else
    return "odd"
  end
end

local function risky()
  M.risky = (M.risky or 0) + 1
  error("caught")
end

function M.configure(row)
  return { buttons = { { id = label(row.index), title = "B", width = 80 } } }
end

function M.on_open(ctx, row)
  ctx:after(100, function()
    M.fired = true
  end)
  local co = coroutine.wrap(function()
    M.resumed = true
    coroutine.yield()
    M.never = true
  end)
  co()
  pcall(risky)
  if row.index > 100 then
    M.far = true
  end
end

return M
