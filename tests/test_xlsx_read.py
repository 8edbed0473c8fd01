"""Mirrors `sheetrunner/workbook/xlsx/read.py`: a workbook's bytes read once, values through python-calamine, and what
values cannot say (a formula never calculated, an error cell) told apart from a blank (§2, §7)."""

from __future__ import annotations

import datetime
import hashlib
import zipfile
from pathlib import Path

import openpyxl
import pytest

from sheetrunner.workbook.grid import FORMULA_WITHOUT_VALUE
from sheetrunner.model.problems import EventError
from sheetrunner.workbook.xlsx.read import cell_flags, read_workbook

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
NO_BACKUPS = "Open it in Excel or LibreOffice, which may repair it, and save it again; or use a copy you kept."


def write_xlsx(path: Path, sheets: dict[str, str], extra: dict[str, bytes] | None = None) -> Path:
    """A minimal workbook written by hand: each sheet's `<sheetData>` content as given (so a formula can carry a
    saved value, which openpyxl never writes), plus any `extra` parts."""
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg = "http://schemas.openxmlformats.org/package/2006/relationships"
    overrides = "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/'
                        'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                        for i in range(1, len(sheets) + 1))
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        f"{overrides}</Types>",
        "_rels/.rels": f'<Relationships xmlns="{pkg}"><Relationship Id="rId1" Type="{rel}/officeDocument" '
        'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{rel}"><sheets>'
        + "".join(f'<sheet name="{title}" sheetId="{i}" r:id="rId{i}"/>' for i, title in enumerate(sheets, 1))
        + "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{pkg}">'
        + "".join(f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                  for i in range(1, len(sheets) + 1)) + "</Relationships>",
    }
    for i, data in enumerate(sheets.values(), 1):
        parts[f"xl/worksheets/sheet{i}.xml"] = f'<worksheet xmlns="{MAIN}"><sheetData>{data}</sheetData></worksheet>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in {**parts, **(extra or {})}.items():
            archive.writestr(name, data)
    return path


def text(ref: str, value: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'


# --- formulas: read by their saved values; none saved is an error that says so (§2) -------------------------


def test_a_formula_is_read_by_its_saved_value_and_not_flagged(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": (
        f'<row r="1">{text("A1", "Name")}{text("B1", "ID")}</row>'
        f'<row r="2">{text("A2", "Ann")}<c r="B2"><f>1+2</f><v>3</v></c></row>'
        f'<row r="3"><c r="A3" t="str"><f>"B"&amp;"o"&amp;"b"</f><v>Bob</v></c><c r="B3"><f>B2+1</f><v>4</v></c>'
        "</row>")})
    sheet = read_workbook(path).sheets["Players"]
    assert sheet.rows == [(2, ("Ann", 3)), (3, ("Bob", 4))]
    assert sheet.flags == {}


def test_a_formula_with_no_saved_value_reads_blank_and_is_flagged_at_its_cell(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Round 1": (
        f'<row r="1">{text("A1", "Table")}{text("B1", "OP")}{text("C1", "SP")}</row>'
        f'<row r="2"><c r="A2"><v>1</v></c><c r="B2"><f>2+2</f></c><c r="C2"><f>1</f><v></v></c></row>')})
    sheet = read_workbook(path).sheets["Round 1"]
    assert sheet.rows == [(2, (1,))]
    assert sheet.flags == {"B2": FORMULA_WITHOUT_VALUE, "C2": FORMULA_WITHOUT_VALUE}


def test_an_openpyxl_formula_has_no_saved_value_and_is_flagged(tmp_path):
    book = openpyxl.Workbook()
    book.active.title = "Players"
    book.active.append(["Name", "ID"])
    book.active.append(["Ann", "=1+1"])
    book.save(tmp_path / "e.xlsx")
    sheet = read_workbook(tmp_path / "e.xlsx").sheets["Players"]
    assert sheet.rows == [(2, ("Ann",))]
    assert sheet.flags == {"B2": FORMULA_WITHOUT_VALUE}


@pytest.mark.parametrize("cell, flags", [
    ('<c r="A1"><f>1+1</f></c>', {"A1": FORMULA_WITHOUT_VALUE}),
    ('<c r="A1"><f>1+1</f><v>2</v></c>', {}),
    ('<c r="A1"><f>1+1</f><v> </v></c>', {"A1": FORMULA_WITHOUT_VALUE}),  # an empty number is no value
    ('<c r="A1" t="str"><f>""</f><v></v></c>', {}),  # an empty text result is a value
    ('<c r="A1" t="e"><v>#N/A</v></c>', {"A1": "#N/A"}),
    ('<c r="A1" t="e"><f>1/0</f><v>#DIV/0!</v></c>', {"A1": "#DIV/0!"}),
    ('<c r="A1" t="e"/>', {"A1": "#VALUE!"}),  # an error with no saved text
    ('<x:c r="B7"><x:f>1</x:f></x:c>', {"B7": FORMULA_WITHOUT_VALUE}),  # a prefixed tag is the same cell
    ('<c r="A1"><v>5</v></c><c r="B1" t="s"><v>0</v></c>', {}),
    ('<c t="e"><v>#N/A</v></c>', {}),  # no reference: no cell to name
])
def test_cell_flags(cell, flags):
    assert cell_flags(f'<worksheet xmlns="{MAIN}"><sheetData><row r="1">{cell}</row></sheetData></worksheet>'
                      .encode()) == flags


