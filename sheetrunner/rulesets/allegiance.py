"""allegiance: 3- and 4-player games ranked by wins and victory influence (source 000).

Each seat types its victory influence (VI), whether it won (Y) and whether it
was eliminated (Y). An eliminated player scores 0 VI for the game whatever is
typed (a warning says so when it is not 0), and cannot have won it: 000
gives an eliminated player nothing for the game and names the winner among
those still in it, so a seat marked both Won and Eliminated is an error.
Several winners in one game are allowed (000's tie rule), and so is a game
with no winner (time ran out, a wanderer victory). Standings: wins, then VI total, then the sum of each
opponent's event VI, once per game played against them, then a seeded draw.
Games are made by the pods engine (§5.2).
"""

from __future__ import annotations

import random

from fractions import Fraction

from ..model.columns import Column
from ..model.history import History
from ..model.event import Event, Round, SeatScore, Settings, Table
from ..model.options import FINAL_DECIDES_OPTION, Option
from ..pairing import Pairing, PairingImpossible
from ..pairing.pods import PodsEngine
from ..model.problems import Problem, warning
from ..scoring.standings import Standings
from .base import Locate, Game, entrants_in_order, finishing_order, teams_apart
from .parts import Layout

VI = Column("vi", "VI", ("Victory influence",), "whole", minimum=0, required=False,
            hint="Type the victory influence this player ended the game with (0 or more).", width=7)
WON = Column("won", "Won", ("Winner",), "yesno", choices=("Y",), required=False,
             hint="Type Y for each winner of the game; leave it blank otherwise.", width=7)
ELIMINATED = Column("eliminated", "Eliminated", ("Out",), "yesno", choices=("Y",), required=False,
                    hint="Type Y when the player was eliminated from the game; leave it blank otherwise.", width=11)


class Allegiance(Game):
    name = "allegiance"
    title = "Allegiance: War of Factions, modified Swiss for 3- and 4-player games"
    source = "000"
    layout = Layout(
        table_header="Game",
        seats_per_table=(3, 4),
        result_columns=(VI, WON, ELIMINATED),
    )
    options = (
        Option("victory_threshold", "Victory threshold", 20, "VI a player needs to win (used to check results).",
               minimum=1),
        Option("game_sizes", "Game sizes", "3,4", "Players per game that may be used, separated by commas.",
               kind="text"),
        Option("preferred_size", "Preferred game size", 3, "The size used for as many games as possible.",
               minimum=2),
        Option("odd_games_at", "Other-size games at", "bottom", "Where the games of the other size sit in the "
               "standings.", kind="choice", choices=("bottom", "top")),
        FINAL_DECIDES_OPTION,
    )
    final_order = ("wins", "vi")
    final_adds = {"wins": "wins", "vi": "vi"}
    tiebreakers = ("wins", "vi", "opponents_vi", "random")
    provides = frozenset({"wins", "vi"})
    score_key = "wins"
    points_value = "wins"
    deduct_from = "vi"  # wins are games won, facts of the table; a deduction takes victory influence (README)
    main_score = "vi"

    def report_extras(self, event: Event, paired_on: Standings, round_: Round) -> dict[str, object]:
        """Players follow their wins and their VI (000 ranks by both): the pairings show the two."""
        return {"points_columns": ("wins", "vi")}

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        problems = []
        label = f"Game {table.number}"
        for seat in table.seats:
            vi, out = seat.result.get("vi"), seat.result.get("eliminated")
            if vi is None and not out:
                problems.append(Problem(sheet, locate("vi", seat.row), f"VI is empty while other results of "
                                        f"{label.lower()} are filled in.", VI.hint))
            if out and seat.result.get("won"):
                problems.append(Problem(sheet, locate("won", seat.row), f"This player is marked both Won and "
                                        f"Eliminated; an eliminated player cannot win {label.lower()} (000).",
                                        "Clear Won, or clear Eliminated."))
            if out and vi:
                problems.append(warning(sheet, locate("vi", seat.row), f"An eliminated player scores 0 VI; the "
                                        f"{vi} typed here does not count.", "Clear it, or clear Eliminated."))
        if problems and any(p.is_error for p in problems):
            return problems
        return problems + self._check_winners(table, settings, sheet, locate, label)

    @staticmethod
    def _check_winners(table: Table, settings: Settings, sheet: str, locate: Locate, label: str) -> list[Problem]:
        survivors = {s.player_id: s.result.get("vi") or 0 for s in table.seats if not s.result.get("eliminated")}
        winners = [s for s in table.seats if s.result.get("won")]
        problems = []
        most = max(survivors.values(), default=0)
        for seat in winners:
            if survivors.get(seat.player_id, -1) < most:
                problems.append(warning(sheet, locate("won", seat.row), f"This winner of {label.lower()} does not "
                                        f"hold the most VI among the survivors ({most}).",
                                        "Check the VI and Won cells of this game."))
        reached = sum(1 for vi in survivors.values() if vi >= settings.option("victory_threshold"))
        if len(winners) > max(reached, 1):
            problems.append(warning(sheet, locate("won", winners[-1].row), f"{label} has {len(winners)} winners "
                                    f"but only {reached} player(s) reached {settings.option('victory_threshold')} "
                                    "VI.", "Check the Won cells of this game."))
        return problems

    def random_result(self, players: tuple[int, ...], rng: random.Random, strength: dict[int, float],
                      draw_rate: float) -> dict[int, dict[str, object]]:
        """The strongest finisher wins with 20 to 26 VI (no winner in a share `draw_rate` of games); the others
        hold less, and now and then one is eliminated."""
        order = finishing_order(players, rng, strength)
        winner = None if rng.random() < draw_rate else order[0]
        results: dict[int, dict[str, object]] = {}
        for pid in order:
            if pid == winner:
                results[pid] = {"vi": rng.randint(20, 26), "won": True, "eliminated": None}
            elif rng.random() < 0.1:
                results[pid] = {"vi": 0, "won": None, "eliminated": True}
            else:
                results[pid] = {"vi": rng.randint(0, 19), "won": None, "eliminated": None}
        return results

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        scores = []
        for game in round_.games:
            for seat in game.seats:
                won = bool(seat.result.get("won"))
                vi = 0 if seat.result.get("eliminated") else seat.result.get("vi") or 0
                scores.append(SeatScore(round_.number, seat.player_id, game.opponents_of(seat.player_id),
                                        {"wins": Fraction(int(won)), "vi": Fraction(vi)}, "win" if won else "loss"))
        return scores

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> Pairing:
        options = event.settings.options
        engine = PodsEngine(sizes=parse_sizes(options["game_sizes"]), preferred=options["preferred_size"],
                            other_sizes_at=options["odd_games_at"],
                            keep_teams_apart=teams_apart(event.settings, round_number))
        entrants = entrants_in_order(event, standings, history, round_number, self.score_key)
        return engine.pair(entrants, round_number, history.seats)


def parse_sizes(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(part) for part in str(text).replace(";", ",").split(",") if part.strip())
    except ValueError:
        raise PairingImpossible(f'Game sizes "{text}" must be whole numbers separated by commas, e.g. 3,4.') from None
    return sizes or (3, 4)
