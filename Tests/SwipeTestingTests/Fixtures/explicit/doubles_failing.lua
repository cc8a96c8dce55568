-- Each test fails on purpose: the messages of registered assertions, unique, matchers and mock (TestDoublesTests).
local say = require("say")
say:set("assertion.has_property.positive", "Expected property %s in:\n%s")
say:set("assertion.has_property.negative", "Expected property %s to not be in:\n%s")
assert:register("assertion", "has_property", function(_, a) return a[2][a[1]] ~= nil end,
  "assertion.has_property.positive", "assertion.has_property.negative")
describe("fails", function()
  it("registered", function() assert.has_property("age", { name = "x" }) end)
  it("negated", function() assert.is_not.has_property("name", { name = "x" }) end)
  it("unique", function() assert.is.unique({ 1, 1 }) end)
  it("matcher", function() local s = spy.new(function() end); s(1); assert.spy(s).was.called_with(match.is_string()) end)
  it("unknown matcher", function() local _ = match.is_frobnicated end)
  it("mock of a non-table", function() mock(3) end)
end)
