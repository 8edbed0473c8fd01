"""Diplomacy board scoring systems: each a small function from one finished board to points per power.

A board is a list of `PowerResult` (centres already docked for yellow cards)
and the last completed game year. Adding a system is one function and one
entry in `SYSTEMS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

SOLO_CENTRES = 18
START_YEAR = 1901


@dataclass(frozen=True)
class PowerResult:
    player_id: int
    power: str
    centres: int
    eliminated: int | None = None  # the game year the power was eliminated
    solo: bool = False


Board = list[PowerResult]
System = Callable[[Board, int], dict[int, Fraction]]


def survival_bonus(result: PowerResult, end_year: int) -> Fraction:
    """0.1 per complete game year: alive at the end of year Y → Y − 1900; eliminated in E → E − 1901."""
    years = result.eliminated - START_YEAR if result.eliminated else end_year - (START_YEAR - 1)
    return Fraction(max(years, 0), 10)


def solo_winner(board: Board) -> PowerResult | None:
    return next((result for result in board if result.solo), None)


def ndc_1995(board: Board, end_year: int) -> dict[int, Fraction]:
    """NDC 1995 (Calhamer's prospects): survivors share 100 in proportion to centres / (18 − centres).

    A solo scores exactly 100 for the winner and 0 for the rest; everyone but a
    solo winner adds the survival bonus.
    """
    winner = solo_winner(board)
    shares: dict[int, Fraction] = {r.player_id: Fraction(0) for r in board}
    if winner is not None:
        shares[winner.player_id] = Fraction(100)
    else:
        prospects = {r.player_id: Fraction(r.centres, SOLO_CENTRES - r.centres)
                     for r in board if not r.eliminated and 0 < r.centres < SOLO_CENTRES}
        total = sum(prospects.values(), Fraction(0))
        for pid, prospect in prospects.items():
            shares[pid] = 100 * prospect / total
    return {r.player_id: shares[r.player_id] + (0 if r is winner else survival_bonus(r, end_year)) for r in board}


def sum_of_squares(board: Board, end_year: int) -> dict[int, Fraction]:
    """100 × centres² / Σ centres² over the board; a solo takes 100, the rest 0."""
    winner = solo_winner(board)
    if winner is not None:
        return {r.player_id: Fraction(100 if r is winner else 0) for r in board}
    squares = sum(r.centres ** 2 for r in board)
    return {r.player_id: Fraction(100 * r.centres ** 2, squares) if squares else Fraction(0) for r in board}


def shared_rank_points(board: Board, points: list[int], key: Callable[[PowerResult], tuple]) -> dict[int, Fraction]:
    """Rank powers by `key` (best first); tied powers share the points of the ranks they occupy."""
    ordered = sorted(board, key=key, reverse=True)
    result: dict[int, Fraction] = {}
    position = 0
    while position < len(ordered):
        tied = [r for r in ordered[position:] if key(r) == key(ordered[position])]
        occupied = points[position:position + len(tied)] + [0] * len(tied)
        share = Fraction(sum(occupied[:len(tied)]), len(tied))
        for r in tied:
            result[r.player_id] = share
        position += len(tied)
    return result


def c_diplo_100(board: Board, end_year: int) -> dict[int, Fraction]:
    """C-Diplo: 1 for taking part, +1 per centre, +38 / +14 / +7 for first, second and third by centres.

    Only powers still on the board are ranked: an eliminated power earns no rank points.
    """
    winner = solo_winner(board)
    if winner is not None:
        return {r.player_id: Fraction(100 if r is winner else 0) for r in board}
    survivors = [r for r in board if not r.eliminated and r.centres > 0]
    ranks = shared_rank_points(survivors, [38, 14, 7], key=lambda r: (r.centres,))
    return {r.player_id: 1 + r.centres + ranks.get(r.player_id, Fraction(0)) for r in board}


CARNAGE_RANKS = [7000, 6000, 5000, 4000, 3000, 2000, 1000]


def carnage(board: Board, end_year: int) -> dict[int, Fraction]:
    """Carnage: 7000 down to 1000 by rank (survivors by centres, then later eliminations), +1 per centre."""
    winner = solo_winner(board)
    if winner is not None:
        return {r.player_id: Fraction(sum(CARNAGE_RANKS) + 34 if r is winner else 0) for r in board}

    def standing(r: PowerResult) -> tuple:
        return (1, r.centres) if not r.eliminated else (0, r.eliminated)

    ranks = shared_rank_points(board, CARNAGE_RANKS, key=standing)
    return {r.player_id: ranks[r.player_id] + r.centres for r in board}


SYSTEMS: dict[str, System] = {"ndc-1995": ndc_1995, "sum-of-squares": sum_of_squares, "c-diplo-100": c_diplo_100,
                              "carnage": carnage}
