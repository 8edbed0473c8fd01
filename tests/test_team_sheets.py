"""The sheets a team event writes, as the TO opens them (`teams/sheets.py`): the round sheet's typing rules and
`Team standings after RN` with its percentages formatted as such and a dropped team marked. Worked by hand.

Four teams of three (`test_team_lineups`' event, seed 5): round 1 pairs Dune v Birch and Cedar v Amber, the home
team winning every board 2-0; then Dune's players drop."""

from __future__ import annotations

import openpyxl
import pytest
from test_team_lineups import new_event, play_round_1, set_players


def round_2_paired(folder, run, dropped: tuple[str, ...]) -> openpyxl.Workbook:
    """Round 1 played (the home team wins every board), the `dropped` players dropped after it, round 2 paired."""
    path = new_event(folder, run)
    play_round_1(path)
    set_players(path, "Dropped after", 1, dropped)
    paired = run("pair", path, "--no-reports")
    assert paired.exit_code == 0, paired.output
    return openpyxl.load_workbook(path)


@pytest.fixture
def after_round_1(tmp_path, run):
    return round_2_paired(tmp_path, run, ("Dune 1", "Dune 2", "Dune 3"))


def test_a_team_round_sheet_checks_games_drawn_as_a_whole_number_on_every_row_and_leaves_the_score_free(tmp_path, run):
    """Games won (G) takes a match score as text ("2-1"), so only its heading carries a note; Games drawn (H) is a
    whole number from 0 on each of the 12 board rows."""
    sheet = openpyxl.load_workbook(new_event(tmp_path, run))["Round 1"]
    assert [cell.value for cell in sheet[1]] == ["Team match", "Table", "Seat", "ID", "Player", "Team", "Games won",
                                                 "Games drawn", "Note"]
    assert sorted((str(rule.sqref), rule.type, rule.operator, rule.formula1)
                  for rule in sheet.data_validations.dataValidation) == [
        ("G1", None, None, None), ("H1", None, None, None), ("H2:H13", "whole", "greaterThanOrEqual", "0")]
    assert [sheet.column_dimensions[letter].width for letter in "ABCDEFGHI"] == [11, 8, 6, 6, 28, 18, 11, 12, 48]


def test_the_team_standings_sheet_shows_each_team_its_players_and_tiebreakers_and_marks_a_dropped_team(after_round_1):
    """Cedar and Dune won their matches (MP 3, every board: BW% 100%) against teams that won nothing, whose MW% and
    BW% are floored at a third; Amber and Birch the reverse. Dune's players dropped after round 1: the team is marked
    dropped."""
    sheet = after_round_1["Team standings after R1"]
    third = 0.3333
    assert [[cell.value for cell in row] for row in sheet.iter_rows()] == [
        ["Rank", "Team", "Players", "MP", "OMW%", "BW%", "OBW%", "Status"],
        ["=1", "Cedar", "Cedar 1, Cedar 2, Cedar 3, Cedar Sub", 3, third, 1, third, None],
        ["=1", "Dune", "Dune 1, Dune 2, Dune 3", 3, third, 1, third, "dropped"],
        ["=3", "Amber", "Amber 1, Amber 2, Amber 3", 0, 1, third, 1, None],
        ["=3", "Birch", "Birch 1, Birch 2, Birch 3", 0, 1, third, 1, None]]
    formats = {sheet.cell(1, column).value: sheet.cell(2, column).number_format for column in range(1, 9)}
    assert [header for header, shown in formats.items() if "%" in shown] == ["OMW%", "BW%", "OBW%"]
    assert [sheet.column_dimensions[letter].width for letter in "ABCDEFGH"] == [7, 24, 48, 10, 10, 10, 10, 10]


def test_the_pairing_engines_note_on_a_team_stands_on_its_first_players_row(after_round_1):
    """Round 2 without Dune: Cedar (3 MP) meets Birch (0), a float the engine notes on both teams; Amber, the lowest
    team left without a bye, has it, each of its players with the team bye's note."""
    floated = "Team match: Paired across score groups (3 v 0)."
    bye = "Team bye: Amber has the bye this round."
    assert [row for row in after_round_1["Round 2"].iter_rows(min_row=2, values_only=True)] == [
        (1, 1, 1, 7, "Cedar 1", "Cedar", None, None, floated), (1, 1, 2, 4, "Birch 1", "Birch", None, None, floated),
        (1, 2, 1, 8, "Cedar 2", "Cedar", None, None, None), (1, 2, 2, 5, "Birch 2", "Birch", None, None, None),
        (1, 3, 1, 9, "Cedar 3", "Cedar", None, None, None), (1, 3, 2, 6, "Birch 3", "Birch", None, None, None),
        ("BYE", "BYE", None, 1, "Amber 1", "Amber", None, None, bye),
        ("BYE", "BYE", None, 2, "Amber 2", "Amber", None, None, bye),
        ("BYE", "BYE", None, 3, "Amber 3", "Amber", None, None, bye)]


