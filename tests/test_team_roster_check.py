"""The Players sheet of a team event checked (`teams/roster_check.py`): a board nobody holds, a sheet without a
Team column, and the boards a team will forfeit in the next round, each said at its cell with how to fix it.

`test_team_lineups`' event: four teams of three (Amber, Birch, Cedar, Dune; Players rows 2-13 in that order, Board
in column H) and Cedar Sub, a substitute, in row 14."""

from __future__ import annotations

import openpyxl
import pytest
from test_team_lineups import new_event, play_round_1, problems, set_players


def test_a_board_no_player_of_a_full_team_holds_is_said_at_its_first_players_board_cell(tmp_path, run):
    """Amber 1's, Birch 3's and Cedar 2's boards cleared: each team still has its players (Cedar one more, its
    substitute), but nobody on board 1, 3 and 2."""
    path = new_event(tmp_path, run, pair=False)
    set_players(path, "Board", None, ("Amber 1", "Birch 3", "Cedar 2"))
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


FORFEITS = "Players!C5: warning: Birch has no player for board {} in round {}: {} forfeited to the other team. Add a " \
           "substitute to Players (Team Birch, Board blank). If Birch withdrew, type {} under Dropped after for all " \
           "its players."


@pytest.mark.parametrize("played, header, value, names, warning", [
    # two rounds, Birch 3 drops after round 1 and Birch has no substitute: round 2, the last, forfeits board 3
    (True, "Dropped after", 1, ("Birch 3",), FORFEITS.format(3, 2, "it is", 1)),
    # Birch 3 joins in round 2: round 1 will forfeit board 3 (withdrawing before playing is Dropped after 0)
    (False, "Joined in", 2, ("Birch 3",), FORFEITS.format(3, 1, "it is", 0)),
    # Birch 2 and 3 withdraw before round 1: one warning for both boards; Dune withdraws whole: nothing to warn of
    (False, "Dropped after", 0, ("Birch 2", "Birch 3", "Dune 1", "Dune 2", "Dune 3"),
     FORFEITS.format("2, 3", 1, "they are", 0))])
def test_boards_a_team_cannot_fill_in_the_next_round_are_a_warning_before_it_is_paired(tmp_path, run, played, header,
                                                                                        value, names, warning):
    path = new_event(tmp_path, run, rounds=2, pair=played)
    if played:
        play_round_1(path)
    set_players(path, header, value, names)
    assert problems(run, path) == [warning, "0 error(s), 1 warning(s)."]


def test_byes_typed_for_players_of_a_team_event_are_a_warning_at_the_first(tmp_path, run):
    """Invited players' byes make no sense when teams are paired: one warning, at the first Byes cell typed."""
    path = new_event(tmp_path, run, pair=False)
    set_players(path, "Byes", 1, ("Birch 1", "Cedar 2"))
    assert problems(run, path) == [
        "Players!G5: warning: Byes are not given in a team event: teams, not players, are paired. Clear the Byes "
        "column.",
        "0 error(s), 1 warning(s)."]
