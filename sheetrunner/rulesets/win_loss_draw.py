"""The W / L / D result column shared by rulesets whose games are simply won, lost or drawn.

Besides W, L and D the cell reads the words TOs type for them, in any case:
Win / Won, Loss / Lost / Lose, Draw / Drew / Drawn, Tie / Tied. Numbers are
refused: 1 is a win in chess scoring but a draw in 3/1/0 match points, and
"½" or "0.5" likewise depends on the scale, so the meaning is not
unambiguous.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction

from ..model.columns import Column
from ..model.event import Round, SeatScore, Settings, Table
from ..model.made import maker
from ..model.problems import Problem
from .base import Locate, drawn_winner
from .one_entry import complete_win_loss_draw

SYNONYMS = (("Win", "W"), ("Won", "W"), ("Loss", "L"), ("Lost", "L"), ("Lose", "L"), ("Draw", "D"),
            ("Drew", "D"), ("Drawn", "D"), ("Tie", "D"), ("Tied", "D"))
RESULT = Column("result", "Result", ("W/L/D",), "choice", choices=("W", "L", "D"), synonyms=SYNONYMS,
                hint="Type W for a win, L for a loss or D for a draw (Win, Loss, Draw are read too).", width=8)
OUTCOMES = {"W": "win", "L": "loss", "D": "draw"}
MAKE_SCORE = maker(SeatScore)


def score_results(round_: Round, values: Mapping[str, dict[str, Fraction]]) -> list[SeatScore]:
    """One row per seat and bye, each outcome (win, loss, draw, bye) valued by the ruleset's `values`, each seat
    given its own copy (made by `maker`: `simulate` scores every seat of every round it plays)."""
    number = round_.number
    scores = [MAKE_SCORE(number, pid, (), dict(values["bye"]), "bye") for pid in round_.byes]
    for game in round_.games:
        first, second = game.seats  # a game won, lost or drawn has two players
        for seat, opponent in ((first, second), (second, first)):
            outcome = OUTCOMES[seat.result["result"]]
            scores.append(MAKE_SCORE(number, seat.player_id, (opponent.player_id,), dict(values[outcome]), outcome))
    return scores


def check_results_agree(table: Table, sheet: str, locate: Locate) -> list[Problem]:
    """One seat wins and the other loses, or both draw."""
    results = sorted(seat.result["result"] for seat in table.seats)
    if results in (["L", "W"], ["D", "D"]):
        return []
    shown = " and ".join(seat.result["result"] for seat in table.seats)
    return [Problem(sheet, locate("result", table.seats[-1].row), f"Table {table.number}: results {shown} do "
                    "not agree.", "One player wins (W) and the other loses (L), or both draw (D).")]


def complete_results(_ruleset: object, table: Table, _settings: Settings, sheet: str, locate: Locate,
                     names: dict[int, str]) -> tuple[Table, list[Problem]]:
    """`Ruleset.complete_table` of a W/L/D ruleset (issue 31): W, L, D or the winner's name on one row is the
    whole match."""
    return complete_win_loss_draw(table, sheet, locate, names)


WINNER_NAMES = (RESULT.key,)  # `Ruleset.winner_names`: the Result cell reads a roster name as that player's win
ENTRY_NOTE = ("W, L or D on one row of a table, or the winner's name, is the whole match: the other row may stay "
              "blank, or say the same from its side.")


def random_win_loss_draw(players: tuple[int, ...], rng: random.Random, strength: dict[int, float],
                         draw_rate: float) -> dict[int, dict[str, object]]:
    """Two players (`drawn_winner`): each one's result, written out (`simulate` draws every game of its runs)."""
    first, second = players
    winner = drawn_winner(players, rng, strength, draw_rate)
    if winner is None:
        return {first: {"result": "D"}, second: {"result": "D"}}
    return {first: {"result": "W" if first == winner else "L"}, second: {"result": "W" if second == winner else "L"}}
