-- An inbox with table items: each row has an id and fields beside its title. A full
-- swipe on Trash asks first (completion "manual") and deletes 800 ms later, naming the row by its
-- id, so the row is found wherever rows above it moved; Archive deletes at once. Pinned rows have
-- no Trash.
--   swipehost run examples/inbox.swipe

---@type SwipePlugin
return {
  name = "inbox",

  items = {
    { id = "m1", title = "Welcome to your inbox", unread = true },
    { id = "m2", title = "Lunch on Friday?", pinned = true },
    { id = "m3", title = "Invoice #2291", unread = true, amount = 42.5 },
    { id = "m4", title = "Weekend hiking plan", tags = { "family", "outdoors" } },
    "a plain string item",
  },

  configure = function(row)
    local archive = { id = "archive", title = "Archive", width = 80 }
    if type(row.item) == "table" and row.item.pinned then
      return { trailing = { buttons = { archive } } }
    end
    return {
      trailing = {
        buttons = { { id = "trash", title = "Trash", width = 80, style = "destructive" }, archive },
        full_swipe = { completion = "manual" },
      },
    }
  end,

  on_action = function(ctx, row, button)
    if button.id == "trash" and button.full then
      ctx:log("delete " .. row.id .. " (" .. row.title .. ")? yes, in 800 ms")
      ctx:after(800, function(c)
        -- The row may be gone: a second full swipe while its first delete slid it out (found
        -- by swipehost explore; Tests/SwipeExploreTests/Fixtures/inbox_regression.swipe).
        local index = c:index(row.id)
        if index == nil then return end
        c:log(row.id .. " is now row " .. index)
        c:fulfill(row.id, "delete")
      end)
    else
      ctx:delete(row.id)
    end
  end,
}
