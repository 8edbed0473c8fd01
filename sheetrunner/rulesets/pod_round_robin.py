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

A pod's schedule is fixed when it starts, by its members who play from round
1. 002 says nothing of late entries; a round robin can take one only where
its circle has a free place, so a late entry (`Joined in` after round 1)
takes the bye place of an odd pod: the first odd pod without one, unless its
Pod is typed. The rounds before are losses with no opponent (§2), and the
others' schedule does not change. A late entry for a pod with no free place
is refused with the reason.

The rounds played are the schedule's memory (§2): a player whose Pod differs
from the pod they played in is an error at their Pod cell; a round changed by
hand is made up for by rearranging the rounds left so every pair still meets
once, or, when no arrangement can, the fixed schedule goes on with its repeat
meetings noted and the pairs that will never meet warned about (`pod_memory.py`).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations

from ..model.columns import Column
from ..model.history import History
from ..model.event import MATCH_LOSS, Event, Player, Round, SeatScore, Settings, Table
from ..model.options import Option
from ..pairing import Entrant, Pairing, PairingImpossible
from ..pairing.tables import assign_tables
from ..model.problems import Problem, warning
from ..scoring.standings import Standings, StandingsRow, compute_standings
from .base import Locate, Game, all_or_none
from .parts import Layout
from .pod_memory import lost_meetings, moved_players
from .pod_schedule import NO_ROOM_HINT, Plan, compute_pods, no_room, plan_pod, pod_schedule
from .win_loss_draw import (ENTRY_NOTE, RESULT, WINNER_NAMES, check_results_agree, complete_results,
                            random_win_loss_draw, score_results)

POD = Column("pod", "Pod", ("Group", "Pool"), hint="Type the pod's name; players with the same Pod play each other.",
             width=8)
POINTS = {"win": 3, "loss": 0, "draw": 1, "bye": 3}  # a bye counts as a win (002's "w(b)")
VALUES = {outcome: {"mp": Fraction(points)} for outcome, points in POINTS.items()}  # each seat copies its own
UNFINISHED_ONLY = ("opponents_win_pct", "opponents_opponents_win_pct")


