-- searchNearby with a circle that moves on a grid over central Monaco (as ../server/moving.lua
-- moves a GET's position), so no answer comes from the cache: every request is searched and its
-- places written with the fields of MASK. BODY is a string.format pattern taking latitude, longitude.
dofile("Benchmarks/server/report.lua")

local threads = 0
setup = function(thread)
    threads = threads + 1
    thread:set("id", threads)
end

local mask, pattern = os.getenv("MASK"), os.getenv("BODY")
local counter = 0
request = function()
    counter = counter + 1
    local lat = 43.7384 + (counter % 1000) * 0.000005 + id * 0.000001
    local lon = 7.4246 + (math.floor(counter / 1000) % 100) * 0.00005 + id * 0.000001
    return wrk.format("POST", "/v1/places:searchNearby",
        {["Content-Type"] = "application/json", ["X-Goog-FieldMask"] = mask}, string.format(pattern, lat, lon))
end
