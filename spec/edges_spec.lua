-- Both edges through the test driver: sides in events and cells, taps by edge, rtl, options.
local swipe = require("swipe")

describe("edges", function()
  it("opens mail's leading edge and names its side", function()
    local t = swipe.table { plugins = { "plugins/mail.lua" } }
    local events = t:swipe(3, 120)
    assert.are.same({ { event = "open", row = 3, side = "leading", t = 150 } }, events)
    t:wait(300)
    local cell = t:cell(3)
    assert.are.equal(-80, cell.right)
    assert.are.equal(80, cell.offset)
    assert.are.equal("leading", cell.side)
    assert.are.equal("open", cell.state)
    assert.are.equal("unread", cell.leading[1].id)
    assert.is_true(t:tap(3, "leading:1"))
    assert.are.same({ event = "action", row = 3, button = "unread", index = 1, side = "leading", t = 450 },
      t:events("action")[1])
  end)

  it("opens a row on the side asked", function()
    local t = swipe.table { plugins = { "plugins/mail.lua" } }
    t:open(2, "leading")
    t:open(4)
    assert.are.equal(-80, t:cell(2).right)
    assert.are.equal(240, t:cell(4).right)
    assert.are.same({ 2, 4 }, t:open_rows())
  end)

  it("mirrors everything right to left", function()
    local t = swipe.table { direction = "rtl" }
    t:swipe(3, 120)
    t:wait(300)
    assert.are.equal(-160, t:cell(3).right)
    assert.are.equal("trailing", t:cell(3).side)
  end)

  it("keeps one row open with exclusive, and closes on a content tap with close_on_tap", function()
    local t = swipe.table { exclusive = true, close_on_tap = true }
    t:swipe(3, -120)
    t:wait(300)
    local events = t:swipe(5, -120)
    assert.are.same({ { event = "close", row = 3, t = 600 }, { event = "open", row = 5, t = 600 } }, events)
    assert.are.same({ 5 }, t:open_rows())
    assert.is_false(t:tap(7, "content"))
    assert.are.same({}, t:open_rows())
  end)

  it("refuses an unknown side", function()
    local t = swipe.table {}
    assert.has_error(function() t:open(1, "left") end, "open: the side must be 'leading' or 'trailing', got 'left'")
  end)
end)
