-- A failing plugin handler is reported as a plugin error; the table goes on.
local swipe = require("swipe")

describe("a plugin error", function()
  it("is reported with the plugin, hook, row and place, and is not fatal", function()
    local t = swipe.table { plugins = { "spec/fixtures/broken.lua" } }
    t:swipe(2, -80)
    t:wait(300)
    t:tap(2, "boom")
    local errors = t:errors()
    assert.are.equal(1, #errors)
    assert.are.equal("broken", errors[1].plugin)
    assert.are.equal("on_action", errors[1].hook)
    assert.are.equal(2, errors[1].row)
    assert.are.equal("spec/fixtures/broken.lua:8: boom on row 2", errors[1].message)
    assert.truthy(errors[1].traceback:find("spec/fixtures/broken.lua:8", 1, true))
    local events = t:events("plugin_error")
    assert.are.same({ event = "plugin_error", plugin = "broken", file = "spec/fixtures/broken.lua",
      hook = "on_action", row = 2, message = "spec/fixtures/broken.lua:8: boom on row 2", kind = "runtime",
      t = 450 }, events[1])

    t:swipe(5, -80)
    t:wait(300)
    assert.are.same({ 2, 5 }, t:open_rows())
  end)

  it("stops a plugin that loops forever with its budget, and the table goes on #runaway", function()
    local t = swipe.table { plugins = { "spec/fixtures/looping.lua" }, budget = 100000 }
    local errors = t:errors()
    assert.is_true(#errors >= 1)
    assert.are.equal("looping", errors[1].plugin)
    assert.are.equal("configure", errors[1].hook)
    assert.truthy(errors[1].message:find("instruction budget of 100000 exceeded", 1, true))
    assert.are.same({}, t:cell(1).buttons) -- a row whose configure fails gets no buttons
    t:pan(1, { -100 })
    assert.are.equal(0, t:cell(1).right)
  end)
end)
