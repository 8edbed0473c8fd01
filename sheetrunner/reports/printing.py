"""Printing the HTML reports to PDF with a headless Chromium, and one combined PDF of a round's kit.

Chromium honours the pages' CSS: the paper size, the page header (event, round, date) and footer
("Page x of y") printed on every page, and no table or slip split across pages. A callback is told how
many reports are printed of how many, so the command line can show progress on long runs. The pages for screens
(the phone page's search, the projector's clock) are not printed.

One browser prints every page of a run: started once with `--remote-debugging-pipe` and driven over the DevTools
protocol (commands in on its fd 3, replies out on its fd 4, each a JSON message ended by NUL; standard library
only), two tabs printing at once, the largest pages first (the last page to start sets when the set is done).
Starting Chromium costs about a second of CPU and wall time, and it was paid once per report. Nothing waits on a
timer: replies are read as they come, and the browser's exit is awaited on its pidfd.

The pages are printed with the settings `--print-to-pdf` uses (backgrounds, the CSS page size, no browser header
or footer), so the PDFs are the same page for page and word for word, but untagged (issue 34): Chromium's
accessibility tags made the PDFs about 20 times larger (56 MB for 4,096 players' histories) and cost a third of
the printing, for printouts meant for paper; the accessible version of every report is its HTML page. Where no
pipe can be handed over (not POSIX), or the browser does not answer on it (a Chromium too old for the pipe, a
wrapper that closes fds 3 and 4), each page is printed by a browser of its own.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import signal
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..model.problems import EventError, Problem
from .pdf_files import combine, relative_links

HEADLESS_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# For a browser run for one command (`--print-to-pdf`, `--screenshot`, `--dump-dom`). Not for the driven browser:
# `--no-pdf-header-footer` alone makes headless Chromium run its command page, which then closes every tab.
BROWSER_FLAGS = [*HEADLESS_FLAGS, "--no-pdf-header-footer", "--disable-pdf-tagging"]
SCREEN_PAGES = ("find", "projector")  # pages with a script, for phones and the big screen: never printed
# What `--print-to-pdf` asks of the page (Chromium's headless command handler), asked here over the protocol.
PRINT_SETTINGS = {"printBackground": True, "preferCSSPageSize": True, "displayHeaderFooter": False,
                  "generateTaggedPDF": False}
TABS = 2  # pages printed at once: the machines TOs bring have two cores or more
PAGE_TIMEOUT = 300  # seconds one page may take to load and print, as a single `--print-to-pdf` run was allowed
START_TIMEOUT = 30  # seconds for the browser's first answer on the pipe; without one, a browser per page
PIPE_SIZE = 1 << 20  # the replies' pipe enlarged (Linux's most for anyone): a big PDF in fewer reads
PROFILE_REMOVALS = 3  # tries at removing the browser's profile folder, a tenth of a second apart


def find_browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def print_pdfs(pages: list[Path], kit: Sequence[Path] = (),
               progress: Callable[[int, int], None] = lambda done, total: None,
               browser: str | None = None) -> list[Path]:
    """Print each HTML page to PDF beside it (not the pages for screens); with `kit`, also `kit.pdf`: those pages'
    PDFs in one file."""
    pages = [page for page in pages if page.stem not in SCREEN_PAGES]
    browser = browser or find_browser()
    if browser is None:
        raise EventError(Problem("", "", "No headless browser was found to print PDFs.",
                                 "Install Chromium (e.g. `apt-get install chromium`), or print the HTML reports "
                                 "from any browser."))
    with _browser_profile() as profile:
        try:
            if os.name != "posix" or not pages:
                raise NoPipe("no pipe to hand over")
            pdfs = _print_in_one_browser(browser, profile, pages, progress)
        except NoPipe:
            pdfs = _print_one_by_one(browser, os.path.join(profile, "each"), pages, progress)
    if kit:
        pdfs.append(combine([page.with_suffix(".pdf") for page in kit], pages[0].parent / "kit.pdf"))
    return pdfs


def _print_one_by_one(browser: str, profile: str, pages: list[Path],
                      progress: Callable[[int, int], None]) -> list[Path]:
    """A browser started for each page, printing it with `--print-to-pdf`."""
    pdfs = []
    for page in pages:
        pdf = page.with_suffix(".pdf")
        try:
            subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf}",
                            page.resolve().as_uri()], check=True, capture_output=True, timeout=PAGE_TIMEOUT)
        except (subprocess.SubprocessError, OSError) as error:
            raise _cannot_print(page, str(error)) from None
        pdf.write_bytes(relative_links(pdf.read_bytes(), page.parent))
        pdfs.append(pdf)
        progress(len(pdfs), len(pages))
    return pdfs


def _print_in_one_browser(browser: str, profile: str, pages: list[Path],
                          progress: Callable[[int, int], None]) -> list[Path]:
    """Every page printed by one browser, up to `TABS` at once, the largest first; the PDFs in the order of
    `pages`. NoPipe when the browser does not answer on the pipe (nothing printed yet)."""
    try:
        with DevToolsPipe(browser, profile) as devtools:
            tabs = devtools.open_tabs(min(TABS, len(pages)))
            waiting = sorted(pages, key=_size, reverse=True)[::-1]  # popped from the end: the largest first
            busy: dict[str, Path] = {}  # tab's session -> the page it prints
            done = 0
            for tab in tabs:
                busy[tab] = waiting.pop()
                devtools.start(tab, busy[tab])
            while busy:
                tab = devtools.next_printed(busy)
                done += 1
                progress(done, len(pages))
                del busy[tab]
                if waiting:
                    busy[tab] = waiting.pop()
                    devtools.start(tab, busy[tab])
    except BrowserFailed as failed:
        raise _cannot_print(failed.page, failed.reason) from None
    return [page.with_suffix(".pdf") for page in pages]


def _size(page: Path) -> int:
    """How long a page takes to print, near enough; a missing page is named when the browser tries it."""
    try:
        return page.stat().st_size
    except OSError:
        return 0


def _cannot_print(page: Path | None, reason: str) -> EventError:
    name = page.name if page is not None else "the reports"
    return EventError(Problem(page.name if page is not None else "", "", f"Chromium could not print {name} "
                              f"({reason}).", "Try again, or print the HTML page from a browser."))


class BrowserFailed(Exception):
    def __init__(self, reason: str, page: Path | None = None):
        super().__init__(reason)
        self.reason, self.page = reason, page


class NoPipe(Exception):
    """The browser cannot be driven over the pipe: each page is printed by a browser of its own instead."""


class DevToolsPipe:
    """A headless Chromium driven over the DevTools protocol on a pipe: tabs (one session each) that load a page
    and print it to PDF. Commands are answered out of order among the tabs; `next_printed` reads replies and events
    until one tab's PDF is written."""

    def __init__(self, browser: str, profile: str):
        self.browser, self.profile = browser, profile
        self.buffer = bytearray()
        self.messages: list[dict] = []  # read but not yet wanted
        self.next_id = 0
        self.state: dict[str, dict] = {}  # session -> its page, step, pending call, loader and deadline
        self.commands: int | None = None  # our ends of the two pipes, while they are open
        self.replies: int | None = None

    def __enter__(self) -> DevToolsPipe:
        to_browser, self.commands = os.pipe()  # the browser reads its fd 3
        self.replies, from_browser = os.pipe()  # and writes its fd 4
        try:
            self.process = subprocess.Popen(
                [self.browser, *HEADLESS_FLAGS, "--remote-debugging-pipe", f"--user-data-dir={self.profile}"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                preexec_fn=_as_fds_3_and_4(to_browser, from_browser), close_fds=False, start_new_session=True)
        except OSError as error:
            self._close_fds()
            raise BrowserFailed(str(error)) from None
        finally:
            os.close(to_browser)
            os.close(from_browser)
        try:
            import fcntl

            fcntl.fcntl(self.replies, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
        except (ImportError, AttributeError, OSError):
            pass  # a smaller pipe only means more reads
        return self

    def __exit__(self, failed: type | None, *exc_info) -> None:
        """Closed politely after a good run (it saves nothing we keep, but ends cleanly); killed after a failure,
        when it may not be listening."""
        try:
            if failed is not None:
                raise BrowserFailed("abandoned")
            self._send("Browser.close")
            _wait_for_exit(self.process, 10)
        except (BrowserFailed, OSError, subprocess.TimeoutExpired):
            _kill_group(self.process)
        finally:
            self._close_fds()

    def _close_fds(self) -> None:
        for fd in (self.commands, self.replies):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.commands = self.replies = None

    # -- tabs ------------------------------------------------------------------------------------------------

    def open_tabs(self, count: int) -> list[str]:
        """`count` tabs; NoPipe when the browser gives no first answer (it cannot be driven over the pipe)."""
        try:
            self.call("Browser.getVersion", timeout=START_TIMEOUT)
        except BrowserFailed as failed:
            raise NoPipe(failed.reason) from None
        return [self.open_tab() for _ in range(count)]

    def open_tab(self) -> str:
        """A new tab, attached: its session, with the page's lifecycle events (to know when a page has loaded)."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=session)
        self.call("Page.setLifecycleEventsEnabled", {"enabled": True}, session=session)
        return session

    def start(self, session: str, page: Path) -> None:
        """Load `page` in the tab; `next_printed` prints it once it has loaded."""
        call = self._send("Page.navigate", {"url": page.resolve().as_uri()}, session)
        self.state[session] = {"page": page, "step": "navigate", "call": call, "loader": None, "loaded": set(),
                               "deadline": time.monotonic() + PAGE_TIMEOUT}

    def next_printed(self, busy: dict[str, Path]) -> str:
        """Read until one of the busy tabs has written its PDF; that tab's session."""
        while True:
            message = self._read(min(self.state[s]["deadline"] for s in busy), busy)
            session = message.get("sessionId")
            if not isinstance(session, str) or session not in busy:
                continue  # the browser's own events, or a tab not printing now
            tab = self.state[session]
            if "id" in message and message["id"] == tab["call"]:
                if "error" in message:
                    raise BrowserFailed(message["error"].get("message", "protocol error"), tab["page"])
                if tab["step"] == "navigate":
                    if message["result"].get("errorText"):
                        raise BrowserFailed(message["result"]["errorText"], tab["page"])
                    tab["step"], tab["loader"] = "loading", message["result"].get("loaderId")
                    if tab["loader"] in tab["loaded"]:  # loaded before the navigation's reply was read
                        self._print(session, tab)
                elif tab["step"] == "print":
                    pdf = relative_links(base64.b64decode(message["result"]["data"]), tab["page"].parent)
                    tab["page"].with_suffix(".pdf").write_bytes(pdf)
                    return session
            elif message.get("method") == "Page.lifecycleEvent" and message["params"]["name"] == "load":
                tab["loaded"].add(message["params"]["loaderId"])
                if tab["step"] == "loading" and message["params"]["loaderId"] == tab["loader"]:
                    self._print(session, tab)

    def _print(self, session: str, tab: dict) -> None:
        tab["step"], tab["call"] = "print", self._send("Page.printToPDF", PRINT_SETTINGS, session)

    # -- the protocol ----------------------------------------------------------------------------------------

    def call(self, method: str, params: dict | None = None, session: str | None = None,
             timeout: float = PAGE_TIMEOUT) -> dict:
        """Send one command and wait for its reply (events meanwhile are kept for later)."""
        call = self._send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            found = next((m for m in self.messages if m.get("id") == call), None)
            if found is not None:
                self.messages.remove(found)
                break
            self.messages.append(self._read_one(deadline))
        if "error" in found:
            raise BrowserFailed(f"{method}: {found['error'].get('message', 'protocol error')}")
        return found["result"]

    def _send(self, method: str, params: dict | None = None, session: str | None = None) -> int:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self._open(self.commands), data):]
        except OSError as error:
            raise BrowserFailed(f"the browser stopped listening: {error}") from None
        return self.next_id

    @staticmethod
    def _open(fd: int | None) -> int:
        """A pipe's end, unless it was closed (the browser was stopped)."""
        if fd is None:
            raise BrowserFailed("the browser stopped listening: its pipe is closed")
        return fd

    def _read(self, deadline: float, busy: dict[str, Path]) -> dict:
        if self.messages:
            return self.messages.pop(0)
        try:
            return self._read_one(deadline)
        except BrowserFailed as failed:
            first = min(busy, key=lambda s: self.state[s]["deadline"])
            raise BrowserFailed(failed.reason, busy[first]) from None

    def _read_one(self, deadline: float) -> dict:
        """The next message from the browser, waiting at most until `deadline`. A PDF's reply is tens of MB read
        in many chunks: only each new chunk is searched for the end of the message."""
        searched = 0
        while True:
            end = self.buffer.find(b"\0", searched)
            if end >= 0:
                message = json.loads(self.buffer[:end])
                del self.buffer[:end + 1]
                return message
            searched = len(self.buffer)
            left = deadline - time.monotonic()
            replies = self._open(self.replies)
            if left <= 0 or not select.select([replies], [], [], left)[0]:
                raise BrowserFailed(f"no answer in {PAGE_TIMEOUT} s")
            chunk = os.read(replies, PIPE_SIZE)
            if not chunk:
                raise BrowserFailed(f"the browser stopped (exit code {self.process.poll()})")
            self.buffer += chunk


