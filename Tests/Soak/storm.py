#!/usr/bin/env python3
"""The storm of the soak test (Tests/Soak/run starts the server and calls this).

Against a running `nearby serve`, for --seconds, all at once:
  - a /healthz probe every 20 ms on a connection of its own: every answer 200, latencies measured;
  - API workers: nearbysearch around the position with a junk `key=` each time, then details of a
    place it found: every answer 200;
  - page workers: /places pages at positions that move, each with a different 3 KB junk parameter
    (unknown parameters are ignored, never refused, and kept out of the page cache's keys): 200;
  - map workers: distinct 2048x2048 static maps and pin-heavy /places/map.png: 200, or 503
    OVER_QUERY_LIMIT when the drawing pool and its queue are full;
  - slow clients: headers one byte a second, and a 1 MB body one byte a second; the server must
    close each within its request deadline (--deadline) and a few seconds;
  - bursts: every --burst-every seconds, --burst connections at once (more than the server's
    descriptors), each asking /healthz: 200, the gate's 503, or a connection closed unanswered;
  - SIGHUP to the server every --reload-every seconds (a reload of a large store).
A request that should succeed and does not, a slow client held past the deadline, or a server
that dies is a failure: one line each on stderr, exit 1. The figures (healthz p50/p99/max during
the storm, beside p50/p99 over 5 s on the quiet server before it; RSS before the storm and at its
peak; counts) go to stdout
as one JSON object.
"""
import argparse
import asyncio
import json
import os
import random
import resource
import signal
import sys
import time


class Closed(Exception):
    """The server closed the connection before a whole answer."""


