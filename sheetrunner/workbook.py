"""The only module that opens workbook files: read sheets as rows, write sheets, save safely.

Reading uses openpyxl's streaming mode with cached formula values (fast, and
what the TO saw on screen). Writing loads the whole workbook so every sheet,
style, width, formula and drop-down the TO made is kept, adds sheetrunner's
sheets, and replaces the file atomically after checking the new copy opens.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import time
import warnings
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable

import openpyxl
from defusedxml import DefusedXmlException
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

from .columns import Column
from .layout import sheet_key
from .filecheck import check_readable, find_unkeepable, lock_file, open_problem
from .problems import EventError

HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="2F4F6F")
NOTE_FONT = Font(italic=True, color="7A4B00")


@dataclass
class SheetRows:
    """A sheet as values: its header row and every non-empty row after it."""

    name: str
    header_row: int = 0
    headers: list[Any] = field(default_factory=list)
    rows: list[tuple[int, tuple]] = field(default_factory=list)


def _quiet_load(path: Path, **options: Any) -> openpyxl.Workbook:
    """Load from the file's bytes, whatever its name ends with.

    openpyxl warns about features it cannot read (e.g. extensions); the scan
    for unkeepable content reports those itself, so the warnings are muted.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return openpyxl.load_workbook(io.BytesIO(path.read_bytes()), **options)


def open_for_reading(path: Path, formulas: bool = False) -> openpyxl.Workbook:
    check_readable(path)
    try:
        return _quiet_load(path, read_only=True, data_only=not formulas)
    except EventError:
        raise
    except Exception as error:  # openpyxl raises many kinds on a damaged file
        raise unreadable(path, error) from None


def unreadable(path: Path, error: Exception) -> EventError:
    """The sentence for a file openpyxl could not load (it wraps the XML parser's error)."""
    cause: BaseException | None = error
    while cause is not None and not isinstance(cause, DefusedXmlException):
        cause = cause.__cause__ or cause.__context__
    if cause is not None:
        return open_problem(path, "The workbook contains XML entity declarations, which Excel never writes (a "
                            "possible XML bomb); sheetrunner will not read it.", "Check where the file came from.")
    return open_problem(path, f"The workbook cannot be read: it is damaged or not a real .xlsx "
                        f"({type(error).__name__}).", "Open it in Excel or LibreOffice and save it again as .xlsx.")


def read_sheets(path: Path) -> dict[str, SheetRows]:
    """Every sheet's rows, by sheet name in workbook order."""
    book = open_for_reading(path)
    try:
        with warnings.catch_warnings():  # read-only sheets parse lazily, so mute openpyxl here too
            warnings.simplefilter("ignore")
            return {sheet.title: _read_sheet(sheet) for sheet in book.worksheets}
    except Exception as error:  # a damaged sheet shows only now, while its rows are read
        raise unreadable(path, error) from None
    finally:
        book.close()


def sheets_of(book: openpyxl.Workbook) -> dict[str, SheetRows]:
    """Every sheet's rows from a workbook already loaded for writing (no formulas: values are as typed)."""
    return {sheet.title: _read_sheet(sheet) for sheet in book.worksheets}


def _read_sheet(sheet: Any) -> SheetRows:
    result = SheetRows(sheet.title)
    if hasattr(sheet, "reset_dimensions"):
        sheet.reset_dimensions()
    for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
        if all(value is None or (isinstance(value, str) and not value.strip()) for value in values):
            continue
        if not result.header_row:
            result.header_row, result.headers = number, list(values)
        else:
            result.rows.append((number, tuple(values)))
    return result


class FormulaProbe:
    """Tells whether a blank-looking cell holds a formula with no saved value (read lazily)."""

    def __init__(self, path: Path):
        self.path = path
        self._formulas: dict[str, set[str]] | None = None
        self._any: bool | None = None

    def is_uncached_formula(self, sheet: str, cell: str) -> bool:
        if self._formulas is None:
            self._formulas = self._load() if self.has_formulas() else {}
        return cell in self._formulas.get(sheet, set())

    def has_formulas(self) -> bool:
        """A quick look at the raw sheets: most event workbooks hold no formula at all."""
        if self._any is None:
            with zipfile.ZipFile(self.path) as archive:
                self._any = any(re.search(rb"<(\w+:)?f[ >/]", archive.read(name)) for name in archive.namelist()
                                if name.startswith("xl/worksheets/") and name.endswith(".xml"))
        return self._any

    def _load(self) -> dict[str, set[str]]:
        book = open_for_reading(self.path, formulas=True)
        found: dict[str, set[str]] = {}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for sheet in book.worksheets:
                    for row in sheet.iter_rows():
                        for cell in row:
                            if isinstance(cell.value, str) and cell.value.startswith("=") and cell.data_type == "f":
                                found.setdefault(sheet.title, set()).add(cell.coordinate)
        except Exception as error:
            raise unreadable(self.path, error) from None
        finally:
            book.close()
        return found


def validation_for(column: Column) -> DataValidation | None:
    """The Excel drop-down or number check matching how sheetrunner reads the column."""
    if column.kind == "whole":
        minimum = column.minimum if column.minimum is not None else 0
        rule = DataValidation(type="whole", operator="greaterThanOrEqual", formula1=str(minimum), allow_blank=True)
    elif column.kind in ("choice", "yesno"):
        choices = column.choices or ("Yes", "No")
        rule = DataValidation(type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True)
    else:
        return None
    rule.error = column.hint or "This value is not allowed here."
    rule.errorTitle = column.header
    rule.showErrorMessage = True
    return rule


