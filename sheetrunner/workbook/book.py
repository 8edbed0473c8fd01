"""An event workbook as a command uses it: read once, changed where sheetrunner owns it, saved safely.

The file format lives in `xlsx/`; this module is what the library core asks
of it. Sheets are found by the name a person reads (`layout.sheet_key`).
"""

from __future__ import annotations

import io
import os
import time
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .grid import SheetRows
from .layout import sheet_key
from .xlsx import files
from .xlsx.package import Package
from .xlsx.read import read_workbook
from .xlsx.sheetxml import SheetTable

BLANK_PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/'
        'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/'
        'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'extended-properties+xml"/></Types>'),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats'
        '.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" '
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" '
        'Target="docProps/app.xml"/></Relationships>'),
    "docProps/app.xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.'
        'org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/'
        '2006/docPropsVTypes"><Application>sheetrunner</Application><HeadingPairs><vt:vector size="2" '
        'baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>0</vt:i4>'
        '</vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="0" baseType="lpstr"/>'
        '</TitlesOfParts></Properties>'),
    "xl/workbook.xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/'
        'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<bookViews><workbookView activeTab="0"/></bookViews><sheets/><calcPr calcId="191029"/></workbook>'),
    "xl/_rels/workbook.xml.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats'
        '.org/package/2006/relationships"/>'),
}


@dataclass
class Workbook:
    """A workbook read for one command, and the changes to write."""

    path: Path
    package: Package
    sheets: dict[str, SheetRows]
    digest: str | None = None  # of the bytes read; None for a new workbook
    cleaned: list[Path] = field(default_factory=list)  # temporary files of killed runs removed before writing
    written: bytes = b""  # the bytes the last `save` put on disk

    @classmethod
    def read(cls, path: Path | str) -> Workbook:
        file = read_workbook(Path(path))
        return cls(file.path, file.package, file.sheets, file.digest)

    @classmethod
    def blank(cls, path: Path | str) -> Workbook:
        """A new workbook with no sheet yet (for `init`)."""
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in BLANK_PARTS.items():
                archive.writestr(name, text)
        return cls(Path(path), Package(zipfile.ZipFile(io.BytesIO(buffer.getvalue())), Path(path)), {})

    def title(self, name: str) -> str | None:
        """The sheet's title as it is in the workbook, found by the name a person reads."""
        return next((entry.title for entry in self.package.sheets if sheet_key(entry.title) == sheet_key(name)), None)

    @property
    def titles(self) -> list[str]:
        return [entry.title for entry in self.package.sheets]

    def add_sheet(self, table: SheetTable, before: str | None = None) -> None:
        """A new sheet before `before` (else last); one of sheetrunner's own with that title is replaced."""
        existing = self.title(table.title)
        if existing is not None:
            table.title = existing
            self.package.replace_sheet(table)
        else:
            self.package.add_sheet(table, self.title(before) if before else None)

    def patch(self, name: str, cells: dict[tuple[int, int], Any]) -> None:
        self.package.patch_cells(self._existing(name), cells)

    def append_rows(self, name: str, rows: list[list[Any]]) -> None:
        self.package.append_rows(self._existing(name), rows)

    def _existing(self, name: str) -> str:
        """The title of a sheet the caller found before writing into it: a missing one is a bug, said by name."""
        title = self.title(name)
        if title is None:
            raise KeyError(f"{self.path.name} has no sheet {name!r} to write into")
        return title

    def save(self, target: Path | str | None = None) -> Path | None:
        """Write the workbook to `target` (default: where it was read) safely; returns the backup made."""
        target = Path(target) if target is not None else self.path
        in_place = files.real_path(target) == files.real_path(self.path) and self.digest is not None
        files.check_target(target, in_place)
        data = self.package.to_bytes()
        expected = self.titles
        self.written = data
        return files.save(data, target, expected_digest=self.digest if in_place else None,
                          verify=lambda written: files.check_zip(written, expected, self.package.copied),
                          new_only=self.digest is None and target == self.path)


def now_text() -> str:
    """The time written in the Log; SOURCE_DATE_EPOCH fixes it for reproducible files."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = datetime.fromtimestamp(int(epoch)) if epoch else datetime.fromtimestamp(time.time())
    return moment.strftime("%Y-%m-%d %H:%M:%S")