class Connection:
    """One keep-alive HTTP/1.1 connection; reconnects after the server closes it."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None
        self.fresh = False  # the last request went out on a new connection

    async def request(self, path, timeout):
        self.fresh = self.writer is None
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        try:
            self.writer.write(f"GET {path} HTTP/1.1\r\nHost: soak\r\nUser-Agent: nearby-soak\r\n\r\n".encode())
            status, headers, body = await asyncio.wait_for(read_answer(self.reader), timeout)
        except BaseException:
            self.close()
            raise
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, body

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def read_answer(reader):
    line = await reader.readline()
    if not line:
        raise Closed()
    status = int(line.split()[1])
    headers = {}
    while True:
        line = await reader.readline()
        if not line:
            raise Closed()
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                break
            body += chunk[:-2]
    else:
        body = await reader.read()
    return status, headers, body


class Storm:
    def __init__(self, options):
        self.o = options
        self.host, _, port = options.url.removeprefix("http://").rpartition(":")
        self.host = self.host.strip("[]")
        self.port = int(port)
        self.stop_at = 0.0
        self.failures = []
        self.counts = {}
        self.healthz = []  # /healthz latencies during the storm
        self.quiet = []  # and before it
        self.bursting = False
        self.random = random.Random(27)

    def count(self, what, n=1):
        self.counts[what] = self.counts.get(what, 0) + n

    def fail(self, what):
        self.count("failures")
        if len(self.failures) < 20:
            self.failures.append(what)

    def running(self):
        return time.monotonic() < self.stop_at

    def junk(self, size):
        return "".join(self.random.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(size))

    async def ask(self, connection, what, path, accept=(200,)):
        """One request that should succeed; a gate's 503 on a new connection during a burst is a refusal."""
        try:
            status, body = await connection.request(path, self.o.request_seconds)
        except asyncio.TimeoutError:  # before OSError, of which it is one
            self.fail(f"{what}: no answer within {self.o.request_seconds} s: {path[:100]}")
            return None
        except (Closed, OSError, asyncio.IncompleteReadError, ValueError) as error:
            self.fail(f"{what}: no whole answer ({type(error).__name__}): {path[:100]}")
            return None
        self.count(f"{what} {status}")
        if status == 503 and connection.fresh and self.bursting:
            await asyncio.sleep(0.2)
            return None
        if status not in accept:
            self.fail(f"{what}: status {status}: {body[:160]!r} for {path[:100]}")
            return None
        return status, body

    def position(self, spread):
        return (self.o.lat + self.random.uniform(-spread, spread), self.o.lon + self.random.uniform(-spread, spread))

    async def probe(self, latencies):
        connection = Connection(self.host, self.port)
        while self.running():
            start = time.monotonic()
            if await self.ask(connection, "healthz", "/healthz"):
                latencies.append(time.monotonic() - start)
            await asyncio.sleep(0.02)
        connection.close()

    async def api(self):
        connection = Connection(self.host, self.port)
        while self.running():
            lat, lon = self.position(0.05)
            answer = await self.ask(connection, "nearbysearch",
                                    f"/maps/api/place/nearbysearch/json?location={lat:.5f},{lon:.5f}&radius=3000&type=restaurant&key={self.junk(40)}")
            if answer:
                try:
                    results = json.loads(answer[1])["results"]
                except (ValueError, KeyError, TypeError):
                    self.fail(f"nearbysearch: a 200 without a results list: {answer[1][:160]!r}")
                    continue
                if results:
                    place = self.random.choice(results)["place_id"]
                    await self.ask(connection, "details", f"/maps/api/place/details/json?place_id={place}&key={self.junk(40)}")
        connection.close()

    async def pages(self):
        connection = Connection(self.host, self.port)
        while self.running():
            lat, lon = self.position(0.05)
            await self.ask(connection, "page", f"/places?category=cafe&lat={lat:.5f}&lon={lon:.5f}&utm_junk={self.junk(3000)}")
        connection.close()

    async def maps(self, index):
        connection = Connection(self.host, self.port)
        while self.running():
            if index % 2 == 0:
                what = "static map"
                # Distinct big maps on the committed Monaco tiles.
                lat, lon = 43.735 + self.random.uniform(-0.01, 0.01), 7.42 + self.random.uniform(-0.01, 0.01)
                path = (f"/maps/api/staticmap?size=1024x1024&scale=2&zoom=15&center={lat:.5f},{lon:.5f}"
                        f"&markers=color:red|{lat:.5f},{lon:.5f}")
            else:
                what = "pins map"
                # Pins for every restaurant within 50 km of the densest spot of the large store.
                lat, lon = self.position(0.02)
                path = f"/places/map.png?category=restaurant&lat={lat:.5f}&lon={lon:.5f}&radius=50000"
            answer = await self.ask(connection, what, path, accept=(200, 503))
            if answer and answer[0] == 503 and b"OVER_QUERY_LIMIT" not in answer[1]:
                self.fail(f"{what}: a 503 that is not the drawing pool's: {answer[1][:160]!r}")
            elif answer and answer[0] == 503:
                await asyncio.sleep(0.5)
        connection.close()

    async def slow(self, kind):
        """Sends a request a byte a second until the server closes; fails if it holds past the deadline."""
        opening = (b"GET /healthz HTTP/1.1\r\nHost: soak\r\nX-Slow: " if kind == "slow headers"
                   else b"POST /maps/api/place/nearbysearch/json HTTP/1.1\r\nHost: soak\r\nContent-Length: 1000000\r\n\r\n")
        limit = self.o.deadline + 10
        while self.running():
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port)
            except OSError:
                self.count(f"{kind}: not connected")
                await asyncio.sleep(1)
                continue
            start = time.monotonic()
            try:
                writer.write(opening)
                while time.monotonic() - start < limit:
                    # The server's close shows as end of file (or a reset) on a read.
                    try:
                        if await asyncio.wait_for(reader.read(4096), 1.0) == b"":
                            break
                    except asyncio.TimeoutError:
                        writer.write(b"a")
                        await writer.drain()
                else:
                    if self.running():
                        self.fail(f"{kind}: held open {limit} s, past the {self.o.deadline} s request deadline")
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()
            if time.monotonic() - start < limit:
                self.count(f"{kind}: cut off")

    async def burst(self):
        """--burst connections at once, each asking /healthz, then all closed."""
        self.bursting = True
        self.count("bursts")

        async def one():
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(self.host, self.port), 10)
            except (OSError, asyncio.TimeoutError):
                self.count("burst: not connected")
                return None
            try:
                writer.write(b"GET /healthz HTTP/1.1\r\nHost: soak\r\n\r\n")
                status, _, _ = await asyncio.wait_for(read_answer(reader), 30)
                self.count(f"burst {status}")
                if status not in (200, 503):
                    self.fail(f"burst: status {status}")
            except asyncio.TimeoutError:
                self.fail("burst: a connection neither answered nor closed within 30 s")
            except (Closed, OSError, asyncio.IncompleteReadError, ValueError):
                self.count("burst: closed unanswered")
            return writer

        writers = await asyncio.gather(*(one() for _ in range(self.o.burst)))
        await asyncio.sleep(2)
        for writer in writers:
            if writer:
                writer.close()
        self.bursting = False

    async def weather(self):
        """SIGHUPs and bursts on their schedules, and a watch on the server's life."""
        next_reload = time.monotonic() + self.o.reload_every
        next_burst = time.monotonic() + self.o.burst_every / 2
        bursts = set()
        while self.running():
            now = time.monotonic()
            if not alive(self.o.pid):
                self.fail("the server died")
                self.stop_at = 0
                break
            if now >= next_reload:
                os.kill(self.o.pid, signal.SIGHUP)
                self.count("SIGHUPs sent")
                next_reload = now + self.o.reload_every
            if now >= next_burst and self.o.burst:
                task = asyncio.create_task(self.burst())
                bursts.add(task)
                task.add_done_callback(bursts.discard)
                next_burst = now + self.o.burst_every
            await asyncio.sleep(0.1)
        await asyncio.gather(*bursts)

    async def run(self):
        # The same probe on the quiet server first: what the storm costs it.
        self.stop_at = time.monotonic() + 5
        await self.probe(self.quiet)
        self.stop_at = time.monotonic() + self.o.seconds
        tasks = [self.probe(self.healthz), self.weather()]
        tasks += [self.api() for _ in range(self.o.api)]
        tasks += [self.pages() for _ in range(self.o.pages)]
        tasks += [self.maps(i) for i in range(self.o.maps)]
        tasks += [self.slow("slow headers") for _ in range(self.o.slow)]
        tasks += [self.slow("slow body") for _ in range(self.o.slow // 2)]
        await asyncio.gather(*tasks)
        self.counts["reloads"] = await self.reloads()

    async def reloads(self):
        connection = Connection(self.host, self.port)
        try:
            _, body = await connection.request("/metrics", 30)
        except (Closed, ConnectionError, asyncio.TimeoutError, OSError):
            self.fail("/metrics did not answer after the storm")
            return 0
        finally:
            connection.close()
        reloads = {}
        for line in body.decode().splitlines():
            if line.startswith("nearby_dataset_reloads_total{"):
                reloads[line.split('"')[1]] = int(float(line.split()[-1]))
        if reloads.get("failed", 0):
            self.fail(f"{reloads['failed']} reloads of the unchanged store failed (the server's log says why)")
        return reloads.get("ok", 0)


def alive(pid):
    """Whether the server runs: not gone, and not a zombie its parent (Tests/Soak/run) has yet to reap."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def rss_mib(pid, field):
    """VmRSS (resident now) or VmHWM (the peak) of the server, in MiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return round(int(line.split()[1]) / 1024)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--lat", type=float, required=True)
    parser.add_argument("--lon", type=float, required=True)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--deadline", type=float, default=30, help="the server's --request-timeout")
    parser.add_argument("--reload-every", type=float, default=3)
    parser.add_argument("--burst", type=int, default=1200)
    parser.add_argument("--burst-every", type=float, default=30)
    parser.add_argument("--api", type=int, default=8)
    parser.add_argument("--pages", type=int, default=8)
    parser.add_argument("--maps", type=int, default=6)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--request-seconds", type=float, default=60, help="an answer slower than this is a failure")
    options = parser.parse_args()
    # The bursts need more descriptors than the server has.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    storm = Storm(options)
    start_rss = rss_mib(options.pid, "VmRSS")
    asyncio.run(storm.run())
    rss = rss_mib(options.pid, "VmHWM") if alive(options.pid) else None
    def milliseconds(latencies, share):
        ordered = sorted(latencies)
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1e3, 2) if ordered else None

    figures = {
        "seconds": options.seconds,
        "healthz_answers": len(storm.healthz),
        "healthz_p50_ms": milliseconds(storm.healthz, 0.5),
        "healthz_p99_ms": milliseconds(storm.healthz, 0.99),
        "healthz_max_ms": milliseconds(storm.healthz, 1),
        "quiet_healthz_p50_ms": milliseconds(storm.quiet, 0.5),
        "quiet_healthz_p99_ms": milliseconds(storm.quiet, 0.99),
        "start_rss_mib": start_rss,
        "peak_rss_mib": rss,
        "counts": dict(sorted(storm.counts.items())),
    }
    print(json.dumps(figures))
    if storm.counts.get("reloads", 0) == 0:
        storm.fail(f"no reload finished ({storm.counts.get('SIGHUPs sent', 0)} SIGHUPs sent)")
    for failure in storm.failures:
        print(f"soak: {failure}", file=sys.stderr)
    sys.exit(1 if storm.failures else 0)


if __name__ == "__main__":
    main()
