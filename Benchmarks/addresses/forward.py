"""Forward geocoding accuracy, nearby beside Nominatim (Benchmarks/addresses/forward).

  forward.py questions EXTRACT QUESTIONS.json
      the questions, made from the extract's own tags with pyosmium (not from
      nearby's import): every addressed object's address written five ways,
      every named street by its name, every named place=* and administrative
      boundary by its name; each with its kind and the truth (the geometries
      and the OSM ids that are right)
  forward.py ask-nearby QUESTIONS.json URL ANSWERS.jsonl
      each question's first answer from a running `nearby serve`
      (GET /maps/api/geocode/json?address=…)
  forward.py ask-nominatim QUESTIONS.json PROJECT_DIR ANSWERS.jsonl
      each question's first answer from Nominatim's Python API, asked as its
      /search endpoint asks it (no bias, no layer filter)
  forward.py judge QUESTIONS.json NEARBY.jsonl NOMINATIM.jsonl OUT_DIR
      each answer judged the same way for both tools; prints the share right
      by kind side by side and the questions each got wrong; writes
      OUT_DIR/shares.tsv and OUT_DIR/wrong.tsv

Judging: an address is right when the first answer is one of the objects with
that number on that street (the data holds a few twice), or lies within 50 m
of one (of a building's outline: 0 inside it, else the distance to its
nearest wall); a street when the answer is a way of that name or within 50 m
of one; a place or boundary when the answer is an element of that name, lies
inside the area of one, or within 500 m of a node of one.
"""

import json
import math
import re
import sys
import time
import unicodedata

ADDRESS_RADIUS = 50.0
STREET_RADIUS = 50.0
PLACE_NODE_RADIUS = 500.0

# Countries that write the number after the street (Hauptstrasse 5); every
# other writes it first (5 avenue de la Costa). The common usage of each.
NUMBER_AFTER = {
    "AT", "BA", "BE", "CH", "CZ", "DE", "DK", "EE", "ES", "FI", "HR", "HU", "IS", "IT", "LI", "LT", "LV",
    "NL", "NO", "PL", "PT", "RS", "SE", "SI", "SK", "SM", "VA",
}

# Ways people walk rather than drive: a name all of whose ways are of these is
# asked as a path, to report apart from the streets.
FOOT = {"footway", "path", "steps", "pedestrian", "cycleway", "bridleway", "corridor", "platform", "elevator"}

ADDRESS_KINDS = ["NUMBER STREET", "STREET NUMBER", "… , POSTCODE TOWN", "… , POSTCODE", "… , TOWN"]


def normal(s):
    """A name as written whatever the case, accents, hyphens and spacing."""
    s = unicodedata.normalize("NFKD", s or "")
    s = "".join(c for c in s if not unicodedata.combining(c)).casefold()
    return " ".join(part for part in re.split(r"[\s\-'’]+", s) if part)


def numbers(housenumber):
    """The numbers an addr:housenumber holds: "7;9" is 7 and 9."""
    return [n.strip() for n in re.split(r"[;,]", housenumber) if n.strip()]


# --- questions -------------------------------------------------------------


