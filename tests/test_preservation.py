"""The TO's file stays the TO's (§7): a workbook full of what Excel users make is paired in place, and every
part sheetrunner does not own comes out byte for byte as it went in, cached formula values included."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import warnings
import zipfile
from pathlib import Path

import openpyxl
import pandas
import pytest
import xlsxwriter
from PIL import Image

from builder import digest

NAMES = ["Ann Lee", "Ben Ho", "Cat Ruiz", "Dov Katz", "Eli Sato", "Fay Wu"]
# The parts a pair run may change: the workbook's lists of sheets and the styles it appends, the Players sheet
# (IDs filled in), and the document properties' list of sheet titles.
OWNED = {"[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "docProps/app.xml",
         "xl/styles.xml", "xl/worksheets/sheet2.xml"}
CUSTOM_XML = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<tournament xmlns="urn:club">Spring</tournament>'


def build_event(path: Path, tmp_path: Path, macros: bool = False) -> Path:
    """An event workbook as an Excel user builds it: an Excel table over Players with a drop-down, conditional
    formats (data bars are an Excel 2010 extension), notes of their own size, colour and visibility, a checkbox,
    a form button, formulas with saved values (a dynamic array too), a chart, a picture and defined names."""
    book = xlsxwriter.Workbook(str(path))
    event = book.add_worksheet("Event")
    event.write_row(0, 0, ["Setting", "Value"])
    for row, (label, value) in enumerate([("Ruleset", "swiss-tp"), ("Random seed", 7), ("Event name", "Club night")],
                                         start=1):
        event.write_row(row, 0, [label, value])
    event.write(4, 0, "Rounds")
    event.write_formula(4, 1, "=2+3", None, 5)  # a formula with the value Excel saved
    event.write_comment(1, 0, "Pick from sheetrunner rulesets", {"visible": True, "color": "#FFCC99",
                                                                 "width": 300, "height": 120})
    players = book.add_worksheet("Players")
    players.add_table(0, 0, len(NAMES), 2, {"name": "Roster", "columns": [{"header": "ID"}, {"header": "Name"},
                                                                        {"header": "Team"}],
                                            "data": [[None, name, "Red" if i < 2 else None]
                                                     for i, name in enumerate(NAMES)]})
    players.data_validation(1, 2, 100, 2, {"validate": "list", "source": ["Red", "Blue"]})
    players.conditional_format(1, 1, len(NAMES), 1, {"type": "data_bar", "bar_solid": True})
    players.conditional_format(1, 2, len(NAMES), 2, {"type": "cell", "criteria": "==", "value": '"Red"',
                                                     "format": book.add_format({"bg_color": "#FFC7CE"})})
    players.write(0, 4, "Paid")  # a TO's own column, headed (values under no header are refused)
    players.insert_checkbox(1, 4, True)
    players.insert_button(3, 5, {"caption": "Print", "macro": "print_it" if macros else None})
    players.write_comment(2, 1, "Needs the accessible table", {"visible": False, "color": "#CCFFCC"})
    notes = book.add_worksheet("Notes")
    notes.write_column(0, 0, [3, 1, 4, 1, 5])
    notes.write_formula(0, 1, "=SUM(A1:A5)", None, 14)
    notes.write_dynamic_array_formula(0, 2, 4, 2, "=SORT(A1:A5)", None, 1)
    chart = book.add_chart({"type": "column"})
    chart.add_series({"values": "=Notes!$A$1:$A$5"})
    notes.insert_chart(6, 1, chart)
    png = tmp_path / "logo.png"
    Image.new("RGB", (8, 8), "teal").save(png)
    notes.insert_image(1, 6, str(png))
    book.define_name("Prizes", "=Notes!$A$1:$A$5")
    book.define_name("Notes!Local", "=Notes!$B$1")
    if macros:
        vba = tmp_path / "vbaProject.bin"
        vba.write_bytes(b"\xd0\xcf\x11\xe0 a macro project, kept as it is")
        book.add_vba_project(str(vba))
    book.close()
    add_custom_xml(path)
    return path


def add_custom_xml(path: Path) -> None:
    """A customXml part, as SharePoint and add-ins leave them, related from the workbook."""
    rewritten = path.with_name("with-custom-xml" + path.suffix)
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"</Relationships>", b'<Relationship Id="rIdCustom" Type="http://schemas.'
                                    b'openxmlformats.org/officeDocument/2006/relationships/customXml" '
                                    b'Target="../customXml/item1.xml"/></Relationships>')
            target.writestr(item, data)
        target.writestr("customXml/item1.xml", CUSTOM_XML)
    rewritten.replace(path)


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def values(path: Path) -> dict[str, list[list]]:
    frames = pandas.read_excel(path, sheet_name=None, header=None, engine="calamine", dtype=object, na_filter=False)
    return {title: frame.values.tolist() for title, frame in frames.items()}


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_every_part_the_to_made_is_kept_byte_for_byte(tmp_path, run, suffix):
    path = build_event(tmp_path / f"event{suffix}", tmp_path, macros=suffix == ".xlsm")
    before, shown = members(path), values(path)
    assert "xl/vbaProject.bin" in before or suffix == ".xlsx"
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0, result.output
    after = members(path)
    kept = {name for name in before if name not in OWNED}
    assert {name for name in kept if after.get(name) != before[name]} == set()
    assert {"xl/charts/chart1.xml", "xl/media/image1.png", "xl/comments1.xml", "xl/comments2.xml",
            "xl/tables/table1.xml", "customXml/item1.xml", "xl/drawings/vmlDrawing1.vml", "xl/drawings/vmlDrawing2.vml",
            "xl/metadata.xml", "xl/featurePropertyBag/featurePropertyBag.xml", "xl/sharedStrings.xml"} <= kept
    # Formula values are read by what Excel saved and stay in the file.
    assert b"<v>14</v>" in after["xl/worksheets/sheet3.xml"] and b"<v>5</v>" in after["xl/worksheets/sheet1.xml"]
    # Players gained its IDs and nothing else changed in what it shows.
    now = values(path)
    assert [row[0] for row in now["Players"][1:]] == [1, 2, 3, 4, 5, 6]
    assert [row[1:3] for row in now["Players"]] == [row[1:3] for row in shown["Players"]]
    assert list(now) == ["Event", "Players", "Notes", "Round 1", "Log"]
    assert {title: rows for title, rows in now.items() if title in ("Event", "Notes")} == \
        {title: rows for title, rows in shown.items() if title in ("Event", "Notes")}
    with warnings.catch_warnings():  # openpyxl warns that it cannot read the Excel 2010 extensions
        warnings.simplefilter("ignore")
        book = openpyxl.load_workbook(path)  # a third reader opens it too
    assert book.sheetnames == ["Event", "Players", "Notes", "Round 1", "Log"]
    assert book.defined_names["Prizes"].attr_text == "Notes!$A$1:$A$5"
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"


def test_results_typed_with_a_program_that_drops_formula_values(tmp_path, run):
    """openpyxl saves formulas without their values: sheetrunner says so instead of reading the cell as empty."""
    path = build_event(tmp_path / "event.xlsx", tmp_path)
    assert run("pair", path, "--no-reports").exit_code == 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    for row in range(2, sheet.max_row + 1):
        sheet.cell(row=row, column=5).value, sheet.cell(row=row, column=6).value = row % 4, 1
    book.save(path)
    before = digest(path)
    result = run("pair", path, "--no-reports")
    assert result.stderr.splitlines() == ["Event!B5: Rounds holds a formula whose value was never saved. Open the "
                                          "workbook in Excel or LibreOffice and save it, so the value is stored.",
                                          "Error: 1 problem(s) to fix; nothing was written."]
    assert digest(path) == before


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None and shutil.which("libreoffice") is None,
                    reason="LibreOffice is not installed (CI installs it)")
def test_libreoffice_opens_the_written_workbook_and_reads_the_new_round(tmp_path, run):
    path = build_event(tmp_path / "event.xlsx", tmp_path)
    assert run("pair", path, "--no-reports").exit_code == 0
    office = shutil.which("soffice") or shutil.which("libreoffice")
    out = tmp_path / "csv"
    # Every sheet to its own CSV (the filter's 12th token, -1), UTF-8, comma separated.
    subprocess.run([office, "--headless", "--norestore", f"-env:UserInstallation=file://{tmp_path}/lo-profile",
                    "--convert-to", 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
                    "--outdir", str(out), str(path)], check=True, capture_output=True, timeout=180)
    round_csv = next(out.glob("*Round 1*.csv"))
    rows = list(csv.reader(io.StringIO(round_csv.read_text(encoding="utf-8"))))
    assert rows[0][:4] == ["Table", "Seat", "ID", "Player"]
    assert sorted(row[3] for row in rows[1:]) == sorted(NAMES)
    players_csv = next(out.glob("*Players*.csv"))
    assert [row[0] for row in csv.reader(io.StringIO(players_csv.read_text(encoding="utf-8")))][1:7] == \
        ["1", "2", "3", "4", "5", "6"]
    assert digest(path)
