"""Diplomacy board scoring systems by draw and by share, and the registry behind the `Scoring system` option.

Each system is a function (board, end year, its parameters) → exact points per
power, written from its published definition, which its docstring cites. A
system with parameters takes them as keyword arguments; `SYSTEM_OPTIONS`
declares them as Event settings and `PARAMETERS` says which system reads which,
so `compute_board` passes each system only its own.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from ..model.options import Option
from .diplomacy_scoring import (Board, PowerResult, System, c_diplo_80, c_diplo_100, carnage, carnage_2023,
                                carnage_centre_count, carnage_dead_equal, ndc_1995, solo_winner, sum_of_squares,
                                survivors, winner_takes)

GAME_BEFORE_1901 = 1900  # years played up to year Y, counting Y itself: Y − 1900


def years_played(result: PowerResult, end_year: int) -> int:
    """Game years a power played, counting the year it was eliminated (or the end year if it survived)."""
    return (result.eliminated or end_year) - GAME_BEFORE_1901


def draw_sharers(board: Board) -> Board:
    """The powers in the draw: those marked `Draw`; with none marked, every survivor (draws include all survivors)."""
    return [r for r in board if r.draw] or survivors(board)


def split_the_board(board: Board, total: Fraction) -> dict[int, Fraction]:
    """A solo takes `total`; otherwise the powers in the draw split it equally and every other power scores 0."""
    winner = solo_winner(board)
    if winner is not None:
        return winner_takes(board, winner, total)
    sharers = {r.player_id for r in draw_sharers(board)}
    return {r.player_id: total / len(sharers) if r.player_id in sharers else Fraction(0) for r in board}


def draw_size(board: Board, end_year: int) -> dict[int, Fraction]:
    """Draw size (DSS): a solo scores 100; otherwise the powers in the draw split 100 equally, the rest 0.

    A surviving power left out of the draw scores nothing, like an eliminated one.
    Sources: The Embassy, "Tournament Scoring - Part 3: Draw Size Scoring (DSS)",
    https://theembassydip.blogspot.com/2020/03/tournament-scoring-part-3-draw-size.html (solo takes all the
    game's points; a power in the draw gets them divided by the draw size; a loss 0); the Diplomacy
    Tournament Visualiser, "Draw size" (github.com/UEWBot/dipvis, game_scoring/draw_size.py: 100 points;
    with no draw voted, all survivors share).
    """
    return split_the_board(board, Fraction(100))


def calhamer_draw(board: Board, end_year: int) -> dict[int, Fraction]:
    """Calhamer draw points: each board is worth 1; a solo scores 1, a power in an n-way draw 1/n, the rest 0.

    Sources: Diplomaticon, "Calhamer Point scoring system",
    https://diplomaticon.com/2021/10/24/calhamer-point-scoring-system/; The Embassy, "Tournament Scoring -
    Part 3" (above: "a 4-way draw would provide 0.25 points, a 5-way draw 0.20 points").
    """
    return split_the_board(board, Fraction(1))


def tribute(board: Board, end_year: int, survival_points: Fraction = Fraction(66),
            per_centre: Fraction = Fraction(1)) -> dict[int, Fraction]:
    """Tribute (Brandon Fogel, Windy City Weasels): centres + a survival share ± tribute; a solo 100, the rest 0.

    The survivors share `survival_points` (66) equally. Every survivor below the
    board top pays the topper `per_centre` (1; Half-Tribute 1/2) for each centre
    the topper holds over 6, never more than its survival share; tied toppers
    split the tribute and pay none. A drawn board hands out 34 + 66 = 100.
    Sources: Windy City Weasels, https://windycityweasels.org/tribute-scoring-system/ and
    https://windycityweasels.org/half-tribute-scoring-system/; World Diplomacy Wiki,
    https://world-diplomacy-wiki.fandom.com/wiki/Tribute_Scoring_System ("Tribute paid cannot exceed the
    draw size score", "Tied board-toppers split the tribute equally").
    """
    winner = solo_winner(board)
    if winner is not None:
        return winner_takes(board, winner, Fraction(100))
    alive = survivors(board)
    share = Fraction(survival_points) / len(alive)
    top = max(r.centres for r in alive)
    toppers = [r for r in alive if r.centres == top]
    payment = min(share, Fraction(per_centre) * max(top - 6, 0))
    collected = payment * (len(alive) - len(toppers))
    points = {r.player_id: Fraction(r.centres) for r in board}
    for r in alive:
        points[r.player_id] += share + (collected / len(toppers) if r in toppers else -payment)
    return points


def manorcon(board: Board, end_year: int, solo_score: Fraction = Fraction(75)) -> dict[int, Fraction]:
    """ManorCon: survivors share 100 by P = S² + 4S + 16 over all seven powers; the eliminated 0.1 a year.

    An eliminated power scores 0.1 per year it played, counting the year it was
    eliminated, but its P (16) still counts in the board total. A solo scores
    `solo_score` (75; the original ManorCon system 100) and every other survivor
    is scored as if eliminated in the solo's year (the board's end year).
    Source: ManorCon, "Diplomacy Tournament Scoring System", http://diplom.org/manorcon/dipscore.htm
    """
    winner = solo_winner(board)
    if winner is not None:
        return {r.player_id: Fraction(solo_score) if r is winner else Fraction(years_played(r, end_year), 10)
                for r in board}
    weights = {r.player_id: r.centres ** 2 + 4 * r.centres + 16 for r in board}
    total = sum(weights.values())
    return {r.player_id: Fraction(years_played(r, end_year), 10) if r.eliminated
            else Fraction(100 * weights[r.player_id], total) for r in board}


BANGKOK_SHARES = {0: 3, 1: 2, 2: 1}  # domination shares by centres behind the board top


def bangkok_2020(board: Board, end_year: int) -> dict[int, Fraction]:
    """Bangkok 2020: 1 per centre + a 12-point domination bonus + survival; a solo 41, other survivors ½ a centre.

    The domination bonus splits 12 points by shares: 3 for each board topper, 2
    for a power one centre behind, 1 for two behind. A survivor adds 3; an
    eliminated power 0.3 per year it played (eliminated in 1905: 5 years, 1.5).
    On a solo the winner scores 41 (18 + 12 + 8 + 3), the other survivors 0.5
    per centre, the eliminated 0.
    Source: World Diplomacy Wiki, "Bangkok 2020 Scoring System",
    https://world-diplomacy-wiki.fandom.com/wiki/Bangkok_2020_Scoring_System
    """
    winner = solo_winner(board)
    if winner is not None:
        return {r.player_id: Fraction(41) if r is winner else Fraction(r.centres, 2) for r in board}
    alive = survivors(board)
    top = max(r.centres for r in alive)
    shares = {r.player_id: BANGKOK_SHARES.get(top - r.centres, 0) for r in alive}
    total_shares = sum(shares.values())
    return {r.player_id: r.centres + Fraction(12 * shares.get(r.player_id, 0), total_shares)
            + (3 if not r.eliminated else Fraction(3 * years_played(r, end_year), 10)) for r in board}


SYSTEMS: dict[str, System] = {
    "ndc-1995": ndc_1995,
    "sum-of-squares": sum_of_squares,
    "c-diplo-100": c_diplo_100,
    "c-diplo-80": c_diplo_80,
    "carnage": carnage,
    "carnage-dead-equal": carnage_dead_equal,
    "carnage-2023": carnage_2023,
    "carnage-centre-count": carnage_centre_count,
    "draw-size": draw_size,
    "calhamer-draw": calhamer_draw,
    "tribute": tribute,
    "manorcon": manorcon,
    "bangkok-2020": bangkok_2020,
}

# Systems scored by who is in the draw: their drawing powers may hold different centre counts.
DRAW_SCORED = frozenset({"draw-size", "calhamer-draw"})

SYSTEM_OPTIONS: tuple[Option, ...] = (
    Option("tribute_survival_points", "Tribute survival points", Fraction(66), "Tribute: the points the "
           "survivors share equally (Windy City Weasels: 66).", kind="number"),
    Option("tribute_per_centre", "Tribute per centre", Fraction(1), "Tribute: what each survivor pays the board "
           "topper per centre it holds over 6 (1; Half-Tribute 1/2).", kind="number"),
    Option("manorcon_solo_score", "ManorCon solo score", Fraction(75), "ManorCon: what a solo scores (75; the "
           "original ManorCon system 100).", kind="number"),
)

PARAMETERS: dict[str, dict[str, str]] = {
    "tribute": {"survival_points": "tribute_survival_points", "per_centre": "tribute_per_centre"},
    "manorcon": {"solo_score": "manorcon_solo_score"},
}


def compute_board(system: str, board: Board, end_year: int, option: Callable[[str], Any]) -> dict[int, Fraction]:
    """Points per power for one board by the named system, given the Event options it reads."""
    keywords = {name: option(key) for name, key in PARAMETERS.get(system, {}).items()}
    return SYSTEMS[system](board, end_year, **keywords)
