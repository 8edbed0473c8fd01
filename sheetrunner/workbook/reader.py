"""Reading the cells of one sheet by column, turning each bad value into a `Problem`."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterator

from ..model.columns import Column, by_header
from .layout import round_number, sheet_key
from ..model.options import normal
from ..model.problems import ERROR, Problem
from ..model.values import BadValue, as_text, is_blank
from .grid import FORMULA_WITHOUT_VALUE, SheetRows, cell_name, column_letter

CELL_NAME = re.compile(r"([A-Z]+)(\d+)")


def find_sheet(sheets: dict[str, SheetRows], name: str) -> SheetRows | None:
    """A sheet by the name a person reads (case, spaces and invisible characters ignored)."""
    return next((s for title, s in sheets.items() if sheet_key(title) == sheet_key(name)), None)


def round_sheet_values(sheets: dict[str, SheetRows], column: Column) -> Iterator[Any]:
    """Every value under `column` in every round sheet, as typed: for the few checks that look across rounds
    before they are read one by one (the highest ID ever used, the names ever seated)."""
    for title, sheet in sheets.items():
        index = column.index_in(sheet.headers)
        if round_number(title) is None or index is None:
            continue
        yield from (values[index] for _, values in sheet.rows if index < len(values))


def visible(title: str) -> str:
    """A sheet title with its invisible characters spelled out, so a message shows why two titles differ."""
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Cf", "Cc", "Zl", "Zp") else ch
                   for ch in title)


class SheetReader:
    """Reads cells of one sheet by column key, turning bad values into problems."""

    def __init__(self, sheet: SheetRows, known: tuple[Column, ...], problems: list[Problem]):
        self.sheet, self.problems = sheet, problems
        self.columns: dict[str, tuple[int, Column]] = {}
        lookup = by_header(known)
        for index, header in enumerate(sheet.headers):
            column = lookup.get(normal(header)) if not is_blank(header) else None
            if column is None:
                continue
            if column.key in self.columns:
                first = cell_name(self.columns[column.key][0], sheet.header_row)
                self.problem(cell_name(index, sheet.header_row),
                             f'A second "{column.header}" column (first at {first}).',
                             "Keep one of them; rename or delete the other.")
                continue
            self.columns[column.key] = (index, column)

    def problem(self, cell: str, message: str, hint: str = "", severity: str = ERROR) -> None:
        self.problems.append(Problem(self.sheet.name, cell, message, hint, severity))

    def has(self, key: str) -> bool:
        return key in self.columns

    def cell(self, key: str, row: int) -> str:
        index = self.columns[key][0] if key in self.columns else len(self.sheet.headers)
        return cell_name(index, row)

    def raw(self, key: str, values: tuple) -> Any:
        if key not in self.columns:
            return None
        index = self.columns[key][0]
        return values[index] if index < len(values) else None

    def read(self, key: str, row: int, values: tuple, invalid: Any = None) -> Any:
        """The cell's clean value or None; a bad value, or a formula without a saved value, becomes a problem.

        A bad value returns `invalid`, so a caller can tell it from an empty cell.
        """
        found = self.columns.get(key)
        if found is None:
            return None
        index, column = found
        raw = values[index] if index < len(values) else None
        try:
            value = column.read(raw)
        except BadValue as bad:
            self.problem(self.cell(key, row), f"{column.header} {bad}.", column.hint)
            return invalid
        if value is None and self.sheet.flags and self.unreadable(key, row, column.header):
            return invalid
        return value

    def typed(self, key: str, row: int, values: tuple, invalid: Any = None) -> Any:
        """The cell as typed, for a reader with its own rules (a table label, a name or an ID): a cell holding an
        error or a formula with no saved value is reported and gives `invalid`, never read as blank."""
        raw = self.raw(key, values)
        if key in self.columns and is_blank(raw) and self.sheet.flags and self.unreadable(key, row, self.header(key)):
            return invalid
        return raw

    def header(self, key: str) -> str:
        """A column as the sheet heads it ("Match" for a top cut's tables), to name it as the TO sees it."""
        index, column = self.columns[key]
        return as_text(self.sheet.headers[index]) or column.header

    def unreadable_rows(self) -> None:
        """Rows left out as empty whose only values are errors or unsaved formulas under a column this sheet is
        read by: a roster row whose Name is a lookup gone #N/A is a player to report, not an empty row."""
        if not self.sheet.flags:
            return
        kept = {row for row, _ in self.sheet.rows}
        headers = {column_letter(index + 1): self.header(key) for key, (index, _) in self.columns.items()}
        cells = sorted((int(match[2]), len(match[1]), match[1]) for match in map(CELL_NAME.fullmatch, self.sheet.flags)
                       if match)
        for row, _, letters in cells:
            if row > self.sheet.header_row and row not in kept and letters in headers:
                unreadable_cell(self.sheet, f"{letters}{row}", headers[letters], self.problems)

    def unreadable(self, key: str, row: int, what: str) -> bool:
        """A blank-looking cell that is really a formula with no saved value, or an error: reported as such."""
        return unreadable_cell(self.sheet, self.cell(key, row), what, self.problems)


def unreadable_cell(sheet: SheetRows, cell: str, what: str, problems: list[Problem]) -> bool:
    """The one rule for a cell whose value cannot be read as typed (§7, README): an error value (#N/A, #REF!) or a
    formula with no saved value is an error at its cell that names it, in every sheet and column sheetrunner
    reads, never read as blank or called empty. Said once however many readers ask about the cell."""
    flag = sheet.flags.get(cell) if sheet.flags else None
    if flag is None:
        return False
    if flag == FORMULA_WITHOUT_VALUE:
        found = Problem(sheet.name, cell, f"{what} holds a formula whose value was never saved.",
                        "Open the workbook in Excel or LibreOffice and save it, so the value is stored.")
    else:
        found = Problem(sheet.name, cell, f"{what} holds the error {flag}.", "Correct the formula, or type the value.")
    if found not in problems:
        problems.append(found)
    return True
