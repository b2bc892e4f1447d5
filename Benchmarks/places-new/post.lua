-- One POST, the same each time: BODY and MASK from the environment (the Places API (New) takes JSON
-- bodies and a field mask header). Reports like ../server/report.lua.
dofile("Benchmarks/server/report.lua")
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Goog-FieldMask"] = os.getenv("MASK")
