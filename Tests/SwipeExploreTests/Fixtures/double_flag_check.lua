-- An invariant over the items: no row is flagged twice.
return {
  flagged_once = function(t)
    for _, item in ipairs(t:items()) do
      assert(not item:find("%[flagged%].*%[flagged%]"), "an item is flagged twice: " .. item)
    end
  end,
}
