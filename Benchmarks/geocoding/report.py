"""Markdown tables of one Benchmarks/geocoding/run's rows (results-TIME.jsonl): issue 55's targets
beside the figures, met or not.

  python3 Benchmarks/geocoding/report.py RESULTS.jsonl
"""

import json
import sys

rows = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.startswith("{")]
meta = next(r for r in rows if "run" in r)
end = next((r for r in rows if "load_at_end" in r), {})


def runs(target, kind):
    return [r for r in rows if r.get("target") == target and r.get("kind") == kind and r.get("phase", "timed") == "timed"]


def failed(r):
    return r["connect"] + r["read"] + r["write"] + r["timeout"] + r["status"]


def verdict(r, limit):
    if r is None:
        return "not measured"
    ok = r["p95_ms"] <= limit and not failed(r)
    return "**met**" if ok else "**not met**"


print(f"run {meta['run']}: new `{meta['new_bin']}` (built {meta['new_bin_mtime']}, checkout at {meta['head'][:7]}), "
      f"base {meta['base_commit'][:7]}; extract {meta['extract']}; wrk -t1 -c1 --latency, {meta['seconds']} s a run "
      f"(PostGIS {meta['pg_seconds']} s); load average {meta['load_at_start']} at the start, {end.get('load_at_end', '?')} at the end\n")

firsts = {r["first geocode"]: r for r in rows if "first geocode" in r}
print("| speed | target | p50 | p95 | p99 | req/s | requests (failed) | load | verdict |")
print("|---|---|---|---|---|---|---|---|---|")
labels = {"geocode": "geocode, `/maps/api/geocode/json?address=`", "v1": "autocomplete keystroke, `/v1/places:autocomplete` "
          "`includedPrimaryTypes: [geocode]`", "legacy": "autocomplete keystroke, legacy `types=geocode`"}
limits = {("new", "geocode"): 2, ("new", "v1"): 1, ("new", "legacy"): 1,
          ("postgis", "geocode"): 20, ("postgis", "v1"): 20, ("postgis", "legacy"): 20}
where = {"new": "from memory", "postgis": "from PostGIS", "small": "from memory, the Nominatim extract", "base": "the base, from memory"}
for target in ("new", "postgis"):
    for kind in ("geocode", "v1", "legacy"):
        mine = runs(target, kind)
        r = mine[-1] if mine else None
        limit = limits[(target, kind)]
        if r is None:
            print(f"| {labels[kind]}, {where[target]} | ≤ {limit} ms p95 | | | | | | | not measured |")
            continue
        print(f"| {labels[kind]}, {where[target]} | ≤ {limit} ms p95 | {r['p50_ms']:,.3f} ms | {r['p95_ms']:,.3f} ms "
              f"| {r['p99_ms']:,.3f} ms | {r['rps']:,.1f} | {r['requests']:,} ({failed(r)}) | {r['load']} | {verdict(r, limit)} |")
for target in ("new", "postgis"):
    if target in firsts:
        f = firsts[target]
        print(f"| the first geocode {where[target]} (builds the geocoder), one request | — | {f['seconds'] * 1000:,.1f} ms round trip, "
              f"status {f['status']} | | | | | | — |")
base_rows = [r for r in rows if r.get("target") == "base" and r.get("phase") == "timed"]
if base_rows:
    print("\nThe base was asked the same timed requests, for its memory below (it answers none of them: a geocode by "
          "address is INVALID_REQUEST there, HTTP 200, and it has no legacy autocomplete and no address types, HTTP 4xx): "
          + ", ".join(f"{r['kind']} {r['requests']:,} requests ({r['requests'] - r['status']:,} of them HTTP 2xx)" for r in base_rows) + ".")

