describe("early", function()
  it("is defined", function() end)
end)
if true then return end
describe("late", function()
  it("is never defined", function() end)
end)
