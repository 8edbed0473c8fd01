"""Mirrors `sheetrunner/validate/players.py`: the `Players` sheet read into the roster (§2). IDs are assigned where
blank and never reused (new ones start above any ID seen in Players, a round sheet or the Log); a name twice, an
ID twice, an empty name beside other values each get a problem at their cell; unknown columns are kept."""

from __future__ import annotations

from sheetrunner.model import columns as cols
from sheetrunner.workbook.grid import sheet_rows
from sheetrunner.workbook.logsheet import LogHistory
from sheetrunner.model.event import Settings
from sheetrunner.model.names import name_key
from sheetrunner.validate.players import missing_shown_columns, read_players, unused_byes

ROUND_HEADERS = ["Table", "Seat", "ID", "Player", "OP", "SP"]


def read(grid, sheets=None, log: LogHistory | None = None, extra=(), shown=()):
    """(players, new IDs by row, problems as (where, message, hint, severity))."""
    problems = []
    players, new_ids = read_players(sheet_rows("Players", grid), extra, problems, sheets or {}, log or LogHistory(),
                                    shown)
    return players, new_ids, [(p.where, p.message, p.hint, p.severity) for p in problems]


def test_the_roster_as_read():
    players, new_ids, found = read([
        ["ID", "Name", "Club", "Fixed table", "Dropped after", "Joined in", "Faction"],
        [1, " Ann  Lee ", "Red", "4", 2, None, "Orks"],
        [2, "Bob", None, None, None, 3]])
    assert found == [] and new_ids == {}
    assert [(p.id, p.name, p.team, p.fixed_table, p.dropped_after, p.joined_in, p.row, p.name_cell)
            for p in players] == [(1, "Ann Lee", "Red", 4, 2, 1, 2, "B2"), (2, "Bob", "", None, None, 3, 3, "B3")]


def test_empty_rows_are_skipped_and_the_name_cell_follows_the_header_row():
    players, _, found = read([[], ["Team", "Name", "ID"], [], ["X", "Ann", 1], [None, None, None]])
    assert found == []
    assert [(p.name, p.row, p.name_cell, p.team) for p in players] == [("Ann", 4, "B4", "X")]


# --- IDs: assigned where blank, never reused ----------------------------------------------------------------------


def test_blank_ids_are_assigned_above_the_highest_in_players_in_row_order():
    players, new_ids, found = read([["ID", "Name"], [None, "Ann"], [4, "Bob"], [None, "Cy"], [2, "Dee"]])
    assert found == []
    assert new_ids == {2: 5, 4: 6}
    assert [(p.name, p.id) for p in players] == [("Ann", 5), ("Bob", 4), ("Cy", 6), ("Dee", 2)]


def test_new_ids_never_reuse_one_seen_in_a_round_sheet():
    rounds = {"Round 1": sheet_rows("Round 1", [ROUND_HEADERS, [1, 1, 7, "Gone", 1, 1], [1, 2, "x", "Bob", 1, 1],
                                               [1, 3, " 3 ", "Ann", 1, 1]]),
              "Standings": sheet_rows("Standings", [["ID"], [50]])}  # not a round sheet
    _, new_ids, found = read([["ID", "Name"], [None, "Ann"], [2, "Bob"]], sheets=rounds)
    assert found == []  # the bad ID is said where the round is read
    assert new_ids == {2: 8}


def test_new_ids_never_reuse_one_the_log_recorded():
    _, new_ids, _ = read([["ID", "Name"], [None, "Ann"], [3, "Bob"]], log=LogHistory(last_id=9))
    assert new_ids == {2: 10}


def test_an_id_used_twice_is_an_error_and_the_second_row_gets_a_new_one():
    players, new_ids, found = read([["ID", "Name"], [1, "Ann"], [1, "Bob"]])
    assert found == [("Players!A3", "ID 1 is used twice (also row 2).",
                      "Give each player their own ID, or clear it and sheetrunner assigns a new one.", "error")]
    assert new_ids == {3: 2} and [p.id for p in players] == [1, 2]


def test_a_bad_id_is_an_error_at_its_cell():
    _, new_ids, found = read([["ID", "Name"], ["x1", "Ann"]])
    assert found == [("Players!A2", 'ID needs a whole number, found "x1".',
                      "IDs are whole numbers from 1; leave it blank and sheetrunner assigns one.", "error")]
    assert new_ids == {2: 1}


