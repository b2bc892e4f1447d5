#!/usr/bin/env python3
"""The pages' moving map in headless Chromium, moved as a person moves it
(real mouse events through the DevTools protocol) on a list of cafés:

- without JavaScript the page keeps its static map;
- it replaces the static map, with the rows' pins numbered as the rows
  (pins, and the places inside clusters, are every row once);
- it opens at the zoom that fits the places and the person; a list's pins
  (at most 20) are never clustered, at that zoom or any other, and pins
  that would overlap are spread apart, no pin's head over another's;
- a cluster (the home page's 33 pins, zoomed out) is round, unlike a pin,
  its count written "+33", and a click on it opens it;
- the + button, the wheel and a pinch zoom it, a drag moves it, and every
  tile it asked nearby for was answered 200;
- after the drag, "Search this area" swaps in the rows around the map's
  middle without reloading the page, the address bar names that position,
  back brings the first rows again, and the new address loaded afresh
  shows the same rows; with "Search as the map moves" ticked (and
  remembered), a drag alone does it;
- a click on a pin opens its popup, whose link leads to that place's page;
- the person's dot is topmost at their position; on a detail page a person
  too far for one readable map is an arrow at the edge their way.

    moving_map.py CHROMIUM http://HOST:PORT

Exits 0 when every check holds, else 1 with one line per failed check."""
import json
import sys
import time
import urllib.parse

from devtools import MAP_SETTLED, run_checks

LIST = "/places?category=cafe&lat=43.7384000&lon=7.4246000"

# The pins on the map: those standing alone, and those inside clusters.
PINS = """(() => {
  const names = [];
  nearbyMap.eachLayer(layer => { if (layer.options && layer.options.title) names.push(layer.options.title); });
  const clustered = [];
  nearbyMap.eachLayer(layer => { if (layer.nearbyMembers) clustered.push(...layer.nearbyMembers); });
  return {alone: names, clustered};
})()"""

ROWS = """Array.from(document.querySelectorAll('#listing li')).map(li => {
  const pin = li.querySelector('.pin');
  return 'Pin ' + pin.textContent + ': ' + li.querySelector('a').textContent.slice(pin.textContent.length);
})"""

# What is topmost at the person's position: the dot, in its pane over the pins and clusters.
PERSON_ON_TOP = """(() => {
  const view = JSON.parse(document.getElementById('listing').dataset.view);
  const at = nearbyMap.latLngToContainerPoint([view.lat, view.lon]);
  const box = document.querySelector('.moving-map').getBoundingClientRect();
  const top = document.elementFromPoint(box.left + at.x, box.top + at.y);
  return !!top && !!top.closest('.leaflet-person-pane');
})()"""

# Seconds to wait for tiles: under a sanitizer on a busy machine the server draws the deep zooms slowly.
TILES = 180


