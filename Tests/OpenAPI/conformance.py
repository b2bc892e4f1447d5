#!/usr/bin/env python3
"""Checks a running `nearby serve` against docs/openapi.yaml.

    Tests/OpenAPI/conformance.py http://127.0.0.1:8080 [--spec docs/openapi.yaml] [--busy URL] [--unavailable URL]

First the document itself is validated (openapi-spec-validator). Then a table of real requests on the
Monaco data is sent; every answer must have a status the document lists for that operation (or one of the
API-wide 404/405/414 answers), the documented content type, a body that validates against the documented
schema (jsonschema, draft 2020-12), and the documented headers with values matching their schemas. Last,
coverage: every documented path, operation, response status and parameter must have been exercised, so a
route or parameter added to the document without a case here fails too. The maps' and tiles' 503 (the drawing
queue full) is exercised on a second server given with --busy, drawing one at a time and queueing none; the
503 of a store that cannot be read on one given with --unavailable (without it, that 503 is not counted).

Exit status 0 when everything conforms; 1 with one line per failure otherwise; 2 on bad usage or when the
server cannot be reached.
"""
import argparse
import concurrent.futures
import http.client
import json
import re
import sys
import urllib.parse
from pathlib import Path

import jsonschema
import yaml
from openapi_spec_validator import validate as validate_spec

ROOT = Path(__file__).resolve().parents[2]

# Known answers on Data/places.gpkg (see Tests/NearbyServerTests): the nearest cafés to the Monaco
# position, and Café de Paris.
HERE = "43.7384,7.4246"
NEAREST_CAFES = ["n3087468543", "n3087468610", "n4316767531"]
CAFE_DE_PARIS = "n4316767531"
PLACES_WITHIN_1500_M = 778  # geographiclib over Data/places.geojson, and `nearby list --lat 43.7384 --lon 7.4246`

NEARBY = "/maps/api/place/nearbysearch/json"
DETAILS = "/maps/api/place/details/json"
TEXT = "/maps/api/place/textsearch/json"
FIND = "/maps/api/place/findplacefromtext/json"
AUTOCOMPLETE_LEGACY = "/maps/api/place/autocomplete/json"
QUERY_AUTOCOMPLETE = "/maps/api/place/queryautocomplete/json"
PHOTO = "/maps/api/place/photo"
STATICMAP = "/maps/api/staticmap"
GEOCODE = "/maps/api/geocode/json"
TILE = "/tiles/{z}/{x}/{y}.png"
SEARCH_NEARBY = "/v1/places:searchNearby"
SEARCH_TEXT = "/v1/places:searchText"
AUTOCOMPLETE = "/v1/places:autocomplete"
NEW_PLACE = "/v1/places/{id}"
NEW_PHOTO = "/v1/places/{id}/photos/{photo}/media"
JSON = {"Content-Type": "application/json"}
CIRCLE = {"circle": {"center": {"latitude": 43.7384, "longitude": 7.4246}, "radius": 1500}}


def case(name, path, query=(), status=200, path_params=None, headers=None, method="GET", check=None, body=None):
    """One request: `query` is a list of (name, value) pairs, sent percent-encoded in that order; `body`
    is sent as JSON (a str as it is)."""
    if body is not None and not isinstance(body, str):
        body = json.dumps(body)
    return dict(name=name, path=path, query=list(query), status=status, path_params=path_params or {},
                headers=headers or {}, method=method, check=check, body=body)


def new_ids(expected):
    def check(body):
        ids = [p["id"] for p in body.get("places", [])]
        return None if ids[:len(expected)] == expected else f"places {ids[:len(expected)]}, expected {expected}"
    return check


def nearest_cafes_first(body):
    ids = [r["place_id"] for r in body["results"]]
    if ids[:3] != NEAREST_CAFES:
        return f"the nearest cafés are {ids[:3]}, not {NEAREST_CAFES}"
    distances = [r["distance_m"] for r in body["results"]]
    if distances != sorted(distances):
        return "results are not nearest first"
    return None


def cafe_de_paris(body):
    result = body["result"]
    if result["place_id"] != CAFE_DE_PARIS or result["name"] != "Café de Paris":
        return f"details answered {result['place_id']} {result['name']!r}"
    return None


def status_is(expected):
    return lambda body: None if body["status"] == expected else f"status {body['status']}, expected {expected}"


