"""What a TO added to a sheet sheetrunner rewrites, and what of it the new sheet keeps (SPEC §7).

`Standings after RN`, `Final standings`, a team event's team standings and a
season's sheets are sheetrunner's: it writes them anew. But a TO types beside
them: a `Prize` column, a note under the table. Nothing sheetrunner did not
write is discarded without a word, so before a sheet is replaced its cells
are sorted here, as a pure function of the old sheet's cells and the new
table:

- a column whose header sheetrunner does not write is carried over, row by
  row, to the same player (by ID; by name when the ID column is gone), into
  the first free columns after sheetrunner's own;
- a value in such a column whose player is not in the new sheet is said;
- anything else the TO typed (under the table, in a column with no header, a
  note in a cell sheetrunner writes, a changed standings value) cannot be
  kept in place meaningfully: it is named, with the backup that has it.

A value in sheetrunner's own columns is held against the new one only when
the sheet is recomputed from the same results (`compare_own`): after a
corrected result the standings change by right, and only the cells
sheetrunner now leaves blank are named.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from .grid import cell_name
from ..model.options import normal
from ..model.problems import Problem, warning
from ..model.values import as_text, is_blank, shown

# How a row names its entrant, best first: the first whose headers both sheets have and whose values tell the new
# rows apart is used (ID for players; the name once the ID column is gone; a team's name; a season's player in one
# event).
KEYS = (("id",), ("player", "event"), ("player",), ("team",), ("name",))
# How far sheetrunner's own cells are held against the new ones: every cell (the sheet is recomputed from the same
# results, so a difference was typed), only those it now leaves blank (the results changed: a note in a blank cell
# is still the TO's), or none (a season, recomputed from events that change).
OWN_COMPARED, OWN_BLANKED, OWN_RECOMPUTED = "all", "blank", "none"
SHOWN_CELLS = 5  # the replaced cells a warning lists before "and N more"


@dataclass(frozen=True)
class Replaced:
    """A cell of the old sheet the new one does not hold: its place, what it held, and what is there now."""

    cell: str
    value: Any
    now: Any = None

    def __str__(self) -> str:
        now = "" if is_blank(self.now) else f" (now {shown(self.now)})"
        return f"{self.cell} {shown(self.value)}{now}"


@dataclass(frozen=True)
class Orphan:
    """A row of added columns whose entrant the new sheet does not have."""

    row: int
    entrant: str  # "Dee Gale (ID 31)"
    cells: tuple[tuple[str, str, Any], ...]  # (cell, header, value)


@dataclass
class Additions:
    """The plan for one rewritten sheet: old cell -> new cell for what is carried, and what is not."""

    title: str
    moves: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    columns: dict[int, int] = field(default_factory=dict)  # old column -> new column, for the carried ones
    replaced: list[Replaced] = field(default_factory=list)
    orphans: list[Orphan] = field(default_factory=list)
    formulas: list[str] = field(default_factory=list)  # carried cells that held a formula (kept as values)


@dataclass(frozen=True)
class OldTable:
    """The old sheet read as a table: its header row, and each header column's role."""

    header_row: int
    own: dict[int, int]  # old column -> new column (0-based) of sheetrunner's columns the new sheet has
    added: list[int]  # old columns the TO headed
    stale: set[int]  # old columns of sheetrunner's that the new sheet no longer has (a changed tiebreaker)
    headers: dict[int, Any]  # old column -> its header, as typed


