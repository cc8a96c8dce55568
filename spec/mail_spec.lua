-- plugins/mail.lua: Trash deletes (open rows after it move up), Flag toggles, More presents.
local swipe = require("swipe")

describe("mail", function()
  local t

  before_each(function()
    t = swipe.table { plugins = { "plugins/mail.lua" } }
  end)

  it("provides its own items", function()
    local items = t:items()
    assert.are.equal(15, #items)
    assert.are.equal("Lunch on Friday?", items[1])
  end)

  it("gives every row Trash, Flag and More, Trash rightmost", function()
    local ids = {}
    for i, button in ipairs(t:cell(2).buttons) do ids[i] = button.id end
    assert.are.same({ "trash", "flag", "more" }, ids)
  end)

  it("deletes a trashed row, and the open rows after it move up", function()
    t:run [[
      swipe 4 -150
      wait 250
      swipe 1 -150
      wait 250
    ]]
    assert.are.same({ 1, 4 }, t:open_rows())
    t:tap(1, "trash")
    assert.are.same({ 3 }, t:open_rows())
    assert.are.equal("Your order has shipped", t:items()[1])
    assert.are.equal(14, #t:items())
    local deleted = t:events("delete")
    assert.are.equal(1, #deleted)
    assert.are.equal(1, deleted[1].row)
    assert.are.equal("Lunch on Friday?", deleted[1].item)
  end)

  it("flags and unflags a message, closing the row", function()
    t:swipe(2, -200)
    t:wait(250)
    t:tap(2, "flag")
    t:wait(250)
    assert.are.equal("[flagged] Your order has shipped", t:items()[2])
    assert.are.equal("closed", t:cell(2).state)
    assert.are.equal("Unflag", t:cell(2).buttons[2].title)
    t:swipe(2, -200)
    t:wait(250)
    t:tap(2, "flag")
    assert.are.equal("Your order has shipped", t:items()[2])
  end)

  it("presents a sheet for More", function()
    t:swipe(5, -230)
    t:wait(250)
    t:tap(5, "more")
    assert.are.same({ title = "Invoice #2291", text = "Reply, Forward, Mark as Unread, Move Message..." },
      t:presented())
  end)
end)
