describe("defined", function()
  it("is not run", function() end)
end)
error({ reason = "top level" })
