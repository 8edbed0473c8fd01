"""Mirrors `sheetrunner/workbook/xlsx/extent.py`: reading costs what the cells hold, never what their places declare (§7).
A sheet with a cell far from A1 is laid out again (rows with values numbered 1, 2, 3 …, their sheet numbers kept
aside); a place beyond Excel's grid is damage, named; a sheet too spread out keeps only the columns up to its
header row's last, with the first stray value of each column beyond."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlsx_parts import MAIN, one_sheet_xlsx

from sheetrunner.model.problems import EventError
from sheetrunner.workbook.xlsx.extent import BUDGET, compact_sheet, lay_out, needs_care
from sheetrunner.workbook.xlsx.read import read_workbook

PART = "xl/worksheets/sheet2.xml"
NO_BACKUPS = "Open it in Excel or LibreOffice, which may repair it, and save it again; or use a copy you kept."


def worksheet(sheet_data: str, dimension: str = "") -> bytes:
    return f'<worksheet xmlns="{MAIN}">{dimension}<sheetData>{sheet_data}</sheetData></worksheet>'.encode()


def number(ref: str, value: int) -> str:
    return f'<c r="{ref}"><v>{value}</v></c>'


def text(ref: str, value: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'


def compacted(sheet_data: str):
    return compact_sheet(Path("e.xlsx"), "Players", PART, worksheet(sheet_data))


def damage(sheet_data: str) -> str:
    with pytest.raises(EventError) as caught:
        compacted(sheet_data)
    [problem] = caught.value.problems
    assert (problem.sheet, problem.cell, problem.hint) == ("e.xlsx", "", NO_BACKUPS)
    return problem.message


# --- which sheets need care: one cheap search -------------------------------------------------------------------


@pytest.mark.parametrize("sheet_data, care", [
    ('<row r="1"><c r="A1"/><c r="Z99999"/></row>', False),  # at most 26 x 99999: calamine's block is small
    ('<row r="1048576" s="1" customFormat="1"/>', False),  # a styled but empty million-row sheet is plain
    ('<row r="1"><col/><cfRule/></row>', False),  # tags that only start with c are no cells
    ('<row r="1"><c r="AA1"/></row>', True),  # beyond column Z
    ('<row r="1"><c r="A100000"/></row>', True),  # beyond row 99999
    ('<row r="1"><c><v>1</v></c></row>', True),  # a cell without a reference
    ('<row><c r="A1"/></row>', True),  # a row without a number
    ('<row spans="1:1" r="1"><c r="A1"/></row>', True),  # a row whose number is not its first attribute
    ('<row r="1"><c s="1" r="A1"/></row>', True),  # a cell whose reference is not its first attribute
    ('<row r="1"><c r="A01"/></row>', True),
    ('<row r="1048577"/>', True),  # seven digits, beyond the grid
    ('<row r="12345678"/>', True),
    ('<x:row r="1"/>', True),  # prefixed tags
    ('<row r="1"><x:c r="A1"/></row>', True),
])
def test_needs_care(sheet_data, care):
    assert needs_care(worksheet(sheet_data, '<dimension ref="A1:XFD1048576"/>')) is care


def test_a_declared_dimension_far_from_a1_is_read_at_no_cost(tmp_path):
    """The dimension is only what the sheet declares: never searched, never laid out."""
    xml = worksheet(f'<row r="1">{text("A1", "Name")}</row><row r="2">{text("A2", "Ann")}</row>'
                    '<row r="1048576" s="3" customFormat="1"/>', '<dimension ref="A1:XFD1048576"/>')
    assert not needs_care(xml)
    sheet = read_workbook(one_sheet_xlsx(tmp_path / "e.xlsx", xml)).sheets["Players"]
    assert sheet.rows == [(2, ("Ann",))]


# --- a sheet laid out again ---------------------------------------------------------------------------------------


def test_rows_with_values_are_numbered_from_1_and_their_sheet_numbers_kept():
    layout = compacted(f'<row r="3">{text("A3", "Name")}<c r="B3" s="2"/></row>'
                       f'<row r="900000">{number("AB900000", 1)}<c><v>2</v></c></row>'
                       f'<row>{number("A900001", 3)}</row><row r="900005"><c r="C900005" s="4"/></row>')
    assert layout.numbers == [3, 900000, 900001]  # a row of styled cells only holds nothing to read
    assert layout.strays == {}
    assert layout.xml.decode() == (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'
        '<row r="2"><c r="AB2"><v>1</v></c><c r="AC2"><v>2</v></c></row>'  # no reference: the next place
        '<row r="3"><c r="A3"><v>3</v></c></row></sheetData></worksheet>')


def test_lay_out_puts_each_cell_at_its_place_by_sheet_row_and_column():
    layout = lay_out(Path("e.xlsx"), "Players", PART, worksheet(
        f'<row r="2">{number("B2", 1)}<c><v>2</v></c><c r="B2" s="1"/></row><row><c><v>3</v></c></row>'))
    assert {row: sorted(cells) for row, cells in layout.rows.items()} == {2: [2, 3], 3: [1]}


def test_a_sheet_too_spread_out_keeps_the_header_rows_columns_and_the_first_strays():
    rows = "".join(f'<row r="{n}">{number(f"A{n}", n)}</row>' for n in range(2, 300))
    layout = compacted(f'<row r="1">{text("A1", "ID")}{text("B1", "Name")}</row>{rows}'
                       f'<row r="400">{number("XFC400", 5)}{text("XFD400", " far ")}</row>'
                       f'<row r="500">{text("XFD500", "later")}</row>')
    assert len(layout.numbers) * 16384 > BUDGET
    assert layout.numbers[:2] == [1, 2] and layout.numbers[-3:] == [299, 400, 500]
    assert layout.strays == {(400, 16383): "5", (400, 16384): "far"}  # the topmost value of each column
    assert b"XF" not in layout.xml


def test_a_stray_value_far_out_is_read_back_in_its_place(tmp_path):
    rows = "".join(f'<row r="{n}">{text(f"A{n}", f"P{n}")}{number(f"B{n}", n)}</row>' for n in range(2, 300))
    xml = worksheet(f'<row r="1">{text("A1", "Name")}{text("B1", "ID")}</row>{rows}'
                    f'<row r="400">{text("XFD400", "stray")}</row>')
    sheet = read_workbook(one_sheet_xlsx(tmp_path / "e.xlsx", xml)).sheets["Players"]
    assert sheet.rows[0] == (2, ("P2", 2)) and sheet.rows[-2] == (299, ("P299", 299))
    last_number, last = sheet.rows[-1]
    assert last_number == 400 and len(last) == 16384 and last[16383] == "stray" and set(last[:16383]) == {None}


def test_a_sheet_too_spread_out_even_by_its_header_is_refused():
    rows = "".join(f'<row r="{n}">{number(f"A{n}", n)}</row>' for n in range(2, 300))
    with pytest.raises(EventError) as caught:
        compact_sheet(Path("e.xlsx"), "Players", PART, worksheet(
            f'<row r="1">{text("A1", "Name")}{text("XFD1", "x")}</row>{rows}'))
    [problem] = caught.value.problems
    assert (problem.sheet, problem.cell) == ("e.xlsx", "")
    assert problem.message == ('The sheet "Players" holds values in 299 rows as far as column XFD, far more than '
                               "any event needs; sheetrunner will not read it.")
    assert problem.hint == "Delete the stray values (Ctrl+End shows the last cell), then save."


# --- places beyond Excel's grid are damage ------------------------------------------------------------------------


@pytest.mark.parametrize("sheet_data, what", [
    (f'<row r="1">{number("XFE1", 1)}</row>', "has a cell at XFE1 outside Excel's grid (A1:XFD1048576)"),
    (f'<row r="1">{number("ABCD1", 1)}</row>', "has a cell at ABCD1 outside Excel's grid (A1:XFD1048576)"),
    (f'<row r="1">{number("A99999999999999", 1)}</row>',
     "has a cell at A99999999999999 outside Excel's grid (A1:XFD1048576)"),
    (f'<row r="1048577">{number("A1048577", 1)}</row>', "has a row 1048577 outside Excel's grid (A1:XFD1048576)"),
    ('<row r="1048576"><c r="XFD1048576"/><c/></row>',  # the cell after XFD, named by its row
     "has a cell at row 1048576 outside Excel's grid (A1:XFD1048576)"),
    ('<row r="abc"/>', 'has a row numbered "abc"'),
    ('<row r="0"/>', 'has a row numbered "0"'),
    (f'<row r="1">{number("1A", 1)}</row>', 'has a cell named "1A", which is no cell reference'),
])
def test_a_place_beyond_the_grid_is_damage_naming_the_sheet_and_part(sheet_data, what):
    assert damage(sheet_data) == f'The workbook is damaged: the sheet "Players" (part {PART}) {what}.'


def test_the_far_corner_itself_is_inside_the_grid():
    layout = compacted(f'<row r="1048576">{text("XFD1048576", "corner")}</row>')
    assert layout.numbers == [1048576]
    assert b'<c r="XFD1" t="inlineStr"><is><t>corner</t></is></c>' in layout.xml
