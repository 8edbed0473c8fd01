"""pod-round-robin: everyone in a pod plays everyone else once (source 002).

Results are W, L or D per seat: a win is worth 3 match points, a draw 1, a
loss 0, and a bye counts as a win (002's "w(b)"). Ranking inside each pod
follows 002's steps: match points; opponents' win % (each opponent at least
33%), only while the round robin is unfinished; win resistance; opponents'
opponents' win %, only while unfinished; win resistance resistance; a seeded
draw. 002's step 5 says "as calculated in step 2" but means the win
resistance of step 3, which is what is used here.

Pods come from the `Pod` column of Players, or, when it is blank for
everyone, are split evenly by the `Pod size` option at round 1 and written
into that column so they never change afterwards.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations
from string import ascii_uppercase

from ..columns import Column
from ..history import History
from ..model import Event, Player, Round, SeatScore, Settings, Table
from ..options import Option
from ..pairing import Entrant, Pairing, PairingImpossible
from ..pairing.round_robin import circle_schedule
from ..pairing.tables import assign_tables
from ..problems import Problem
from ..standings import Standings, StandingsRow, compute_standings
from .base import Locate, Ruleset, all_or_none, seeded_order
from .win_loss_draw import RESULT, check_results_agree, score_results

POD = Column("pod", "Pod", ("Group", "Pool"), hint="Type the pod's name; players with the same Pod play each other.",
             width=8)
POINTS = {"win": 3, "loss": 0, "draw": 1, "bye": 3}  # a bye counts as a win (002's "w(b)")
UNFINISHED_ONLY = ("opponents_win_pct", "opponents_opponents_win_pct")


class PodRoundRobin(Ruleset):
    name = "pod-round-robin"
    title = "Round-robin pods ranked by match points, opponents' win % and win resistance"
    source = "002"
    result_columns = (RESULT,)
    player_columns = (POD,)
    options = (
        Option("pod_size", "Pod size", 8, "Players per pod when the Pod column is left blank (split evenly).",
               minimum=2),
        Option("win_pct_floor", "Win % floor", Fraction(33, 100), "Least win % an opponent counts for in OWP "
               "(002: 33%).", kind="number"),
    )
    tiebreakers = ("match_points", "opponents_win_pct", "win_resistance", "opponents_opponents_win_pct",
                   "win_resistance_resistance", "random")
    provides = frozenset({"mp"})
    score_key = "match_points"

    def default_rounds(self, player_count: int) -> int:
        """A full round robin of the largest pod the default size makes (its size when odd, one less when even)."""
        size = math.ceil(player_count / max(1, math.ceil(player_count / 8))) if player_count else 8
        return size if size % 2 else size - 1

    def check_players(self, players: list[Player], sheet: str) -> list[Problem]:
        return all_or_none(players, "pod", "Pod", "Fill in every player's Pod, or clear the whole column to have "
                           "pods made evenly.", sheet)

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        return check_results_agree(table, sheet, locate)

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        return score_results(round_, lambda outcome: {"mp": Fraction(POINTS[outcome])})

    def pods(self, event: Event) -> dict[str, list[int]]:
        """Pod name -> player IDs: from the Pod column, or split evenly in seeded order."""
        named: dict[str, list[int]] = {}
        for player in event.players:
            if player.extra.get("pod"):
                named.setdefault(str(player.extra["pod"]), []).append(player.id)
        if named:
            return dict(sorted(named.items()))
        order = seeded_order([p.id for p in event.players], event.settings.seed, "pods")
        count = max(1, math.ceil(len(order) / event.settings.option("pod_size")))
        return {pod_name(i): order[i::count] for i in range(count)}

    def rank(self, event: Event, scores: list[SeatScore], after_round: int) -> Standings:
        """Standings inside each pod (002's steps), with each player's overall rank beside."""
        keys = event.settings.tiebreakers
        overall = compute_standings(event, scores, keys, after_round)
        overall_rank = {row.player.id: row.rank for row in overall.rows}
        everyone = {row.player.id: row for row in overall.rows}
        met = {frozenset((s.player_id, o)) for s in scores for o in s.opponents}
        rows: list[StandingsRow] = []
        for pod, members in self.pods(event).items():
            finished = all(frozenset(pair) in met for pair in combinations(members, 2))
            used = tuple(k for k in keys if not (finished and k in UNFINISHED_ONLY))
            roster = tuple(p for p in event.players if p.id in members)
            for row in compute_standings(event, scores, used, after_round, players=roster).rows:
                values = {**everyone[row.player.id].values, **row.values}
                rows.append(StandingsRow(row.rank, row.shared, row.player, values, row.dropped, pod,
                                         overall_rank[row.player.id]))
        return Standings(after_round, overall.tiebreakers, tuple(rows), group_label="Pod")

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> Pairing:
        """Round `round_number` of every pod's circle; a scheduled opponent who is not playing gives a bye."""
        players = event.players_by_id
        pods = self.pods(event)
        games, byes = [], []
        for pod, members in pods.items():
            schedule = circle_schedule(seeded_order(members, event.settings.seed, f"pod {pod}"))
            if round_number > len(schedule):
                raise PairingImpossible(f"Pod {pod} has {len(members)} players, so its round robin is over after "
                                        f"{len(schedule)} rounds; Rounds in the Event sheet asks for more.")
            for first, second in schedule[round_number - 1]:
                present = [pid for pid in (first, second) if pid is not None and players[pid].plays_in(round_number)]
                if len(present) == 2:
                    games.append(tuple(present))
                else:
                    byes.extend(present)
        entrants = {pid: Entrant(pid, Fraction(0), fixed_table=players[pid].fixed_table,
                                 last_table=history.last_table.get(pid)) for pid in players}
        pairing = Pairing(tables=[], byes=byes)
        pairing.tables = assign_tables(games, entrants, pairing)
        if not any(p.extra.get("pod") for p in event.players):
            pairing.player_updates = {pid: {"Pod": pod} for pod, members in pods.items() for pid in members}
        return pairing


def pod_name(index: int) -> str:
    """A, B, …, Z, then AA, AB, …"""
    return ascii_uppercase[index] if index < 26 else pod_name(index // 26 - 1) + ascii_uppercase[index % 26]
