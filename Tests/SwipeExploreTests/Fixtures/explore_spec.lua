local swipe = require("swipe")

describe("swipe.explore", function()
  it("finds nothing in the tutorial plugin", function()
    local result = swipe.explore { plugins = { "../../../plugins/tutorial.lua" }, runs = 20, steps = 30, seed = 4 }
    assert.are.same({ runs = 20, steps = 600, seed = 4 }, result)
  end)

  it("fails with the minimal script when its check breaks", function()
    swipe.explore {
      plugins = { "double_flag.lua" },
      runs = 500,
      seed = 1,
      check = function(t)
        for _, item in ipairs(t:items()) do
          assert(not item:find("%[flagged%].*%[flagged%]"), "flagged twice")
        end
      end,
    }
  end)

  it("fails with a plugin error", function()
    swipe.explore { plugins = { "two_open.lua" }, runs = 100, seed = 1, exclusive = false }
  end)
end)
