"""The peer beside the Swift benchmark: opening-hours-py (Python binding of
the Rust opening-hours crate), timed the same way: per Monaco value, parse +
state + next change at instants spread over a week, median of rounds, then
the median over the values. Python call overhead is included.

    python3 -m venv /tmp/ohvenv && /tmp/ohvenv/bin/pip install opening-hours-py==2.1.4
    /tmp/ohvenv/bin/python Benchmarks/peers-hours/peer_bench.py
"""
import datetime as dt
import pathlib
import statistics
import time
from zoneinfo import ZoneInfo

from opening_hours import OpeningHours

ROOT = pathlib.Path(__file__).resolve().parents[3]
values = (ROOT / "Tests/NearbyKitTests/Fixtures/monaco-opening-hours.txt").read_text().splitlines()
zone = ZoneInfo("Europe/Monaco")
monday = dt.datetime(2026, 3, 16, tzinfo=zone)
instants = [monday + dt.timedelta(minutes=i * (11 * 60 + 17)) for i in range(14)]
instants.append(dt.datetime(2026, 7, 16, 14, tzinfo=zone))

ITERATIONS, ROUNDS = 200, 5
per_value, failures = [], 0
for value in values:
    try:
        OpeningHours(value, timezone=zone)
    except Exception:  # the peer raises its own ParserError
        failures += 1
        continue
    rounds = []
    for _ in range(ROUNDS):
        start = time.perf_counter_ns()
        for i in range(ITERATIONS):
            oh = OpeningHours(value, timezone=zone, max_interval_days=400)
            at = instants[i % len(instants)]
            oh.state(at)
            oh.next_change(at)
        rounds.append((time.perf_counter_ns() - start) / ITERATIONS)
    per_value.append(statistics.median(rounds))

per_value.sort()
print(f"{len(values)} values, {failures} unreadable by the peer")
print(f"peer parse + evaluate  median {statistics.median(per_value) / 1000:6.2f} µs   "
      f"p90 {per_value[int(len(per_value) * 0.9)] / 1000:6.2f} µs   max {per_value[-1] / 1000:7.2f} µs")
