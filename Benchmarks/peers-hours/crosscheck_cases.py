"""Runs the hand-checked cases of OpeningHoursCaseTests.swift through the
peer (opening-hours-py 2.1.4) and prints where it disagrees or cannot read
the value, as an independent check of the expected states and changes.

    /tmp/ohvenv/bin/python Benchmarks/peers-hours/crosscheck_cases.py
"""
import datetime as dt
import pathlib
import re
from zoneinfo import ZoneInfo

from opening_hours import OpeningHours

ROOT = pathlib.Path(__file__).resolve().parents[3]
source = (ROOT / "Tests/NearbyKitTests/Hours/OpeningHoursCaseTests.swift").read_text(encoding="utf-8")
case = re.compile(r'HoursCase\("((?:[^"\\]|\\.)*)", at: "([^"]+)", \.(\w+), next: (nil|"[^"]+")\)')
zone = ZoneInfo("Europe/Monaco")
total = differ = 0
for match in case.finditer(source):
    value = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), match.group(1).replace('\\"', '"'))
    at = dt.datetime.fromisoformat(match.group(2)).astimezone(zone)
    status = match.group(3)
    expected_next = None if match.group(4) == "nil" else dt.datetime.fromisoformat(match.group(4)[1:-1])
    total += 1
    try:
        oh = OpeningHours(value, timezone=zone, max_interval_days=400)
        state = oh.state(at)
        state = state[0] if isinstance(state, tuple) else state
        peer_status = str(state).split(".")[-1].lower()
        peer_next = oh.next_change(at)
    except Exception as error:  # the peer raises its own ParserError
        differ += 1
        print(f"peer cannot read {value!r}: {str(error).splitlines()[0]}")
        continue
    if peer_status != status or peer_next != expected_next:
        differ += 1
        print(f"{value!r} @ {match.group(2)}: expected {status} {expected_next and expected_next.isoformat()} | "
              f"peer {peer_status} {peer_next and peer_next.isoformat()}")
print(f"{total} cases, {total - differ} agree with the peer")
