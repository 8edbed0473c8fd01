"""The Players sheet of a team event checked (`teams/roster_check.py`): a board nobody holds, a sheet without a
Team column, and the boards a team will forfeit in the next round, each said at its cell with how to fix it.

`test_team_lineups`' event: four teams of three (Amber, Birch, Cedar, Dune; Players rows 2-13 in that order, Board
in column H) and Cedar Sub, a substitute, in row 14."""

from __future__ import annotations

import openpyxl
from test_team_lineups import new_event, problems


def test_a_board_no_player_of_a_full_team_holds_is_said_at_its_first_players_board_cell(tmp_path, run):
    """Amber 1's, Birch 3's and Cedar 2's boards cleared: each team still has its players (Cedar one more, its
    substitute), but nobody on board 1, 3 and 2."""
    path = new_event(tmp_path, run, pair=False)
    book = openpyxl.load_workbook(path)
    for row in book["Players"].iter_rows(min_row=2):
        if row[1].value in ("Amber 1", "Birch 3", "Cedar 2"):
            row[7].value = None
    book.save(path)
    fix = "under Board for one of its players (the others' boards are typed)."
    assert problems(run, path) == [
        f"Players!H2: Amber has no player on board 1. Type 1 {fix}",
        f"Players!H5: Birch has no player on board 3. Type 3 {fix}",
        f"Players!H8: Cedar has no player on board 2. Type 2 {fix}",
        "3 error(s), 0 warning(s)."]


def test_a_team_event_without_a_team_column_is_refused_at_the_header(tmp_path, run):
    path = new_event(tmp_path, run, pair=False)
    book = openpyxl.load_workbook(path)
    book["Players"].delete_cols(3)
    book.save(path)
    assert problems(run, path) == [
        "Players!A1: A team event needs a Team column in Players. Add a column headed Team with each player's team.",
        "1 error(s), 0 warning(s)."]


def test_a_board_a_team_cannot_fill_in_the_last_round_is_a_warning_before_it_is_paired(tmp_path, run):
    """Two rounds; Birch 3 drops after round 1 and Birch has no substitute: round 2, the last, will forfeit Birch's
    board 3."""
    path = new_event(tmp_path, run, rounds=2)
    book = openpyxl.load_workbook(path)
    for row in book["Round 1"].iter_rows(min_row=2):
        row[6].value = 2 if row[2].value == 1 else 0
    for row in book["Players"].iter_rows(min_row=2):
        if row[1].value == "Birch 3":
            row[4].value = 1  # Dropped after
    book.save(path)
    assert problems(run, path) == [
        "Players!C5: warning: Birch has no player for board 3 in round 2: it is forfeited to the other team. Add a "
        "substitute to Players (Team Birch, Board blank). If Birch withdrew, type 1 under Dropped after for all its "
        "players.",
        "0 error(s), 1 warning(s)."]


def test_a_board_a_team_cannot_fill_in_round_1_is_a_warning_before_the_event_starts(tmp_path, run):
    """Birch 3 joins in round 2 and Birch has no substitute: round 1 will forfeit Birch's board 3 (withdrawing the
    team before it plays is Dropped after 0)."""
    path = new_event(tmp_path, run, pair=False)
    book = openpyxl.load_workbook(path)
    for row in book["Players"].iter_rows(min_row=2):
        if row[1].value == "Birch 3":
            row[5].value = 2  # Joined in
    book.save(path)
    assert problems(run, path) == [
        "Players!C5: warning: Birch has no player for board 3 in round 1: it is forfeited to the other team. Add a "
        "substitute to Players (Team Birch, Board blank). If Birch withdrew, type 0 under Dropped after for all its "
        "players.",
        "0 error(s), 1 warning(s)."]


def test_two_boards_a_team_cannot_fill_are_said_together_and_a_withdrawn_team_not_at_all(tmp_path, run):
    """Birch 2 and 3 withdraw before round 1 (Dropped after 0): boards 2 and 3 will be forfeited, one warning. Dune
    withdraws whole: nothing to warn of, its boards are not played."""
    path = new_event(tmp_path, run, pair=False)
    book = openpyxl.load_workbook(path)
    for row in book["Players"].iter_rows(min_row=2):
        if row[1].value in ("Birch 2", "Birch 3", "Dune 1", "Dune 2", "Dune 3"):
            row[4].value = 0  # Dropped after
    book.save(path)
    assert problems(run, path) == [
        "Players!C5: warning: Birch has no player for board 2, 3 in round 1: they are forfeited to the other team. Add "
        "a substitute to Players (Team Birch, Board blank). If Birch withdrew, type 0 under Dropped after for all its "
        "players.",
        "0 error(s), 1 warning(s)."]


def test_byes_typed_for_players_of_a_team_event_are_a_warning_at_the_first(tmp_path, run):
    """Invited players' byes make no sense when teams are paired: one warning, at the first Byes cell typed."""
    path = new_event(tmp_path, run, pair=False)
    book = openpyxl.load_workbook(path)
    for row in book["Players"].iter_rows(min_row=2):
        if row[1].value in ("Birch 1", "Cedar 2"):
            row[6].value = 1  # Byes
    book.save(path)
    assert problems(run, path) == [
        "Players!G5: warning: Byes are not given in a team event: teams, not players, are paired. Clear the Byes "
        "column.",
        "0 error(s), 1 warning(s)."]
