local s = ("a"):rep(100) return s:find("a-b"), s:gsub("a", "%0%0"), string.format("%5.2f %q", 1/3, "x\0")
