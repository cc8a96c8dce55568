-- Failures whose values are deep, wide or huge: their descriptions are cut short (10 levels,
-- 200 entries, 200 bytes of a string), and what a test allocates counts against its budget.
local function chain(depth, leaf)
  local root = {}
  local t = root
  for _ = 1, depth do
    t.x = {}
    t = t.x
  end
  t.leaf = leaf
  return root
end

describe("deep", function()
  it("compares two chains 5000 levels deep", function()
    assert.are.same(chain(5000, 1), chain(5000, 2))
  end)

  it("shows a wide table", function()
    local wide = {}
    for i = 1, 1000 do wide[i] = i end
    assert.are.equal(1, wide)
  end)

  it("shows a huge string", function()
    assert.are.same({ string.rep("a", 1 << 24) }, {})
  end)

  it("concatenates a huge string in a loop", function()
    local big = string.rep("a", 1 << 24)
    for i = 1, 1000000 do
      local _ = big .. i
    end
  end)
end)
