"""The few cell styles sheetrunner's sheets use, found in the workbook's style part or appended to it.

A header is bold white on slate blue; a percentage shows as 0.00%. Each is a
cell format (`xf`) whose index the sheet's cells name; an identical one
already in the workbook is reused, so repeated writes do not pile up styles.
"""

from __future__ import annotations

import posixpath
import re

from lxml import etree

from .ooxml import MAIN, resolve
from .registry import add_content_type, add_relationship

STYLES_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
STYLES_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
PLAIN_XF = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
MINIMAL = (f'<styleSheet xmlns="{MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
           '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/>'
           '</fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
           '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
           f'<cellXfs count="1">{PLAIN_XF}</cellXfs>'
           '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>')
STYLE_INDEX = re.compile(rb'\ss(?:tyle)?="(\d+)"')  # a cell's or row's s="3", a column's style="3": cell formats
DXF_INDEX = re.compile(rb'\bdxfId="(\d+)"')  # a conditional format's differential format
HEADER_FONT = f'<font xmlns="{MAIN}"><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/></font>'
HEADER_FILL = (f'<fill xmlns="{MAIN}"><patternFill patternType="solid"><fgColor rgb="FF2F4F6F"/>'
               '<bgColor indexed="64"/></patternFill></fill>')
PERCENT = 10  # Excel's built-in number format 0.00%
TEXT = 49  # Excel's built-in number format @ (text): a 2-1 typed in the cell stays 2-1, never 1 February
BAND_FILL = "FFEDF2F7"  # every other table of a round sheet: a pale slate, lighter than the header's
INPUT_FILL = "FFFFF5CC"  # the cells the TO types results into: a pale yellow, as paper forms mark boxes to fill
TABLE_LINE = (f'<border xmlns="{MAIN}"><left/><right/><top style="thin"><color rgb="FF8FA3B8"/></top><bottom/>'
              '<diagonal/></border>')

# The children of <styleSheet>, in the order the schema fixes (ECMA-376 Part 1, §18.8.39).
STYLE_SHEET_ORDER = ("numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles", "dxfs",
                     "tableStyles", "colors", "extLst")


def q(tag: str) -> str:
    return f"{{{MAIN}}}{tag}"


def styles_part(package) -> str | None:
    """The part the workbook's relationships name as its styles, or None."""
    for rel in package.xml(package.rels_part(package.workbook_part)):
        if rel.get("Type") == STYLES_TYPE:
            return resolve(posixpath.dirname(package.workbook_part), rel.get("Target") or "")
    return None


