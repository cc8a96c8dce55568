-- Every test passes: the busted-compatible API and the swipe driver, end to end.
local dir = debug.getinfo(1, "S").source:sub(2):match("^(.*)/") or "."
local swipe = require("swipe")

describe("api", function()
  local order = {}
  setup(function() order[#order + 1] = "setup" end)
  before_each(function() order[#order + 1] = "before" end)
  after_each(function() order[#order + 1] = "after" end)

  it("runs hooks around each test", function()
    assert.are.equal("setup", order[1])
    assert.are.equal("before", order[#order])
  end)

  context("assertions", function()
    it("compares, negates and checks errors", function()
      assert.are.equal(2, 1 + 1)
      assert.is_not.equal(1, 2)
      assert.are.same({ a = { 1, 2 } }, { a = { 1, 2 } })
      assert.are_not.same({ 1 }, { 2 })
      assert.is_true(true)
      assert.is_false(false)
      assert.is_nil(nil)
      assert.is_not_nil(0)
      assert.truthy(0)
      assert.falsy(nil)
      assert.has_error(function() error("boom") end, "boom")
      assert.has_no.errors(function() end)
    end)

    it("spies on calls", function()
      local s = spy.new(function(x) return x end)
      s(1, "a")
      assert.spy(s).was.called(1)
      assert.spy(s).was.called_with(1, "a")
      assert.spy(s).was_not.called_with(2)
      local obj = { f = function(x) return x * 2 end }
      local wrapped = spy.on(obj, "f")
      assert.are.equal(4, obj.f(2))
      assert.spy(wrapped).was.called(1)
    end)
  end)

  it("drives a table with the tutorial plugin", function()
    local t = swipe.table { plugins = { dir .. "/../../../../plugins/tutorial.lua" } }
    t:run [[
      pan 3 begin
      pan 3 move -45
      pan 3 end
      wait 300
    ]]
    assert.are.same({ { event = "open", row = 3, t = 0 } }, t:events())
    assert.are.equal(160, t:cell(3).right)
  end)
end)
