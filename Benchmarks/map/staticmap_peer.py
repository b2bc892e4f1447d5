"""The peer measured beside MapBenchmark: komoot's `staticmap` (PyPI) drawing
the same 1200x800-pixel map (600x400 points at 2x: zoom 16 tiles) with the
same 20 markers, its tiles fetched over HTTP from a loopback server that
serves the committed Tiles/ directory. Render + PNG encode, median of N runs.

Run from the repository root (Benchmarks/map/run does it for you):
    python3 Benchmarks/map/staticmap_peer.py [runs]
"""
import http.server
import io
import math
import socketserver
import statistics
import sys
import threading
import time
from functools import partial

from staticmap import CircleMarker, StaticMap

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 20
CENTRE = (7.4276948, 43.7397159)  # Café de Paris, lon/lat
COLOURS = ["#E53E30", "#8D5A3B", "#8E44AD", "#27AE60", "#F39C12", "#16A085", "#2ECC71", "#C0392B",
           "#2980B9", "#D35400", "#CA8A04", "#34495E", "#6C5CE7", "#E84393", "#B03A2E", "#F1C40F"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def markers():
    # The same golden-angle pattern as Sources/MapBenchmark/main.swift.
    for index in range(20):
        angle = index * 2.399963
        radius = 0.0042 * math.sqrt(index + 1) / math.sqrt(20)
        lat = CENTRE[1] + radius * math.sin(angle) * 0.7
        lon = CENTRE[0] + radius * math.cos(angle) * 1.3
        yield CircleMarker((lon, lat), COLOURS[index % len(COLOURS)], 24)


def main():
    handler = partial(QuietHandler, directory="Tiles")
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        port = server.server_address[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        template = f"http://127.0.0.1:{port}/{{z}}/{{x}}/{{y}}.png"
        samples = []
        for run in range(RUNS + 2):
            start = time.perf_counter()
            m = StaticMap(1200, 800, url_template=template)
            for marker in markers():
                m.add_marker(marker)
            image = m.render(zoom=16, center=list(CENTRE))
            out = io.BytesIO()
            image.save(out, "PNG")
            elapsed = (time.perf_counter() - start) * 1000
            if run >= 2:  # two warm-up runs
                samples.append(elapsed)
            if run == 0:
                with open("Benchmarks/results/staticmap-600x400@2.png", "wb") as f:
                    f.write(out.getvalue())
        server.shutdown()
    samples.sort()
    print(f"staticmap render + encode: median {statistics.median(samples):.2f} ms, "
          f"min {samples[0]:.2f} ms ({RUNS} runs, PNG {len(out.getvalue())} bytes)")


if __name__ == "__main__":
    main()
