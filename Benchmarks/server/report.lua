-- wrk's summary as one JSON line, for Benchmarks/server/run to take medians of.
done = function(summary, latency, requests)
    local errors = summary.errors
    io.write(string.format(
        '{"requests": %d, "seconds": %.3f, "rps": %.1f, "p50_ms": %.3f, "p99_ms": %.3f, "max_ms": %.3f, ' ..
        '"connect": %d, "read": %d, "write": %d, "timeout": %d, "status": %d, "bytes": %d}\n',
        summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
        latency:percentile(50) / 1e3, latency:percentile(99) / 1e3, latency.max / 1e3,
        errors.connect, errors.read, errors.write, errors.timeout, errors.status, summary.bytes))
end
