"""swiss: a two-player Swiss for card games, scored by games won.

Each seat types the games it won and the games drawn (the same number on both
seats); the match goes to whoever won more games, and is a draw when they
won as many. Match points are options (default win 3, draw 1, loss 0, bye 3);
a bye is a 2-0 match win.

Tiebreakers follow Magic's tournament rules: match points; opponents' mean
match-win %; game-win %; opponents' mean game-win %. Match-win % is match
points over 3 per round played (byes count), game-win % is game points (3 per
game won, 1 per game drawn) over 3 per game played; both at least the floor
(default 1/3). Byes are not opponents; a dropped player still counts as an
opponent with the rounds they played.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..columns import Column
from ..model import Round, Seat, SeatScore, Settings, Table
from ..options import Option
from ..problems import Problem
from .base import Locate, SwissPaired, drawn_winner

GAMES_WON = Column("games_won", "Games won", ("Won", "Wins", "Games"), "whole", minimum=0,
                   hint="Type how many games this player won in the match (0 or more).", width=11)
GAMES_DRAWN = Column("games_drawn", "Games drawn", ("Drawn", "Draws"), "whole", minimum=0, required=False,
                     hint="Type how many games of the match were drawn, the same on both seats (blank is 0).",
                     width=12)


class SwissGames(SwissPaired):
    name = "swiss"
    title = "Swiss for card games: match points, opponents' match-win %, game-win %"
    source = "Magic tournament rules"
    result_columns = (GAMES_WON, GAMES_DRAWN)
    options = (
        Option("points_win", "Points for a win", 3, "Match points for winning a match.", minimum=0),
        Option("points_draw", "Points for a draw", 1, "Match points for a drawn match.", minimum=0),
        Option("points_loss", "Points for a loss", 0, "Match points for losing a match.", minimum=0),
        Option("points_bye", "Points for a bye", 3, "Match points for a bye (a 2-0 match win).", minimum=0),
        Option("match_win_floor", "Match-win % floor", Fraction(1, 3), "Least match-win % a player counts for.",
               kind="number"),
        Option("game_win_floor", "Game-win % floor", Fraction(1, 3), "Least game-win % a player counts for.",
               kind="number"),
        Option("allow_rematches", "Allow rematches", False, "Let two players meet again (still avoided when it "
               "costs nothing).", kind="yesno"),
    )
    tiebreakers = ("match_points", "opponents_match_win_pct", "game_win_pct", "opponents_game_win_pct")
    provides = frozenset({"mp", "games_won"})
    score_key = "match_points"

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        drawn = [seat.result.get("games_drawn") or 0 for seat in table.seats]
        if len(set(drawn)) == 1:
            return []
        return [Problem(sheet, locate("games_drawn", table.seats[-1].row), f"Table {table.number}: Games drawn "
                        f"differs between the seats ({drawn[0]} and {drawn[1]}).",
                        "Type the same number of drawn games on both seats.")]

    def random_result(self, table: Table, rng: random.Random, strength: dict[int, float],
                      draw_rate: float) -> dict[int, dict[str, object]]:
        """Best of three: 2-0 or 2-1 to the winner; a draw is 1-1 with a drawn game."""
        winner = drawn_winner(table.player_ids, rng, strength, draw_rate)
        if winner is None:
            return {pid: {"games_won": 1, "games_drawn": 1} for pid in table.player_ids}
        lost = rng.choice((0, 1))
        return {pid: {"games_won": 2 if pid == winner else lost, "games_drawn": None} for pid in table.player_ids}

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        bye = {"mp": Fraction(settings.option("points_bye")), "games_won": Fraction(2), "games_drawn": Fraction(0),
               "games_played": Fraction(2)}
        scores = [SeatScore(round_.number, pid, (), dict(bye), "bye") for pid in round_.byes]
        for game in round_.games:
            first, second = game.seats
            scores.append(self._score(round_.number, first, second, settings))
            scores.append(self._score(round_.number, second, first, settings))
        return scores

    @staticmethod
    def _score(round_number: int, seat: Seat, opponent: Seat, settings: Settings) -> SeatScore:
        won, lost = seat.result["games_won"], opponent.result["games_won"]
        drawn = seat.result.get("games_drawn") or 0
        outcome = "win" if won > lost else "loss" if won < lost else "draw"
        points = settings.option({"win": "points_win", "loss": "points_loss", "draw": "points_draw"}[outcome])
        values = {"mp": Fraction(points), "games_won": Fraction(won), "games_drawn": Fraction(drawn),
                  "games_played": Fraction(won + lost + drawn)}
        return SeatScore(round_number, seat.player_id, (opponent.player_id,), values, outcome)