def questions(extract, out):
    import osmium

    addressed = []  # (id, tags, geometry)
    streets = {}  # name → [(id, highway, line)]
    named_areas = []  # (id, kind label, name, geometry)

    def polygon(rings):
        return {"polygon": [[[round(x, 7), round(y, 7)] for x, y in ring] for ring in rings]}

    def line(coords):
        return [[round(x, 7), round(y, 7)] for x, y in coords]

    def area_kind(tags):
        if "place" in tags:
            return f"place={tags['place']}"
        if tags.get("boundary") == "administrative":
            return f"boundary admin_level={tags.get('admin_level', '?')}"
        return None

    class Reader(osmium.SimpleHandler):
        def note(self, element_id, tags, geometry):
            if "addr:housenumber" in tags and ("addr:street" in tags or "addr:place" in tags):
                addressed.append((element_id, tags, geometry))
            kind = area_kind(tags)
            if kind and tags.get("name"):
                named_areas.append((element_id, kind, tags["name"], geometry))

        def node(self, n):
            tags = dict(n.tags)
            if tags and n.location.valid():
                self.note(f"n{n.id}", tags, {"point": [n.location.lon, n.location.lat]})

        def way(self, w):
            tags = dict(w.tags)
            if not tags:
                return
            try:
                coords = [(nd.location.lon, nd.location.lat) for nd in w.nodes]
            except osmium.InvalidLocationError:
                return
            if len(coords) < 2:
                return
            if "highway" in tags and tags.get("name"):
                streets.setdefault(tags["name"], []).append((f"w{w.id}", tags["highway"], line(coords)))
            if w.is_closed() and len(coords) >= 4:
                self.note(f"w{w.id}", tags, polygon([coords]))

        def area(self, a):
            if a.from_way():
                return  # closed ways are read as ways, above
            tags = dict(a.tags)
            if not (area_kind(tags) or "addr:housenumber" in tags):
                return
            rings = []
            for outer in a.outer_rings():
                rings.append([(p.lon, p.lat) for p in outer])
                rings.extend([(p.lon, p.lat) for p in inner] for inner in a.inner_rings(outer))
            if rings:
                self.note(f"r{a.orig_id()}", tags, polygon(rings))

    Reader().apply_file(extract, locations=True)

    countries = {}
    for _, tags, _ in addressed:
        if tags.get("addr:country"):
            countries[tags["addr:country"].upper()] = countries.get(tags["addr:country"].upper(), 0) + 1
    default_country = max(countries, key=countries.get) if countries else ""

    truths = {}
    asked = {}  # (kind, text) → truth key

    def ask(kind, text, key):
        asked.setdefault((kind, text), key)

    # Addresses: the truth of "NUMBER on STREET" is every object with that number on that street.
    groups = {}
    for element_id, tags, geometry in addressed:
        street = tags.get("addr:street") or tags["addr:place"]
        for number in numbers(tags["addr:housenumber"]):
            groups.setdefault((normal(number).replace(" ", ""), normal(street)), []).append((element_id, geometry))
    for (number, street), members in groups.items():
        key = f"address {number} {street}"
        truths[key] = {
            "ids": sorted({m[0] for m in members}),
            "geometries": [dict(g, radius=ADDRESS_RADIUS) for _, g in members],
        }
    for element_id, tags, _ in addressed:
        street = tags.get("addr:street") or tags["addr:place"]
        country = (tags.get("addr:country") or default_country).upper()
        postcode, town = tags.get("addr:postcode", "").strip(), tags.get("addr:city", "").strip()
        for number in numbers(tags["addr:housenumber"]):
            key = f"address {normal(number).replace(' ', '')} {normal(street)}"
            first, after = f"{number} {street}", f"{street} {number}"
            own = after if country in NUMBER_AFTER else first
            ask("NUMBER STREET", first, key)
            ask("STREET NUMBER", after, key)
            if postcode and town:
                ask("… , POSTCODE TOWN", f"{own}, {postcode} {town}", key)
            if postcode:
                ask("… , POSTCODE", f"{own}, {postcode}", key)
            if town:
                ask("… , TOWN", f"{own}, {town}", key)

    # Streets by name: any way of that name.
    for name, ways in streets.items():
        key = f"street {name}"
        truths[key] = {
            "ids": sorted({w[0] for w in ways}),
            "geometries": [{"line": w[2], "radius": STREET_RADIUS} for w in ways],
        }
        kind = "path by name" if all(w[1] in FOOT for w in ways) else "street by name"
        ask(kind, name, key)

    # Places and boundaries by name: any place or boundary of that name.
    by_name = {}
    for element_id, kind, name, geometry in named_areas:
        by_name.setdefault(normal(name), []).append((element_id, geometry))
    for element_id, kind, name, geometry in named_areas:
        key = f"area {normal(name)}"
        if key not in truths:
            members = by_name[normal(name)]
            truths[key] = {
                "ids": sorted({m[0] for m in members}),
                "geometries": [
                    dict(g, radius=PLACE_NODE_RADIUS if "point" in g else 0.0) for _, g in members
                ],
            }
        ask(f"{kind} by name", name, key)

    out_questions = [{"kind": kind, "q": text, "truth": key} for (kind, text), key in asked.items()]
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"extract": extract, "country": default_country, "questions": out_questions, "truths": truths}, f,
                  ensure_ascii=False)
    counts = {}
    for q in out_questions:
        counts[q["kind"]] = counts.get(q["kind"], 0) + 1
    print(f"{len(addressed)} addressed objects, {len(streets)} street names, {len(by_name)} place and boundary names "
          f"(country {default_country or 'unknown'}): {len(out_questions)} questions")
    for kind in sorted(counts, key=kind_order):
        print(f"  {counts[kind]:6d}  {kind}")


def kind_order(kind):
    if kind in ADDRESS_KINDS:
        return (0, ADDRESS_KINDS.index(kind), "")
    if kind == "street by name":
        return (1, 0, "")
    if kind == "path by name":
        return (1, 1, "")
    if kind.startswith("place="):
        return (2, 0, kind)
    return (3, 0, kind)


