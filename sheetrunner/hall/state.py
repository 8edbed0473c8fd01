"""The hall server's state: the event as last read, the journal, the clock, and who is told when something changed.

The workbook is read again whenever its file changes on disk (the TO typed and saved in Excel, `pair` ran), by
the writer process when there is one, which also hands back what it wrote (`snapshot`): the server's own process
never reads a workbook while pages wait. A read that fails (the TO is mid-edit and left an error) keeps the last
good event on every screen and shows the problem at the desk. Results are written by one background thread, woken
by each report and retrying every few seconds while the workbook cannot be written; tests run without it and call
`write_now`. Pages learn of changes through `changes` (Server-Sent Events), and `GET /api/round` is made once per
version and served from memory (gzip too), so 200 phones cost one build.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
import time
from pathlib import Path
from typing import Any, Callable

from ..model.event import Event
from ..model.problems import EventError
from .changes import Changes
from .clock import RoundClock
from . import JOURNAL_NAME, hall_folder
from .journal import WAITING, Journal, Report
from .results import Written, read_report, write_waiting
from .security import Backoff, event_secret
from .snapshot import (Snapshot, background, file_stamp, read_in_process, read_snapshot, snapshot_of,
                       write_in_process)
from .views import current_round, desk_view, round_view

RETRY_SECONDS = 5.0  # a workbook open in Excel is tried again this often
GATHER_SECONDS = 2.0  # a report waits this long for others to be written with it (each write reads the workbook)


class HallState:
    def __init__(self, path: Path | str, now: Callable[[], float] = time.time,
                 monotonic: Callable[[], float] = time.monotonic, writer_process: bool = False) -> None:
        """`writer_process`: write the workbook from a process of its own (the server does: its pages stay fast
        while a write runs); tests write in this one, to see and steer it."""
        self.path = Path(path)
        self._pool = _writer_pool() if writer_process else None
        self.loaded: Snapshot | None = None  # the event as last read or written, with its round's report data
        self.read_problem = self.write_problem = ""
        self.version = 0
        self._stamp: tuple[int, int, int] | None = None
        self._cache: tuple[int, tuple[str, bytes, bytes]] | None = None  # (version, `round_bytes`)
        self.lock, self.write_lock = threading.RLock(), threading.RLock()
        self.changes = Changes()
        self.refresh()  # raises EventError when the workbook cannot be read at the start: serve refuses
        self.secret = event_secret(self.path)
        self.journal = Journal(hall_folder(self.path) / JOURNAL_NAME)
        self.backoff = Backoff(monotonic)
        kept = self.journal.kept("clock")
        minutes = self.event.settings.option("round_minutes")
        self.clock = RoundClock.restored(kept, now) if kept else RoundClock(minutes, now=now)
        self.clock_round = self.journal.kept("clock round")
        self._new_round_clock()
        self._stop, self._wake, self._failed_at = threading.Event(), threading.Event(), 0.0
        self._thread: threading.Thread | None = None

    @property
    def read(self) -> Snapshot:
        """The event as last read (`__init__` raised when the workbook could not be read at the start)."""
        assert self.loaded is not None
        return self.loaded

    @property
    def event(self) -> Event:
        return self.read.event

    @property
    def mode(self) -> str:
        return self.event.settings.option("results_reported_by")

    def refresh(self, force: bool = False) -> bool:
        """Read the workbook again if its file changed; True when the event on the screens changed."""
        stamp = file_stamp(self.path)
        if stamp == self._stamp and not force:
            return False
        try:
            loaded = self._read()
        except EventError as error:
            if self.loaded is None:
                raise
            self._stamp = stamp
            self.read_problem = f"{error.problems[0]}" + (f" (and {len(error.problems) - 1} more: sheetrunner check "
                                                          f"{self.path.name})" if len(error.problems) > 1 else "")
            self.bump()
            return False
        with self.lock:
            self.loaded, self._stamp, self.read_problem = loaded, stamp, ""
        if hasattr(self, "clock"):
            self._new_round_clock()
        self.bump()
        return True

    def _read(self) -> Snapshot:
        """The workbook read by the writer process (the first reading, at the start, here: nothing waits yet)."""
        if self._pool is None or self.loaded is None:
            return read_snapshot(self.path)
        snapshot, problems = self._pool.submit(read_in_process, str(self.path)).result()
        if problems:
            raise EventError(problems)
        return snapshot or read_snapshot(self.path)

    def _new_round_clock(self) -> None:
        """A newly paired round starts with the whole round on the clock, stopped until the TO starts it."""
        round_ = current_round(self.event)
        number = round_.number if round_ else 0
        if number != self.clock_round:
            self.clock.reset(self.event.settings.option("round_minutes"))
            self.clock_round = number
            self.save_clock()

    def save_clock(self) -> None:
        self.journal.keep("clock", self.clock.saved())
        self.journal.keep("clock round", self.clock_round)
        self.bump()

    def bump(self) -> None:
        with self.lock:
            self.version += 1
        self.changes.notify()

    def reports(self) -> list[Report]:
        return self.journal.reports()

    def round_bytes(self) -> tuple[str, bytes, bytes]:
        """`GET /api/round` as (ETag, JSON, gzipped JSON), built once per version."""
        with self.lock:
            if self._cache is not None and self._cache[0] == self.version:
                return self._cache[1]
            version, loaded = self.version, self.read
        round_ = current_round(loaded.event)  # its report data made once per reading, with the snapshot
        view = round_view(loaded.event, loaded.ruleset, self.mode, self.journal.reports(
            round_.number if round_ else None), loaded.data)
        raw = json.dumps({"version": version, **view}, ensure_ascii=False, separators=(",", ":")).encode()
        built = (f'"{hashlib.sha256(raw).hexdigest()[:20]}"', raw, gzip.compress(raw, 5))
        with self.lock:
            self._cache = (version, built)
        return built

    def round_data(self) -> dict[str, Any]:
        return json.loads(self.round_bytes()[1])

    def desk_data(self) -> dict[str, Any]:
        data = desk_view(self.round_data(), self.journal.reports(), self.journal.drops(), self.write_problem,
                         self.read_problem)
        return {**data, "clock": self.clock.as_json(), "version": self.version}

    def receive(self, body: dict[str, Any], source: str, who: str, by_seat: int | None = None) -> Report:
        """A report checked against the round (`results.ReportRefused` otherwise), kept in the journal (committed
        before this returns), and the writer woken."""
        loaded = self.read
        round_, table, seats = read_report(loaded.event, loaded.ruleset, body.get("round"), body.get("table"),
                                           body.get("seats"))
        report = self.journal.receive(round_.number, str(table.number), seats, by_seat, source, who,
                                      self.mode == "both players")
        self.bump()
        self._wake.set()
        return report

    def write_now(self) -> Written | None:
        """Write every waiting result into the workbook now; a refusal (open in Excel, changed on disk) is kept
        for the desk and the results go on waiting."""
        with self.write_lock:
            waiting = self.journal.reports(statuses=(WAITING,))
            if not waiting:
                return None
            done, snapshot = self._write(waiting)
            if self.write_problem:
                done, self._failed_at = None, time.monotonic()
            elif snapshot is not None:  # what was written, validated: no second reading
                with self.lock:
                    self.loaded, self._stamp, self.read_problem = snapshot, snapshot.stamp, ""
            self.refresh()
            self.bump()
            return done

    def _write(self, waiting: list[Report]) -> tuple[Written | None, Snapshot | None]:
        """The waiting results written (by the writer process when there is one) and the snapshot of what was
        written; sets `write_problem`."""
        if self._pool is not None:
            done, self.write_problem, snapshot = self._pool.submit(write_in_process, str(self.path)).result()
            return done, snapshot
        try:
            done, self.write_problem = write_waiting(self.path, self.journal, waiting), ""
        except EventError as error:
            self.write_problem = str(error.problems[0])
            return None, None
        return done, snapshot_of(done.loaded, file_stamp(self.path)) if done.loaded is not None else None

    def start(self) -> None:
        """The background writer and watcher: the workbook re-read when it changes, results written."""
        self._thread = threading.Thread(target=self._run, name="sheetrunner-hall-writer", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        if self._pool is not None:
            self._pool.shutdown()
        self.journal.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            woken = self._wake.wait(1.0)
            self._wake.clear()
            if self._stop.is_set():
                return
            if woken:  # reports come in bursts at the end of a round: one write takes those of the next seconds
                self._stop.wait(GATHER_SECONDS)
            try:
                self.refresh()
                if woken or time.monotonic() - self._failed_at > RETRY_SECONDS:
                    self.write_now()
            except Exception as error:  # noqa: BLE001 - the server must go on; the desk shows what failed
                self.write_problem = f"Writing the results failed: {error!r}"


def _writer_pool():
    """One process that writes the workbook, started fresh ("spawn": no copy of the server's threads), as on
    Windows, at a lower priority (`snapshot.background`): on a laptop's two cores its bursts of work give way to
    the pages."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=background)
