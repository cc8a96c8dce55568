describe("loops", function()
  it("is never defined", function() end)
  while true do end
end)