def test_an_error_cell_reads_blank_and_is_flagged_with_its_error(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": (
        f'<row r="1">{text("A1", "Name")}{text("B1", "ID")}</row>'
        f'<row r="2">{text("A2", "Ann")}<c r="B2" t="e"><f>VLOOKUP(1,C:C,1,0)</f><v>#N/A</v></c></row>')})
    sheet = read_workbook(path).sheets["Players"]
    assert sheet.rows == [(2, ("Ann",))]
    assert sheet.flags == {"B2": "#N/A"}


# --- values as typed ---------------------------------------------------------------------------------------


def test_values_come_as_typed_with_no_na_guessing(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Players"
    sheet.append(["Name", "ID", "Score", "Born", "Seen"])
    sheet.append(["NA", 3.0, 1.5, datetime.date(2026, 3, 2), datetime.datetime(2026, 3, 2, 14, 30)])
    sheet.append(["null", -2.0, None, None, "N/A"])
    book.save(tmp_path / "e.xlsx")
    rows = read_workbook(tmp_path / "e.xlsx").sheets["Players"].rows
    assert rows == [(2, ("NA", 3, 1.5, datetime.datetime(2026, 3, 2), datetime.datetime(2026, 3, 2, 14, 30))),
                    (3, ("null", -2, None, None, "N/A"))]
    assert [type(value) for value in rows[0][1]] == [str, int, float, datetime.datetime, datetime.datetime]
    assert type(rows[1][1][1]) is int


def test_the_first_non_empty_row_is_the_header_and_empty_rows_are_skipped(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": (
        f'<row r="3">{text("B3", "Name")}</row><row r="4"><c r="B4" s="1"/></row>'
        f'<row r="5">{text("B5", "Ann")}</row><row r="7">{text("B7", "Bob")}</row>')})
    sheet = read_workbook(path).sheets["Players"]
    assert (sheet.header_row, sheet.headers) == (3, [None, "Name"])
    assert sheet.rows == [(5, (None, "Ann")), (7, (None, "Bob"))]


# --- the workbook as a whole --------------------------------------------------------------------------------


def test_sheets_in_workbook_order_without_the_output_sheets_never_read_back(tmp_path):
    cell = f'<row r="1">{text("A1", "x")}</row>'
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": cell, "Standings after R1": cell, "Event": cell,
                                            "final STANDINGS": cell, "Team standings after R2": cell,
                                            "Round 1": cell})
    book = read_workbook(path)
    assert list(book.sheets) == ["Players", "Event", "Round 1"]
    assert [entry.title for entry in book.package.sheets] == ["Players", "Standings after R1", "Event",
                                                              "final STANDINGS", "Team standings after R2",
                                                              "Round 1"]


def test_the_digest_is_the_sha256_of_the_files_bytes(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": f'<row r="1">{text("A1", "Name")}</row>'})
    book = read_workbook(path)
    assert book.digest == hashlib.sha256(path.read_bytes()).hexdigest()
    assert book.path == path


def test_every_xml_part_is_parsed_before_values_are_read_and_a_bad_one_is_named(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": f'<row r="1">{text("A1", "Name")}</row>'},
                      {"docProps/custom.xml": b"<a><b></a>"})
    with pytest.raises(EventError) as caught:
        read_workbook(path)
    [problem] = caught.value.problems
    assert (problem.sheet, problem.cell) == ("e.xlsx", "")
    assert problem.message == ("The workbook is damaged: the part docProps/custom.xml is not well-formed XML "
                               "(line 1, column 9).")
    assert problem.hint == NO_BACKUPS


def test_a_value_at_the_far_corner_is_read_with_its_own_row_number_and_column(tmp_path):
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": (
        f'<row r="2">{text("A2", "Name")}{text("B2", "ID")}</row><row r="3">{text("A3", "Ann")}<c r="B3"><v>1</v>'
        f'</c></row><row r="1048576">{text("XFD1048576", "stray")}</row>')})
    sheet = read_workbook(path).sheets["Players"]
    assert (sheet.header_row, sheet.headers) == (2, ["Name", "ID"])
    assert [number for number, _ in sheet.rows] == [3, 1048576]
    assert sheet.rows[0][1] == ("Ann", 1)
    far = sheet.rows[1][1]
    assert len(far) == 16384 and far[16383] == "stray" and set(far[:16383]) == {None}


def test_a_flag_in_a_sheet_laid_out_again_keeps_its_cell_name(tmp_path):
    """Flags are read from the sheet's own XML, so the cell they name is the sheet's, not the compacted one's."""
    path = write_xlsx(tmp_path / "e.xlsx", {"Players": (
        f'<row r="5">{text("A5", "Name")}{text("B5", "ID")}</row>'
        f'<row r="500000">{text("A500000", "Ann")}<c r="B500000"><f>1+1</f></c></row>')})
    sheet = read_workbook(path).sheets["Players"]
    assert sheet.rows == [(500000, ("Ann",))]
    assert sheet.flags == {"B500000": FORMULA_WITHOUT_VALUE}
