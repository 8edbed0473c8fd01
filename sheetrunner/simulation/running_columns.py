"""The tiebreakers `simulate` ranks by, kept as sums that grow with each scored round (issue 34).

`tiebreakers.py` computes every column again from the whole table of scores, in exact fractions: right for a
command that ranks once, but `simulate` ranks after every round of hundreds of events. Here each player's
sums (points, rounds played, games, opponents) grow as a round is scored, and each column is computed from
them in integers: a ratio (a win percentage, a mean over opponents) is scaled by a common denominator of
every value it can take this round, so comparing two players stays exact and ties stay ties.

A column is `(keys, scale)`: player -> integer, and the value is `Fraction(key, scale)`, a Fraction as every
column `tiebreakers.py` computes is (a sum of whole numbers has scale 1). A tiebreaker without a column here, or a
value that is not whole where a sum or a ratio needs whole numbers, raises `Unsupported`: the caller ranks from
scratch instead.
Each function mirrors the one of the same name in `tiebreakers.py`; `tests/test_simulate_speed.py` holds
them equal after every simulated round.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from operator import mul
from typing import Callable

from ..model.event import SeatScore
from ..model.options import ID_RULES
from ..scoring.tiebreakers import OUTCOME_WINS, ScoreTable, game_points, seeded_draw

Column = tuple[Mapping[int, int], int]  # player -> scaled integer, scale
THIRDS = {outcome: int(value * 3) for outcome, value in OUTCOME_WINS.items()}  # wins counted in thirds
WON = frozenset(("win", "draw"))  # outcomes that count the opponents beaten (a draw a third), as `tiebreakers`


class Unsupported(Exception):
    """A tiebreaker or a value the running columns do not keep: rank from scratch."""


def whole(value: Fraction | int) -> int:
    """An integral score value as an int (they are Fractions with denominator 1, or ints)."""
    if type(value) is int:
        return value
    numerator, denominator = value.as_integer_ratio()
    if denominator == 1:
        return numerator
    raise Unsupported(f"{value} is not a whole number")


class Tally:
    """Each player's sums over the rounds scored so far."""

    def __init__(self, everyone: tuple[int, ...], table: ScoreTable, wins: bool = True) -> None:
        """`wins`: whether to keep who beat whom (`beaten`, `won`), which only the win resistances read: a Swiss
        or chits and cards field ranks without them, and half its scores are wins."""
        self.everyone, self.table, self.wins = everyone, table, wins  # `table`: the settings and context, no rows
        self.totals: dict[str, dict[int, int]] = defaultdict(lambda: dict.fromkeys(everyone, 0))
        self.played = dict.fromkeys(everyone, 0)
        self.opponents: dict[int, list[int]] = {pid: [] for pid in everyone}
        self.thirds = dict.fromkeys(everyone, 0)  # pod wins, in thirds (a draw is a third of a win)
        self.beaten: dict[int, list[int]] = {pid: [] for pid in everyone}  # the opponents won against, each game
        self.won: dict[int, list[int]] = {pid: [] for pid in everyone}  # beside each, the thirds won (a draw is 1)
        self.random: dict[int, int] | None = None
        self.memo: dict[Callable[[Tally], Column], Column] = {}  # the columns of one ranking (`of`)

    def add(self, scores: list[SeatScore]) -> None:
        """Count one round's scores (run for every round of every simulated event: the lookups are hoisted)."""
        totals, played, thirds = self.totals, self.played, self.thirds
        opponents, beaten, won, wins = self.opponents, self.beaten, self.won, WON if self.wins else ()
        for score in scores:
            pid, outcome, met = score.player_id, score.outcome, score.opponents
            third = THIRDS.get(outcome)
            if third is None:  # "absent" rounds are not played: rank from scratch
                raise Unsupported(outcome)
            values: Mapping[str, Fraction | int] = score.values  # swiss-tp's are ints
            for key, value in values.items():
                if type(value) is not int:  # `whole`, written out
                    value, denominator = value.as_integer_ratio()
                    if denominator != 1:
                        raise Unsupported(f"{value}/{denominator} is not a whole number")
                totals[key][pid] += value
            played[pid] += 1
            thirds[pid] += third
            opponents[pid].extend(met)
            if outcome in wins:
                beaten[pid].extend(met)
                won[pid].extend([third] * len(met))

    def of(self, column: Callable[[Tally], Column]) -> Column:
        """A column for the ranking being made, worked out once however many columns read it (the opponents'
        match win percentage reads the match win percentage): `forget` between rankings."""
        if column not in self.memo:
            self.memo[column] = column(self)
        return self.memo[column]

    def forget(self) -> None:
        """A new ranking: its context (chits and cards' cards) or the rounds may have changed."""
        self.memo = {}


def total(value_key: str) -> Callable[[Tally], Column]:
    def column(tally: Tally) -> Column:  # a copy: the standings made now keep their values as rounds are added
        return dict(tally.totals[value_key]), 1
    return column


