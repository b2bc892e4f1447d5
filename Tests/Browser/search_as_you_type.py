#!/usr/bin/env python3
"""Search as you type on a nearby page, in headless Chromium driven through the
DevTools protocol: text typed a key at a time sends one search after the pause
(the search view model's 300 ms), its results appear under the box, and a text
of one letter sends nothing and clears them.

    search_as_you_type.py CHROMIUM http://HOST:PORT

Exits 0 when every check holds, else 1 with one line per failed check.
Needs websocket-client (scripts/setup installs it with pip)."""
import json
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket


def main():
    chromium, base = sys.argv[1], sys.argv[2].rstrip("/")
    profile = tempfile.mkdtemp(prefix="nearby-chromium-")
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        return check(devtools_port(browser), base)
    finally:
        browser.kill()
        browser.wait()
        shutil.rmtree(profile, ignore_errors=True)


def devtools_port(browser):
    deadline = time.time() + 60
    while time.time() < deadline:
        line = browser.stderr.readline()
        if "DevTools listening on ws://" in line:
            return int(line.split("ws://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
        if not line and browser.poll() is not None:
            break
    raise SystemExit("chromium did not open its DevTools port")


class Page:
    def __init__(self, port):
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise SystemExit(f"{method}: {message['error']}")
                return message["result"]

    def evaluate(self, script):
        result = self.call("Runtime.evaluate", expression=script, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise SystemExit(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url):
        self.call("Page.navigate", url=url)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.evaluate("document.readyState") == "complete" and self.evaluate("location.href") == url:
                return
            time.sleep(0.05)
        raise SystemExit(f"{url} did not load")


TYPE = """(async (texts, pause, settle) => {
  const box = document.getElementById('q');
  const before = performance.getEntriesByType('resource').length;
  for (const text of texts) {
    box.value = text;
    box.dispatchEvent(new Event('input'));
    await new Promise(r => setTimeout(r, pause));
  }
  await new Promise(r => setTimeout(r, settle));
  const searches = performance.getEntriesByType('resource').slice(before)
    .map(e => e.name).filter(name => name.includes('/search?'));
  return {searches, results: document.getElementById('results').innerHTML};
})"""


def check(port, base):
    page = Page(port)
    page.open(f"{base}/?lat=43.7384&lon=7.4246")
    failures = []

    typed = page.evaluate(TYPE + "(['c', 'ca', 'caf', 'cafe', 'cafe d', 'cafe de p', 'cafe de paris'], 60, 1500)")
    if len(typed["searches"]) != 1:
        failures.append(f"typing fast sent {len(typed['searches'])} searches, not 1: {typed['searches']}")
    elif "q=cafe+de+paris" not in typed["searches"][0] or "part=results" not in typed["searches"][0]:
        failures.append(f"the search sent was {typed['searches'][0]}")
    if "Café de Paris" not in typed["results"]:
        failures.append("the results under the box do not show Café de Paris")

    again = page.evaluate(TYPE + "(['cafe de paris '], 10, 800)")
    if again["searches"]:
        failures.append(f"the same text (trimmed) was searched again: {again['searches']}")

    short = page.evaluate(TYPE + "(['c'], 10, 800)")
    if short["searches"]:
        failures.append(f"one letter sent a search: {short['searches']}")
    if short["results"].strip():
        failures.append("one letter left the results showing")

    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
