"""Diplomacy board scoring: the board model, shared helpers, and the centre- and rank-based systems.

A board is a list of `PowerResult` (centres already docked for yellow cards)
and the last completed game year. Each system is a small function from one
finished board to exact points per power (`Fraction`, rounded only for
display). The draw- and share-based systems, and the registry of every system
the `Scoring system` option offers, live in `diplomacy_systems`: adding a
system is one function and one entry in `diplomacy_systems.SYSTEMS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

SOLO_CENTRES = 18
TOTAL_CENTRES = 34
START_YEAR = 1901


@dataclass(frozen=True)
class PowerResult:
    player_id: int
    power: str
    centres: int
    eliminated: int | None = None  # the game year the power was eliminated
    solo: bool = False
    draw: bool = False  # marked `Draw`: one of the powers sharing an agreed draw


Board = list[PowerResult]
System = Callable[..., dict[int, Fraction]]


def survival_bonus(result: PowerResult, end_year: int) -> Fraction:
    """0.1 per complete game year: alive at the end of year Y → Y − 1900; eliminated in E → E − 1901."""
    years = result.eliminated - START_YEAR if result.eliminated else end_year - (START_YEAR - 1)
    return Fraction(max(years, 0), 10)


def solo_winner(board: Board) -> PowerResult | None:
    return next((result for result in board if result.solo), None)


def survivors(board: Board) -> Board:
    """The powers still in the game when it ended."""
    return [r for r in board if not r.eliminated]


def winner_takes(board: Board, winner: PowerResult, points: Fraction, rest: Fraction = Fraction(0)
                 ) -> dict[int, Fraction]:
    """A solo: `points` for the winner, `rest` for every other power."""
    return {r.player_id: Fraction(points) if r is winner else Fraction(rest) for r in board}


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
        return winner_takes(board, winner, Fraction(100))
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


def c_diplo(board: Board, solo: int, participation: int, ranks: list[int]) -> dict[int, Fraction]:
    """The C-Diplo family: participation + 1 per centre + rank points for the first surviving powers by centres.

    Only powers still on the board are ranked (an eliminated power earns no rank
    points); tied powers share the points of the ranks they occupy. A solo
    scores `solo` for the winner and 0 for the rest.
    """
    winner = solo_winner(board)
    if winner is not None:
        return winner_takes(board, winner, Fraction(solo))
    ranked = shared_rank_points([r for r in survivors(board) if r.centres > 0], ranks, key=lambda r: (r.centres,))
    return {r.player_id: participation + r.centres + ranked.get(r.player_id, Fraction(0)) for r in board}


def c_diplo_100(board: Board, end_year: int) -> dict[int, Fraction]:
    """C-Diplo 100 (Bruno-André Giraudon): 1 for taking part, +1 per centre, +38 / +14 / +7; a solo 100.

    Source: World Diplomacy Database, "C-Diplo 100",
    https://world-diplomacy-database.com/php/scoring/scoring_class.php?id_scoring=5
    """
    return c_diplo(board, solo=100, participation=1, ranks=[38, 14, 7])


def c_diplo_80(board: Board, end_year: int) -> dict[int, Fraction]:
    """C-Diplo 80: +1 per centre, +25 / +14 / +7 for the top three survivors; no participation point; a solo 80.

    A drawn board hands out 34 + 25 + 14 + 7 = 80 points, the same as a solo.
    Source: the Diplomacy Tournament Visualiser's C-Diplo systems (github.com/UEWBot/dipvis,
    visualiser/tournament/game_scoring/cdiplo.py and g_scoring_systems.py: "CDiplo 80" = solo 80,
    participation 0, ranks 25 / 14 / 7, tied ranks split); the family is C-Diplo 100 with its
    participation point dropped and its topper's 38 cut to 25.
    """
    return c_diplo(board, solo=80, participation=0, ranks=[25, 14, 7])


CARNAGE_RANKS = [7000, 6000, 5000, 4000, 3000, 2000, 1000]
CENTRE_COUNT_RANKS = [7007, 6006, 5005, 4004, 3003, 2002, 1001]
CARNAGE_LEAD_POINTS = 300


def carnage_ranks(board: Board, ranks: list[int], dead_equal: bool = False) -> dict[int, Fraction]:
    """Carnage rank points: survivors by centres, then eliminated powers, tied powers sharing their ranks' points.

    Eliminated powers rank by elimination year (a later one higher), or, with
    `dead_equal`, all tie and share the bottom ranks.
    """
    def standing(r: PowerResult) -> tuple:
        return (1, r.centres) if not r.eliminated else (0, 0 if dead_equal else r.eliminated)

    return shared_rank_points(board, ranks, key=standing)


def lead_over_next(board: Board) -> int:
    """Centres by which the lone board topper leads the next power (0 when the top is shared)."""
    counts = sorted((r.centres for r in survivors(board)), reverse=True) + [0, 0]
    return counts[0] - counts[1]


def carnage(board: Board, end_year: int) -> dict[int, Fraction]:
    """Carnage (Dave Maletsky): 7000, 6000 … 1000 by rank, +1 per centre; a solo takes all 28034.

    Survivors rank by centres, then eliminated powers by elimination year (the
    first eliminated is last); tied powers split the points of their ranks.
    Sources: webDiplomacy, "A note about scoring" with three worked boards,
    https://www.webdiplomacy.net/forum.php?page-thread=1&threadID=1325258 (the same text on
    https://liberty-cup.com/scoring-schedule/); World Diplomacy Wiki,
    https://world-diplomacy-wiki.fandom.com/wiki/Carnage_Scoring_System
    """
    winner = solo_winner(board)
    if winner is not None:
        return winner_takes(board, winner, Fraction(sum(CARNAGE_RANKS) + TOTAL_CENTRES))
    ranks = carnage_ranks(board, CARNAGE_RANKS)
    return {r.player_id: ranks[r.player_id] + r.centres for r in board}


def carnage_dead_equal(board: Board, end_year: int) -> dict[int, Fraction]:
    """Carnage with dead equal: as Carnage, but every eliminated power ties, sharing the bottom ranks' points.

    Source: the Diplomacy Tournament Visualiser, "Carnage with dead equal" (github.com/UEWBot/dipvis,
    visualiser/tournament/game_scoring/carnage.py: "Eliminated powers all split position points").
    """
    winner = solo_winner(board)
    if winner is not None:
        return winner_takes(board, winner, Fraction(sum(CARNAGE_RANKS) + TOTAL_CENTRES))
    ranks = carnage_ranks(board, CARNAGE_RANKS, dead_equal=True)
    return {r.player_id: ranks[r.player_id] + r.centres for r in board}


def carnage_2023(board: Board, end_year: int) -> dict[int, Fraction]:
    """Carnage 2023: Carnage, plus 300 for a lone board topper per centre it leads the next power by.

    No lead bonus when the top is shared, nor on a solo (still 28034).
    Sources: Boston Massacre, "Carnhik" scoring (Carnage + 300 per centre over the next player),
    https://sites.google.com/site/bostonmassacrediplomacy/scoring; the Diplomacy Tournament Visualiser,
    "Carnage 2023" (github.com/UEWBot/dipvis, game_scoring/carnage.py, 300 points per centre of lead).
    """
    points = carnage(board, end_year)
    if solo_winner(board) is None and survivors(board):
        topper = max(survivors(board), key=lambda r: r.centres)
        points[topper.player_id] += CARNAGE_LEAD_POINTS * lead_over_next(board)
    return points


def carnage_centre_count(board: Board, end_year: int) -> dict[int, Fraction]:
    """Centre-count Carnage: 7007, 6006 … 1001 by rank (Carnage's order), +500 per centre.

    A solo scores 39028 for the winner and 1000 for each other power (the board's
    45028 less the losers' 6000). Source: the Diplomacy Tournament Visualiser,
    "Center-count Carnage" (github.com/UEWBot/dipvis, game_scoring/carnage.py, and test_carnage.py,
    whose two boards are the system document's examples 1 and 2).
    """
    winner = solo_winner(board)
    if winner is not None:
        return winner_takes(board, winner, Fraction(39028), Fraction(1000))
    ranks = carnage_ranks(board, CENTRE_COUNT_RANKS)
    return {r.player_id: ranks[r.player_id] + 500 * r.centres for r in board}
