#!/usr/bin/env python3
"""Google's own legacy Python client (googlemaps, from PyPI) against a running `nearby serve`:
`geocode` of an address written the ways people write it, of a street with a number it lacks, of a
district and a postcode, with `components` restricting and alone, with `bounds`, `region` and
`language`, of nothing known, and refused (an empty text), each read exactly as the client reads
Google's answers.

    Tests/GoogleClients/geocode.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import sys

import googlemaps
from googlemaps.exceptions import ApiError

from checks import Checks

checks = Checks("geocode")
check = checks.check


def main(base_url):
    # The client insists on a key that looks like Google's; nearby ignores it.
    client = googlemaps.Client(key="AIzaNearbyTestKeyThatNobodyChecks", base_url=base_url, timeout=30,
                               retry_over_query_limit=False)

    for text in ["26 Avenue de la Costa", "Avenue de la Costa 26, 98000 Monte-Carlo", "26 avenue de la costa monaco"]:
        results = client.geocode(text)
        first = results[0] if results else {}
        check(f"the address '{text}'", first.get("formatted_address") == "26 Avenue de la Costa, 98000 Monte-Carlo, Monaco"
              and first.get("types") == ["street_address"] and first["geometry"]["location_type"] == "ROOFTOP"
              and first.get("place_id") == "w94399442" and "partial_match" not in first, repr(results[:1]))

    missing = client.geocode("999 Avenue de la Costa")
    check("a number the street lacks: the street, partial", missing and missing[0]["types"] == ["route"]
          and missing[0].get("partial_match") is True and missing[0]["geometry"]["location_type"] == "GEOMETRIC_CENTER",
          repr(missing[:1]))

    district = client.geocode("Monte-Carlo")
    check("a district", district and district[0]["types"][:2] == ["political", "sublocality"]
          and district[0]["geometry"]["location_type"] == "APPROXIMATE", repr(district[:1]))

    postcode = client.geocode("98000")
    check("a postcode", postcode and postcode[0]["types"] == ["postal_code"], repr(postcode[:1]))

    check("components restrict", client.geocode("Avenue de la Costa", components={"country": "FR"}) == [],
          "expected no results in France")
    alone = client.geocode(components={"route": "Avenue de la Costa", "country": "MC"})
    check("components alone", alone and alone[0]["types"] == ["route"], repr(alone[:1]))

    biased = client.geocode("Avenue de la Costa", bounds={"southwest": (43.73, 7.41), "northeast": (43.75, 7.44)},
                            region="mc", language="fr")
    check("bounds, region and language", biased and biased[0]["types"] == ["route"], repr(biased[:1]))

    check("nothing known", client.geocode("Rue Imaginaire 5") == [], "expected no results")
    checks.refused("an empty text", lambda: client.geocode(" "), ApiError, "INVALID_REQUEST")
    return checks.finish(f"googlemaps {googlemaps.__version__} reads {base_url} as Google's Geocoding API, forward")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
