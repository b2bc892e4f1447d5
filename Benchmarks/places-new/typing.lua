-- Someone typing place names into an autocomplete box: each request the next keystroke of a name
-- from NAMES (a file, one name a line), "B", "Bo", "Bou", …, then the next name. The session token
-- is new for every request of every run (the time the run started, then a count), so that no
-- answer comes from the cache (it is keyed by the body): each keystroke is searched afresh, as a
-- keystroke no one typed before is.
dofile("Benchmarks/server/report.lua")
dofile("Benchmarks/server/threads.lua")

local names = {}
for line in io.lines(os.getenv("NAMES")) do
    if #line > 0 then names[#names + 1] = line end
end

local name, typed, counter = 1, 0, 0
local run = string.format("%d%03d", os.time(), math.floor(os.clock() * 1000) % 1000)
request = function()
    counter = counter + 1
    local text = names[name]
    typed = typed + 1
    if typed > #text then
        name = name % #names + 1
        text, typed = names[name], 1
    end
    -- Whole UTF-8 characters only: extend the cut past continuation bytes.
    while typed < #text and text:byte(typed + 1) >= 0x80 and text:byte(typed + 1) < 0xC0 do typed = typed + 1 end
    local input = text:sub(1, typed):gsub('\\', '\\\\'):gsub('"', '\\"')
    local body = string.format('{"input": "%s", "sessionToken": "t%s-%d-%d"}', input, run, id or 0, counter)
    return wrk.format("POST", "/v1/places:autocomplete", {["Content-Type"] = "application/json"}, body)
end
