-- Drives counted.lua for CoverageTests: one row, opened by a swipe, then the timer fires.
local swipe = require("swipe")
local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$")

describe("counted", function()
  it("opens row 1 and lets the timer fire", function()
    local t = swipe.table { plugins = { here .. "/counted.lua" }, rows = 1 }
    t:swipe(1, -100)
    t:wait(300)
  end)
end)
