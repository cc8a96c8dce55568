-- The Mail app's pattern. Trailing (swipe left in ltr): Trash (destructive, deletes the row),
-- Flag (toggles a flag shown in the item), More (presents a sheet); button 1, the outermost, is
-- Trash. Leading (swipe right in ltr): Unread / Read, which toggles a mark in the item. Each
-- button shows a built-in icon above its title (docs/appearance.md).

local FLAG = "[flagged] "
local UNREAD = "[unread] "

local function has(item, mark)
  return item:sub(1, #mark) == mark
end

local function is_flagged(item)
  return has(item, FLAG)
end

-- Adds `mark` in front of the item, or takes it away; any flag stays in front.
local function toggle(item, mark)
  local flag = is_flagged(item) and FLAG or ""
  local rest = item:sub(#flag + 1)
  if has(rest, mark) then
    return flag .. rest:sub(#mark + 1)
  end
  return flag .. mark .. rest
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
    local unread = has(row.item:sub(is_flagged(row.item) and #FLAG + 1 or 1), UNREAD)
    return {
      leading = {
        buttons = {
          {
            id = "unread", title = unread and "Read" or "Unread", width = 80, color = "#007AFF", icon = "mail_open",
            on_tap = function(ctx, r)
              ctx:close(r.index)
              ctx:set_item(r.index, toggle(r.item, UNREAD))
            end,
          },
        },
      },
      buttons = {
        {
          id = "trash", title = "Trash", width = 80, color = "#FF3B30", style = "destructive", icon = "trash",
          on_tap = function(ctx, r)
            ctx:delete(r.index)
          end,
        },
        {
          id = "flag", title = is_flagged(row.item) and "Unflag" or "Flag", width = 80, color = "#FF9500",
          icon = "flag",
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
        { id = "more", title = "More", width = 80, color = "#C7C7CC", icon = "more" },
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
