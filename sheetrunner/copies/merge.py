"""Bringing what was typed in copies of an event back into it (`sheetrunner merge EVENT.xlsx COPY.xlsx…`).

A scorekeeper types half the results in one copy, a judge corrects one in
another, the TO takes a late entry in the workbook itself. Each value is
matched by meaning (`contents`). A value typed in only one file, or alike in
several, is taken. A copy made from the workbook sheetrunner last wrote (its
Log holds that write's row: `record`) has a common ancestor with EVENT: a
value it changed from the ancestor's, while EVENT still holds the ancestor's,
is a correction and is taken. Any other disagreement is a conflict, named
cell by cell, and nothing is written until the TO settles it in either file.
A blank never wins over a typed value: merging never loses one.

A copy of another event, or of another round than EVENT's, is refused with
one line; so is a pairing changed by hand in a copy (it is typed in EVENT).
The merged workbook is validated like any other before it is written, in one
safe write (lock, backup, Log row).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..api import Loaded, load_event, save_logged, writing
from ..workbook.contents import Contents, Place, Typed, align, read_contents
from ..workbook.layout import EVENT_SHEET, LOG_SHEET, PLAYERS_SHEET
from ..written.logrecovery import validate_workbook
from ..model.problems import EventError, Problem, Refusal, raise_on_errors
from ..written.record import event_identity, read_record, record_files, row_key
from ..workbook.reader import find_sheet
from ..workbook.book import Workbook
from ..workbook.xlsx import files

CONFLICT_HINT = "Make the files agree (type the right value in either, or clear the wrong one), then merge again."


@dataclass
class Taken:
    """A value a copy brings into the event."""

    place: Place
    typed: Typed
    source: str  # the copy's file name
    before: Any = None  # the event's value it replaces (None: the cell was blank)


@dataclass
class Plan:
    taken: dict[Place, Taken] = field(default_factory=dict)
    new_players: dict[str, tuple[dict[str, Typed], str]] = field(default_factory=dict)  # row -> values, source
    problems: list[Problem] = field(default_factory=list)
    seated_by_hand: set[tuple[str, str]] = field(default_factory=set)  # round rows only a copy has

    @property
    def is_empty(self) -> bool:
        return not self.taken and not self.new_players


@dataclass
class Copy:
    """A copy as merged: its file name, its contents, and what it descends from (`base`: the workbook sheetrunner
    last wrote, when the copy's Log holds that write's row; else None, and every disagreement is a conflict)."""

    name: str
    contents: Contents
    base: Contents | None = None


def read_copy(path: Path, event: Contents, event_path: Path, ancestor: tuple[Contents, str] | None) -> Copy:
    """A copy's contents; refused with one line when it is another event or of another round."""
    workbook = Workbook.read(path)
    copy = read_contents(workbook.sheets, workbook.titles)
    align(event, copy)
    if event_identity(workbook.sheets) != event.identity:
        raise Refusal(Problem(path.name, "", f"{path.name} is not a copy of {event_path.name}: its ruleset, random "
                              "seed or event name differ.", "Merge only copies of this event."))
    if copy.rounds != event.rounds:
        mine, theirs = max(event.rounds, default=0), max(copy.rounds, default=0)
        hint = (f"Merge the other way: sheetrunner merge {path.name} {event_path.name}" if theirs > mine else
                f"See what it holds with `sheetrunner diff {event_path.name} {path.name}` and type what is "
                f"still needed into {event_path.name} by hand.")
        raise Refusal(Problem(path.name, "", f"{path.name} is a copy of the event at {_round_name(theirs)}, and "
                              f"{event_path.name} is at {_round_name(mine)}.", hint))
    log = find_sheet(workbook.sheets, LOG_SHEET)
    descends = ancestor is not None and log is not None and ancestor[1] in {row_key(v) for _, v in log.rows}
    return Copy(path.name, copy, ancestor[0] if descends and ancestor is not None else None)


def _round_name(number: int) -> str:
    return f"Round {number}" if number else "no round yet"


def common_ancestor(path: Path, event: Contents) -> tuple[Contents, str] | None:
    """What sheetrunner last wrote into EVENT, and the Log row of that write (a copy whose Log holds it was made
    from it, or after it)."""
    record = read_record(path)
    if record is None or record.identity != event.identity:
        return None
    try:
        written = Workbook.read(record_files(path)[1])
    except (OSError, EventError):
        return None
    return read_contents(written.sheets, written.titles), record.log_row


def plan_merge(event: Contents, copies: list[Copy], event_name: str) -> Plan:
    """What each copy brings, and every conflict."""
    plan = Plan()
    now: dict[Place, tuple[Typed, str]] = {place: (typed, event_name) for place, typed in event.values}
    for copy in copies:
        for place, typed in copy.contents.values:
            if (place.sheet, place.row) not in event.rows:
                _new_row(plan, event, place, typed, copy.name)
                continue
            current = now.get(place)
            if current is None or _is_correction(current[0], typed, copy.base, place):
                now[place] = (typed, copy.name)
                plan.taken[place] = Taken(place, typed, copy.name, None if current is None else current[0].value)
            elif current[0].value != typed.value and (copy.base is None or _value(copy.base, place) != typed.value):
                plan.problems.append(_conflict(event, place, current, typed, copy.name))
    return plan


def _is_correction(current: Typed, typed: Typed, base: Contents | None, place: Place) -> bool:
    """The copy changed a value the event still holds as sheetrunner last wrote it."""
    return base is not None and current.value != typed.value and _value(base, place) == current.value