def check(page, base):
    failures = without_scripts(page, base)
    page.size(1280, 800)
    page.call("Network.enable")
    page.open(base + LIST)
    page.wait_for(MAP_SETTLED, "the moving map's tiles", seconds=TILES)

    if not page.evaluate("document.querySelector('.map-area form').hidden && !!document.querySelector('.moving-map')"):
        failures.append("the moving map did not replace the static one")
    if not page.evaluate(PERSON_ON_TOP):
        failures.append("the person's dot is not the topmost thing at the person's position")
    rows = page.evaluate(ROWS)
    pins = page.evaluate(PINS)
    shown = sorted(set(pins["alone"]) | set(pins["clustered"]))
    if shown != sorted(rows):
        failures.append(f"the pins are not the rows, numbered alike: pins {shown}, rows {sorted(rows)}")

    plain = page.evaluate(PLAIN_UNDER_PINS)
    if plain:
        failures.append(f"tiles under pins asked for with their names: {plain[:3]}")

    x, y = page.centre(".moving-map")
    zoom = page.evaluate("nearbyMap.getZoom()")
    page.click(*page.centre(".leaflet-control-zoom-in"))
    page.wait_for(f"nearbyMap.getZoom() === {zoom + 1}", "the + button to zoom in", seconds=20)
    page.wait_for(MAP_SETTLED, "the tiles after zooming in", seconds=TILES)
    page.wheel(x, y, -240)
    page.wait_for(f"nearbyMap.getZoom() > {zoom + 1}", "the wheel to zoom in", seconds=20)
    page.wait_for(MAP_SETTLED, "the tiles after the wheel", seconds=TILES)
    wheeled = page.evaluate("nearbyMap.getZoom()")
    page.pinch(x, y, 60)
    page.wait_for(f"nearbyMap.getZoom() > {wheeled}", "two fingers spread apart to zoom in", seconds=20)
    page.wait_for(MAP_SETTLED, "the tiles after the pinch", seconds=TILES)

    # A drag of 200 pixels west to east moves the middle west.
    before = page.evaluate("nearbyMap.getCenter().lng")
    page.drag(x, y, 200, 40)
    page.wait_for(MAP_SETTLED, "the tiles after the drag", seconds=TILES)
    after = page.evaluate("nearbyMap.getCenter().lng")
    if not after < before:
        failures.append(f"a drag east did not move the map: longitude {before} then {after}")

    tiles = [(event["params"]["response"]["url"], event["params"]["response"]["status"])
             for event in page.events
             if event["method"] == "Network.responseReceived" and "/tiles/" in event["params"]["response"]["url"]]
    zooms = {urllib.parse.urlparse(url).path.split("/")[2] for url, _ in tiles}
    if len(zooms) < 2:
        failures.append(f"the tiles came from {len(zooms)} zoom(s) after zooming: {sorted(zooms)}")
    if not any("clear=" in url for url, _ in tiles):
        failures.append("no tile was asked for without the names under the pins (clear=)")
    refused = [f"{url} {status}" for url, status in tiles if status != 200]
    if refused or not tiles:
        failures.append(f"tiles not answered 200 (of {len(tiles)}): {refused[:5]}")

    failures += search_this_area(page, base, rows)
    failures += following(page, base)
    failures += pin_to_place(page, base)
    failures += pins_and_clusters(page, base)
    return failures


# The places and the person inside the map, at the deepest zoom that holds them with room for the pins' heads.
FITS = """(() => {
  const view = JSON.parse(document.getElementById('listing').dataset.view);
  const points = view.pins.map(pin => [pin.lat, pin.lon]).concat([[view.lat, view.lon]]);
  const fitting = Math.min(nearbyMap.getMaxZoom(), nearbyMap.getBoundsZoom(L.latLngBounds(points), false, L.point(32, 44)));
  return {zoom: nearbyMap.getZoom(), fitting, inside: points.every(point => nearbyMap.getBounds().contains(point))};
})()"""

# The tiles of the map's zoom under a pin's head that were asked for without `clear=` (the boxes whose
# basemap names are left out): none should be.
PLAIN_UNDER_PINS = """(() => {
  const zoom = String(nearbyMap.getZoom());
  const tiles = Array.from(document.querySelectorAll('img.leaflet-tile'))
    .filter(img => new URL(img.src).pathname.split('/')[2] === zoom);
  const plain = [];
  document.querySelectorAll('.pin-icon').forEach(pin => {
    const r = pin.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    tiles.forEach(img => {
      const t = img.getBoundingClientRect();
      if (x >= t.left && x < t.right && y >= t.top && y < t.bottom && !/[?&]clear=/.test(img.src)) plain.push(pin.title + ': ' + img.src);
    });
  });
  return plain;
})()"""

# Pairs of pin heads that overlap on the screen (round heads 28 pixels wide, a pixel's grace).
OVERLAPS = """(() => {
  const heads = Array.from(document.querySelectorAll('.pin-icon')).map(pin => {
    const r = pin.getBoundingClientRect();
    return [pin.title, r.left + r.width / 2, r.top + r.height / 2];
  });
  const pairs = [];
  heads.forEach(([a, x, y], i) => heads.slice(i + 1).forEach(([b, u, v]) => {
    if (Math.hypot(x - u, y - v) < 27) pairs.push(a + ' / ' + b);
  }));
  return pairs;
})()"""

