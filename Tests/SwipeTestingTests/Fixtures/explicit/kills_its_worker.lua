-- Ends its own process: only ever run with --jobs 2 or more (a worker process).
it("kills its worker", function()
  local stat = assert(io.open("/proc/self/stat"))
  local pid = stat:read("n")
  stat:close()
  os.execute("kill -9 " .. pid)
end)