def compute_additions(title: str, cells: dict[tuple[int, int], Any], headers: list[str], rows: list[list[Any]],
                      known: Iterable[str] = (), compare_own: str = OWN_COMPARED) -> Additions:
    """Sort the old sheet's `cells` ((row, column from 1) -> value) against the new table (`headers`, `rows`,
    written from A1). `known`: headers sheetrunner writes on such a sheet besides the new table's (every
    tiebreaker's label), whose old columns are its own, not the TO's."""
    plan = Additions(title)
    by_row: dict[int, dict[int, Any]] = {}
    for (r, c), value in cells.items():
        by_row.setdefault(r, {})[c] = value
    table = read_old_table(by_row, headers, known)
    if table is None:
        plan.replaced = [Replaced(cell_name(c - 1, r), v) for (r, c), v in sorted(cells.items())]
        return plan
    first_free = len(headers) + 1
    plan.columns = {old: first_free + i for i, old in enumerate(table.added)}
    plan.moves.update({(table.header_row, old): (1, new) for old, new in plan.columns.items()})
    new_row_of = _row_finder(table, headers, rows)
    if table.stale or len(table.own) < len(headers):  # the columns changed with the settings: so may the values
        compare_own = OWN_BLANKED if compare_own == OWN_COMPARED else compare_own
    for r in sorted(by_row):
        if r != table.header_row:
            _sort_row(plan, table, r, by_row[r], new_row_of(by_row[r]), rows, compare_own)
    return plan


def read_old_table(by_row: dict[int, dict[int, Any]], headers: list[str], known: Iterable[str]) -> OldTable | None:
    """The old sheet's header row (the first row naming one of the new headers) and its columns; None when no row
    does (the TO replaced the whole table). A column under a `known` header sheetrunner no longer writes is its
    own only inside its old block (left of its last column): one the TO added after it is the TO's."""
    wanted = {normal(h): i for i, h in enumerate(headers)}
    own_labels = {normal(label) for label in known}
    for header_row in sorted(by_row):
        row = {c: normal(v) for c, v in by_row[header_row].items() if not is_blank(v)}
        if not any(text in wanted for text in row.values()):
            continue
        last_own = max(c for c, text in row.items() if text in wanted)
        own, added, stale, seen = {}, [], set(), set()
        for column, text in sorted(row.items()):
            if text in wanted and text not in seen:
                own[column] = wanted[text]
            elif text in own_labels and text not in seen and column < last_own:
                stale.add(column)
            else:
                added.append(column)
            seen.add(text)
        return OldTable(header_row, own, added, stale, dict(by_row[header_row]))
    return None


def _row_finder(table: OldTable, headers: list[str], rows: list[list[Any]]):
    """A function from an old row's values to the new sheet row of the same entrant (None: not there)."""
    old_columns = {headers[new]: old for old, new in table.own.items()}
    by_header = {normal(h): i for i, h in enumerate(headers)}
    for key in KEYS:
        if not all(name in by_header and headers[by_header[name]] in old_columns for name in key):
            continue
        index = {_key([row[by_header[name]] if by_header[name] < len(row) else None for name in key]): number
                 for number, row in enumerate(rows, start=2)}
        if len(index) == len(rows) and None not in index:
            columns = [old_columns[headers[by_header[name]]] for name in key]
            return lambda values: index.get(_key([values.get(c) for c in columns]))
    return lambda values: None


def _key(values: list[Any]) -> tuple | None:
    """A row's key as a person reads it (24 and "24", "Dee Gale" and "dee gale " alike); None when blank."""
    if any(is_blank(v) for v in values):
        return None
    return tuple(normal(int(v) if isinstance(v, float) and v.is_integer() else v) for v in values)


def _sort_row(plan: Additions, table: OldTable, row: int, values: dict[int, Any], new_row: int | None,
              rows: list[list[Any]], compare_own: str) -> None:
    """One old row: its added cells carried to `new_row`, its other cells held against the new ones. A row
    whose entrant the new sheet lacks has its added cells said; a row naming no entrant (a note under the
    table) was typed, all of it."""
    if new_row is None:
        entrant = _entrant(values, table)
        added = tuple((cell_name(c - 1, row), table.headers[c], v) for c, v in sorted(values.items())
                      if c in plan.columns)
        if entrant and added:
            plan.orphans.append(Orphan(row, entrant, added))
        plan.replaced += [Replaced(cell_name(c - 1, row), v) for c, v in sorted(values.items())
                          if not entrant or c not in table.own and c not in table.stale and c not in plan.columns]
        return
    new_values = rows[new_row - 2]
    for column, value in sorted(values.items()):
        if column in plan.columns:
            plan.moves[(row, column)] = (new_row, plan.columns[column])
        elif column in table.own:
            index = table.own[column]
            now = new_values[index] if index < len(new_values) else None
            if _compared(compare_own, now) and not same_value(value, now):
                plan.replaced.append(Replaced(cell_name(column - 1, row), value, now))
        elif column not in table.stale:
            plan.replaced.append(Replaced(cell_name(column - 1, row), value))