CASES = [
    # nearbysearch
    case("nearest cafés", NEARBY, [("location", HERE), ("radius", "1500"), ("type", "cafe")],
         check=nearest_cafes_first),
    case("several types, one excluded, keyword", NEARBY,
         [("location", HERE), ("radius", "3000"), ("type", "cafe,bar,restaurant"), ("exclude_type", "bar"),
          ("keyword", "café")]),
    case("open now at an instant", NEARBY,
         [("location", HERE), ("radius", "1500"), ("type", "restaurant"), ("opennow", ""),
          ("at", "2021-04-19T20:00:00+02:00")]),
    case("a name search in English", NEARBY,
         [("location", HERE), ("radius", "5000"), ("keyword", "princess grace"), ("language", "en"), ("type", "health")]),
    case("language not a code", NEARBY, [("location", HERE), ("radius", "500"), ("language", "English")], check=status_is("INVALID_REQUEST")),
    case("rank by distance", NEARBY, [("location", HERE), ("rankby", "distance"), ("type", "atm")]),
    case("rank by prominence", NEARBY, [("location", HERE), ("rankby", "prominence"), ("radius", "500")]),
    case("nothing there", NEARBY, [("location", "0,0"), ("radius", "10")], check=status_is("ZERO_RESULTS")),
    case("everything within 1500 m, first page", NEARBY, [("location", HERE), ("radius", "1500")]),
    case("no location", NEARBY, [("radius", "1500")], check=status_is("INVALID_REQUEST")),
    case("location not a position", NEARBY, [("location", "Monaco"), ("radius", "1500")], check=status_is("INVALID_REQUEST")),
    case("latitude out of range", NEARBY, [("location", "91,7.4"), ("radius", "1500")], check=status_is("INVALID_REQUEST")),
    case("negative radius", NEARBY, [("location", HERE), ("radius", "-1")], check=status_is("INVALID_REQUEST")),
    case("radius beyond half the equator", NEARBY, [("location", HERE), ("radius", "1e19")], check=status_is("INVALID_REQUEST")),
    case("radius not a number", NEARBY, [("location", HERE), ("radius", "NaN")], check=status_is("INVALID_REQUEST")),
    case("unknown type", NEARBY, [("location", HERE), ("type", "volcano")], check=status_is("INVALID_REQUEST")),
    case("unknown excluded type", NEARBY, [("location", HERE), ("exclude_type", "volcano")], check=status_is("INVALID_REQUEST")),
    case("rankby distance with radius", NEARBY, [("location", HERE), ("rankby", "distance"), ("radius", "100")],
         check=status_is("INVALID_REQUEST")),
    case("unknown rankby", NEARBY, [("location", HERE), ("rankby", "stars")], check=status_is("INVALID_REQUEST")),
    case("at not a time", NEARBY, [("location", HERE), ("opennow", ""), ("at", "yesterday")], check=status_is("INVALID_REQUEST")),
    case("forged page token", NEARBY, [("pagetoken", "not-a-token")], check=status_is("INVALID_REQUEST")),
    # textsearch
    case("text: restaurants in a town", TEXT, [("query", "restaurants in Monte-Carlo"), ("minprice", "None"), ("maxprice", "None")],
         check=status_is("OK")),
    case("text: cafés near a position", TEXT, [("query", "cafe near 43.7384,7.4246")], check=nearest_cafes_first),
    case("text: leaning, typed, open now, in English", TEXT,
         [("query", "paris"), ("location", HERE), ("radius", "500"), ("type", "cafe"), ("opennow", ""),
          ("at", "2021-04-19T20:00:00+02:00"), ("language", "en")]),
    case("text: nothing known", TEXT, [("query", "restaurant in Nowhereville")], check=status_is("ZERO_RESULTS")),
    case("text: no query", TEXT, [], check=status_is("INVALID_REQUEST")),
    case("text: only punctuation", TEXT, [("query", "!!!")], check=status_is("INVALID_REQUEST")),
    case("text: a control character", TEXT, [("query", "cafe\x01")], check=status_is("INVALID_REQUEST")),
    case("text: forged page token", TEXT, [("pagetoken", "not-a-token")], check=status_is("INVALID_REQUEST")),
    # findplacefromtext
    case("find: a name, every field", FIND,
         [("input", "Café de Paris"), ("inputtype", "textquery"), ("language", "fr"),
          ("fields", "place_id,name,formatted_address,geometry,types,business_status,opening_hours,rating")],
         check=status_is("OK")),
    case("find: a phone number", FIND, [("input", "+377 93 15 29 80"), ("inputtype", "phonenumber")], check=status_is("OK")),
    case("find: leaning to a circle", FIND,
         [("input", "pharmacy"), ("inputtype", "textquery"), ("locationbias", "circle:500@43.7384,7.4246")], check=status_is("OK")),
    case("find: nothing known", FIND, [("input", "restaurant in Nowhereville"), ("inputtype", "textquery")],
         check=status_is("ZERO_RESULTS")),
    case("find: no inputtype", FIND, [("input", "cafe")], check=status_is("INVALID_REQUEST")),
    case("find: an unknown field", FIND, [("input", "cafe"), ("inputtype", "textquery"), ("fields", "stars")],
         check=status_is("INVALID_REQUEST")),
    # autocomplete and queryautocomplete
    case("autocomplete: a name half typed", AUTOCOMPLETE_LEGACY,
         [("input", "Café de Paris"), ("offset", "11"), ("location", HERE), ("radius", "1500"), ("origin", HERE),
          ("sessiontoken", "s"), ("language", "fr")], check=status_is("OK")),
    case("autocomplete: a street, strictly around", AUTOCOMPLETE_LEGACY,
         [("input", "Avenue de la Cos"), ("types", "address"), ("location", HERE), ("radius", "3000"),
          ("strictbounds", "true"), ("components", "country:mc")], check=status_is("OK")),
    case("autocomplete: only punctuation", AUTOCOMPLETE_LEGACY, [("input", "!!!")], check=status_is("ZERO_RESULTS")),
    case("autocomplete: no input", AUTOCOMPLETE_LEGACY, [], check=status_is("INVALID_REQUEST")),
    case("autocomplete: an unknown type", AUTOCOMPLETE_LEGACY, [("input", "caf"), ("types", "volcano")],
         check=status_is("INVALID_REQUEST")),
    case("query autocomplete: a kind in a town", QUERY_AUTOCOMPLETE, [("input", "pharmacy in Monte-Ca"), ("offset", "20"),
                                                                 ("location", HERE), ("radius", "2000"), ("language", "en")],
         check=status_is("OK")),
    case("query autocomplete: an offset past the text", QUERY_AUTOCOMPLETE, [("input", "caf"), ("offset", "9")],
         check=status_is("INVALID_REQUEST")),
    # photo
    case("photo: no size", PHOTO, [("photoreference", CAFE_DE_PARIS + "-image")], check=status_is("INVALID_REQUEST")),
    case("photo: one the place has not", PHOTO, [("photoreference", CAFE_DE_PARIS + "-image"), ("maxwidth", "400"),
                                                 ("maxheight", "300")], check=status_is("NOT_FOUND")),
    # details
    case("Café de Paris", DETAILS, [("place_id", CAFE_DE_PARIS)], check=cafe_de_paris),
    case("Café de Paris by Google's older placeid", DETAILS, [("placeid", CAFE_DE_PARIS)], check=cafe_de_paris),
    case("a way", DETAILS, [("place_id", "PLACEHOLDER_WAY")]),
    case("a way, in English", DETAILS, [("place_id", "w49209406"), ("language", "en")]),
    case("a street (an autocomplete prediction's id)", DETAILS, [("place_id", "w176674530")], check=status_is("OK")),
    case("no place_id", DETAILS, [], check=status_is("INVALID_REQUEST")),
    case("empty place_id", DETAILS, [("place_id", "")], check=status_is("INVALID_REQUEST")),
    case("unknown place", DETAILS, [("place_id", "n1")], check=status_is("NOT_FOUND")),
    # geocode
    case("the address here", GEOCODE, [("latlng", HERE)], check=status_is("OK")),
    case("only localities, in English", GEOCODE, [("latlng", HERE), ("result_type", "locality"), ("language", "en")],
         check=status_is("OK")),
    case("only rooftop results", GEOCODE, [("latlng", HERE), ("location_type", "ROOFTOP")]),
    case("a place's address", GEOCODE, [("place_id", CAFE_DE_PARIS)], check=status_is("OK")),
    case("a street by its id", GEOCODE, [("place_id", "w176674530")], check=status_is("OK")),
    case("nowhere", GEOCODE, [("latlng", "0,0")], check=status_is("ZERO_RESULTS")),
    # Places API (New)
    case("new: the nearest cafés", SEARCH_NEARBY, method="POST",
         headers={**JSON, "X-Goog-FieldMask": "places.id,places.displayName,places.location"},
         body={"includedTypes": ["cafe"], "rankPreference": "DISTANCE", "locationRestriction": CIRCLE},
         check=new_ids(NEAREST_CAFES)),
    case("new: the best known cafés, every field, enums as numbers", SEARCH_NEARBY, method="POST",
         query=[("fields", "places.*,nextPageToken"), ("$alt", "json;enum-encoding=int"), ("key", "AIzaIgnored")],
         headers=JSON, body={"included_types": ["cafe"], "max_result_count": 5, "location_restriction": CIRCLE},
         check=new_ids([CAFE_DE_PARIS])),
    case("new: a circle of 0 m", SEARCH_NEARBY, method="POST", headers={**JSON, "X-Goog-FieldMask": "*"},
         body={"locationRestriction": {"circle": {"center": {"latitude": 43.7384, "longitude": 7.4246}}}},
         check=lambda body: None if body == {} else f"expected {{}}, got {str(body)[:80]}"),
    case("new: no field mask", SEARCH_NEARBY, method="POST", headers=JSON, body={"locationRestriction": CIRCLE},
         status=400),
    case("new: a type in no table", SEARCH_NEARBY, method="POST", headers={**JSON, "X-Goog-FieldMask": "*"},
         body={"includedTypes": ["volcano"], "locationRestriction": CIRCLE}, status=400),
    case("new: a body over 16 KB", SEARCH_NEARBY, method="POST", headers={**JSON, "X-Goog-FieldMask": "*"},
         body={"languageCode": "x" * 17000, "locationRestriction": CIRCLE}, status=413),
    case("new: a text search", SEARCH_TEXT, method="POST", headers={**JSON, "X-Goog-FieldMask": "places.id"},
         body={"textQuery": "cafe de paris"}, check=new_ids([CAFE_DE_PARIS, "w157719660"])),
    case("new: a text search within a rectangle, nearest first, every field", SEARCH_TEXT, method="POST",
         query=[("fields", "*"), ("$alt", "json;enum-encoding=int"), ("key", "AIzaIgnored")], headers=JSON,
         body={"text_query": "restaurant", "rank_preference": "DISTANCE", "page_size": 5, "min_rating": 4,
               "location_restriction": {"rectangle": {"low": {"latitude": 43.725, "longitude": 7.41},
                                                      "high": {"latitude": 43.74, "longitude": 7.43}}}}),
    case("new: a text search without text", SEARCH_TEXT, method="POST", headers={**JSON, "X-Goog-FieldMask": "*"},
         body={"pageSize": 3}, status=400),
    case("new: a text search's body over 16 KB", SEARCH_TEXT, method="POST", headers={**JSON, "X-Goog-FieldMask": "*"},
         body={"textQuery": "x", "regionCode": "x" * 17000}, status=413),
    case("new: autocomplete", AUTOCOMPLETE, method="POST", headers=JSON,
         body={"input": "cafe de p", "origin": {"latitude": 43.7384, "longitude": 7.4246},
               "includeQueryPredictions": True},
         check=lambda body: None if body["suggestions"][0]["placePrediction"]["placeId"] == CAFE_DE_PARIS
         else repr(body["suggestions"][0])[:160]),
    case("new: autocomplete within a circle, kinds too, enums as numbers", AUTOCOMPLETE, method="POST",
         query=[("$alt", "json;enum-encoding=int"), ("key", "AIzaIgnored")], headers=JSON,
         body={"input": "caf", "include_query_predictions": True, "session_token": "a",
               "location_restriction": {"circle": {"center": {"latitude": 43.7384, "longitude": 7.4246},
                                                   "radius": 500}}}),
    case("new: autocomplete without input", AUTOCOMPLETE, method="POST", headers=JSON, body={}, status=400),
    case("new: autocomplete's body over 16 KB", AUTOCOMPLETE, method="POST", headers=JSON,
         body={"input": "x", "sessionToken": "x" * 17000}, status=413),
    case("new: Café de Paris", NEW_PLACE, [("fields", "*")], path_params={"id": CAFE_DE_PARIS},
         check=lambda body: None if body["displayName"]["text"] == "Café de Paris" else repr(body["displayName"])),
    case("new: a restaurant with hours and a phone, every field", NEW_PLACE, [("fields", "*")],
         path_params={"id": "n7857077111"},
         check=lambda body: None if body.get("currentOpeningHours", {}).get("periods") and body.get("nationalPhoneNumber")
         else repr(body)[:160]),
    case("new: a way, in English, enums as numbers", NEW_PLACE,
         [("languageCode", "en"), ("$alt", "json;enum-encoding=int"), ("key", "AIzaIgnored")],
         path_params={"id": "w49209406"}, headers={"X-Goog-FieldMask": "id,displayName,businessStatus,types"}),
    case("new: no field mask on details", NEW_PLACE, path_params={"id": CAFE_DE_PARIS}, status=400),
    case("new: a photo without a size", NEW_PHOTO, path_params={"id": CAFE_DE_PARIS, "photo": "image"}, status=400),
    case("new: a photo the place has not", NEW_PHOTO, [("maxWidthPx", "400"), ("maxHeightPx", "300"),
                                                       ("skipHttpRedirect", "true"), ("$alt", "json"), ("key", "x")],
         path_params={"id": CAFE_DE_PARIS, "photo": "commons"}, status=404),
    case("new: a street by its id", NEW_PLACE, [("fields", "*")], path_params={"id": "w176674530"}),
    case("new: an unknown place", NEW_PLACE, [("fields", "id")], path_params={"id": "n1"}, status=404),
    case("no latlng", GEOCODE, [], check=status_is("INVALID_REQUEST")),
    case("latitude 91", GEOCODE, [("latlng", "91,7.4")], check=status_is("INVALID_REQUEST")),
    case("forward geocoding", GEOCODE, [("address", "Avenue de la Costa 26, 98000 Monte-Carlo")], check=status_is("OK")),
    case("forward: a number the street lacks", GEOCODE, [("address", "999 Avenue de la Costa")], check=status_is("OK")),
    case("forward: components alone", GEOCODE, [("components", "country:MC|postal_code:98000")], check=status_is("OK")),
    case("forward: bounds and region", GEOCODE, [("address", "Avenue de la Costa"), ("bounds", "43.73,7.41|43.75,7.44"),
                                                 ("region", "mc")], check=status_is("OK")),
    case("forward: nothing known", GEOCODE, [("address", "Rue Imaginaire 5")], check=status_is("ZERO_RESULTS")),
    case("forward: only punctuation", GEOCODE, [("address", ",;")], check=status_is("INVALID_REQUEST")),
    # staticmap
    case("centre and zoom", STATICMAP, [("center", HERE), ("zoom", "15"), ("size", "600x400"), ("scale", "1")]),
    case("markers, path and visible, fitted", STATICMAP,
         [("size", "300x200"), ("scale", "2"), ("markers", "color:red|label:C|43.7397159,7.4276948"),
          ("markers", "size:tiny|color:0x00ff0080|43.7384,7.4246"),
          ("path", "color:0x0000ffcc|weight:4|fillcolor:0xffff0033|43.7384,7.4246|43.7397159,7.4276948|43.7390,7.4290"),
          ("visible", "43.7300,7.4200|43.7450,7.4350"), ("format", "png"), ("maptype", "roadmap")]),
    case("no size", STATICMAP, [("center", HERE), ("zoom", "15")], status=400),
    case("size over 2048", STATICMAP, [("center", HERE), ("zoom", "15"), ("size", "2049x100")], status=400),
    case("scale 4", STATICMAP, [("center", HERE), ("zoom", "15"), ("size", "100x100"), ("scale", "4")], status=400),
    case("zoom out of range", STATICMAP, [("center", HERE), ("zoom", "99"), ("size", "100x100")], status=400),
    case("an address for centre", STATICMAP, [("center", "Monte Carlo"), ("zoom", "15"), ("size", "100x100")],
         status=400),
    case("a bad marker colour", STATICMAP, [("size", "100x100"), ("markers", "color:mauve|43.7384,7.4246")],
         status=400),
    case("over 1,000 markers", STATICMAP,
         [("size", "100x100"), ("markers", "|".join(["43.74,7.42"] * 1001))], status=400),
    case("a bad path weight", STATICMAP, [("size", "100x100"), ("path", "weight:x|43.7384,7.4246|43.74,7.43")],
         status=400),
    case("visible not a position", STATICMAP, [("size", "100x100"), ("visible", "Monaco")], status=400),
    case("jpeg", STATICMAP, [("center", HERE), ("zoom", "15"), ("size", "100x100"), ("format", "jpg")], status=400),
    case("satellite", STATICMAP, [("center", HERE), ("zoom", "15"), ("size", "100x100"), ("maptype", "satellite")],
         status=400),
    # tiles
    case("a tile of the set", TILE, path_params={"z": "15", "x": "17059", "y": "11947"}),
    case("a tile without the names under pins", TILE, [("clear", "-14,-34,14,0;100,90,144,134")],
         path_params={"z": "16", "x": "34120", "y": "23895"}),
    case("a clear= that is not boxes", TILE, [("clear", "0,0,9999,10")],
         path_params={"z": "16", "x": "34120", "y": "23895"}, status=400),
    case("a tile out of range", TILE, path_params={"z": "1", "x": "5", "y": "0"}, status=[400, 404]),
    case("a tile coordinate not a number", TILE, path_params={"z": "15", "x": "abc", "y": "11947"}, status=[400, 404]),
    case("a tile beyond the deepest zoom", TILE, path_params={"z": "23", "x": "0", "y": "0"}, status=[400, 404]),
    # service
    case("health", "/healthz"),
    case("metrics", "/metrics", check=lambda text: None if "# TYPE" in text else "no Prometheus # TYPE line"),
    case("dataset", "/api/dataset",
         check=lambda body: None if body["place_count"] > 0 else "the dataset has no places"),
]


