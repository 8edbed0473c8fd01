"""Copies of the sheets sheetrunner reads (issue 28): `Players (2)`, `Copy of Round 4`, `Event_2` and the like.

Excel's "Move or Copy… / Create a copy" names a copy `Players (2)`; Google
Sheets `Copy of Players`; LibreOffice `Players_2`; Numbers `Players copy`. A
TO who types a walk-in or a result into such a copy sees it in the workbook,
but sheetrunner reads only the original, so the typing silently counts for
nothing. Each copy is therefore a warning at its sheet that names the sheet
read and what the copy holds that it does not, compared by content (players
by ID or name, round rows by table and player, settings by name), never by
row position: the copy is usually older or newer by a few rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterator

from ..model import columns as cols
from ..model.columns import Column
from ..rules.finals import is_stage_title
from ..workbook.grid import SheetRows
from ..workbook.layout import EVENT_SHEET, LOG_SHEET, PLAYERS_SHEET, round_number, round_title, sheet_key
from ..model.options import normal
from ..model.problems import Problem, warning
from ..model.values import as_text, is_blank
from .penalties import PENALTIES_SHEET
from ..model.names import name_key
from ..workbook.reader import find_sheet, visible

COPY_NAMES = (re.compile(r"^(.+?)\s*\((?:\d+|copy(?: \d+)?)\)$"),  # Excel: Players (2); Players (copy)
              re.compile(r"^copy(?: \d+)? of (.+)$"),  # Google Sheets: Copy of Players
              re.compile(r"^(.+?)\s*(?:-\s*)?copy(?: \d+)?$"),  # Numbers, Windows: Players copy, Players - Copy
              re.compile(r"^(.+?)[ _-]\d{1,2}$"))  # LibreOffice: Players_2; by hand: Players 2 (not Players 2026)
NAMED_SHEETS = (EVENT_SHEET, PLAYERS_SHEET, PENALTIES_SHEET, LOG_SHEET)
SETTING = Column("setting", "Setting", ("Option", "Name"))
VALUE = Column("value", "Value")
LISTED = 10  # items named in one list; the rest are counted


@dataclass
class Cells:
    """One row of a sheet: its sheet row and its non-blank values by header (as compared, and as typed)."""

    row: int
    values: dict[str, tuple[str, Any]]


def sheet_copies(sheets: dict[str, SheetRows]) -> list[Problem]:
    """A warning for each sheet whose name is a copy-name of a sheet sheetrunner reads."""
    problems = []
    for title, sheet in sheets.items():
        original = copied_from(title)
        if original is not None:
            problems.append(_copy_warning(sheet, original, _original_sheet(sheets, original)))
    return problems


def copied_from(title: str) -> str | None:
    """The name of the sheet sheetrunner reads that `title` is a copy of (`Round 4` for `Round 4 (2)`), or None
    for a title that is itself read, or no copy of one. Decorations stack (`Copy of Players (2)`)."""
    if _read_name(sheet_key(title)) is not None:
        return None
    keys, seen = [sheet_key(title)], set()
    while keys:
        key = keys.pop()
        for pattern in COPY_NAMES:
            match = pattern.match(key)
            if match and match.group(1) not in seen:
                seen.add(match.group(1))
                name = _read_name(match.group(1))
                if name is not None:
                    return name
                keys.append(match.group(1))
    return None


def _read_name(key: str) -> str | None:
    """The sheet name sheetrunner reads under `key` (a sheet key), as it writes it; None when it reads none."""
    named = next((name for name in NAMED_SHEETS if sheet_key(name) == key), None)
    if named is not None:
        return named
    number = round_number(key)
    if number is not None:
        return round_title(number)
    return key[0].upper() + key[1:] if is_stage_title(key) else None


def _original_sheet(sheets: dict[str, SheetRows], name: str) -> SheetRows | None:
    number = round_number(name)
    if number is None:
        return find_sheet(sheets, name)
    return next((sheet for title, sheet in sheets.items() if round_number(title) == number), None)


def _copy_warning(copy: SheetRows, name: str, original: SheetRows | None) -> Problem:
    """What the copy holds that the sheet read does not, in a TO's words; or that it holds nothing more."""
    shown = visible(copy.name)
    if original is None:
        return warning(copy.name, "", f'"{shown}" looks like a copy of "{name}", but the workbook has no sheet '
                       f'"{name}": sheetrunner reads neither.', f'If it holds that sheet, rename it "{name}".')
    read = visible(original.name)
    parts = _differences(copy, original, read)
    if not parts:
        return warning(copy.name, "", f'"{shown}" looks like a copy of "{read}", and only "{read}" is read. The '
                       f'copy holds nothing that "{read}" does not.', "Delete the copy.")
    return warning(copy.name, "", f'"{shown}" looks like a copy of "{read}", and only "{read}" is read: what is '
                   f"typed in the copy does not count. It has {'; '.join(parts)}.",
                   f'Copy the changes into "{read}", then delete the copy.')