def opponents_sum(value_key: str) -> Callable[[Tally], Column]:
    def column(tally: Tally) -> Column:
        sums = tally.totals[value_key]
        return {pid: sum(map(sums.__getitem__, opps)) for pid, opps in tally.opponents.items()}, 1
    return column


def ratio(numerators: dict[int, int], denominators: dict[int, int], floor: Fraction, per: int) -> Column:
    """max(floor, n / (per x d)) for every player (the floor alone when d is 0), scaled to integers."""
    scale = math.lcm(floor.denominator, *{per * d for d in denominators.values() if d})
    scaled = floor * scale
    if scaled.denominator != 1:
        raise Unsupported(floor)
    least = scaled.numerator
    return {pid: max(least, numerators[pid] * (scale // (per * d))) if d else least
            for pid, d in denominators.items()}, scale


def opponents_mean(of: Callable[[Tally], Column], tally: Tally) -> Column:
    """The mean of a column over each player's opponents, once per game (0 with none), scaled to integers."""
    values, scale = tally.of(of)
    counts = {len(opps) for opps in tally.opponents.values() if opps}
    common = math.lcm(*counts) if counts else 1
    value = values.__getitem__
    return {pid: sum(map(value, opps)) * (common // len(opps)) if opps else 0
            for pid, opps in tally.opponents.items()}, scale * common


def match_win_pct(tally: Tally) -> Column:
    win = Fraction(tally.table.option("points_win"))
    points = {pid: n * win.denominator for pid, n in tally.totals["mp"].items()}
    return ratio(points, tally.played, Fraction(tally.table.option("match_win_floor")), whole(win.numerator))


def game_win_pct(tally: Tally) -> Column:
    """Intentional draws' games score as drawn ones or as lost ones, as the option says (`tiebreakers`)."""
    won_points, drawn_points, lost_points = (whole(p) for p in game_points(tally.table))
    id_points = drawn_points if tally.table.option("game_points_intentional_draw") == ID_RULES[0] else 0
    totals = tally.totals
    won, drawn, agreed, games = (totals[key] for key in ("games_won", "games_drawn", "id_games", "games_played"))
    points = {pid: won_points * won[pid] + drawn_points * drawn[pid] + id_points * agreed[pid]
              + lost_points * (games[pid] - won[pid] - drawn[pid] - agreed[pid]) for pid in tally.everyone}
    return ratio(points, games, Fraction(tally.table.option("game_win_floor")), won_points)


def win_pct(tally: Tally) -> Column:
    return ratio(tally.thirds, tally.played, Fraction(0), 3)


def floored_win_pct(tally: Tally) -> Column:
    return ratio(tally.thirds, tally.played, Fraction(tally.table.option("win_pct_floor")), 3)


def opponents_win_pct(tally: Tally) -> Column:
    return opponents_mean(floored_win_pct, tally)


def pod_wins(tally: Tally) -> Column:
    return dict(tally.thirds), 3


def over_wins(of: Callable[[Tally], Column]) -> Callable[[Tally], Column]:
    """For each game won, the beaten opponent's value; a draw a third of it."""
    def column(tally: Tally) -> Column:
        if not tally.wins:
            raise Unsupported("who beat whom is not kept")
        values, scale = tally.of(of)
        won, value = tally.won, values.__getitem__
        return {pid: sum(map(mul, won[pid], map(value, beaten)))
                for pid, beaten in tally.beaten.items()}, 3 * scale
    return column


def chits(tally: Tally) -> Column:
    rounds = whole(tally.table.context("rounds", 0))
    return {pid: rounds + value for pid, value in tally.totals["chits"].items()}, 1


def card(tally: Tally) -> Column:
    cards = tally.table.context("cards", {})  # (copied: `simulate` swaps its cards as rounds are added)
    return {pid: cards.get(pid, 0) for pid in tally.everyone}, 1


def random_draw(tally: Tally) -> Column:
    if tally.random is None:
        tally.random = {pid: seeded_draw(pid, tally.table.seed) for pid in tally.everyone}
    return tally.random, 1


win_resistance = over_wins(pod_wins)
BY_WINS = frozenset(("win_resistance", "win_resistance_resistance"))  # the columns that read who beat whom
COLUMNS: dict[str, Callable[[Tally], Column]] = {
    "random": random_draw, "tp": total("tp"), "op": total("op"), "sp": total("sp"), "match_points": total("mp"),
    "opponents_op": opponents_sum("op"), "opponents_match_points": opponents_sum("mp"),
    "match_win_pct": match_win_pct, "opponents_match_win_pct": lambda t: opponents_mean(match_win_pct, t),
    "game_win_pct": game_win_pct, "opponents_game_win_pct": lambda t: opponents_mean(game_win_pct, t),
    "win_pct": win_pct, "opponents_win_pct": opponents_win_pct,
    "opponents_opponents_win_pct": lambda t: opponents_mean(opponents_win_pct, t),
    "win_resistance": win_resistance, "win_resistance_resistance": over_wins(win_resistance),
    "wins": total("wins"), "vi": total("vi"), "opponents_vi": opponents_sum("vi"), "centres": total("centres"),
    "chits": chits, "card": card,
}
