"""A new sheet's entries in the package's own lists, and the flags a changed cell needs: the workbook's
relationship to the part, its content type, the sheet indexes that move up when one is inserted (defined names,
the active tab), the titles of the document properties, and recalculation on open. Every change is the smallest
edit of the part that holds it, so the rest of the part stays as the TO's program wrote it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from lxml import etree

from .ooxml import APP, CONTENT, CONTENT_TYPES, MAIN, PKG_REL, VT, q, serialize


@dataclass
class SheetEntry:
    """One sheet of the workbook list: its title, and the part holding it."""

    title: str
    part: str
    element: etree._Element  # its <sheet> element in workbook.xml


class PackageParts(Protocol):
    """What these edits (and `styles`) need of a package: its parts, parsed on demand and marked when changed, and
    its sheet list. `package.Package` is one; it builds on this module, so this module names only what it uses."""

    @property
    def parts(self) -> dict[str, bytes]: ...

    @property
    def sheets(self) -> list[SheetEntry]: ...

    @property
    def workbook_part(self) -> str: ...

    def xml(self, part: str) -> etree._Element: ...

    def touch(self, part: str) -> None: ...

    def rels_part(self, part: str) -> str: ...


def add_relationship(package: PackageParts, rels_part: str, kind: str, target: str) -> str:
    """A relationship from the part of `rels_part` to `target`, under the first free id (the rels part made when
    the part had none); its id."""
    if rels_part not in package.parts:
        package.parts[rels_part] = serialize(etree.Element(q(PKG_REL, "Relationships"), nsmap={None: PKG_REL}))
    rels = package.xml(rels_part)
    taken = {rel.get("Id") for rel in rels}
    number = len(taken) + 1
    while f"rId{number}" in taken:
        number += 1
    etree.SubElement(rels, q(PKG_REL, "Relationship"), {"Id": f"rId{number}", "Type": kind, "Target": target})
    package.touch(rels_part)
    return f"rId{number}"


def add_content_type(package: PackageParts, part: str, content_type: str) -> None:
    """The part's content type, declared once (a part re-created where one was missing keeps its entry)."""
    types = package.xml(CONTENT_TYPES)
    existing = [o for o in types.iter(q(CONTENT, "Override")) if o.get("PartName", "").lower() == "/" + part.lower()]
    if existing:
        if existing[0].get("ContentType") == content_type:
            return
        existing[0].set("ContentType", content_type)
    else:
        etree.SubElement(types, q(CONTENT, "Override"), {"PartName": "/" + part, "ContentType": content_type})
    package.touch(CONTENT_TYPES)


def shift_sheet_indexes(workbook: etree._Element, index: int) -> None:
    """Sheets after an inserted one move up by one: defined names scoped to them, and the active tab."""
    for name in workbook.iter(q(MAIN, "definedName")):
        local = name.get("localSheetId")
        if local is not None and local.isdigit() and int(local) >= index:
            name.set("localSheetId", str(int(local) + 1))
    for view in workbook.iter(q(MAIN, "workbookView")):
        for attribute in ("activeTab", "firstSheet"):
            value = view.get(attribute)
            if value is not None and value.isdigit() and int(value) >= index and \
                    (attribute == "activeTab" or int(value) > index):
                view.set(attribute, str(int(value) + 1))


def list_in_app_properties(package: PackageParts, title: str, index: int) -> None:
    """docProps/app.xml lists the sheet titles (Excel's File > Info): the new one joins them when the list is
    the usual one (worksheets first, counted by the first heading pair), else it is left as it was."""
    part = "docProps/app.xml"
    if part not in package.parts:
        return
    app = package.xml(part)
    vector = app.find(f"{q(APP, 'TitlesOfParts')}/{q(VT, 'vector')}")
    count = app.find(f"{q(APP, 'HeadingPairs')}/{q(VT, 'vector')}/{q(VT, 'variant')}[2]/{q(VT, 'i4')}")
    if vector is None or count is None or count.text != str(len(package.sheets) - 1) or len(vector) < len(
            package.sheets) - 1:
        return
    element = etree.Element(q(VT, "lpstr"))
    element.text = title
    vector.insert(index, element)
    vector.set("size", str(len(vector)))
    count.text = str(len(package.sheets))
    package.touch(part)


def recalculate_on_open(package: PackageParts) -> None:
    """Cells sheetrunner changed may feed the TO's formulas: ask Excel to recalculate when it opens the file
    (the saved values stay in the file until then)."""
    workbook = package.xml(package.workbook_part)
    calc = workbook.find(q(MAIN, "calcPr"))
    if calc is None:
        calc = etree.Element(q(MAIN, "calcPr"))
        anchor = next((workbook.find(q(MAIN, t)) for t in ("oleSize", "customWorkbookViews", "pivotCaches",
                       "smartTagPr", "smartTagTypes", "webPublishing", "fileRecoveryPr", "webPublishObjects",
                       "extLst") if workbook.find(q(MAIN, t)) is not None), None)
        if anchor is not None:
            anchor.addprevious(calc)
        else:
            workbook.append(calc)
    if calc.get("fullCalcOnLoad") != "1":
        calc.set("fullCalcOnLoad", "1")
        package.touch(package.workbook_part)
