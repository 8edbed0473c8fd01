"""Mirrors `sheetrunner/workbook/reader.py`: the cells of one sheet read by column, each bad value turned into a
`Problem` at its cell (§7). Headers match case-insensitively, surrounding spaces ignored, by header or alias (§2);
sheets are found by the name a person reads."""

from __future__ import annotations

from sheetrunner.model import columns as cols
from sheetrunner.workbook.grid import FORMULA_WITHOUT_VALUE, sheet_rows
from sheetrunner.workbook.reader import SheetReader, find_sheet, round_sheet_values, visible


def where_and_what(problems) -> list[tuple[str, str, str, str]]:
    return [(f"{p.sheet}!{p.cell}", p.message, p.hint, p.severity) for p in problems]


def never(*_):
    raise AssertionError("flags looked up although no blank cell was read")


ID_HINT = "IDs are whole numbers from 1; leave it blank and sheetrunner assigns one."


# --- finding sheets ------------------------------------------------------------------------------------------------


def test_find_sheet_by_the_name_a_person_reads():
    sheets = {title: sheet_rows(title, [["x"]]) for title in (" players\u200b", "Round 1")}
    assert find_sheet(sheets, "Players").name == " players\u200b"
    assert find_sheet(sheets, "ROUND  1 ").name == "Round 1"
    assert find_sheet(sheets, "Event") is None


def test_visible_spells_out_invisible_characters():
    assert visible("Round\u200b 1\u00a0") == "Round\\u200b 1\u00a0"  # a no-break space is seen, kept
    assert visible("Players\ufeff\u2028\t") == "Players\\ufeff\\u2028\\u0009"
    assert visible("Round 1") == "Round 1"


def test_round_sheet_values_reads_one_column_of_every_round_sheet_only():
    sheets = {
        "Round 1": sheet_rows("Round 1", [["Table", "Player ID"], [1, 4], [1, "7"], [2]]),
        "Players": sheet_rows("Players", [["ID"], [99]]),  # not a round sheet
        "round 02": sheet_rows("round 02", [["#", "Table"], [12, 1]]),
        "Round 3": sheet_rows("Round 3", [["Table", "Player"], [1, "Ann"]]),  # no ID column
    }
    assert list(round_sheet_values(sheets, cols.ROUND_PLAYER_ID)) == [4, "7", 12]


# --- headers ---------------------------------------------------------------------------------------------------------


def test_headers_match_any_case_and_spacing_and_by_alias():
    sheet = sheet_rows("Players", [[None], ["  player NAME ", "#", "CLUB", "Dropped"]])
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    assert {key: index for key, (index, _) in reader.columns.items()} == {
        "name": 0, "id": 1, "team": 2, "dropped_after": 3}
    assert problems == []
    assert reader.cell("name", 5) == "A5" and reader.cell("dropped_after", 5) == "D5"


def test_a_second_column_of_the_same_header_is_reported_at_its_cell_and_the_first_is_read():
    sheet = sheet_rows("Players", [["Name", "ID", "Team", "club", "team"], ["Ann", 1, "Red", "Blue", "Green"]])
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    assert where_and_what(problems) == [
        ("Players!D1", 'A second "Team" column (first at C1).', "Keep one of them; rename or delete the other.",
         "error"),
        ("Players!E1", 'A second "Team" column (first at C1).', "Keep one of them; rename or delete the other.",
         "error")]
    assert reader.read("team", 2, sheet.rows[0][1]) == "Red"


def test_the_header_row_is_the_sheets_own_row_in_cell_names():
    sheet = sheet_rows("Players", [[], [None, None], ["Name", "Name"]])
    SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    assert where_and_what(problems)[0][:2] == ("Players!B3", 'A second "Name" column (first at A3).')


def test_unknown_and_blank_headers_are_not_columns():
    sheet = sheet_rows("Players", [["Name", None, " ", "Faction", "\u200b"]])
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, [])
    assert list(reader.columns) == ["name"]
    assert not reader.has("team") and reader.has("name")


# --- reading cells ----------------------------------------------------------------------------------------------------


def test_a_clean_value_is_read_and_a_number_typed_as_text_accepted():
    sheet = sheet_rows("Players", [["Name", "ID"], ["  Ann  ", " 3 "]], never)
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    values = sheet.rows[0][1]
    assert (reader.read("name", 2, values), reader.read("id", 2, values)) == ("Ann", 3)
    assert problems == []


def test_a_bad_value_is_a_problem_at_its_cell_and_reads_as_invalid():
    sheet = sheet_rows("Players", [["Name", "ID"], ["Ann", "x"], ["Bob", 0]], never)
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    assert reader.read("id", 2, sheet.rows[0][1], "#bad") == "#bad"
    assert reader.read("id", 3, sheet.rows[1][1]) is None
    assert where_and_what(problems) == [
        ("Players!B2", 'ID needs a whole number, found "x".', ID_HINT, "error"),
        ("Players!B3", "ID needs a whole number of at least 1, found 0.", ID_HINT, "error")]


def test_a_blank_cell_that_is_a_formula_without_a_saved_value_is_said_as_such():
    sheet = sheet_rows("Players", [["Name", "ID"], ["Ann"]], lambda: {"B2": FORMULA_WITHOUT_VALUE})
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    assert reader.read("id", 2, sheet.rows[0][1], "#bad") == "#bad"
    assert where_and_what(problems) == [
        ("Players!B2", "ID holds a formula whose value was never saved.",
         "Open the workbook in Excel or LibreOffice and save it, so the value is stored.", "error")]


def test_a_blank_cell_that_is_an_error_is_said_with_its_error():
    sheet = sheet_rows("Players", [["Name", "ID"], ["Ann"]], lambda: {"B2": "#N/A"})
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    assert reader.read("id", 2, sheet.rows[0][1], "#bad") == "#bad"
    assert where_and_what(problems) == [
        ("Players!B2", "ID holds the error #N/A.", "Correct the formula, or type the value.", "error")]


def test_a_truly_blank_cell_reads_none_with_no_problem():
    sheet = sheet_rows("Players", [["Name", "ID", "Team"], ["Ann", None, "Red"]], lambda: {"C9": "#REF!"})
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    assert reader.read("id", 2, sheet.rows[0][1], "#bad") is None
    assert problems == []


def test_a_column_the_sheet_lacks_reads_none_and_names_the_cell_after_the_last_header():
    sheet = sheet_rows("Players", [["Name", "ID"], ["Ann", 1, "extra"]], never)
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, problems := [])
    values = sheet.rows[0][1]
    assert reader.read("team", 2, values) is None and reader.raw("team", values) is None
    assert reader.cell("team", 7) == "C7"
    assert problems == []


def test_raw_is_the_value_as_typed_and_none_past_a_short_row():
    sheet = sheet_rows("Players", [["Name", "ID", "Team"], ["  Ann ", "3"]])
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS, [])
    values = sheet.rows[0][1]
    assert (reader.raw("name", values), reader.raw("id", values), reader.raw("team", values)) == ("  Ann ", "3", None)


def test_problem_carries_its_severity():
    reader = SheetReader(sheet_rows("Round 2", [["Table"]]), (cols.TABLE,), problems := [])
    reader.problem("E6", "Results typed on a bye row are ignored.", "Clear them.", "warning")
    assert where_and_what(problems) == [("Round 2!E6", "Results typed on a bye row are ignored.", "Clear them.",
                                         "warning")]
