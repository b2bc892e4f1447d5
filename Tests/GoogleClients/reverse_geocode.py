#!/usr/bin/env python3
"""Google's own legacy Python client (googlemaps, from PyPI) against a running `nearby serve`:
`reverse_geocode` of a position, of a place id, filtered by type and language, outside the data, and
refused (a latitude of 91), each read exactly as the client reads Google's answers.

    Tests/GoogleClients/reverse_geocode.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import sys

import googlemaps
from googlemaps.exceptions import ApiError

from checks import Checks

checks = Checks("reverse_geocode")
check = checks.check


def main(base_url):
    # The client insists on a key that looks like Google's; nearby ignores it.
    client = googlemaps.Client(key="AIzaNearbyTestKeyThatNobodyChecks", base_url=base_url, timeout=30,
                               retry_over_query_limit=False)

    results = client.reverse_geocode((43.7384, 7.4246))
    check("the address here", results and results[0]["formatted_address"] == "Avenue de la Costa, 98000 Monaco",
          repr(results[:1]))
    check("most specific first", [r["types"][0] for r in results] == ["route", "political", "postal_code", "locality",
                                                                        "country"], repr([r["types"] for r in results]))
    parts = {c["types"][0]: c["long_name"] for c in results[0]["address_components"]}
    check("its parts", parts.get("route") == "Avenue de la Costa" and parts.get("locality") == "Monaco"
          and parts.get("postal_code") == "98000", repr(parts))

    localities = client.reverse_geocode((43.7384, 7.4246), result_type=["locality", "country"], language="en")
    check("result_type", [r["types"][0] for r in localities] == ["locality", "country"], repr(localities))

    place = client.reverse_geocode("n4316767531")  # a string without a comma is a place_id to the client
    check("a place's address", place and place[0]["formatted_address"] == "Place du Casino, 98000 Monaco", repr(place[:1]))

    check("outside the data", client.reverse_geocode((0, 0)) == [], "expected no results")

    checks.refused("latitude 91", lambda: client.reverse_geocode((91, 7.4)), ApiError, "INVALID_REQUEST")
    return checks.finish(f"googlemaps {googlemaps.__version__} reads {base_url} as Google's Geocoding API")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
