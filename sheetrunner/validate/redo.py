"""What `pair --redo` would lose: the values in the round sheet it replaces that sheetrunner did not write (§7).

`--redo` writes a new sheet over the last round (or stage of the cut). That is
what it is for when the pairing itself changed: a drop, a walk-in, a hand swap.
So the cells sheetrunner owns there are the pairing's, on every row, whatever
the TO made of them: `Table` (or Game, Board, Match), the seat column, `ID`,
`Player` (and a team event's `Team match` and `Team`). A `Note` is
sheetrunner's only when it is a note sheetrunner wrote in that round (the Log
keeps a digest of each: `logsheet.note_digest`); when the Log keeps none (a
round written by an older sheetrunner, a stage of the cut, a rebuilt Log),
every Note counts as typed. Anything else is the TO's: a result, a cell in a
column sheetrunner does not write (its header included), a value under no
header. One such value refuses the redo, with the cells named; nothing is
written until the TO clears them on purpose.
"""

from __future__ import annotations

from typing import Any

from ..model import columns as cols
from ..model.columns import Column, by_header
from ..rules.finals import stage_rules
from ..workbook.grid import SheetRows, cell_name, column_letter
from ..workbook.logsheet import NOTES_RECORDED, LogHistory, note_digest
from ..model.event import Round
from ..model.options import normal
from ..model.problems import Problem
from ..rulesets import Ruleset
from ..model.values import as_text, is_blank
from .headers import headers_readable

LISTED = 3  # cells named per column; the rest are counted

PAIRING, NOTE = "pairing", "note"


def redo_would_lose(sheets: dict[str, SheetRows], rounds: list[Round], playoff: list[Round], ruleset: Ruleset,
                    log: LogHistory) -> list[Problem]:
    """The refusal of `--redo` when the sheet it replaces (the last stage of the cut, else the last round, as
    `tournament.plan_next_round` chooses) holds values sheetrunner did not write; none when it holds only the
    pairing. A sheet whose headers cannot be read has its own error (`headers`)."""
    target = playoff[-1] if playoff else rounds[-1] if rounds else None
    if target is None:
        return []
    sheet = next((s for s in sheets.values() if s.name == target.sheet), None)
    if sheet is None or not headers_readable(sheet.headers):
        return []
    rules = stage_rules(ruleset) if playoff else ruleset
    notes = None if playoff else recorded_notes(log, target.number)
    lost = typed_cells(sheet, rules, notes)
    if not lost:
        return []
    return [_refusal(sheet, lost, notes is None)]


def recorded_notes(log: LogHistory, number: int) -> set[str] | None:
    """The digests of the notes sheetrunner wrote in round `number`, or None when the Log does not record them."""
    items = log.paired.get(number, set())
    return {item for item in items if item.startswith(NOTES_RECORDED)} if NOTES_RECORDED in items else None


def typed_cells(sheet: SheetRows, rules: Any, notes: set[str] | None) -> dict[int, list[str]]:
    """The cells sheetrunner did not write, by column index (a hand-added column's header first)."""
    kinds = _column_kinds(sheet.headers, rules)
    lost: dict[int, list[str]] = {}
    for index, header in enumerate(sheet.headers):
        if index not in kinds and not is_blank(header) and not _is_result(header, rules):
            lost.setdefault(index, []).append(cell_name(index, sheet.header_row))
    for row, values in sheet.rows:
        for index, value in enumerate(values):
            kind = kinds.get(index)
            if kind == PAIRING or is_blank(value):
                continue
            if kind == NOTE and notes is not None and note_digest(as_text(value)) in notes:
                continue
            lost.setdefault(index, []).append(cell_name(index, row))
    return dict(sorted(lost.items()))


def _column_kinds(headers: list[Any], rules: Any) -> dict[int, str]:
    """The columns sheetrunner writes the pairing and notes in, each known column counted once (a second
    `Player` column is the TO's)."""
    own: tuple[Column, ...] = (cols.TABLE, rules.layout.seat_column, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER,
                               *rules.layout.pairing_columns)
    lookup = by_header(own + (cols.NOTE,))
    kinds: dict[int, str] = {}
    taken: set[str] = set()
    for index, header in enumerate(headers):
        column = lookup.get(normal(header)) if not is_blank(header) else None
        if column is None or column.key in taken:
            continue
        taken.add(column.key)
        kinds[index] = NOTE if column is cols.NOTE else PAIRING
    return kinds


def _is_result(header: Any, rules: Any) -> bool:
    return any(column.matches(header) for column in rules.layout.result_columns)


def _refusal(sheet: SheetRows, lost: dict[int, list[str]], notes_unknown: bool) -> Problem:
    """One error naming a few cells per column and how many there are in all."""
    count = sum(len(cells) for cells in lost.values())
    listing = "; ".join(f"{_label(sheet.headers, index)} {_few(cells)}" for index, cells in lost.items())
    first = next(iter(lost.values()))[0]
    hint = (f"If you mean to pair {sheet.name} again, delete those values, then run pair --redo again; to keep "
            "them, leave the round as it is.")
    note_index = cols.NOTE.index_in(sheet.headers)
    if notes_unknown and note_index in lost:
        hint += (" The Log keeps no record of the notes sheetrunner wrote in this sheet, so every Note counts as "
                 "typed.")
    values = "value" if count == 1 else "values"
    return Problem(sheet.name, first, f"{sheet.name} holds {count} {values} sheetrunner did not write, which "
                   f"`pair --redo` would lose: {listing}.", hint)


def _label(headers: list[Any], index: int) -> str:
    header = headers[index] if index < len(headers) else None
    return f"column {column_letter(index + 1)}" if is_blank(header) else as_text(header)


def _few(cells: list[str]) -> str:
    shown = ", ".join(cells[:LISTED])
    return shown if len(cells) <= LISTED else f"{shown} and {len(cells) - LISTED} more"
