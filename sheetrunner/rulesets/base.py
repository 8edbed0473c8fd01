"""What every ruleset declares, and the defaults most of them share.

A ruleset is a small class: its result columns, its options, how one game is
checked and scored, the default tiebreaker order, and which pairing engine
it uses. The workbook layer, validation, standings and the CLI read these
declarations and never name a ruleset.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from ..model.columns import BYES
from ..model.history import History
from ..model.event import (DISQUALIFICATION, MATCH_LOSS, POINT_DEDUCTION, WARNING, Event, Placing, Round, SeatScore,
                     Settings, Table)
from ..model.options import ALLOW_REMATCHES, Option, distinct
from ..pairing import Entrant, Pairing
from ..model.problems import Problem, warning
from ..scoring.standings import Standings, compute_standings
from ..scoring.tiebreakers import tiebreaker_options
from ..workbook.xlsx.sheetxml import SheetTable
from .parts import Layout, Locate



class Game:
    """One kind of play: its declarations, and how one game is checked and scored. Its layout is a `Layout`; the
    methods under "Pairer" and "Reports" are the parts a team event or a stage of the cut replaces
    (`composed.Ruleset`)."""

    name: str = ""
    title: str = ""
    source: str = ""
    layout: Layout = Layout()
    options: tuple[Option, ...] = ()  # the settings its scoring reads; `all_options` adds its tiebreakers' and engine's
    engine_options: tuple[Option, ...] = ()  # the settings its pairing engine reads
    tiebreakers: tuple[str, ...] = ()
    provides: frozenset[str] = frozenset()  # per-round values its scoring gives, for tiebreakers' `needs`
    extra_reports: dict[str, str] = {}  # the ruleset's own reports: template name -> title
    kit: tuple[str, ...] = ("pairings_by_table", "result_slips", "pairings_by_name")  # printed together, kit.pdf
    left_out_reports: tuple[str, ...] = ()  # shared reports that make no sense for it
    score_key: str = ""  # the standings column that makes score groups for pairing
    points_value: str = "mp"  # the per-round value head-to-head adds up
    final_order: tuple[str, ...] = ()  # a final game's values that order its players (multiplayer), best first
    final_adds: dict[str, str] = {}  # standings column -> the final game's value added to it (`Final decides: score`)
    penalty_kinds: tuple[str, ...] = (WARNING, POINT_DEDUCTION, DISQUALIFICATION)  # Penalties sheet kinds that fit
    deduct_from: str = ""  # the per-round value a point deduction comes off ("": the event score, see tiebreakers)
    main_score: str = ""  # the standings column a point deduction lowers and an added soft score raises

    @property
    def all_options(self) -> tuple[Option, ...]:
        """The ruleset's Event settings: its scoring's, then those of its tiebreakers and its engine, each declared
        once by the code that reads it (a setting two of them read, points for a win, is one row)."""
        return distinct(self.options + tiebreaker_options(self.tiebreakers) + self.engine_options)

    # Scoring: how one game is checked and scored.

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        """Problems that need the whole table (e.g. a draw with unequal centres)."""
        return []

    def complete_table(self, table: Table, settings: Settings, sheet: str, locate: Locate,
                       names: dict[int, str]) -> tuple[Table, list[Problem]]:
        """A table whose result was typed once (issue 31, `one_entry`): the table with the other row filled in
        from it, and the problems when the rows disagree. A ruleset whose one cell cannot say the whole game
        keeps the table as typed."""
        return table, []

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        """One `SeatScore` per seated player of a round whose results are in."""
        raise NotImplementedError

    def forced_result(self, score: SeatScore, outcome: str, settings: Settings) -> SeatScore:
        """A seat's round once a match loss decides its match: "loss" for the penalised player, "win" for the
        opponent (IPG, Definition of Penalties). Only rulesets listing `match loss` in `penalty_kinds`."""
        raise NotImplementedError

    def with_game_losses(self, round_: Round, losses: dict[int, int]) -> Round:
        """The round with each player's game losses (player -> count) counted as games their opponent won. Only
        rulesets that count games (`game loss` in `penalty_kinds`)."""
        return round_

    def finalize(self, scores: list[SeatScore], event: Event) -> list[SeatScore]:
        """Adjust scores once everything is known (e.g. 004's bye averages)."""
        return scores

    def rank(self, event: Event, scores: list[SeatScore], after_round: int) -> Standings:
        """Standings of the whole roster by the event's tiebreakers (pods override this)."""
        return compute_standings(event, scores, event.settings.tiebreakers, after_round,
                                 {"points_key": self.points_value}, main_score=self.main_score)

    def random_result(self, players: tuple[int, ...], rng: random.Random, strength: dict[int, float],
                      draw_rate: float) -> dict[int, dict[str, object]]:
        """A plausible result of one game for `simulate` between `players` (in seat order), by result column key
        for each player, each one's own dict: stronger players win more often, and a share `draw_rate` of games is
        drawn (or has no winner)."""
        raise NotImplementedError

    def check_players(self, players: list, sheet: str) -> list[Problem]:
        """Problems in the ruleset's own Players columns (e.g. pods filled for some players only)."""
        return []

    def final_seats(self, seeds: list[int], history: History) -> tuple[object, ...]:
        """The seats of a multiplayer final, in seed order: seed 1 in seat 1 (a TO who lets seeds choose swaps
        them by hand)."""
        return tuple(range(1, len(seeds) + 1))

    # Pairer (`parts.Pairer`): who plays and how they are paired; a team event replaces it.

    def default_rounds(self, player_count: int) -> int:
        """Rounds `init` writes when none are asked for: enough Swiss rounds to leave one player unbeaten
        (log2 of the field, at least 3), or 5 without a roster."""
        return max(3, math.ceil(math.log2(player_count))) if player_count else 5

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> Pairing:
        """The round's tables, byes and notes, from the standings it is paired on and who met whom."""
        raise NotImplementedError

    def idle_in(self, event: Event, round_number: int) -> set[int]:
        """Players with nothing to play in a round, who are neither seated nor missing it (a finished pod)."""
        return set()

    def sits_out_freely(self, event: Event, round_number: int) -> set[int]:
        """Players who may have no seat in a round without missing it, and who count as active in it (the Log
        records them): a team's players left out of its line-up."""
        return set()

    def missed_round(self, player_id: int, round_number: int) -> SeatScore:
        """A late entry's missed round: a loss with no opponent (§2), counted as a round played."""
        return SeatScore(round_number, player_id, (), {}, "loss")

    def settle(self, scores: list[SeatScore], event: Event) -> list[SeatScore]:
        """What the way players are seated adds once the game's scores are final: nothing (a team event's
        forfeited boards count as wins)."""
        return scores

    def check_event(self, event: Event, players_sheet: str, locate: Locate) -> list[Problem]:
        """Problems only the rounds played show (e.g. a player moved to another pod after its schedule was fixed,
        §2); `locate` names a Players cell from its column key and row."""
        return []

    def champion(self, event: Event) -> tuple[int, str] | None:
        """Who won the top cut when who plays decides it (a team event's team: its ID and name), or None: the
        players' bracket decides (`finals.placings`)."""
        return None

    def cut_placings(self, event: Event) -> list[Placing] | None:
        """The final places of a decided cut when who plays decides it (a team event's teams), or None: the
        players' places (`finals.placings`)."""
        return None

    def own_round_sheet(self, event: Event, number: int, pairing: Pairing, title: str) -> SheetTable | None:
        """A round sheet laid out by the ruleset itself (a team event's Team match column), or None: the usual."""
        return None

    # Reports (`parts.Reports`): what it prints; a team event and a stage of the cut replace it.

    def group_of(self, event: Event) -> dict[int, str]:
        """Each player's group when the ruleset plays in groups ("Pod A"), for the reports; else nothing."""
        return {}

    def report_extras(self, event: Event, paired_on: Standings, round_: Round) -> dict[str, object]:
        """What the ruleset's own reports show, by template variable (from the standings the round was paired on)."""
        return {}

    def standings_sheets(self, event: Event, after_round: int) -> list[SheetTable]:
        """Sheets written beside `Standings after RN` (a team event's team standings)."""
        return []

    def deciding_standings(self, event: Event) -> Standings | None:
        """The standings that name the winner once every round is played (a team event's team standings), or
        None: the players' own."""
        return None


def drawn_winner(players: tuple[int, ...], rng: random.Random, strength: dict[int, float],
                 draw_rate: float) -> int | None:
    """The winner of a two-player game (the stronger wins with the logistic chance of the difference), or None
    for a draw."""
    if rng.random() < draw_rate:
        return None
    first, second = players
    chance = 1 / (1 + math.exp(strength[second] - strength[first]))
    return first if rng.random() < chance else second


def finishing_order(players: tuple[int, ...], rng: random.Random, strength: dict[int, float]) -> list[int]:
    """A multiplayer game's finishing order, best first: strength plus Gumbel noise (the Plackett-Luce model)."""
    noise = {pid: -math.log(-math.log(rng.random() or 1e-12)) for pid in players}
    return sorted(players, key=lambda pid: -(strength[pid] + noise[pid]))


def all_or_none(players: list, key: str, header: str, hint: str, sheet: str) -> list[Problem]:
    """A Players column the ruleset fills itself when blank must be typed for everyone or for no one."""
    filled = [p for p in players if p.extra.get(key)]
    if not filled or len(filled) == len(players):
        return []
    return [Problem(sheet, p.name_cell, f"{p.name} has no {header} while other players have one.", hint)
            for p in players if not p.extra.get(key)]


class SwissPaired(Game):
    """A two-player ruleset paired by the Swiss engine on its score column (§5.1), with invited players' byes."""

    layout = Layout(player_columns=(BYES,))
    penalty_kinds = Game.penalty_kinds + (MATCH_LOSS,)
    engine_options = (ALLOW_REMATCHES,)

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> Pairing:
        """Invited players take their byes first; the engine pairs the rest, an odd one out getting the bye of
        the lowest-ranked player who has had none (an invited bye counts: it is a BYE row like any other). With
        every player on an invited bye the engine has nobody to pair, and pairs nobody."""
        from ..pairing.swiss import SwissEngine  # numpy loads only when a round is paired

        engine = SwissEngine(allow_rematches=bool(event.settings.option("allow_rematches")),
                             keep_teams_apart=teams_apart(event.settings, round_number))
        invited = invited_byes(event, round_number)
        entrants = tuple(entrant for entrant in entrants_in_order(event, standings, history, round_number,
                                                                  self.score_key) if entrant.id not in invited)
        return with_invited_byes(engine.pair(entrants, round_number), event, invited, round_number)

    def check_event(self, event: Event, players_sheet: str, locate: Locate) -> list[Problem]:
        return invited_bye_problems(event, players_sheet, locate)


def invited_byes(event: Event, round_number: int) -> list[int]:
    """Players whose byes before round 1 (`Byes` in Players, §2) reach this round: Byes = 2 is a bye in rounds 1
    and 2. Only players who play in the round: a player dropped before it has no bye to take."""
    return [player.id for player in event.players
            if (player.extra.get("byes") or 0) >= round_number and player.plays_in(round_number)]


def with_invited_byes(pairing: Pairing, event: Event, invited: list[int], round_number: int) -> Pairing:
    """The invited byes as BYE rows before the engine's own bye, each noted so the TO can explain it."""
    for pid in invited:
        pairing.note(pid, f"Invited: bye {round_number} of {event.player(pid).extra['byes']} before round 1 "
                          "(Byes in Players).")
    pairing.byes = invited + [pid for pid in pairing.byes if pid not in invited]
    return pairing


def invited_bye_problems(event: Event, sheet: str, locate: Locate) -> list[Problem]:
    """`Byes` counts rounds from round 1 (§2): no more than the event has, and only for a player there from
    round 1 (one with 2 byes need not come before round 3: the byes say so, not `Joined in`)."""
    problems: list[Problem] = []
    rounds = event.settings.rounds
    for player in event.players:
        byes, cell = player.extra.get("byes") or 0, locate("byes", player.row)
        if byes > rounds:
            problems.append(Problem(sheet, cell, f"{player.name} has {byes} byes, more than the event's {rounds} "
                                    f"rounds.", f"Byes count rounds from round 1: type at most {rounds}."))
        elif byes and player.joined_in > 1:
            problems.append(Problem(sheet, cell, f"{player.name} has {plural(byes, 'bye')} before round 1 but joins "
                                    f"in round {player.joined_in}.", "Clear Joined in: the byes cover the rounds "
                                    "before the player arrives. Or clear Byes for a late entry."))
        else:
            problems += seated_in_bye_rounds(event, player, byes, sheet, cell)
    return problems


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def seated_in_bye_rounds(event: Event, player, byes: int, sheet: str, cell: str) -> list[Problem]:
    """A player seated at a table in a round their byes cover (Byes typed after it was paired): the round sheet
    is the truth, so that game stands; a warning says so."""
    played = [round_.number for round_ in event.rounds
              if round_.number <= byes and player.id in round_.player_ids and player.id not in round_.byes]
    if not played:
        return []
    return [warning(sheet, cell, f"{player.name} has {plural(byes, 'bye')} but plays a game in round {played[0]}: "
                    "that round was paired before; its game stands.", "Clear Byes if they were typed by mistake; "
                    "byes from the next round on are given.")]


def seeded_order(player_ids: list[int], seed: int, salt: str) -> list[int]:
    """A shuffle fixed by the event's seed, e.g. for round 1's random pairing."""
    order = sorted(player_ids)
    random.Random(f"{seed}:{salt}").shuffle(order)
    return order


def entrants_in_order(event: Event, standings: Standings, history: History, round_number: int,
                      score_key: str) -> tuple[Entrant, ...]:
    """The players of a round as the engines see them, best first.

    Round 1 has no standings worth the name: its order is a seeded shuffle,
    which makes round 1 random (004) and the bye its lowest player.
    """
    playing = {p.id for p in event.players if p.plays_in(round_number)}
    if round_number == 1 or not event.rounds:
        order = seeded_order(list(playing), event.settings.seed, f"round {round_number}")
    else:
        order = [pid for pid in standings.order if pid in playing]
    players = event.players_by_id
    rows = {row.player.id: row.values for row in standings.rows}
    return tuple(
        Entrant(
            id=pid,
            score=rows[pid][score_key] if event.rounds else Fraction(0),  # it leads every ranking (`Tiebreakers`)
            team=players[pid].team,
            fixed_table=players[pid].fixed_table,
            had_bye=history.byes.get(pid, 0) > 0,
            last_table=history.last_table.get(pid),
            met=dict(history.met.get(pid, {})),
            meetings=dict(history.times.get(pid, {})),
        )
        for pid in order
    )


def teams_apart(settings: Settings, round_number: int) -> bool:
    rule = settings.option("keep_teams_apart")
    return rule == "always" or (rule == "round 1 only" and round_number == 1)
