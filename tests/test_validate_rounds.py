"""Mirrors `sheetrunner/validate/rounds.py`: `Round N` sheets read into rounds, every problem said at its cell
(§2, §7): a table with the wrong number of players, a player seated twice, a name not on the roster (with the
closest names), results on a bye row (a warning), a missing seat, a round out of order. Inputs are built as
`SheetRows` in code; the ruleset is swiss-tp (two players a table, OP and SP)."""

from __future__ import annotations

import pytest

from sheetrunner.workbook.grid import sheet_rows
from sheetrunner.workbook.logsheet import LogHistory
from sheetrunner.model.event import BYE, Player, Settings
from sheetrunner.model.options import event_options
from sheetrunner.rulesets import get_ruleset
from sheetrunner.validate.rounds import not_on_roster_hint, read_rounds, round_sheets

RULESET = get_ruleset("swiss-tp")
SETTINGS = Settings("swiss-tp", 3, 1, options={**{o.key: o.default for o in event_options(RULESET.game.all_options)},
                                                "rounds": 3, "seed": 1})
HEADERS = ["Table", "Seat", "ID", "Player", "OP", "SP", "Note"]
NAMES = ["Alice", "Bob", "Carol", "Dan", "Eve"]
ROSTER = [Player(i, name, row=i + 1, name_cell=f"B{i + 1}") for i, name in enumerate(NAMES, start=1)]
GOOD = [[1, 1, 1, "Alice", 3, 1], [1, 2, 2, "Bob", 1, 0], [2, 1, 3, "Carol", 2, 2], [2, 2, 4, "Dan", 2, 0],
        ["BYE", None, 5, "Eve", None, None]]
FIX_TABLES = "Fix the table numbers so each game has the right number of players."


def read(rounds: dict[str, list[list]], players=ROSTER, log: LogHistory | None = None, redo: bool = False,
         headers=HEADERS):
    """The rounds read from sheets of `rows` under `headers`, the problems as (where, message, hint, severity),
    and the cell namers by round."""
    problems, cells = [], {}
    sheets = {title: sheet_rows(title, [headers, *rows]) for title, rows in rounds.items()}
    read_back = read_rounds(sheets, RULESET, SETTINGS, players, problems, log or LogHistory(), redo, cells)
    return read_back, [(p.where, p.message, p.hint, p.severity) for p in problems], cells


def messages(found) -> list[str]:
    return [f"{where}: {message}" for where, message, _, _ in found]


def no_seat(name: str, row: int, round_number: int = 1, started: bool = True):
    hint = f"Add them to Round {round_number}, type {round_number + 1} under Joined in if they arrived after it, " \
        f"or type {round_number - 1} under Dropped after if they left."
    if not started:
        hint += f" While Round {round_number} has no results, `pair --redo` pairs it again with them."
    return (f"Players!B{row}", f"{name} is playing but has no seat in Round {round_number}.", hint,
            "error" if started else "warning")


# --- a round as sheetrunner writes it -----------------------------------------------------------------------------


def test_a_good_round_reads_into_tables_with_the_bye_last_and_no_problem():
    [round_], found, cells = read({"Round 1": GOOD})
    assert found == []
    assert (round_.number, round_.sheet) == (1, "Round 1")
    assert [table.number for table in round_.tables] == [1, 2, BYE]
    assert [[(s.player_id, s.seat, s.result, s.row) for s in t.seats] for t in round_.tables] == [
        [(1, 1, {"op": 3, "sp": 1}, 2), (2, 2, {"op": 1, "sp": 0}, 3)],
        [(3, 1, {"op": 2, "sp": 2}, 4), (4, 2, {"op": 2, "sp": 0}, 5)],
        [(5, 0, {"op": None, "sp": None}, 6)]]
    assert round_.is_complete and round_.byes == (5,)
    assert cells[1](4) == "D4"  # a player's cell in the Player column


def test_table_labels_are_any_text_numbers_read_as_numbers_in_natural_order():
    rows = [["Table 12", 1, 1, "Alice", 1, 0], ["Table 12", 2, 2, "Bob", 0, 0], [" 2 ", 2, 3, "Carol", 1, 1],
            ["２", 1, 4, "Dan", 0, 1], ["sits out", None, 5, "Eve", None, None]]
    [round_], found, _ = read({"Round 1": rows})
    assert found == []
    assert [table.number for table in round_.tables] == [2, "Table 12", BYE]
    assert [table.player_ids for table in round_.tables] == [(4, 3), (1, 2), (5,)]  # seats in seat order


