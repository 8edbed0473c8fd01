"""swiss: a two-player Swiss for card games, scored by games won.

Each seat types the games it won and the games drawn (the same number on both
seats); the match goes to whoever won more games, and is a draw when they
won as many. Match points are options (default win 3, draw 1, loss 0, bye 3);
a bye is a 2-0 match win.

A games-won cell may also hold the match score from its own row's side, as
a result slip or EventLink shows it: `2-1` (or `2–1`, `2:1`, `2 - 1`) means
this player won 2 games and the opponent 1; `2-1-1` adds 1 drawn game (the
MTR's won-lost-drawn order). Typed on one row with the other row blank, the
score is the whole match (issue 31, `one_entry`). When the other row is
typed too, the score is accepted when it says the same: the opponent's games
won is 1 (typed as `1` or as `1-2`), and Games drawn holds the drawn games
(blank is 0). Anything else is an error at the cell, since the two rows
disagree about what happened (two rows both typed `2-1` is the usual slip).

`Best of` (default 3) checks the games won as Magic's tournament rules
(MTR 2.3) play a match: it ends when a player has won a majority of the
games (2 in a best of three), and drawn games do not count toward that, so
a match may run past N games when games are drawn (2-1-1 is a legal best of
three). Errors, because the match cannot have ended so: a player with more
wins than that majority (3-0 in a best of three); both players at it (2-2);
more decided games than the match has (only possible when N is even).
Results that a clock explains are accepted without a word: 1-0 or 1-1 when
time ran out, and 0-0 with drawn games.

An intentional draw (MTR 2.4: the players agree to draw; the slip says
0-0-3) is typed `ID` or `0-0-3` under Games won, on one row or both (the
other row's Games won then ID, 0-0-3 or 0, never a game won). It is
a drawn match, and counts in game-win % as three games, each worth what
`Game points for an intentional draw` says: a drawn game's points (the
MTR's three drawn games) or nothing (melee.gg). Three drawn games really
played are typed 0 with 3 under Games drawn.

Tiebreakers follow Magic's tournament rules: match points; opponents' mean
match-win %; game-win %; opponents' mean game-win %. Match-win % is match
points over 3 per round played (byes count), game-win % is game points over
the points of a game won for every game played; both at least the floor
(default 1/3). Game points are options, by default the MTR's (appendix C: 3
per game won, 1 per game drawn, 0 per game lost); a bye counts as a 2-0 match
(option: 3-0). Byes are not opponents; a dropped player still counts as an
opponent with the rounds they played.

Invited players' byes before round 1 (the `Byes` column of Players) are given
by `SwissPaired.pair` and score as any bye does.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from ..model.columns import BYES, Column
from ..model.event import GAME_LOSS, Round, Seat, SeatScore, Settings, Table
from ..model.made import maker
from ..model.options import BYE_GAMES, MATCH_POINT_OPTIONS, Option
from ..model.problems import Problem
from ..model.values import IntentionalDraw, MatchScore
from .base import Locate, SwissPaired, drawn_winner
from .parts import Layout
from .one_entry import complete_drawn_games, complete_scores, typed_nothing

GAMES_WON = Column("games_won", "Games won", ("Won", "Wins", "Games"), "games", minimum=0,
                   hint="Type how many games this player won in the match (0 or more), or the match score from "
                   "this player's side, e.g. 2-1.", width=11)
GAMES_DRAWN = Column("games_drawn", "Games drawn", ("Drawn", "Draws"), "whole", minimum=0, required=False,
                     hint="Type how many games of the match were drawn, the same on both seats (blank is 0).",
                     width=12)


ID_GAMES = Fraction(3)  # MTR 2.4: an intentional draw is reported 0-0-3, three games
POINTS_OPTION = {"win": "points_win", "loss": "points_loss", "draw": "points_draw"}
MATCH_VALUES: dict[tuple, dict[str, Fraction]] = {}  # (points, won, lost, drawn) -> values (`match_values`)
MAKE_SCORE = maker(SeatScore)


class SwissGames(SwissPaired):
    name = "swiss"
    title = "Swiss for card games: match points, opponents' match-win %, game-win %"
    source = "Magic tournament rules"
    layout = Layout(
        result_columns=(GAMES_WON, GAMES_DRAWN),
        entry_note="The match score from one row's side, on that row (2-1, 2-1-1 with a drawn game, ID for an "
        "intentional draw), is the whole match: the other row may stay blank.",
        player_columns=(BYES,),
    )
    options = (
        *MATCH_POINT_OPTIONS,
        Option("best_of", "Best of", 3, "Games a match is played as the best of: it ends when a player wins more "
               "than half of them (used to check results).", minimum=1),
        BYE_GAMES,
    )
    tiebreakers = ("match_points", "opponents_match_win_pct", "game_win_pct", "opponents_game_win_pct")
    provides = frozenset({"mp", "games_won"})
    score_key = "match_points"
    penalty_kinds = SwissPaired.penalty_kinds + (GAME_LOSS,)
    deduct_from = "mp"
    main_score = "match_points"

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        """The rows must agree (drawn games, a typed match score) before the match itself is judged. A score's
        drawn games are checked first, at the score: a blank row took them from it, so the rows' Games drawn then
        differ because of the one row that says two things."""
        said = [problem for seat in table.seats for problem in score_drawn_problem(table, seat, sheet, locate)]
        if said:
            return said[:1]
        drawn = [seat.result.get("games_drawn") or 0 for seat in table.seats]
        if len(set(drawn)) != 1:
            return [Problem(sheet, locate("games_drawn", table.seats[-1].row), f"Table {table.number}: Games "
                            f"drawn differs between the seats ({drawn[0]} and {drawn[1]}).",
                            "Type the same number of drawn games on both seats.")]
        if any(isinstance(seat.result["games_won"], IntentionalDraw) for seat in table.seats):
            return check_intentional_draw(table, sheet, locate)
        return check_typed_score(table, sheet, locate) or check_best_of(table, settings, sheet, locate)

    def complete_table(self, table: Table, settings: Settings, sheet: str, locate: Locate,
                       names: dict[int, str]) -> tuple[Table, list[Problem]]:
        """Issue 31: a match score (`2-1`, `2-1-1`) or an intentional draw typed on one row, the other row blank, is
        the whole match; the rows are then checked as if both were typed."""
        if typed_nothing(table.seats[0]) == typed_nothing(table.seats[1]):
            return table, []
        return complete_drawn_games(complete_scores(table, ("games_won",))), []

    def random_result(self, players: tuple[int, ...], rng: random.Random, strength: dict[int, float],
                      draw_rate: float) -> dict[int, dict[str, object]]:
        """Best of three: 2-0 or 2-1 to the winner; a draw is 1-1 with a drawn game."""
        winner = drawn_winner(players, rng, strength, draw_rate)
        if winner is None:
            return {pid: {"games_won": 1, "games_drawn": 1} for pid in players}
        lost = rng.choice((0, 1))
        return {pid: {"games_won": 2 if pid == winner else lost, "games_drawn": None} for pid in players}

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        """Each seat's match, the points of each outcome read once for the round (`simulate` scores thousands)."""
        games = Fraction(settings.option("bye_games"))  # MTR appendix C: a bye is a match won, 2-0 by default
        bye = {"mp": Fraction(settings.option("points_bye")), "games_won": games, "games_drawn": Fraction(0),
               "games_played": games}
        number = round_.number
        scores = [MAKE_SCORE(number, pid, (), dict(bye), "bye") for pid in round_.byes]
        points = {outcome: settings.option(key) for outcome, key in POINTS_OPTION.items()}
        for game in round_.games:
            first, second = game.seats
            scores.append(self._score(number, first, second, settings, points))
            scores.append(self._score(number, second, first, settings, points))
        return scores

    def forced_result(self, score: SeatScore, outcome: str, settings: Settings) -> SeatScore:
        """A match loss is recorded as the opponent's win by the majority of Best of (2-0 in a best of three)
        with no game to the penalised player, as tournament software reports it; match points as the options
        give a win or a loss. Both players penalised: both lose 0-2."""
        needed = Fraction(settings.option("best_of") // 2 + 1)
        points = settings.option("points_win" if outcome == "win" else "points_loss")
        values = {**score.values, "mp": Fraction(points), "games_won": needed if outcome == "win" else Fraction(0),
                  "games_drawn": Fraction(0), "games_played": needed}
        return SeatScore(score.round, score.player_id, score.opponents, values, outcome)

    def with_game_losses(self, round_: Round, losses: dict[int, int]) -> Round:
        """IPG, Definition of Penalties: the player given a game loss loses that game for the match's result.
        The round sheet holds the games played at the table, so each game loss adds a game won by the opponent
        (a 1-1 match becomes 1-2); the match is then decided as any other (validation refuses a game loss
        that would take the opponent past Best of's majority: the match had ended before it)."""

        def seat(own: Seat, opponent: Seat) -> Seat:
            gained = losses.get(opponent.player_id, 0)
            if not gained:
                return own
            return replace(own, result={**own.result, "games_won": int(own.result["games_won"]) + gained})

        tables = tuple(table if table.is_bye or not set(losses) & set(table.player_ids) else
                       Table(table.number, (seat(table.seats[0], table.seats[1]), seat(table.seats[1], table.seats[0])))
                       for table in round_.tables)
        return Round(round_.number, tables, round_.sheet, round_.missed)

    @staticmethod
    def _score(round_number: int, seat: Seat, opponent: Seat, settings: Settings,
               points: dict[str, int | Fraction]) -> SeatScore:
        """One seat's match; `points`: each outcome's match points, as the settings give them."""
        won, lost = seat.result["games_won"], opponent.result["games_won"]
        if isinstance(won, IntentionalDraw) or isinstance(lost, IntentionalDraw):
            values = {"mp": Fraction(settings.option("points_draw")), "games_won": Fraction(0),
                      "games_drawn": Fraction(0), "games_played": ID_GAMES, "id_games": ID_GAMES}
            return MAKE_SCORE(round_number, seat.player_id, (opponent.player_id,), values, "draw")
        drawn = seat.result.get("games_drawn") or 0
        outcome = "win" if won > lost else "loss" if won < lost else "draw"
        values = match_values(points[outcome], won, lost, drawn)
        return MAKE_SCORE(round_number, seat.player_id, (opponent.player_id,), values, outcome)


def match_values(points: int | Fraction, won: int, lost: int, drawn: int) -> dict[str, Fraction]:
    """One player's values of a match, exact: each seat its own dict, the Fractions (which never change) made once
    for each score that occurs, as a simulated event scores the same few thousands of times."""
    key = (points, won, lost, drawn)
    values = MATCH_VALUES.get(key)
    if values is None:
        values = {"mp": Fraction(points), "games_won": Fraction(won), "games_drawn": Fraction(drawn),
                  "games_played": Fraction(won + lost + drawn)}
        if len(MATCH_VALUES) < 1000:
            MATCH_VALUES[key] = values
    return dict(values)


def check_intentional_draw(table: Table, sheet: str, locate: Locate) -> list[Problem]:
    """An intentional draw typed on one row: the other row may say it too, or 0 games won, never a game won (the
    two rows would disagree about whether the match was played)."""
    for seat, opponent in (table.seats, table.seats[::-1]):
        if isinstance(seat.result["games_won"], IntentionalDraw) and opponent.result["games_won"] and \
                not isinstance(opponent.result["games_won"], IntentionalDraw):
            return [Problem(sheet, locate("games_won", opponent.row), f"Table {table.number}: the other row says an "
                            f"intentional draw ({seat.result['games_won'].typed}), but this row says "
                            f"{games(int(opponent.result['games_won']))} won.", "Type ID on both rows for an "
                            "intentional draw, or the games each player won in a played match.")]
    return []


def check_typed_score(table: Table, sheet: str, locate: Locate) -> list[Problem]:
    """A match score typed in one row (`2-1`) must give the opponent the games won the opponent's row says (its
    drawn games: `score_drawn_problem`). The first disagreement of the table is reported, once."""
    first, second = table.seats
    for seat, opponent in ((first, second), (second, first)):
        score = seat.result["games_won"]
        if isinstance(score, MatchScore) and score.opponent != (says := int(opponent.result["games_won"])):
            return [Problem(sheet, locate("games_won", seat.row), f"Table {table.number}: the score {score.typed} "
                            f"typed here gives the opponent {games(score.opponent)} won, but the opponent's row says "
                            f"{says}.", "The first number is this player's games won, the second the opponent's: "
                            "correct one of the two rows.")]
    return []


def score_drawn_problem(table: Table, seat: Seat, sheet: str, locate: Locate) -> list[Problem]:
    """A match score (`2-1-1`, not an intentional draw) typed on a row whose Games drawn says otherwise."""
    score, drawn = seat.result["games_won"], seat.result.get("games_drawn") or 0
    if not isinstance(score, MatchScore) or isinstance(score, IntentionalDraw) or score.drawn in (None, drawn):
        return []
    return [Problem(sheet, locate("games_won", seat.row), f"Table {table.number}: the score {score.typed} typed here "
                    f"has {games(score.drawn, 'drawn ')}, but Games drawn says {drawn}.", f"Type {score.drawn} under "
                    "Games drawn on both rows, or correct the score.")]


def check_best_of(table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
    """MTR 2.3: a best-of-N match ends when a player wins a majority of N games (drawn games do not count),
    so nobody wins more than that, not both reach it, and the decided games are at most N."""
    best_of = settings.option("best_of")
    needed = best_of // 2 + 1
    first, second = table.seats
    won = [int(first.result["games_won"]), int(second.result["games_won"])]
    match = f"Table {table.number}: a best-of-{best_of} match"
    hint = f"Correct the games won, or set Best of in the Event sheet if matches are longer than {best_of} games."
    for seat, count in zip(table.seats, won):
        if count > needed:
            return [Problem(sheet, locate("games_won", seat.row), f"{match} ends when a player wins "
                            f"{games(needed)}; {games(count)} won cannot happen.", hint)]
    if won[0] == won[1] == needed:
        return [Problem(sheet, locate("games_won", second.row), f"{match} ends when a player wins {games(needed)}; "
                        f"both players have {needed}.", "Correct the games won of the player who lost the match.")]
    if sum(won) > best_of:
        return [Problem(sheet, locate("games_won", second.row), f"{match} has at most {best_of} decided games; "
                        f"{won[0]} and {won[1]} games won make {sum(won)}.", hint)]
    return []


def games(count: int, kind: str = "") -> str:
    """ "1 game", "2 games", "1 drawn game": counts in messages read as a TO would write them."""
    return f"{count} {kind}game" + ("" if count == 1 else "s")