def _differences(copy: SheetRows, original: SheetRows, read: str) -> list[str]:
    key = sheet_key(original.name)
    if key == sheet_key(EVENT_SHEET):
        return _setting_differences(copy, original, read)
    if key == sheet_key(PLAYERS_SHEET):
        return _player_differences(copy, original, read)
    if round_number(key) is not None or is_stage_title(key):
        return _round_differences(copy, original, read)
    return _row_differences(copy, original, read)


def _rows(sheet: SheetRows) -> Iterator[Cells]:
    headers = [(normal(h), as_text(h)) if not is_blank(h) else (f"#{i}", f"column {i + 1}")
               for i, h in enumerate(sheet.headers)]
    for row, values in sheet.rows:
        cells = {headers[i][0] if i < len(headers) else f"#{i}":
                 (headers[i][1] if i < len(headers) else f"column {i + 1}", value)
                 for i, value in enumerate(values) if not is_blank(value)}
        if cells:
            yield Cells(row, cells)


def _value(cells: Cells, column: Column) -> str:
    """The cell under `column` (any of its headers), as compared; "" when blank."""
    found = next((cells.values[normal(name)] for name in column.names if normal(name) in cells.values), None)
    return as_text(found[1]) if found else ""


def _changed(copy: Cells, original: Cells, skip: Collection[str] = ()) -> tuple[list[str], list[str]]:
    """The headers where the copy has a value the original lacks, and those where both differ."""
    lacks, differs = [], []
    for key, (header, value) in copy.values.items():
        if key in skip:
            continue
        if key not in original.values:
            lacks.append(header)
        elif as_text(original.values[key][1]) != as_text(value):
            differs.append(header)
    return lacks, differs


def _matcher(rows: list[Cells], keys: Callable[[Cells], list[tuple]]) -> Callable[[Cells], Cells | None]:
    """The original row a copy's row stands for: the first of its keys (most telling first) the original has."""
    index: dict[tuple, Cells] = {}
    for cells in rows:
        for key in keys(cells):
            index.setdefault(key, cells)
    return lambda cells: next((index[key] for key in keys(cells) if key in index), None)


def _content(cells: Cells) -> tuple:
    """A row as a key by everything it holds: for rows with no player to key them by."""
    return tuple(sorted((key, as_text(value)) for key, (_, value) in cells.values.items()))


def _counted(items: list[str], one: str, many: str) -> list[str]:
    """`2 rows that "Players" does not have: "Zoe" (row 34), "Yan" (row 35)`, or nothing for no items."""
    if not items:
        return []
    named = ", ".join(items[:LISTED]) + (f" and {len(items) - LISTED} more" if len(items) > LISTED else "")
    return [f"{len(items)} {one if len(items) == 1 else many}: {named}"]


