local swipe = require("swipe")

describe("one failure", function()
  it("passes", function()
    assert.are.equal(1, 1)
  end)

  it("expects the wrong row", function()
    local t = swipe.table {}
    t:swipe(3, -120)
    assert.are.same({ { event = "open", row = 4, t = 150 } }, t:events())
  end)

  it("names the spec line of a bad script line", function()
    local t = swipe.table {}
    t:run [[
      wait 10
      pan 99 begin
    ]]
  end)
end)
