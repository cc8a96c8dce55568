-- `..`, load and their loops are charged by their work (the allocation, the source).
local big = string.rep("a", 1 << 20)
for i = 1, 100000 do local s = big .. i end
