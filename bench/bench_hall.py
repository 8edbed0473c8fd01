"""Benchmark: the hall server (`sheetrunner serve`, issue 30) under a round's load on this machine.

200 simulated phones follow the round (each holds the Server-Sent Events stream open and opens the phone page
and `/api/round` every few seconds, as a player waiting for a pairing does), and 100 results (one per table of a
200-player round) are reported with their slips' codes within a minute. The phone page's response times are
measured beside a plain static file server (the standard library's `http.server`) serving the same page's bytes, requested by
the same phones in the same run; both servers run in their own processes on 127.0.0.1, the phones in this one.
At the end every report acknowledged (202) must be in the round sheet: zero results lost.

The figures of a run on this machine are in bench/results/hall-*.txt.

Run: python bench/bench_hall.py [--phones 200] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from urllib.parse import urlsplit

import httpx2 as httpx  # the test client Starlette itself uses (test extra)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))

from builder import make_event, round_rows  # noqa: E402

from sheetrunner import api  # noqa: E402
from sheetrunner.hall.security import table_code  # noqa: E402


# The plain static file server beside the hall: the standard library's, threaded, speaking HTTP/1.1 with
# keep-alive as the hall does (its default HTTP/1.0 would add a new connection to every request it is timed on).
STATIC_SERVER = """
import functools, sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args):
        pass
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), functools.partial(Handler, directory=sys.argv[2])).serve_forever()
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def event(folder: Path, players: int) -> Path:
    path = make_event(folder / "hall.xlsx", [f"Player {n:03d}" for n in range(1, players + 1)], ruleset="swiss",
                      total_rounds=5, settings={"Event name": "Bench Open"})
    api.pair_next(path, reports=True)
    return path


