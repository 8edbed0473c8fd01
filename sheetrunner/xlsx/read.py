"""Reading a workbook: its bytes once, every sheet's values through pandas, and what values cannot say.

pandas reads every sheet in one pass with the python-calamine engine (Rust):
its cost follows the cells that hold data, not a sheet's declared size, so a
styled but empty million-row sheet costs nothing. Values come as typed:
`dtype=object` and no NA guessing, so a player called "NA" stays "NA" and an
ID stays a whole number. Calamine shows a formula with no saved value and an
error cell (`#N/A`) as blank; the package, opened from the same bytes, tells
those apart, looking only at sheets that hold a formula or an error at all.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pandas

from ..grid import FORMULA_WITHOUT_VALUE, SheetRows, sheet_rows
from ..layout import is_output_sheet
from ..problems import EventError
from .package import Package
from .safety import check_workbook_bytes, open_problem, read_file

CELL = re.compile(rb"<(?:\w+:)?c\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?c>)", re.DOTALL)
REF = re.compile(rb'\br="([A-Z]{1,3}\d+)"')
TYPE = re.compile(rb'\bt="(\w+)"')
VALUE = re.compile(rb"<(?:\w+:)?v>(.*?)</(?:\w+:)?v>", re.DOTALL)


@dataclass
class WorkbookFile:
    """A workbook as read: where it came from, its bytes' digest, its package and every sheet's values."""

    path: Path
    digest: str
    package: Package
    sheets: dict[str, SheetRows]


def read_workbook(path: Path) -> WorkbookFile:
    """Read a workbook once; `EventError` with one sentence when it cannot be read."""
    data = read_file(path)
    archive = check_workbook_bytes(path, data)
    package = Package(archive, path)
    values = read_values(path, data)
    listed = {entry.title for entry in package.sheets}
    sheets = {title: sheet_rows(title, grid, partial(_flags_of, package, title) if title in listed else dict)
              for title, grid in values.items()}
    return WorkbookFile(path, hashlib.sha256(data).hexdigest(), package, sheets)


def _flags_of(package: Package, title: str) -> dict[str, str]:
    return cell_flags(package.sheet_xml(title))


def read_values(path: Path, data: bytes) -> dict[str, list[list]]:
    """Every worksheet's values from A1, by title in workbook order; sheetrunner's own output sheets, which it
    never reads back, are left out."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            book = pandas.ExcelFile(io.BytesIO(data), engine="calamine")
            wanted = [title for title in book.sheet_names if not is_output_sheet(str(title))]
            frames = pandas.read_excel(book, sheet_name=wanted, header=None, dtype=object, na_filter=False)
    except EventError:
        raise
    except Exception:  # calamine raises its own kinds on a damaged part
        raise open_problem(path, "The workbook is damaged: a sheet in it cannot be read.", "Open it in Excel or "
                           "LibreOffice, which may repair it, and save it again; or use a backup from "
                           f"{path.stem}-backups/.") from None
    return {str(title): frame.values.tolist() for title, frame in frames.items()}


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
