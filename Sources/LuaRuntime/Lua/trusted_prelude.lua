local host, seed, epoch, redirect = ...
if redirect then
  local log, select, tostring, concat = host.log, select, tostring, table.concat
  function print(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    log(concat(parts, "\t"))
  end
end
