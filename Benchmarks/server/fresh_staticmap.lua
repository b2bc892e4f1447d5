-- Every request a map not drawn before: the centre moves 5 m each time (a 100 × 100 grid), so no
-- image (and no ETag) repeats and the server's image cache never answers.
dofile("Benchmarks/server/moving.lua")
moving("/maps/api/staticmap?center=%.6f,%.6f&zoom=15&size=600x400", 100, 0.00005)
