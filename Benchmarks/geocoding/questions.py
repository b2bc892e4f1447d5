"""Questions for Benchmarks/geocoding/run, drawn from a synthetic extract's own data, and the
timing of the same questions in Nominatim's Python API.

  questions.py make EXTRACT.osm.pbf QUESTIONS.txt TYPING.txt [COUNT]
      COUNT geocoding questions (default 20000), shuffled with a fixed seed: half
      "NUMBER STREET, POSTCODE TOWN" from the extract's standalone address nodes (addr:* and no
      other tag; Benchmarks/synthetic/make-extract --address-points), a quarter the names of its
      named streets alone, a quarter its towns' names (place=city|town|village); one a line.
      TYPING.txt: the street and town names among them, one a line, to type keystroke by keystroke.
  questions.py nominatim PROJECT QUESTIONS.txt SECONDS OUT.jsonl LABEL
      asks Nominatim (nominatim_api.NominatimAPI(PROJECT).search) the questions in turn, one at a
      time, for SECONDS after a warm-up of 20: each question's time (the Python call, no HTTP), and
      prints one JSON line like report.lua's (requests, rps, p50/p95/p99 in ms) to OUT.jsonl
  questions.py check URL QUESTIONS.txt COUNT [PROJECT]
      the first COUNT questions asked once of nearby's geocode at URL (and of Nominatim, with a
      PROJECT): how many each answered, and how many first answers lie within 100 m of the
      address node asked (5 km of a town's node; a street's name repeats across towns: answered only). A sanity check that the timed questions are answered,
      not an accuracy figure.

Only Python's standard library and osmium (the command) for make; Nominatim's venv for nominatim.
"""

import json
import math
import random
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request


