"""Mirrors `sheetrunner/workbook/xlsx/sheetxml.py`: worksheet XML for a new sheet, and cells set or rows appended in an
existing one. Numbers, text and booleans get their own cell types; text is always an inline string, so a name
such as `=HYPERLINK(…)` stays text (§7); characters XML cannot carry are written as `_xHHHH_`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsx_parts import MAIN, one_sheet_xlsx

from sheetrunner.workbook.xlsx.read import read_workbook
from sheetrunner.workbook.xlsx.sheetxml import (SheetTable, Validation, append_rows, cell_xml, escape, new_sheet_xml,
                                       ooxml_text, patch_cells, quoteattr, value_xml)



class Styles:
    """The two style indexes `new_sheet_xml` asks of a package's styles."""

    header = 7
    percent = 9


def worksheet(sheet_data: str, dimension: str = "") -> bytes:
    return f'<worksheet xmlns="{MAIN}">{dimension}<sheetData>{sheet_data}</sheetData></worksheet>'.encode()


def sheet_data(xml: bytes) -> str:
    """The `<sheetData>` element of a patched sheet, as text."""
    return re.search(r"<sheetData>.*</sheetData>|<sheetData/>", xml.decode(), re.DOTALL).group()


def written_and_read_back(folder: Path, value) -> object:
    """`value` written by `new_sheet_xml` in B2 (beside a marker, under a header) and read back by read.py."""
    table = SheetTable("T", ["Marker", "Value"], [["x", value]], [])
    sheet = read_workbook(one_sheet_xlsx(folder / "rt.xlsx", new_sheet_xml(table, Styles), "T")).sheets["T"]
    [(number, values)] = sheet.rows
    assert number == 2 and values[0] == "x"
    return values[1] if len(values) > 1 else None


# --- one value, one cell type ----------------------------------------------------------------------------


@pytest.mark.parametrize("value, xml", [
    (True, (' t="b"', "<v>1</v>")),
    (False, (' t="b"', "<v>0</v>")),  # a bool is not written as the number it also is
    (3, ("", "<v>3</v>")),
    (-12, ("", "<v>-12</v>")),
    (0.1, ("", "<v>0.1</v>")),  # repr: the shortest text that reads back as the same float
    (2.5, ("", "<v>2.5</v>")),
    ("Ann", (' t="inlineStr"', "<is><t>Ann</t></is>")),
    ("=HYPERLINK(\"http://x\")", (' t="inlineStr"', '<is><t>=HYPERLINK("http://x")</t></is>')),
    ("+1", (' t="inlineStr"', "<is><t>+1</t></is>")),
    ("@SUM(A1)", (' t="inlineStr"', "<is><t>@SUM(A1)</t></is>")),
    ("a & <b>", (' t="inlineStr"', "<is><t>a &amp; &lt;b&gt;</t></is>")),
    (" lead", (' t="inlineStr"', '<is><t xml:space="preserve"> lead</t></is>')),
    ("trail ", (' t="inlineStr"', '<is><t xml:space="preserve">trail </t></is>')),
    ("two\nlines", (' t="inlineStr"', '<is><t xml:space="preserve">two\nlines</t></is>')),
    ("bell\x07", (' t="inlineStr"', "<is><t>bell_x0007_</t></is>")),
])
def test_value_xml(value, xml):
    assert value_xml(value) == xml


def test_cell_xml_names_a_style_only_when_there_is_one():
    assert cell_xml("C4", 5) == '<c r="C4"><v>5</v></c>'
    assert cell_xml("C4", "x", 3) == '<c r="C4" s="3" t="inlineStr"><is><t>x</t></is></c>'
    assert cell_xml("A1", True, 0) == '<c r="A1" t="b"><v>1</v></c>'


