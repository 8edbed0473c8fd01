"""Worksheet XML: a new sheet from a table, and cells set or rows appended in an existing one.

Text is always written as an inline string, so a name such as `=HYPERLINK(…)`
or `+1` stays text and never becomes a formula (§7). Characters XML cannot
carry are written in OOXML's `_xHHHH_` form, which Excel and every reader
decode back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from lxml import etree

from ..grid import column_letter, column_number

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
# Characters a cell's text cannot hold in XML, written `_xHHHH_`; a carriage return too, which an XML parser
# would read back as a line feed (Excel writes it `_x000D_` as well).
NOT_IN_XML = re.compile("[\x00-\x08\x0b-\x1f]")
NONCHARACTERS = re.compile("[\ufffe\uffff]")  # no XML holds them; python-calamine reads their escapes as text
# A literal `_xHHHH_`, found even where two share a "_", or `_xHHHH` before a character written as an escape (whose
# own "_" would complete it).
LOOKS_ESCAPED = re.compile("_(?=x[0-9A-Fa-f]{4}[_\x00-\x08\x0b-\x1f])")
CELL_REF = re.compile(r"^([A-Z]{1,3})(\d+)$")


@dataclass(frozen=True)
class Validation:
    """An Excel drop-down (`list`) or number check (`whole`) on a column, with the message Excel shows."""

    kind: str  # list | whole | any (no check: only the note Excel shows when the cell is selected)
    choices: tuple[str, ...] = ()
    minimum: int = 0
    title: str = ""
    message: str = ""
    prompt: str = ""  # the note shown when the cell is selected (Excel: at most 255 characters)
    error_style: str = ""  # "" stops a value not allowed; "warning" asks, and keeps it when the TO says so
    source: str = ""  # a list's choices read from cells (Players!$B$2:$B$500) instead of `choices`


@dataclass
class SheetTable:
    """A sheet sheetrunner writes: a styled header row, then one row per entry."""

    title: str
    headers: list[str]
    rows: list[list[Any]]
    widths: Sequence[float]  # a list of ints is widths too
    validations: dict[str, Validation] = field(default_factory=dict)  # cells ("B3", "E2:E40") -> rule
    percent_columns: set[int] = field(default_factory=set)  # columns (from 1) shown as 0.00%
    autofilter: bool = False
    frozen_columns: int = 0  # columns kept in view beside the frozen header row (a round's table and player)
    groups: list[int] = field(default_factory=list)  # per row, its table: tables banded in turn, a line above each
    input_columns: set[int] = field(default_factory=set)  # columns (from 1) the TO types into: a light fill
    rows_without_input: set[int] = field(default_factory=set)  # rows (from 0) with nothing to type: a bye's
    text_columns: set[int] = field(default_factory=set)  # input columns formatted as text: a typed 2-1 is no date
    hidden: bool = False  # listed as a hidden sheet (the Log: kept, out of the way)
    protected: bool = False  # protected without a password, against an accidental edit (Excel lifts it in one click)


def escape(text: str) -> str:
    """Text for an XML element (xml.sax.saxutils would do, but importing it pulls in urllib and ssl)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """A quoted XML attribute value; line breaks and tabs kept as character references."""
    escaped = escape(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;")
    return '"' + escaped.replace("\t", "&#9;") + '"'


def ooxml_text(text: str) -> str:
    """Text as OOXML stores it: `_xHHHH_` for characters XML cannot hold, and a literal `_xHHHH_` protected
    (its underscore written `_x005F_`). U+FFFE and U+FFFF, which are not characters at all, become U+FFFD (the
    replacement character): written as escapes they would come back as the six letters `_xFFFF_`."""
    text = LOOKS_ESCAPED.sub("_x005F_", NONCHARACTERS.sub("\ufffd", text))
    return NOT_IN_XML.sub(lambda m: f"_x{ord(m.group()):04X}_", text)


def value_xml(value: Any) -> tuple[str, str]:
    """(type attribute, inner XML) of a cell's value."""
    if isinstance(value, bool):
        return ' t="b"', f"<v>{int(value)}</v>"
    if isinstance(value, int):
        return "", f"<v>{value}</v>"
    if isinstance(value, float):
        return "", f"<v>{repr(value)}</v>"
    text = ooxml_text(str(value))
    space = ' xml:space="preserve"' if text != text.strip() or "\n" in text else ""
    return ' t="inlineStr"', f"<is><t{space}>{escape(text)}</t></is>"


def cell_xml(ref: str, value: Any, style: int = 0) -> str:
    kind, inner = value_xml(value)
    styled = f' s="{style}"' if style else ""
    return f'<c r="{ref}"{styled}{kind}>{inner}</c>'


def new_sheet_xml(table: SheetTable, styles) -> bytes:
    """The whole worksheet part of a new sheet."""
    header_style, percent_style = styles.header, styles.percent if table.percent_columns else 0
    width = max(len(table.headers), *(len(row) for row in table.rows)) if table.rows else len(table.headers)
    last_row = len(table.rows) + 1
    parts = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
             f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}">',
             f'<dimension ref="A1:{column_letter(max(width, 1))}{last_row}"/>', sheet_view_xml(table.frozen_columns),
             '<sheetFormatPr defaultRowHeight="15"/>']
    if table.widths:
        parts.append("<cols>" + "".join(f'<col min="{i}" max="{i}" width="{w}" customWidth="1"/>'
                                        for i, w in enumerate(table.widths, start=1)) + "</cols>")
    parts.append("<sheetData>")
    parts.append('<row r="1">' + "".join(cell_xml(f"{column_letter(i)}1", header, header_style)
                                         for i, header in enumerate(table.headers, start=1)) + "</row>")
    for number, row in enumerate(table.rows, start=2):
        if table.groups or table.input_columns:
            parts.append(styled_row_xml(table, number, row, styles, width))
            continue
        cells = "".join(cell_xml(f"{column_letter(i)}{number}", value, percent_style if i in table.percent_columns
                                 else 0) for i, value in enumerate(row, start=1) if value not in (None, ""))
        parts.append(f'<row r="{number}">{cells}</row>')
    parts.append("</sheetData>")
    if table.protected:
        parts.append('<sheetProtection sheet="1" objects="1" scenarios="1"/>')
    if table.autofilter:
        parts.append(f'<autoFilter ref="A1:{column_letter(len(table.headers))}{max(last_row, 2)}"/>')
    if table.validations:
        parts.append(validations_xml(table.validations))
    parts.append('<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>')
    parts.append("</worksheet>")
    return "".join(parts).encode("utf-8")


