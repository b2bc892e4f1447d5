-- Every request a home page not drawn before: the position moves half a metre each time (a
-- 1000 × 100 grid: no repeat within a run), so the page cache never answers and every page is
-- rendered from the view model.
dofile("Benchmarks/server/moving.lua")
moving("/?lat=%.6f&lon=%.6f&at=2026-11-24T10:30", 1000, 0.000005)
