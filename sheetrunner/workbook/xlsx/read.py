"""Reading a workbook: its bytes once, every sheet's values through python-calamine, and what values cannot say.

python-calamine (Rust) reads every sheet in one pass:
its cost follows the cells that hold data, not a sheet's declared size, so a
styled but empty million-row sheet costs nothing. Values come as typed,
with no NA guessing, so a player called "NA" stays "NA" and an ID stays a
whole number. Calamine shows a formula with no saved value and an
error cell (`#N/A`) as blank; the package, opened from the same bytes, tells
those apart, looking only at sheets that hold a formula or an error at all.
"""

from __future__ import annotations

import datetime
import hashlib
import io
import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from ..grid import FORMULA_WITHOUT_VALUE, SheetRows, sheet_rows
from ..layout import is_output_sheet
from ...model.problems import EventError, Problem
from .extent import Compacted, compact_sheet, needs_care
from .formatting import marked_cells
from .package import Package
from .safety import backup_hint, check_workbook_bytes, open_problem, read_file, read_parts

CELL = re.compile(rb"<(?:\w+:)?c\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?c>)", re.DOTALL)
REF = re.compile(rb'\br="([A-Z]{1,3}\d+)"')
TYPE = re.compile(rb'\bt="(\w+)"')
VALUE = re.compile(rb"<(?:\w+:)?v>(.*?)</(?:\w+:)?v>", re.DOTALL)
LAST_DATE = 2958465.99999  # 9999-12-31 23:59:59, the last date a workbook holds (serial days)


@dataclass
class WorkbookFile:
    """A workbook as read: where it came from, its bytes' digest, its package and every sheet's values."""

    path: Path
    digest: str
    package: Package
    sheets: dict[str, SheetRows]


def read_workbook(path: Path) -> WorkbookFile:
    """Read a workbook once; `EventError` with one sentence when it cannot be read.

    Every part is unpacked and every XML part parsed before values are read
    (§7: a damaged part is named, never copied into a new file), and a sheet
    with cells far from A1 is laid out again first (`extent`), so calamine
    never lays out more than the cells hold.
    """
    data = read_file(path)
    archive = check_workbook_bytes(path, data)
    package = Package(archive, path, read_parts(path, archive))
    compacted, data_read = _compacted_sheets(package), data
    if compacted:
        from .zipcopy import write_zip

        data_read = write_zip([(name, info, compacted[name].xml if name in compacted else None)
                               for name, info in package.infos.items()], archive)
    values = read_values(path, data_read, package)
    listed = {entry.title: entry.part for entry in package.sheets}
    sheets = {}
    for title, grid in values.items():
        rows = sheet_rows(title, grid, partial(_flags_of, package, title) if title in listed else dict)
        if title in listed:
            rows.find_marks = partial(marked_cells, package, title)
        layout = compacted.get(listed.get(title, ""))
        sheets[title] = _renumbered(rows, layout) if layout is not None else rows
    return WorkbookFile(path, hashlib.sha256(data).hexdigest(), package, sheets)


def _compacted_sheets(package: Package) -> dict[str, Compacted]:
    """Worksheets with a cell far from A1, laid out again for calamine, by part."""
    found = {}
    for entry in package.sheets:
        xml = package.parts[entry.part]
        if needs_care(xml):
            found[entry.part] = compact_sheet(package.path, entry.title, entry.part, xml)
    return found


def _renumbered(rows: SheetRows, layout: Compacted) -> SheetRows:
    """A compacted sheet's rows with their sheet row numbers back, and its stray values in their places."""
    numbers = layout.numbers
    if rows.header_row:
        rows.header_row = numbers[rows.header_row - 1]
    by_number = {numbers[number - 1]: list(values) for number, values in rows.rows}
    for (number, column), text in layout.strays.items():
        if number != rows.header_row:
            values = by_number.setdefault(number, [])
            values.extend([None] * (column - len(values)))
            values[column - 1] = text
    rows.rows = [(number, tuple(by_number[number])) for number in sorted(by_number)]
    return rows


