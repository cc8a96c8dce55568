describe("exits", function()
  it("fails first", function()
    assert.are.equal(1, 2)
  end)

  it("calls os.exit", function()
    os.exit(0)
  end)

  it("calls os.exit under pcall", function()
    local ok, message = pcall(os.exit, true)
    assert.is_false(ok)
    error(message, 0)
  end)

  it("runs after", function() end)
end)
