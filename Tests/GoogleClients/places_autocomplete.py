#!/usr/bin/env python3
"""Google's own legacy Python client (googlemaps, from PyPI) against a running `nearby serve`, on what a
search box sends as someone types: `places_autocomplete` — a place's name half typed, leaning to a position
with the distance from an origin, with an offset, a street and an address (`types` address and geocode; the street's `place_id` read back by
`place` and `geocode`), a district (`(regions)`), a country it is not in, strict bounds, a session token — and
`places_autocomplete_query`: a kind in a town half typed, a kind's first letters; then the refusals (an
empty text, an unknown type), read as the client reads Google's: `ApiError` with the body's status.

    Tests/GoogleClients/places_autocomplete.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import sys

import googlemaps
from googlemaps.exceptions import ApiError

from checks import Checks

HERE = (43.7384, 7.4246)
CAFE_DE_PARIS = "n4316767531"
checks = Checks("places_autocomplete")
check = checks.check


def shaped(prediction):
    """Google's shape: the description is its terms joined, each term at its offset, each match inside it."""
    text = prediction["description"]
    terms = prediction["terms"]
    formatting = prediction["structured_formatting"]
    return (", ".join(t["value"] for t in terms) == text
            and all(text[t["offset"]:t["offset"] + len(t["value"])] == t["value"] for t in terms)
            and all(0 <= m["offset"] and m["offset"] + m["length"] <= len(text) for m in prediction["matched_substrings"])
            and formatting["main_text"] == terms[0]["value"])


def main(base_url):
    # The client insists on a key that looks like Google's; nearby ignores it.
    client = googlemaps.Client(key="AIzaNearbyTestKeyThatNobodyChecks", base_url=base_url, timeout=30,
                               retry_over_query_limit=False)

    typed = client.places_autocomplete("Café de Par", location=HERE, radius=1500, origin=HERE,
                                       session_token="a-session", language="fr")
    first = typed[0] if typed else {}
    check("a name half typed", first.get("place_id") == CAFE_DE_PARIS and "cafe" in first.get("types", [])
          and first["structured_formatting"]["main_text"] == "Café de Paris"
          and first["matched_substrings"][0] == {"length": 4, "offset": 0}, repr(typed[:1]))
    check("the distance from the origin", isinstance(first.get("distance_meters"), int)
          and first["distance_meters"] < 1500, repr(first.get("distance_meters")))
    check("at most five, each in Google's shape", 0 < len(typed) <= 5 and all(shaped(p) for p in typed), repr(typed)[:300])

    offset = client.places_autocomplete("Café de Paris, Monte-Carlo", offset=3, location=HERE)
    check("an offset: only 'Caf' read", offset and all("caf" in p["description"].lower() for p in offset), repr(offset[:2]))

    street = client.places_autocomplete("Avenue de la Cos", types="address")
    check("a street half typed", street and street[0]["description"].startswith("Avenue de la Costa")
          and "route" in street[0]["types"] and street[0]["place_id"], repr(street[:1]))
    if street:
        # What an app does next: the prediction's place_id, to details or to the geocoder.
        details = client.place(street[0]["place_id"])["result"]
        check("a street's details", details.get("formatted_address") == street[0]["description"]
              and "route" in details.get("types", []), repr(details)[:200])
        geocoded = client.geocode(place_id=street[0]["place_id"])
        check("a street geocoded by its place_id", geocoded and geocoded[0]["formatted_address"] == street[0]["description"],
              repr(geocoded[:1]))
    address = client.places_autocomplete("26 Avenue de la Costa", types="geocode")
    check("an address", address and address[0]["place_id"] == "w94399442" and "street_address" in address[0]["types"],
          repr(address[:1]))
    district = client.places_autocomplete("Monte-Car", types="(regions)")
    check("a district", district and district[0]["description"].startswith("Monte-Carlo")
          and "sublocality" in district[0]["types"], repr(district[:1]))

    check("another country", client.places_autocomplete("Café de Par", components={"country": ["fr"]}) == [],
          "expected nothing in France")
    far = client.places_autocomplete("Café de Par", location=(43.70, 7.30), radius=500, strict_bounds=True)
    check("strict bounds", far == [], repr(far[:1]))

    query = client.places_autocomplete_query("pharmacy in Monte-Ca", location=HERE, radius=2000)
    check("a kind in a town half typed", query and query[0]["description"] == "pharmacy in Monte-Carlo"
          and "place_id" not in query[0] and shaped(query[0]), repr(query[:2]))
    kinds = client.places_autocomplete_query("caf", location=HERE)
    descriptions = [p["description"] for p in kinds]
    check("a kind's first letters, then places", "Cafés" in descriptions
          and any(p.get("place_id") for p in kinds), repr(descriptions))

    checks.refused("an empty text", lambda: client.places_autocomplete(" "), ApiError, "INVALID_REQUEST")
    checks.refused("an unknown type", lambda: client.places_autocomplete("caf", types="spaceport"), ApiError,
                   "INVALID_REQUEST")

    return checks.finish(f"googlemaps {googlemaps.__version__} reads {base_url} as Google's Place Autocomplete")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