def test_a_board_the_away_team_cannot_fill_is_forfeited_to_the_home_player_naming_the_away_team(tmp_path, run):
    """Birch 3 drops after round 1 and Birch has no substitute: in round 2 Amber (home) v Birch, board 3 is Amber 3's
    forfeit win, and its note names Birch as the team with no player for it."""
    book = round_2_paired(tmp_path, run, ("Birch 3",))
    rows = [row for row in book["Round 2"].iter_rows(min_row=2, values_only=True) if row[0] == 2]
    assert rows == [
        (2, 4, 1, 1, "Amber 1", "Amber", None, None, None), (2, 4, 2, 4, "Birch 1", "Birch", None, None, None),
        (2, 5, 1, 2, "Amber 2", "Amber", None, None, None), (2, 5, 2, 5, "Birch 2", "Birch", None, None, None),
        (2, "BYE", None, 3, "Amber 3", "Amber", None, None,
         "Board 3 forfeited: Birch has no player left for it, so Amber 3 scores a bye.")]


def test_a_substitute_for_a_player_who_joins_later_says_so(tmp_path, run):
    """Cedar 2 joins in round 2: in round 1 Cedar Sub takes board 2, and its note says whom for and why."""
    path = new_event(tmp_path, run, pair=False)
    set_players(path, "Joined in", 2, ("Cedar 2",))
    assert run("pair", path, "--no-reports").exit_code == 0
    notes = {row[4]: row[8] for row in openpyxl.load_workbook(path)["Round 1"].iter_rows(min_row=2, values_only=True)}
    assert "Cedar 2" not in notes
    assert notes["Cedar Sub"] == "Substitute for Cedar 2 (joins in round 2)."


def test_a_second_team_bye_is_noted_on_its_first_players_row_beside_the_bye(tmp_path, run):
    """Three teams of two, each had its bye in rounds 1-3 (`test_team_regulations`' own-average event): round 4
    meets Ash and Birch again and gives Cove a second bye, each compromise noted on the first player's row of the
    team, after the team bye's own note."""
    from builder import make_event
    from test_team_regulations import BYE_PLAYERS, BYE_ROUND, PLAYER_HEADERS, ROUND_HEADERS, THREE_ROUNDS

    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND, *THREE_ROUNDS], ruleset="swiss", total_rounds=4,
                      settings={"Team size": 2}, player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    assert run("pair", path, "--no-reports").exit_code == 0
    rematch = "Team match: Rematch (last met in round 1): no pairing avoids it."
    bye = "Team bye: Cove has the bye this round."
    assert list(openpyxl.load_workbook(path)["Round 4"].iter_rows(min_row=2, values_only=True)) == [
        (1, 1, 1, 1, "Ash 1", "Ash", None, None, rematch), (1, 1, 2, 3, "Birch 1", "Birch", None, None, rematch),
        (1, 2, 1, 2, "Ash 2", "Ash", None, None, None), (1, 2, 2, 4, "Birch 2", "Birch", None, None, None),
        ("BYE", "BYE", None, 5, "Cove 1", "Cove", None, None,
         f"{bye} Team match: Second bye: every player still in has had one."),
        ("BYE", "BYE", None, 6, "Cove 2", "Cove", None, None, bye)]


def test_a_team_sits_in_the_order_of_its_boards_not_of_its_rows(tmp_path, run):
    """Amber's Board column puts Amber 2 on board 1 and Amber 1 on board 2: round 1 (Cedar v Amber on tables 4-6)
    seats them so."""
    path = new_event(tmp_path, run, pair=False)
    set_players(path, "Board", 2, ("Amber 1",))
    set_players(path, "Board", 1, ("Amber 2",))
    assert run("pair", path, "--no-reports").exit_code == 0
    tables = {row[4]: row[1] for row in openpyxl.load_workbook(path)["Round 1"].iter_rows(min_row=2, values_only=True)}
    assert [tables[name] for name in ("Amber 2", "Amber 1", "Amber 3")] == [4, 5, 6]
