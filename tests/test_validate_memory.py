"""Mirrors `sheetrunner/validate/memory.py`: the workbook held to what the `Log` recorded (§2). A recorded round
whose tab was shortened (`R1`) is read as that round with a warning; one with no sheet at all is an error; a
round-like sheet read as nothing is a warning; a Players row added after pairing without `Joined in`, and values
under no header, are each said at their cell."""

from __future__ import annotations

import pytest

from sheetrunner.workbook.grid import sheet_rows
from sheetrunner.workbook.logsheet import LogHistory
from sheetrunner.model.event import Player, Round, Seat, Table
from sheetrunner.validate.memory import (added_after_pairing, find_recorded_rounds, looks_like_round,
                                         values_without_header)

HEADERS = ["Table", "Seat", "ID", "Player", "OP", "SP"]
PAIRED_ROUND_1 = LogHistory(active={1: {1, 2}}, paired={1: {"a1b2c3"}})
NO_HEADER_HINT = ("Type the column's header here (if the header cells are merged, unmerge them first); or move the "
                  "values off this sheet.")


def round_like(title: str, *rows) -> object:
    return sheet_rows(title, [HEADERS, *rows])


def found(problems) -> list[tuple[str, str, str, str]]:
    return [(p.where, p.message, p.hint, p.severity) for p in problems]


# --- recorded rounds -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("headers, like", [
    (["Table", "Player"], True), (["Board", "Name", "OP"], True), (["Game", "#"], True),
    (["Table", "OP"], False), (["Player", "OP"], False), (["Setting", "Value"], False)])
def test_looks_like_round(headers, like):
    assert looks_like_round(sheet_rows("S", [headers])) is like


@pytest.mark.parametrize("title", ["R1", "Rd 1", "rnd.1", "Round-01", "round_1", "R #1"])
def test_a_shortened_tab_of_a_recorded_round_is_read_as_that_round_with_a_warning(title):
    event = sheet_rows("Event", [["Setting", "Value"]])
    tab = round_like(title, [1, 1, 1, "Ann", 1, 0])
    sheets = find_recorded_rounds({"Event": event, title: tab}, PAIRED_ROUND_1, problems := [])
    assert list(sheets) == ["Event", "Round 1"]  # in the workbook's order
    assert sheets["Round 1"] is tab and tab.name == title  # messages still name the tab as it is
    assert found(problems) == [(title, f'The sheet "{title}" is read as Round 1, which sheetrunner paired (the Log '
                                "says so).", 'Rename it "Round 1".', "warning")]


def test_a_round_with_its_own_name_is_read_as_it_is():
    sheets = {"Round 1": round_like("Round 1"), "Players": sheet_rows("Players", [["Name"]])}
    assert find_recorded_rounds(sheets, PAIRED_ROUND_1, problems := []) is sheets
    assert problems == []


def test_a_recorded_round_with_no_sheet_is_an_error_naming_a_round_like_sheet():
    sheets = {"Pairings": round_like("Pairings"), "Standings after R1": round_like("Standings after R1")}
    find_recorded_rounds(sheets, PAIRED_ROUND_1, problems := [])
    assert found(problems) == [
        ("Round 1", 'sheetrunner paired Round 1 (the Log says so), but the workbook has no sheet named "Round 1".',
         'If "Pairings" is that round, rename it "Round 1". If it was deleted, undo that, or copy the sheet back from '
         "the newest backup (in the -backups folder beside the workbook); sheetrunner never pairs a recorded round "
         "again.", "error")]


def test_a_recorded_round_deleted_with_nothing_like_it_is_an_error():
    find_recorded_rounds({"Players": sheet_rows("Players", [["Name"]])}, PAIRED_ROUND_1, problems := [])
    assert found(problems) == [
        ("Round 1", 'sheetrunner paired Round 1 (the Log says so), but the workbook has no sheet named "Round 1".',
         "If it was deleted, undo that, or copy the sheet back from the newest backup (in the -backups folder beside "
         "the workbook); sheetrunner never pairs a recorded round again.", "error")]


def test_a_round_the_log_records_only_by_its_results_is_recorded_too():
    find_recorded_rounds({}, LogHistory(results={2: "#abc"}), problems := [])
    assert [p.message for p in problems] == [
        'sheetrunner paired Round 2 (the Log says so), but the workbook has no sheet named "Round 2".']


def test_a_round_like_sheet_read_as_nothing_is_a_warning_without_a_log():
    sheets = {"Rd 2": round_like("Rd 2"), "R3": sheet_rows("R3", [["Notes"]]), "Round 1": round_like("Round 1")}
    assert find_recorded_rounds(sheets, LogHistory(), problems := []) is sheets
    assert found(problems) == [
        ("Rd 2", 'The sheet "Rd 2" looks like a round sheet but is not read as one: sheetrunner reads round sheets '
         "named Round 1, Round 2, …", 'Rename it "Round 2" if it is that round.', "warning")]


