"""Each tiebreaker against numbers worked out by hand: floors, byes, draws, late and dropped players."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from sheetrunner.model.event import SeatScore
from sheetrunner.scoring.tiebreakers import TIEBREAKERS, ScoreTable, head_to_head


def row(rnd, pid, opp, outcome, mp, won=0, drawn=0, played=0):
    values = {"mp": F(mp), "games_won": F(won), "games_drawn": F(drawn), "games_played": F(played)}
    return SeatScore(rnd, pid, (opp,) if opp else (), values, outcome)


# Three rounds, four players. Player 4 is "absent" in rounds 1-2 (not played, as a Diplomacy sit-out).
#   R1: 1 beats 2 (2-0), 3 bye.         R2: 1 beats 3 (2-1), 2 bye.      R3: 1 draws 4 (1-1, one game drawn),
#                                                                            3 beats 2 (2-0).
ROWS = [
    row(1, 1, 2, "win", 3, 2, 0, 2), row(1, 2, 1, "loss", 0, 0, 0, 2), row(1, 3, None, "bye", 3, 2, 0, 2),
    SeatScore(1, 4, (), {}, "absent"),
    row(2, 1, 3, "win", 3, 2, 0, 3), row(2, 3, 1, "loss", 0, 1, 0, 3), row(2, 2, None, "bye", 3, 2, 0, 2),
    SeatScore(2, 4, (), {}, "absent"),
    row(3, 1, 4, "draw", 1, 1, 1, 3), row(3, 4, 1, "draw", 1, 1, 1, 3),
    row(3, 3, 2, "win", 3, 2, 0, 2), row(3, 2, 3, "loss", 0, 0, 0, 2),
]


@pytest.fixture
def table():
    return ScoreTable(ROWS, (1, 2, 3, 4), seed=7)


def values(table, key):
    computed = TIEBREAKERS[key].compute(table)
    return [computed[pid] for pid in (1, 2, 3, 4)]


def test_match_points_and_strength_of_schedule(table):
    assert values(table, "match_points") == [7, 3, 6, 1]
    assert values(table, "opponents_match_points") == [3 + 6 + 1, 7 + 6, 7 + 3, 7]


def test_match_win_pct_counts_byes_skips_absent_rounds_and_is_floored(table):
    # Player 2: 3 points of 9 is exactly the floor; player 4 played one round: 1 of 3.
    assert values(table, "match_win_pct") == [F(7, 9), F(1, 3), F(2, 3), F(1, 3)]


def test_a_late_entrys_missed_round_is_a_loss_that_counts_as_played():
    # Player 2 joined in round 2: round 1 is a loss with no opponent, then a win: 3 of 6 points.
    rows = [row(1, 1, None, "bye", 3), SeatScore(1, 2, (), {}, "loss"), row(2, 1, 2, "loss", 0),
            row(2, 2, 1, "win", 3)]
    table = ScoreTable(rows, (1, 2))
    assert TIEBREAKERS["match_win_pct"].compute(table)[2] == F(1, 2)


def test_opponents_match_win_pct_ignores_byes(table):
    assert values(table, "opponents_match_win_pct") == [F(4, 9), F(13, 18), F(5, 9), F(7, 9)]


def test_game_win_pct_counts_a_bye_as_two_nil_and_drawn_games_as_one_point(table):
    assert values(table, "game_win_pct") == [F(16, 24), F(1, 3), F(15, 21), F(4, 9)]


def test_opponents_game_win_pct(table):
    assert values(table, "opponents_game_win_pct") == [(F(1, 3) + F(5, 7) + F(4, 9)) / 3, (F(2, 3) + F(5, 7)) / 2,
                                                      (F(2, 3) + F(1, 3)) / 2, F(2, 3)]


def test_win_pct_counts_draws_as_a_third_and_byes_as_wins(table):
    assert values(table, "win_pct") == [F(7, 9), F(1, 3), F(2, 3), F(1, 3)]


def test_opponents_win_pct_and_its_floor(table):
    assert values(table, "opponents_win_pct") == [F(4, 9), F(13, 18), F(5, 9), F(7, 9)]
    beaten = ScoreTable([row(1, 1, 2, "win", 3), row(1, 2, 1, "loss", 0)], (1, 2))
    assert TIEBREAKERS["opponents_win_pct"].compute(beaten)[1] == F(33, 100)


def test_opponents_opponents_win_pct(table):
    assert values(table, "opponents_opponents_win_pct")[0] == (F(13, 18) + F(5, 9) + F(7, 9)) / 3


def test_win_resistance_and_its_resistance(table):
    # Wins (002): 1 has 7/3, 2 has 1 (a bye), 3 has 2, 4 has 1/3. A draw earns a third of the opponent's.
    assert values(table, "win_resistance") == [1 + 2 + F(1, 3) * F(1, 3), 0, 1, F(1, 3) * F(7, 3)]
    assert values(table, "win_resistance_resistance") == [0 + 1 + F(1, 3) * F(7, 9), 0, 0, F(1, 3) * F(28, 9)]


def test_head_to_head_only_when_it_orders_the_whole_group(table):
    assert head_to_head(table, [1, 3]) == {1: 3, 3: 0}
    assert head_to_head(table, [1, 2, 3]) == {1: 6, 2: 0, 3: 3}
    assert head_to_head(table, [1, 4]) == {1: 0, 4: 0}  # a draw orders nothing
    assert head_to_head(table, [2, 4]) == {2: 0, 4: 0}  # never met


def test_a_dropped_player_still_counts_as_an_opponent_with_the_rounds_they_played():
    # Player 2 beat 1 and dropped; player 1 then beat 3. 2's match-win % is over the one round played.
    rows = [row(1, 1, 2, "loss", 0), row(1, 2, 1, "win", 3), row(1, 3, None, "bye", 3),
            row(2, 1, 3, "win", 3), row(2, 3, 1, "loss", 0)]
    table = ScoreTable(rows, (1, 2, 3))
    assert TIEBREAKERS["opponents_match_win_pct"].compute(table)[1] == (F(1) + F(1, 2)) / 2


def test_seeded_draw_is_fixed_by_the_seed_and_the_id(table):
    first = values(table, "random")
    assert first == values(ScoreTable(ROWS, (1, 2, 3, 4), seed=7), "random")
    assert first != values(ScoreTable(ROWS, (1, 2, 3, 4), seed=8), "random")


def test_every_tiebreaker_has_a_label_and_a_one_line_meaning():
    for tiebreaker in TIEBREAKERS.values():
        assert tiebreaker.label and tiebreaker.meaning.endswith(".") and "\n" not in tiebreaker.meaning


def test_card_ranks_the_lower_card_higher():
    table = ScoreTable([], (1, 2, 3), options={"cards": {1: 5, 2: 1, 3: 3}})
    card = TIEBREAKERS["card"]
    assert card.compute(table) == {1: 5, 2: 1, 3: 3}
    assert sorted((1, 2, 3), key=lambda pid: -card.sort_value(card.compute(table)[pid])) == [2, 3, 1]