class PodRoundRobin(Game):
    name = "pod-round-robin"
    title = "Round-robin pods ranked by match points, opponents' win % and win resistance"
    source = "002"
    layout = Layout(
        result_columns=(RESULT,),
        player_columns=(POD,),
        winner_names=WINNER_NAMES,
        entry_note=ENTRY_NOTE,
    )
    options = (
        Option("pod_size", "Pod size", 8, "Players per pod when the Pod column is left blank (split evenly).",
               minimum=2),
    )
    tiebreakers = ("match_points", "opponents_win_pct", "win_resistance", "opponents_opponents_win_pct",
                   "win_resistance_resistance", "random")
    provides = frozenset({"mp"})
    score_key = "match_points"
    penalty_kinds = Game.penalty_kinds + (MATCH_LOSS,)
    deduct_from = "mp"
    main_score = "match_points"

    def default_rounds(self, player_count: int) -> int:
        """A full round robin of the largest pod the default size makes (its size when odd, one less when even);
        a smaller pod finishes earlier and its players wait."""
        size = math.ceil(player_count / max(1, math.ceil(player_count / 8))) if player_count else 8
        return size if size % 2 else size - 1

    def check_players(self, players: list[Player], sheet: str) -> list[Problem]:
        """Pods are typed for every starting player or none; a late entry may be left for sheetrunner to place."""
        return all_or_none([p for p in players if p.joined_in == 1], "pod", "Pod", "Fill in every player's Pod, or "
                           "clear the whole column to have pods made evenly (a player who joins after round 1 is "
                           "given a free place by itself).", sheet)

    def check_table(self, table: Table, settings: Settings, sheet: str, locate: Locate) -> list[Problem]:
        return check_results_agree(table, sheet, locate)

    def idle_in(self, event: Event, round_number: int) -> set[int]:
        """Players of a pod whose round robin is already over: a smaller pod finishes first, and waits."""
        pods = self.pods(event)
        return {pid for pod, length in schedule_lengths(event, pods).items() if round_number > length
                for pid in pods[pod]}

    def check_event(self, event: Event, players_sheet: str, locate: Locate) -> list[Problem]:
        """§2: a player moved to another pod after the schedule was fixed is an error at their Pod cell; a pod
        whose round robin can no longer be completed (a hand edit) is a warning naming the pairs lost; so is a late
        entry in a pod with no free place, at their Pod cell, and Rounds beyond every pod's round robin, at its."""
        pods = self.pods(event)
        moved = moved_players(event, players_sheet, locate)  # the rest only without one: the pods typed are wrong
        later = moved or rounds_beyond(event, pods) + [problem for pod, members in pods.items()
                                                       for problem in lost_meetings(event, pod, members)]
        return late_entries_without_room(event, pods, players_sheet, locate) + later

    random_result = staticmethod(random_win_loss_draw)

    def complete_table(self, table: Table, settings: Settings, sheet: str, locate: Locate,
                       names: dict[int, str]) -> tuple[Table, list[Problem]]:
        return complete_results(self, table, settings, sheet, locate, names)  # one entry per match (issue 31)

    def score_round(self, round_: Round, settings: Settings) -> list[SeatScore]:
        return score_results(round_, VALUES)

    def forced_result(self, score: SeatScore, outcome: str, settings: Settings) -> SeatScore:
        """A match loss scores as an L for the penalised player and a W for the opponent (002's match points)."""
        values = {**score.values, "mp": Fraction(POINTS[outcome])}
        return SeatScore(score.round, score.player_id, score.opponents, values, outcome)

    pods = staticmethod(compute_pods)

    def group_of(self, event: Event) -> dict[int, str]:
        return {pid: f"Pod {pod}" for pod, members in self.pods(event).items() for pid in members}

    def rank(self, event: Event, scores: list[SeatScore], after_round: int) -> Standings:
        """Standings inside each pod (002's steps), with each player's overall rank beside."""
        keys = event.settings.tiebreakers
        overall = compute_standings(event, scores, keys, after_round, main_score=self.main_score)
        overall_rank = {row.player.id: row.rank for row in overall.rows}
        everyone = {row.player.id: row for row in overall.rows}
        met = {frozenset((s.player_id, o)) for s in scores for o in s.opponents}
        rows: list[StandingsRow] = []
        for pod, members in self.pods(event).items():
            finished = all(frozenset(pair) in met for pair in combinations(members, 2))
            used = tuple(k for k in keys if not (finished and k in UNFINISHED_ONLY))
            roster = tuple(p for p in event.players if p.id in members)
            for row in compute_standings(event, scores, used, after_round, players=roster,
                                         main_score=self.main_score).rows:
                values = {**everyone[row.player.id].values, **row.values}
                rows.append(StandingsRow(row.rank, row.shared, row.player, values, row.dropped, pod,
                                         overall_rank[row.player.id]))
        return Standings(after_round, overall.tiebreakers, tuple(rows), group_label="Pod")

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> Pairing:
        """Round `round_number` of every pod's plan; a scheduled opponent who is not playing gives a bye."""
        players = event.players_by_id
        pods = self.pods(event)
        plans = {pod: plan_pod(event, pod, members, round_number) for pod, members in pods.items()}
        longest = max((plan.length for plan in plans.values()), default=0)
        if round_number > longest:
            raise PairingImpossible(rounds_over(longest, event.settings.rounds),
                                    ("Event", event.settings.cells.get("rounds", "")))
        pairing = Pairing(tables=[], byes=[])
        games: list[tuple[int, ...]] = []
        for pod, plan in plans.items():
            if plan.rounds:  # else a smaller pod has finished: its players wait (`idle_in`)
                games += self._pod_round(pod, pods[pod], plan, players, history, round_number, pairing)
        entrants = {pid: Entrant(pid, Fraction(0), fixed_table=players[pid].fixed_table,
                                 last_table=history.last_table.get(pid)) for pid in players}
        pairing.tables = assign_tables(games, entrants, pairing)
        pairing.player_updates = {pid: {"Pod": pod} for pod, members in pods.items() for pid in members
                                  if not players[pid].extra.get("pod")}
        return pairing

    @staticmethod
    def _pod_round(pod: str, members: list[int], plan: Plan, players: dict[int, Player], history: History,
                   round_number: int, pairing: Pairing) -> list[tuple[int, int]]:
        """One pod's games of the round (its byes go into `pairing`), a repeat meeting noted on both seats (§5:
        every compromise is written beside the seats it affects); everyone of the pod who plays is placed once."""
        games, byes = [], []
        for first, second in plan.rounds[0]:
            present = [pid for pid in (first, second) if pid is not None and players[pid].plays_in(round_number)]
            if len(present) < 2:
                byes.extend(present)
                continue
            games.append((first, second))
            met = history.met.get(first, {}).get(second)
            if met is not None:
                for pid, other in ((first, second), (second, first)):
                    pairing.note(pid, f"Meets {players[other].name} again (they met in round {met}, a round changed "
                                 "by hand): the fixed schedule pairs them now, and the rounds left cannot be "
                                 "rearranged so that every pair meets once.")
        active = [pid for pid in members if players[pid].plays_in(round_number)]
        check_everyone_placed(pod, round_number, active, games, byes, players)
        pairing.byes.extend(byes)
        return games


