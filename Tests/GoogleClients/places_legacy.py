#!/usr/bin/env python3
"""Google's own legacy Python client (googlemaps, from PyPI) against a running `nearby serve`, on the
Places and Static Maps calls an app makes: a nearby search read to its last page, details by `placeid` (the
parameter name this client sends), a static map, and the refusals (a latitude of 91, an unknown place)
read as the client reads Google's: `ApiError` with the body's status, never a transport error.

    Tests/GoogleClients/places_legacy.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import sys

import googlemaps
from googlemaps.exceptions import ApiError

from checks import Checks

HERE = (43.7384, 7.4246)
CAFE_DE_PARIS = "n4316767531"
checks = Checks("places_legacy")
check = checks.check


def main(base_url):
    # The client insists on a key that looks like Google's; nearby ignores it.
    client = googlemaps.Client(key="AIzaNearbyTestKeyThatNobodyChecks", base_url=base_url, timeout=30,
                               retry_over_query_limit=False)

    first = client.places_nearby(location=HERE, radius=1500, type="cafe")
    cafes = first["results"]
    check("the nearest café first", cafes and cafes[0]["place_id"] == "n3087468543", repr(cafes[:1]))
    # Every page, as an app reads them: the client sends the token alone.
    pages, results, answer = 1, list(cafes), client.places_nearby(location=HERE, radius=1500)
    everything = list(answer["results"])
    while answer.get("next_page_token"):
        answer = client.places_nearby(page_token=answer["next_page_token"])
        everything += answer["results"]
        pages += 1
    ids = [r["place_id"] for r in everything]
    check("every place within 1500 m, page by page", len(ids) == len(set(ids)) and len(ids) > 60,
          f"{len(ids)} results, {len(set(ids))} distinct")
    check("a vicinity on every result", all(r.get("vicinity") for r in everything),
          repr([r["place_id"] for r in everything if not r.get("vicinity")][:5]))
    # A strict decoder takes open_now as a Bool: never null, left out with opening_hours when unknown.
    check("open_now a boolean or absent",
          all(isinstance(r["opening_hours"].get("open_now", True), bool) for r in everything if "opening_hours" in r),
          repr([r["place_id"] for r in everything if r.get("opening_hours", {}).get("open_now", True) is None][:5]))

    place = client.place(CAFE_DE_PARIS)["result"]
    check("details by placeid", place["name"] == "Café de Paris" and place.get("formatted_address"), repr(place)[:200])

    image = b"".join(client.static_map(size=(320, 200), center=HERE, zoom=15, markers=["color:red|43.7397,7.4277"]))
    check("a static map", image.startswith(b"\x89PNG\r\n\x1a\n"), repr(image[:16]))

    checks.refused("latitude 91", lambda: client.places_nearby(location=(91, 7.4), radius=100), ApiError, "INVALID_REQUEST")
    checks.refused("an unknown place", lambda: client.place("n1"), ApiError, "NOT_FOUND")

    return checks.finish(f"googlemaps {googlemaps.__version__} reads {base_url} as Google's Places API, "
                         f"{len(ids)} places in {pages} pages")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
