-- One bug, reached only by a sequence: both edges have a full swipe, but the plugin's table of
-- full-swipe actions only knows the trailing one; a long drag towards the leading edge calls
-- a nil.
local full_actions = {
  trash = function(ctx, row) ctx:delete(row.index) end,
}

return {
  name = "other_edge",
  configure = function()
    return {
      trailing = { buttons = { { id = "trash", title = "Trash", width = 80 } }, full_swipe = { completion = "reset" } },
      leading = { buttons = { { id = "pin", title = "Pin", width = 80 } }, full_swipe = { completion = "reset" } },
    }
  end,
  on_action = function(ctx, row, button)
    if button.full then full_actions[button.id](ctx, row) end
  end,
}