# --- names ------------------------------------------------------------------------------------------------------------


def test_name_key_ignores_case_and_invisible_characters():
    assert name_key(" Ann\u200b  LEE\u00a0") == name_key("ann lee") == "ann lee"
    assert name_key("Straße") == name_key("STRASSE")


def test_a_name_twice_is_an_error_at_the_second_row_which_is_left_out():
    players, _, found = read([["ID", "Name"], [1, "Ann"], [2, " ANN\u200b"]])
    assert found == [("Players!B3", '"ANN" is on the roster twice (also row 2).',
                      "Delete the repeated row, or tell the two players apart (e.g. add an initial).", "error")]
    assert [p.name for p in players] == ["Ann"]


def test_an_empty_name_beside_other_values_and_a_name_of_invisible_characters():
    players, new_ids, found = read([["ID", "Name", "Team"], [1, "Ann"], [2, None, "Red"], [3, "\u200b\u200b"],
                                    [4, None]])
    assert found == [
        ("Players!B3", "Name is empty.", "Type the player's name, or delete the row.", "error"),
        ("Players!B4", "Name holds only invisible characters.", "Type the player's name, or clear the cell.",
         "error")]
    assert [p.name for p in players] == ["Ann"]  # a row with only an ID is not a player, and not a problem


def test_no_players_sheet_and_no_name_column():
    problems = []
    assert read_players(None, (), problems, {}, LogHistory()) == ([], {})
    assert [(p.where, p.message, p.hint) for p in problems] == [
        ("Players", "The workbook has no Players sheet.",
         "Add a sheet named Players with a Name column and one player per row.")]
    assert read([["ID", "Team"], [1, "Red"]]) == ([], {}, [
        ("Players!A1", "The Players sheet has no Name column.", "Add a column headed Name with one player per row.",
         "error")])


# --- the TO's own columns ------------------------------------------------------------------------------------------


def test_report_columns_are_kept_as_text_by_the_header_as_typed_in_the_order_listed():
    players, _, found = read([["ID", "Name", "faction", "Deck", "Score"], [1, "Ann", "Orks", None, 3],
                              [2, "Bob", "Elves", 12, None]], shown=("Deck", "Faction", "Nope"))
    assert found == []
    assert [p.extra["shown"] for p in players] == [{"Deck": "", "faction": "Orks"}, {"Deck": "12", "faction": "Elves"}]
    assert list(players[0].extra["shown"]) == ["Deck", "faction"]


def test_a_ruleset_column_is_read_into_extra():
    players, _, found = read([["ID", "Name", "Invited byes"], [1, "Ann", 2], [2, "Bob", None]], extra=(cols.BYES,))
    assert found == []
    assert [p.extra for p in players] == [{"byes": 2, "shown": {}}, {"byes": None, "shown": {}}]


def test_a_filled_byes_column_where_the_ruleset_gives_none_is_one_warning_at_its_header():
    _, _, found = read([["ID", "Name", "Byes"], [1, "Ann", 1], [2, "Bob", 2]])
    [(where, message, hint, severity)] = found
    assert (where, message, severity) == (
        "Players!C1", "The Byes column is ignored: this ruleset gives no byes before round 1.", "warning")
    assert hint.startswith("Only swiss-tp, swiss") and hint.endswith(" give invited players byes; clear the column "
                                                                     "to silence this.")
    assert unused_byes(sheet_rows("Players", [["Name", "Byes"], ["Ann", 0], ["Bob", None]])) == []


def test_a_report_column_with_no_players_column_is_one_warning_at_its_setting():
    sheet = sheet_rows("Players", [["Name", "Faction"]])
    settings = Settings("swiss", 3, 1, report_columns=("faction", "Deck", "Army"),
                        cells={"report_columns": "B9"})
    [problem] = missing_shown_columns(sheet, settings)
    assert (problem.where, problem.message, problem.hint, problem.severity) == (
        "Event!B9", 'Report columns names "Deck", "Army", which are not Players columns; the reports leave it out.',
        "Spell it as the Players column is headed, or add that column.", "warning")
    one = Settings("swiss", 3, 1, report_columns=("Deck",), cells={"report_columns": "B9"})
    assert missing_shown_columns(sheet, one)[0].message == ('Report columns names "Deck", which is not a Players '
                                                            "column; the reports leave it out.")
    assert missing_shown_columns(sheet, Settings("swiss", 3, 1, report_columns=("FACTION ",))) == []
