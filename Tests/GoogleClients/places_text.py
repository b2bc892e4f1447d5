#!/usr/bin/env python3
"""Google's own legacy Python client (googlemaps, from PyPI) against a running `nearby serve`, on the
Places calls an app makes with text: `places(query=...)` — a kind in a town read to its last page (the
client sends the token alone, and `minprice=None&maxprice=None` on every call), a kind near a position,
a name, leaning to a location, a type and open now, nothing known — and the refusals (an empty text,
only punctuation) read as the client reads Google's: `ApiError` with the body's status.

    Tests/GoogleClients/places_text.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import sys

import googlemaps
from googlemaps.exceptions import ApiError

from checks import Checks

HERE = (43.7384, 7.4246)
NEAREST_CAFES = ["n3087468543", "n3087468610", "n4316767531"]
CAFE_DE_PARIS = "n4316767531"
checks = Checks("places_text")
check = checks.check


def main(base_url):
    # The client insists on a key that looks like Google's; nearby ignores it.
    client = googlemaps.Client(key="AIzaNearbyTestKeyThatNobodyChecks", base_url=base_url, timeout=30,
                               retry_over_query_limit=False)

    pages, answer = 1, client.places(query="restaurants in Monte-Carlo")
    restaurants = list(answer["results"])
    while answer.get("next_page_token"):
        answer = client.places(page_token=answer["next_page_token"])
        restaurants += answer["results"]
        pages += 1
    ids = [r["place_id"] for r in restaurants]
    check("restaurants in Monte-Carlo, page by page", pages > 1 and len(ids) == len(set(ids))
          and all("restaurant" in r["types"] for r in restaurants), f"{len(ids)} results in {pages} pages")
    check("a formatted address on every result", all(r.get("formatted_address") for r in restaurants),
          repr([r["place_id"] for r in restaurants if not r.get("formatted_address")][:5]))

    cafes = client.places(query="cafe near 43.7384,7.4246")["results"]
    check("cafés near a position, nearest first", [r["place_id"] for r in cafes[:3]] == NEAREST_CAFES, repr(cafes[:1]))

    by_name = client.places(query="Café de Paris")["results"]
    check("a name", by_name and by_name[0]["place_id"] == CAFE_DE_PARIS, repr(by_name[:1]))

    leaning = client.places(query="pharmacy", location=HERE, radius=500)["results"]
    distances = [r["distance_m"] for r in leaning]
    check("leaning to a location", leaning and distances == sorted(distances), repr(distances[:5]))

    typed = client.places(query="paris", type="cafe", language="en")["results"]
    check("a type and a language", typed and all("cafe" in r["types"] for r in typed), repr(typed[:1]))
    open_now = client.places(query="restaurant", open_now=True)
    check("open now", open_now["status"] in ("OK", "ZERO_RESULTS")
          and all(r["opening_hours"]["open_now"] for r in open_now["results"]), repr(open_now["results"][:1]))

    nothing = client.places(query="restaurant in Nowhereville")
    check("nothing known", nothing["status"] == "ZERO_RESULTS" and nothing["results"] == [], repr(nothing)[:200])

    checks.refused("an empty text", lambda: client.places(query=" "), ApiError, "INVALID_REQUEST")
    checks.refused("only punctuation", lambda: client.places(query="!!!"), ApiError, "INVALID_REQUEST")

    return checks.finish(f"googlemaps {googlemaps.__version__} reads {base_url} as Google's Places Text Search, "
                         f"{len(ids)} restaurants in {pages} pages")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