@pytest.mark.parametrize("label", ["BYE", "bye", "Sits out", "SIT-OUT", "sitting out", " Bye "])
def test_bye_words(label):
    rows = GOOD[:4] + [[label, None, 5, "Eve", None, None]]
    [round_], found, _ = read({"Round 1": rows})
    assert found == [] and round_.byes == (5,)


def test_names_are_matched_after_trimming_in_any_case():
    rows = [[1, 1, None, " alice ", 3, 1], [1, 2, None, "BOB", 1, 0], [2, 1, None, "Carol\u00a0", 2, 2],
            [2, 2, 4, "dan", 2, 0], ["BYE", None, None, "Eve", None, None]]
    [round_], found, _ = read({"Round 1": rows})
    assert found == []
    assert round_.player_ids == (1, 2, 3, 4, 5)


# --- seating problems ---------------------------------------------------------------------------------------------


def test_a_table_with_the_wrong_number_of_players_is_an_error_at_its_first_table_cell():
    rows = [[1, 1, 1, "Alice", 3, 1], [1, 2, 2, "Bob", 1, 0], [1, 3, 3, "Carol", 1, 0], [2, 1, 4, "Dan", 2, 2],
            ["BYE", None, 5, "Eve", None, None]]
    _, found, _ = read({"Round 1": rows})
    assert found == [
        ("Round 1!A2", "Table 1 has 3 player(s); a swiss-tp game has 2.", FIX_TABLES, "error"),
        ("Round 1!A5", "Table 2 has 1 player(s); a swiss-tp game has 2.", FIX_TABLES, "error")]


def test_a_player_seated_twice_is_an_error_at_the_second_row():
    rows = [[1, 1, 1, "Alice", 3, 1], [1, 2, 2, "Bob", 1, 0], [2, 1, 3, "Carol", 2, 2], [2, 2, 1, "Alice", 2, 0],
            ["BYE", None, 5, "Eve", None, None]]
    [round_], found, _ = read({"Round 1": rows})
    assert found == [
        ("Round 1!D5", "Alice is seated twice in this round (also row 2).", "Delete one of the two rows.", "error"),
        no_seat("Dan", 5)]
    assert round_.table_of(1).number == 1


def test_a_name_not_on_the_roster_gets_the_closest_names_and_no_second_error_for_its_table():
    rows = [[1, 1, None, "Alise", 3, 1], [1, 2, 2, "Bob", 1, 0], [2, 1, 3, "Carol", 2, 2], [2, 2, 4, "Dan", 2, 0],
            ["BYE", None, None, "Zed", None, None]]
    _, found, _ = read({"Round 1": rows})
    assert found == [
        ("Round 1!D2", '"Alise" is not on the roster.', 'Did you mean "Alice"?', "error"),
        ("Round 1!D6", '"Zed" is not on the roster.', "Add them to the Players sheet first.", "error"),
        no_seat("Alice", 2), no_seat("Eve", 6)]


def test_not_on_roster_hint_lists_at_most_three_close_names():
    players = [Player(i, name) for i, name in enumerate(["Jon", "John", "Joan", "Johan", "Mary"], start=1)]
    assert not_on_roster_hint("Jonh", players) == 'Did you mean "Jon" or "John" or "Joan"?'  # best first
    assert not_on_roster_hint("Mari", players) == 'Did you mean "Mary"?'
    assert not_on_roster_hint("Xavier", players) == "Add them to the Players sheet first."


def test_an_id_and_a_name_that_disagree_an_unknown_id_a_blank_table_and_a_nameless_row():
    rows = [[1, 1, 1, "Bob", 3, 1], [1, 2, 9, "Bob", 1, 0], [None, 1, 3, "Carol", 2, 2], [2, 2, None, None, 2, 0],
            ["BYE", None, 5, "Eve", None, None]]
    _, found, _ = read({"Round 1": rows})
    assert found[:4] == [
        ("Round 1!D2", 'ID 1 is Alice, not "Bob".', "Correct the ID or the name so they match the Players sheet.",
         "error"),
        ("Round 1!C3", "No player has ID 9.", "Use an ID from the Players sheet, or clear it and type the name.",
         "error"),
        ("Round 1!A4", "Table is empty.", "Type the table's number or name, or BYE.", "error"),
        ("Round 1!D5", "The row names no player.", "Type the player's name.", "error")]
    # Carol's row names her: she is seated (at no table), so no second message says she has no seat
    assert [where for where, *_ in found[4:]] == ["Players!B2", "Players!B3", "Players!B5"]


