"""The team tiebreakers (issue 33): what chess and wargame team events rank teams by, beside match points.

They read the team event's per-round rows (`scoring`): a team match's match points (`mp`) and its game points,
the boards won plus half the boards drawn (with summed points: the points scored). Registered in the library
(`TIEBREAKERS`) under the value only team scoring provides (`team_games`), so an individual event's `Tiebreakers`
refuses them with what they miss; `Team tiebreakers` takes these and the library's that fit teams (`FOR_TEAMS`).

- GP: game (board) points, added up.
- BH: Buchholz, the opponents' match points; BH-C1 leaves out the lowest, BH-M1 the highest and the lowest.
  BH:GP adds up the opponents' game points (the older team Buchholz, olimpbase.org "Buch").
- SB: Sonneborn-Berger for teams as FIDE's Tie-Break Regulations define it with match points as the primary score
  (as the TieBreakServer of FIDE's SPP, github.com/OttoMilvang/TieBreakServer tiebreak.py, computes it): each
  opponent's match points times the game points scored against that opponent. SB-C1 leaves out the opponent with
  the fewest match points (FIDE's 2007 team Swiss tie-break, "dSB": olimpbase.org/help/help14.html quoting FIDE
  Handbook D.II.02.G13). SB:GP multiplies the opponent's game points instead (chess-results.com's
  "FIDE-Sonneborn-Berger-Tie-Break" for teams, checked against a published table in
  tests/test_team_regulations.py); SB:R the opponent's game points by the match's result, 1 won, ½ drawn
  (chess-results' "Sonneborn-Berger (with real points)").
- DE: direct encounter, the match points of the matches among the tied teams (the library's head-to-head).

A round without an opponent (a team bye, a round before a late team joined) counts, for BH and SB, as a match
against a dummy opponent with the team's own score (FIDE Tie-Break Regulations 2023, article 16.4).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..model.event import SeatScore
from ..scoring.tiebreakers import TIEBREAKERS, ZERO, ScoreTable, Tiebreaker, register

TEAM_GAMES = frozenset({"team_games"})  # what only a team event's scoring provides (`scoring.team_settings`)
HALF = Fraction(1, 2)
RESULT = {"win": Fraction(1), "bye": Fraction(1), "draw": HALF}
PerRound = Callable[[ScoreTable, int, SeatScore, Fraction], Fraction]


def row_game_points(row: SeatScore) -> Fraction:
    """A team match's game points: boards won and half the boards drawn (summed points: the points scored)."""
    return Fraction(row.values.get("games_won", ZERO)) + HALF * row.values.get("games_drawn", ZERO)


def game_points(table: ScoreTable) -> dict[int, Fraction]:
    return table.memo("team_game_points", lambda pid: sum((row_game_points(row) for row in table.played(pid)), ZERO))


def opponent_values(table: ScoreTable, pid: int, of: dict[int, Fraction], per_round: PerRound) -> list:
    """(the opponent's value, what the round adds) for each round played; a round with no opponent faces a dummy
    opponent with the team's own value (FIDE 2023, 16.4)."""
    found = []
    for row in table.played(pid):
        for opponent in row.opponents or (pid,):
            found.append((of[opponent], per_round(table, pid, row, of[opponent])))
    return found


def cut(values: list, low: int, high: int) -> Fraction:
    """The sum of what the rounds add, leaving out the `low` weakest opponents and the `high` strongest."""
    ordered = sorted(values)  # by the opponent's value, then by what the round adds
    return sum((added for _, added in ordered[low:max(low, len(ordered) - high)]), ZERO)


def opponents_sum(score: Callable[[ScoreTable], dict[int, Fraction]], per_round: PerRound, low: int = 0,
                  high: int = 0):
    """A Buchholz or Sonneborn-Berger column: over the opponents, by `score`, what `per_round` adds."""

    def compute(table: ScoreTable) -> dict[int, Fraction]:
        of = score(table)
        return {pid: cut(opponent_values(table, pid, of, per_round), low, high) for pid in table.player_ids}

    return compute


def match_points(table: ScoreTable) -> dict[int, Fraction]:
    return table.total("mp")


def opponent_score(table: ScoreTable, pid: int, row: SeatScore, value: Fraction) -> Fraction:
    return value


def times_own_game_points(table: ScoreTable, pid: int, row: SeatScore, value: Fraction) -> Fraction:
    return value * row_game_points(row)


def times_result(table: ScoreTable, pid: int, row: SeatScore, value: Fraction) -> Fraction:
    return value * RESULT.get(row.outcome, ZERO)


def team(key: str, label: str, meaning: str, compute) -> None:
    register(Tiebreaker(key, label, meaning, compute, needs=TEAM_GAMES))


team("game_points", "GP", "Game (board) points: boards won and half the boards drawn, added up (with summed "
     "points: the points scored).", game_points)
team("buchholz", "BH", "Buchholz: the opponents' match points (a bye: the team's own).",
     opponents_sum(match_points, opponent_score))
team("buchholz_cut1", "BH-C1", "Buchholz leaving out the opponent with the fewest match points.",
     opponents_sum(match_points, opponent_score, low=1))
team("buchholz_median", "BH-M1", "Median Buchholz: leaving out the opponents with the fewest and the most match "
     "points.", opponents_sum(match_points, opponent_score, low=1, high=1))
team("buchholz_gp", "BH:GP", "Buchholz by game points: the opponents' game points.",
     opponents_sum(game_points, opponent_score))
team("sonneborn_berger", "SB", "Sonneborn-Berger for teams (FIDE): each opponent's match points times the game "
     "points scored against it.", opponents_sum(match_points, times_own_game_points))
team("sonneborn_berger_cut1", "SB-C1", "Sonneborn-Berger for teams leaving out the opponent with the fewest match "
     "points (FIDE's 2007 team Swiss tie-break).", opponents_sum(match_points, times_own_game_points, low=1))
team("sonneborn_berger_gp", "SB:GP", "Sonneborn-Berger by game points: each opponent's game points times "
     "the game points scored against it (chess-results' FIDE-Sonneborn-Berger for teams).",
     opponents_sum(game_points, times_own_game_points))
team("sonneborn_berger_results", "SB:R", "Sonneborn-Berger by results: the game points of each opponent beaten, "
     "and half those of each opponent drawn.", opponents_sum(game_points, times_result))

# The library's tiebreakers a team event can rank by beside its own: match points, the MTR percentages (board-win
# % where a team's games are its boards), opponents' match points, head-to-head and the seeded draw.
FOR_TEAMS = ("match_points", "opponents_match_points", "match_win_pct", "opponents_match_win_pct", "game_win_pct",
             "opponents_game_win_pct", "head_to_head", "random") + tuple(
    key for key, tiebreaker in TIEBREAKERS.items() if tiebreaker.needs == TEAM_GAMES) + ("direct_encounter",)


def listing_rows() -> list[tuple[str, str, str]]:
    """`sheetrunner tiebreakers`: every tiebreaker's name, column and meaning, the meaning marked "(teams too)" or
    "(teams only)" where a team event's Team tiebreakers can name it."""
    marks = {key: "(teams only) " if TIEBREAKERS[key].needs == TEAM_GAMES else "(teams too) " for key in FOR_TEAMS}
    return [(tb.key, tb.label, marks.get(tb.key, "") + tb.meaning) for tb in TIEBREAKERS.values()]