COUNTS = "[document.querySelectorAll('.pin-icon').length, document.querySelectorAll('.cluster-icon').length]"


def pins_and_clusters(page, base):
    failures = []
    page.open(base + LIST)
    page.wait_for(MAP_SETTLED, "the list's map", seconds=TILES)
    rows = len(page.evaluate(ROWS))
    fits = page.evaluate(FITS)
    if not fits["inside"] or fits["zoom"] != fits["fitting"]:
        failures.append(f"the list's map does not open at the zoom that fits its places and the person: {fits}")
    for zoom in [page.evaluate("nearbyMap.getZoom()"), page.evaluate("nearbyMap.getMinZoom()")]:
        page.evaluate(f"void nearbyMap.setZoom({zoom}, {{animate: false}})")
        page.wait_for(MAP_SETTLED + f" && nearbyMap.getZoom() === {zoom}", f"the list's map at zoom {zoom}", seconds=TILES)
        pins, clusters = page.evaluate(COUNTS)
        if not 0 < rows <= 20 or pins != rows or clusters != 0:
            failures.append(f"at zoom {zoom} a list of {rows} places shows {pins} pins and {clusters} clusters")
        overlapping = page.evaluate(OVERLAPS)
        if overlapping:
            failures.append(f"at zoom {zoom} pins overlap: {overlapping[:5]}")

    page.open(base + "/?lat=43.7384000&lon=7.4246000")
    page.wait_for(MAP_SETTLED, "the home page's map", seconds=TILES)
    page.evaluate("void nearbyMap.setZoom(nearbyMap.getMinZoom(), {animate: false})")
    page.wait_for(MAP_SETTLED + " && nearbyMap.getZoom() === nearbyMap.getMinZoom() && !!document.querySelector('.cluster-icon')",
                  "a cluster on the home page zoomed out", seconds=TILES)
    cluster = page.evaluate("""(() => {
      const cluster = document.querySelector('.cluster-icon span'), pin = document.querySelector('.pin-icon span');
      const style = element => element && getComputedStyle(element);
      return {text: cluster.textContent, radius: style(cluster).borderRadius, background: style(cluster).backgroundColor,
              pinRadius: pin && style(pin).borderRadius, pinBackground: pin && style(pin).backgroundColor,
              pins: JSON.parse(document.getElementById('listing').dataset.view).pins.length};
    })()""")
    if not cluster["text"].startswith("+") or not cluster["text"][1:].isdigit() or cluster["radius"] != "50%":
        failures.append(f"a cluster is not a round marker counting \"+N\": {cluster}")
    if (cluster["radius"], cluster["background"]) == (cluster["pinRadius"], cluster["pinBackground"]):
        failures.append(f"a cluster has a pin's shape and colour: {cluster}")
    zoom = page.evaluate("nearbyMap.getZoom()")
    # Beside its middle: the person's dot, over every cluster, may stand there.
    x, y = page.centre(".cluster-icon")
    page.click(x + 17, y)
    page.wait_for(MAP_SETTLED + f" && nearbyMap.getZoom() > {zoom}", "a click on the cluster to open it", seconds=TILES)
    return failures


def without_scripts(page, base):
    """With JavaScript off, the static map is the page's map, shown, and nothing of Leaflet's is."""
    page.call("Emulation.setScriptExecutionDisabled", value=True)
    page.call("Page.navigate", url=base + LIST)
    deadline = time.time() + 120
    html = ""
    while time.time() < deadline and "</footer>" not in html:
        time.sleep(0.2)
        root = page.call("DOM.getDocument")["root"]["nodeId"]
        html = page.call("DOM.getOuterHTML", nodeId=root)["outerHTML"]
    page.call("Emulation.setScriptExecutionDisabled", value=False)
    failures = []
    if '<form class="map" action="/places" method="get">' not in html:
        failures.append("without JavaScript the list has no static map, or it is hidden")
    if "leaflet-container" in html or 'class="moving-map' in html:
        failures.append("without JavaScript the page still has a moving map")
    return failures


