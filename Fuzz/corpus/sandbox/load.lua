-- load is charged per byte of source, a reader function per piece.
local src = string.rep(" ", 1 << 16) .. "return 1"
for i = 1, 1000 do load(src) end
local done = 0
print(load(function() done = done + 1 if done > 100 then return nil end return src end))
print(pcall(load, src, "x", "b"))