def late_entries_without_room(event: Event, pods: dict[str, list[int]], sheet: str, locate: Locate) -> list[Problem]:
    """A warning at the Pod cell of each late entry whose pod has no free place for them (`no_room`), before the
    round they join is refused by `pair`."""
    found = []
    for pod, members in pods.items():
        late = [player for player in map(event.player, members) if player.joined_in > 1]
        crowded = no_room(pod, len(members) - len(late), len(late))
        found += [warning(sheet, locate("pod", player.row), f"{player.name} joins in round {player.joined_in}, but "
                          f"{crowded[0].lower()}{crowded[1:]}", NO_ROOM_HINT)
                  for player in late if crowded]
    return found


def check_everyone_placed(pod: str, round_number: int, active: list[int], games: list[tuple[int, int]],
                          byes: list[int], players: dict[int, Player]) -> None:
    """§5.3: in every round a pod plays, each of its players who plays is seated once or has the bye; a plan
    that would leave someone out (or seat them twice) is refused rather than written."""
    placed = Counter([pid for game in games for pid in game] + byes)
    left_out = [players[pid].name for pid in active if placed[pid] == 0]
    twice = [players[pid].name for pid, count in placed.items() if count > 1]
    if left_out or twice or set(placed) - set(active):
        what = (f"leaves out {', '.join(left_out)}" if left_out else
                f"seats {', '.join(twice)} twice" if twice else "seats a player who is not in the pod")
        raise PairingImpossible(f"Pod {pod}'s schedule for round {round_number} {what}; sheetrunner writes no round "
                                "that does not seat every player of a pod once.")


def schedule_lengths(event: Event, pods: dict[str, list[int]]) -> dict[str, int]:
    """Each pod's rounds of round robin; a pod whose schedule cannot be made is left out (said when paired)."""
    joined = {player.id: player.joined_in for player in event.players}
    lengths = {}
    for pod, members in pods.items():
        try:
            lengths[pod] = len(pod_schedule(pod, members, joined, event.settings.seed))
        except PairingImpossible:
            pass
    return lengths


def rounds_over(longest: int, rounds: int) -> str:
    """What `check` warns and `pair` refuses when Rounds asks for more than the pods play."""
    return (f"Rounds is {rounds}, but every pod's round robin is over after {longest} round{'s' if longest > 1 else ''}"
            f": round {longest + 1} cannot be paired.")


def rounds_beyond(event: Event, pods: dict[str, list[int]]) -> list[Problem]:
    """A warning at Rounds while it asks for more rounds than the longest pod's round robin has (`init` writes
    that many; a TO who typed more would find the last rounds refused)."""
    longest = max(schedule_lengths(event, pods).values(), default=0)
    if not longest or event.settings.rounds <= longest:
        return []
    return [warning("Event", event.settings.cells.get("rounds", ""), rounds_over(longest, event.settings.rounds),
                    f"Type {longest} in Rounds.")]
