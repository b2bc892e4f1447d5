#!/usr/bin/env python3
"""Google's own legacy Python client (googlemaps, from PyPI) against a running `nearby serve` whose data
holds a place `n99` with an `image` and a `wikimedia_commons` file: its details' `photos[]`, and
`places_photo` of each, the client following the server's redirect to the image as it follows Google's.
The image hosts are answered by a stand-in mounted on the client's own session (the suite runs offline),
which records what was asked of them.

    Tests/GoogleClients/places_photo.py http://127.0.0.1:8080

Prints one line per check that failed and exits 1; exits 0 when all hold.
"""
import sys

import googlemaps
import requests
from requests.adapters import BaseAdapter

from checks import Checks

checks = Checks("places_photo")
check = checks.check
IMAGE = b"\xff\xd8\xff\xe0 a JPEG"


class ImageHost(BaseAdapter):
    """Answers every request with IMAGE, keeping the URLs asked."""
    def __init__(self):
        super().__init__()
        self.asked = []

    def send(self, request, **kwargs):
        self.asked.append(request.url)
        response = requests.Response()
        response.status_code, response.url, response.request = 200, request.url, request
        response.headers["Content-Type"] = "image/jpeg"
        response.raw = __import__("io").BytesIO(IMAGE)
        return response

    def close(self):
        pass


def main(base_url):
    # The client insists on a key that looks like Google's; nearby ignores it.
    client = googlemaps.Client(key="AIzaNearbyTestKeyThatNobodyChecks", base_url=base_url, timeout=30,
                               retry_over_query_limit=False)
    host = ImageHost()
    client.session.mount("https://example.org/", host)
    client.session.mount("https://commons.wikimedia.org/", host)

    photos = client.place("n99")["result"].get("photos", [])
    references = [p["photo_reference"] for p in photos]
    check("details carry photos[]", references == ["n99-image", "n99-commons"], repr(photos))
    check("each credited", all(p.get("html_attributions") for p in photos), repr(photos))

    image = b"".join(client.places_photo(references[0], max_width=400)) if references else b""
    commons = b"".join(client.places_photo(references[1], max_width=400)) if len(references) > 1 else b""
    check("the images, through the redirect", image == IMAGE and commons == IMAGE, repr((image[:16], commons[:16])))
    check("from where OSM says", host.asked == [
        "https://example.org/musee.jpg", "https://commons.wikimedia.org/wiki/Special:FilePath/Mus%C3%A9e_de_Monaco.jpg?width=400"],
        repr(host.asked))

    return checks.finish(f"googlemaps {googlemaps.__version__} reads {base_url} as Google's Place Photos")

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