def _player_differences(copy: SheetRows, original: SheetRows, read: str) -> list[str]:
    """Players by ID, else by name: a walk-in typed in the copy, a drop or a team typed in a player's row."""
    def keys(cells: Cells) -> list[tuple]:
        pid, name = _value(cells, cols.PLAYER_ID), _value(cells, cols.PLAYER_NAME)
        found = ([("id", pid)] if pid else []) + ([("name", name_key(name))] if name else [])
        return found or [_content(cells)]

    match = _matcher(list(_rows(original)), keys)
    new, changed = [], []
    for cells in _rows(copy):
        name, pid = _value(cells, cols.PLAYER_NAME), _value(cells, cols.PLAYER_ID)
        label = f'"{name}"' if name else f"ID {pid}" if pid else "a row"
        same = match(cells)
        if same is None:
            new.append(f"{label} (row {cells.row})")
            continue
        typed = [(header, value) for key, (header, value) in cells.values.items() if key not in same.values
                 or as_text(same.values[key][1]) != as_text(value)]
        if typed:
            changed.append(f"{label} (row {cells.row}: {', '.join(f'{h} {as_text(v)}' for h, v in typed)})")
    return _counted(new, f'row that "{read}" does not have', f'rows that "{read}" does not have') + \
        _counted(changed, f'row with values that differ from "{read}"', f'rows with values that differ from "{read}"')


def _round_differences(copy: SheetRows, original: SheetRows, read: str) -> list[str]:
    """Round rows by table and player (ID, else name): results typed in the copy only, results typed otherwise,
    and seats the round does not have (a pairing changed in the copy)."""
    def keys(cells: Cells) -> list[tuple]:
        table, pid = _value(cells, cols.TABLE).casefold(), _value(cells, cols.ROUND_PLAYER_ID)
        name = _value(cells, cols.ROUND_PLAYER)
        found = ([(table, "id", pid)] if pid else []) + ([(table, "name", name_key(name))] if name else [])
        return found or [_content(cells)]

    skip = {normal(name) for column in (cols.TABLE, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER) for name in column.names}
    match = _matcher(list(_rows(original)), keys)
    lacking: list[str] = []
    differing: list[str] = []
    seats: list[str] = []
    for cells in _rows(copy):
        same, table = match(cells), _value(cells, cols.TABLE)
        if same is None:
            player = _value(cells, cols.ROUND_PLAYER) or _value(cells, cols.ROUND_PLAYER_ID)
            seats.append(f'{_word(original)} {table} "{player}" (row {cells.row})' if player else f"row {cells.row}")
            continue
        lacks, differs = _changed(cells, same, skip)
        lacking += [table] * bool(lacks)
        differing += [table] * bool(differs)
    word = _word(original)
    return ([f'results that "{read}" lacks: {word} {_tables(lacking)}'] if lacking else []) + \
        ([f'results that differ from "{read}": {word} {_tables(differing)}'] if differing else []) + \
        _counted(seats, f'seat that "{read}" does not have', f'seats that "{read}" does not have')


def _word(sheet: SheetRows) -> str:
    """What the round calls a table (`table`, `board`, `game`, `match`), from its header."""
    index = cols.TABLE.index_in(sheet.headers)
    return normal(sheet.headers[index]) if index is not None else "table"


def _tables(labels: list[str]) -> str:
    """Table labels once each, numbers in order first: `3, 5, 12, BYE`."""
    unique = sorted(set(labels), key=lambda label: (not label.isdecimal(), int(label) if label.isdecimal() else 0,
                                                    label))
    return ", ".join(unique[:LISTED]) + (f" and {len(unique) - LISTED} more" if len(unique) > LISTED else "")


def _setting_differences(copy: SheetRows, original: SheetRows, read: str) -> list[str]:
    """Settings by name: each one the copy sets to a value the Event sheet does not have."""
    settings = {normal(_value(cells, SETTING)): _value(cells, VALUE) for cells in _rows(original)}
    differ = []
    for cells in _rows(copy):
        label, value = _value(cells, SETTING), _value(cells, VALUE)
        if label and value and settings.get(normal(label), "") != value:
            differ.append(f'{label} {value} ("{read}" has {settings.get(normal(label)) or "none"})')
    return _counted(differ, f'setting that differs from "{read}"', f'settings that differ from "{read}"')


def _row_differences(copy: SheetRows, original: SheetRows, read: str) -> list[str]:
    """Rows (of the Log, the Penalties) by everything they hold: each one the original does not have."""
    have = {_content(cells) for cells in _rows(original)}
    new = [f"row {cells.row}" for cells in _rows(copy) if _content(cells) not in have]
    return _counted(new, f'row that "{read}" does not have', f'rows that "{read}" does not have')
