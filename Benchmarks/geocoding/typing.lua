-- Someone typing street and town names into an address autocomplete box, as
-- ../places-new/typing.lua types place names: each request the next keystroke of a name from NAMES
-- (one a line), starting at name START, whole UTF-8 characters only. ROUTE=v1: POST
-- /v1/places:autocomplete with "includedPrimaryTypes": ["geocode"] (its answer cache is keyed by the
-- body: the session token counts up, new in every run, so no answer comes from it); ROUTE=legacy:
-- GET /maps/api/place/autocomplete/json?input=…&types=geocode (no answer cache; a session token too).
dofile("Benchmarks/geocoding/report.lua")

local function encode(text)
    return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local names = {}
for line in io.lines(os.getenv("NAMES")) do
    if #line > 0 then names[#names + 1] = line end
end
local route = os.getenv("ROUTE") or "v1"
local name, typed, counter = (tonumber(os.getenv("START") or "0") or 0) % #names + 1, 0, 0
local run = string.format("%d%03d", os.time(), math.floor(os.clock() * 1000) % 1000)

request = function()
    counter = counter + 1
    local text = names[name]
    typed = typed + 1
    if typed > #text then
        name = name % #names + 1
        text, typed = names[name], 1
    end
    while typed < #text and text:byte(typed + 1) >= 0x80 and text:byte(typed + 1) < 0xC0 do typed = typed + 1 end
    local input = text:sub(1, typed)
    local token = string.format("g%s-%d", run, counter)
    if route == "legacy" then
        return wrk.format("GET", "/maps/api/place/autocomplete/json?input=" .. encode(input) .. "&types=geocode&sessiontoken=" .. token)
    end
    local body = string.format('{"input": "%s", "includedPrimaryTypes": ["geocode"], "sessionToken": "%s"}',
        (input:gsub('\\', '\\\\'):gsub('"', '\\"')), token)
    return wrk.format("POST", "/v1/places:autocomplete", {["Content-Type"] = "application/json"}, body)
end
