"""A reported result checked against its round, and written into the round sheet by the same safe write as every
command (issue 30).

Checking (`read_report`) happens when the report arrives, on the event as last read: the round and table exist,
one object per seat in seat order, each value under one of the round sheet's result columns and readable as that
column reads a typed cell, and the table as a whole passes the ruleset's own check (a 3-0 in a best of three is
refused there and then, while the player still holds the phone).

Writing (`write_waiting`) holds the workbook's lock, reads the workbook anew (so what the TO typed or saved in Excel
meanwhile is the base, never overwritten), patches only the reported cells, validates the changed workbook before
a byte reaches the disk (`merge.revalidated`), and saves with a Log row (`api.save_logged`). A table whose sheet
already holds results is written only when they are alike (then nothing changes); otherwise the report becomes a
conflict for the TO. When the workbook cannot be written (open in Excel, changed on disk), the refusal is raised
and every report keeps waiting in the journal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules import finals
from ..api import Loaded, load_event, save_logged, writing
from ..model.columns import Column
from ..copies.merge import revalidated
from ..model.event import Event, Round, Seat, Table
from ..model.problems import EventError
from ..reports.round_reports import find_round
from ..rulesets import Ruleset
from ..validate import find_sheet
from ..model.values import BadValue
from .journal import CONFLICT, REFUSED, WRITTEN, Journal, Report


class ReportRefused(Exception):
    """A report that cannot be taken as sent: the message says what to correct."""


def rules_of(event: Event, ruleset: Ruleset, round_: Round):
    """The rules a round is read with: the ruleset's, or a stage of the cut's."""
    return ruleset if round_ in event.rounds else finals.stage_rules(ruleset)


def find_table(round_: Round, label: Any) -> Table | None:
    """A game of the round by its label as a person types it (`3`, `" 3 "`, `1a` for 1A)."""
    wanted = str(label).strip().casefold()
    return next((t for t in round_.games if str(t.number).casefold() == wanted), None)


def read_report(event: Event, ruleset: Ruleset, round_number: Any, label: Any, seats: Any) \
        -> tuple[Round, Table, list[dict[str, Any]]]:
    """The round, the table and the seats' values (by each result column's own header), or `ReportRefused`."""
    round_ = find_round(event, round_number) if type(round_number) is int else None
    if round_ is None:
        raise ReportRefused(f"There is no round {round_number} in this event.")
    table = find_table(round_, label)
    rules = rules_of(event, ruleset, round_)
    noun = rules.layout.table_header
    if table is None:
        raise ReportRefused(f"{round_.sheet} has no {noun.lower()} {label}.")
    if not isinstance(seats, list) or len(seats) != len(table.seats) or not all(isinstance(s, dict) for s in seats):
        raise ReportRefused(f"{noun} {table.number} has {len(table.seats)} seats: send one object per seat, in seat "
                            "order.")
    read = [_read_seat(rules.layout.result_columns, seat, index + 1) for index, seat in enumerate(seats)]
    checked = Table(table.number, tuple(Seat(s.player_id, s.seat, values, row=s.row)
                                        for s, (values, _) in zip(table.seats, read)))
    checks = rules.game.check_table(checked, event.settings, round_.sheet, lambda key, row: "")
    errors = [p for p in checks if p.is_error]
    if errors:
        raise ReportRefused(" ".join(f"{p.message} {p.hint}".strip() for p in errors))
    return round_, table, [shown for _, shown in read]


def _read_seat(columns: tuple[Column, ...], given: dict[str, Any], seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """One seat's values, read as the round sheet reads them: by column key, and as stored (by header)."""
    values: dict[str, Any] = {column.key: None for column in columns}
    shown: dict[str, Any] = {}
    for name, raw in given.items():
        column = next((c for c in columns if c.matches(name)), None)
        if column is None:
            raise ReportRefused(f'Seat {seat}: "{name}" is not a result column here; use '
                                + ", ".join(c.header for c in columns) + ".")
        try:
            value = column.read(raw if isinstance(raw, (int, str, bool)) and raw is not None else _refused(raw))
        except BadValue as error:
            raise ReportRefused(f"Seat {seat}, {column.header}: {error} {column.hint}".strip()) from None
        values[column.key] = value
        if value is not None:
            shown[column.header] = value if type(value) in (int, str, bool) else str(raw).strip()
    missing = [c.header for c in columns if c.required and values[c.key] is None]
    if missing:
        raise ReportRefused(f"Seat {seat}: {', '.join(missing)} is missing.")
    return values, shown


