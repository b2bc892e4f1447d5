-- searchNearby with a circle that moves on ../server/moving.lua's grid over central Monaco, so no
-- answer comes from the cache: every request is searched and its places written with the fields of
-- MASK. BODY is a string.format pattern taking the latitude and the longitude.
dofile("Benchmarks/server/moving.lua")
moving(os.getenv("BODY"), 1000, 0.000005,
    {path = "/v1/places:searchNearby", headers = {["Content-Type"] = "application/json", ["X-Goog-FieldMask"] = os.getenv("MASK")}})