def _compared(own: str, now: Any) -> bool:
    return own == OWN_COMPARED or (own == OWN_BLANKED and is_blank(now))


def _entrant(values: dict[int, Any], table: OldTable) -> str:
    """How an old row named its entrant ("Dee Gale (ID 31)"); empty for a row that names none."""
    named = {normal(table.headers.get(c)): v for c, v in values.items() if c in table.own and not is_blank(v)}
    name = next((named[h] for h in ("player", "team", "name") if h in named), None)
    number = named.get("id")
    if name is None:
        return f"ID {shown(number)}" if number is not None else ""
    return f"{as_text(name)} (ID {shown(number)})" if number is not None else as_text(name)


def same_value(old: Any, new: Any) -> bool:
    """The value sheetrunner wrote, read back: numbers alike to rounding (a re-save by Excel writes 17 digits),
    text alike as a person reads it, blank alike."""
    if is_blank(old) or is_blank(new):
        return is_blank(old) and is_blank(new)
    numbers = (int, float)
    if isinstance(old, numbers) and isinstance(new, numbers) and not isinstance(old, bool):
        return abs(float(old) - float(new)) <= 1e-9 * max(1.0, abs(float(new)))
    return normal(old) == normal(new)


def additions_warnings(plan: Additions, kept_in: str) -> list[Problem]:
    """What the rewrite of one sheet could not keep, said at its first cell; `kept_in` names where the values still
    are ("the backup spring-backups/spring.20261125-101500.xlsx")."""
    found = []
    if plan.replaced:
        listed = ", ".join(str(cell) for cell in plan.replaced[:SHOWN_CELLS])
        more = f" and {len(plan.replaced) - SHOWN_CELLS} more" if len(plan.replaced) > SHOWN_CELLS else ""
        found.append(warning(plan.title, plan.replaced[0].cell,
                             f"sheetrunner rewrote this sheet, and {len(plan.replaced)} value(s) in it are not in the "
                             f"new one: {listed}{more}. They are in {kept_in}.",
                             "Type a note in a column of your own (a header sheetrunner does not write): it is kept "
                             "beside the same player (or team) when the sheet is rewritten."))
    for orphan in plan.orphans:
        values = ", ".join(f"{as_text(header) or cell} {shown(value)}" for cell, header, value in orphan.cells)
        found.append(warning(plan.title, orphan.cells[0][0],
                             f"{values} {'was' if len(orphan.cells) == 1 else 'were'} beside {orphan.entrant}, who "
                             f"is not in the new sheet, so {'it was' if len(orphan.cells) == 1 else 'they were'} not "
                             f"kept. {'It is' if len(orphan.cells) == 1 else 'They are'} in {kept_in}.",
                             "Type it again beside the right row, if it still belongs to someone."))
    if plan.formulas:
        listed = ", ".join(plan.formulas[:SHOWN_CELLS]) + (" …" if len(plan.formulas) > SHOWN_CELLS else "")
        found.append(warning(plan.title, plan.formulas[0],
                             f"{len(plan.formulas)} cell(s) of your columns held formulas ({listed}); the new sheet "
                             "keeps their last values, as a formula would point at another player's row once the "
                             f"standings change. The formulas are in {kept_in}.",
                             "Type a formula again if it should keep updating."))
    return found
