"""Mirrors `sheetrunner/workbook/xlsx/package.py`: an xlsx package changed part by part. A new sheet is a new part with its
entries in the workbook list, relationships, content types and document properties; a patched sheet is that one
part re-serialised; every other part is written back byte for byte (§7)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from xlsx_parts import MAIN, REL, PKG, as_stored

from sheetrunner.model.problems import EventError
from sheetrunner.workbook.xlsx.package import Package, resolve
from sheetrunner.workbook.xlsx.read import read_workbook
from sheetrunner.workbook.xlsx.sheetxml import SheetTable

WORKSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
NO_BACKUPS = "Open it in Excel or LibreOffice, which may repair it, and save it again; or use a copy you kept."


def workbook_parts(titles=("Event", "Players"), app_count: int | None = None, workbook_extra: str = "") -> dict:
    """The parts of a small workbook as Excel lays it out: a picture, document properties listing the sheets,
    a print area scoped to the second sheet, the second sheet active."""
    count = len(titles) if app_count is None else app_count
    types = "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{WORKSHEET}"/>'
                    for i in range(1, len(titles) + 1))
    return {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://'
        'schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/'
        'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        '<Default Extension="png" ContentType="image/png"/><Override PartName="/xl/workbook.xml" ContentType='
        f'"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>{types}</Types>',
        "_rels/.rels": f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{REL}/officeDocument" '
        f'Target="xl/workbook.xml"/><Relationship Id="rId2" Type="{REL}/extended-properties" '
        'Target="docProps/app.xml"/></Relationships>',
        "docProps/app.xml": '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-'
        'properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><HeadingPairs>'
        '<vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant>'
        f'<vt:i4>{count}</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="{count}" '
        'baseType="lpstr">' + "".join(f"<vt:lpstr>{t}</vt:lpstr>" for t in titles) + "</vt:vector></TitlesOfParts>"
        "</Properties>",
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><bookViews><workbookView activeTab="1"/>'
        "</bookViews><sheets>" + "".join(f'<sheet name="{t}" sheetId="{i}" r:id="rId{i}"/>'
                                         for i, t in enumerate(titles, 1)) + '</sheets><definedNames><definedName '
        'name="_xlnm.Print_Area" localSheetId="1">Players!$A$1:$B$3</definedName><definedName name="Everywhere">'
        f"Event!$A$1</definedName></definedNames>{workbook_extra}</workbook>",
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{PKG}">' + "".join(
            f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, len(titles) + 1)) + "</Relationships>",
        **{f"xl/worksheets/sheet{i}.xml": f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" s="0" '
           f't="inlineStr"><is><t>{t} header</t></is></c></row></sheetData></worksheet>'
           for i, t in enumerate(titles, 1)},
        "xl/media/image1.png": PICTURE,
    }


def zipped(parts: dict, stored: tuple[str, ...] = ("xl/media/image1.png",)) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, (2021, 6, 7, 8, 9, 10))
            info.compress_type = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def package_of(data: bytes, path: Path = Path("e.xlsx")) -> Package:
    return Package(zipfile.ZipFile(io.BytesIO(data)), path)


def part(data: bytes, name: str) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return archive.read(name).decode()


def damage_of(data: bytes) -> str:
    with pytest.raises(EventError) as caught:
        package_of(data).sheets
    [problem] = caught.value.problems
    assert (problem.sheet, problem.cell, problem.hint) == ("e.xlsx", "", NO_BACKUPS)
    return problem.message


# --- reading the structure -------------------------------------------------------------------------------------


def test_the_sheet_list_in_workbook_order_with_each_part():
    package = package_of(zipped(workbook_parts(("Event", "Players", "Round 1"))))
    assert package.workbook_part == "xl/workbook.xml"
    assert [(entry.title, entry.part) for entry in package.sheets] == [
        ("Event", "xl/worksheets/sheet1.xml"), ("Players", "xl/worksheets/sheet2.xml"),
        ("Round 1", "xl/worksheets/sheet3.xml")]
    assert package.sheet_xml("Players").startswith(f'<worksheet xmlns="{MAIN}"><sheetData><row r="1">'.encode())


def test_the_workbook_part_is_found_through_the_package_relationships():
    parts = workbook_parts()
    parts["_rels/.rels"] = parts["_rels/.rels"].replace('Target="xl/workbook.xml"', 'Target="/book/main.xml"')
    parts["book/main.xml"] = parts.pop("xl/workbook.xml")
    parts["book/_rels/main.xml.rels"] = parts.pop("xl/_rels/workbook.xml.rels").replace(
        "worksheets/", "../xl/worksheets/")
    package = package_of(zipped(parts))
    assert package.workbook_part == "book/main.xml"
    assert [entry.part for entry in package.sheets] == ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"]


@pytest.mark.parametrize("base, target, name", [
    ("xl", "worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
    ("xl", "/xl/worksheets/sheet1.xml", "xl/worksheets/sheet1.xml"),
    ("xl/worksheets", "../drawings/drawing1.xml", "xl/drawings/drawing1.xml"),
    ("", "xl/workbook.xml", "xl/workbook.xml"),
])
def test_resolve(base, target, name):
    assert resolve(base, target) == name


# --- damage is named ---------------------------------------------------------------------------------------------


def test_no_content_types_is_damage():
    parts = workbook_parts()
    del parts["[Content_Types].xml"]
    assert damage_of(zipped(parts)) == ("The workbook is damaged: it has no part [Content_Types].xml, which every "
                                        "workbook has.")


def test_no_package_relationships_is_damage():
    parts = workbook_parts()
    del parts["_rels/.rels"]
    assert damage_of(zipped(parts)) == "The workbook is damaged: it has no part _rels/.rels, which every workbook has."


def test_a_listed_sheet_whose_part_is_missing_is_damage():
    parts = workbook_parts()
    del parts["xl/worksheets/sheet2.xml"]
    assert damage_of(zipped(parts)) == ('The workbook is damaged: the sheet "Players" is listed but its part '
                                        "xl/worksheets/sheet2.xml is missing.")


def test_a_workbook_part_with_no_sheet_list_is_damage():
    parts = workbook_parts()
    parts["xl/workbook.xml"] = f'<workbook xmlns="{MAIN}"/>'
    assert damage_of(zipped(parts)) == "The workbook is damaged: the part xl/workbook.xml lists no sheets."


def test_a_part_that_is_not_xml_is_damage_named():
    parts = workbook_parts()
    parts["xl/_rels/workbook.xml.rels"] = "<Relationships>"
    message = damage_of(zipped(parts))
    assert message.startswith("The workbook is damaged: the part xl/_rels/workbook.xml.rels is not well-formed XML (")


def test_a_style_part_not_linked_as_the_styles_is_damage():
    parts = workbook_parts()
    parts["xl/styles.xml"] = f'<styleSheet xmlns="{MAIN}"/>'
    assert damage_of(zipped(parts)) == ("The workbook is damaged: its style part xl/styles.xml is not linked from "
                                        "xl/_rels/workbook.xml.rels.")


# --- a new sheet ----------------------------------------------------------------------------------------------------


def test_a_new_sheet_is_a_new_part_listed_where_asked():
    package = package_of(zipped(workbook_parts()))
    package.add_sheet(SheetTable("Round 1", ["Table", "Player"], [[1, "Ann"]], [8, 28]), before="Players")
    data = package.to_bytes()
    assert [(entry.title, entry.part) for entry in package.sheets] == [
        ("Event", "xl/worksheets/sheet1.xml"), ("Round 1", "xl/worksheets/sheet3.xml"),
        ("Players", "xl/worksheets/sheet2.xml")]
    workbook = part(data, "xl/workbook.xml")
    assert ('<sheets><sheet name="Event" sheetId="1" r:id="rId1"/><sheet name="Round 1" sheetId="3" r:id="rId4"/>'
            '<sheet name="Players" sheetId="2" r:id="rId2"/></sheets>') in workbook
    # the sheets after it move up one: the active tab and a name scoped to Players follow it
    assert '<workbookView activeTab="2"/>' in workbook
    assert '<definedName name="_xlnm.Print_Area" localSheetId="2">' in workbook
    assert '<definedName name="Everywhere">' in workbook
    relationships = part(data, "xl/_rels/workbook.xml.rels")
    assert (f'<Relationship Id="rId4" Type="{REL}/worksheet" Target="worksheets/sheet3.xml"/>'
            "</Relationships>") in relationships
    assert (f'<Override PartName="/xl/worksheets/sheet3.xml" ContentType="{WORKSHEET}"/></Types>'
            in part(data, "[Content_Types].xml"))
    app = part(data, "docProps/app.xml")
    assert "<vt:i4>3</vt:i4>" in app
    assert ('<vt:vector size="3" baseType="lpstr"><vt:lpstr>Event</vt:lpstr><vt:lpstr>Round 1</vt:lpstr>'
            "<vt:lpstr>Players</vt:lpstr></vt:vector>") in app


def test_a_new_sheet_without_before_goes_last():
    package = package_of(zipped(workbook_parts()))
    package.add_sheet(SheetTable("Standings", ["Rank", "Player"], [[1, "Ann"], [2, "Bob"]], []))
    assert [entry.title for entry in package.sheets] == ["Event", "Players", "Standings"]
    assert '<workbookView activeTab="1"/>' in part(package.to_bytes(), "xl/workbook.xml")


def test_the_written_package_reads_back_with_the_new_sheet(tmp_path):
    package = package_of(zipped(workbook_parts()))
    package.add_sheet(SheetTable("Round 1", ["Table", "Player"], [[1, "Ann"], [1, "=Bob"]], []))
    path = tmp_path / "out.xlsx"
    path.write_bytes(package.to_bytes())
    book = read_workbook(path)
    assert list(book.sheets) == ["Event", "Players", "Round 1"]
    assert book.sheets["Round 1"].rows == [(2, (1, "Ann")), (3, (1, "=Bob"))]


def test_a_new_sheet_keeps_every_other_member_byte_for_byte():
    data = zipped(workbook_parts())
    package = package_of(data)
    package.add_sheet(SheetTable("Round 1", ["Table"], [[1]], []), before="Players")
    written = package.to_bytes()
    before, after = as_stored(data), as_stored(written)
    changed = {"[Content_Types].xml", "docProps/app.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"}
    for name in set(before) - changed:
        assert after[name] == before[name], name
    assert after["xl/media/image1.png"][1] == zipfile.ZIP_STORED  # copied as stored, not compressed again
    assert list(after) == [*before, "xl/styles.xml", "xl/worksheets/sheet3.xml"]  # new parts last
    assert sorted(package.changed) == sorted(changed | {"xl/styles.xml", "xl/worksheets/sheet3.xml"})
    assert package.copied == {name: before[name][2] for name in set(before) - changed}


def test_the_sheet_list_in_document_properties_is_left_alone_when_it_is_not_the_usual_one():
    data = zipped(workbook_parts(app_count=5))  # the count does not match the sheets: someone else's layout
    package = package_of(data)
    package.add_sheet(SheetTable("Round 1", ["Table"], [], []))
    written = package.to_bytes()
    assert "docProps/app.xml" not in package.changed
    assert as_stored(written)["docProps/app.xml"] == as_stored(data)["docProps/app.xml"]


def test_a_new_part_takes_the_first_free_name_and_relationship_id():
    parts = workbook_parts()
    parts["xl/worksheets/sheet3.xml"] = parts["xl/worksheets/sheet1.xml"]  # an orphan part holds the next name
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        "</Relationships>", f'<Relationship Id="rId3" Type="{REL}/theme" Target="theme/theme1.xml"/>'
        "</Relationships>")
    parts["xl/theme/theme1.xml"] = "<theme/>"
    package = package_of(zipped(parts))
    package.add_sheet(SheetTable("Round 1", ["Table"], [], []))
    assert package.sheet("Round 1").part == "xl/worksheets/sheet4.xml"
    assert package.sheet("Round 1").element.get(f"{{{REL}}}id") == "rId5"  # rId4 went to the new styles part


# --- changing an existing sheet --------------------------------------------------------------------------------------


def test_patched_cells_change_that_part_and_ask_excel_to_recalculate():
    data = zipped(workbook_parts(workbook_extra="<extLst/>"))
    package = package_of(data)
    package.patch_cells("Players", {(2, 1): 7})
    written = package.to_bytes()
    assert sorted(package.changed) == ["xl/workbook.xml", "xl/worksheets/sheet2.xml"]
    assert '<row r="2"><c r="A2"><v>7</v></c></row>' in part(written, "xl/worksheets/sheet2.xml")
    assert '</definedNames><calcPr fullCalcOnLoad="1"/><extLst/></workbook>' in part(written, "xl/workbook.xml")
    before, after = as_stored(data), as_stored(written)
    for name in set(before) - package.changed:
        assert after[name] == before[name], name


def test_a_workbook_already_set_to_recalculate_is_not_touched():
    package = package_of(zipped(workbook_parts(workbook_extra='<calcPr calcId="191029" fullCalcOnLoad="1"/>')))
    package.patch_cells("Players", {(1, 2): "ID"})
    assert package.changed == {"xl/worksheets/sheet2.xml"}


def test_no_cells_to_patch_changes_nothing():
    package = package_of(zipped(workbook_parts()))
    package.patch_cells("Players", {})
    assert package.changed == set()


def test_rows_appended_and_a_sheet_replaced_change_only_their_parts():
    package = package_of(zipped(workbook_parts()))
    package.append_rows("Event", [["Rounds", 5]])
    assert package.changed == {"xl/worksheets/sheet1.xml"}
    assert '<row r="2"><c r="A2" t="inlineStr"><is><t>Rounds</t></is></c><c r="B2"><v>5</v></c></row>' in \
        package.sheet_xml("Event").decode()
    package.replace_sheet(SheetTable("Players", ["Name"], [["Ann"]], []))
    assert package.sheet("Players").part == "xl/worksheets/sheet2.xml"
    assert "Players header" not in package.sheet_xml("Players").decode()
    assert '<c r="A2" t="inlineStr"><is><t>Ann</t></is></c>' in package.sheet_xml("Players").decode()
