-- One bug, reached only by a sequence: the plugin assumes one row is open at a time (it keeps
-- "the" open row), but without `exclusive` a second row opens while the first stays open.
local open_row

return {
  name = "two_open",
  configure = function()
    return { buttons = { { id = "delete", title = "Delete", width = 80 }, { id = "more", title = "More", width = 80 } } }
  end,
  on_open = function(_, row)
    if open_row ~= nil and open_row ~= row.id then error("two rows are open") end
    open_row = row.id
  end,
  on_close = function(_, row)
    if open_row == row.id then open_row = nil end
  end,
}