def search_this_area(page, base, first_rows):
    failures = []
    page.evaluate("window.sameDocument = true")
    page.wait_for("!document.querySelector('.search-area').hidden", "\"Search this area\" after the drag", seconds=10)
    # The drag's inertia may still be gliding the map: its middle is read once two reads 50 ms apart
    # agree (a fresh clone's AddressSanitizer run read it mid-glide, a metre from where it stopped).
    page.wait_for(
        "(() => { const c = nearbyMap.getCenter(), same = window.lastCentre !== undefined && window.lastCentre.equals(c);"
        " window.lastCentre = c; return same; })()",
        "the map to stop gliding after the drag", seconds=10)
    centre = page.evaluate("[nearbyMap.getCenter().lat, nearbyMap.getCenter().lng]")
    page.click(*page.centre(".search-area"))
    page.wait_for("new URL(location.href).searchParams.get('lat') !== '43.7384000'", "the address to follow the map", seconds=120)
    address = urllib.parse.urlparse(page.evaluate("location.href"))
    query = urllib.parse.parse_qs(address.query)
    if not page.evaluate("window.sameDocument === true"):
        failures.append("\"Search this area\" reloaded the page")
    if "part" in query or query.get("category") != ["cafe"]:
        failures.append(f"the address after \"Search this area\" is {address.path}?{address.query}")
    moved_to = (float(query["lat"][0]), float(query["lon"][0]))
    if abs(moved_to[0] - centre[0]) > 1e-6 or abs(moved_to[1] - centre[1]) > 1e-6:
        failures.append(f"the address names {moved_to}, the map's middle was {centre}")
    view = json.loads(page.evaluate("document.getElementById('listing').dataset.view"))
    if abs(view["lat"] - moved_to[0]) > 1e-6 or abs(view["lon"] - moved_to[1]) > 1e-6:
        failures.append(f"the rows swapped in were searched around {view['lat']}, {view['lon']}, not {moved_to}")
    moved_rows = page.evaluate(ROWS)
    if moved_rows == first_rows:
        failures.append("the rows did not change after \"Search this area\"")
    moved_address = page.evaluate("location.href")

    page.evaluate("history.back()")
    page.wait_for("new URL(location.href).searchParams.get('lat') === '43.7384000'", "back to the first address", seconds=120)
    first = json.dumps(first_rows, separators=(",", ":"), ensure_ascii=False)
    page.wait_for(f"JSON.stringify({ROWS}) === {json.dumps(first)}",
                  "back to show the first rows", seconds=120)

    page.open(moved_address)
    page.wait_for(MAP_SETTLED, "the moved address's map", seconds=TILES)
    if page.evaluate(ROWS) != moved_rows:
        failures.append("the moved address, loaded afresh, shows other rows than \"Search this area\" did")
    return failures


def following(page, base):
    """With "Search as the map moves" ticked, a drag is enough; the choice outlives the page."""
    failures = []
    page.open(base + LIST)
    page.wait_for(MAP_SETTLED, "the list's map", seconds=TILES)
    page.click(*page.centre(".follow-map input"))
    page.open(base + LIST)
    page.wait_for(MAP_SETTLED, "the list's map again", seconds=TILES)
    if not page.evaluate("document.querySelector('.follow-map input').checked"):
        failures.append("\"Search as the map moves\" was forgotten when the page loaded again")
    page.evaluate("window.sameDocument = true")
    x, y = page.centre(".moving-map")
    page.drag(x, y, -220, 0)
    page.wait_for("new URL(location.href).searchParams.get('lat') !== '43.7384000'", "the map to be followed", seconds=120)
    if not page.evaluate("window.sameDocument === true"):
        failures.append("following the map reloaded the page")
    page.click(*page.centre(".follow-map input"))
    return failures


