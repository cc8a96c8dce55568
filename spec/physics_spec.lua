-- Release physics through the test driver: presets, flicks with a velocity, springs drawn by time.
local swipe = require("swipe")

describe("physics", function()
  it("opens a short pan flicked towards the buttons with the swipecellkit preset", function()
    local t = swipe.table { preset = "swipecellkit" }
    local events = t:pan(3, { -30 }, { velocity = -600 })
    assert.are.same({ { event = "open", row = 3, velocity = -600, t = 0 } }, events)
    t:wait(1000)
    assert.are.equal(160, t:cell(3).right)
    events = t:pan(3, { 10 }, { velocity = 600 })
    assert.are.same({ { event = "close", row = 3, velocity = 600, t = 1000 } }, events)
  end)

  it("ignores the velocity with the tutorial preset", function()
    local t = swipe.table { preset = "tutorial" }
    assert.are.same({ { event = "close", row = 3, t = 0 } }, t:pan(3, { -30 }, { velocity = -600 }))
  end)

  it("draws a spring as a function of the virtual time", function()
    local t = swipe.table { preset = "swipecellkit" }
    t:pan(3, { -100 }, { velocity = 0 })
    local drawn = {}
    for i = 1, 4 do
      t:wait(50)
      drawn[i] = t:cell(3).drawn
    end
    -- `drawn` is a right constant, as the text table's "drawn at": minus the offset.
    assert.are.equal(-160, t:cell(3).offset)
    assert.is_true(drawn[1] > 100 and drawn[1] < 160)
    assert.is_true(drawn[4] > drawn[1])
    t:wait(2000)
    assert.are.equal(160, t:cell(3).drawn)
    assert.are.equal("open", t:cell(3).state)
  end)

  it("expands, acts with the full swipe and fulfils later", function()
    local t = swipe.table { plugins = { "fixtures/full_swipe.lua" } }
    local events = t:pan(3, { -150, -250, -100, -250 })
    assert.are.same({ "expand", "collapse", "expand", "action" }, {
      events[1].event, events[2].event, events[3].event, events[4].event })
    assert.are.equal("trailing", events[1].side)
    assert.is_true(events[4].full)
    t:wait(499)
    assert.are.equal(30, #t:items())
    t:wait(101)
    assert.are.same({ { event = "delete", row = 3, item = "Longer Title Item #3", t = 600 } }, t:events("delete"))
    assert.are.equal(29, #t:items())
  end)

  -- The state is what is drawn. A spring row reset by a full swipe is closed
  -- in the model at once, while it is still drawn 202 points open: it was reported "closed",
  -- with no side. A tutorial row (its bounce) was already "moving".
  it("reports a row reset by a full swipe as moving until it is drawn closed", function()
    for _, preset in ipairs({ "swipecellkit", "tutorial" }) do
      local t = swipe.table { preset = preset, plugins = { "fixtures/reset_full_swipe.lua" } }
      -- 192 points to the threshold (0.6 of the width), then 0.2 a point: 192 + 50 * 0.2.
      local events = t:pan(3, { -242 })
      -- The row snaps closed as it is released: its close before the action, in the order it moves.
      assert.are.same({ "expand", "close", "action" }, { events[1].event, events[2].event, events[3].event })
      local cell = t:cell(3)
      assert.are.same({ "moving", "trailing", 202 }, { cell.state, cell.side, cell.drawn })
      t:wait(50)
      cell = t:cell(3)
      assert.are.same({ "moving", "trailing" }, { cell.state, cell.side })
      assert.is_true(cell.drawn > 0 and cell.drawn < 202)
      t:wait(3000)
      cell = t:cell(3)
      assert.are.same({ "closed", 0, 0 }, { cell.state, cell.drawn, cell.offset })
      assert.is_nil(cell.side)
    end
  end)

  it("refuses a velocity past its limit and an unknown preset", function()
    local t = swipe.table {}
    assert.has_error(function() t:pan(3, { -30 }, { velocity = 1e9 }) end,
      "pan: velocity must be a number of points/s from -100000 to 100000, got 1000000000")
    assert.has_error(function() swipe.table { preset = "ios" } end,
      "swipe.table: 'preset' must be one of 'tutorial', 'swipecellkit', 'mail', got 'ios'")
  end)
end)
