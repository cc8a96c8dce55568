-- A plugin whose action handler fails: for the spec that checks plugin errors are reported.
return {
  name = "broken",
  configure = function(row)
    return { buttons = { { id = "boom", title = "Boom", width = 80 } } }
  end,
  on_action = function(ctx, row, button)
    error("boom on row " .. row.index)
  end,
}
