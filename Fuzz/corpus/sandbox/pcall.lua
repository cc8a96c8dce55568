return pcall(error, {code = 1})
