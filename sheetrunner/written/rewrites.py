"""Writing sheetrunner's output sheets over their earlier selves, keeping what the TO added to them.

`Workbook.add_sheet` replaces a sheet of the same title. A command that
rewrites its standings (or a season's sheets) goes through `Rewrites`
instead: before the old sheet goes, its cells are read as stored, sorted by
`kept_additions`, and the TO's columns are carried into the new sheet
(`xlsx.carry`); after the save, `warnings` says what could not be kept and
where it still is (the backup, or the workbook read when the command wrote
elsewhere with -o).
"""

from __future__ import annotations

from pathlib import Path

from ..workbook.grid import cell_name
from ..workbook.kept_additions import (OWN_BLANKED, OWN_COMPARED, OWN_RECOMPUTED, Additions, additions_warnings,
                             compute_additions)
from ..workbook.layout import LOG_SHEET, STANDINGS_TITLE, sheet_key
from ..workbook.logsheet import same_results
from ..model.event import Event
from ..model.options import normal
from ..model.problems import Problem
from ..scoring.tiebreakers import TIEBREAKERS
from ..workbook.reader import find_sheet
from ..workbook.book import Workbook
from ..workbook.xlsx.carry import DEFAULT_WIDTH, has_formula, moved_cell, place_cells, read_stored_sheet
from ..workbook.xlsx.files import backup_path
from ..workbook.xlsx.sheetxml import SheetTable

# Headers sheetrunner writes on some of its sheets but not always (besides every tiebreaker's label): an old column
# under one of them, inside sheetrunner's block, is its own (a tiebreaker since taken out of the Tiebreakers
# setting, the League ID column once no player has one), never the TO's.
SOMETIMES_WRITTEN = ("Overall", "Pod", "League ID")


class Rewrites:
    """The sheets one command writes; one that replaces an earlier sheet keeps the TO's additions."""

    def __init__(self, workbook: Workbook, event: Event | None = None):
        """`event`: the event the sheets are computed from (its Log tells whether the results changed since the
        sheet was last written); None for a season, recomputed from events that change."""
        self.workbook, self.event = workbook, event
        self.plans: list[Additions] = []

    def add_sheet(self, table: SheetTable, before: str | None = None) -> None:
        """`Workbook.add_sheet`, with the TO's columns of the sheet it replaces carried over."""
        title = self.workbook.title(table.title)
        if title is None:
            self.workbook.add_sheet(table, before)
            return
        package = self.workbook.package
        stored = read_stored_sheet(package, title)
        known = [*SOMETIMES_WRITTEN, *(tb.label for tb in TIEBREAKERS.values())]
        plan = compute_additions(title, stored.values, table.headers, table.rows, known, self.own_mode(title))
        self.workbook.add_sheet(table, before)
        cells = {new: moved_cell(stored.elements[old], cell_name(new[1] - 1, new[0]), stored.shared)
                 for old, new in plan.moves.items()}
        plan.formulas = [cell_name(old[1] - 1, old[0]) for old in plan.moves if has_formula(stored.elements[old])]
        widths = {new: stored.widths.get(old, DEFAULT_WIDTH) for old, new in plan.columns.items()}
        part = package.sheet(title).part
        package.parts[part] = place_cells(package.parts[part], cells, widths)
        package.touch(part)
        self.plans.append(plan)

    def own_mode(self, title: str) -> str:
        """How far sheetrunner's own old cells are held against the new ones (`kept_additions`)."""
        if self.event is None:
            return OWN_RECOMPUTED
        unchanged = results_unchanged(self.workbook, self.event, title)
        return OWN_BLANKED if unchanged is False else OWN_COMPARED

    def warnings(self, source: Path, output: Path, backup: Path | None) -> list[Problem]:
        """What the rewritten sheets could not keep, and where it still is, once the workbook is saved."""
        if backup is not None and output.resolve() == Path(source).resolve():
            kept_in = f"the backup {backup_path(output, backup)}"
        else:
            kept_in = f"{Path(source).name}, which this command did not change"
        found = []
        for plan in self.plans:
            found += additions_warnings(plan, kept_in)
        return found


def results_unchanged(workbook: Workbook, event: Event, title: str) -> bool | None:
    """Whether the results a sheet is computed from are those of the newest Log row that wrote it (`standings`
    wrote it by name; `pair` wrote `Standings after RN` with `Round N+1`); None when no Log row says."""
    log = find_sheet(workbook.sheets, LOG_SHEET)
    match = STANDINGS_TITLE.match(sheet_key(title))
    after = int(match.group(1)) if match else None
    wrote = {sheet_key(title)} | ({f"standings after r{after}", f"round {after + 1}"} if after is not None else set())
    if log is None or not log.rows:
        return None
    columns = {normal(h): i for i, h in enumerate(log.headers)}
    if "wrote" not in columns or "results" not in columns:
        return None

    def cell(values: tuple, name: str) -> str:
        index = columns.get(name)
        return str(values[index]) if index is not None and index < len(values) and values[index] is not None else ""

    rows = [(cell(values, "time"), number, values) for number, values in log.rows
            if sheet_key(cell(values, "wrote")) in wrote]
    if not rows:
        return None
    recorded = dict(part.partition("=")[::2] for part in cell(max(rows)[2], "results").split())
    return all(f"R{r.number}" in recorded and same_results(r, recorded[f"R{r.number}"])
               for r in event.rounds if after is None or r.number <= after)
