#!/usr/bin/env python3
"""The moving map in headless Chromium on a server that draws one tile at a
time and keeps none waiting (`serve --drawing-threads 1 --drawing-queue 0`):
most of the first screen's tiles are turned away (503), and the page asks
for each again until every tile is drawn — none is left blank.

    busy_tiles.py CHROMIUM http://HOST:PORT

Exits 0 when every check holds, else 1 with one line per failed check."""
import sys
import urllib.parse

from devtools import MAP_SETTLED, run_checks

LIST = "/places?category=cafe&lat=43.7384000&lon=7.4246000"

# The tiles on the map, each drawn (an image 256 pixels wide) or not.
DRAWN = """Array.from(document.querySelectorAll('.leaflet-tile'))
  .map(tile => [new URL(tile.src).pathname, tile.complete && tile.naturalWidth === 256])"""

# Seconds to wait: every tile turned away waits a second more each time it is asked again.
TILES = 180


def check(page, base):
    page.size(1280, 800)
    page.call("Network.enable")
    page.open(base + LIST)
    page.wait_for(MAP_SETTLED, "every tile of the moving map drawn", seconds=TILES)

    answers = {}
    for event in page.events:
        if event["method"] == "Network.responseReceived" and "/tiles/" in event["params"]["response"]["url"]:
            path = urllib.parse.urlparse(event["params"]["response"]["url"]).path
            answers.setdefault(path, []).append(event["params"]["response"]["status"])
    failures = []
    if not any(503 in statuses for statuses in answers.values()):
        failures.append(f"the server turned no tile away, so nothing was asked again (answers: {answers})")
    unanswered = {path: statuses for path, statuses in answers.items() if statuses[-1] != 200}
    if unanswered:
        failures.append(f"tiles whose last answer was not 200: {unanswered}")
    blank = [path for path, drawn in page.evaluate(DRAWN) if not drawn]
    if blank:
        failures.append(f"tiles left blank: {blank}")
    return failures


if __name__ == "__main__":
    sys.exit(run_checks(check))