def _wait_for_exit(process: subprocess.Popen, seconds: float) -> None:
    """The browser's exit awaited on its pidfd (woken the moment it ends; `Popen.wait` with a timeout polls with
    sleeps until Python 3.13). TimeoutExpired when it has not ended in `seconds`."""
    try:
        pidfd = os.pidfd_open(process.pid)
    except (AttributeError, OSError):  # not Linux 5.3 or later, or it has already been reaped
        process.wait(timeout=seconds)
        return
    try:
        if not select.select([pidfd], [], [], seconds)[0]:
            raise subprocess.TimeoutExpired(process.args, seconds)
    finally:
        os.close(pidfd)
    process.wait()


def _kill_group(process: subprocess.Popen) -> None:
    """The browser and its helper processes (zygote, GPU, crash handler), which share its process group: killing
    only the browser would leave them writing into the profile being removed."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except OSError:  # already gone
        process.kill()
    process.wait()


@contextlib.contextmanager
def _browser_profile() -> Iterator[str]:
    """A throwaway Chromium profile folder. A helper of a browser that has exited can still be flushing into it
    for a moment, so removing it is tried a few times and what is left then is left to the system's cleanup of
    temporary files: the PDFs are printed, and a leftover profile must not turn that into a failure."""
    profile = tempfile.mkdtemp(prefix="sheetrunner-browser-")
    try:
        yield profile
    finally:
        for _ in range(PROFILE_REMOVALS):
            shutil.rmtree(profile, ignore_errors=True)
            if not os.path.exists(profile):
                break
            time.sleep(0.1)


def _as_fds_3_and_4(to_browser: int, from_browser: int) -> Callable[[], None]:
    """In the browser's process, before it starts: the pipe's ends as fds 3 and 4, where
    `--remote-debugging-pipe` looks for them (moved above 10 first, so neither overwrites the other)."""
    import fcntl  # POSIX only, as this way of printing

    def move() -> None:
        high_in = fcntl.fcntl(to_browser, fcntl.F_DUPFD, 10)
        high_out = fcntl.fcntl(from_browser, fcntl.F_DUPFD, 10)
        os.dup2(high_in, 3)
        os.dup2(high_out, 4)
        os.close(high_in)
        os.close(high_out)
    return move