@pytest.mark.parametrize("text, stored", [
    ("plain", "plain"),
    ("\x00\x01\x08\x0b\x0c\x0e\x1f", "_x0000__x0001__x0008__x000B__x000C__x000E__x001F_"),
    ("tab\tline\n", "tab\tline\n"),  # XML carries these as they are
    ("a\r\nb", "a_x000D_\nb"),  # a parser would read a bare carriage return as a line feed
    ("\ufffe\uffff", "\ufffd\ufffd"),  # not characters: the replacement character
    ("_x0041_x0042_", "_x005F_x0041_x005F_x0042_"),  # two literal escapes sharing an underscore
    ("_x0041_", "_x005F_x0041_"),  # a literal escape is protected, so it is not decoded as "A"
    ("_xABCD_ and _x12ef_", "_x005F_xABCD_ and _x005F_x12ef_"),
    ("_x004G_", "_x004G_"),  # not four hex digits: nothing to protect
])
def test_ooxml_text(text, stored):
    assert ooxml_text(text) == stored


def test_escape_and_quoteattr():
    assert escape('a & <b> "c"') == 'a &amp; &lt;b&gt; "c"'
    assert quoteattr('Say "hi"\n\r\t<&>') == '"Say &quot;hi&quot;&#10;&#13;&#9;&lt;&amp;&gt;"'


# --- a new sheet ---------------------------------------------------------------------------------------------


def test_a_new_sheet_has_a_frozen_styled_header_widths_and_no_empty_cells():
    table = SheetTable("T", ["Name", "Win %"], [["Ann", 0.5], [None, ""], ["", 0.25]], [28, 8.5],
                       percent_columns={2})
    xml = new_sheet_xml(table, Styles).decode()
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ')
    assert '<dimension ref="A1:B4"/>' in xml
    assert ('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
            '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>') in xml
    assert ('<cols><col min="1" max="1" width="28" customWidth="1"/><col min="2" max="2" width="8.5" '
            'customWidth="1"/></cols>') in xml
    assert sheet_data(xml.encode()) == (
        '<sheetData><row r="1"><c r="A1" s="7" t="inlineStr"><is><t>Name</t></is></c><c r="B1" s="7" '
        't="inlineStr"><is><t>Win %</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c>'
        '<c r="B2" s="9"><v>0.5</v></c></row><row r="3"></row><row r="4"><c r="B4" s="9"><v>0.25</v></c></row>'
        "</sheetData>")
    assert "<autoFilter" not in xml and "<dataValidations" not in xml


def test_a_new_sheet_without_percent_columns_never_asks_for_the_percent_style():
    class HeaderOnly:
        header = 2

        @property
        def percent(self):
            raise AssertionError("the percent style was made for a sheet that shows no percentage")

    xml = new_sheet_xml(SheetTable("T", ["A"], [[0.5]], []), HeaderOnly()).decode()
    assert '<c r="A2"><v>0.5</v></c>' in xml and "<cols>" not in xml


def test_a_new_sheet_with_no_rows_has_its_header_autofilter_and_validations():
    table = SheetTable("T", ["Table", "Seat", "Done"], [], [], autofilter=True, validations={
        "B2:B40": Validation("whole", minimum=1, title="Seat", message='A "seat"\nfrom 1'),
        "C2": Validation("list", ("Yes", "No"), title="Done?", message="Pick one")})
    xml = new_sheet_xml(table, Styles).decode()
    assert '<dimension ref="A1:C1"/>' in xml
    assert '<autoFilter ref="A1:C2"/>' in xml  # at least one row under the header
    assert ('<dataValidations count="2"><dataValidation type="whole" operator="greaterThanOrEqual" allowBlank="1" '
            'showErrorMessage="1" errorTitle="Seat" error="A &quot;seat&quot;&#10;from 1" sqref="B2:B40">'
            '<formula1>1</formula1></dataValidation><dataValidation type="list" allowBlank="1" '
            'showErrorMessage="1" errorTitle="Done?" error="Pick one" sqref="C2"><formula1>"Yes,No"</formula1>'
            "</dataValidation></dataValidations>") in xml
    # schema order: autoFilter, then dataValidations, then pageMargins, last
    assert xml.index("<autoFilter") < xml.index("<dataValidations") < xml.index("<pageMargins") < \
        xml.index("</worksheet>")


