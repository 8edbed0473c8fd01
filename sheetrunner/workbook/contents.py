"""What a TO typed in an event workbook, cell by cell, keyed by what each cell means.

Two copies of one event are compared by meaning, not by position: a round
sheet sorted by name, or a roster sorted by team, is the same event. So each
value the TO reads (a setting, a Players cell, a round sheet's cell) has a
`Place`: the sheet, the row's identity (a setting's label, a player's ID, or
their name while they have none) and the column's header. `diff`, `merge` and
the older-copy check (`record`) all compare `Contents`; none of them needs the
workbook to validate, since a copy in the middle of typing rarely does.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..model import columns as cols
from .grid import SheetRows, cell_name
from .layout import EVENT_SHEET, PLAYERS_SHEET, round_number, sheet_key
from ..model.options import normal
from ..model.values import clean_text

IDENTITY = ("Ruleset", "Random seed", "Event name")
PAIRING_COLUMNS = tuple(normal(name) for column in (cols.TABLE, cols.SEAT, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER)
                        for name in column.names)


@dataclass(frozen=True)
class Place:
    """A value's meaning: `sheet` as sheetrunner names it (Event, Players, Round 3), the row's identity and the
    column's header, both as matched (`normal`)."""

    sheet: str
    row: str
    column: str


@dataclass(frozen=True)
class Typed:
    """A value where it stands in one copy: its cell, and the words a TO reads for its row and column."""

    value: Any
    row: int  # sheet row, from 1
    column: int  # sheet column, from 1
    row_label: str  # "Ann Lee (ID 4)", "Match-win % floor"
    header: str  # the header as typed
    raw: Any = None  # the value as read, to write into another copy (a date stays a date)

    @property
    def cell(self) -> str:
        return cell_name(self.column - 1, self.row)


@dataclass
class Contents:
    """Every value of the sheets a TO types (Event, Players, the rounds), by `Place`."""

    titles: list[str]  # every sheet, as named in the workbook
    cells: dict[str, dict[str, dict[str, Typed]]] = field(default_factory=dict)  # sheet -> row -> column -> value
    sheet_titles: dict[str, str] = field(default_factory=dict)  # "Round 3" -> the title as typed
    rows: dict[tuple[str, str], str] = field(default_factory=dict)  # (sheet, row) -> the row's words
    row_numbers: dict[tuple[str, str], int] = field(default_factory=dict)  # (sheet, row) -> sheet row
    header_rows: dict[str, int] = field(default_factory=dict)  # sheet -> its header row
    names: dict[tuple[str, str], str] = field(default_factory=dict)  # (sheet, row) -> the player's name, folded
    headers: dict[str, dict[str, int]] = field(default_factory=dict)  # sheet -> column -> sheet column

    def get(self, place: Place) -> Typed | None:
        return self.cells.get(place.sheet, {}).get(place.row, {}).get(place.column)

    def put(self, place: Place, typed: Typed) -> None:
        self.cells.setdefault(place.sheet, {}).setdefault(place.row, {})[place.column] = typed

    @property
    def values(self) -> Iterator[tuple[Place, Typed]]:
        """Every value with its place, sheet by sheet."""
        for sheet, rows in self.cells.items():
            for row, columns in rows.items():
                for column, typed in columns.items():
                    yield Place(sheet, row, column), typed

    def rekey(self, sheet: str, row: str, key: str) -> None:
        """Name a row by another key (the same player, known by ID in another copy)."""
        if row in self.cells.get(sheet, {}):
            self.cells[sheet][key] = self.cells[sheet].pop(row)
        tables: tuple[dict[tuple[str, str], Any], ...] = (self.rows, self.row_numbers, self.names)
        for table in tables:
            if (sheet, row) in table:
                table[(sheet, key)] = table.pop((sheet, row))

    def setting(self, label: str) -> Any:
        typed = self.get(Place(EVENT_SHEET, normal(label), "value"))
        return None if typed is None else typed.value

    @property
    def identity(self) -> list[str]:
        """What makes two files copies of one event: the ruleset, the random seed and the name."""
        return [str(self.setting(label) or "").casefold() for label in IDENTITY]

    @property
    def rounds(self) -> list[int]:
        return sorted(number for sheet in self.sheet_titles if (number := round_number(sheet)) is not None)

    def row_places(self, sheet: str) -> dict[str, dict[str, Typed]]:
        """A sheet's values by row and column."""
        return self.cells.get(sheet, {})


def comparable(value: Any) -> Any:
    """A value as two copies are compared: text trimmed (invisible characters too), blank as None, a whole
    number as an int, a date as its day and time."""
    if value is None:
        return None
    if isinstance(value, str):
        text = clean_text(value)
        return text or None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        value = datetime.datetime(value.year, value.month, value.day)  # as `xlsx.read` gives a date cell
    if isinstance(value, datetime.datetime):
        return value.isoformat(sep=" ")
    return value


