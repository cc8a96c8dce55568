local dir = debug.getinfo(1, "S").source:sub(2):match("^(.*)/") or "."
local swipe = require("swipe")

describe("forever", function()
  it("reports a plugin's endless loop as a plugin error", function()
    local t = swipe.table { plugins = { dir .. "/../plugins/forever.lua" }, budget = 100000 }
    t:swipe(2, -100)
    assert.are.same({}, t:errors())
  end)

  it("stops its own endless loop", function()
    while true do end
  end)

  it("goes on after both", function()
    local t = swipe.table { plugins = { dir .. "/../plugins/forever.lua" }, budget = 100000 }
    t:swipe(2, -100)
    assert.are.equal(1, #t:errors())
    assert.are.same({ 2 }, t:open_rows())
  end)
end)
