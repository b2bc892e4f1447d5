"""Compares nearby's evaluation of every Monaco value with the peer's
(opening-hours-py 2.1.4) at the benchmark's fifteen instants, and prints
each disagreement.

    swift run -c release HoursBenchmark --dump > /tmp/nearby-states.tsv
    /tmp/ohvenv/bin/python Benchmarks/peers-hours/crosscheck.py /tmp/nearby-states.tsv
"""
import datetime as dt
import sys
from zoneinfo import ZoneInfo

from opening_hours import OpeningHours

zone = ZoneInfo("Europe/Monaco")
rows = agree = 0
for line in open(sys.argv[1], encoding="utf-8"):
    value, at_text, status, next_text = line.rstrip("\n").split("\t")
    rows += 1
    at = dt.datetime.fromisoformat(at_text).astimezone(zone)
    try:
        oh = OpeningHours(value, timezone=zone, max_interval_days=400)
        state = oh.state(at)
        state = state[0] if isinstance(state, tuple) else state
        peer_status = str(state).split(".")[-1].lower()
        peer_next = oh.next_change(at)
    except Exception:  # the peer raises its own ParserError
        print(f"peer cannot read {value!r}")
        continue
    mine_next = None if next_text == "-" else dt.datetime.fromisoformat(next_text)
    if peer_status == status and peer_next == mine_next:
        agree += 1
    else:
        print(f"{value!r} @ {at_text}: nearby {status} {next_text} | peer {peer_status} "
              f"{peer_next.isoformat() if peer_next else '-'}")
print(f"{agree} of {rows} evaluations agree")