def unescape(text):
    """OPL's %hex% escapes."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "%":
            end = text.index("%", i + 1)
            out.append(chr(int(text[i + 1:end], 16)))
            i = end + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def tags_of(field):
    tags = {}
    if not field:
        return tags
    for pair in field.split(","):
        key, _, value = pair.partition("=")
        tags[unescape(key)] = unescape(value)
    return tags


def read_extract(extract):
    """(address points, streets, towns) of the extract: [(question, lon, lat)]."""
    points, towns, street_refs = [], [], []
    opl = subprocess.Popen(["osmium", "cat", "-f", "opl", extract], stdout=subprocess.PIPE, text=True, encoding="utf-8")
    wanted_nodes = {}
    for line in opl.stdout:
        fields = line.rstrip("\n").split(" ")
        kind = fields[0][0]
        rest = {f[0]: f[1:] for f in fields[1:] if f}
        tags = tags_of(rest.get("T", ""))
        if kind == "n":
            if tags and all(k.startswith("addr:") for k in tags) and "addr:housenumber" in tags and "addr:street" in tags:
                text = f"{tags['addr:housenumber']} {tags['addr:street']}, {tags.get('addr:postcode', '')} {tags.get('addr:city', '')}".strip()
                points.append((text, float(rest["x"]), float(rest["y"])))
            elif tags.get("place") in ("city", "town", "village") and "name" in tags:
                towns.append((tags["name"], float(rest["x"]), float(rest["y"])))
            wanted_nodes[int(fields[0][1:])] = (rest.get("x"), rest.get("y"))
        elif kind == "w" and "highway" in tags and "name" in tags:
            first = rest["N"].split(",")[0]
            street_refs.append((tags["name"], int(first[1:])))
        elif kind == "r":
            break
    opl.stdout.close()
    opl.wait()
    streets = []
    for name, ref in street_refs:
        x, y = wanted_nodes[ref]
        streets.append((name, float(x), float(y)))
    return points, streets, towns


def make(extract, questions_path, typing_path, count=20000):
    points, streets, towns = read_extract(extract)
    if not points:
        sys.exit(f"questions.py: {extract} has no standalone address nodes (make-extract --address-points N)")
    rng = random.Random(55)
    chosen = ([("address",) + rng.choice(points) for _ in range(count // 2)]
              + [("street",) + rng.choice(streets) for _ in range(count // 4)]
              + [("town",) + rng.choice(towns) for _ in range(count - count // 2 - count // 4)])
    rng.shuffle(chosen)
    with open(questions_path, "w", encoding="utf-8") as out:
        for kind, text, lon, lat in chosen:
            out.write(f"{text}\t{kind}\t{lon:.7f}\t{lat:.7f}\n")
    with open(typing_path, "w", encoding="utf-8") as out:
        for kind, text, _, _ in chosen:
            if kind != "address":
                out.write(text + "\n")
    print(f"questions.py: {len(chosen)} questions from {len(points):,} address points, {len(streets):,} streets, "
          f"{len(towns)} towns", file=sys.stderr)


def read_questions(path):
    with open(path, encoding="utf-8") as lines:
        return [line.rstrip("\n").split("\t") for line in lines if line.strip()]


def summary(times, seconds):
    ms = sorted(t * 1000 for t in times)

    def pct(p):
        return ms[min(len(ms) - 1, max(0, math.ceil(p / 100 * len(ms)) - 1))]

    return {"requests": len(ms), "seconds": round(seconds, 3), "rps": round(len(ms) / seconds, 1),
            "p50_ms": round(pct(50), 3), "p95_ms": round(pct(95), 3), "p99_ms": round(pct(99), 3),
            "max_ms": round(ms[-1], 3), "mean_ms": round(statistics.fmean(ms), 3)}


def nominatim(project, questions_path, seconds, out_path, label):
    import nominatim_api

    questions = [q[0] for q in read_questions(questions_path)]
    api = nominatim_api.NominatimAPI(project)
    try:
        started = time.perf_counter()
        first = api.search(questions[0])
        first_seconds = time.perf_counter() - started
        i = 1
        warm_until = time.perf_counter() + 20
        while time.perf_counter() < warm_until:  # a warm-up, not counted (the questions after the timed ones)
            api.search(questions[-(i % 2000) - 1])
            i += 1
        times, begun, i = [], time.perf_counter(), 1
        answered = 0
        while time.perf_counter() - begun < seconds and i < len(questions):
            t0 = time.perf_counter()
            results = api.search(questions[i])
            times.append(time.perf_counter() - t0)
            answered += bool(results)
            i += 1
        row = {"target": label, **summary(times, time.perf_counter() - begun), "answered": answered,
               "first_ms": round(first_seconds * 1000, 3), "first_answered": bool(first)}
    finally:
        api.close()
    with open(out_path, "a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")
    print(json.dumps(row))


def metres(lon0, lat0, lon1, lat1):
    dy = (lat1 - lat0) * 111_320
    dx = (lon1 - lon0) * 111_320 * math.cos(math.radians((lat0 + lat1) / 2))
    return math.hypot(dx, dy)


def check(url, questions_path, count, project=None):
    questions = read_questions(questions_path)[:count]
    api = None
    if project:
        import nominatim_api
        api = nominatim_api.NominatimAPI(project)
    tally = {}
    for text, kind, lon, lat in questions:
        lon, lat = float(lon), float(lat)
        with urllib.request.urlopen(f"{url}/maps/api/geocode/json?address={urllib.parse.quote(text)}") as answer:
            results = json.load(answer).get("results", [])
        got = {"nearby": None if not results else (results[0]["geometry"]["location"]["lng"], results[0]["geometry"]["location"]["lat"])}
        if api is not None:
            found = api.search(text)
            got["nominatim"] = None if not found else (found[0].centroid.x, found[0].centroid.y)
        for tool, where in got.items():
            entry = tally.setdefault((tool, kind), [0, 0, 0])
            entry[0] += 1
            if where is not None:
                entry[1] += 1
                # A street's name repeats across towns: only whether it is answered is told.
                entry[2] += kind != "street" and metres(lon, lat, *where) <= (100 if kind == "address" else 5000)
    if api is not None:
        api.close()
    for (tool, kind), (asked, answered, near) in sorted(tally.items()):
        row = {"check": tool, "kind": kind, "asked": asked, "answered": answered}
        if kind != "street":
            row["first within " + ("100 m of the node" if kind == "address" else "5 km of the town's node")] = near
        print(json.dumps(row))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "make":
        make(args[0], args[1], args[2], int(args[3]) if len(args) > 3 else 20000)
    elif command == "nominatim":
        nominatim(args[0], args[1], float(args[2]), args[3], args[4])
    elif command == "check":
        check(args[0], args[1], int(args[2]), args[3] if len(args) > 3 else None)
    else:
        sys.exit(__doc__)
