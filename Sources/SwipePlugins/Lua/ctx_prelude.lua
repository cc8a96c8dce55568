local ctx, host = ...
local now = host.now
setmetatable(ctx, {
  __index = function(_, key) if key == "now" then return now() end end,
  __newindex = function(_, key) error("ctx is read-only (cannot set '" .. tostring(key) .. "')", 2) end,
  __metatable = false,
})
