"""layout.py: the names of the sheets sheetrunner reads and writes, matched as a person reads a tab (§2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.workbook.layout import (FINAL_STANDINGS, TOO_LARGE, is_output_sheet, renamed_round_number, round_number,
                                round_title, sheet_key, standings_title)


def test_a_sheet_key_ignores_case_surrounding_spaces_and_invisible_characters():
    assert sheet_key("  Round\u200b 1 ") == "round 1"
    assert sheet_key("PLAYERS") == "players"
    assert sheet_key("Round\u00a02") == "round 2"
    assert sheet_key("Round  2") == "round 2"


def test_titles_sheetrunner_writes():
    assert round_title(4) == "Round 4"
    assert standings_title(2) == "Standings after R2"
    assert FINAL_STANDINGS == "Final standings"


@pytest.mark.parametrize("title, number", [("Round 3", 3), ("round 01", 1), ("ROUND 2 ", 2), ("Round3", 3),
                                           ("Round\u200b 12", 12), ("Round 999999999", 999_999_999)])
def test_round_sheets_are_read_by_their_number(title, number):
    assert round_number(title) == number


@pytest.mark.parametrize("title", ["Rounds 3", "R1", "Round 3 (old)", "Round", "Standings after R3", "Round -1",
                                   "Round 2b"])
def test_other_titles_are_not_round_sheets(title):
    assert round_number(title) is None


def test_a_round_number_past_any_event_is_read_as_too_large_not_ignored():
    assert round_number("Round 1000000000") == TOO_LARGE
    assert round_number("Round 99999999999") == TOO_LARGE
    assert round_number("Round 00000000000007") == 7  # leading zeros are not digits of the number


@pytest.mark.parametrize("title, number", [("R1", 1), ("Rd 1", 1), ("Rnd. 1", 1), ("Rnd.1", 1), ("Round-01", 1),
                                           ("rd#3", 3), ("R_2", 2), ("r 12", 12), ("Round 4", 4), ("RD  7", 7)])
def test_round_tabs_shortened_by_the_to_are_recognised(title, number):
    assert renamed_round_number(title) == number


@pytest.mark.parametrize("title", ["R12345", "Rd", "Results", "Ready 1", "R1a", "Players", "1"])
def test_other_tabs_are_not_renamed_rounds(title):
    assert renamed_round_number(title) is None


@pytest.mark.parametrize("title", ["Standings after R3", "standings after r12", "Team standings after R2",
                                   " STANDINGS AFTER R1 ", "Final standings", "final STANDINGS "])
def test_output_sheets_are_never_read_back(title):
    assert is_output_sheet(title)


@pytest.mark.parametrize("title", ["Standings", "Standings after R3 (copy)", "Standings after Round 3", "Round 3",
                                   "Players", "Final", "Standings after R12345"])
def test_other_sheets_are_not_output_sheets(title):
    assert not is_output_sheet(title)


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=9999))
def test_what_sheetrunner_writes_it_reads_back(number):
    assert round_number(round_title(number)) == number
    assert is_output_sheet(standings_title(number))
    assert round_number(standings_title(number)) is None