def sheet_view_xml(frozen_columns: int) -> str:
    """The header row frozen, and with `frozen_columns` the first columns too (they stay in view when the sheet
    scrolls right); the first cell to type in selected."""
    if not frozen_columns:
        return ('<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" '
                'state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>')
    first = column_letter(frozen_columns + 1)
    return (f'<sheetViews><sheetView workbookViewId="0"><pane xSplit="{frozen_columns}" ySplit="1" '
            f'topLeftCell="{first}2" activePane="bottomRight" state="frozen"/>'
            f'<selection pane="topRight" activeCell="{first}1" sqref="{first}1"/>'
            '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
            f'<selection pane="bottomRight" activeCell="{first}2" sqref="{first}2"/></sheetView></sheetViews>')


def styled_row_xml(table: SheetTable, number: int, row: list[Any], styles, width: int) -> str:
    """A row of a sheet made for typing: every cell of the row written, empty ones too, so its table's band, the
    line above a table's first row and the fill of the cells to type in show; values as `cell_xml` writes them."""
    index = number - 2
    group = table.groups[index] if index < len(table.groups) else 0
    starts = index == 0 or index >= len(table.groups) or table.groups[index - 1] != group
    cells = []
    for column in range(1, width + 1):
        value = row[column - 1] if column <= len(row) else None
        typed = column in table.input_columns and index not in table.rows_without_input
        style = styles.cell(band=group % 2 == 1, typed=typed,
                            text=typed and column in table.text_columns, top=starts and index > 0)
        ref = f"{column_letter(column)}{number}"
        if value in (None, ""):
            cells.append(f'<c r="{ref}" s="{style}"/>' if style else "")
        else:
            cells.append(cell_xml(ref, value, style))
    return f'<row r="{number}">{"".join(cells)}</row>'


def validations_xml(validations: dict[str, Validation]) -> str:
    rules = []
    for cells, rule in validations.items():
        if rule.kind == "list":
            kind, formula = 'type="list"', rule.source or '"' + ",".join(rule.choices) + '"'
        elif rule.kind == "whole":
            kind, formula = 'type="whole" operator="greaterThanOrEqual"', str(rule.minimum)
        else:
            kind, formula = "", ""
        checks = f' showErrorMessage="1" errorTitle={quoteattr(rule.title)} error={quoteattr(rule.message)}' \
            if formula else ""
        style = f' errorStyle="{rule.error_style}"' if rule.error_style and formula else ""
        prompt = f' showInputMessage="1" promptTitle={quoteattr(rule.title[:32])} prompt={quoteattr(rule.prompt)}' \
            if rule.prompt else ""
        inner = f"<formula1>{escape(formula)}</formula1>" if formula else ""
        rules.append(f'<dataValidation {kind}{style} allowBlank="1"{checks}{prompt} sqref="{cells}">{inner}'
                     "</dataValidation>")
    return f'<dataValidations count="{len(rules)}">' + "".join(rules) + "</dataValidations>"


