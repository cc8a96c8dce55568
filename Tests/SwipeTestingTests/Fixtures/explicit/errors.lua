describe("errors", function()
  it("raises a table", function()
    error({ code = 1 })
  end)

  it("raises nil", function()
    error(nil)
  end)

  it("raises a number", function()
    error(42)
  end)

  it("raises a string", function()
    error("plain")
  end)
end)
