-- The tutorial's cell through plugins/tutorial.lua: thresholds, the bounce, the delegate.
-- Runs under `swipehost test` and under `swipehost lua /usr/bin/busted spec/`.
local swipe = require("swipe")

describe("tutorial", function()
  local t

  before_each(function()
    t = swipe.table { plugins = { "plugins/tutorial.lua" } }
  end)

  describe("opening threshold (half of Button 1, 40 points)", function()
    it("opens a pan released at 40 points", function()
      t:pan(3, { -20, -40 })
      t:wait(300)
      assert.are.same({ { event = "open", row = 3, t = 0 } }, t:events("open"))
      assert.are.equal("open", t:cell(3).state)
      assert.are.equal(160, t:cell(3).right)
      assert.are.same({ 3 }, t:open_rows())
    end)

    it("snaps back closed below 40 points", function()
      t:pan(3, { -39 })
      t:wait(300)
      assert.are.same({ { event = "close", row = 3, t = 0 } }, t:events()) -- the tutorial tells the delegate
      assert.are.equal("closed", t:cell(3).state)
      assert.are.equal(0, t:cell(3).right)
      assert.are.same({}, t:open_rows())
    end)

    it("snaps back closed when the pan is cancelled", function()
      t:pan(3, { -100 }, { cancel = true })
      t:wait(300)
      assert.are.same({}, t:events("open"))
      assert.are.equal("closed", t:cell(3).state)
    end)
  end)

  it("bounces to 180 points, then rests at 160", function()
    t:run [[
      pan 3 begin
      pan 3 move -45
      pan 3 end
    ]]
    assert.are.equal(180, t:cell(3).right)
    assert.are.equal("moving", t:cell(3).state)
    t:wait(100)
    assert.are.equal(160, t:cell(3).right)
    t:wait(100)
    assert.are.equal("open", t:cell(3).state)
    assert.are.equal(200, t:now())
  end)

  it("closes an open row dragged back below 120 points (Button 2 plus half of Button 1)", function()
    t:swipe(3, -120)
    t:wait(300)
    t:pan(3, { 30, 50 })
    t:wait(300)
    assert.are.same({ "open", "close" }, { t:events()[1].event, t:events()[2].event })
    assert.are.equal("closed", t:cell(3).state)
    assert.are.same({}, t:open_rows())
  end)

  it("presents the detail screen from the delegate when a revealed button is tapped", function()
    assert.is_nil(t:presented())
    t:swipe(3, -120)
    t:wait(300)
    assert.is_true(t:tap(3, 2))
    assert.are.same({ title = "In the delegate!", text = "Clicked button two for Longer Title Item #3" }, t:presented())
    assert.are.same({ event = "action", row = 3, button = "two", index = 2, t = 450 }, t:events("action")[1])
  end)

  it("does not reach a button that is not revealed", function()
    assert.is_false(t:tap(3, 1))
    assert.are.same({}, t:events("action"))
    assert.is_nil(t:presented())
  end)
end)
