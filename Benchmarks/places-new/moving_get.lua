-- The legacy nearbysearch with a position that moves as moving_post.lua's circle does: searched each time.
dofile("Benchmarks/server/moving.lua")
moving("/maps/api/place/nearbysearch/json?location=%.6f,%.6f&radius=1500&type=cafe", 1000, 0.000005)
