-- A bugged example for `swipehost explore` (README, "Your first plugin in five minutes"): a long
-- swipe left on a row snoozes it (its Snooze button, completion "manual": the row waits filled),
-- and 1000 ms later the plugin fulfils the delete. Done deletes a row at once.
--
-- The bug: the timer fulfils by `row.index`, the row's number when it was swiped, and assumes the
-- row is still there and still waiting. Neither holds: mark a row Done above it within the
-- second, or snooze a row above it just before, and the snoozed row moves up when that row is
-- deleted (the timer names another row, or one past the end). Either way `ctx:fulfill` fails (a
-- plugin_error in `after`). Nobody tries that by hand; `swipehost explore examples/snooze.lua
-- --seed 1` finds two rows snoozed within the second in 6 lines and writes
-- explore/snooze-1.swipe and explore/snooze-1_spec.lua.
--
-- The fix: name the row by its id, which follows it wherever it moves, and only while it is
-- there (`swipehost explore` then finds nothing in 1,000 runs):
--     ctx:after(1000, function(c)
--       if c:index(row.id) then c:fulfill(row.id, "delete") end
--     end)

---@type SwipePlugin
return {
  name = "snooze",

  items = { "Call the bank", "Water the plants", "Book the dentist", "Pay the rent", "Renew the passport" },

  configure = function()
    return {
      trailing = {
        buttons = {
          { id = "snooze", title = "Snooze", width = 90, color = "#5856D6" },
          { id = "done", title = "Done", width = 80, color = "#34C759" },
        },
        full_swipe = { completion = "manual" },
      },
    }
  end,

  on_action = function(ctx, row, button)
    if button.id == "snooze" and button.full then
      local index = row.index -- the bug: the row's number now, not the row
      ctx:after(1000, function(c) c:fulfill(index, "delete") end)
    elseif button.id == "done" then
      ctx:delete(row.index)
    end
  end,
}