def test_the_dimension_covers_the_widest_row():
    xml = new_sheet_xml(SheetTable("T", ["A"], [[1, 2, 3], [4]], []), Styles).decode()
    assert '<dimension ref="A1:C3"/>' in xml


# --- changing an existing sheet ------------------------------------------------------------------------------


def test_patched_cells_keep_their_style_and_lose_their_formula():
    xml = worksheet('<row r="1"><c r="A1" s="3" t="s"><v>0</v></c><c r="B1" s="4"><f>A1</f><v>9</v></c></row>',
                    '<dimension ref="A1:B1"/>')
    patched = patch_cells(xml, {(1, 2): "=x"})
    assert sheet_data(patched) == ('<sheetData><row r="1"><c r="A1" s="3" t="s"><v>0</v></c><c r="B1" s="4" '
                                   't="inlineStr"><is><t>=x</t></is></c></row></sheetData>')
    patched = patch_cells(xml, {(1, 2): 12})
    assert sheet_data(patched) == ('<sheetData><row r="1"><c r="A1" s="3" t="s"><v>0</v></c><c r="B1" s="4">'
                                   "<v>12</v></c></row></sheetData>")


def test_a_text_cell_set_to_a_number_loses_its_text_type():
    patched = patch_cells(worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>'), {(1, 1): 4})
    assert sheet_data(patched) == '<sheetData><row r="1"><c r="A1"><v>4</v></c></row></sheetData>'


def test_new_cells_and_rows_go_in_order_and_a_new_cell_takes_the_style_to_its_left():
    xml = worksheet('<row r="1" spans="1:2"><c r="A1" s="5"><v>1</v></c><c r="C1" s="6"><v>3</v></c></row>'
                    '<row r="4"><c r="A4"><v>4</v></c></row>', '<dimension ref="A1:C4"/>')
    patched = patch_cells(xml, {(1, 2): "b", (1, 5): "e", (3, 2): True, (6, 1): 1.5})
    assert sheet_data(patched) == (
        '<sheetData><row r="1"><c r="A1" s="5"><v>1</v></c><c r="B1" s="5" t="inlineStr"><is><t>b</t></is></c>'
        '<c r="C1" s="6"><v>3</v></c><c r="E1" s="6" t="inlineStr"><is><t>e</t></is></c></row>'
        '<row r="3"><c r="B3" t="b"><v>1</v></c></row><row r="4"><c r="A4"><v>4</v></c></row>'
        '<row r="6"><c r="A6"><v>1.5</v></c></row></sheetData>')  # a stale `spans` hint is dropped
    assert '<dimension ref="A1:E6"/>' in patched.decode()


def test_rows_and_cells_without_a_reference_are_numbered_before_a_cell_lands_among_them():
    xml = worksheet('<row><c><v>1</v></c><c><v>2</v></c></row><row><c r="C2"><v>3</v></c><c><v>4</v></c></row>')
    patched = patch_cells(xml, {(2, 2): "x"})
    assert sheet_data(patched) == (
        '<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row><row r="2"><c r="B2" '
        't="inlineStr"><is><t>x</t></is></c><c r="C2"><v>3</v></c><c r="D2"><v>4</v></c></row></sheetData>')


def test_the_dimension_keeps_its_first_cell_when_widened():
    patched = patch_cells(worksheet('<row r="2"><c r="B2"><v>1</v></c></row>', '<dimension ref="B2:B2"/>'),
                          {(9, 4): 1})
    assert '<dimension ref="B2:D9"/>' in patched.decode()


def test_rows_are_appended_after_the_last_row():
    xml = worksheet('<row r="1"><c r="A1"><v>1</v></c></row><row r="5"><c r="B5"><v>2</v></c></row>',
                    '<dimension ref="A1:B5"/>')
    appended = append_rows(xml, [["Log", None, 3, False], ["next"]])
    assert sheet_data(appended) == (
        '<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="5"><c r="B5"><v>2</v></c></row>'
        '<row r="6"><c r="A6" t="inlineStr"><is><t>Log</t></is></c><c r="C6"><v>3</v></c><c r="D6" t="b">'
        '<v>0</v></c></row><row r="7"><c r="A7" t="inlineStr"><is><t>next</t></is></c></row></sheetData>')
    assert '<dimension ref="A1:D7"/>' in appended.decode()


def test_appending_to_an_empty_sheet_starts_at_row_1():
    appended = append_rows(worksheet(""), [["Time", "Command"]])
    assert sheet_data(appended) == ('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Time</t></is></c>'
                                    '<c r="B1" t="inlineStr"><is><t>Command</t></is></c></row></sheetData>')


def test_text_patched_in_keeps_xml_special_characters_as_text():
    patched = patch_cells(worksheet(""), {(1, 1): "<b> & _x0041_ \x01"})
    assert sheet_data(patched) == ('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lt;b&gt; &amp; '
                                   "_x005F_x0041_ _x0001_</t></is></c></row></sheetData>")


# --- written, then read back by read.py ----------------------------------------------------------------------


@pytest.mark.parametrize("value", [7, -3, 2.75, True, False])
def test_numbers_and_booleans_read_back_as_written(tmp_path, value):
    read = written_and_read_back(tmp_path, value)
    assert read == value and type(read) is type(value)


@pytest.mark.parametrize("value", ["=HYPERLINK(\"http://evil\")", "+1", "-2", "=1+1", "@A1", "3"])
def test_text_that_looks_like_a_formula_or_number_reads_back_as_that_text(tmp_path, value):
    read = written_and_read_back(tmp_path, value)
    assert read == value and type(read) is str


ESCAPE_LIKE = st.sampled_from(["_x0041_", "_x005F_", "_x000D_", "_x", "x00", "_", "41_", "_xFFFF_"])
# U+FFFE/U+FFFF are left out here: they are written as U+FFFD (see the test below).
TEXT_CHARACTERS = st.characters(exclude_categories=("Cs",), exclude_characters="\ufffe\uffff")


@settings(deadline=None, max_examples=150)
@given(pieces=st.lists(st.one_of(TEXT_CHARACTERS, ESCAPE_LIKE), min_size=1, max_size=12))
def test_any_text_written_reads_back_as_the_same_string(tmp_path_factory, pieces):
    text = "".join(pieces)
    assert written_and_read_back(tmp_path_factory.mktemp("rt"), text) == text


@settings(deadline=None, max_examples=60)
@given(text=st.text(TEXT_CHARACTERS, min_size=1, max_size=8))
def test_any_text_patched_into_a_sheet_reads_back_as_the_same_string(tmp_path_factory, text):
    xml = patch_cells(worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>H</t></is></c></row>'),
                      {(2, 1): "x", (2, 2): text})
    sheet = read_workbook(one_sheet_xlsx(tmp_path_factory.mktemp("rt") / "p.xlsx", xml, "T")).sheets["T"]
    assert sheet.rows == [(2, ("x", text))]


@pytest.mark.parametrize("text", ["a\rb", "a\r\nb"])
def test_a_carriage_return_reads_back_as_written(tmp_path, text):
    assert written_and_read_back(tmp_path, text) == text


def test_two_literal_escapes_sharing_an_underscore_read_back_as_written(tmp_path):
    assert written_and_read_back(tmp_path, "_x0041_x0042_") == "_x0041_x0042_"


@pytest.mark.parametrize("text, read", [("\ufffe", "\ufffd"), ("a\uffffb", "a\ufffdb")])
def test_a_noncharacter_reads_back_as_the_replacement_character(tmp_path, text, read):
    """U+FFFE and U+FFFF are not characters: no XML holds them, and python-calamine reads their escapes back as
    the six letters `_xFFFF_`; they are written as U+FFFD."""
    assert written_and_read_back(tmp_path, text) == read


def test_text_like_an_escape_before_a_control_character_reads_back_as_typed(tmp_path):
    """Found by the property test above: `_x0000` followed by a backspace was written `_x0000_x0008_`, whose first
    seven characters then read back as a NUL."""
    assert written_and_read_back(tmp_path, "_x0041_x0000\x08") == "_x0041_x0000\x08"
