"""The floor under `report --pdf`: Chromium alone printing HTML files, with nothing of sheetrunner's.

Two plain ways, both given the browser's own flags for a headless print and nothing more:
  --each   one `chromium --headless --print-to-pdf` per file, one after another;
  --pipe   one browser for every file, driven over the DevTools protocol on a pipe (fds 3 and 4, JSON messages
           ended by NUL), `--tabs` pages loading and printing at once (`Page.printToPDF`, base64 PDFs written as
           they come). Standard library only, so the figure is the browser's and the pipe's, not a library's.
With --untagged both print without Chromium's accessibility tags (`--disable-pdf-tagging`,
`generateTaggedPDF: false`), as sheetrunner does since issue 34. Each PDF is written beside its page.

Run: python bench/print_floor.py --pipe [--tabs 2] [--untagged] [--browser chromium] PAGE.html ...
"""

from __future__ import annotations

import argparse
import base64
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
PRINT = {"printBackground": True, "preferCSSPageSize": True, "displayHeaderFooter": False}


def print_each(browser: str, pages: list[Path], untagged: bool) -> None:
    with tempfile.TemporaryDirectory() as profile:
        for page in pages:
            subprocess.run([browser, *FLAGS, "--no-pdf-header-footer", *["--disable-pdf-tagging"] * untagged,
                            f"--user-data-dir={profile}",
                            f"--print-to-pdf={page.with_suffix('.pdf')}", page.resolve().as_uri()],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Pipe:
    def __init__(self, browser: str, profile: str):
        to_browser, self.out = os.pipe()
        self.into, from_browser = os.pipe()

        def fds() -> None:  # the pipe's ends as the browser's fds 3 and 4 (moved above 10 first)
            high_in, high_out = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser, from_browser))
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.process = subprocess.Popen([browser, *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={profile}"],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, preexec_fn=fds, close_fds=False)
        os.close(to_browser)
        os.close(from_browser)
        self.buffer, self.next_id, self.kept = bytearray(), 0, []

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> int:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self.out, data):]
        return self.next_id

    def read(self) -> dict:
        if self.kept:
            return self.kept.pop(0)
        while (end := self.buffer.find(b"\0")) < 0:
            chunk = os.read(self.into, 1 << 20)
            if not chunk:
                raise SystemExit("the browser stopped")
            self.buffer += chunk
        message = json.loads(self.buffer[:end])
        del self.buffer[:end + 1]
        return message

    def call(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        wanted, other = self.send(method, params, session), []
        while (message := self.read()).get("id") != wanted:
            other.append(message)
        self.kept = other + self.kept
        return message["result"]


def print_pipe(browser: str, pages: list[Path], tabs: int, untagged: bool) -> None:
    settings = {**PRINT, "generateTaggedPDF": False} if untagged else PRINT
    with tempfile.TemporaryDirectory() as profile:
        pipe = Pipe(browser, profile)
        sessions = []
        for _ in range(min(tabs, len(pages))):
            target = pipe.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = pipe.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            pipe.call("Page.enable", session=session)
            sessions.append(session)
        waiting, busy, printing = list(reversed(pages)), {}, {}
        for session in sessions:
            busy[session] = waiting.pop()
            pipe.send("Page.navigate", {"url": busy[session].resolve().as_uri()}, session)
        while busy:
            message = pipe.read()
            session = message.get("sessionId")
            if message.get("method") == "Page.loadEventFired" and session in busy:
                printing[pipe.send("Page.printToPDF", settings, session)] = session
            elif message.get("id") in printing:
                session = printing.pop(message["id"])
                busy.pop(session).with_suffix(".pdf").write_bytes(base64.b64decode(message["result"]["data"]))
                if waiting:
                    busy[session] = waiting.pop()
                    pipe.send("Page.navigate", {"url": busy[session].resolve().as_uri()}, session)
        pipe.send("Browser.close")
        pipe.process.wait()
        os.close(pipe.out)
        os.close(pipe.into)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    way = parser.add_mutually_exclusive_group(required=True)
    way.add_argument("--each", action="store_true")
    way.add_argument("--pipe", action="store_true")
    parser.add_argument("--tabs", type=int, default=2)
    parser.add_argument("--untagged", action="store_true")
    parser.add_argument("--browser", default=shutil.which("chromium") or "chromium")
    parser.add_argument("pages", nargs="+", type=Path)
    args = parser.parse_args()
    if args.each:
        print_each(args.browser, args.pages, args.untagged)
    else:
        print_pipe(args.browser, args.pages, args.tabs, args.untagged)


if __name__ == "__main__":
    sys.exit(main())
