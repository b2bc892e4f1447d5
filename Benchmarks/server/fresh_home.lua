-- Every request a home page not drawn before: the position moves a few metres each time, so the
-- server's page cache never answers and every page is rendered from the view model. Reports like report.lua.
dofile("Benchmarks/server/report.lua")

local threads = 0
setup = function(thread)
    threads = threads + 1
    thread:set("id", threads)
end

local counter = 0
request = function()
    counter = counter + 1
    -- A 1000 × 100 grid of positions over central Monaco (0.5 m apart north to south, 5 m west to
    -- east), each thread's shifted by 0.1 m: no position repeats within a run.
    local lat = 43.7384 + (counter % 1000) * 0.000005 + id * 0.000001
    local lon = 7.4246 + (math.floor(counter / 1000) % 100) * 0.00005 + id * 0.000001
    return wrk.format("GET", string.format("/?lat=%.6f&lon=%.6f&at=2026-11-24T10:30", lat, lon))
end
