#!/usr/bin/env python3
"""One PNG of the web pages with their moving map, at a desktop's size
(1280×800) and a phone's (360×740), a row per page, so that a reader sees
them without running a server:

    nearby serve --port 8080 &
    Tools/pages-contact-sheet.py http://127.0.0.1:8080 docs/pages-contact-sheet.png

Headless Chromium (Tests/Browser/devtools.py) takes each screenshot once the
map's tiles have loaded, then lays the sheet out as a page of its own and
takes that: no image library needed."""
import base64
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Browser"))
from devtools import MAP_SETTLED, Browser  # noqa: E402

MONACO = "lat=43.7384000&lon=7.4246000"
PAGES = [
    ("Home", f"/?{MONACO}"),
    ("A list: cafés", f"/places?category=cafe&{MONACO}"),
    ("A place", f"/place/n4316767531?{MONACO}"),
]
SIZES = [(1280, 800), (360, 740)]


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    base, out = sys.argv[1].rstrip("/"), sys.argv[2]
    chromium = next(path for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] if os.path.exists(path))
    with Browser(chromium) as page, tempfile.TemporaryDirectory() as scratch:
        shots = []
        for title, path in PAGES:
            row = []
            for width, height in SIZES:
                page.size(width, height)
                page.open(base + path)
                page.wait_for(MAP_SETTLED, f"the map of {path}", seconds=120)
                page.evaluate("new Promise(done => setTimeout(done, 500))")  # the tiles' fade-in
                file = os.path.join(scratch, f"{len(shots)}-{width}.png")
                page.screenshot(file)
                with open(file, "rb") as png:
                    row.append((width, height, base64.b64encode(png.read()).decode()))
            shots.append((title, path, row))
        sheet, width, height = layout(shots)
        page.size(width, height)
        page.open("about:blank")
        page.evaluate(f"document.documentElement.innerHTML = {json.dumps(sheet)}")
        page.evaluate("Promise.all(Array.from(document.images).map(i => i.decode()))")
        page.screenshot(out + ".partial")
        os.replace(out + ".partial", out)


def layout(shots):
    """The sheet as HTML: each page's two screenshots at half size, captioned."""
    scale = 0.5
    row_height = int(max(h for _, h in SIZES) * scale) + 40
    width = int(sum(w for w, _ in SIZES) * scale) + 24 * (len(SIZES) + 1)
    figures = []
    for title, path, row in shots:
        images = "".join(
            f'<img src="data:image/png;base64,{data}" width="{int(w * scale)}" height="{int(h * scale)}">'
            for w, h, data in row)
        figures.append(f"<figure><figcaption>{title} · <code>{path}</code> · 1280×800 and 360×740</figcaption>{images}</figure>")
    style = ("body{margin:0;padding:8px 16px;background:#ddd;font:13px DejaVu Sans,sans-serif}"
             "figure{margin:0 0 8px;height:" + str(row_height - 8) + "px;white-space:nowrap}figcaption{margin:4px 0}"
             "img{vertical-align:top;margin-right:16px;border:1px solid #888;background:#fff}")
    footer = "<p>Pages, places and maps © OpenStreetMap contributors, ODbL.</p>"
    html = f"<head><style>{style}</style></head><body>{''.join(figures)}{footer}</body>"
    return html, width, row_height * len(shots) + 40


if __name__ == "__main__":
    main()
