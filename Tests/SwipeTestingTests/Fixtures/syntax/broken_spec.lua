describe("broken", function()
  it("never loads", function(
  end)
end)
