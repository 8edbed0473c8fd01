"""Rules that a mutation run (docs/mutation.md) showed no test noticing: each test names the mutant it kills.

Tiebreakers are checked through the library, with hand-built `ScoreTable`s and the event's options set the way
`standings.compute_standings` passes them (the Event sheet's settings by option key).
"""

from __future__ import annotations

from fractions import Fraction as F

from sheetrunner.model import SeatScore
from sheetrunner.tiebreakers import (TIEBREAKERS, ScoreTable, Tiebreaker, fitting_tiebreakers, head_to_head,
                                     unfit_tiebreakers)


def games(rnd, pid, opp, outcome, mp, won, drawn, played):
    """One player's match: match points and the games won, drawn and played in it."""
    values = {"mp": F(mp), "games_won": F(won), "games_drawn": F(drawn), "games_played": F(played)}
    return SeatScore(rnd, pid, (opp,) if opp else (), values, outcome)


def board(rnd, pid, score, **more):
    """One Diplomacy board's score for a player (opponents do not matter to the event score)."""
    return SeatScore(rnd, pid, (), {"score": F(score), **{k: F(v) for k, v in more.items()}}, "win")


def computed(key, table):
    return TIEBREAKERS[key].compute(table)


# --- The registry: what each tiebreaker needs, so validate can refuse one a ruleset cannot feed -------------


def test_every_registered_tiebreaker_is_filed_under_its_key_with_what_it_needs():
    """Kills total__mutmut_3/4/6/11, opponents_sum__mutmut_16/17/19/24 and register__mutmut_1: the registry
    holds each tiebreaker under its own key, with a label, a meaning and the per-round value it adds up."""
    for key, tiebreaker in TIEBREAKERS.items():
        assert tiebreaker.key == key
        assert isinstance(tiebreaker.label, str) and isinstance(tiebreaker.meaning, str)
        assert isinstance(tiebreaker.needs, frozenset)
    assert {key: TIEBREAKERS[key].needs for key in ("tp", "op", "match_points", "centres", "opponents_op",
                                                     "opponents_match_points", "opponents_vi")} == {
        "tp": {"tp"}, "op": {"op"}, "match_points": {"mp"}, "centres": {"centres"}, "opponents_op": {"op"},
        "opponents_match_points": {"mp"}, "opponents_vi": {"vi"}}


def test_unfit_tiebreakers_name_each_value_the_ruleset_does_not_score():
    """Kills unfit_tiebreakers__mutmut_1/5/6/8: swiss-tp scores TP, OP and SP; a tiebreaker reading match
    points, victory influence or games won is named with what it misses, in plain words."""
    swiss_tp = frozenset({"tp", "op", "sp"})
    keys = ("tp", "opponents_op", "match_points", "opponents_vi", "game_win_pct", "random")
    assert unfit_tiebreakers(keys, swiss_tp) == {
        "match_points": ["match points"], "opponents_vi": ["victory influence"], "game_win_pct": ["games won"]}


def test_a_tiebreaker_needing_exactly_what_the_ruleset_scores_fits():
    """Kills unfit_tiebreakers__mutmut_10 and fitting_tiebreakers__mutmut_1 (`<` for `<=`): pod round robin
    scores match points only, and the match-points tiebreakers need nothing else."""
    pods = frozenset({"mp"})
    assert unfit_tiebreakers(("match_points", "opponents_match_points", "match_win_pct"), pods) == {}
    fitting = fitting_tiebreakers(pods)
    assert {"random", "match_points", "opponents_match_points", "win_pct", "head_to_head"} <= set(fitting)
    assert "tp" not in fitting and "game_win_pct" not in fitting


def test_a_needed_value_without_a_plain_name_is_shown_by_its_key(monkeypatch):
    """Kills unfit_tiebreakers__mutmut_2/3/4: a need missing from VALUE_NAMES is named by its key, not None."""
    monkeypatch.setitem(TIEBREAKERS, "elo_sum", Tiebreaker("elo_sum", "Elo", "Elo.", lambda table: {},
                                                          needs=frozenset({"elo", "mp"})))
    assert unfit_tiebreakers(("elo_sum",), frozenset()) == {"elo_sum": ["elo", "match points"]}


# --- Magic-style percentages: the event's points and floors (MTR appendix C) ---------------------------------


def test_match_win_pct_divides_by_the_events_points_for_a_win_and_floors_at_its_setting():
    """Kills match_win_pct__mutmut_3/7/8 (floor's key) and 17/21/22 (points_win's key): with 2 points a win,
    two wins are 4 of 4; no wins is the event's floor, 2/5, not the default third."""
    rows = [games(1, 1, 2, "win", 2, 2, 0, 2), games(1, 2, 1, "loss", 0, 0, 0, 2),
            games(2, 1, 2, "win", 2, 2, 0, 2), games(2, 2, 1, "loss", 0, 0, 0, 2)]
    table = ScoreTable(rows, (1, 2), options={"points_win": 2, "match_win_floor": F(2, 5)})
    assert computed("match_win_pct", table) == {1: 1, 2: F(2, 5)}


def test_match_win_pct_floor_defaults_to_a_third():
    """Kills match_win_pct__mutmut_14 (1/4): MTR's floor is 1/3 when the event sets none."""
    rows = [games(1, 1, 2, "win", 3, 2, 0, 2), games(1, 2, 1, "loss", 0, 0, 0, 2)]
    assert computed("match_win_pct", ScoreTable(rows, (1, 2))) == {1: 1, 2: F(1, 3)}


