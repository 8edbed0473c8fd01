"""The sheets a team event writes, as the TO opens them (`teams/sheets.py`): the round sheet's typing rules and
`Team standings after RN` with its percentages formatted as such and a dropped team marked. Worked by hand.

Four teams of three (`test_team_lineups`' event, seed 5): round 1 pairs Dune v Birch and Cedar v Amber, the home
team winning every board 2-0; then Dune's players drop."""

from __future__ import annotations

import openpyxl
import pytest
from test_team_lineups import new_event


@pytest.fixture
def after_round_1(tmp_path, run):
    path = new_event(tmp_path, run)
    book = openpyxl.load_workbook(path)
    for row in book["Round 1"].iter_rows(min_row=2):
        row[6].value = 2 if row[2].value == 1 else 0
    for row in book["Players"].iter_rows(min_row=2):
        if row[2].value == "Dune":
            row[4].value = 1  # Dropped after
    book.save(path)
    paired = run("pair", path, "--no-reports")
    assert paired.exit_code == 0, paired.output
    return openpyxl.load_workbook(path)


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
