"""Mirrors `sheetrunner/workbook/xlsx/styles.py`: the cell styles sheetrunner's sheets use (a bold white header on slate
blue, a 0.00% percentage), found in the workbook's style part or appended to it; one identical to what is wanted
is reused, so repeated writes do not pile up styles; a workbook with no style part gets one, linked once."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from lxml import etree

from sheetrunner.workbook.xlsx.package import Package
from sheetrunner.workbook.xlsx.styles import styles_part

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
STYLES_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
HEADER_XF = ('<xf numFmtId="0" fontId="{font}" fillId="{fill}" borderId="0" xfId="0" applyFont="1" applyFill="1" '
             'applyAlignment="1"><alignment vertical="center"/></xf>')
HEADER_FONT = '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/></font>'
HEADER_FILL = ('<fill><patternFill patternType="solid"><fgColor rgb="FF2F4F6F"/><bgColor indexed="64"/>'
               "</patternFill></fill>")
PERCENT_XF = '<xf numFmtId="10" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
SCHEMA_ORDER = ["numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles", "dxfs",
                "tableStyles", "colors", "extLst"]


def package_with(styles: str | None = None, linked: bool = True) -> Package:
    """A one-sheet workbook whose style part (when given) holds `styles`, linked as the styles when `linked`."""
    link = f'<Relationship Id="rId2" Type="{REL}/styles" Target="styles.xml"/>' if linked else ""
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "_rels/.rels": f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{REL}/officeDocument" '
        'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets><sheet name="S" sheetId="1" '
        'r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{REL}/worksheet"'
        f' Target="worksheets/sheet1.xml"/>{link}</Relationships>',
        "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{MAIN}"><sheetData/></worksheet>',
    }
    if styles is not None:
        parts["xl/styles.xml"] = f'<styleSheet xmlns="{MAIN}">{styles}</styleSheet>'
    return reopened(parts)


def reopened(parts_or_bytes) -> Package:
    if isinstance(parts_or_bytes, bytes):
        data = parts_or_bytes
    else:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for name, data in parts_or_bytes.items():
                archive.writestr(name, data)
        data = buffer.getvalue()
    return Package(zipfile.ZipFile(io.BytesIO(data)), Path("e.xlsx"))


def listing(package: Package, tag: str) -> list[str]:
    """The elements of one style list, as text without the namespace."""
    found = package.xml("xl/styles.xml").find(f"{{{MAIN}}}{tag}")
    return [etree.tostring(element).decode().replace(f' xmlns="{MAIN}"', "") for element in found]


def test_a_workbook_without_styles_gets_the_minimal_part_linked_once():
    package = package_with(None, linked=False)
    styles = package.styles()
    assert (styles.part, styles.header, styles.percent) == ("xl/styles.xml", 1, 2)
    assert package.changed == {"xl/styles.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"}
    assert listing(package, "cellXfs") == ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
                                           HEADER_XF.format(font=1, fill=2), PERCENT_XF]
    assert listing(package, "fonts")[1] == HEADER_FONT
    assert listing(package, "fills")[2] == HEADER_FILL
    written = package.to_bytes()
    with zipfile.ZipFile(io.BytesIO(written)) as archive:
        relationships = archive.read("xl/_rels/workbook.xml.rels").decode()
        types = archive.read("[Content_Types].xml").decode()
    assert relationships.count("/styles") == 1 and 'Target="styles.xml"' in relationships
    assert f'<Override PartName="/xl/styles.xml" ContentType="{STYLES_CONTENT}"/>' in types
    assert styles_part(reopened(written)) == "xl/styles.xml"


def test_repeated_writes_reuse_the_styles_they_added():
    first = package_with(None, linked=False)
    assert (first.styles().header, first.styles().percent) == (1, 2)
    again = reopened(first.to_bytes())
    styles = again.styles()
    assert (styles.header, styles.percent) == (1, 2)
    assert again.changed == set()  # nothing appended, nothing linked again
    assert len(listing(again, "cellXfs")) == 3


def test_a_relationship_naming_a_missing_part_gets_the_part_and_no_second_relationship():
    package = package_with(None, linked=True)
    assert package.styles().header == 1
    assert package.changed == {"xl/styles.xml", "[Content_Types].xml"}
    with zipfile.ZipFile(io.BytesIO(package.to_bytes())) as archive:
        assert archive.read("xl/_rels/workbook.xml.rels").decode().count("/styles") == 1


def test_an_identical_style_already_there_is_reused_whatever_its_attribute_order():
    package = package_with(
        f'<fonts count="2"><font/>{HEADER_FONT}</fonts>'
        f'<fills count="3"><fill/><fill/>{HEADER_FILL}</fills>'
        '<cellXfs count="3"><xf/><xf applyNumberFormat="1" xfId="0" borderId="0" fillId="0" fontId="0" '
        'numFmtId="10"/>' + HEADER_XF.format(font=1, fill=2) + "</cellXfs>")
    styles = package.styles()
    assert (styles.percent, styles.header) == (1, 2)
    assert package.changed == set()


def test_a_style_that_differs_in_a_child_is_not_reused():
    package = package_with(
        '<fonts count="1"><font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Arial"/></font></fonts>'
        '<cellXfs count="1"><xf/></cellXfs>')
    assert package.styles().header == 1
    assert listing(package, "fonts") == [
        '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Arial"/></font>', HEADER_FONT]
    assert listing(package, "cellXfs")[1] == HEADER_XF.format(font=1, fill=0)
    assert package.xml("xl/styles.xml").find(f"{{{MAIN}}}fonts").get("count") == "2"
    assert package.changed == {"xl/styles.xml"}


def test_the_part_the_relationship_names_is_the_one_used():
    made = package_with(None, linked=False)
    made.styles().header
    data = made.to_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts["xl/theme/look.xml"] = parts.pop("xl/styles.xml")
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b'Target="styles.xml"', b'Target="theme/look.xml"')
    package = reopened(parts)
    assert styles_part(package) == "xl/theme/look.xml"
    assert (package.styles().part, package.styles().header) == ("xl/theme/look.xml", 1)
    assert package.changed == set()


def test_a_missing_style_list_is_added_in_schema_order():
    package = package_with('<fonts count="1"><font/></fonts>')
    package.styles().header
    children = [etree.QName(child).localname for child in package.xml("xl/styles.xml")]
    assert children == [tag for tag in SCHEMA_ORDER if tag in children]


def test_a_missing_style_list_before_an_existing_one_goes_before_it():
    package = package_with('<fonts count="1"><font/></fonts><cellXfs count="1"><xf/></cellXfs>')
    assert package.styles().header == 1
    children = [etree.QName(child).localname for child in package.xml("xl/styles.xml")]
    assert children == ["fonts", "fills", "cellXfs"]
    assert listing(package, "fills") == [HEADER_FILL]
