#!/usr/bin/env python3
"""Google's own legacy Python client (googlemaps, from PyPI) against a running `nearby serve`, on
`find_place`: a name with the fields an app asks for, a kind in a town, a phone number written as people
write it, each location bias the client takes (`ipbias`, `point:`, `circle:`, `rectangle:`), nothing
known, and the refusals (an empty text, a number without its country code) read as the client reads
Google's: `ApiError` with the body's status.

    Tests/GoogleClients/find_place.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import sys

import googlemaps
from googlemaps.exceptions import ApiError

from checks import Checks

CAFE_DE_PARIS = "n4316767531"
JARDIN_EXOTIQUE = "w157455610"  # its phone is +377 93 15 29 80
checks = Checks("find_place")
check = checks.check


def main(base_url):
    # The client insists on a key that looks like Google's; nearby ignores it.
    client = googlemaps.Client(key="AIzaNearbyTestKeyThatNobodyChecks", base_url=base_url, timeout=30,
                               retry_over_query_limit=False)

    fields = ["place_id", "name", "formatted_address", "geometry/location", "types", "opening_hours", "rating"]
    found = client.find_place("Café de Paris", "textquery", fields=fields, language="fr")
    first = found["candidates"][0] if found["candidates"] else {}
    check("a name, with the fields asked for", found["status"] == "OK" and first.get("place_id") == CAFE_DE_PARIS
          and first.get("name") == "Café de Paris" and first.get("formatted_address")
          and "location" in first.get("geometry", {}) and "distance_m" not in first and "rating" not in first,
          repr(found)[:300])

    bare = client.find_place("Café de Paris", "textquery")
    check("no fields: the place_id alone", bare["candidates"] == [{"place_id": CAFE_DE_PARIS}], repr(bare)[:200])

    kind = client.find_place("restaurants in Monte-Carlo", "textquery", fields=["types"])
    check("a kind in a town", kind["candidates"] and "restaurant" in kind["candidates"][0]["types"], repr(kind)[:200])

    phone = client.find_place("+377 93 15 29 80", "phonenumber", fields=["place_id", "name"])
    check("a phone number", [c["place_id"] for c in phone["candidates"]] == [JARDIN_EXOTIQUE], repr(phone)[:200])

    biased = [client.find_place("pharmacy", "textquery", location_bias=bias)["candidates"]
              for bias in ["ipbias", "point:43.7384,7.4246", "circle:500@43.7384,7.4246", "rectangle:43.73,7.42|43.75,7.43"]]
    check("every location bias", all(len(c) == 1 for c in biased) and biased[1] == biased[2] and biased[0] != biased[1],
          repr(biased))

    nothing = client.find_place("restaurant in Nowhereville", "textquery")
    check("nothing known", nothing["status"] == "ZERO_RESULTS" and nothing["candidates"] == [], repr(nothing)[:200])

    checks.refused("an empty text", lambda: client.find_place(" ", "textquery"), ApiError, "INVALID_REQUEST")
    checks.refused("a national number", lambda: client.find_place("93 15 29 80", "phonenumber"), ApiError, "INVALID_REQUEST")

    return checks.finish(f"googlemaps {googlemaps.__version__} reads {base_url} as Google's Places Find Place")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
