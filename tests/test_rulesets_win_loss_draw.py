"""Mirrors `sheetrunner/rulesets/win_loss_draw.py`: the W / L / D result column shared by the rulesets whose games
are simply won, lost or drawn.

The cell reads W, L, D and the words TOs type for them in any case (Win / Won, Loss / Lost / Lose, Draw / Drew /
Drawn, Tie / Tied); numbers are refused (1 or ½ depends on the scale). A table's results agree when one wins and
the other loses, or both draw. Each seat and bye is scored by the ruleset's own values.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from sheetrunner.model.event import BYE, Round, Seat, Table
from sheetrunner.rulesets.win_loss_draw import RESULT, check_results_agree, random_win_loss_draw, score_results
from sheetrunner.model.values import BadValue


@pytest.mark.parametrize("typed, read", [
    ("W", "W"), ("w", "W"), (" win ", "W"), ("WON", "W"),
    ("L", "L"), ("Loss", "L"), ("lost", "L"), ("Lose", "L"),
    ("D", "D"), ("d", "D"), ("Draw", "D"), ("drew", "D"), ("DRAWN", "D"), ("tie", "D"), ("Tied", "D"),
    (None, None), ("", None),
])
def test_the_result_cell_reads_letters_and_words(typed, read):
    assert RESULT.read(typed) == read


@pytest.mark.parametrize("typed, shown", [(1, "1"), (0.5, "0.5"), ("1", '"1"'), ("½", '"½"'), ("0-1", '"0-1"'),
                                          ("Wins", '"Wins"'), ("X", '"X"')])
def test_numbers_and_other_text_are_refused(typed, shown):
    with pytest.raises(BadValue) as refused:
        RESULT.read(typed)
    assert str(refused.value) == f"needs one of W, L, D, found {shown}"


def test_the_column_is_result_with_its_hint():
    assert (RESULT.key, RESULT.header, RESULT.choices) == ("result", "Result", ("W", "L", "D"))
    assert RESULT.hint == "Type W for a win, L for a loss or D for a draw (Win, Loss, Draw are read too)."


def table(number, *results) -> Table:
    return Table(number, tuple(Seat(pid, seat, {"result": result}, row=row)
                               for seat, (pid, result, row) in enumerate(results, start=1)))


def locate(key: str, row: int) -> str:
    return {"result": "E"}[key] + str(row)


@pytest.mark.parametrize("first, second", [("W", "L"), ("L", "W"), ("D", "D")])
def test_results_that_agree(first, second):
    assert check_results_agree(table(3, (1, first, 4), (2, second, 5)), "Round 2", locate) == []


@pytest.mark.parametrize("first, second", [("W", "W"), ("L", "L"), ("W", "D"), ("D", "L")])
def test_results_that_do_not_agree_are_one_problem_at_the_second_seat(first, second):
    [problem] = check_results_agree(table(3, (1, first, 4), (2, second, 5)), "Round 2", locate)
    assert str(problem) == (f"Round 2!E5: Table 3: results {first} and {second} do not agree. One player wins (W) and "
                            "the other loses (L), or both draw (D).")


VALUES = {"win": {"mp": Fraction(3)}, "draw": {"mp": Fraction(1)}, "loss": {"mp": Fraction(0)},
          "bye": {"mp": Fraction(3)}}


def test_each_seat_and_bye_is_scored_by_the_ruleset_s_values_byes_first():
    round_ = Round(2, (table(1, (1, "W", 2), (2, "L", 3)), table(2, (3, "D", 4), (4, "D", 5)),
                       Table(BYE, (Seat(5, 1, {}),))))
    scores = score_results(round_, VALUES)
    assert [(s.round, s.player_id, s.opponents, s.outcome, s.values) for s in scores] == [
        (2, 5, (), "bye", {"mp": 3}), (2, 1, (2,), "win", {"mp": 3}), (2, 2, (1,), "loss", {"mp": 0}),
        (2, 3, (4,), "draw", {"mp": 1}), (2, 4, (3,), "draw", {"mp": 1})]
    assert not any(score.values is VALUES[score.outcome] for score in scores)  # each seat its own dict


def test_a_simulated_game_has_results_that_agree():
    outcomes = set()
    for seed in range(60):
        results = random_win_loss_draw((1, 2), random.Random(seed), {1: 0.0, 2: 0.0}, 0.2)
        assert set(results) == {1, 2}
        played = table(1, (1, results[1]["result"], 2), (2, results[2]["result"], 3))
        assert check_results_agree(played, "Round 1", locate) == []
        outcomes.add((results[1]["result"], results[2]["result"]))
    assert outcomes == {("W", "L"), ("L", "W"), ("D", "D")}


def test_a_simulated_draw_rate_of_one_always_draws():
    assert random_win_loss_draw((1, 2), random.Random(1), {1: 5.0, 2: 0.0}, 1.0) == {1: {"result": "D"},
                                                                                  2: {"result": "D"}}
