local dir = debug.getinfo(1, "S").source:sub(2):match("^(.*)/") or "."
local swipe = require("swipe")

describe("dropped", function()
  it("still reports the plugin errors of a table it let go", function()
    local t = swipe.table { plugins = { dir .. "/../plugins/forever.lua" }, budget = 100000 }
    t:swipe(2, -100)
    t = nil
    collectgarbage()
    collectgarbage()
    error("failed after the table was collected")
  end)

  it("does not report them in the next test", function()
    collectgarbage()
    error("failed without a table")
  end)
end)
