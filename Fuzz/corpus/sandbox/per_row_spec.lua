-- plugins/per_row.lua: buttons, bounce, timing and thresholds differ from row to row.
local swipe = require("swipe")

local function ids(cell)
  local list = {}
  for i, button in ipairs(cell.buttons) do list[i] = button.id end
  return list
end

describe("per_row", function()
  local t

  before_each(function()
    t = swipe.table { plugins = { "plugins/per_row.lua" } }
  end)

  it("configures each row its own way", function()
    assert.are.same({ "archive" }, ids(t:cell(1)))
    assert.are.same({ "one", "two" }, ids(t:cell(2)))
    assert.are.same({ "call", "text", "mail" }, ids(t:cell(3)))
    assert.are.equal(120, t:cell(1).buttons[1].width)
    assert.are.equal(60, t:cell(3).buttons[1].width)
  end)

  it("leaves row 10 to the tutorial's cell", function()
    assert.are.same({ "one", "two" }, ids(t:cell(10)))
    assert.are.equal("Button 1", t:cell(10).buttons[1].title)
  end)

  it("opens row 3 from 20 points, where the tutorial's cell would stay closed", function()
    t:pan(3, { -25 })
    t:pan(4, { -25 })
    t:wait(1000)
    assert.are.same({ 3 }, t:open_rows())
    assert.are.equal(180, t:cell(3).right)
    assert.are.equal("closed", t:cell(4).state)
  end)

  it("bounces each row by its own amount", function()
    t:pan(2, { -50 })
    assert.are.equal(200, t:cell(2).right) -- 160 + a bounce of 40
    t:pan(1, { -80 })
    assert.are.equal(120, t:cell(1).right) -- no bounce
  end)

  it("snaps row 3 with slow 0.2 s steps", function()
    t:pan(3, { -25 })
    t:wait(100)
    assert.are.equal("moving", t:cell(3).state)
    t:wait(300)
    assert.are.equal("open", t:cell(3).state)
  end)

  it("emits its own event when a row opens", function()
    t:swipe(3, -25)
    assert.are.same({ event = "opened", plugin = "per_row", row = 3, t = 150 }, t:events("opened")[1])
  end)
end)