def _value(contents: Contents, place: Place) -> Any:
    typed = contents.get(place)
    return None if typed is None else typed.value


def _new_row(plan: Plan, event: Contents, place: Place, typed: Typed, source: str) -> None:
    """A Players row only a copy has is a late entry; a setting only a copy has is refused (the event's Event sheet
    takes it, typed there); a round row only a copy has is a pairing changed by hand."""
    if place.sheet == PLAYERS_SHEET:
        values, first = plan.new_players.get(place.row, ({}, source))
        values.setdefault(place.column, typed)
        plan.new_players[place.row] = (values, first)
    elif place.sheet == EVENT_SHEET:
        plan.problems.append(Problem(source, f"{EVENT_SHEET}!{typed.cell}", f"{typed.row_label} is set in "
                                     f"{EVENT_SHEET} of {source} but the event's {EVENT_SHEET} sheet has no "
                                     f"{typed.row_label} row.", f"Add the row to {event.sheet_titles[EVENT_SHEET]} "
                                     "in the event (or delete it in the copy), then merge again."))
    elif (place.sheet, place.row) not in plan.seated_by_hand:
        plan.seated_by_hand.add((place.sheet, place.row))
        plan.problems.append(Problem(source, f"{place.sheet}!{typed.cell}", f"{typed.row_label} is seated in "
                                     f"{place.sheet} of {source} but not in {place.sheet} of the event: pairings "
                                     "changed by hand in a copy are not merged.", "Make that change in the event's "
                                     "own round sheet (or undo it in the copy), then merge again."))


def _conflict(event: Contents, place: Place, current: tuple[Typed, str], typed: Typed, source: str) -> Problem:
    where = event.get(place) or typed
    return Problem(event.sheet_titles.get(place.sheet, place.sheet), where.cell,
                   f"{typed.row_label}, {typed.header}: {_shown(current[0].value)} in {current[1]}, "
                   f"{_shown(typed.value)} in {source}.", CONFLICT_HINT)


def _shown(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)



def apply(plan: Plan, workbook: Workbook, event: Contents) -> None:
    """Write what the copies bring into the event's own cells; a late entry becomes a new Players row, and a
    column only a copy has is added after the event's last one."""
    cells: dict[str, dict[tuple[int, int], Any]] = {}
    for place, taken in plan.taken.items():
        column = _column(event, place.sheet, place.column, taken.typed.header, cells)
        cells.setdefault(place.sheet, {})[(event.row_numbers[(place.sheet, place.row)], column)] = \
            _written(taken.typed)
    rows = []
    for values, _ in plan.new_players.values():
        row = {_column(event, PLAYERS_SHEET, column, typed.header, cells): _written(typed)
               for column, typed in values.items()}
        rows.append([row.get(number) for number in range(1, max(row) + 1)])
    for sheet, changed in cells.items():
        workbook.patch(event.sheet_titles[sheet], changed)
    if rows:
        workbook.append_rows(event.sheet_titles[PLAYERS_SHEET], rows)


def _column(event: Contents, sheet: str, column: str, header: str, cells: dict[str, dict]) -> int:
    """The event's sheet column for a header; one it lacks is added after its last column."""
    known = event.headers.setdefault(sheet, {})
    if column not in known:
        known[column] = max(known.values(), default=0) + 1
        cells.setdefault(sheet, {})[(event.header_rows.get(sheet, 1), known[column])] = header
    return known[column]


def _written(typed: Typed) -> Any:
    return typed.value if typed.raw is None else typed.raw


@dataclass
class MergeResult:
    output: Path
    backup: Path | None
    taken: list[Taken]  # values the copies brought, in the order taken
    new_players: list[tuple[str, str]]  # (the row's words, the copy it came from)
    warnings: list[Problem] = field(default_factory=list)


def merge_copies(path: Path | str, copies: list[Path | str]) -> MergeResult:
    """`sheetrunner merge EVENT COPY…`: what was typed in copies of the event, brought into it in one safe write
    (conflicts named cell by cell, nothing written until they are settled)."""
    path, copy_paths = Path(path), [Path(c) for c in copies]
    command = "merge " + " ".join(c.name for c in copy_paths)
    with writing(path, None, "merge") as target:
        loaded = load_event(path)
        event = read_contents(loaded.workbook.sheets, loaded.workbook.titles)
        for copy in copy_paths:
            if files.real_path(copy) == files.real_path(path):
                raise Refusal(Problem(copy.name, "", f"{copy.name} is the event itself.", "Name the copies after it."))
        ancestor = common_ancestor(path, event)
        plan = plan_merge(event, [read_copy(copy, event, path, ancestor) for copy in copy_paths], path.name)
        raise_on_errors(plan.problems)
        if plan.is_empty:
            raise Refusal(Problem("", "", f"The copies hold nothing that {path.name} lacks.", "Nothing to merge."))
        apply(plan, loaded.workbook, event)
        merged = revalidated(loaded)
        backup = save_logged(merged, target, command, "merged copies")
    new = [(next(iter(values.values())).row_label, source) for values, source in plan.new_players.values()]
    return MergeResult(target, backup, list(plan.taken.values()), new, merged.warnings)


def revalidated(loaded: Loaded) -> Loaded:
    """The workbook as changed in memory, read back and validated like any file before it is written."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / loaded.path.name
        copy.write_bytes(loaded.workbook.package.to_bytes())
        workbook = Workbook.read(copy)
    workbook.path, workbook.digest, workbook.package.path = loaded.path, loaded.workbook.digest, loaded.path
    checked = validate_workbook(workbook)
    raise_on_errors(checked.problems)
    return Loaded(workbook, checked)
