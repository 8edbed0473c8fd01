"""Cells a person marked by their look: struck through, or filled red.

A TO who crosses a player off the roster often does it the way they would on
paper: a line through the row, or a red fill. Values alone never show it
(python-calamine reads no styles), so the worksheet's style ids are looked
up in the workbook's style part, already parsed safely with the package.
It stays cheap: only the sheet asked about (the Players sheet), only the
style ids its cells use, and no cell is visited unless one of those styles
marks something.

What counts as red: a solid pattern fill whose colour, given as RGB, as an
index of the legacy palette or as a theme colour with its tint, has a hue
within 30 degrees below and 15 above pure red (red, dark red, rose, the pink
of Excel's "Bad" style), a saturation of at least 0.15 (a pale tint used to
band a table's rows is not a mark) and a brightness of at least 0.45 (dark
maroon still counts; a red so dark it reads as black does not).
"""

from __future__ import annotations

import colorsys
import posixpath
import re

from lxml import etree

from ..grid import column_number
from .ooxml import MAIN, PKG_REL, parse_xml, q, resolve
from .styles import styles_part

STRUCK = "struck through"
RED = "filled red"
THEME_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme"
DRAWING = "http://schemas.openxmlformats.org/drawingml/2006/main"
# Excel's legacy palette (`indexed` colours 0-63), used when the style part does not list its own.
PALETTE = ("000000 FFFFFF FF0000 00FF00 0000FF FFFF00 FF00FF 00FFFF 000000 FFFFFF FF0000 00FF00 0000FF FFFF00 "
           "FF00FF 00FFFF 800000 008000 000080 808000 800080 008080 C0C0C0 808080 9999FF 993366 FFFFCC CCFFFF "
           "660066 FF8080 0066CC CCCCFF 000080 FF00FF FFFF00 00FFFF 800080 800000 008080 0000FF 00CCFF CCFFFF "
           "CCFFCC FFFF99 99CCFF FF99CC CC99FF FFCC99 3366FF 33CCCC 99CC00 FFCC00 FF9900 FF6600 666699 969696 "
           "003366 339966 003300 333300 993300 993366 333399 333333").split()
# Theme colour indexes as Excel numbers them (light 1 first), against the scheme's order in the theme part.
THEME_ORDER = ("lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6",
               "hlink", "folHlink")
# Any style attribute (a cell's, a row's): a quick superset of the formats the sheet's cells use. Attributes
# are written after one space by every program seen (a literal start keeps the search to a fraction of `\s`'s).
STYLE_ID = re.compile(rb' s="(\d+)"')
CELL_TAG = re.compile(rb"<(?:\w+:)?c\s")
REF = re.compile(rb'\br="([A-Z]{1,3})(\d+)"')
CELL_REF = re.compile(r"^([A-Z]{1,3})(\d+)$")
Marks = dict[int, dict[int, str]]  # sheet row -> column (from 1) -> STRUCK or RED


def marked_cells(package, title: str) -> Marks:
    """The cells of one sheet that are struck through or filled red, by row and column; {} when none is."""
    xml = package.sheet_xml(title)
    used = {int(number) for number in STYLE_ID.findall(xml)} - {0}
    if not used:
        return {}
    marking = style_marks(package, used)
    return _cells_with(xml, marking) if marking else {}


def style_marks(package, used: set[int]) -> dict[int, str]:
    """What each of the cell formats `used` marks (formats that mark nothing left out)."""
    part = styles_part(package)
    if part is None or part not in package.parts:
        return {}
    root = package.xml(part)
    formats, fonts, fills = (_listed(root, tag) for tag in ("cellXfs", "fonts", "fills"))
    colours = Colours(package, root)
    marks = {}
    for number in sorted(used):
        if number >= len(formats):
            continue
        font, fill = _item(fonts, formats[number], "fontId"), _item(fills, formats[number], "fillId")
        if font is not None and _struck(font):
            marks[number] = STRUCK
        elif fill is not None and colours.is_red_fill(fill):
            marks[number] = RED
    return marks


def _listed(root: etree._Element, tag: str) -> list[etree._Element]:
    listing = root.find(q(MAIN, tag))
    return [] if listing is None else [child for child in listing if isinstance(child.tag, str)]


def _item(listing: list[etree._Element], element: etree._Element, attribute: str) -> etree._Element | None:
    """The font or fill a cell format names by index (None when the index is not in the list)."""
    value = element.get(attribute) or "0"
    index = int(value) if value.isdigit() else 0
    return listing[index] if index < len(listing) else None


def _struck(font: etree._Element) -> bool:
    strike = font.find(q(MAIN, "strike"))
    return strike is not None and strike.get("val", "1").lower() not in ("0", "false")


