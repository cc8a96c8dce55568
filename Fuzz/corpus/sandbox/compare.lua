-- Comparing long strings is uncounted by the budget; the time limit (or the budget) ends the loop.
local a = string.rep("x", 1 << 18)
local b = string.rep("x", (1 << 18) - 1) .. "x"
local n = 0
while true do if a < b or a == b then n = n + 1 end end
