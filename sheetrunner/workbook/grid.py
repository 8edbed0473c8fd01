"""A sheet as read: its values row by row, and the cells whose value cannot be read as typed.

This is what validation sees of a workbook. It knows no file format: the
reader fills it, and tests can build one by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

FORMULA_WITHOUT_VALUE = "formula"  # a formula whose result was never saved (written by a program, not Excel)


@dataclass
class SheetRows:
    """A sheet's header row and every non-empty row after it (1-based sheet row numbers).

    `flags` names the cells whose blank value is not really blank: a formula with
    no saved value (`FORMULA_WITHOUT_VALUE`) or an error such as `#N/A`.
    """

    name: str
    header_row: int = 0
    headers: list[Any] = field(default_factory=list)
    rows: list[tuple[int, tuple]] = field(default_factory=list)
    find_flags: Callable[[], dict[str, str]] = dict  # read only when a blank cell is asked about
    _flags: dict[str, str] | None = field(default=None, repr=False)
    find_marks: Callable[[], dict[int, dict[int, str]]] = dict  # read only when asked (the Players sheet)
    _marks: dict[int, dict[int, str]] | None = field(default=None, repr=False)

    @property
    def flags(self) -> dict[str, str]:
        """"E7" -> FORMULA_WITHOUT_VALUE or an error such as "#N/A"."""
        if self._flags is None:
            self._flags = self.find_flags()
        return self._flags

    @property
    def marks(self) -> dict[int, dict[int, str]]:
        """Cells marked by their look, by row then column (from 1): "struck through" or "filled red"
        (`xlsx.formatting`); a TO crossing a player off may mean they left."""
        if self._marks is None:
            self._marks = self.find_marks()
        return self._marks


def column_letter(number: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def cell_name(column_index: int, row: int) -> str:
    """The A1 name of a cell, from a 0-based column index and a sheet row."""
    return f"{column_letter(column_index + 1)}{row}"


def is_empty_value(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def sheet_rows(name: str, grid: list[list[Any]], find_flags: Callable[[], dict[str, str]] = dict) -> SheetRows:
    """A grid of values from A1 (None or "" for an empty cell) as `SheetRows`: the first non-empty row is the
    header, empty rows are skipped, and trailing empty cells are dropped."""
    result = SheetRows(name, find_flags=find_flags)
    for number, values in enumerate(grid, start=1):
        if not values or (is_empty_value(values[0]) and all(is_empty_value(value) for value in values)):
            continue  # a filled first cell settles it for nearly every row
        cleaned = [None if value == "" else value for value in values]
        while cleaned and cleaned[-1] is None:
            cleaned.pop()
        if not result.header_row:
            result.header_row, result.headers = number, cleaned
        else:
            result.rows.append((number, tuple(cleaned)))
    return result
