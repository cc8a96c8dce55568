return require, load, io, debug, string.dump, math.random(1, 6), utf8.char(72, 228)