def test_results_typed_on_a_bye_row_are_a_warning_and_ignored():
    rows = GOOD[:4] + [["BYE", None, 5, "Eve", 3, 1]]
    [round_], found, _ = read({"Round 1": rows})
    assert found == [("Round 1!E6", "Results typed on a bye row are ignored.",
                      "Clear them, or seat the player at a table.", "warning")]
    assert round_.tables[-1].seats[0].result == {"op": None, "sp": None}


def test_a_player_with_no_seat_is_a_warning_before_results_and_an_error_after():
    unplayed = [[1, 1, 1, "Alice", None, None], [1, 2, 2, "Bob", None, None], [2, 1, 3, "Carol", None, None],
                [2, 2, 4, "Dan", None, None]]
    assert read({"Round 1": unplayed})[1] == [no_seat("Eve", 6, started=False)]
    assert read({"Round 1": GOOD[:4]})[1] == [no_seat("Eve", 6)]


def test_a_player_the_log_says_the_round_was_paired_without_missed_it_silently():
    [round_], found, _ = read({"Round 1": GOOD[:4]}, log=LogHistory(active={1: {1, 2, 3, 4}}))
    assert found == [] and round_.missed == (5,)


def test_a_dropped_or_late_player_seated_is_an_error_offering_a_redo_while_there_are_no_results():
    players = ROSTER[:3] + [Player(4, "Dan", dropped_after=0, row=5, name_cell="B5"),
                            Player(5, "Eve", joined_in=2, row=6, name_cell="B6")]
    rows = [[1, 1, 1, "Alice", None, None], [1, 2, 2, "Bob", None, None], [2, 1, 3, "Carol", None, None],
            [2, 2, 4, "Dan", None, None], ["BYE", None, 5, "Eve", None, None]]
    redo = " While Round 1 has no results, `pair --redo` pairs it again without them."
    assert read({"Round 1": rows}, players)[1] == [
        ("Round 1!D5", "Dan dropped after round 0 (Players row 5) but is seated here.",
         "Clear Dropped after to reinstate them, or remove this row." + redo, "error"),
        ("Round 1!D6", "Eve joins in round 2 (Players row 6) but is seated here.",
         "Change Joined in, or remove this row." + redo, "error")]
    for row in rows[:4]:
        row[4:6] = [1, 1]
    assert [hint for _, _, hint, _ in read({"Round 1": rows}, players)[1]] == [
        "Clear Dropped after to reinstate them, or remove this row.", "Change Joined in, or remove this row."]


# --- results ------------------------------------------------------------------------------------------------------


def test_a_half_filled_table_is_an_error_at_the_empty_cell_and_a_round_being_entered_a_warning():
    rows = [[1, 1, 1, "Alice", 3, None], [1, 2, 2, "Bob", 1, 0], [2, 1, 3, "Carol", None, None],
            [2, 2, 4, "Dan", None, None], ["BYE", None, 5, "Eve", None, None]]
    _, found, _ = read({"Round 1": rows})
    assert found == [
        ("Round 1!F2", "SP is empty while other results of table 1 are filled in.",
         "Type the missing result, or clear the whole table to enter it later.", "error"),
        ("Round 1", "1 of 2 tables have results so far.",
         "The standings leave this round out until every result is in.", "warning")]


def test_a_bad_result_is_an_error_at_its_cell_and_not_also_empty():
    rows = [[1, 1, 1, "Alice", "x", 0]] + GOOD[1:]
    _, found, _ = read({"Round 1": rows})
    assert found == [("Round 1!E2", 'OP needs a whole number, found "x".',
                      "Type the objective points this player scored, a whole number (0 or more).", "error")]