class Styles:
    """Cell format indexes for sheetrunner's sheets, in one package's style part."""

    def __init__(self, package):
        self.package = package
        self.part = self._part()
        self.root = package.xml(self.part)
        self._header: int | None = None
        self._percent: int | None = None
        self._cells: dict[tuple[bool, bool, bool, bool], int] = {}

    def _part(self) -> str:
        """The workbook's style part; made when it has none, or when its relationship names a part that is
        missing (a program that writes no styles), so no second relationship is ever added."""
        part = styles_part(self.package)
        if part is None:
            part = posixpath.join(posixpath.dirname(self.package.workbook_part), "styles.xml")
            add_relationship(self.package, self.package.rels_part(self.package.workbook_part), STYLES_TYPE,
                             "styles.xml")
        if part not in self.package.parts:
            self.package.parts[part] = minimal_styles(self.package)
            self.package.touch(part)
            add_content_type(self.package, part, STYLES_CONTENT)
        return part

    @property
    def header(self) -> int:
        if self._header is None:
            font = self._find_or_add("fonts", HEADER_FONT)
            fill = self._find_or_add("fills", HEADER_FILL)
            self._header = self._xf(f'<xf xmlns="{MAIN}" numFmtId="0" fontId="{font}" fillId="{fill}" borderId="0" '
                                    'xfId="0" applyFont="1" applyFill="1" applyAlignment="1">'
                                    '<alignment vertical="center"/></xf>')
        return self._header

    @property
    def percent(self) -> int:
        if self._percent is None:
            self._percent = self._xf(f'<xf xmlns="{MAIN}" numFmtId="{PERCENT}" fontId="0" fillId="0" borderId="0" '
                                     'xfId="0" applyNumberFormat="1"/>')
        return self._percent

    def cell(self, band: bool = False, typed: bool = False, text: bool = False, top: bool = False) -> int:
        """A round sheet's cell made for typing (issue 31): `band` for every other table, `typed` for a cell to type
        a result in (a pale fill, over the band), `text` formats it as text, `top` draws the line above a table's
        first row. 0 (the workbook's plain format) when none applies."""
        key = (band and not typed, typed, text, top)
        if key not in self._cells:
            self._cells[key] = self._cell_xf(*key) if any(key) else 0
        return self._cells[key]

    def _cell_xf(self, band: bool, typed: bool, text: bool, top: bool) -> int:
        colour = INPUT_FILL if typed else BAND_FILL if band else ""
        fill = self._find_or_add("fills", f'<fill xmlns="{MAIN}"><patternFill patternType="solid"><fgColor '
                                 f'rgb="{colour}"/><bgColor indexed="64"/></patternFill></fill>') if colour else 0
        border = self._find_or_add("borders", TABLE_LINE) if top else 0
        applied = ' applyFill="1"' * bool(fill) + ' applyBorder="1"' * bool(border) + ' applyNumberFormat="1"' * text
        return self._xf(f'<xf xmlns="{MAIN}" numFmtId="{TEXT if text else 0}" fontId="0" fillId="{fill}" '
                        f'borderId="{border}" xfId="0"{applied}/>')

    def _xf(self, xml: str) -> int:
        return self._find_or_add("cellXfs", xml)

    def _find_or_add(self, list_tag: str, xml: str) -> int:
        """The index of an element equal to `xml` in one of the style lists, appending it when there is none."""
        wanted = etree.fromstring(xml)
        listing = self.root.find(q(list_tag))
        if listing is None:
            listing = self._add_list(list_tag)
        for index, element in enumerate(listing):
            if _same(element, wanted):
                return index
        listing.append(wanted)
        listing.set("count", str(len(listing)))
        self.package.touch(self.part)
        return len(listing) - 1

    def _add_list(self, list_tag: str) -> etree._Element:
        """A new, empty list of `list_tag`, in its place in the schema's order (Excel refuses another order):
        before the first list that comes after it, else last."""
        listing = etree.Element(q(list_tag), {"count": "0"})
        later = [self.root.find(q(tag)) for tag in STYLE_SHEET_ORDER[STYLE_SHEET_ORDER.index(list_tag) + 1:]]
        anchor = next((element for element in later if element is not None), None)
        if anchor is not None:
            anchor.addprevious(listing)
        else:
            self.root.append(listing)
        return listing


def minimal_styles(package) -> bytes:
    """A style part for a workbook that has none: as many plain cell formats (and empty differential ones) as its
    sheets name, so no style index already in a cell dangles (Excel would call the written workbook damaged) and
    sheetrunner's own styles are appended after them."""
    xfs, dxfs = 1, 0
    for entry in package.sheets:
        xml = package.parts[entry.part]
        xfs = max([xfs, *(int(index) + 1 for index in STYLE_INDEX.findall(xml))])
        dxfs = max([dxfs, *(int(index) + 1 for index in DXF_INDEX.findall(xml))])
    styles = MINIMAL.replace(f'<cellXfs count="1">{PLAIN_XF}', f'<cellXfs count="{xfs}">{PLAIN_XF * xfs}')
    if dxfs:
        styles = styles.replace("</styleSheet>", f'<dxfs count="{dxfs}">{"<dxf/>" * dxfs}</dxfs></styleSheet>')
    return styles.encode()


def _same(first: etree._Element, second: etree._Element) -> bool:
    """Two style elements mean the same: tag, attributes and children alike (order of attributes aside)."""
    if etree.QName(first).localname != etree.QName(second).localname or dict(first.attrib) != dict(second.attrib):
        return False
    return len(first) == len(second) and all(_same(a, b) for a, b in zip(first, second))
