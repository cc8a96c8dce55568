-- The plugin of Tests/Golden/render/icons.svg (RenderTests): every built-in icon, alone and
-- above a title, auto and equal widths, a plugin's own path, text and highlight colours.
local rows = {
  { { id = "trash", title = "Trash", icon = "trash", style = "destructive", highlight_color = "#8B0000" },
    { id = "flag", title = "Flag", icon = "flag", color = "#FF9500" },
    { id = "more", icon = "more", accessibility_label = "More", color = "#C7C7CC" } },
  { { id = "archive", title = "Archive", icon = "archive", color = "#34C759" },
    { id = "pin", title = "Pin", icon = "pin", color = "#FF9500" },
    { id = "unpin", icon = "unpin", accessibility_label = "Unpin", color = "#5856D6" } },
  { { id = "mail", title = "Mail", icon = "mail", color = "#007AFF" },
    { id = "mail_open", title = "Read", icon = "mail_open", color = "#5AC8FA", text_color = "#1C1C1E" },
    { id = "star", icon = "star", accessibility_label = "Star", color = "#FFCC00", text_color = "#1C1C1E" } },
  { { id = "bell", title = "Bell", icon = "bell", color = "#AF52DE" },
    { id = "bell_slash", title = "Mute", icon = "bell_slash", color = "#8E8E93" },
    { id = "share", icon = "share", accessibility_label = "Share", color = "#007AFF" } },
  { { id = "edit", title = "Edit", icon = "edit", color = "#8E8E93" },
    { id = "reply", title = "Reply", icon = "reply", color = "#007AFF" },
    { id = "forward", icon = "forward", accessibility_label = "Forward", color = "#34C759" } },
  { { id = "checkmark", title = "Done", icon = "checkmark", color = "#34C759", highlight_color = "#1E7A34" },
    { id = "tag", title = "Tag", icon = { path = "M3 3h9l9 9-9 9-9-9zM7 7v2h2V7z", view_box = "0 0 24 24" },
      color = "#FF2D55" },
    { id = "plain", title = "Plain text", text_color = "#FFE600" } },
}

return {
  name = "icons",
  configure = function(row)
    local buttons = rows[row.index]
    if not buttons then
      return { buttons = { { id = "long", title = "A title far too long for its button", width = 90 } } }
    end
    local list = {}
    for i, b in ipairs(buttons) do
      local copy = { width = "auto", min_width = 60 }
      for k, v in pairs(b) do copy[k] = v end
      list[i] = copy
    end
    return { buttons = list, equal_widths = row.index == 2 }
  end,
}
