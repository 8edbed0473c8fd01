"""A deleted `Log`, recovered: from the newest backup that still has it, and from the round sheets for the rest.

The Log is sheetrunner's memory (who was active when each round was paired,
how it seated each table); a TO who finds it cryptic may delete it. Without
it a round a reinstated player missed looks like a forgotten seat, and the
fix the TO would be offered (drop them again) is wrong. So the memory is
taken back from the backups sheetrunner made, and where no backup has it,
rebuilt from the round sheets as they stand (each round's players as seated
there), saying what that cannot recover. The next write puts the Log back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..workbook.grid import SheetRows
from ..workbook.layout import LOG_SHEET, is_output_sheet, round_number
from ..workbook.season_files import season_not_event
from ..workbook.logsheet import HEADERS, log_values
from ..model.options import normal
from ..model.problems import EventError, Problem, warning
from ..validate import Checked, find_sheet, validate
from ..workbook.book import Workbook
from ..workbook.xlsx.files import backups_folder


@dataclass
class Recovered:
    """Log rows recovered, in the current column order, and where they came from."""

    rows: list[list[Any]] = field(default_factory=list)
    backup: Path | None = None


def validate_workbook(workbook: Workbook, redo: bool = False) -> Checked:
    """`validate`, with a deleted Log recovered first (its rows are kept in `Checked.log_rows`, for the next
    write to put back). A Log is taken to have existed when a backup has one, or when sheetrunner's standings
    sheets show it wrote the workbook; an event typed by hand has never had one, and is read as it is. A season
    workbook is said to be one in a line (`league_files`), not read as an event missing its sheets."""
    season = season_not_event(workbook.titles)
    if season is not None:
        return Checked(problems=[season])
    if find_sheet(workbook.sheets, LOG_SHEET) is not None or \
            not any(round_number(title) is not None for title in workbook.sheets):
        return validate(workbook.sheets, redo)
    recovered = from_backups(workbook.path)
    if recovered.backup is None and not any(is_output_sheet(title) for title in workbook.titles):
        return validate(workbook.sheets, redo)
    checked = validate(workbook.sheets, redo, log_sheet=log_sheet(recovered.rows))
    rebuilt = rebuilt_rows(checked)
    if rebuilt:
        recovered.rows += rebuilt
        checked = validate(workbook.sheets, redo, log_sheet=log_sheet(recovered.rows))
    checked.log_rows = recovered.rows
    checked.problems.insert(0, _recovery_warning(recovered.backup, rebuilt=bool(rebuilt)))
    return checked


def from_backups(path: Path) -> Recovered:
    """The Log of the newest backup that has one (backups are named so the newest sorts last)."""
    folder = backups_folder(path)
    candidates = sorted(folder.glob(f"{path.stem}.*{path.suffix}"), reverse=True) if folder.is_dir() else []
    for backup in candidates:
        try:
            sheet = find_sheet(Workbook.read(backup).sheets, LOG_SHEET)
        except (EventError, OSError):
            continue  # a damaged or unreadable backup: try the one before
        if sheet is not None and sheet.rows:
            return Recovered([_in_current_columns(sheet, values) for _, values in sheet.rows], backup)
    return Recovered()


def _in_current_columns(sheet: SheetRows, values: tuple) -> list[Any]:
    position = {normal(header): i for i, header in enumerate(sheet.headers) if isinstance(header, str)}
    return [values[position[normal(h)]] if position.get(normal(h), len(values)) < len(values) else None
            for h in HEADERS]


def rebuilt_rows(checked: Checked) -> list[list[Any]]:
    """One Log row per round the recovered Log does not know, as if sheetrunner had paired it as its sheet
    now stands: its players were the active ones, its tables sheetrunner's own. None for an event that could
    not be read (its problems are said instead)."""
    event, ruleset = checked.event, checked.ruleset
    if event is None or ruleset is None:
        return []
    last_id = max((p.id for p in event.players), default=0)
    rows = []
    for round_ in (r for r in event.rounds if r.number not in checked.log.recorded):
        before = event.with_rounds(tuple(r for r in event.rounds if r.number < round_.number))
        seatless = ruleset.pairer.sits_out_freely(event, round_.number)  # a team event's substitutes
        rows.append(log_values(before, "rebuilt", __version__, f"round {round_.number}", last_id, "", round_, seatless))
    return rows


def log_sheet(rows: list[list[Any]]) -> SheetRows:
    return SheetRows(LOG_SHEET, 1, list(HEADERS), [(number, tuple(row)) for number, row in enumerate(rows, 2)])


def _recovery_warning(backup: Path | None, rebuilt: bool) -> Problem:
    sources = [f"the backup {backup.name}"] if backup else []
    if rebuilt:
        sources.append("the round sheets, taking each round's players as those seated in it (hand edits made in "
                       "them before can no longer be told apart from sheetrunner's pairing)")
    return warning(LOG_SHEET, "", "The Log sheet is missing; sheetrunner recovered its memory of the event from "
                   f"{' and '.join(sources)}.", "`sheetrunner pair` and `standings` write it back. Keep the Log "
                   "sheet (hide it if you like): without it, a round a player missed looks like a forgotten seat.")
