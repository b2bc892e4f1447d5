#!/usr/bin/env python3
"""Nesting under load (issue 54, point 1): several 16 KB bodies of deep JSON
nests sent at once to the Places API (New)'s searchNearby and autocomplete,
for a few seconds, while /healthz is asked over and over. Each nested body must
be refused (400, INVALID_ARGUMENT) and /healthz must answer throughout; a
request that takes longer than the client's timeout counts as a failure.

Before the linear reader a body like these cost 26 s of CPU, and four at once
kept /healthz waiting 58 s. The figures are printed, not asserted beyond the
timeouts: the body's answer times and /healthz's, p50, p99 and the longest.

    nesting.py --url http://127.0.0.1:PORT [--seconds 6] [--clients 8]
"""
import argparse
import http.client
import json
import sys
import threading
import time
import urllib.parse

LIMIT = 16 * 1024
TIMEOUT = 5.0


def nested_body():
    """Exactly 16 KB: 16 nests 510 deep, inside the one field a searchNearby has for an object."""
    head, tail = '{"locationRestriction": [', ']}'
    nest = "[" * 510 + "]" * 510
    body = head + ",".join([nest] * 16) + tail
    return (body + " " * (LIMIT - len(body))).encode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    address = urllib.parse.urlsplit(args.url)
    host, port = address.hostname, address.port
    body = nested_body()
    assert len(body) == LIMIT, len(body)

    failures, nested_times, health_times = [], [], []
    lock = threading.Lock()
    end = time.monotonic() + args.seconds

    def ask(method, path, payload=None, headers=None):
        connection = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
        started = time.monotonic()
        try:
            connection.request(method, path, body=payload, headers=headers or {})
            answer = connection.getresponse()
            text = answer.read()
            return answer.status, text, time.monotonic() - started
        finally:
            connection.close()

    def nester(index):
        path = "/v1/places:searchNearby" if index % 2 == 0 else "/v1/places:autocomplete"
        headers = {"Content-Type": "application/json", "X-Goog-FieldMask": "places.id"}
        while time.monotonic() < end:
            try:
                status, text, took = ask("POST", path, body, headers)
                error = json.loads(text).get("error", {})
                if status != 400 or error.get("status") != "INVALID_ARGUMENT" or "Nested" not in error.get("message", ""):
                    raise ValueError(f"HTTP {status}: {text[:200]!r}")
                with lock:
                    nested_times.append(took)
            except Exception as error:  # noqa: BLE001 - every failure is reported
                with lock:
                    failures.append(f"{path}: {error}")
                return

    def health():
        while time.monotonic() < end:
            try:
                status, _, took = ask("GET", "/healthz")
                if status != 200:
                    raise ValueError(f"HTTP {status}")
                with lock:
                    health_times.append(took)
            except Exception as error:  # noqa: BLE001
                with lock:
                    failures.append(f"/healthz: {error}")
                return
            time.sleep(0.02)

    threads = [threading.Thread(target=nester, args=(i,)) for i in range(args.clients)] + [threading.Thread(target=health)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    def figures(times):
        if not times:
            return "none"
        times = sorted(times)
        pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
        return f"{len(times)} answers, p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, longest {times[-1] * 1000:.1f} ms"

    print(f"nesting: {args.clients} clients of 16 KB nested bodies for {args.seconds:g} s: {figures(nested_times)}", file=sys.stderr)
    print(f"nesting: /healthz meanwhile: {figures(health_times)}", file=sys.stderr)
    for failure in failures[:10]:
        print(f"nesting: FAILED {failure}", file=sys.stderr)
    return 1 if failures or not nested_times or not health_times else 0


if __name__ == "__main__":
    sys.exit(main())
