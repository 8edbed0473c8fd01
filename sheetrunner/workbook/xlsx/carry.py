"""Cells of a sheet about to be rewritten, read as they are stored, and put back into the sheet that replaces it.

A column the TO added to one of sheetrunner's output sheets (a `Prize` beside
the standings) is carried into the new sheet cell by cell: the stored cell
itself moves, with its style (a currency, a date, a bold header) and its
type, so a number stays a number. Only its place changes, and a formula
keeps its last value (its references would point at other rows once the
players moved). A shared string becomes the same text stored in the cell
(`<is>` holds what `<si>` held, rich text too), so the cell needs nothing
from another part.
"""

from __future__ import annotations

import copy
import posixpath
import re
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from ..grid import column_letter, column_number
from .extent import lay_out
from .ooxml import MAIN, PKG_REL, q, resolve, serialize, parse_xml

SHARED_STRINGS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")
DEFAULT_WIDTH = 14


@dataclass
class StoredSheet:
    """A worksheet's cells that hold something, by (row, column from 1): their values as a reader sees them,
    the stored elements, and the column widths the TO set."""

    values: dict[tuple[int, int], Any] = field(default_factory=dict)
    elements: dict[tuple[int, int], etree._Element] = field(default_factory=dict)
    widths: dict[int, float] = field(default_factory=dict)
    shared: list[etree._Element] = field(default_factory=list)  # the workbook's shared strings (<si>)


def read_stored_sheet(package, title: str) -> StoredSheet:
    """Every cell of the sheet `title` holding a value or a formula (`extent.lay_out`: far cells are safe)."""
    entry = package.sheet(title)
    xml = package.parts[entry.part]
    layout = lay_out(package.path, title, entry.part, xml)
    stored = StoredSheet(shared=_shared_strings(package))
    for row, cells in layout.rows.items():
        for column, element in cells.items():
            stored.elements[(row, column)] = element
            stored.values[(row, column)] = cell_value(element, stored.shared)
    stored.widths = _widths(xml)
    return stored


def _shared_strings(package) -> list[etree._Element]:
    rels = package.xml(package.rels_part(package.workbook_part))
    for rel in rels.iter(q(PKG_REL, "Relationship")):
        if rel.get("Type") == SHARED_STRINGS:
            part = resolve(posixpath.dirname(package.workbook_part), rel.get("Target") or "")
            if part in package.parts:
                return list(package.xml(part).iter(q(MAIN, "si")))
    return []


def _text(element: etree._Element | None) -> str:
    """The text of an `<si>` or `<is>` (its runs, without phonetic guides), `_xHHHH_` decoded."""
    if element is None:
        return ""
    parts = [t.text or "" for t in element.iter(q(MAIN, "t"))
             if (parent := t.getparent()) is None or etree.QName(parent).localname != "rPh"]
    return ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), "".join(parts))


V, IS, F = q(MAIN, "v"), q(MAIN, "is"), q(MAIN, "f")


def cell_value(element: etree._Element, shared: list[etree._Element]) -> Any:
    """What a reader sees in a stored cell: text, a number, TRUE/FALSE, an error such as `#N/A`."""
    kind = element.get("t") or "n"
    if kind == "inlineStr":
        return _text(element.find(IS))
    raw = (element.findtext(V) or "").strip()
    if kind == "s":
        return _text(shared[int(raw)]) if raw.isdigit() and int(raw) < len(shared) else raw
    if kind in ("str", "e"):
        return raw
    if kind == "b":
        return raw == "1"
    try:
        number = float(raw)
    except ValueError:
        return raw or None
    return int(number) if number.is_integer() and abs(number) < 2**53 else number


def has_formula(element: etree._Element) -> bool:
    return element.find(F) is not None


COLS = re.compile(rb"<(?:\w+:)?cols\b.*?</(?:\w+:)?cols>", re.DOTALL)
COL = re.compile(rb"<(?:\w+:)?col\b([^>]*)>")
ATTRIBUTE = re.compile(rb'\b(min|max|width)="([^"]*)"')


def _widths(xml: bytes) -> dict[int, float]:
    """Column widths from the sheet's `<cols>`, by column number (only that element is looked at: the sheet was
    parsed when the workbook was read)."""
    widths: dict[int, float] = {}
    found = COLS.search(xml)
    for col in COL.finditer(found.group(0) if found else b""):
        attributes = {name.decode(): value.decode() for name, value in ATTRIBUTE.findall(col.group(1))}
        try:
            low, high, width = int(attributes["min"]), int(attributes["max"]), float(attributes["width"])
        except (KeyError, ValueError):
            continue
        for column in range(low, min(high, low + 64) + 1):
            widths[column] = width
    return widths


def moved_cell(element: etree._Element, reference: str, shared: list[etree._Element]) -> etree._Element:
    """A stored cell at a new place: its style and value kept; a formula's last value only; a shared string as
    the same text in the cell."""
    cell = copy.deepcopy(element)
    cell.set("r", reference)
    for formula in cell.findall(F):
        cell.remove(formula)
    cell.attrib.pop("cm", None)  # the metadata of a dynamic array formula, gone with the formula
    kind = cell.get("t")
    if kind in ("s", "str"):
        value = cell.find(q(MAIN, "v"))
        raw = (value.text or "") if value is not None else ""
        if kind == "s" and raw.strip().isdigit() and int(raw) < len(shared):
            inline = etree.Element(q(MAIN, "is"))
            inline.extend(copy.deepcopy(child) for child in shared[int(raw)])
        else:
            inline = etree.fromstring(f'<is xmlns="{MAIN}"><t xml:space="preserve"></t></is>')
            inline[0].text = raw
        for child in list(cell):
            cell.remove(child)
        cell.append(inline)
        cell.set("t", "inlineStr")
    return cell


def place_cells(xml: bytes, cells: dict[tuple[int, int], etree._Element], widths: dict[int, float]) -> bytes:
    """A sheet sheetrunner has just made (`new_sheet_xml`: every row numbered, its own columns first) with
    `cells` put at (row, column), right of its own, and their columns given `widths`."""
    if not cells:
        return xml
    root = parse_xml(xml)
    sheet_data = root.find(q(MAIN, "sheetData"))
    assert sheet_data is not None  # `new_sheet_xml` writes one, every row numbered
    rows = {int(row.get("r", "")): row for row in sheet_data.iter(q(MAIN, "row"))}
    for (number, _), cell in sorted(cells.items()):
        row = rows.get(number)
        if row is None:
            row = etree.SubElement(sheet_data, q(MAIN, "row"), {"r": str(number)})
            rows[number] = row
        row.append(cell)
    _add_widths(root, widths)
    last_column = max(column for _, column in cells)
    dimension = root.find(q(MAIN, "dimension"))
    if dimension is not None:
        old_last = re.match(r"[A-Z]+\d+:([A-Z]+)", dimension.get("ref") or "")
        width = max(last_column, column_number(old_last.group(1)) if old_last else 1)
        dimension.set("ref", f"A1:{column_letter(width)}{max(rows)}")
    return serialize(root)


def _add_widths(root: etree._Element, widths: dict[int, float]) -> None:
    cols = root.find(q(MAIN, "cols"))
    if cols is None:
        cols = etree.Element(q(MAIN, "cols"))
        sheet_data = root.find(q(MAIN, "sheetData"))
        assert sheet_data is not None  # `new_sheet_xml` writes one
        sheet_data.addprevious(cols)
    for column, width in sorted(widths.items()):
        etree.SubElement(cols, q(MAIN, "col"), {"min": str(column), "max": str(column), "width": str(width),
                                               "customWidth": "1"})
