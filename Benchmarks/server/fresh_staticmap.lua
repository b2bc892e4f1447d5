-- Every request a map not drawn before: the centre moves a few metres each time, so no image (and no
-- ETag) repeats and the server's image cache never answers. Reports like report.lua.
dofile("Benchmarks/server/report.lua")

local threads = 0
setup = function(thread)
    threads = threads + 1
    thread:set("id", threads)
end

local counter = 0
request = function()
    counter = counter + 1
    -- A 100 × 100 grid of centres 5 m apart over central Monaco (land and harbour, as a real page
    -- would ask), each thread's grid shifted by 0.1 m so the threads never ask the same map.
    local lat = 43.7384 + (counter % 100) * 0.00005 + id * 0.000001
    local lng = 7.4246 + (math.floor(counter / 100) % 100) * 0.00005 + id * 0.000001
    return wrk.format("GET", string.format("/maps/api/staticmap?center=%.6f,%.6f&zoom=15&size=600x400", lat, lng))
end
