"""grid.py: a sheet as values (`SheetRows`), and the A1 names of its cells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.workbook.grid import (FORMULA_WITHOUT_VALUE, SheetRows, cell_name, column_letter, column_number,
                              is_empty_value, sheet_rows)


def test_column_letters_run_a_to_z_then_two_letters():
    assert [column_letter(n) for n in (1, 2, 26, 27, 28, 52, 53, 702, 703, 16384)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA", "XFD"]


def test_column_numbers_read_letters_back():
    assert [column_number(letters) for letters in ("A", "Z", "AA", "AZ", "BA", "ZZ", "AAA", "XFD")] == [
        1, 26, 27, 52, 53, 702, 703, 16384]


def test_a_cell_name_takes_a_zero_based_column_and_a_sheet_row():
    assert cell_name(0, 1) == "A1"
    assert cell_name(3, 7) == "D7"
    assert cell_name(26, 12) == "AA12"


@settings(deadline=None)
@given(st.integers(min_value=1, max_value=16384 * 4))
def test_letters_and_numbers_round_trip(number):
    letters = column_letter(number)
    assert column_number(letters) == number
    assert letters.isalpha() and letters.isupper()


@settings(deadline=None)
@given(st.integers(min_value=1, max_value=20000), st.integers(min_value=1, max_value=20000))
def test_later_columns_sort_after_earlier_ones_as_excel_lists_them(first, second):
    # Shorter names first, then alphabetical: Z before AA.
    key = lambda n: (len(column_letter(n)), column_letter(n))  # noqa: E731
    assert (key(first) < key(second)) == (first < second)


def test_empty_values():
    assert [is_empty_value(v) for v in (None, "", "  ", "\t")] == [True] * 4
    assert [is_empty_value(v) for v in (0, False, "x")] == [False] * 3


def test_the_first_non_empty_row_is_the_header_and_empty_rows_are_skipped():
    grid = [
        [None, None],
        ["", "  "],
        ["Name", "Team", None, ""],
        ["Ann", "Red"],
        [],
        [None, None, None],
        ["Ben", "", None],
        [None, "Blue"],
    ]
    rows = sheet_rows("Players", grid)
    assert rows.name == "Players"
    assert rows.header_row == 3
    assert rows.headers == ["Name", "Team"]  # trailing empty cells dropped
    assert rows.rows == [(4, ("Ann", "Red")), (7, ("Ben",)), (8, (None, "Blue"))]  # sheet row numbers kept


def test_an_empty_string_inside_a_row_reads_as_none():
    rows = sheet_rows("Round 1", [["Table", "Seat", "ID"], [1, "", 7]])
    assert rows.rows == [(2, (1, None, 7))]


def test_a_sheet_with_nothing_has_no_header():
    rows = sheet_rows("Empty", [[None], [""]])
    assert (rows.header_row, rows.headers, rows.rows) == (0, [], [])


def test_flags_are_found_only_when_asked_for_and_only_once():
    calls = []

    def find():
        calls.append(1)
        return {"E7": FORMULA_WITHOUT_VALUE, "F2": "#N/A"}

    rows = sheet_rows("Round 1", [["Table"], [1]], find_flags=find)
    assert calls == []
    assert rows.flags == {"E7": "formula", "F2": "#N/A"}
    assert rows.flags["E7"] == "formula"
    assert calls == [1]


def test_a_hand_built_sheet_has_no_flags():
    assert SheetRows("Players").flags == {}
