-- The plugin of Tests/Golden/render/row_collapse.svg (RowAnimationRenderTests): row 3's Trash
-- deletes it and row 7's Add inserts a row above it, both under row_animation = "fade".
return {
  name = "row_collapse",
  table = { row_animation = "fade" },
  configure = function()
    return { buttons = {
      { id = "trash", title = "Trash", width = 80, style = "destructive" },
      { id = "add", title = "Add", width = 80, color = "#34C759" },
    } }
  end,
  on_action = function(ctx, row, button)
    if button.id == "trash" then ctx:delete(row.index) else ctx:insert(row.index, "Inserted") end
  end,
}
