"""sheetrunner remembers what it wrote, so an older copy saved over the workbook is named, never paired over.

Copies of the workbook travel by e-mail and come back; the one saved last is
not always the newest. Each write of an event (a Log row appended) leaves,
in `NAME-backups/last-written/`, a copy of the file as written and a small
record: the event it belongs to, the file's digest and the Log row it added.

A workbook descends from what sheetrunner wrote when its Log still holds
that row: everything else in it is the TO's own editing since, and is
trusted. A workbook of the same event whose Log lacks the row was copied
before the last write. Compared with the copy sheetrunner wrote, if it lacks
a round, a player or a typed value, it is an older copy: every command that
writes refuses it, naming what it lacks, unless the TO goes on from it on
purpose (`--from-older-copy`, said in the Log).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..workbook.contents import IDENTITY, Contents, Place, Typed, comparable, read_contents
from ..workbook.grid import SheetRows
from ..workbook.layout import EVENT_SHEET, LOG_SHEET, round_number
from ..model.options import normal
from ..model.problems import ERROR, WARNING, EventError, Problem
from ..workbook.reader import find_sheet
from ..workbook.book import Workbook
from ..workbook.xlsx.files import backups_folder

FOLDER = "last-written"
LISTED = 4  # values named in a message; the rest are counted
ON_PURPOSE = "--from-older-copy"


@dataclass
class Record:
    """What sheetrunner last wrote into a workbook."""

    identity: list[str]
    digest: str
    log_row: str  # `row_key` of the Log row that write appended
    time: str
    command: str


def record_files(path: Path) -> tuple[Path, Path]:
    """The record and the copy of the file as written, for the workbook at `path`."""
    folder = backups_folder(path) / FOLDER
    return folder / "record.json", folder / path.name


def event_identity(sheets: dict[str, SheetRows]) -> list[str]:
    """The ruleset, seed and name typed in Event: two files that differ in them are two events."""
    sheet = find_sheet(sheets, EVENT_SHEET)
    found = {normal(values[0]): values[1] for _, values in (sheet.rows if sheet else []) if len(values) > 1
             and isinstance(values[0], str)}
    return [str(comparable(found.get(normal(label))) or "").casefold() for label in IDENTITY]


def row_key(values: Any) -> str:
    """A Log row as compared across copies: its cells as read back, whatever their types."""
    cells = ["" if comparable(v) is None else str(comparable(v)) for v in list(values)[:10]]
    while cells and not cells[-1]:
        cells.pop()
    return hashlib.sha256("\x1f".join(cells).encode()).hexdigest()[:16]


def remember(path: Path, data: bytes, sheets: dict[str, SheetRows], log_row: list[Any], command: str) -> None:
    """After a write: the file as written and its record, each put in place whole. A failure here (a full disk)
    leaves the previous record, which the new file still descends from, so it only loses the newest memory."""
    record_path, copy_path = record_files(path)
    record = Record(event_identity(sheets), hashlib.sha256(data).hexdigest(), row_key(log_row), str(log_row[0]),
                    command)
    try:
        copy_path.parent.mkdir(parents=True, exist_ok=True)
        _replace(copy_path, data)
        _replace(record_path, json.dumps(asdict(record), indent=1).encode())
    except OSError:
        pass


def _replace(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def read_record(path: Path) -> Record | None:
    try:
        raw = json.loads(record_files(path)[0].read_text(encoding="utf-8"))
        return Record(**{key: raw[key] for key in Record.__dataclass_fields__})
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no record, or one damaged: nothing to hold the workbook to


def older_copy_problems(workbook: Workbook, on_purpose: bool = False) -> list[Problem]:
    """What the workbook lacks of the one sheetrunner last wrote, when it does not descend from it: errors, or
    warnings when the TO goes on from the older copy on purpose (or the command writes nothing)."""
    record = read_record(workbook.path)
    if record is None or record.digest == workbook.digest or record.identity != event_identity(workbook.sheets):
        return []
    log = find_sheet(workbook.sheets, LOG_SHEET)
    if log is not None and record.log_row in {row_key(values) for _, values in log.rows}:
        return []
    written = _written_contents(workbook.path, record)
    if written is None:
        return []
    now = read_contents(workbook.sheets, workbook.titles)
    if log is None:  # no Log to tell a copy from the TO's own edits: only what no edit takes away (rounds, results)
        written.cells = {sheet: rows for sheet, rows in written.cells.items() if round_number(sheet) is not None}
    severity = WARNING if on_purpose else ERROR
    return [Problem(*found, severity) for found in lacking(written, now, record, workbook.path, on_purpose)]


def _written_contents(path: Path, record: Record) -> Contents | None:
    copy = record_files(path)[1]
    try:
        if hashlib.sha256(copy.read_bytes()).hexdigest() != record.digest:
            return None  # the copy and the record disagree (a write cut short): nothing sure to compare with
        written = Workbook.read(copy)
    except (OSError, EventError):
        return None
    return read_contents(written.sheets, written.titles)


def lacking(written: Contents, now: Contents, record: Record, path: Path,
            on_purpose: bool = False) -> list[tuple[str, str, str, str]]:
    """(sheet, cell, message, hint) for each sheet of `written` that `now` lacks or holds less of."""
    when = f"({record.command}, {record.time})"
    kept = f"The file sheetrunner wrote is kept as {path.stem}-backups/{FOLDER}/{path.name}"
    hint = (f"This looks like an older copy saved over the workbook. {kept}: go on in it (`sheetrunner diff` "
            f"shows what this copy holds that it does not; `sheetrunner merge` brings that in while both are at "
            f"one round), or, to go on from this copy on purpose, run the command with {ON_PURPOSE}.") \
        if not on_purpose else \
        f"Going on from this older copy ({ON_PURPOSE}, or a command that writes nothing). {kept}."
    found = []
    for sheet in written.sheet_titles:
        if sheet not in now.sheet_titles:
            found.append((sheet, "", f"The workbook has no {sheet} sheet, but sheetrunner wrote one {when}.", hint))
            continue
        lost = [(Place(sheet, row, column), typed) for row, cells in written.row_places(sheet).items()
                for column, typed in cells.items() if _value(now.get(Place(sheet, row, column))) != typed.value]
        if lost:
            found.append((now.sheet_titles[sheet], _cell(lost[0][1], now, lost[0][0]),
                          _lost_message(sheet, lost, now, when), hint))
    return found


def _value(typed: Typed | None) -> Any:
    return None if typed is None else typed.value


def _cell(typed: Typed, now: Contents, place: Place) -> str:
    current = now.get(place)
    return (current or typed).cell if (place.sheet, place.row) in now.rows else ""


def _lost_message(sheet: str, lost: list[tuple[Place, Typed]], now: Contents, when: str) -> str:
    def said(place: Place, typed: Typed) -> str:
        current = now.get(place)
        if (place.sheet, place.row) not in now.rows:
            return f"{typed.row_label}: no row here"
        shown = "blank" if current is None else repr_value(current.value)
        return f"{typed.row_label}, {typed.header}: {shown} here, {repr_value(typed.value)} when written"

    listed = "; ".join(said(place, typed) for place, typed in lost[:LISTED])
    more = f" (and {len(lost) - LISTED} more)" if len(lost) > LISTED else ""
    return (f"{len(lost)} value(s) of {sheet} are missing or different here compared with the workbook sheetrunner "
            f"wrote {when}: {listed}{more}.")


def repr_value(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)
