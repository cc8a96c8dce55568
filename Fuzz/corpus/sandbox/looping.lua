-- A plugin whose configure never returns: its instruction budget stops it.
return {
  name = "looping",
  configure = function(row)
    while true do end
  end,
}