def style_header(sheet: Any, headers: list[str], widths: list[int]) -> None:
    for index, (header, width) in enumerate(zip(headers, widths), start=1):
        cell = sheet.cell(row=1, column=index)
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
        cell.alignment = Alignment(vertical="center")
        sheet.column_dimensions[get_column_letter(index)].width = width
    sheet.freeze_panes = "A2"


def append_rows(sheet: Any, rows: Iterable[list[Any]]) -> None:
    """Append rows keeping text as text: a name like `=HYPERLINK(…)` never becomes a formula (§7)."""
    row = sheet.max_row
    for values in rows:
        sheet.append(values)
        row += 1
        for column, value in enumerate(values, start=1):
            if isinstance(value, str) and value.startswith("="):
                sheet.cell(row=row, column=column).data_type = "s"


class WorkbookWriter:
    """The whole workbook, loaded to be changed and saved without losing what the TO made."""

    def __init__(self, path: Path, book: openpyxl.Workbook | None = None):
        self.path = path
        if book is not None:
            self.book = book
            return
        check_readable(path)
        try:
            self.book = _quiet_load(path, rich_text=True, keep_links=True)
        except Exception as error:
            raise unreadable(path, error) from None

    @classmethod
    def blank(cls, path: Path) -> WorkbookWriter:
        """A new, empty workbook to be saved at `path` (for `init`)."""
        return cls(path, book=openpyxl.Workbook())

    def find_sheet(self, name: str) -> Any | None:
        """A sheet by the name a person reads: ignoring case, spaces and invisible characters."""
        for sheet in self.book.worksheets:
            if sheet_key(sheet.title) == sheet_key(name):
                return sheet
        return None

    def add_sheet(self, name: str, index: int | None = None) -> Any:
        if self.find_sheet(name) is not None:
            raise open_problem(self.path, f'A sheet named "{name}" already exists.',
                               "Rename or delete it, then run the command again.")
        return self.book.create_sheet(name, index)

    def remove_sheet(self, name: str) -> int | None:
        sheet = self.find_sheet(name)
        if sheet is None:
            return None
        index = self.book.worksheets.index(sheet)
        self.book.remove(sheet)
        return index

    def write_table(self, name: str, headers: list[str], rows: list[list[Any]], widths: list[int],
                    validations: dict[int, DataValidation] | None = None, index: int | None = None) -> Any:
        """A new sheet with a styled header and one row per entry; validations by column number."""
        sheet = self.add_sheet(name, index)
        sheet.append(headers)
        style_header(sheet, headers, widths)
        append_rows(sheet, rows)
        last = max(sheet.max_row, 2)
        for column, rule in (validations or {}).items():
            letter = get_column_letter(column)
            rule.add(f"{letter}2:{letter}{last}")
            sheet.add_data_validation(rule)
        return sheet

    def save(self, target: Path) -> Path | None:
        """Save to `target` atomically, first keeping a timestamped backup of whatever file was there."""
        if target.resolve() == self.path.resolve():
            refuse_unsafe_in_place(self.path)
        elif target.exists() and lock_file(target) is not None:
            raise open_problem(target, "The output file is open in Excel or LibreOffice.", "Close it, or choose "
                               "another name for -o.")
        return save_atomically(self.book, target, backup_of=target if target.exists() else None)


def refuse_unsafe_in_place(path: Path) -> None:
    """Refuse to overwrite a workbook that is open elsewhere or holds what openpyxl would lose."""
    lock = lock_file(path)
    if lock is not None:
        raise open_problem(path, f"The workbook is open in Excel or LibreOffice (lock file {lock.name}).",
                           "Close it there and run the command again, or write a copy with -o NEW.xlsx.")
    lost = find_unkeepable(path)
    if lost:
        raise open_problem(path, "The workbook holds " + ", ".join(lost) + ", which sheetrunner cannot keep "
                           "when it rewrites the file, so it will not overwrite it.",
                           "Write a copy instead with -o NEW.xlsx (the original stays as it is).")


def save_atomically(book: openpyxl.Workbook, target: Path, backup_of: Path | None = None) -> Path | None:
    """Write a temporary file beside `target`, check it opens, back up the original, then replace."""
    temporary = target.with_name(f".{target.stem}.{os.getpid()}.tmp.xlsx")
    try:
        book.save(temporary)
        _check_saved(temporary, book.sheetnames)
        backup = _backup(backup_of) if backup_of is not None and backup_of.exists() else None
        os.replace(temporary, target)
        return backup
    except PermissionError:
        raise open_problem(target, "The workbook cannot be written (permission denied, or open in another "
                           "program).", "Close it in Excel or LibreOffice, or write a copy with -o NEW.xlsx.") from None
    finally:
        if temporary.exists():
            temporary.unlink()


def _check_saved(path: Path, sheetnames: list[str]) -> None:
    book = _quiet_load(path, read_only=True)
    try:
        if book.sheetnames != sheetnames:
            raise RuntimeError(f"saved workbook has sheets {book.sheetnames}, expected {sheetnames}")
    finally:
        book.close()


def _backup(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.stem}.backup-{stamp}{path.suffix}")
    counter = 1
    while backup.exists():
        counter += 1
        backup = path.with_name(f"{path.stem}.backup-{stamp}-{counter}{path.suffix}")
    shutil.copy2(path, backup)
    return backup


def now_text() -> str:
    """The time written in the Log; SOURCE_DATE_EPOCH fixes it for reproducible files."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = datetime.fromtimestamp(int(epoch)) if epoch else datetime.fromtimestamp(time.time())
    return moment.strftime("%Y-%m-%d %H:%M:%S")