class Conformance:
    def __init__(self, base_url, spec):
        url = urllib.parse.urlsplit(base_url)
        if url.scheme != "http" or not url.hostname:
            raise SystemExit(f"conformance: {base_url!r} is not an http://HOST:PORT URL")
        self.host, self.port = url.hostname, url.port or 80
        self.spec = spec
        self.failures = []
        self.exercised_statuses = set()   # (template, method, status)
        self.exercised_parameters = set()  # (template, method, name)
        self.validator_class = jsonschema.Draft202012Validator
        self.busy_url = None
        self.unavailable_url = None

    # -- HTTP

    def send(self, method, target, headers=None, body=None):
        # 90 s: under a sanitizer the in-process server shares two cores with the whole suite, and a
        # request once waited more than 30 s for a thread (CI run of 2026-11-26, AddressSanitizer).
        connection = http.client.HTTPConnection(self.host, self.port, timeout=90)
        try:
            connection.request(method, target, body=body.encode() if body else None, headers=headers or {})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        except OSError as error:
            raise SystemExit(f"conformance: cannot reach http://{self.host}:{self.port}: {error}")
        finally:
            connection.close()

    # -- the document

    def resolve(self, node):
        while isinstance(node, dict) and "$ref" in node and len(node) == 1:
            node = self.pointer(node["$ref"])
        return node

    def pointer(self, ref):
        node = self.spec
        for part in ref.lstrip("#/").split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def schema_validator(self, schema):
        # The response schema refers to #/components/…: give it the document's components as its root.
        root = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "components": self.spec["components"], "allOf": [schema]}
        return self.validator_class(root, format_checker=jsonschema.FormatChecker())

    def operation(self, template, method):
        return self.spec["paths"][template].get(method.lower())

    def documented_response(self, template, method, status):
        responses = self.operation(template, method)["responses"]
        if str(status) in responses:
            return self.resolve(responses[str(status)])
        return None

    # -- checks

    def fail(self, name, message):
        self.failures.append(f"{name}: {message}")

    def check_answer(self, name, template, method, status, headers, body, response, check=None):
        content = response.get("content")
        if not content:
            if body:
                self.fail(name, f"HTTP {status} is documented without a body, got {len(body)} bytes")
        else:
            media = headers.get("content-type", "").split(";")[0].strip()
            if media not in content:
                self.fail(name, f"HTTP {status} Content-Type {media!r}, documented {sorted(content)}")
                return
            schema = content[media].get("schema", {})
            if media == "application/json":
                try:
                    value = json.loads(body)
                except ValueError as error:
                    self.fail(name, f"HTTP {status} body is not JSON ({error}): {body[:120]!r}")
                    return
                errors = sorted(self.schema_validator(schema).iter_errors(value), key=lambda e: list(e.path))
                for error in errors[:5]:
                    where = "/".join(str(p) for p in error.absolute_path) or "(body)"
                    self.fail(name, f"HTTP {status} body at {where}: {error.message[:200]}")
                if errors:
                    return
                if check:
                    message = check(value)
                    if message:
                        self.fail(name, message)
            elif media == "image/png":
                if not body.startswith(b"\x89PNG\r\n\x1a\n"):
                    self.fail(name, f"HTTP {status} body is not a PNG")
            elif media.startswith("text/"):
                text = body.decode("utf-8", errors="replace")
                if check:
                    message = check(text)
                    if message:
                        self.fail(name, message)
        for header, spec in (response.get("headers") or {}).items():
            spec = self.resolve(spec)
            value = headers.get(header.lower())
            if value is None:
                if spec.get("required"):
                    self.fail(name, f"HTTP {status} lacks the {header} header")
                continue
            errors = list(self.validator_class(spec.get("schema", {})).iter_errors(value))
            if errors:
                self.fail(name, f"{header}: {value!r} {errors[0].message}")

    def run_case(self, c):
        template, method = c["path"], c["method"]
        operation = self.operation(template, method)
        if operation is None:
            self.fail(c["name"], f"{method} {template} is not documented")
            return None
        documented_parameters = {p["name"]: p for p in map(self.resolve, operation.get("parameters", []))}
        path = template
        for key, value in c["path_params"].items():
            path = path.replace("{" + key + "}", urllib.parse.quote(value, safe=""))
            self.exercised_parameters.add((template, method, key))
        for key, _ in c["query"]:
            if key not in documented_parameters:
                self.fail(c["name"], f"the case sends {key!r}, which the document does not list")
            self.exercised_parameters.add((template, method, key))
        for key in c["headers"]:
            self.exercised_parameters.add((template, method, key))
        # Commas and colons stay as they are (as clients write `location=43.7,7.4`); `|` is escaped.
        query = urllib.parse.urlencode(c["query"], quote_via=lambda text, *_: urllib.parse.quote(text, safe=",:"))
        target = path + ("?" + query if query else "")
        status, headers, body = self.send(method, target, c["headers"], c["body"])
        expected = c["status"] if isinstance(c["status"], list) else [c["status"]]
        if status not in expected:
            self.fail(c["name"], f"HTTP {status} for {target[:160]}, expected {expected}: {body[:200]!r}")
        response = self.documented_response(template, method, status)
        if response is None:
            self.fail(c["name"], f"HTTP {status} is not documented for {method} {template}")
            return status, headers, body
        self.exercised_statuses.add((template, method, str(status)))
        self.check_answer(c["name"], template, method, status, headers, body, response,
                          c["check"] if status == 200 else None)
        return status, headers, body

    def run(self):
        # Cases that need an id or a token the server gave first.
        way = self.first_way()
        for c in CASES:
            if c["query"] and c["query"][0] == ("place_id", "PLACEHOLDER_WAY"):
                c["query"] = [("place_id", way)]
            self.run_case(c)
        self.check_paging()
        self.check_conditional(STATICMAP, [("center", HERE), ("zoom", "15"), ("size", "200x100")])
        self.check_conditional(TILE, [], {"z": "15", "x": "17059", "y": "11947"})
        self.check_api_wide_answers()
        if self.busy_url:
            self.check_busy(self.busy_url)
        if self.unavailable_url:
            self.check_unavailable(self.unavailable_url)
        self.check_coverage()

    def check_busy(self, base_url):
        """Maps and tiles past a full drawing queue, from a server that draws one at a time and queues none
        (`serve --drawing-threads 1 --drawing-queue 0`, its tile folder empty), asked for eight at once:
        the ones it turns away answer 503 as documented, with Retry-After."""
        busy = Conformance(base_url, self.spec)
        asked = {
            STATICMAP: [(STATICMAP, f"{STATICMAP}?center=43.73{n},7.42{n}&zoom=16&size=640x640") for n in range(8)],
            TILE: [(TILE, f"/tiles/16/{34117 + n % 4}/{23894 + n // 4}.png") for n in range(8)],
        }
        for template, targets in asked.items():
            with concurrent.futures.ThreadPoolExecutor(len(targets)) as pool:
                answers = list(pool.map(lambda target: busy.send("GET", target[1]), targets))
            name = f"{template} past a full drawing queue"
            statuses = sorted(status for status, _, _ in answers)
            if any(status not in (200, 503) for status in statuses):
                self.fail(name, f"HTTP {statuses}, expected 200 or 503")
            turned_away = [answer for answer in answers if answer[0] == 503]
            if not turned_away:
                self.fail(name, f"none of {len(answers)} asked at once was turned away: HTTP {statuses}")
                continue
            response = self.documented_response(template, "GET", 503)
            if response is None:
                self.fail(name, f"HTTP 503 is not documented for GET {template}")
                continue
            self.exercised_statuses.add((template, "GET", "503"))
            for status, headers, body in turned_away:
                self.check_answer(name, template, "GET", status, headers, body, response)

    def check_unavailable(self, base_url):
        """Every operation documented with the store-outage 503, asked of a server whose store cannot be read."""
        outage = Conformance(base_url, self.spec)
        asked = [
            case("an outage: nearby search", NEARBY, [("location", HERE), ("radius", "500")], status=503),
            case("an outage: text search", TEXT, [("query", "cafe")], status=503),
            case("an outage: find place", FIND, [("input", "cafe"), ("inputtype", "textquery")], status=503),
            case("an outage: autocomplete", AUTOCOMPLETE_LEGACY, [("input", "caf")], status=503),
            case("an outage: query autocomplete", QUERY_AUTOCOMPLETE, [("input", "caf")], status=503),
            case("an outage: photo", PHOTO, [("photoreference", CAFE_DE_PARIS + "-image"), ("maxwidth", "400")], status=503),
            case("an outage: details", DETAILS, [("place_id", CAFE_DE_PARIS)], status=503),
            case("an outage: an address", GEOCODE, [("latlng", HERE)], status=503),
            case("an outage: the dataset", "/api/dataset", status=503),
            case("an outage: new nearby search", SEARCH_NEARBY, method="POST", headers={**JSON, "X-Goog-FieldMask": "*"},
                 body={"locationRestriction": CIRCLE}, status=503),
            case("an outage: new text search", SEARCH_TEXT, method="POST", headers={**JSON, "X-Goog-FieldMask": "*"},
                 body={"textQuery": "cafe"}, status=503),
            case("an outage: new autocomplete", AUTOCOMPLETE, method="POST", headers=JSON, body={"input": "caf"},
                 status=503),
            case("an outage: new details", NEW_PLACE, [("fields", "*")], path_params={"id": CAFE_DE_PARIS}, status=503),
            case("an outage: new photo", NEW_PHOTO, [("maxWidthPx", "400")],
                 path_params={"id": CAFE_DE_PARIS, "photo": "image"}, status=503),
        ]
        for c in asked:
            outage.run_case(c)
        self.failures += outage.failures
        self.exercised_statuses |= outage.exercised_statuses
        self.exercised_parameters |= outage.exercised_parameters

    def is_outage(self, response):
        return isinstance(response, dict) and response.get("$ref", "").endswith("Unavailable")

    def first_way(self):
        _, _, body = self.send("GET", NEARBY + "?" + urllib.parse.urlencode([("location", HERE), ("radius", "3000")]))
        seen = 0
        token = None
        while True:
            answer = json.loads(body)
            for result in answer.get("results", []):
                seen += 1
                if result["place_id"].startswith("w"):
                    return result["place_id"]
            token = answer.get("next_page_token")
            if not token or seen > 2000:
                return CAFE_DE_PARIS
            _, _, body = self.send("GET", NEARBY + "?" + urllib.parse.urlencode([("pagetoken", token)]))

    def check_paging(self):
        """Every place within 1500 m, page by page: no duplicates, no loss, pages of 20 but the last."""
        name = "paging through every place within 1500 m"
        everything = []
        query = [("location", HERE), ("radius", "1500")]
        pages = 0
        while True:
            c = case(f"{name}, page {pages + 1}", NEARBY, query)
            answer = self.run_case(c)
            if answer is None or answer[0] != 200:
                return
            body = json.loads(answer[2])
            pages += 1
            everything += [r["place_id"] for r in body["results"]]
            token = body.get("next_page_token")
            if token is None:
                break
            if len(body["results"]) != 20:
                self.fail(name, f"page {pages} has {len(body['results'])} results and a next page")
            if pages > 100:
                self.fail(name, "more than 100 pages")
                return
            query = [("pagetoken", token)]
        if len(everything) != len(set(everything)):
            self.fail(name, "a place is answered twice")
        if len(set(everything)) != PLACES_WITHIN_1500_M:
            self.fail(name, f"{len(set(everything))} places in {pages} pages, expected {PLACES_WITHIN_1500_M}")

    def check_conditional(self, template, query, path_params=None):
        name = f"If-None-Match on {template}"
        first = self.run_case(case(name + " (first)", template, query, path_params=path_params))
        if first is None or first[0] != 200:
            return
        etag = first[1].get("etag")
        if not etag:
            self.fail(name, "no ETag to send back")
            return
        self.run_case(case(name, template, query, status=304, path_params=path_params,
                           headers={"If-None-Match": etag}))
        self.run_case(case(name + " (stale)", template, query, status=200, path_params=path_params,
                           headers={"If-None-Match": '"stale"'}))

    def check_api_wide_answers(self):
        components = self.spec["components"]["responses"]
        status, headers, body = self.send("GET", "/no/such/path")
        if status != 404:
            self.fail("unknown path", f"HTTP {status}, expected 404")
        else:
            self.check_answer("unknown path", "(any)", "GET", 404, headers, body, components["NotFound"])
        status, headers, body = self.send("GET", "/v1/no/such/path")
        if status != 404:
            self.fail("unknown path under /v1/", f"HTTP {status}, expected 404")
        else:
            self.check_answer("unknown path under /v1/", "(any)", "GET", 404, headers, body, components["RPCNotFound"])
        for template, item in self.spec["paths"].items():
            # The Places API (New) answers in its own shape.
            rpc = "RPC" if template.startswith("/v1/") else ""
            path = template.replace("{z}", "15").replace("{x}", "17059").replace("{y}", "11947")
            path = path.replace("{id}", CAFE_DE_PARIS).replace("{photo}", "image")
            for method in ("GET", "POST", "DELETE", "PUT"):
                if method.lower() in item:
                    continue
                status, headers, body = self.send(method, path)
                if status != 405:
                    self.fail(f"{method} {template}", f"HTTP {status}, expected 405")
                else:
                    self.check_answer(f"{method} {template}", template, method, 405, headers, body,
                                      components[rpc + "MethodNotAllowed"])
            method = "GET" if "get" in item else "POST"
            status, headers, body = self.send(method, path + "?pad=" + "x" * (16 * 1024 + 1))
            if status != 414:
                self.fail(f"16 KB query on {template}", f"HTTP {status}, expected 414")
            else:
                self.check_answer(f"16 KB query on {template}", template, method, 414, headers, body,
                                  components[rpc + "URITooLong"])
                self.exercised_statuses.add((template, method, "414"))

    def check_coverage(self):
        for template, item in self.spec["paths"].items():
            for method, operation in item.items():
                if method not in ("get", "put", "post", "delete", "patch", "head", "options"):
                    continue
                method = method.upper()
                for status, response in operation["responses"].items():
                    # An answer the demo data cannot give is documented with the reason (x-not-in-demo-data).
                    if "x-not-in-demo-data" in self.resolve(response):
                        continue
                    # A store that cannot be read is only set up when a server for it is given.
                    if status == "503" and self.is_outage(response) and not self.unavailable_url:
                        continue
                    if (template, method, status) not in self.exercised_statuses:
                        self.fail("coverage", f"{method} {template} HTTP {status} is documented but never answered")
                for parameter in map(self.resolve, operation.get("parameters", [])):
                    if (template, method, parameter["name"]) not in self.exercised_parameters:
                        self.fail("coverage", f"{method} {template} parameter {parameter['name']} is never sent")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base_url", help="the running server, http://HOST:PORT")
    parser.add_argument("--spec", default=str(ROOT / "docs" / "openapi.yaml"))
    parser.add_argument("--busy", metavar="URL",
                        help="a server drawing one map at a time and queueing none, whose 503s are checked too")
    parser.add_argument("--unavailable", metavar="URL",
                        help="a server whose store cannot be read, whose 503s are checked too (else left out of coverage)")
    args = parser.parse_args()
    try:
        spec = yaml.safe_load(Path(args.spec).read_text())
    except (OSError, yaml.YAMLError) as error:
        print(f"conformance: cannot read {args.spec}: {error}", file=sys.stderr)
        return 2
    try:
        validate_spec(spec)
    except Exception as error:  # the validator raises its own hierarchy
        print(f"conformance: {args.spec} is not a valid OpenAPI document: {str(error).splitlines()[0]}",
              file=sys.stderr)
        return 1
    run = Conformance(args.base_url, spec)
    run.busy_url = args.busy
    run.unavailable_url = args.unavailable
    run.run()
    for failure in run.failures:
        print(f"conformance: {failure}", file=sys.stderr)
    checked = len(run.exercised_statuses)
    if run.failures:
        print(f"conformance: {len(run.failures)} failures", file=sys.stderr)
        return 1
    print(f"conformance: {args.base_url} conforms to {args.spec} ({checked} operation/status pairs checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
