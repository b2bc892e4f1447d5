#!/usr/bin/env python3
"""Google's own Places API (New) Python client (google-maps-places, from PyPI, REST transport) against a
running `nearby serve`: searchNearby ranked both ways and filtered by type, searchText by name within a
rectangle and leaning to a point, autocomplete with its match offsets (a street's too, read back), Place Details with a field mask and a language, and each refusal read as the
client reads Google's (400 → BadRequest, 404 → NotFound).

    Tests/GoogleClients/places_new.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import math
import sys

from google.api_core import exceptions
from google.api_core.client_options import ClientOptions
from google.auth.credentials import AnonymousCredentials
from google.geo.type.types import viewport
from google.maps import places_v1
from google.type import latlng_pb2

from checks import Checks

HERE = latlng_pb2.LatLng(latitude=43.7384, longitude=7.4246)
CAFE_DE_PARIS = "n4316767531"
checks = Checks("places_new")
check, refused = checks.check, checks.refused


def haversine(a, b):
    """Metres between two LatLngs on a sphere: enough to tell an order apart."""
    p1, p2 = math.radians(a.latitude), math.radians(b.latitude)
    dp, dl = p2 - p1, math.radians(b.longitude - a.longitude)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


def nearby(client, mask, radius=1500, **fields):
    circle = places_v1.Circle(center=HERE, radius=radius)
    request = places_v1.SearchNearbyRequest(
        location_restriction=places_v1.SearchNearbyRequest.LocationRestriction(circle=circle), **fields)
    return client.search_nearby(request=request, metadata=[("x-goog-fieldmask", mask)]).places


def main(base_url):
    client = places_v1.PlacesClient(credentials=AnonymousCredentials(), transport="rest",
                                    client_options=ClientOptions(api_endpoint=base_url))
    ranking = places_v1.SearchNearbyRequest.RankPreference

    nearest = nearby(client, "places.id,places.displayName,places.location", included_types=["cafe"],
                     rank_preference=ranking.DISTANCE)
    check("the nearest café first", [p.id for p in nearest[:3]] == ["n3087468543", "n3087468610", CAFE_DE_PARIS],
          repr([p.id for p in nearest[:3]]))
    check("only the masked fields", nearest and nearest[0].display_name.text and not nearest[0].formatted_address,
          repr(nearest[:1]))

    popular = nearby(client, "places.id,places.types,places.primaryType", included_types=["cafe"],
                     max_result_count=5)
    check("POPULARITY by default: the best known café first", popular and popular[0].id == CAFE_DE_PARIS,
          repr([p.id for p in popular]))
    check("maxResultCount", len(popular) == 5, f"{len(popular)} places")
    check("types", all("cafe" in p.types and p.primary_type for p in popular), repr([list(p.types) for p in popular]))

    banks = nearby(client, "places.id,places.primaryType", included_primary_types=["bank"], radius=3000)
    check("includedPrimaryTypes", banks and all(p.primary_type == "bank" for p in banks), repr(banks[:2]))
    check("nothing in a circle of 0 m", nearby(client, "places.id", radius=0) == [], "expected no places")

    found = client.search_text(request=places_v1.SearchTextRequest(text_query="cafe de paris"),
                               metadata=[("x-goog-fieldmask", "places.id")]).places
    check("searchText by name", [p.id for p in found] == [CAFE_DE_PARIS, "w157719660"], repr([p.id for p in found]))
    box = viewport.Viewport(low=latlng_pb2.LatLng(latitude=43.725, longitude=7.41),
                            high=latlng_pb2.LatLng(latitude=43.74, longitude=7.43))
    inside = client.search_text(request=places_v1.SearchTextRequest(
        text_query="restaurant", max_result_count=20,
        location_restriction=places_v1.SearchTextRequest.LocationRestriction(rectangle=box)),
        metadata=[("x-goog-fieldmask", "places.id,places.location")]).places
    check("searchText within a rectangle", len(inside) == 20 and all(
        43.725 <= p.location.latitude <= 43.74 and 7.41 <= p.location.longitude <= 7.43 for p in inside),
        f"{len(inside)} places")
    near = client.search_text(request=places_v1.SearchTextRequest(
        text_query="restaurant", rank_preference=places_v1.SearchTextRequest.RankPreference.DISTANCE,
        location_bias=places_v1.SearchTextRequest.LocationBias(circle=places_v1.Circle(center=HERE, radius=500))),
        metadata=[("x-goog-fieldmask", "places.id,places.location")]).places
    metres = [haversine(HERE, p.location) for p in near]
    # A sphere's distances may order two places within half a percent of each other either way.
    check("searchText leaning to a point, nearest first",
          len(near) == 20 and all(b >= a * 0.995 for a, b in zip(metres, metres[1:])), repr(metres[:5]))

    suggestions = client.autocomplete_places(request=places_v1.AutocompletePlacesRequest(
        input="cafe de p", origin=HERE, include_query_predictions=True)).suggestions
    first = suggestions[0].place_prediction if suggestions else None
    check("autocomplete", first and first.place_id == CAFE_DE_PARIS and first.distance_meters == 289
          and first.structured_format.main_text.text == "Café de Paris"
          and [(m.start_offset, m.end_offset) for m in first.structured_format.main_text.matches] == [(0, 4), (5, 7), (8, 9)],
          repr(first)[:300])

    streets = client.autocomplete_places(request=places_v1.AutocompletePlacesRequest(
        input="Avenue de la Cos", included_primary_types=["route"])).suggestions
    street = streets[0].place_prediction if streets else None
    check("autocomplete: a street half typed", street and "route" in street.types
          and street.text.text.startswith("Avenue de la Costa"), repr(streets[:1])[:300])
    if street:
        read = client.get_place(name=street.place, metadata=[("x-goog-fieldmask", "id,formattedAddress,types")])
        check("a street's prediction read back", read.id == street.place_id and read.formatted_address == street.text.text
              and "route" in read.types, repr(read)[:200])

    place = client.get_place(name=f"places/{CAFE_DE_PARIS}", metadata=[("x-goog-fieldmask", "*")])
    check("details", place.display_name.text == "Café de Paris" and place.id == CAFE_DE_PARIS
          and place.name == f"places/{CAFE_DE_PARIS}", repr(place)[:200])
    check("its address", place.formatted_address == "Place du Casino, 98000 Monaco"
          and any("route" in c.types and c.long_text == "Place du Casino" for c in place.address_components),
          repr(place.formatted_address))
    check("its page", place.google_maps_uri == "https://www.openstreetmap.org/node/4316767531", place.google_maps_uri)
    check("an enum as a number", place.business_status == places_v1.Place.BusinessStatus.OPERATIONAL,
          repr(place.business_status))
    italian = nearby(client, "places.id,places.primaryType,places.types", included_types=["italian_restaurant"], radius=5000)
    check("a finer type from OSM's tags", len(italian) == 16 and all(
        p.primary_type == "italian_restaurant" and "italian_restaurant" in p.types for p in italian), repr(italian[:2]))
    check("a type OSM cannot express: no places, no error",
          nearby(client, "places.id", included_types=["tire_shop"]) == [], "expected no places")
    week = client.get_place(name="places/n7857077111", metadata=[("x-goog-fieldmask", "currentOpeningHours,viewport")])
    dated = week.current_opening_hours.periods
    check("currentOpeningHours, dated", len(dated) >= 7 and dated[0].open.date.year >= 2021
          and len(week.current_opening_hours.weekday_descriptions) == 7, repr(week.current_opening_hours)[:300])
    check("viewport", week.viewport.low.latitude < week.viewport.high.latitude, repr(week.viewport))
    called = client.get_place(name="places/n4416197078",
                              metadata=[("x-goog-fieldmask", "nationalPhoneNumber,internationalPhoneNumber")])
    check("phone numbers as Monaco writes them", called.national_phone_number == "98 06 28 00"
          and called.international_phone_number == "+377 98 06 28 00", repr(called))
    hospital = client.get_place(request=places_v1.GetPlaceRequest(name="places/w49209406", language_code="en"),
                                metadata=[("x-goog-fieldmask", "displayName")])
    check("languageCode", hospital.display_name.text == "Princess Grace Hospital"
          and hospital.display_name.language_code == "en", repr(hospital.display_name))

    refused("no field mask", lambda: client.search_nearby(request=places_v1.SearchNearbyRequest(
        location_restriction=places_v1.SearchNearbyRequest.LocationRestriction(
            circle=places_v1.Circle(center=HERE, radius=100)))), exceptions.BadRequest)
    refused("a type in no table", lambda: nearby(client, "places.id", included_types=["volcano"]), exceptions.BadRequest)
    refused("a type both included and excluded",
            lambda: nearby(client, "places.id", included_types=["cafe"], excluded_types=["cafe"]), exceptions.BadRequest)
    refused("maxResultCount 21", lambda: nearby(client, "places.id", max_result_count=21), exceptions.BadRequest)
    refused("an unknown field in the mask", lambda: nearby(client, "places.rating2"), exceptions.BadRequest)
    refused("searchText without text", lambda: client.search_text(
        request=places_v1.SearchTextRequest(text_query=""), metadata=[("x-goog-fieldmask", "places.id")]),
        exceptions.BadRequest)
    refused("an unknown place", lambda: client.get_place(name="places/n1", metadata=[("x-goog-fieldmask", "id")]),
            exceptions.NotFound)

    return checks.finish(f"google-maps-places reads {base_url} as Google's Places API (New)")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
