"""Where a worksheet's cells lie, so that reading costs what the cells hold, never what their places declare.

Calamine lays a sheet out as one dense block from A1 to its farthest cell:
one value at XFD1048576 (a legal cell, one stray Ctrl+End away) asks it for
17 billion cells and the process aborts, and a damaged `r="J2147483648"` does
the same. So every worksheet is first searched, with one cheap regular
expression, for a cell whose place is not plainly near A1 (a reference
beyond column Z or row 99999, a cell without a reference, a prefixed tag).
Only such a sheet is laid out again here: a place beyond Excel's grid is
damage, named; otherwise the sheet calamine reads holds the rows with values,
numbered 1, 2, 3 … (their sheet row numbers are put back afterwards), and
when even that block is too big, only the columns up to the header row's last
(a value beyond them is in no column sheetrunner knows).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from ..grid import column_letter, column_number
from .safety import damaged, open_problem

GRID_ROWS = 1_048_576
GRID_COLUMNS = 16_384  # XFD
BUDGET = 4_000_000  # cells calamine may lay out for one sheet (above the 26 x 99999 a plain sheet can reach)
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
# A cell whose reference is not one letter and at most five digits, a row whose number is not its first attribute
# or has more than seven digits, or a prefixed cell or row. A row of seven digits is checked against the grid
# (`SEVEN_DIGIT_ROW`): a styled but empty million-row sheet is plain, and calamine reads it at no cost.
FAR = re.compile(rb'<(?:c(?![\w:.\-])(?! r="[A-Z][1-9][0-9]{0,4}")|row(?![\w:.\-])(?! r="[1-9][0-9]{0,6}"))')
SEVEN_DIGIT_ROW = re.compile(rb'<row r="([1-9][0-9]{6})"')
PREFIXED = re.compile(rb":(?:c|row)[\s/>]")
REFERENCE = re.compile(r"^([A-Za-z]+)([0-9]+)$")


def needs_care(xml: bytes) -> bool:
    """Whether a worksheet may hold a cell far from A1 (else calamine's block is at most 26 x 99999) or a row
    beyond Excel's grid."""
    if FAR.search(xml) is not None or PREFIXED.search(xml) is not None:
        return True
    return any(int(match.group(1)) > GRID_ROWS for match in SEVEN_DIGIT_ROW.finditer(xml))


@dataclass
class Layout:
    """A sheet's cells that hold something, by sheet row number and column number."""

    rows: dict[int, dict[int, etree._Element]] = field(default_factory=dict)


@dataclass
class Compacted:
    """A worksheet laid out again: the XML calamine reads, the sheet row number of each of its rows, and the
    first value of each column left out (as its text: only its place matters, no known column reads it)."""

    xml: bytes
    numbers: list[int]
    strays: dict[tuple[int, int], str] = field(default_factory=dict)  # (row, column from 1) -> text


def compact_sheet(path: Path, title: str, part: str, xml: bytes) -> Compacted:
    """The worksheet as calamine should read it (rows with values numbered from 1); `EventError` for a place
    beyond Excel's grid or a sheet too spread out to read."""
    layout = lay_out(path, title, part, xml)
    numbers = sorted(layout.rows)
    widest = max((max(cells) for cells in layout.rows.values()), default=1)
    strays: dict[tuple[int, int], str] = {}
    if len(numbers) * widest > BUDGET:
        widest = max(layout.rows[numbers[0]])  # the header row's last column: beyond it, no known column
        strays = _first_strays(layout, numbers, widest)
        if len(numbers) * widest > BUDGET:
            raise open_problem(path, f'The sheet "{title}" holds values in {len(numbers)} rows as far as column '
                               f"{column_letter(widest)}, far more than any event needs; sheetrunner will not "
                               "read it.", "Delete the stray values (Ctrl+End shows the last cell), then save.")
    root = etree.Element(f"{{{MAIN}}}worksheet", nsmap={None: MAIN})
    sheet_data = etree.SubElement(root, f"{{{MAIN}}}sheetData")
    for index, number in enumerate(numbers, start=1):
        row = etree.SubElement(sheet_data, f"{{{MAIN}}}row", {"r": str(index)})
        for column, cell in sorted(layout.rows[number].items()):
            if column <= widest:
                cell.set("r", f"{column_letter(column)}{index}")
                row.append(cell)
    return Compacted(etree.tostring(root, xml_declaration=True, encoding="UTF-8"), numbers, strays)


def _first_strays(layout: Layout, numbers: list[int], widest: int, most: int = 16) -> dict[tuple[int, int], str]:
    """The topmost value of each column past `widest` (a few columns at most), so validation can still say where
    stray values are."""
    found: dict[int, tuple[int, str]] = {}
    for number in numbers:
        for column, cell in layout.rows[number].items():
            if column > widest and column not in found and len(found) < most:
                found[column] = (number, "".join(cell.itertext()).strip() or "?")
    return {(number, column): text for column, (number, text) in found.items()}


def lay_out(path: Path, title: str, part: str, xml: bytes) -> Layout:
    """Every cell holding something at the place calamine would give it (its reference, else the next place
    after the one before), read row by row so memory follows the cells, not the places."""
    layout = Layout()
    row_number = 0
    events = etree.iterparse(io.BytesIO(xml), events=("end",), tag=f"{{{MAIN}}}row", resolve_entities=False,
                             no_network=True, huge_tree=False, load_dtd=False)
    try:
        for _, row in events:
            row_number = _place(path, title, part, row.get("r"), row_number + 1)
            if row_number > GRID_ROWS:
                raise damaged(path, f'the sheet "{title}" (part {part}) has a row {(row.get("r") or str(row_number))[:24]} outside '
                              "Excel's grid (A1:XFD1048576)")
            _take_cells(path, title, part, row, row_number, layout)
            row.clear()
            parent = row.getparent()
            while parent is not None and row.getprevious() is not None:
                del parent[0]
    except etree.XMLSyntaxError as error:  # read_parts found it well-formed; kept as a last guard
        raise damaged(path, f"the part {part} is not well-formed XML ({error.msg})") from None
    return layout


def _take_cells(path: Path, title: str, part: str, row: etree._Element, number: int, layout: Layout) -> None:
    column = 0
    for cell in list(row.iterchildren(f"{{{MAIN}}}c")):
        reference = cell.get("r")
        if reference is None:
            column += 1
            place = (number, column)
        else:
            place = _cell_place(path, title, part, reference)
            column = place[1]
        _check_grid(path, title, part, *place, reference)
        if len(cell):  # a value, a formula or a text; a cell with only a style holds nothing to read
            row.remove(cell)
            layout.rows.setdefault(place[0], {})[place[1]] = cell


def _place(path: Path, title: str, part: str, text: str | None, default: int) -> int:
    if text is None:
        return default
    if not text.isdigit() or not text.strip("0"):
        raise damaged(path, f'the sheet "{title}" (part {part}) has a row numbered "{text[:20]}"')
    return _number(text)


def _number(digits: str) -> int:
    """A row number; one of more digits than any grid has is past the grid, whatever it says."""
    return int(digits) if len(digits) <= 12 else GRID_ROWS + 1


def _cell_place(path: Path, title: str, part: str, reference: str) -> tuple[int, int]:
    match = REFERENCE.match(reference)
    if match is None:
        raise damaged(path, f'the sheet "{title}" (part {part}) has a cell named "{reference[:20]}", which is no '
                      "cell reference")
    letters = match.group(1).upper()
    return _number(match.group(2)), column_number(letters) if len(letters) <= 3 else GRID_COLUMNS + 1


def _check_grid(path: Path, title: str, part: str, row: int, column: int, reference: str | None) -> None:
    if not 1 <= row <= GRID_ROWS or not 1 <= column <= GRID_COLUMNS:
        where = reference[:24] if reference else (f"row {row}" if row <= 10 * GRID_ROWS else "a row past the last")
        raise damaged(path, f'the sheet "{title}" (part {part}) has a cell at {where} outside Excel\'s grid '
                      "(A1:XFD1048576)")
