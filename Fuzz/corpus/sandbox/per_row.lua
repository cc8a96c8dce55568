-- Different rows, different cells: shows that buttons, bounce, timing and thresholds are asked
-- of the plugin row by row.
--   * every 3rd row: three narrow buttons, a slow linear snap, custom thresholds;
--   * other odd rows: one wide Archive button and no bounce;
--   * row 10: left to the next plugin, or to the tutorial's cell;
--   * other even rows: the tutorial's two buttons with a big bounce.

---@type SwipePlugin
return {
  name = "per_row",
  version = "1.0",

  configure = function(row)
    local i = row.index
    if i == 10 then
      return nil
    elseif i % 3 == 0 then
      return {
        buttons = {
          { id = "call", title = "Call", width = 60 },
          { id = "text", title = "Text", width = 60 },
          { id = "mail", title = "Mail", width = 60 },
        },
        bounce = 10,
        duration = 0.2,
        curve = "linear",
        open_threshold = 20,
        close_threshold = 150,
      }
    elseif i % 2 == 1 then
      return {
        buttons = { { id = "archive", title = "Archive", width = 120, color = "#34C759" } },
        bounce = 0,
      }
    else
      return {
        buttons = {
          { id = "one", title = "Button 1", width = 80 },
          { id = "two", title = "Button 2", width = 80 },
        },
        bounce = 40,
      }
    end
  end,

  on_open = function(ctx, row)
    ctx:emit("opened", { row = row.index })
  end,

  on_action = function(ctx, row, button)
    ctx:log(button.id .. " on " .. row.item)
  end,
}
