-- One bug, reached only by a sequence: the rows stretch past their buttons (overscroll), but the
-- progress handler picks a shade by how far the buttons are revealed, assuming at most all of
-- them; a pan pulled past the buttons indexes past the shades.
local shades = { "#eeeeee", "#cccccc", "#aaaaaa", "#888888", "#666666" }

return {
  name = "past_buttons",
  configure = function()
    return {
      buttons = { { id = "one", title = "One", width = 60 }, { id = "two", title = "Two", width = 60 } },
      overscroll = 0.5,
    }
  end,
  on_progress = function(ctx, row)
    local shade = shades[math.floor(row.fraction * 4) + 1]
    ctx:emit("shade", { value = shade:lower() })
  end,
}
