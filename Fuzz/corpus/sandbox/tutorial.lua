-- The tutorial's cell, exactly: two buttons, and a tap presents the detail screen
-- ("In the delegate!") the way MasterViewController's showDetailWithText: does.

local words = { "one", "two" }

---@type SwipePlugin
return {
  name = "tutorial",
  version = "1.0",

  ---@param row SwipeRow
  configure = function(row)
    return {
      buttons = {
        { id = "one", title = "Button 1", width = 80 },
        { id = "two", title = "Button 2", width = 80 },
      },
    }
  end,

  -- buttonOneActionForItemText: / buttonTwoActionForItemText:
  on_action = function(ctx, row, button)
    ctx:present {
      title = "In the delegate!",
      text = "Clicked button " .. words[button.index] .. " for " .. row.item,
    }
  end,
}