def read_contents(sheets: dict[str, SheetRows], titles: list[str]) -> Contents:
    """The contents of a workbook's sheets as read (`Workbook.sheets`); output sheets and the Log are not typed
    by the TO, and other sheets (Penalties, the TO's own) are compared by their titles only."""
    contents = Contents(list(titles))
    for title, sheet in sheets.items():
        number = round_number(title)
        if sheet_key(title) == sheet_key(EVENT_SHEET):
            _read_settings(contents, sheet)
        elif sheet_key(title) == sheet_key(PLAYERS_SHEET):
            _read_rows(contents, PLAYERS_SHEET, sheet, cols.PLAYER_ID, cols.PLAYER_NAME)
        elif number is not None:
            _read_rows(contents, f"Round {number}", sheet, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER)
        else:
            continue
        contents.sheet_titles[EVENT_SHEET if sheet_key(title) == sheet_key(EVENT_SHEET) else
                              PLAYERS_SHEET if number is None else f"Round {number}"] = title
    return contents


def _read_settings(contents: Contents, sheet: SheetRows) -> None:
    """`Setting | Value`: each setting's value by its label; a row with no label is not a setting. The value is in
    column B (`merge` writes a copy's value there)."""
    contents.headers[EVENT_SHEET] = {"value": 2}
    contents.header_rows[EVENT_SHEET] = sheet.header_row or 1
    for row, values in [(sheet.header_row, tuple(sheet.headers))] * bool(sheet.header_row) + sheet.rows:
        label = comparable(values[0]) if values else None
        if label is None or normal(label) == "setting":
            continue
        contents.rows[(EVENT_SHEET, normal(label))] = str(label)
        contents.row_numbers[(EVENT_SHEET, normal(label))] = row
        value = comparable(values[1]) if len(values) > 1 else None
        if value is not None:
            contents.put(Place(EVENT_SHEET, normal(label), "value"), Typed(value, row, 2, str(label), "Value", values[1]))


def _read_rows(contents: Contents, name: str, sheet: SheetRows, id_column: cols.Column,
               name_column: cols.Column) -> None:
    """Rows by the player they hold: their ID, or their name while the row has no ID."""
    headers = {normal(h): i for i, h in enumerate(sheet.headers) if comparable(h) is not None}
    contents.headers[name] = {column: i + 1 for column, i in headers.items()}
    contents.header_rows[name] = sheet.header_row or 1
    id_at, name_at = id_column.index_in(sheet.headers), name_column.index_in(sheet.headers)
    shown = {column: str(sheet.headers[i]).strip() for column, i in headers.items()}
    for row, values in sheet.rows:
        if all(comparable(v) is None for v in values):
            continue
        key, label = _row_identity(values, id_at, name_at, row)
        if (name, key) in contents.rows:
            key = f"{key} (row {row})"  # the same player twice: validation says so; both rows are kept apart
        contents.rows[(name, key)] = label
        contents.row_numbers[(name, key)] = row
        if name_at is not None and name_at < len(values) and comparable(values[name_at]) is not None:
            contents.names[(name, key)] = str(comparable(values[name_at])).casefold()
        for column, i in headers.items():
            value = comparable(values[i]) if i < len(values) else None
            if value is not None:
                contents.put(Place(name, key, column), Typed(value, row, i + 1, label, shown[column], values[i]))


def _row_identity(values: tuple, id_at: int | None, name_at: int | None, row: int) -> tuple[str, str]:
    pid = comparable(values[id_at]) if id_at is not None and id_at < len(values) else None
    name = comparable(values[name_at]) if name_at is not None and name_at < len(values) else None
    if isinstance(pid, int) and not isinstance(pid, bool):
        return f"id {pid}", f"{name} (ID {pid})" if name is not None else f"ID {pid}"
    if name is not None:
        return f"name {str(name).casefold()}", str(name)
    return f"row {row}", f"row {row}"


def align(a: Contents, b: Contents) -> None:
    """A row one copy keys by name (a walk-in typed without an ID) and the other by the ID sheetrunner gave it
    is one row: the name-keyed row takes the ID's key."""
    for first, second in ((a, b), (b, a)):
        for (sheet, row), name in list(first.names.items()):
            if not row.startswith("name ") or (sheet, row) in second.rows:
                continue
            match = [r for (s, r), n in second.names.items() if s == sheet and n == name and r.startswith("id ")
                     and (sheet, r) not in first.rows]
            if len(match) == 1:
                first.rekey(sheet, row, match[0])
