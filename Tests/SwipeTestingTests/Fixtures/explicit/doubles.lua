-- Doubles, matchers and custom assertions, written with busted's and luassert's API only: it
-- passes under `swipehost test` and under Debian's busted alike (TestDoublesTests).
local say = require("say")

local function has_property(_, arguments)
  local property, table = arguments[1], arguments[2]
  return type(table) == "table" and table[property] ~= nil
end
say:set("assertion.has_property.positive", "Expected property %s in:\n%s")
say:set("assertion.has_property.negative", "Expected property %s to not be in:\n%s")
assert:register("assertion", "has_property", has_property,
  "assertion.has_property.positive", "assertion.has_property.negative")

assert:register("matcher", "even", function()
  return function(value) return type(value) == "number" and value % 2 == 0 end
end)

describe("doubles", function()
  it("mock spies on every function of a table, deeply", function()
    local mailer = { send = function(to) return "sent to " .. to end, nested = { ping = function() return "pong" end } }
    local original = mailer.send
    local m = mock(mailer)
    assert.are.equal("sent to ann", m.send("ann"))
    assert.are.equal("pong", m.nested.ping())
    assert.spy(m.send).was.called_with("ann")
    assert.spy(m.nested.ping).was.called(1)
    mock.revert(m)
    assert.are.equal(original, mailer.send)
  end)

  it("mock with stubbed replaces every function by a stub", function()
    local mailer = { send = function() error("must not run") end }
    mock(mailer, true)
    assert.is_nil(mailer.send("bob"))
    assert.stub(mailer.send).was.called_with(match.is_string())
  end)

  it("matchers compare the arguments of calls", function()
    local s = spy.new(function() end)
    s(42, "x", { 1 }, true, nil)
    assert.spy(s).was.called_with(match.is_number(), match.is_string(), match.is_table(), match.is_true(), match.is_nil())
    assert.spy(s).was.called_with(match._, match.is_not_number(), match.is_same({ 1 }), match.is_truthy(), match.is_falsy())
    assert.spy(s).was_not.called_with(match.is_string(), match._, match._, match._, match._)
    assert.spy(s).was.called_with(match.is_even(), match._, match._, match.is_equal(true), match._)
  end)

  it("unique holds for a list without repeats", function()
    assert.is.unique({ 1, 2, 3 })
    assert.is_not.unique({ 1, 2, 1 })
    assert.is.unique({ { 1 }, { 1 } })
    assert.is_not.unique({ { 1 }, { 1 } }, true)
  end)

  it("a registered assertion holds and negates", function()
    assert.has_property("name", { name = "x" })
    assert.is_not.has_property("age", { name = "x" })
  end)

  spec("spec defines a test as it does", function()
    assert.is_function(spec)
  end)

  test("test defines a test as it does", function()
    assert.is_function(test)
  end)
end)

insulate("an insulated block", function()
  -- luacheck: globals leaked_by_insulate
  leaked_by_insulate = "inside"
  it("sees what it set", function()
    assert.are.equal("inside", leaked_by_insulate)
  end)
end)

describe("after the insulated block", function()
  it("its globals are gone", function()
    assert.is_nil(rawget(_G, "leaked_by_insulate"))
  end)
end)