def pin_to_place(page, base):
    failures = []
    page.open(base + "/place/n4316767531?lat=43.7384000&lon=7.4246000")
    page.wait_for(MAP_SETTLED, "the detail page's map", seconds=TILES)
    on_detail = page.evaluate("Array.from(document.querySelectorAll('.pin-icon')).map(pin => pin.title)")
    if on_detail != ["Café de Paris"]:
        failures.append(f"the detail page's map shows the pins {on_detail}, not Café de Paris alone")
    if not page.evaluate("document.querySelector('.person-arrow').hidden"):
        failures.append("the detail page shows an arrow to a person who is on its map")
    # A person 4.5 km north: the place's map, and an arrow at its top edge.
    page.open(base + "/place/n4316767531?lat=43.7800000&lon=7.4277000")
    page.wait_for(MAP_SETTLED, "the detail page's map, the person far", seconds=TILES)
    arrow = page.evaluate("""(() => {
      const arrow = document.querySelector('.person-arrow'), box = document.querySelector('.moving-map').getBoundingClientRect();
      const r = arrow.getBoundingClientRect();
      return {hidden: arrow.hidden, top: r.top + r.height / 2 - box.top, height: box.height, zoom: nearbyMap.getZoom()};
    })()""")
    if arrow["hidden"] or not arrow["top"] < arrow["height"] / 4 or arrow["zoom"] < 14:
        failures.append(f"a person far north is not an arrow at the top of the place's map: {arrow}")

    page.open(base + LIST)
    page.wait_for(MAP_SETTLED, "the list's map", seconds=TILES)
    # The first row's pin, alone at the deepest zoom: the one nearest the map's middle.
    page.evaluate("void nearbyMap.setView(JSON.parse(document.getElementById('listing').dataset.view).pins"
                  ".map(pin => [pin.lat, pin.lon])[0], nearbyMap.getMaxZoom(), {animate: false})")
    page.wait_for(MAP_SETTLED + " && !!document.querySelector('.pin-icon')", "a pin standing alone", seconds=TILES)
    still(page, "Array.from(document.querySelectorAll('.pin-icon')).map(pin => JSON.stringify(pin.getBoundingClientRect()))")
    title = page.evaluate("""(() => {
      const middle = document.querySelector('.moving-map').getBoundingClientRect();
      const x = middle.left + middle.width / 2, y = middle.top + middle.height / 2;
      const distance = pin => { const r = pin.getBoundingClientRect(); return Math.hypot(r.left + r.width / 2 - x, r.bottom - y); };
      const nearest = Array.from(document.querySelectorAll('.pin-icon')).sort((a, b) => distance(a) - distance(b))[0];
      nearest.id = 'nearest-pin';
      return nearest.title;
    })()""")
    page.click(*page.centre("#nearest-pin"))
    page.wait_for("!!document.querySelector('.leaflet-popup-content a')", "the pin's popup", seconds=10)
    link = page.evaluate("document.querySelector('.leaflet-popup-content a').getAttribute('href')")
    page.click(*page.centre(".leaflet-popup-content a"))
    page.wait_for("location.pathname.startsWith('/place/') && document.readyState === 'complete'", "the place's page", seconds=120)
    landed = page.evaluate("location.pathname + location.search")
    heading = page.evaluate("document.querySelector('h1').textContent")
    if landed != link:
        failures.append(f"the pin's link {link} led to {landed}")
    if not title.endswith(": " + heading):
        failures.append(f"the pin \"{title}\" led to the page of {heading}")
    return failures


def still(page, script, seconds=20):
    """Until `script` gives the same twice, 0.3 s apart: the clusters' animations have ended."""
    deadline = time.time() + seconds
    last = page.evaluate(script)
    while time.time() < deadline:
        time.sleep(0.3)
        now = page.evaluate(script)
        if now == last:
            return
        last = now
    raise SystemExit(f"the pins were still moving after {seconds} s")


if __name__ == "__main__":
    sys.exit(run_checks(check))