class Connection:
    """One phone's keep-alive HTTP/1.1 connection, spoken directly over asyncio streams: httpx costs several
    times more CPU per request, and on two shared cores the phones' own Python would be what is measured."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] = {}) \
            -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        status = int((await self.reader.readline()).split()[1])
        found = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            found[name.strip().lower()] = value.strip()
        data = await self.reader.readexactly(int(found.get("content-length", 0)))
        if found.get("connection") == "close":
            self.close()
        return status, found, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def ready(url: str) -> None:
    for _ in range(300):
        try:
            if (await Connection(url).request("GET", urlsplit(url).path))[0] == 200:
                return
        except OSError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit(f"{url} did not answer")


def p(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


async def follow_events(hall: str, stop: asyncio.Event, counts: dict) -> None:
    """One phone's event stream, held open for the whole run (each change read as it comes)."""
    parts = urlsplit(hall)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    writer.write(f"GET /api/events HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
    counts["streams"] += 1
    try:
        while not stop.is_set() and await reader.readline():
            pass
    finally:
        writer.close()


async def phone(hall: str, static: str, stop: asyncio.Event, timing: dict) -> None:
    """A player's phone: the page and the round every few seconds, from the hall and from the static server."""
    servers = {"hall": (Connection(hall), "/"), "static": (Connection(static), "/phone.html")}
    etag = ""
    await asyncio.sleep(random.uniform(0, 3))
    while not stop.is_set():
        for name, (connection, path) in servers.items():
            started = time.perf_counter()
            status, _, _ = await connection.request("GET", path)
            timing[name].append(time.perf_counter() - started)
            assert status == 200, (name, status)
        _, headers, _ = await servers["hall"][0].request("GET", "/api/round", headers={"If-None-Match": etag}
                                                         if etag else {})
        etag = headers.get("etag", etag)
        await asyncio.sleep(random.uniform(2, 4))
    for connection, _ in servers.values():
        connection.close()


async def reporter(hall: str, secret: str, tables: list[str], seconds: float, acknowledged: list,
                   timing: dict) -> None:
    """100 results within the minute, each from a phone with its table's code."""
    for table in tables:
        await asyncio.sleep(random.uniform(0, 2 * seconds * 0.8 / len(tables)))
        body = json.dumps({"round": 1, "table": table, "seats": [{"Games won": 2}, {"Games won": 1}],
                           "code": table_code(secret, 1, table)}).encode()
        started = time.perf_counter()
        status, _, _ = await Connection(hall).request("POST", "/api/results", body,
                                                      {"Content-Type": "application/json", "Connection": "close"})
        timing["report"].append(time.perf_counter() - started)
        if status == 202:
            acknowledged.append(table)


async def load(hall: str, static: str, secret: str, tables: list[str], phones: int, seconds: float) -> dict:
    timing: dict = {"hall": [], "static": [], "report": []}
    counts, acknowledged, stop = {"streams": 0}, [], asyncio.Event()
    await ready(hall + "/api/round")
    await ready(static + "/phone.html")
    streams = [asyncio.create_task(follow_events(hall, stop, counts)) for _ in range(phones)]
    phones_ = [asyncio.create_task(phone(hall, static, stop, timing)) for _ in range(phones)]
    began = time.perf_counter()
    await reporter(hall, secret, tables, seconds, acknowledged, timing)
    counts["reported in"] = time.perf_counter() - began
    await asyncio.sleep(max(0.0, seconds - (time.perf_counter() - began)))
    stop.set()
    await asyncio.gather(*phones_)
    for task in streams:
        task.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    desk = Connection(hall)
    for _ in range(600):  # the writer thread writes what waits
        _, _, body = await desk.request("GET", "/api/desk", headers={"Authorization": f"Bearer {secret}"})
        if json.loads(body)["waiting"] == 0:
            break
        await asyncio.sleep(0.1)
    return {"timing": timing, "streams": counts["streams"], "acknowledged": acknowledged,
            "reported in": counts["reported in"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    options = parser.parse_args()
    random.seed(1)
    with tempfile.TemporaryDirectory() as folder:
        path = event(Path(folder), options.phones)
        tables = [str(t.number) for t in api.load_event(path).event.rounds[0].games]
        hall_port, static_port = free_port(), free_port()
        hall = subprocess.Popen([sys.executable, "-m", "sheetrunner", "serve", str(path), "--port", str(hall_port)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        pages = Path(folder) / "static"
        pages.mkdir()
        try:
            hall_url = f"http://127.0.0.1:{hall_port}"
            secret = _secret(path)
            pages.joinpath("phone.html").write_bytes(_first_page(hall_url))
            static = subprocess.Popen([sys.executable, "-c", STATIC_SERVER, str(static_port), str(pages)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            started = time.perf_counter()
            found = asyncio.run(load(hall_url, f"http://127.0.0.1:{static_port}", secret, tables, options.phones,
                                     options.seconds))
            elapsed = time.perf_counter() - started
        finally:
            hall.terminate()
            hall.wait(30)
            if "static" in locals():
                static.terminate()
                static.wait(30)
        rows = round_rows(path, 1)
        column = list(rows[0]).index("Games won")
        written = sum(1 for row in rows[1:] if row[column] is not None) // 2
        report(found, written, len(tables), options.phones, elapsed)


def _secret(path: Path) -> str:
    kept = path.with_name(f"{path.stem}-backups") / "hall" / "secret.txt"
    for _ in range(300):
        if kept.exists() and kept.read_text().strip():
            return kept.read_text().strip()
        time.sleep(0.1)
    raise SystemExit("the hall did not start")


def _first_page(hall: str) -> bytes:
    for _ in range(300):
        try:
            return httpx.get(hall + "/").content
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the hall did not answer")


def report(found: dict, written: int, tables: int, phones: int, elapsed: float) -> None:
    timing = found["timing"]
    hall99, static99 = p(timing["hall"], 0.99), p(timing["static"], 0.99)
    acknowledged = len(found["acknowledged"])
    print(f"hall bench: {phones} phones, {tables} tables, {elapsed:.0f} s on 127.0.0.1")
    print(f"  event streams held open:   {found['streams']}")
    print(f"  phone page, hall:          {len(timing['hall'])} requests, p50 {p(timing['hall'], .5):.1f} ms, "
          f"p99 {hall99:.1f} ms")
    print(f"  phone page, static server: {len(timing['static'])} requests, p50 {p(timing['static'], .5):.1f} ms, "
          f"p99 {static99:.1f} ms")
    print(f"  p99 ratio hall / static:   {hall99 / static99:.2f} (target: within 2)")
    print(f"  results reported:          {acknowledged} acknowledged in {found['reported in']:.0f} s, p99 "
          f"{p(timing['report'], .99):.1f} ms")
    print(f"  results in the round sheet: {written}; lost: {acknowledged - written}")


if __name__ == "__main__":
    main()
