-- Requests that never repeat, for measuring work no cache can answer: each request's position
-- moves on a grid over central Monaco, each wrk thread's grid shifted by 0.1 m so the threads
-- never ask the same thing. Reports like report.lua.
dofile("Benchmarks/server/report.lua")
dofile("Benchmarks/server/threads.lua")

-- `path` is a string.format pattern taking the latitude and the longitude; `rows` positions
-- `step` degrees apart north to south, then 100 columns 5 m apart west to east. With `post`
-- ({path =, headers =}), the pattern is a POST's body instead, sent to that path.
function moving(pattern, rows, step, post)
    local counter = 0
    request = function()
        counter = counter + 1
        local lat = 43.7384 + (counter % rows) * step + id * 0.000001
        local lon = 7.4246 + (math.floor(counter / rows) % 100) * 0.00005 + id * 0.000001
        if post then
            return wrk.format("POST", post.path, post.headers, string.format(pattern, lat, lon))
        end
        return wrk.format("GET", string.format(pattern, lat, lon))
    end
end