def _refused(raw: Any) -> Any:
    raise BadValue(f"needs a number or a word, found {raw!r}")


@dataclass
class Written:
    """What one attempt to write the waiting results did."""

    written: list[int] = field(default_factory=list)  # report ids now in the sheet (or found there alike)
    conflicts: list[int] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)
    backup: Path | None = None
    loaded: Loaded | None = None  # the workbook as written, validated (the server shows it without reading again)


def write_waiting(path: Path, journal: Journal, reports: list[Report], command: str = "serve") -> Written:
    """Write waiting reports into their round sheets in one safe write; raises `EventError` (the workbook is open
    in Excel, changed on disk, has errors) with every report still waiting."""
    done = Written()
    if not reports:
        return done
    with writing(path, None, command) as target:
        plan = _plan(load_event(path), reports, done, journal)
        if plan is None:
            return done
        loaded, cells, titles = plan
        try:
            merged = revalidated(loaded)
        except EventError:  # a report the round no longer takes: found one by one, the rest written
            return _one_by_one(path, journal, reports, command, target)
        done.backup = save_logged(merged, target, command, ", ".join(titles))
        done.loaded = merged
    for report_id in cells:
        journal.mark(report_id, WRITTEN)
    done.written += list(cells)
    return done


def _plan(loaded: Loaded, reports: list[Report], done: Written, journal: Journal):
    """Patch the reported cells into the workbook read under the lock; mark what needs no write (alike in the
    sheet), what conflicts with the sheet and what the round no longer takes. None when nothing is to be written."""
    patched: dict[int, dict[tuple[int, int], Any]] = {}
    titles: list[str] = []
    for report in reports:
        outcome = _cells(loaded, report)
        if isinstance(outcome, str):
            status = CONFLICT if outcome.startswith("Differs") else REFUSED
            journal.mark(report.id, status, outcome)
            (done.conflicts if status == CONFLICT else done.refused).append(report.id)
        elif outcome is None:
            journal.mark(report.id, WRITTEN, "already typed alike in the sheet")
            done.written.append(report.id)
        else:
            title, cells = outcome
            loaded.workbook.patch(title, cells)
            patched[report.id] = cells
            titles += [title] if title not in titles else []
    return (loaded, patched, titles) if patched else None


def _cells(loaded: Loaded, report: Report) -> tuple[str, dict[tuple[int, int], Any]] | str | None:
    """The cells a report writes; None when the sheet already holds the same; a reason when it cannot be written."""
    event, ruleset = loaded.event, loaded.ruleset
    try:
        round_, table, shown = read_report(event, ruleset, report.round, report.table, report.seats)
    except ReportRefused as refused:
        return f"Not written: {refused}"
    rules = rules_of(event, ruleset, round_)
    sheet = find_sheet(loaded.workbook.sheets, round_.sheet)
    assert sheet is not None  # the round was read from it
    typed = [{c.key: c.read(values.get(c.header)) for c in rules.layout.result_columns} for values in shown]
    if any(seat.has_result for seat in table.seats) and not report.override:
        if all(seat.result.get(key) == value for seat, values in zip(table.seats, typed) for key, value in values.items()):
            return None
        return f"Differs from what is typed in {round_.sheet} for {rules.layout.table_header.lower()} {table.number}."
    cells = {}
    for seat, values in zip(table.seats, shown):
        for column in rules.layout.result_columns:
            position = column.index_in(sheet.headers)
            value = values.get(column.header)
            if position is None and value not in (None, 0):
                return f"Not written: {round_.sheet} has no {column.header} column."
            if position is not None and value is not None:
                cells[(seat.row, position + 1)] = ("Yes" if value else "No") if isinstance(value, bool) else value
    return round_.sheet, cells


def _one_by_one(path: Path, journal: Journal, reports: list[Report], command: str, target: Path) -> Written:
    """The batch did not validate: each report tried alone (under the lock already held), those the round refuses
    marked with its reason, the rest written together."""
    good = []
    for report in reports:
        loaded = load_event(path)
        if _plan(loaded, [report], Written(), journal) is None:
            continue
        try:
            revalidated(loaded)
            good.append(report)
        except EventError as error:
            journal.mark(report.id, REFUSED, f"Not written: {error.problems[0]}")
    done = Written(refused=[r.id for r in reports if r not in good])
    plan = _plan(load_event(path), good, done, journal) if good else None
    if plan is not None:
        loaded, cells, titles = plan
        done.backup = save_logged(revalidated(loaded), target, command, ", ".join(titles))
        for report_id in cells:
            journal.mark(report_id, WRITTEN)
        done.written += list(cells)
    return done