def _cells_with(xml: bytes, marking: dict[int, str]) -> Marks:
    """Each cell whose own format marks it, found by one regular expression over the part (the few cells a TO
    formatted, among thousands). A row's format (`customFormat`) is left aside: it styles only the row's cells
    that have no element, which hold nothing, and Excel writes a formatted row's cells' own."""
    ids = b"|".join(str(number).encode() for number in marking)
    found: Marks = {}
    for match in re.finditer(rb' s="(' + ids + rb')"', xml):
        start = xml.rfind(b"<", 0, match.start())
        tag = xml[start:xml.find(b">", match.end()) + 1]
        if not CELL_TAG.match(tag):
            continue  # a row's format, or text that reads like one
        ref = REF.search(tag)
        if ref is None:  # a cell placed by its order alone: read the rows properly
            return _cells_by_order(xml, marking)
        found.setdefault(int(ref.group(2)), {})[column_number(ref.group(1).decode())] = marking[int(match.group(1))]
    return found


def _cells_by_order(xml: bytes, marking: dict[int, str]) -> Marks:
    """`_cells_with` for a sheet whose rows or cells leave out their places (allowed, and some programs do)."""
    found: Marks = {}
    number = 0
    for row in parse_xml(xml).iter(q(MAIN, "row")):
        typed = row.get("r") or ""
        number = int(typed) if typed.isdigit() else number + 1
        column = 0
        for cell in row.iter(q(MAIN, "c")):
            match = CELL_REF.match(cell.get("r") or "")
            column = column_number(match.group(1)) if match else column + 1
            style = cell.get("s")
            mark = marking.get(int(style)) if style and style.isdigit() else None
            if mark:
                found.setdefault(number, {})[column] = mark
    return found


class Colours:
    """Colours of one workbook's styles as RGB: the legacy palette (or the workbook's own) and its theme."""

    def __init__(self, package, styles_root: etree._Element):
        own = styles_root.find(f"{q(MAIN, 'colors')}/{q(MAIN, 'indexedColors')}")
        self.palette = [c.get("rgb", "")[-6:] for c in own] if own is not None and len(own) else PALETTE
        self.package = package
        self._theme: list[str] | None = None

    def is_red_fill(self, fill: etree._Element) -> bool:
        pattern = fill.find(q(MAIN, "patternFill"))
        if pattern is None or pattern.get("patternType") != "solid":
            return False
        colour = pattern.find(q(MAIN, "fgColor"))
        rgb = self.rgb(colour) if colour is not None else None
        return rgb is not None and is_red(rgb)

    def rgb(self, colour: etree._Element) -> tuple[float, float, float] | None:
        """A `color`/`fgColor` element as (r, g, b) from 0 to 1, or None when it names none (automatic)."""
        text, indexed, themed = colour.get("rgb"), colour.get("indexed") or "", colour.get("theme") or ""
        if text:
            text = text[-6:]
        elif indexed.isdigit() and int(indexed) < len(self.palette):
            text = self.palette[int(indexed)]
        elif themed.isdigit() and int(themed) < len(self.theme):
            text = self.theme[int(themed)]
        if not text or not re.fullmatch(r"[0-9A-Fa-f]{6}", text):
            return None
        red, green, blue = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
        return _tinted((red, green, blue), colour.get("tint"))

    @property
    def theme(self) -> list[str]:
        """The theme's twelve colours in Excel's numbering ([] without a theme part)."""
        if self._theme is None:
            self._theme = _theme_colours(self.package)
        return self._theme


def _theme_colours(package) -> list[str]:
    rels = package.rels_part(package.workbook_part)
    part = next((resolve(posixpath.dirname(package.workbook_part), rel.get("Target") or "")
                 for rel in package.xml(rels).iter(q(PKG_REL, "Relationship")) if rel.get("Type") == THEME_TYPE),
                None)
    if part is None or part not in package.parts:
        return []
    scheme = package.xml(part).find(f".//{q(DRAWING, 'clrScheme')}")
    if scheme is None:
        return []
    colours = {etree.QName(child).localname: child for child in scheme if isinstance(child.tag, str)}
    listed = []
    for name in THEME_ORDER:
        value = colours.get(name)
        inner = value[0] if value is not None and len(value) else None
        listed.append("" if inner is None else inner.get("val") if inner.get("lastClr") is None
                      else inner.get("lastClr"))
    return listed


def _tinted(rgb: tuple[float, float, float], tint: str | None) -> tuple[float, float, float]:
    """A theme or palette colour lightened (tint above 0) or darkened (below) as Excel does, on its lightness."""
    try:
        amount = float(tint) if tint else 0.0
    except ValueError:
        return rgb
    if not amount:
        return rgb
    hue, lightness, saturation = colorsys.rgb_to_hls(*rgb)
    lightness = lightness * (1 + amount) if amount < 0 else lightness * (1 - amount) + amount
    return colorsys.hls_to_rgb(hue, min(max(lightness, 0.0), 1.0), saturation)


def is_red(rgb: tuple[float, float, float]) -> bool:
    """Red or pink as a person names it (see the module's docstring for the bounds)."""
    hue, saturation, value = colorsys.rgb_to_hsv(*rgb)
    return (hue * 360 <= 15 or hue * 360 >= 330) and saturation >= 0.15 and value >= 0.45
