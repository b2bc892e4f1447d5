"""Headless Chromium driven through the DevTools protocol, for the browser
tests beside this file and Tools/pages-contact-sheet.py: a browser of its
own (a fresh profile, removed after), one page, and what a person does on it
(open, click, drag, turn the wheel, pinch) as real input events.

Needs websocket-client (scripts/setup installs it with pip)."""
import base64
import json
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket


# The pages' moving map at rest: no zoom animation running, and every tile it asked for loaded.
MAP_SETTLED = ("window.nearbyMap && !nearbyMap._animatingZoom"
               " && document.querySelectorAll('.leaflet-tile:not(.leaflet-tile-loaded)').length === 0")


def run_checks(check):
    """`check(page, base)` on a fresh page, with the CHROMIUM and URL the command line
    gives: each failure printed on a line of its own; the exit status, 1 if any."""
    chromium, base = sys.argv[1], sys.argv[2].rstrip("/")
    with Browser(chromium) as page:
        failures = check(page, base)
    for failure in failures:
        print(failure)
    return 1 if failures else 0


class Browser:
    """`with Browser(chromium) as page:` a page in a headless Chromium."""

    def __init__(self, chromium):
        self.chromium = chromium

    def __enter__(self):
        self.profile = tempfile.mkdtemp(prefix="nearby-chromium-")
        self.process = subprocess.Popen(
            [self.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--hide-scrollbars", f"--user-data-dir={self.profile}", "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            return Page(self._port())
        except BaseException:
            self.__exit__()
            raise

    def __exit__(self, *_):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _port(self):
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stderr.readline()
            if "DevTools listening on ws://" in line:
                return int(line.split("ws://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
            if not line and self.process.poll() is not None:
                break
        raise SystemExit("chromium did not open its DevTools port")


class Page:
    def __init__(self, port):
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60)
        self.next_id = 0
        # The protocol's events (Network.responseReceived, …), as they came.
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise SystemExit(f"{method}: {message['error']}")
                return message["result"]
            if "method" in message:
                self.events.append(message)

    def evaluate(self, script):
        result = self.call("Runtime.evaluate", expression=script, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise SystemExit(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, script, what, seconds=60):
        """Until `script` is true; fails naming `what`."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.evaluate(script):
                return
            time.sleep(0.05)
        raise SystemExit(f"waited {seconds} s for {what}")

    def size(self, width, height):
        """The window's size, with touch as well as a mouse."""
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=width < 600)
        self.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=2)

    def open(self, url):
        self.call("Page.navigate", url=url)
        self.wait_for(f"document.readyState === 'complete' && location.href === {json.dumps(url)}", f"{url} to load")

    def centre(self, selector):
        """The middle of the first element `selector` finds, in the window's pixels. (Not
        scrolled into view: that would scroll a map's own box, which hides what overflows.)"""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
            " const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        if box is None:
            raise SystemExit(f"nothing on the page matches {selector}")
        return box

    def mouse(self, kind, x, y, **extra):
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, **extra)

    def click(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, button="left", clickCount=1)
        self.mouse("mouseReleased", x, y, button="left", clickCount=1)

    def drag(self, x, y, dx, dy, steps=12):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, button="left", clickCount=1)
        for step in range(1, steps + 1):
            self.mouse("mouseMoved", x + dx * step / steps, y + dy * step / steps, button="left", buttons=1)
            time.sleep(0.02)
        self.mouse("mouseReleased", x + dx, y + dy, button="left", clickCount=1)

    def pinch(self, x, y, spread, steps=10):
        """Two fingers on either side of (x, y), moved `spread` pixels further apart each."""
        def touch(kind, points):
            self.call("Input.dispatchTouchEvent", type=kind,
                      touchPoints=[{"x": px, "y": py, "id": index} for index, (px, py) in enumerate(points)])
        touch("touchStart", [(x - 20, y), (x + 20, y)])
        for step in range(1, steps + 1):
            reach = 20 + spread * step / steps
            touch("touchMove", [(x - reach, y), (x + reach, y)])
            time.sleep(0.02)
        touch("touchEnd", [])

    def wheel(self, x, y, delta):
        self.mouse("mouseWheel", x, y, deltaX=0, deltaY=delta)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
