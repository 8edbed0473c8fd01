"""swiss-tp: tournament points with offensive and defensive bonuses (source 004).

OP and SP may each be typed as the game's score from one row's side (`4-1`:
this player 4, the opponent 1); a row with both so typed is the whole game
and the other row may stay blank (issue 31, `one_entry`).

Scoring of one game, from the objective points (OP) each player reached:
more OP than the opponent is a victory (3 TP), as many a tie (1), fewer a
defeat (0). A player reaching the offensive threshold (default 4 OP) adds 1;
a player who loses by at most the defensive margin (default 1 OP) adds 1.
Survival points (SP) only break ties.

Byes: a victory worth 3 TP. During the event the bye round scores 0 OP and
0 SP; once the last round is in, it scores the player's average OP and SP
over the rounds they played (004's final paragraph).

Standings: TP, then OP, then SP, then the sum of each opponent's event OP,
then a seeded draw. Pairing: the Swiss engine on TP score groups, round 1 at
random. 004 does not say whether rematches are avoided; sheetrunner avoids
them, as TOs expect, with an option to allow them.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ..model.columns import BYES, Column
from ..model.event import Event, Round, SeatScore, Settings, Table
from ..model.options import Option
from ..model.problems import Problem
from ..model.values import MatchScore
from .base import Locate, SwissPaired, drawn_winner
from .parts import Layout
from .one_entry import check_scores, complete_scores

VICTORY, TIE, DEFEAT, BYE = Fraction(3), Fraction(1), Fraction(0), Fraction(3)


class SwissTP(SwissPaired):
    name = "swiss-tp"
    title = "Swiss with tournament points, offensive and defensive bonus"
    source = "004"
    layout = Layout(
        result_columns=(
            Column("op", "OP", ("Objective points", "Objective"), "score", minimum=0,
                   hint="Type the objective points this player scored, a whole number (0 or more).", width=8),
            Column("sp", "SP", ("Survival points", "Survival"), "score", minimum=0,
                   hint="Type the survival points this player scored, a whole number (0 or more).", width=8),
        ),
        entry_note=("OP and SP as the game's score from one row's side, on that row (4-1 under OP, 2-3 under SP), "
                    "are the whole game: the other row may stay blank. Or type each row's own OP and SP."),
        player_columns=(BYES,),
    )
    options = (
        Option("offensive_bonus", "Offensive bonus", True, "Award +1 TP for reaching the OP threshold below.",
               kind="yesno"),
        Option("offensive_threshold", "Offensive bonus at OP", 4, "OP a player needs for the offensive bonus.",
               minimum=1),
        Option("defensive_bonus", "Defensive bonus", True, "Award +1 TP for losing by no more than the margin "
               "below.", kind="yesno"),
        Option("defensive_margin", "Defensive bonus margin", 1, "Largest OP deficit that still earns the "
               "defensive bonus.", minimum=1),
    )
    tiebreakers = ("tp", "op", "sp", "opponents_op", "random")
    provides = frozenset({"tp", "op", "sp"})
    score_key = "tp"
    points_value = "tp"
    deduct_from = "tp"
    main_score = "tp"

    def complete_table(self, table: Table, settings: Settings, sheet: str, locate: Locate,
                       names: dict[int, str]) -> tuple[Table, list[Problem]]:
        """Issue 31: OP and SP typed as the game's score from one row's side (`4-1`) are the whole game; a score
        the other row contradicts is an error; each cell then counts as the number it says for its own row."""
        keys = tuple(column.key for column in self.layout.result_columns)
        if not any(isinstance(value, MatchScore) for seat in table.seats for value in seat.result.values()):
            return table, []  # nearly every table: each row's own numbers, typed on both rows or neither
        table = complete_scores(table, keys)
        problems = check_scores(table, self.layout.result_columns, sheet, locate)
        return table, problems

    def random_result(self, players: tuple[int, ...], rng: random.Random, strength: dict[int, float],
                      draw_rate: float) -> dict[int, dict[str, object]]:
        """The winner scores 3 to 8 OP and the loser fewer; a tie is equal OP; SP 0 to 4 each."""
        winner = drawn_winner(players, rng, strength, draw_rate)
        high = rng.randint(3, 8)
        op = {pid: high if winner in (None, pid) else rng.randint(0, high - 1) for pid in players}
        return {pid: {"op": op[pid], "sp": rng.randint(0, 4)} for pid in players}

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        bye = {"tp": BYE, "op": Fraction(0), "sp": Fraction(0)}
        scores = [SeatScore(round_.number, pid, (), dict(bye), "bye") for pid in round_.byes]
        for game in round_.games:
            first, second = game.seats
            scores.append(self.score_seat(round_.number, first, second, settings))
            scores.append(self.score_seat(round_.number, second, first, settings))
        return scores

    def score_seat(self, round_number: int, seat, opponent, settings: Settings) -> SeatScore:
        own, other = seat.result["op"], opponent.result["op"]
        tp, outcome = (VICTORY, "win") if own > other else (TIE, "draw") if own == other else (DEFEAT, "loss")
        tp += self.bonus(own, other, settings)
        values = {"tp": tp, "op": own, "sp": seat.result["sp"]}  # whole numbers: exact, and fast to add
        return SeatScore(round_number, seat.player_id, (opponent.player_id,), values, outcome)

    def forced_result(self, score: SeatScore, outcome: str, settings: Settings) -> SeatScore:
        """A match loss decides the game whatever the OP say: the penalised player has a defeat (0 TP, no bonus:
        a penalty earns nothing), the opponent a victory (3 TP) with the offensive bonus their own OP reached
        (004). OP and SP stay as typed: they were scored at the table and break ties."""
        offensive = settings.option("offensive_bonus") and score.values["op"] >= settings.option("offensive_threshold")
        tp = VICTORY + int(offensive) if outcome == "win" else DEFEAT
        return SeatScore(score.round, score.player_id, score.opponents, {**score.values, "tp": tp}, outcome)

    @staticmethod
    def bonus(own: int, other: int, settings: Settings) -> int:
        """004's bonuses: +1 at the OP threshold, +1 for a defeat by no more than the margin."""
        offensive = settings.option("offensive_bonus") and own >= settings.option("offensive_threshold")
        defensive = settings.option("defensive_bonus") and 0 < other - own <= settings.option("defensive_margin")
        return int(offensive) + int(defensive)

    def finalize(self, scores: list[SeatScore], event: Event) -> list[SeatScore]:
        """After the last round, a bye scores the player's average OP and SP of played games (004)."""
        if not event.is_finished:
            return scores
        played: dict[int, list[SeatScore]] = {}
        for row in scores:
            if row.opponents:
                played.setdefault(row.player_id, []).append(row)
        return [self._averaged_bye(row, played.get(row.player_id, [])) if row.is_bye else row for row in scores]

    @staticmethod
    def _averaged_bye(row: SeatScore, games: list[SeatScore]) -> SeatScore:
        if not games:
            return row
        values = dict(row.values)
        for key in ("op", "sp"):
            values[key] = sum((g.values[key] for g in games), Fraction(0)) / len(games)
        return SeatScore(row.round, row.player_id, row.opponents, values, row.outcome)

