-- A second spec over counted.lua (two rows: the even branch too), so that --jobs 2 runs two workers.
local swipe = require("swipe")
local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$")

describe("second", function()
  it("configures two rows", function()
    local t = swipe.table { plugins = { here .. "/counted.lua" }, rows = 2 }
    assert.are.equal("even", t:cell(2).buttons[1].id)
  end)
end)
