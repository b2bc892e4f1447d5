#!/usr/bin/env python3
"""Search as you type on a nearby page, in headless Chromium driven through the
DevTools protocol: text typed a key at a time sends one search after the pause
(the search view model's 300 ms), its results appear under the box, and a text
of one letter sends nothing and clears them; the start of a street's name
suggests the street above the places.

    search_as_you_type.py CHROMIUM http://HOST:PORT

Exits 0 when every check holds, else 1 with one line per failed check.
Needs websocket-client (scripts/setup installs it with pip)."""
import sys

from devtools import Browser


def main():
    chromium, base = sys.argv[1], sys.argv[2].rstrip("/")
    with Browser(chromium) as page:
        return check(page, base)


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


def check(page, base):
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

    street = page.evaluate(TYPE + "(['r', 'ru', 'rue', 'rue g', 'rue gri', 'rue grim'], 60, 1500)")
    if len(street["searches"]) != 1:
        failures.append(f"typing a street sent {len(street['searches'])} searches, not 1: {street['searches']}")
    if 'aria-label="Streets and towns"' not in street["results"] or ">Rue Grimaldi</a>" not in street["results"]:
        failures.append("typing the start of a street's name does not suggest the street above the places")

    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
