-- Row animations through the test driver: t:cell(row).y follows a collapse.
local swipe = require("swipe")

describe("row animations", function()
  it("moves the rows below a deleted row up over 300 ms with row_animation = 'fade'", function()
    local t = swipe.table { plugins = { "plugins/mail.lua" }, row_animation = "fade" }
    t:open(3)
    t:tap(3, "trash")
    assert.are.same({ row = 3 }, { row = t:events("delete")[1].row })
    -- The old 4th row, now the 3rd, starts under the collapsing gap: 88 + 44.
    assert.are.equal(132, t:cell(3).y)
    t:wait(150)
    -- 88 + 44 * (1 - e(0.5)): 110 to within the curve's bisection (1e-13).
    assert.is_true(math.abs(t:cell(3).y - 110) < 1e-9)
    t:wait(150)
    assert.are.equal(88, t:cell(3).y)
    assert.are.equal(44, t:cell(3).height)
  end)

  it("deletes at once without it, as the tutorial does", function()
    local t = swipe.table { plugins = { "plugins/mail.lua" } }
    t:open(3)
    t:tap(3, "trash")
    assert.are.equal(88, t:cell(3).y)
  end)
end)
