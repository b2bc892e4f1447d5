-- wrk's summary as one JSON line, as ../server/report.lua writes it, with p95 beside p50 and p99
-- (wrk's own latency distribution; `--latency` prints only 50, 75, 90 and 99).
done = function(summary, latency, requests)
    local errors = summary.errors
    io.write(string.format(
        '{"requests": %d, "seconds": %.3f, "rps": %.1f, "p50_ms": %.3f, "p95_ms": %.3f, "p99_ms": %.3f, ' ..
        '"max_ms": %.3f, "mean_ms": %.3f, "connect": %d, "read": %d, "write": %d, "timeout": %d, "status": %d, "bytes": %d}\n',
        summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
        latency:percentile(50) / 1e3, latency:percentile(95) / 1e3, latency:percentile(99) / 1e3,
        latency.max / 1e3, latency.mean / 1e3,
        errors.connect, errors.read, errors.write, errors.timeout, errors.status, summary.bytes))
end
