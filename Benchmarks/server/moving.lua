-- Requests that never repeat, for measuring work no cache can answer: each request's position
-- moves on a grid over central Monaco, each wrk thread's grid shifted by 0.1 m so the threads
-- never ask the same thing. Reports like report.lua.
dofile("Benchmarks/server/report.lua")

local threads = 0
setup = function(thread)
    threads = threads + 1
    thread:set("id", threads)
end

-- `path` is a string.format pattern taking the latitude and the longitude; `rows` positions
-- `step` degrees apart north to south, then 100 columns 5 m apart west to east.
function moving(path, rows, step)
    local counter = 0
    request = function()
        counter = counter + 1
        local lat = 43.7384 + (counter % rows) * step + id * 0.000001
        local lon = 7.4246 + (math.floor(counter / rows) % 100) * 0.00005 + id * 0.000001
        return wrk.format("GET", string.format(path, lat, lon))
    end
end