# --- changing an existing sheet ----------------------------------------------------------------------------


def q(tag: str) -> str:
    return f"{{{MAIN}}}{tag}"


def _rows(sheet_data: etree._Element) -> dict[int, etree._Element]:
    """Rows by number; rows and cells written without `r` (allowed, and some programs do) get it spelled out, so a
    cell inserted among them lands where it should."""
    rows: dict[int, etree._Element] = {}
    number = 0
    for row in sheet_data.iter(q("row")):
        number = int(row.get("r") or number + 1)
        row.set("r", str(number))
        column = 0
        for cell in row.iter(q("c")):
            match = CELL_REF.match(cell.get("r") or "")
            column = column_number(match.group(1)) if match else column + 1
            cell.set("r", f"{column_letter(column)}{number}")
        rows[number] = row
    return rows


def _set_value(cell: etree._Element, value: Any) -> None:
    """A cell's new value, keeping its style; what it held before (a formula, an old value) goes."""
    for child in list(cell):
        cell.remove(child)
    kind, inner = value_xml(value)
    if kind:
        cell.set("t", kind.split('"')[1])
    elif "t" in cell.attrib:
        del cell.attrib["t"]
    for child in etree.fromstring(f'<c xmlns="{MAIN}">{inner}</c>', PARSER):
        cell.append(child)


def patch_cells(xml: bytes, cells: dict[tuple[int, int], Any]) -> bytes:
    """Set cells ((row, column) from 1) in a worksheet part; rows and cells are created in order where missing.
    A new cell takes the style of the cell to its left (a new header looks like the others)."""
    root = etree.fromstring(xml, PARSER)
    sheet_data = root.find(q("sheetData"))
    assert sheet_data is not None  # required by the schema; calamine reads no worksheet without one
    rows = _rows(sheet_data)
    for (row_number, column), value in sorted(cells.items()):
        row = rows.get(row_number)
        if row is None:
            row = etree.Element(q("row"), {"r": str(row_number)})
            later = [number for number in rows if number > row_number]
            if later:
                rows[min(later)].addprevious(row)
            else:
                sheet_data.append(row)
            rows[row_number] = row
        ref = f"{column_letter(column)}{row_number}"
        cell = next((c for c in row.iter(q("c")) if c.get("r") == ref), None)
        if cell is None:
            cell = etree.Element(q("c"), {"r": ref})
            after = [c for c in row.iter(q("c")) if _column_of(c) > column]
            if after:
                after[0].addprevious(cell)
            else:
                row.append(cell)
            left = cell.getprevious()
            style = left.get("s") if left is not None else None
            if style:
                cell.set("s", style)
            if "spans" in row.attrib:
                del row.attrib["spans"]  # a hint only; a stale one is worse than none
        _set_value(cell, value)
    _widen_dimension(root, rows)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def append_rows(xml: bytes, values: list[list[Any]]) -> bytes:
    """Rows added after a worksheet's last row."""
    root = etree.fromstring(xml, PARSER)
    sheet_data = root.find(q("sheetData"))
    assert sheet_data is not None  # required by the schema; calamine reads no worksheet without one
    rows = _rows(sheet_data)
    number = max(rows, default=0)
    for row_values in values:
        number += 1
        cells = "".join(cell_xml(f"{column_letter(i)}{number}", value) for i, value in enumerate(row_values, start=1)
                        if value is not None)
        row = etree.fromstring(f'<row xmlns="{MAIN}" r="{number}">{cells}</row>', PARSER)
        sheet_data.append(row)
        rows[number] = row
    _widen_dimension(root, rows)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _column_of(cell: etree._Element) -> int:
    """A cell's column number, from its reference (`_rows` has given every cell one)."""
    found = CELL_REF.match(cell.get("r") or "")
    assert found is not None  # `_rows` spelled out every reference
    return column_number(found.group(1))


def _widen_dimension(root: etree._Element, rows: dict[int, etree._Element]) -> None:
    dimension = root.find(q("dimension"))
    if dimension is None or not rows:
        return
    last_column = max((_column_of(c) for row in rows.values() for c in row.iter(q("c"))), default=1)
    first = (dimension.get("ref") or "A1").split(":")[0]
    dimension.set("ref", f"{first}:{column_letter(last_column)}{max(rows)}")