def test_game_win_pct_uses_the_events_game_points_for_won_drawn_and_lost_games():
    """Kills game_points__mutmut_2/6/7 (win's key), 18/22/23 (loss's key), game_win_pct__mutmut_44/49/50
    (the lost games' term) and 3/7/8 (floor's key). Game points 2/1/1: player 1 won 2, drew 1 and lost 1 of
    4 games: (4 + 1 + 1) / 8. Player 2 drew 1 and lost 3: (0 + 1 + 3) / 8 = 1/2, below the event's floor, 3/5."""
    rows = [games(1, 1, 3, "win", 3, 2, 1, 4), games(1, 2, 4, "loss", 0, 0, 1, 4)]  # 3 and 4 not ranked
    options = {"game_points_win": 2, "game_points_draw": 1, "game_points_loss": 1, "game_win_floor": F(3, 5)}
    assert computed("game_win_pct", ScoreTable(rows, (1, 2), options=options)) == {1: F(3, 4), 2: F(3, 5)}


def test_game_win_pct_floor_defaults_to_a_third():
    """Kills game_win_pct__mutmut_14 (1/4): a player who won no game counts for 1/3 (MTR appendix C)."""
    rows = [games(1, 1, 2, "win", 3, 2, 0, 2), games(1, 2, 1, "loss", 0, 0, 0, 2)]
    assert computed("game_win_pct", ScoreTable(rows, (1, 2))) == {1: 1, 2: F(1, 3)}


# --- Head-to-head reads the ruleset's own points ---------------------------------------------------------------


def tp_round_robin(loser_values):
    """1 beats 2 and 3, 2 beats 3; winners score 3 TP, losers `loser_values`."""
    rows = []
    for rnd, (winner, loser) in enumerate([(1, 2), (1, 3), (2, 3)], start=1):
        rows += [SeatScore(rnd, winner, (loser,), {"tp": F(3)}, "win"),
                 SeatScore(rnd, loser, (winner,), dict(loser_values), "loss")]
    return ScoreTable(rows, (1, 2, 3), options={"points_key": "tp"})


def test_head_to_head_adds_the_rulesets_points_not_match_points():
    """Kills head_to_head__mutmut_4/8/9: in swiss-tp the points inside the tied group are TP (`points_key`)."""
    assert head_to_head(tp_round_robin({"tp": F(0)}), [1, 2, 3]) == {1: 6, 2: 3, 3: 0}


def test_head_to_head_counts_a_game_without_the_points_value_as_none():
    """Kills head_to_head__mutmut_21/23: a loser's row may carry no TP at all; it adds nothing."""
    assert head_to_head(tp_round_robin({}), [1, 2, 3]) == {1: 6, 2: 3, 3: 0}


# --- Diplomacy's event score (001) ------------------------------------------------------------------------------


# Player 1 played three boards (10, 30, 20); player 2 one board (30) and was away twice; player 3 played one
# round with no board score recorded.
BOARDS = [board(1, 1, 10), board(2, 1, 30), board(3, 1, 20), board(2, 2, 30),
          SeatScore(1, 3, (), {}, "loss")]


def test_event_score_by_default_counts_every_round_and_discounts_partial_attendance_by_a_third():
    """Kills event_score__mutmut_15/17 (counting rounds default), 35/41-45 (factor default), 52/54 (a row
    without a score), 70 (`>`) and 71 (`/`): 3 rounds count; player 1's mean is 20, player 2's 30 × 1/3."""
    assert computed("event_score", ScoreTable(BOARDS, (1, 2, 3))) == {1: 20, 2: 10, 3: 0}


def test_event_score_takes_the_best_counting_rounds_and_the_events_factor():
    """Kills event_score__mutmut_9/13/14 (counting rounds' key), 34/38/39 (factor's key) and 50/58 (best, not
    worst): with 2 counting rounds player 1 keeps 30 and 20; player 2 attended 1 of 2, so 30 × 1/2."""
    options = {"counting_rounds": 2, "partial_attendance_factor": F(1, 2)}
    assert computed("event_score", ScoreTable(BOARDS, (1, 2, 3), options=options)) == {1: 25, 2: 15, 3: 0}


def test_event_score_counts_the_events_rounds_when_counting_rounds_is_zero():
    """Kills event_score__mutmut_16/20/21: Counting rounds 0 means the event's Rounds (2 here, with a third
    round played): player 1 keeps the best two boards."""
    assert computed("event_score", ScoreTable(BOARDS, (1, 2, 3), options={"rounds": 2}))[1] == 25


def test_event_score_stays_exact_with_whole_number_board_scores():
    """Kills event_score__mutmut_66: a mean of 10, 20 and 20 is 50/3 exactly, never a float (STYLE: exact
    numbers decide prizes)."""
    rows = [SeatScore(rnd, 1, (), {"score": score}, "win") for rnd, score in ((1, 10), (2, 20), (3, 20))]
    assert computed("event_score", ScoreTable(rows, (1,)))[1] == F(50, 3)


def test_a_point_deduction_comes_off_the_event_score():
    """Kills event_score__mutmut_67/73: a 5-point deduction (Penalties sheet) is taken off the event score."""
    rows = [board(1, 1, 10), board(2, 1, 30, deducted=5)]
    assert computed("event_score", ScoreTable(rows, (1,)))[1] == 15
