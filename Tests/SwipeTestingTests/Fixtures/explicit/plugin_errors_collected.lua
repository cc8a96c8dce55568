-- A table with an unexpected plugin error is collected during its test: the error is reported
-- once (its finalizer moves it out of the weak table the report also reads).
local swipe = require("swipe")
local dir = debug.getinfo(1, "S").source:sub(2):match("^(.*)/") or "."

describe("a table collected during the test", function()
  it("reports its plugin error once", function()
    local t = swipe.table { plugins = { dir .. "/../../../../spec/fixtures/broken.lua" } }
    t:swipe(2, -80)
    t:wait(300)
    t:tap(2, "boom")
    t = nil -- luacheck: ignore 311
    collectgarbage()
  end)
end)
