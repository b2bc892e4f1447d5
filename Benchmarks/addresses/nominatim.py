"""The street accuracy of nearby and of Nominatim, side by side (Benchmarks/addresses/nominatim).

  nominatim.py truth PLACES.geojson TRUTH.tsv
      the places whose own addr:* tags name their street (the route nearby's
      import took from the place's own tags): id and street, a line each
  nominatim.py hide EXTRACT TRUTH.tsv HIDDEN.osm.pbf
      the extract with every addr:* tag of those places removed, all at once
  nominatim.py compare TRUTH.tsv HIDDEN.geojson DSN COMPARISON.tsv
      each place's street as nearby derived it (the import of the hidden
      extract) and as Nominatim did (the street its placex row hangs from),
      against the hidden tags; prints the figures
"""

import json
import re
import sys
import unicodedata


def same(a, b):
    """As nearby's AddressAccuracy compares: whatever the case, accents, hyphens and spacing."""

    def normal(s):
        s = unicodedata.normalize("NFKD", s)
        s = "".join(c for c in s if not unicodedata.combining(c)).casefold()
        return " ".join(part for part in re.split(r"[\s\-'’]+", s) if part)

    return bool(a) and bool(b) and normal(a) == normal(b)


def places(geojson):
    """id → the route component of each place of an exported GeoJSON."""
    routes = {}
    with open(geojson, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip().rstrip(",")
            if not line.startswith("{") or '"Feature"' not in line:
                continue
            feature = json.loads(line)
            components = feature["properties"].get("address_components") or []
            routes[feature["id"]] = next((c for c in components if "route" in c["types"]), None)
    return routes


def truth(geojson, out):
    with open(out, "w", encoding="utf-8") as f:
        for place, route in sorted(places(geojson).items()):
            if route and route["source"] == "tags":
                f.write(f"{place}\t{route['long_name']}\n")


def read_truth(path):
    with open(path, encoding="utf-8") as f:
        return dict(line.rstrip("\n").split("\t") for line in f if line.strip())


def hide(extract, truth_file, out):
    import osmium

    hidden = set(read_truth(truth_file))
    found = set()

    class Hider(osmium.SimpleHandler):
        def __init__(self, writer):
            super().__init__()
            self.writer = writer

        def strip(self, element, kind):
            if kind + str(element.id) not in hidden:
                return element
            found.add(kind + str(element.id))
            return element.replace(tags=[(t.k, t.v) for t in element.tags if not t.k.startswith("addr:")])

        def node(self, n):
            self.writer.add_node(self.strip(n, "n"))

        def way(self, w):
            self.writer.add_way(self.strip(w, "w"))

        def relation(self, r):
            self.writer.add_relation(self.strip(r, "r"))

    reader = osmium.io.Reader(extract)
    header = reader.header()  # Nominatim dates its data by the header's timestamp
    reader.close()
    writer = osmium.SimpleWriter(out, header=header)
    Hider(writer).apply_file(extract)
    writer.close()
    if found != hidden:
        sys.exit(f"nominatim.py: not in the extract: {' '.join(sorted(hidden - found))}")


def nominatim_streets(dsn, ids):
    """id → the name of the street (rank 26 or 27) Nominatim parents the object on."""
    import psycopg

    query = """
        SELECT parent.rank_address, parent.name->'name'
        FROM placex p LEFT JOIN placex parent ON parent.place_id = p.parent_place_id
        WHERE p.osm_type = %s AND p.osm_id = %s
        ORDER BY p.rank_search DESC, p.class, p.type LIMIT 1"""
    streets = {}
    with psycopg.connect(dsn) as connection:
        for place in ids:
            row = connection.execute(query, (place[0].upper(), int(place[1:]))).fetchone()
            streets[place] = row[1] if row and row[0] in (26, 27) and row[1] else None
    return streets


def compare(truth_file, hidden_geojson, dsn, out):
    own = read_truth(truth_file)
    derived = {place: (route or {}).get("long_name") for place, route in places(hidden_geojson).items()}
    peer = nominatim_streets(dsn, own)
    right = {"nearby": 0, "Nominatim": 0}
    with open(out, "w", encoding="utf-8") as f:
        f.write("id\thidden addr:street\tnearby\tNominatim\n")
        for place, street in sorted(own.items()):
            ours, theirs = derived.get(place), peer.get(place)
            right["nearby"] += same(street, ours)
            right["Nominatim"] += same(street, theirs)
            f.write(f"{place}\t{street}\t{ours or ''}\t{theirs or ''}\n")
    for tool, count in right.items():
        print(f"{tool}: the street of {count} of {len(own)} ({100 * count / len(own):.1f} %)")


if __name__ == "__main__":
    commands = {"truth": (truth, 2), "hide": (hide, 3), "compare": (compare, 4)}
    if len(sys.argv) < 2 or sys.argv[1] not in commands or len(sys.argv) - 2 != commands[sys.argv[1]][1]:
        sys.exit(__doc__)
    function, _ = commands[sys.argv[1]]
    function(*sys.argv[2:])
