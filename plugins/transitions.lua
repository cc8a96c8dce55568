-- The four transitions side by side (docs/appearance.md): row 1 reveal, row 2 drag, row 3
-- border, row 4 stretch, and again from row 5. Each row has the same three trailing buttons
-- (80, 60 and 100 points) and one leading button, moving by the row's transition.
--   swipehost render examples/transitions.swipe --at 100,700

local TRANSITIONS = { "reveal", "drag", "border", "stretch" }

---@type SwipePlugin
return {
  name = "transitions",
  version = "1.0",

  items = {
    "reveal: the buttons stay under the content",
    "drag: the buttons ride with the content",
    "border: each slides in from the edge",
    "stretch: the widths grow with the reveal",
  },

  configure = function(row)
    local transition = TRANSITIONS[(row.index - 1) % #TRANSITIONS + 1]
    return {
      trailing = {
        transition = transition,
        buttons = {
          { id = "trash", title = "Trash", width = 80, color = "#FF3B30" },
          { id = "flag", title = "Flag", width = 60, color = "#FF9500" },
          { id = "more", title = "More", width = 100, color = "#8E8E93" },
        },
      },
      leading = {
        transition = transition,
        buttons = { { id = "read", title = "Read", width = 90, color = "#007AFF" } },
      },
    }
  end,
}
