-- plugins/mail.lua as it looks after a swipe, kept as snapshots (docs/testing.md, "Snapshots"):
-- spec/__snapshots__/mail_snapshot_spec/ holds them; `swipehost test --update-snapshots` rewrites
-- them after a deliberate change. assert.snapshot and t:render are swipehost test's own, so the
-- block is tagged #swipehost and scripts/test.sh leaves it out of its busted run
-- (`busted --exclude-tags=swipehost`). Run it alone with: swipehost test --tags slow
local swipe = require("swipe")
local say = require("say")

-- A custom assertion, with luassert's messages: a cell has a button with this title.
say:set("assertion.has_button.positive", "Expected a button titled %s in:\n%s")
say:set("assertion.has_button.negative", "Expected no button titled %s in:\n%s")
assert:register("assertion", "has_button", function(_, arguments)
  local cell = arguments[2]
  for _, button in ipairs(cell and cell.buttons or {}) do
    if button.title == arguments[1] then return true end
  end
  return false
end, "assertion.has_button.positive", "assertion.has_button.negative")

describe("mail snapshots #slow #swipehost", function()
  local t

  before_each(function()
    t = swipe.table { plugins = { "plugins/mail.lua" }, viewport = 176 }
  end)

  it("draws row 2 swiped open to Trash, Flag and More", function()
    t:swipe(2, -150)
    t:wait(300)
    assert.has_button("Flag", t:cell(2))
    assert.is_not.has_button("Unflag", t:cell(2))
    assert.snapshot(t:render())
    assert.snapshot(t:cell(2))
  end)

  it("hands each event to a mocked listener, its time a number", function()
    local listener = mock({ on_event = function() end })
    t:swipe(2, -150)
    t:wait(300)
    for _, event in ipairs(t:events()) do listener.on_event(event.event, event.t) end
    assert.spy(listener.on_event).was.called_with("open", match.is_number())
    mock.revert(listener)
    assert.snapshot(t:events())
  end)
end)
