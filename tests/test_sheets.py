"""Mirrors `sheetrunner/written/sheets.py`: the layout of every sheet sheetrunner writes, from hand-built plain data.

Pinned: the Event sheet (Setting | Value | About, drop-downs and number checks at their cells), the Players sheet
(sheetrunner's columns, then the ruleset's, then the roster's own; checks reaching 500 rows for late entries), a
round sheet (a row per seat, result cells empty with checks, byes last, notes beside the seats), a played round,
the standings and final standings sheets (shared ranks as `=3`, percent columns), and the Players cells
sheetrunner fills (a missing column added after the last one, under its header).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from sheetrunner.model import columns as cols
from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.pairing import PairedTable, Pairing
from sheetrunner.rulesets import all_rulesets
from sheetrunner.written.sheets import (event_sheet, final_standings_sheet, played_round_sheet, player_cells, players_sheet,
                                round_sheet, standings_sheet, validation_for)
from sheetrunner.scoring.standings import Standings, StandingsRow
from sheetrunner.scoring.tiebreakers import Tiebreaker
from sheetrunner.workbook.xlsx.sheetxml import Validation

RULESETS = all_rulesets()
POD_RR = RULESETS["pod-round-robin"]
RESULT_HINT = "Type W for a win, L for a loss or D for a draw (Win, Loss, Draw are read too)."


def test_a_whole_column_gets_a_number_check_from_its_minimum_or_0():
    assert validation_for(cols.Column("x", "Round", kind="whole", minimum=3, hint="At least 3.")) == Validation(
        "whole", minimum=3, title="Round", message="At least 3.")
    assert validation_for(cols.Column("x", "Round", kind="whole")) == Validation(
        "whole", minimum=0, title="Round", message="This value is not allowed here.")


def test_a_choice_gets_a_drop_down_and_yes_no_defaults_to_yes_and_no():
    assert validation_for(cols.Column("x", "Side", kind="choice", choices=("A", "B"))).choices == ("A", "B")
    assert validation_for(cols.Column("x", "Paid", kind="yesno")) == Validation(
        "list", choices=("Yes", "No"), title="Paid", message="This value is not allowed here.")


def test_text_gets_no_check():
    assert validation_for(cols.Column("x", "Deck")) is None


def test_the_event_sheet_lists_every_setting_with_its_value_and_a_drop_down_for_the_ruleset():
    sheet = event_sheet(POD_RR, {"ruleset": "pod-round-robin", "rounds": 5})
    assert (sheet.title, sheet.headers, sheet.widths) == ("Event", ["Setting", "Value", "About"], [24, 22, 90])
    assert sheet.rows[:3] == [["Format version", 1, "Version of the sheetrunner workbook format."],
                              ["Ruleset", "pod-round-robin", "Which rules score and pair this event."],
                              ["Rounds", 5, "How many rounds the event has."]]
    assert sheet.validations["B3"] == Validation("list", choices=("swiss-tp", "pod-round-robin", "swiss",
                                                                  "chits-and-cards", "allegiance", "ndc-diplomacy"),
                                                 title="Ruleset", message="Pick a ruleset from the list.")
    rows = {row[0]: (index, row[1]) for index, row in enumerate(sheet.rows, start=2)}
    pod_row, pod_size = rows["Pod size"]
    assert pod_size == 8  # the default shown when not chosen
    assert sheet.validations[f"B{pod_row}"] == Validation("whole", minimum=2, title="Pod size",
                                                          message="Type a whole number (at least 2).")
    assert all(cell.startswith("B") and cell[1:].isdigit() for cell in sheet.validations)


def test_the_players_sheet_sheetrunner_s_columns_then_the_ruleset_s_then_the_roster_s():
    sheet = players_sheet(POD_RR, [{"name": "Ann", "Deck": "Elves"}, {"id": 9, "name": "Ben", "pod": "A"}], ["Deck"])
    assert sheet.title == "Players" and sheet.autofilter is True
    assert sheet.headers == ["ID", "Name", "Team", "Fixed table", "Dropped after", "Joined in", "Pod", "Deck"]
    assert sheet.widths == [6, 28, 18, 12, 14, 11, 8, 16]
    assert sheet.rows == [[1, "Ann", None, None, None, None, None, "Elves"],
                          [9, "Ben", None, None, None, None, "A", None]]
    assert sorted(sheet.validations) == ["A2:A500", "D2:D500", "E2:E500", "F2:F500"]
    assert sheet.validations["E2:E500"] == Validation(
        "whole", minimum=0, title="Dropped after",
        message="Type the last round the player played; clear it to reinstate them.")


def test_the_players_checks_reach_200_rows_below_a_long_roster():
    sheet = players_sheet(POD_RR, [{"name": f"P{i}"} for i in range(1, 401)])
    assert sorted(sheet.validations) == ["A2:A600", "D2:D600", "E2:E600", "F2:F600"]


def two_and_a_bye() -> tuple[Event, Pairing]:
    players = tuple(Player(pid, name) for pid, name in [(1, "Ann"), (2, "Ben"), (3, "Cat"), (4, "Dan"), (5, "Eve")])
    event = Event(Settings("pod-round-robin", 5, 1, options={"pod_size": 8}), players)
    pairing = Pairing([PairedTable(1, (4, 1)), PairedTable(2, (2, 5))], [3])
    pairing.note(3, "Bye: odd pod.")
    pairing.note(3, "Second bye.")
    pairing.note(5, "Rematch.")
    return event, pairing


def test_a_round_sheet_has_a_row_per_seat_byes_last_notes_beside_and_checks_on_results():
    event, pairing = two_and_a_bye()
    sheet = round_sheet(event, POD_RR, 2, pairing)
    assert sheet.title == "Round 2"
    assert sheet.headers == ["Table", "Seat", "ID", "Player", "Result", "Note"]
    assert sheet.widths == [8, 6, 6, 28, 8, 48]
    assert sheet.rows == [[1, 1, 4, "Dan", None, None], [1, 2, 1, "Ann", None, None],
                          [2, 1, 2, "Ben", None, None], [2, 2, 5, "Eve", None, "Rematch."],
                          ["BYE", None, 3, "Cat", None, "Bye: odd pod. Second bye."]]
    assert sheet.validations == {  # a winner's name is read too (issue 31): the drop-down warns, and keeps it
        "E2:E6": Validation("list", choices=("W", "L", "D"), title="Result", message=RESULT_HINT + " The winner's "
                            "name is read too: keep it with Yes.", error_style="warning"),
        "E1": Validation("any", title="Type results here", prompt=POD_RR.layout.entry_note)}


def test_a_stage_of_the_cut_takes_its_title_and_seats_named_by_the_engine():
    event, _ = two_and_a_bye()
    pairing = Pairing([PairedTable(1, (1, 2), seats=("North", "South"))], [])
    sheet = round_sheet(event, POD_RR, 6, pairing, title="Final")
    assert sheet.title == "Final"
    assert sheet.rows == [[1, "North", 1, "Ann", None, None], [1, "South", 2, "Ben", None, None]]
    assert list(sheet.validations) == ["E2:E3", "E1"]  # the results' drop-down, the note on their header


def test_a_played_round_writes_results_as_typed_and_true_as_y():
    event, _ = two_and_a_bye()
    round_ = Round(1, (Table(1, (Seat(1, 1, {"result": "W"}), Seat(2, 2, {"result": "L"}, note="Late."))),
                       Table(BYE, (Seat(3, 1, {}),))), sheet="Round 1")
    sheet = played_round_sheet(event, POD_RR, round_)
    assert sheet.rows == [[1, 1, 1, "Ann", "W", None], [1, 2, 2, "Ben", "L", "Late."],
                          ["BYE", None, 3, "Cat", None, None]]
    swiss = RULESETS["swiss"]  # Games won, Games drawn
    yes = Round(1, (Table(1, (Seat(1, 1, {"games_won": True, "games_drawn": 0}),)),), sheet="Round 1")
    assert played_round_sheet(event, swiss, yes).rows == [[1, 1, 1, "Ann", "Y", 0, None]]


MP = Tiebreaker("mp", "MP", "Match points.", lambda table: {})
OMW = Tiebreaker("omw", "OMW%", "Opponents' match-win %.", lambda table: {}, percent=True)


def standings() -> Standings:
    rows = (StandingsRow(1, True, Player(1, "Ann", team="Red"), {"mp": F(6), "omw": F(1, 3)}),
            StandingsRow(1, True, Player(2, "Ben"), {"mp": F(6), "omw": F(1, 3)}),
            StandingsRow(3, False, Player(3, "Cat", dropped_after=1), {"mp": F(7, 2), "omw": F(2, 3)}, dropped=True),
            StandingsRow(4, False, Player(4, "Dan", disqualified_in=2), {"mp": F(0), "omw": F(0)}, dropped=True))
    return Standings(2, (MP, OMW), rows)


def test_the_standings_sheet():
    sheet = standings_sheet(standings())
    assert sheet.title == "Standings after R2"
    assert sheet.headers == ["Rank", "ID", "Player", "Team", "MP", "OMW%", "Status"]
    assert sheet.widths == [7, 6, 28, 18, 10, 10, 10]
    assert sheet.rows == [["=1", 1, "Ann", "Red", 6, 0.3333, None], ["=1", 2, "Ben", None, 6, 0.3333, None],
                          [3, 3, "Cat", None, 3.5, 0.6667, "dropped"], [4, 4, "Dan", None, 0, 0, "disqualified"]]
    assert sheet.percent_columns == {6}


def test_standings_ranked_in_pods_lead_with_the_pod_and_the_overall_rank():
    table = standings()
    grouped = Standings(2, (MP,), tuple(StandingsRow(r.rank, r.shared, r.player, r.values, r.dropped, "A", i)
                                        for i, r in enumerate(table.rows[:2], start=1)), group_label="Pod")
    sheet = standings_sheet(grouped)
    assert sheet.headers == ["Pod", "Overall", "Rank", "ID", "Player", "Team", "MP", "Status"]
    assert sheet.widths == [8, 8, 7, 6, 28, 18, 10, 10]
    assert sheet.rows[1] == ["A", 2, "=1", 2, "Ben", None, 6, None]


def test_the_final_standings_sheet_places_first_then_the_standings_row():
    class Placing:
        def __init__(self, place, player_id, reached):
            self.place, self.player_id, self.reached = place, player_id, reached

    sheet = final_standings_sheet([Placing(1, 2, "Champion"), Placing(2, 1, "Final"), Placing(3, 3, "")], standings())
    assert sheet.title == "Final standings"
    assert sheet.headers == ["Place", "ID", "Player", "Team", "Reached", "Rank after the rounds", "MP", "OMW%"]
    assert sheet.rows == [[1, 2, "Ben", None, "Champion", "=1", 6, 0.3333],
                          [2, 1, "Ann", "Red", "Final", "=1", 6, 0.3333],
                          [3, 3, "Cat", None, None, 3, 3.5, 0.6667]]
    assert sheet.percent_columns == {8}


def test_player_cells_go_under_their_column_found_by_any_of_its_names():
    headers = ["Player ID", "Full name", None, "Club"]
    cells = player_cells(headers, 1, {2: {"ID": 7}, 3: {"ID": 8, "Team": "Red"}}, cols.PLAYER_COLUMNS)
    assert cells == {(2, 1): 7, (3, 1): 8, (3, 4): "Red"}


def test_a_column_the_sheet_lacks_is_added_after_the_last_one_under_its_header():
    cells = player_cells(["ID", "Name", "Deck"], 3, {4: {"Pod": "A"}, 5: {"Pod": "B", "Card": 2}}, cols.PLAYER_COLUMNS)
    assert cells == {(3, 4): "Pod", (4, 4): "A", (5, 4): "B", (3, 5): "Card", (5, 5): 2}


@pytest.mark.parametrize("typed", ["id", " ID ", "No", "number"])
def test_player_cells_match_headers_as_the_reader_does(typed):
    assert player_cells([typed, "Name"], 1, {2: {"ID": 5}}, cols.PLAYER_COLUMNS) == {(2, 1): 5}
