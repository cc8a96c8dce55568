-- on_open never returns: its instruction budget stops it.
return {
  name = "forever",
  configure = function(row)
    return { buttons = { { id = "x", title = "X", width = 80 } } }
  end,
  on_open = function(ctx, row)
    while true do end
  end,
}
