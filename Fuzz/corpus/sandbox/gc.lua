setmetatable({}, {__gc = function() end}) collectgarbage() return os.time(), os.date("%Y"), os.clock()