def read_questions(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def texts(data):
    """Every distinct text asked, once (a text may be asked in two kinds)."""
    return list(dict.fromkeys(q["q"] for q in data["questions"]))


def progress(tool, done, total, started):
    if done % 1000 == 0 or done == total:
        rate = done / max(time.monotonic() - started, 1e-9)
        print(f"  {tool}: {done} of {total} ({rate:.0f} a second)", file=sys.stderr, flush=True)


# --- asking ----------------------------------------------------------------


def ask_nearby(questions_file, url, out):
    import http.client
    import urllib.parse

    data = read_questions(questions_file)
    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
    all_texts = texts(data)
    started = time.monotonic()
    with open(out, "w", encoding="utf-8") as f:
        for done, text in enumerate(all_texts, 1):
            path = "/maps/api/geocode/json?" + urllib.parse.urlencode({"address": text})
            t0 = time.monotonic()
            for attempt in range(3):
                try:
                    connection.request("GET", path)
                    response = connection.getresponse()
                    body = json.loads(response.read())
                    break
                except (http.client.HTTPException, ConnectionError):
                    connection.close()
                    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
                    if attempt == 2:
                        raise
            seconds = time.monotonic() - t0
            answer = {"q": text, "status": body.get("status"), "seconds": round(seconds, 5)}
            results = body.get("results") or []
            if results:
                first = results[0]
                location = first["geometry"]["location"]
                answer.update(
                    id=first.get("place_id") or None, lat=location["lat"], lon=location["lng"],
                    type=",".join(first.get("types", [])) + (" (partial)" if first.get("partial_match") else ""),
                    label=first.get("formatted_address", ""))
            f.write(json.dumps(answer, ensure_ascii=False) + "\n")
            progress("nearby", done, len(all_texts), started)


def ask_nominatim(questions_file, project_dir, out):
    import nominatim_api

    data = read_questions(questions_file)
    api = nominatim_api.NominatimAPI(project_dir)
    locales = nominatim_api.Locales()
    all_texts = texts(data)
    started = time.monotonic()
    try:
        with open(out, "w", encoding="utf-8") as f:
            for done, text in enumerate(all_texts, 1):
                t0 = time.monotonic()
                # As its /search endpoint asks for limit=1: one more result than asked, no layer filter.
                try:
                    results = api.search(text, max_results=2, layers=None, address_details=True)
                    status = "OK" if results else "ZERO_RESULTS"
                except nominatim_api.UsageError as error:
                    results, status = [], f"error: {error}"
                seconds = time.monotonic() - t0
                answer = {"q": text, "status": status, "seconds": round(seconds, 5)}
                if results:
                    locales.localize_results(results[:1])
                    first = results[0]
                    osm = first.osm_object
                    answer.update(
                        id=f"{osm[0].lower()}{osm[1]}" if osm else None, lat=first.centroid.lat, lon=first.centroid.lon,
                        type=f"{first.category[0]}={first.category[1]}", label=first.display_name or "")
                f.write(json.dumps(answer, ensure_ascii=False) + "\n")
                progress("Nominatim", done, len(all_texts), started)
    finally:
        api.close()


# --- judging ---------------------------------------------------------------

EARTH = 6371008.8


def metres(lon0, lat0):
    """A local plane around (lon0, lat0), in metres."""
    kx = math.radians(1) * EARTH * math.cos(math.radians(lat0))
    ky = math.radians(1) * EARTH
    return lambda lon, lat: ((lon - lon0) * kx, (lat - lat0) * ky)


def segment_distance(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def inside(lon, lat, rings):
    """Even-odd over every ring: inside the outers and outside their holes."""
    crossing = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > lat) != (y2 > lat) and lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
                crossing = not crossing
    return crossing


def distance(lon, lat, geometry):
    """Metres from the answer to the geometry: 0 inside an area, else to its nearest wall."""
    plane = metres(lon, lat)
    here = (0.0, 0.0)
    if "point" in geometry:
        return math.hypot(*plane(*geometry["point"]))
    if "polygon" in geometry:
        if inside(lon, lat, geometry["polygon"]):
            return 0.0
        return min(
            segment_distance(here, plane(*a), plane(*b))
            for ring in geometry["polygon"] for a, b in zip(ring, ring[1:] + ring[:1]))
    coords = geometry["line"]
    return min(segment_distance(here, plane(*a), plane(*b)) for a, b in zip(coords, coords[1:]))


def judge_one(answer, truth):
    """(right, metres off or None, why)."""
    if not answer or answer.get("lat") is None:
        return False, None, "no answer"
    if answer.get("id") in truth["ids"]:
        return True, 0.0, "the element"
    best, right = None, False
    for geometry in truth["geometries"]:
        d = distance(answer["lon"], answer["lat"], geometry)
        if best is None or d < best:
            best = d
        if d <= geometry["radius"]:
            right = True
    return right, best, "within reach" if right else "too far"


def read_answers(path):
    with open(path, encoding="utf-8") as f:
        return {a["q"]: a for a in map(json.loads, f)}


def judge(questions_file, nearby_file, nominatim_file, out_dir):
    data = read_questions(questions_file)
    tools = {"nearby": read_answers(nearby_file), "Nominatim": read_answers(nominatim_file)}
    name = data["extract"].rsplit("/", 1)[-1]
    shares = {}  # kind → tool → [right, total]
    wrong = []
    for q in data["questions"]:
        truth = data["truths"][q["truth"]]
        for tool, answers in tools.items():
            answer = answers.get(q["q"])
            right, off, _ = judge_one(answer, truth)
            counts = shares.setdefault(q["kind"], {}).setdefault(tool, [0, 0])
            counts[0] += right
            counts[1] += 1
            if not right:
                wrong.append((tool, q["kind"], q["q"], answer or {}, off))
    kinds = sorted(shares, key=kind_order)
    with open(f"{out_dir}/shares.tsv", "w", encoding="utf-8") as f:
        f.write("extract\tkind\tquestions\tnearby right\tnearby %\tNominatim right\tNominatim %\n")
        for kind in kinds:
            (a, n), (b, _) = shares[kind]["nearby"], shares[kind]["Nominatim"]
            f.write(f"{name}\t{kind}\t{n}\t{a}\t{100 * a / n:.1f}\t{b}\t{100 * b / n:.1f}\n")
    with open(f"{out_dir}/wrong.tsv", "w", encoding="utf-8") as f:
        f.write("extract\ttool\tkind\tquestion\tanswer id\tanswer type\tanswer\tmetres off\n")
        for tool, kind, text, answer, off in sorted(wrong, key=lambda w: (w[0] != "nearby", kind_order(w[1]), w[2])):
            f.write(f"{name}\t{tool}\t{kind}\t{text}\t{answer.get('id') or ''}\t{answer.get('type') or answer.get('status', '')}"
                    f"\t{answer.get('label', '')}\t{'' if off is None else f'{off:.0f}'}\n")

    print(f"\n{name}: the share right by kind of question")
    print(f"  {'kind of question':<34} {'questions':>9}  {'nearby':>15}  {'Nominatim':>15}")
    for kind in kinds:
        (a, n), (b, _) = shares[kind]["nearby"], shares[kind]["Nominatim"]
        mark = "  <" if a < b else ""
        print(f"  {kind:<34} {n:9d}  {a:6d} {100 * a / n:6.1f} %  {b:6d} {100 * b / n:6.1f} %{mark}")
    addresses = [shares[k] for k in kinds if k in ADDRESS_KINDS]
    if addresses:
        for tool in tools:
            a = sum(s[tool][0] for s in addresses)
            n = sum(s[tool][1] for s in addresses)
            print(f"  every address question, {tool}: {a} of {n} ({100 * a / n:.1f} %)")
    for tool, answers in tools.items():
        seconds = sorted(a["seconds"] for a in answers.values())
        if seconds:
            print(f"  {tool}: {len(seconds)} distinct texts, median {1000 * seconds[len(seconds) // 2]:.1f} ms, "
                  f"p95 {1000 * seconds[int(len(seconds) * 0.95)]:.1f} ms a question")
    for tool in tools:
        mine = [w for w in wrong if w[0] == tool]
        print(f"\n{name}: {len(mine)} questions {tool} gets wrong (all in {out_dir}/wrong.tsv)")
        for _, kind, text, answer, off in mine[:60]:
            far = "no answer" if off is None else f"{off:.0f} m off"
            print(f"  [{kind}] {text!r} → {answer.get('id') or '-'} {answer.get('type') or answer.get('status', '')} "
                  f"{answer.get('label', '')!r} ({far})")
        if len(mine) > 60:
            print(f"  … and {len(mine) - 60} more")


if __name__ == "__main__":
    commands = {"questions": (questions, 2), "ask-nearby": (ask_nearby, 3), "ask-nominatim": (ask_nominatim, 3),
                "judge": (judge, 4)}
    if len(sys.argv) < 2 or sys.argv[1] not in commands or len(sys.argv) - 2 != commands[sys.argv[1]][1]:
        sys.exit(__doc__)
    function, _ = commands[sys.argv[1]]
    function(*sys.argv[2:])
