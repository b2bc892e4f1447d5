-- Geocoding questions in turn, GET /maps/api/geocode/json?address=…: the first field of each line of
-- QUESTIONS (questions.py's file), starting at line START (so that runs ask different questions).
-- The route keeps no answer cache (GeocodeController asks the store each time): each request is
-- searched afresh; within a run no question text is asked twice but a town's (400 towns).
dofile("Benchmarks/geocoding/report.lua")

local function encode(text)
    return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local questions = {}
for line in io.lines(os.getenv("QUESTIONS")) do
    local text = line:match("^([^\t]*)")
    if text and #text > 0 then questions[#questions + 1] = "/maps/api/geocode/json?address=" .. encode(text) end
end
local next = tonumber(os.getenv("START") or "0") or 0

request = function()
    next = next + 1
    return wrk.format("GET", questions[(next - 1) % #questions + 1])
end
