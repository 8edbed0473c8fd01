"""An xlsx package (a zip of XML parts) changed part by part.

sheetrunner's writes are small: a new sheet or two, a few cells of Players,
a row of the Log. So instead of loading and saving the whole workbook (which
loses what the loading library does not know, and costs seconds), the
package is kept as its parts' bytes: a new sheet is a new part with its
entries in the workbook list, relationships, content types and document
properties (`registry`); a patched sheet is that one part re-serialised; every other part
is written back exactly as it was read (pictures, charts, pivots, macros,
comments, cached formula values, extensions).
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path
from typing import Any, Iterable

from lxml import etree

from .ooxml import (CONTENT_TYPES, MAIN, OFFICE_DOCUMENT, PKG_REL, REL, WORKSHEET_CONTENT, WORKSHEET_TYPE,
                    parse_xml, q, resolve, root_of, serialize)
from .registry import (SheetEntry, add_content_type, add_relationship, list_in_app_properties,
                       recalculate_on_open, shift_sheet_indexes)
from .safety import damaged, read_member
from .sheetxml import SheetTable, new_sheet_xml, patch_cells, append_rows as append_sheet_rows
from .zipcopy import write_zip


# A part listed in <sheets> is what its relationship says: a worksheet, or a chart or dialog sheet (never read,
# copied as they are), whose root element has that name.
SHEET_KINDS = ("worksheet", "chartsheet", "dialogsheet")


class Package:
    """The parts of one xlsx file, in memory, ready to be changed and written again."""

    def __init__(self, archive: zipfile.ZipFile, path: Path, parts: dict[str, bytes] | None = None):
        """`parts`: XML parts already unpacked (and checked) by `safety.read_parts`, so none is unpacked twice."""
        self.path = path
        self.archive = archive
        self.infos = {info.filename: info for info in archive.infolist() if not info.is_dir()}
        self.parts = PartCache(self)
        self.parts.update(parts or {})
        self.changed: set[str] = set()
        self._xml: dict[str, etree._Element] = {}
        self._require(CONTENT_TYPES, "which every workbook has")
        self.workbook_part = self._find_workbook_part()
        self.sheets = self._read_sheet_list()
        self._check_styles_link()

    # --- reading the structure -----------------------------------------------------------------------

    def xml(self, part: str) -> etree._Element:
        """A part parsed (once); call `touch` after changing it. A part missing or not XML is damage, named."""
        if part not in self._xml:
            self._require(part, "which the workbook refers to")
            try:
                self._xml[part] = parse_xml(self.parts[part])
            except etree.XMLSyntaxError as error:
                raise damaged(self.path, f"the part {part} is not well-formed XML ({error.msg})") from None
        return self._xml[part]

    def _require(self, part: str, why: str) -> None:
        if part not in self.parts:
            raise damaged(self.path, f"it has no part {part}, {why}")

    def touch(self, part: str) -> None:
        self.changed.add(part)

    def _find_workbook_part(self) -> str:
        self._require("_rels/.rels", "which every workbook has")
        for rel in self.xml("_rels/.rels").iter(q(PKG_REL, "Relationship")):
            if rel.get("Type") == OFFICE_DOCUMENT:
                return resolve("", rel.get("Target") or "")
        return "xl/workbook.xml"

    def rels_part(self, part: str) -> str:
        folder, name = posixpath.split(part)
        return posixpath.join(folder, "_rels", name + ".rels")

    def _read_sheet_list(self) -> list[SheetEntry]:
        workbook = self.xml(self.workbook_part)
        rels = list(self.xml(self.rels_part(self.workbook_part)).iter(q(PKG_REL, "Relationship")))
        base = posixpath.dirname(self.workbook_part)
        targets = {rel.get("Id"): resolve(base, rel.get("Target") or "") for rel in rels}
        kinds = {rel.get("Id"): (rel.get("Type") or "").rpartition("/")[2] for rel in rels}
        listing = workbook.find(q(MAIN, "sheets"))
        if listing is None:
            raise damaged(self.path, f"the part {self.workbook_part} lists no sheets")
        sheets: list[SheetEntry] = []
        for sheet in listing.iter(q(MAIN, "sheet")):
            part, title = targets.get(sheet.get(q(REL, "id")), ""), sheet.get("name")
            if title is None or part not in self.parts:
                raise damaged(self.path, f'the sheet "{sheet.get("name")}" is listed but its part {part or "(none)"} '
                              "is missing")
            if any(entry.title == sheet.get("name") for entry in sheets):
                raise damaged(self.path, f'two sheets are named "{sheet.get("name")}" in {self.workbook_part} (Excel '
                              "allows a name once)")
            kind = kinds.get(sheet.get(q(REL, "id")), "")
            if kind in SHEET_KINDS:  # a macro sheet (another namespace) is only copied
                self._check_root(part, kind, f'the {kind} "{sheet.get("name")}"')
            sheets.append(SheetEntry(title, part, sheet))
        return sheets

    def _check_root(self, part: str, kind: str, listed: str) -> None:
        """A well-formed part of the wrong kind (a sheet whose root is not a worksheet, one in another namespace)
        would be copied into every workbook sheetrunner writes, which Excel then cannot open: named here instead.
        Its root alone is read: cheap enough for every sheet."""
        root = root_of(self.parts[part])
        if not root or root == q(MAIN, kind):
            return
        namespace, _, name = root[1:].rpartition("}")
        why = f"its root element is <{name}>, not <{kind}>" if namespace == MAIN else \
            f"its root element is in the namespace {namespace or '(none)'}, not in the spreadsheet one"
        raise damaged(self.path, f"the part {part}, listed as {listed}, is not a {kind} part ({why})")

    def _check_styles_link(self) -> None:
        """A style part that the workbook does not link to as its styles means a damaged relationship: adding a
        second one (or replacing the part) when writing would lose the workbook's styles."""
        from .styles import styles_part

        base, styles = posixpath.dirname(self.workbook_part), styles_part(self)
        if styles is not None and styles in self.parts:
            self._check_root(styles, "styleSheet", "the workbook's styles")
        if styles is None and posixpath.join(base, "styles.xml") in self.parts:
            raise damaged(self.path, f"its style part {posixpath.join(base, 'styles.xml')} is not linked from "
                          f"{self.rels_part(self.workbook_part)}")

    def sheet(self, title: str) -> SheetEntry:
        return next(entry for entry in self.sheets if entry.title == title)

    def sheet_xml(self, title: str) -> bytes:
        """A worksheet's XML (each listed sheet's part was found when the package was read)."""
        return self.parts[self.sheet(title).part]

    # --- changing it ---------------------------------------------------------------------------------

    def add_sheet(self, table: SheetTable, before: str | None = None) -> None:
        """A new worksheet part, listed in the workbook before the sheet `before` (else last)."""
        part = self._free_name("xl/worksheets/sheet{}.xml")
        self._set_part(part, new_sheet_xml(table, self.styles()))
        rid = add_relationship(self, self.rels_part(self.workbook_part), WORKSHEET_TYPE,
                                     posixpath.relpath(part, posixpath.dirname(self.workbook_part)))
        workbook = self.xml(self.workbook_part)
        listing = workbook.find(q(MAIN, "sheets"))
        assert listing is not None  # `read_sheets` refused a workbook that lists none
        ids = [int(s.get("sheetId", 0)) for s in listing.iter(q(MAIN, "sheet"))]
        element = etree.Element(q(MAIN, "sheet"), {"name": table.title, "sheetId": str(max(ids, default=0) + 1),
                                                    q(REL, "id"): rid})
        if table.hidden:
            element.set("state", "hidden")
        index = next((i for i, s in enumerate(self.sheets) if s.title == before), len(self.sheets))
        listing.insert(index, element)
        shift_sheet_indexes(workbook, index)
        self.sheets.insert(index, SheetEntry(table.title, part, element))
        self.touch(self.workbook_part)
        add_content_type(self, part, WORKSHEET_CONTENT)
        list_in_app_properties(self, table.title, index)

    def replace_sheet(self, table: SheetTable) -> None:
        """A sheet sheetrunner owns (a round paired again, standings rewritten) gets new content in its part."""
        self._set_part(self.sheet(table.title).part, new_sheet_xml(table, self.styles()))

    def _set_part(self, part: str, data: bytes) -> None:
        self.parts[part] = data
        self._xml.pop(part, None)
        self.touch(part)

    def patch_cells(self, title: str, cells: dict[tuple[int, int], Any]) -> None:
        """Set cells of an existing sheet ((row, column) from 1); the cells around them stay as they were."""
        if cells:
            self._set_part(self.sheet(title).part, patch_cells(self.sheet_xml(title), cells))
            recalculate_on_open(self)

    def append_rows(self, title: str, rows: Iterable[list[Any]]) -> None:
        self._set_part(self.sheet(title).part, append_sheet_rows(self.sheet_xml(title), list(rows)))

    def styles(self):
        from .styles import Styles

        if not hasattr(self, "_styles"):
            self._styles = Styles(self)
        return self._styles

    def _free_name(self, pattern: str) -> str:
        number = 1
        while pattern.format(number) in self.parts:
            number += 1
        return pattern.format(number)

    # --- writing ----------------------------------------------------------------------------------------

    @property
    def copied(self) -> dict[str, int]:
        """The parts a write copies as they were read, by checksum (they were parsed when read)."""
        return {name: info.CRC for name, info in self.infos.items() if name not in self.changed}

    def to_bytes(self) -> bytes:
        """The package as a zip: unchanged parts exactly as read, changed ones re-serialised, new ones last."""
        for part, root in self._xml.items():
            if part in self.changed:
                self.parts[part] = serialize(root)
        names = [*self.infos, *(n for n in dict.keys(self.parts) if n not in self.infos)]
        return write_zip([(name, self.infos.get(name), dict.get(self.parts, name) if name in self.changed or
                           name not in self.infos else None) for name in names], self.archive)


class PartCache(dict):
    """Parts' bytes by name, read from the archive (with its size limits) the first time they are asked for."""

    def __init__(self, package: Package):
        super().__init__()
        self.package = package

    def __missing__(self, name: str) -> bytes:
        info = self.package.infos.get(name)
        if info is None:
            raise KeyError(name)
        data = read_member(self.package.path, self.package.archive, info)
        self[name] = data
        return data

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self, name) or name in self.package.infos
