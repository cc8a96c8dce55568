-- One bug, reached only by a sequence: a full swipe on Trash asks first ("manual") and fulfils
-- the delete 1500 ms later by the row's index as it was; a row deleted above it meanwhile (its
-- Archive) moves it up, and the fulfil names a row no full swipe holds. The fix: fulfil by
-- row.id, which follows the row.
return {
  name = "stale_index",
  configure = function()
    return {
      trailing = {
        buttons = {
          { id = "trash", title = "Trash", width = 80, style = "destructive" },
          { id = "archive", title = "Archive", width = 80 },
        },
        full_swipe = { completion = "manual" },
      },
    }
  end,
  on_action = function(ctx, row, button)
    if button.id == "trash" and button.full then
      local index = row.index
      ctx:after(1500, function(c) c:fulfill(index, "delete") end)
    else
      ctx:delete(row.index)
    end
  end,
}
