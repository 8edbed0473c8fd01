"""The event as the hall's pages show it, made where it costs the pages nothing (issue 30).

Reading the workbook, validating it and building the round's report data take tens of milliseconds of Python,
which in the server's process would hold the interpreter's lock while 200 phones wait for their page (the
bench's 99th percentile was eight times a static server's). So the server's writer process, having written the
results, hands back the event it wrote and the round's report data built from it (`write_in_process`), and reads
the workbook when it changed on disk (`read_in_process`); the server only unpickles them (a couple of
milliseconds). Tests and a server without a writer process make the same snapshot in their own process.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..api import Loaded, load_event
from ..model.event import Event
from ..model.problems import EventError, Problem
from ..reports.context import ReportData
from ..rulesets import Ruleset
from . import JOURNAL_NAME, hall_folder
from .journal import WAITING, Journal
from .results import Written, write_waiting
from .views import current_round, report_data

Stamp = tuple[int, int, int]


@dataclass
class Snapshot:
    """The event as last read or written, its current round's report data (None before round 1), and the
    stamp of the file it was read from (what `refresh` compares to see that the file changed)."""

    event: Event
    ruleset: Ruleset
    data: ReportData | None
    stamp: Stamp | None


def file_stamp(path: Path | str) -> Stamp | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def snapshot_of(loaded: Loaded, stamp: Stamp | None) -> Snapshot:
    """The snapshot of a workbook read (or written and validated): its round's report data built once here."""
    round_ = current_round(loaded.event)
    data = report_data(loaded.event, loaded.ruleset, round_) if round_ is not None else None
    return Snapshot(loaded.event, loaded.ruleset, data, stamp)


def read_snapshot(path: Path | str) -> Snapshot:
    """The workbook read now; raises `EventError` when it has errors. The stamp is taken first, so a save that
    lands while it is read is seen as a change next time."""
    stamp = file_stamp(path)
    return snapshot_of(load_event(path), stamp)


def background() -> None:
    """The writer process's start: a lower priority where the system has one (a niceness of 10), so the
    server's process, serving the pages, comes first when both want a core."""
    if hasattr(os, "nice"):
        try:
            os.nice(10)
        except OSError:
            pass


def _sent(snapshot: Snapshot) -> Snapshot | None:
    """The snapshot if it crosses to the server's process (a ruleset that cannot be pickled is read there)."""
    try:
        pickle.dumps(snapshot)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return snapshot


def read_in_process(path: str) -> tuple[Snapshot | None, list[Problem]]:
    """`read_snapshot` in the writer process: the snapshot (None: read it in the server), or the workbook's
    problems (an `EventError` does not survive pickling, its problems do)."""
    try:
        return _sent(read_snapshot(path)), []
    except EventError as error:
        return None, error.problems


def write_in_process(path: str) -> tuple[Written, str, Snapshot | None]:
    """`write_waiting` in the server's writer process (its own journal connection): reading, validating and
    zipping a workbook hold Python's lock for long stretches in C, which the pages' requests would wait behind.
    Returns what was done, why the workbook could not be written (blank when it was), and the snapshot of what
    was written (None when nothing was: the server keeps its own)."""
    journal = Journal(hall_folder(path) / JOURNAL_NAME)
    try:
        done = write_waiting(Path(path), journal, journal.reports(statuses=(WAITING,)))
        written: Any = done.loaded
        done.loaded = None  # the workbook's parts stay here; the snapshot crosses
        return done, "", _sent(snapshot_of(written, file_stamp(path))) if written is not None else None
    except EventError as error:
        return Written(), str(error.problems[0]), None
    finally:
        journal.close()
