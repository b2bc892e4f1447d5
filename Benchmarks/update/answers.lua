-- Benchmarks/update/live's wrk script: asks the paths in $NEARBY_PATHS (one
-- per line) in turn, keeps each distinct 200 answer with how often it came,
-- writes them to $NEARBY_ANSWERS/answer-N.json and .count when done, and
-- reports as Benchmarks/server/report.lua does.
dofile("Benchmarks/server/report.lua")
local report = done

local paths = {}
for path in (os.getenv("NEARBY_PATHS") or "/"):gmatch("[^\n]+") do
    table.insert(paths, path)
end
local next_path = 0

request = function()
    next_path = next_path % #paths + 1
    return wrk.format("GET", paths[next_path])
end

-- Per thread: answer body -> times seen. An answer's bytes are its identity,
-- so the few distinct ones are all that is kept.
seen = {}
response = function(status, headers, body)
    if status == 200 then
        seen[body] = (seen[body] or 0) + 1
    end
end

local threads = {}
setup = function(thread)
    table.insert(threads, thread)
end

done = function(summary, latency, requests)
    local all = {}
    for _, thread in ipairs(threads) do
        for body, count in pairs(thread:get("seen")) do
            all[body] = (all[body] or 0) + count
        end
    end
    local folder = os.getenv("NEARBY_ANSWERS")
    local number = 0
    for body, count in pairs(all) do
        number = number + 1
        local file = assert(io.open(string.format("%s/answer-%d.json", folder, number), "wb"))
        file:write(body)
        file:close()
        file = assert(io.open(string.format("%s/answer-%d.count", folder, number), "w"))
        file:write(tostring(count))
        file:close()
    end
    report(summary, latency, requests)
end