def _flags_of(package: Package, title: str) -> dict[str, str]:
    return cell_flags(package.sheet_xml(title))


def read_values(path: Path, data: bytes, package: Package) -> dict[str, list[list]]:
    """Every worksheet's values from A1, by title in workbook order; sheetrunner's own output sheets, which it
    never reads back, are left out. python-calamine reads them (the reader pandas itself uses, called directly:
    loading pandas would cost a small event's command more than all its work)."""
    import python_calamine

    try:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        titles = [str(title) for title in book.sheet_names if not is_output_sheet(str(title))]
    except Exception:  # calamine raises its own kinds on what it cannot read (every part parsed well before)
        raise open_problem(path, "The workbook is damaged: a sheet in it cannot be read.", backup_hint(path)) from None
    values = {}
    for title in titles:
        try:
            values[title] = [[_value(cell) for cell in row]
                             for row in book.get_sheet_by_name(title).to_python(skip_empty_area=False)]
        except Exception:
            raise open_problem(path, f"The workbook is damaged: its sheet {title} cannot be read.",
                               backup_hint(path)) from None
        except BaseException as panic:  # a Rust panic inside calamine (pyo3's PanicException) derives from neither
            if type(panic).__name__ != "PanicException":
                raise
            raise EventError(not_a_date(package, title)) from None
    return values


def not_a_date(package: Package, title: str) -> Problem:
    """What makes calamine panic on a sheet that parsed well: a number in a date or time cell beyond any date it
    can make (Excel shows such a cell as ####). Named at the cells holding numbers beyond Excel's last date."""
    xml = package.sheet_xml(title) if title in {entry.title for entry in package.sheets} else b""
    cells = [ref.group(1).decode() for match in CELL.finditer(xml)
             if (ref := REF.search(match.group(1))) and _numeric(match.group(1))
             and (value := VALUE.search(match.group(2) or b"")) and _beyond_dates(value.group(1))]
    also = f" (so do {', '.join(cells[1:])})" if len(cells) > 1 else ""
    return Problem(title, cells[0] if cells else "", f"A cell formatted as a date or time holds a number no date can "
                   f"be{also}, so the sheet cannot be read.", "Type a real date or time there, or clear the cell "
                   "(Excel shows it as ####).")


def _numeric(attributes: bytes) -> bool:
    kind = TYPE.search(attributes)
    return kind is None or kind.group(1) == b"n"


def _beyond_dates(text: bytes) -> bool:
    try:
        return not -LAST_DATE <= float(text) <= LAST_DATE
    except ValueError:
        return False


def _value(cell):
    """A cell as typed: a whole number stored as a float is an int (IDs, scores), a date a datetime, and an
    empty cell None."""
    if type(cell) is float:
        return int(cell) if cell.is_integer() else cell
    if cell == "":
        return None
    if type(cell) is datetime.date:
        return datetime.datetime(cell.year, cell.month, cell.day)
    return cell


def cell_flags(xml: bytes) -> dict[str, str]:
    """Cells whose blank value is not blank: a formula never calculated, or an error such as #N/A.

    A formula with no `<v>` (or an empty one that is not a text result) was
    written by a program that does not calculate; Excel always saves a value.
    """
    if b"<f" not in xml and b't="e"' not in xml and b":f" not in xml:
        return {}
    flags: dict[str, str] = {}
    for match in CELL.finditer(xml):
        attributes, inner = match.group(1), match.group(2) or b""
        ref = REF.search(attributes)
        if ref is None:
            continue
        kind = TYPE.search(attributes)
        value = VALUE.search(inner)
        if kind is not None and kind.group(1) == b"e":
            flags[ref.group(1).decode()] = (value.group(1).decode("utf-8", "replace") if value else "#VALUE!")
        elif b"<f" in inner or b":f" in inner:
            empty = value is None or (not value.group(1).strip() and (kind is None or kind.group(1) != b"str"))
            if empty:
                flags[ref.group(1).decode()] = FORMULA_WITHOUT_VALUE
    return flags