small = runs("small", "geocode")
nominatim = [r for r in rows if str(r.get("target", "")).startswith("Nominatim")]
if small or nominatim:
    print("\n| beside Nominatim, the same questions, the same run | p50 | p95 | p99 | questions/s | questions | first question |")
    print("|---|---|---|---|---|---|---|")
    if small:
        r = small[-1]
        f = firsts.get("small")
        print(f"| nearby, `serve` from memory, HTTP round trip (wrk -t1 -c1) | {r['p50_ms']:.3f} ms | {r['p95_ms']:.3f} ms "
              f"| {r['p99_ms']:.3f} ms | {r['rps']:,.1f} | {r['requests']:,} ({failed(r)} failed) "
              f"| {f['seconds'] * 1000:,.1f} ms |" if f else "|")
    for r in nominatim:
        print(f"| {r['target']} (`search(q)` one at a time, no HTTP) | {r['p50_ms']:.3f} ms | {r['p95_ms']:.3f} ms | {r['p99_ms']:.3f} ms "
              f"| {r['rps']:,.1f} | {r['requests']:,} ({r['answered']:,} answered) | {r['first_ms']:,.1f} ms |")
    checks = [r for r in rows if "check" in r]
    if checks:
        print("\n| the first 200 questions asked once | kind | asked | answered | first answer near what was asked |")
        print("|---|---|---|---|---|")
        for r in checks:
            near = next((f"{v} ({k})" for k, v in r.items() if k.startswith("first within")), "—")
            print(f"| {r['check']} | {r['kind']} | {r['asked']} | {r['answered']} | {near} |")

imports = {r["import"]: r for r in rows if "import" in r}
if "base" in imports and "new" in imports:
    b, n = imports["base"], imports["new"]
    print("\n| cost: `nearby import` of the extract | target | base | new | new / base | verdict |")
    print("|---|---|---|---|---|---|")
    wall = n["wall_s"] / b["wall_s"]
    cpu = (n["user_s"] + n["sys_s"]) / (b["user_s"] + b["sys_s"])
    print(f"| wall time | ≤ 1.25× | {b['wall_s']:.1f} s | {n['wall_s']:.1f} s | **{wall:.2f}×** | {'**met**' if wall <= 1.25 else '**not met**'} |")
    print(f"| CPU time (user + system) | ≤ 1.25× | {b['user_s'] + b['sys_s']:.1f} s | {n['user_s'] + n['sys_s']:.1f} s | **{cpu:.2f}×** "
          f"| {'**met**' if cpu <= 1.25 else '**not met**'} |")
    print(f"| peak resident memory | — | {b['peak_rss_kb'] / 1024:,.0f} MiB | {n['peak_rss_kb'] / 1024:,.0f} MiB "
          f"| {n['peak_rss_kb'] / b['peak_rss_kb']:.2f}× | — |")
    print(f"\nbase said: {b['said']}\n\nnew said: {n['said']}")
for label in ("postgis", "small", "nominatim"):
    if label in imports:
        r = imports[label]
        print(f"\nimport ({label}{', ' + r['extract'] if 'extract' in r else ''}): {r['wall_s']:.1f} s wall, "
              f"{r['user_s'] + r['sys_s']:.1f} s CPU, peak {r['peak_rss_kb'] / 1024:,.0f} MiB{'; ' + r['note'] if 'note' in r else ''}"
              f"{'; ' + r['said'] if r.get('said') else ''}")

memory = [r for r in rows if "memory" in r]
if memory:
    print("\n| cost: `serve`'s memory, MiB | target | base VmRSS | new VmRSS | new / base | base VmHWM | new VmHWM | new / base | verdict |")
    print("|---|---|---|---|---|---|---|---|---|")
    for point in dict.fromkeys(r["memory"] for r in memory):
        at = {r["side"]: r for r in memory if r["memory"] == point}
        if "base" in at and "new" in at:
            b, n = at["base"], at["new"]
            ratio, peak = n["rss_kb"] / b["rss_kb"], n["hwm_kb"] / b["hwm_kb"]
            print(f"| {point} | ≤ 1.25× | {b['rss_kb'] / 1024:,.0f} | {n['rss_kb'] / 1024:,.0f} | **{ratio:.2f}×** "
                  f"| {b['hwm_kb'] / 1024:,.0f} | {n['hwm_kb'] / 1024:,.0f} | {peak:.2f}× "
                  f"| {'**met**' if max(ratio, peak) <= 1.25 else '**not met**'} |")
    pg = [r for r in memory if r["side"] == "postgis"]
    for r in pg:
        print(f"| (PostGIS store, {r['memory']}) | — | | {r['rss_kb'] / 1024:,.0f} | | | {r['hwm_kb'] / 1024:,.0f} | | — |")

for r in rows:
    if "profile" in r:
        print(f"\nprofile of {r['profile']} {r['kind']}: {r['file']}")