def test_an_earlier_round_missing_results_once_a_later_one_is_paired_is_an_error_listing_the_tables():
    first = GOOD[:2] + [[2, 1, 3, "Carol", None, None], [2, 2, 4, "Dan", None, None], GOOD[4]]
    second = [[1, 1, 1, "Alice", None, None], [1, 2, 3, "Carol", None, None], [2, 1, 2, "Bob", None, None],
              [2, 2, 5, "Eve", None, None], ["BYE", None, 4, "Dan", None, None]]
    _, found, _ = read({"Round 1": first, "Round 2": second})
    assert found == [
        ("Round 1", "Round 1 is missing results, but a later round has been paired.",
         "Enter the missing results (the cells are listed by `sheetrunner check`).", "error"),
        ("Round 1!A4", "Table 2 has no result yet.", "Type the result for every seat at this table.", "error")]


# --- the sheet's columns ------------------------------------------------------------------------------------------


def test_headers_by_alias_and_a_missing_result_column():
    [round_], found, _ = read({"Round 1": [[1, 1, "Alice", 3], [1, 2, "Bob", 1], [2, 1, "Carol", 2],
                                           [2, 2, "Dan", 2], ["BYE", None, "Eve", None]]},
                              headers=["Board", "Seat", "Name", "Objective"])
    assert found == [("Round 1!A1", "The sheet has no SP column.", "Add a column headed SP.", "error")]
    assert round_.player_ids == (1, 2, 3, 4, 5)


def test_a_sheet_with_neither_an_id_nor_a_player_column():
    _, found, _ = read({"Round 1": []}, headers=["Table", "OP", "SP"])
    assert found == [("Round 1!A1", "The headers of Round 1 cannot be read: row 1 has neither an ID nor a Player "
                      "header, so sheetrunner cannot tell who sat where or what results were typed.",
                      "Type Player above the column of players' names (or ID above their IDs); if that column was "
                      "deleted, copy it back from the newest backup (in the -backups folder beside the workbook).",
                      "error")]  # issue 28: headers that cannot be read are one error, kept even for --redo
    _, found, _ = read({"Round 1": []}, headers=["Table", "OP", "SP"], redo=True)
    assert [message for _, message, _, _ in found] == [
        "The headers of Round 1 cannot be read: row 1 has neither an ID nor a Player header, so sheetrunner cannot "
        "tell who sat where or what results were typed."]


# --- which sheets are rounds --------------------------------------------------------------------------------------


def test_round_sheets_in_order_and_two_titles_read_as_one_round_are_an_error():
    sheets = {title: sheet_rows(title, [HEADERS]) for title in ("Round 2", "Players", "round 1", "ROUND 01 ")}
    found = round_sheets(sheets, problems := [])
    assert [(number, sheet.name) for number, sheet in found] == [(1, "round 1"), (2, "Round 2")]
    assert [(p.where, p.message, p.hint) for p in problems] == [
        ("ROUND 01 ", 'The sheets "round 1" and "ROUND 01 " are both read as Round 1.',
         "Rename or delete one of them.")]


def test_a_gap_in_the_round_sheets_is_an_error():
    _, found, _ = read({"Round 2": GOOD})
    assert found == [("Round 2", "There is a Round 2 sheet but no Round 1 sheet.",
                      "Rename the round sheets so they run Round 1, Round 2, … without a gap.", "error")]


def test_a_round_sheet_beyond_the_events_rounds_is_an_error():
    rounds = {f"Round {n}": [[1, 1, 1, "Alice", None, None], [1, 2, 2, "Bob", None, None],
                             [2, 1, 3, "Carol", None, None], [2, 2, 4, "Dan", None, None],
                             ["BYE", None, 5, "Eve", None, None]] for n in (1, 2, 3, 4)}
    _, found, _ = read(rounds)
    assert ("Round 4", "The event has 3 rounds (Event sheet), but there is a Round 4 sheet.",
            "Raise Rounds in the Event sheet, or delete the extra sheet.", "error") in found


def test_with_redo_the_last_round_without_results_is_not_checked():
    second = [[1, 1, 1, "Alice", None, None], [1, 2, 1, "Alice", None, None]]
    _, found, _ = read({"Round 1": GOOD, "Round 2": second}, redo=True)
    assert found == []
    _, found, _ = read({"Round 1": GOOD, "Round 2": second})
    assert messages(found)[0] == "Round 2!D3: Alice is seated twice in this round (also row 2)."
