-- The Mail app's pattern: Trash (destructive, deletes the row), Flag (toggles a flag shown in
-- the item), More (presents a sheet). Button 1, the rightmost, is Trash.

local FLAG = "[flagged] "

local function is_flagged(item)
  return item:sub(1, #FLAG) == FLAG
end

---@type SwipePlugin
return {
  name = "mail",
  version = "1.0",

  items = {
    "Lunch on Friday?",
    "Your order has shipped",
    "Re: quarterly numbers",
    "Weekend hiking plan",
    "Invoice #2291",
    "Team offsite agenda",
    "Re: Re: the printer again",
    "Newsletter: November",
    "Flight confirmation",
    "Code review: swipe host",
    "Dinner reservations",
    "Welcome aboard!",
    "Your password expires soon",
    "Photos from the trip",
    "Re: budget draft",
  },

  configure = function(row)
    return {
      buttons = {
        {
          id = "trash", title = "Trash", width = 80, color = "#FF3B30", style = "destructive",
          on_tap = function(ctx, r)
            ctx:delete(r.index)
          end,
        },
        {
          id = "flag", title = is_flagged(row.item) and "Unflag" or "Flag", width = 80, color = "#FF9500",
          on_tap = function(ctx, r)
            local item = r.item
            if is_flagged(item) then
              item = item:sub(#FLAG + 1)
            else
              item = FLAG .. item
            end
            ctx:close(r.index)
            ctx:set_item(r.index, item)
          end,
        },
        { id = "more", title = "More", width = 80, color = "#C7C7CC" },
      },
    }
  end,

  -- Buttons without on_tap land here: More presents a sheet.
  on_action = function(ctx, row, button)
    if button.id == "more" then
      ctx:present { title = row.item, text = "Reply, Forward, Mark as Unread, Move Message..." }
    end
  end,
}
