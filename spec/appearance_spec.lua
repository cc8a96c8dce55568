-- The buttons' geometry through the test driver (docs/appearance.md). plugins/transitions.lua
-- gives rows 1-4 the transitions reveal, drag, border and stretch; three trailing buttons of
-- 80, 60 and 100 points in a 320-point row.
local swipe = require("swipe")

local function frames(cell)
  local list = {}
  for i, button in ipairs(cell.buttons) do list[i] = { button.x, button.width } end
  return list
end

describe("appearance", function()
  it("puts each transition's buttons where its formula says, at half the reveal", function()
    local t = swipe.table { plugins = { "plugins/transitions.lua" } }
    for row = 1, 4 do
      t:run(("pan %d begin\npan %d move -120"):format(row, row))
    end
    assert.are.same({ { 240, 80 }, { 180, 60 }, { 80, 100 } }, frames(t:cell(1)))   -- reveal
    assert.are.same({ { 360, 80 }, { 300, 60 }, { 200, 100 } }, frames(t:cell(2)))  -- drag
    assert.are.same({ { 280, 80 }, { 250, 60 }, { 200, 100 } }, frames(t:cell(3)))  -- border
    assert.are.same({ { 280, 40 }, { 250, 30 }, { 200, 50 } }, frames(t:cell(4)))   -- stretch
  end)

  it("gives the row's place and height", function()
    local t = swipe.table { plugins = { "plugins/transitions.lua" } }
    assert.are.same({ 88, 44 }, { t:cell(3).y, t:cell(3).height })
  end)

  it("reports drawn as a right constant, as the text table's 'drawn at'", function()
    local t = swipe.table { preset = "swipecellkit" }
    t:pan(3, { -100 }, { velocity = 0 })
    t:wait(50)
    local cell = t:cell(3)
    assert.is_true(cell.drawn > 100 and cell.drawn < 160)
    assert.are.equal(-160, cell.offset)
    assert.are.equal(160, cell.right)
  end)
end)