def test_a_shortened_tab_beside_the_round_itself_is_not_read():
    sheets = {"Round 1": round_like("Round 1"), "R1": round_like("R1")}
    assert list(find_recorded_rounds(sheets, PAIRED_ROUND_1, problems := [])) == ["Round 1", "R1"]
    assert [p.where for p in problems] == ["R1"] and problems[0].severity == "warning"


# --- values under no header -------------------------------------------------------------------------------------------


def test_values_under_no_header_are_one_problem_per_column_at_its_header_cell():
    sheet = sheet_rows("Players", [["ID", "Name", None, "Team"], [1, "Ann", "x"], [2, "Bob", "y", None, "z"],
                                   [3, "Cy", None, None, None, "w"]])
    assert found(values_without_header(sheet)) == [
        ("Players!C1", "Column C has values (from C2) but no header, so sheetrunner does not read them.",
         NO_HEADER_HINT, "error"),
        ("Players!E1", "Column E has values (from E3) but no header, so sheetrunner does not read them.",
         NO_HEADER_HINT, "error"),
        ("Players!F1", "Column F has values (from F4) but no header, so sheetrunner does not read them.",
         NO_HEADER_HINT, "error")]


def test_values_under_no_header_as_a_warning_and_below_a_lower_header_row():
    sheet = sheet_rows("Round 1", [[], ["Table", "\u200b", "Player"], [1, " ", "Ann"], [1, "note", "Bob"]])
    assert found(values_without_header(sheet, "warning")) == [
        ("Round 1!B2", "Column B has values (from B4) but no header, so sheetrunner does not read them.",
         NO_HEADER_HINT, "warning")]


def test_every_value_under_a_header_is_no_problem():
    sheet = sheet_rows("Players", [["ID", "Name"], [1, "Ann"], [2, "Bob", None]])
    assert values_without_header(sheet) == []


# --- Players rows added after pairing ---------------------------------------------------------------------------------


PLAYERS = [Player(1, "Ann", row=2, name_cell="B2"), Player(2, "Bob", row=3, name_cell="B3"),
           Player(3, "Total", row=4, name_cell="B4"), Player(4, "Late", joined_in=2, row=5, name_cell="B5")]
ROUND_1 = Round(1, (Table(1, (Seat(1), Seat(2))),), "Round 1")
ROUND_SHEETS = {"Round 1": round_like("Round 1", [1, 1, 1, "Ann"], [1, 2, 2, "Bob"])}


def test_a_row_added_after_round_1_was_paired_without_joined_in_is_an_error():
    assert found(added_after_pairing(PLAYERS, [ROUND_1], ROUND_SHEETS, PAIRED_ROUND_1, False)) == [
        ("Players!B4", '"Total" was added after Round 1 was paired (the Log lists who played it), but Joined in says '
         "they play from round 1.", "If they are a late entry, type 2 under Joined in; or, to seat them in Round 1, "
         "which has no results yet, run `sheetrunner pair --redo`; if the row is not a player (a total, a note), move "
         "it off the Players sheet.", "error")]


def test_the_first_round_missed_is_named():
    log = LogHistory(active={1: {1, 2}, 2: {1, 2}})
    second = Round(2, (Table(1, (Seat(2), Seat(1))),), "Round 2")
    late = [Player(1, "Ann"), Player(2, "Bob"), Player(5, "Walk-in", joined_in=2, row=6, name_cell="B6")]
    assert [p.message for p in added_after_pairing(late, [ROUND_1, second], {}, log, False)] == [
        '"Walk-in" was added after Round 2 was paired (the Log lists who played it), but Joined in says they play '
        "from round 2."]
    assert [p.hint.split(";")[0] for p in added_after_pairing(late, [ROUND_1, second], {}, log, False)] == [
        "If they are a late entry, type 3 under Joined in"]


def test_a_round_about_to_be_paired_again_takes_anyone_added_meanwhile():
    assert added_after_pairing(PLAYERS, [ROUND_1], ROUND_SHEETS, PAIRED_ROUND_1, True) == []


def test_a_row_whose_name_is_in_a_round_sheet_is_not_new():
    sheets = {"Round 1": round_like("Round 1", [1, 1, 1, "Ann"], [1, 2, 9, " TOTAL "])}
    assert added_after_pairing(PLAYERS, [ROUND_1], sheets, PAIRED_ROUND_1, False) == []


def test_without_a_log_nobody_is_added_after_pairing():
    assert added_after_pairing(PLAYERS, [ROUND_1], ROUND_SHEETS, LogHistory(), False) == []
