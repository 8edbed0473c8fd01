"""The simulator's model of one game (docs/simulate.md): the stronger player wins with the logistic chance of
the strength difference, a share `draw_rate` of games is drawn (or has no winner), and each ruleset types the
result a real table would. Checked on many seeded games, with strengths far enough apart that the stronger
player's chance is 1 - 5e-5: what a mutant of `random_result` changes shows in every game."""

from __future__ import annotations

import random

import pytest

from sheetrunner.rulesets import all_rulesets

RULESETS = all_rulesets()

GAMES = 300
STRONG = {1: 5.0, 2: -5.0, 3: -5.0, 4: -5.0}


def results(ruleset: str, ids: tuple[int, ...], draw_rate: float) -> list[dict]:
    rng = random.Random(7)
    return [RULESETS[ruleset].game.random_result(ids, rng, STRONG, draw_rate) for _ in range(GAMES)]


@pytest.mark.parametrize("ruleset", ["pod-round-robin", "chits-and-cards"])
def test_a_win_loss_draw_game_goes_to_the_stronger_player_or_is_drawn(ruleset):
    assert {(r[1]["result"], r[2]["result"]) for r in results(ruleset, (2, 1), 0.0)} == {("W", "L")}
    assert {(r[1]["result"], r[2]["result"]) for r in results(ruleset, (1, 2), 1.0)} == {("D", "D")}


def test_a_swiss_tp_winner_scores_3_to_8_op_and_the_loser_fewer():
    games = results("swiss-tp", (2, 1), 0.0)
    assert {r[1]["op"] for r in games} == set(range(3, 9))
    assert all(r[2]["op"] < r[1]["op"] for r in games)
    assert {r[2]["op"] for r in games} == set(range(0, 8))
    assert {r[pid]["sp"] for r in games for pid in (1, 2)} == set(range(0, 5))


def test_a_swiss_tp_tie_is_equal_op():
    games = results("swiss-tp", (1, 2), 1.0)
    assert all(r[1]["op"] == r[2]["op"] for r in games)
    assert {r[1]["op"] for r in games} == set(range(3, 9))


def test_an_allegiance_game_is_won_by_the_strongest_with_20_to_26_vi():
    games = results("allegiance", (2, 3, 1, 4), 0.0)
    assert all(r[1]["won"] is True and r[1]["eliminated"] is None for r in games)
    assert {r[1]["vi"] for r in games} == set(range(20, 27))
    others = [r[pid] for r in games for pid in (2, 3, 4)]
    assert all(o["won"] is None for o in others)
    assert {o["vi"] for o in others if not o["eliminated"]} == set(range(0, 20))
    eliminated = [o for o in others if o["eliminated"]]
    assert all(o == {"vi": 0, "won": None, "eliminated": True} for o in eliminated)
    assert 0.05 < len(eliminated) / len(others) < 0.15  # now and then: a tenth of the seats


def test_an_allegiance_game_with_no_winner_has_nobody_marked_won():
    assert all(r[pid]["won"] is None for r in results("allegiance", (1, 2, 3, 4), 1.0) for pid in (1, 2, 3, 4))
