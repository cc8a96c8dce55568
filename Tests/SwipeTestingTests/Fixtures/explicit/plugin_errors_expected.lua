local swipe = require("swipe")
local dir = debug.getinfo(1, "S").source:sub(2):match("^(.*)/") or "."

describe("plugin errors", function()
  it("fail the test", function()
    local t = swipe.table { plugins = { "../../../../spec/fixtures/broken.lua" } }
    t:swipe(2, -80)
    t:wait(300)
    t:tap(2, "boom")
  end)

  it("pass when allowed", function()
    local t = swipe.table { plugins = { dir .. "/../../../../spec/fixtures/broken.lua" }, plugin_errors = "allow" }
    t:swipe(2, -80)
    t:wait(300)
    t:tap(2, "boom")
  end)

  it("pass when looked at", function()
    local t = swipe.table { plugins = { dir .. "/../../../../spec/fixtures/broken.lua" } }
    t:swipe(2, -80)
    t:wait(300)
    t:tap(2, "boom")
    assert.are.equal(1, #t:errors())
  end)

  it("fail when they happen after the test looked", function()
    local t = swipe.table { plugins = { dir .. "/../../../../spec/fixtures/broken.lua" } }
    t:swipe(2, -80)
    t:wait(300)
    t:tap(2, "boom")
    assert.are.equal(1, #t:errors())
    t:tap(2, "boom")
  end)

  it("names both places tried for a plugin not found", function()
    swipe.table { plugins = { "nowhere.lua" } }
  end)
end)
