"""What a team bye scores under each `Team bye` rule (issue 33; `teams/byes.py`), worked by hand from the rule as
docs/teams.md states it: every board won is a bye's match points and every board; a drawn match is every board
drawn and a draw's match points; a number of game points wins the match above half the boards, draws at half and
loses below, a half point being a drawn board. With summed points the boards are the points of the team's bye rows.
The match points are distinct numbers here (win 3, draw 1, loss 0, bye 2), so a rule scored as another shows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetrunner.model.event import Settings
from sheetrunner.teams.byes import DRAWN, EVERY_BOARD, bye_values

SETTINGS = Settings("swiss-tp", 5, 1, options={"points_win": 3, "points_draw": 1, "points_loss": 0, "points_bye": 2})
F = Fraction


def scored(mp, won, drawn, played) -> dict:
    return {"mp": F(mp), "games_won": F(won), "games_drawn": F(drawn), "games_played": F(played)}


@pytest.mark.parametrize("rule, expected", [
    (EVERY_BOARD, scored(2, 4, 0, 4)),  # the bye's match points, four boards won
    (DRAWN, scored(1, 0, 4, 4)),  # a draw: four boards drawn
    (F(4), scored(3, 4, 0, 4)),
    (F(5, 2), scored(3, 2, 1, 4)),  # more than half: won; the half point is a drawn board
    (F(2), scored(1, 2, 0, 4)),  # half the boards: drawn
    (F(3, 2), scored(0, 1, 1, 4)),  # below half: lost
    (F(0), scored(0, 0, 0, 4)),
])
def test_a_team_bye_of_four_boards_scores_as_its_rule_says(rule, expected):
    assert bye_values(rule, F(4), 4, SETTINGS, summed=False) == expected


@pytest.mark.parametrize("rule, full, expected", [
    (EVERY_BOARD, F(13, 2), scored(2, F(13, 2), 0, F(13, 2))),  # the points of the bye rows, all won
    (DRAWN, F(13, 2), scored(1, F(13, 4), 0, F(13, 2))),  # half of them, a drawn match
    (F(4), F(6), scored(3, 4, 0, 6)),  # 4 of 6 points: won
    (F(3), F(6), scored(1, 3, 0, 6)),  # half: drawn
    (F(2), F(6), scored(0, 2, 0, 6)),  # below half: lost
    (F(4), F(3), scored(3, 4, 0, 4)),  # more points than the bye rows hold: as many played as scored
])
def test_a_team_bye_with_summed_points_scores_its_points_against_the_bye_rows(rule, full, expected):
    assert bye_values(rule, full, 4, SETTINGS, summed=True) == expected
