"""pod-round-robin's pods and their schedules (§5.3): who is in which pod, each pod's circle, and the rounds left
of it once the rounds played are read. The ruleset (`pod_round_robin`) pairs and ranks by them, and its memory
(`pod_memory`) checks the rounds played against them; both build on this module.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from string import ascii_uppercase

from ..model.event import Event, Round
from ..pairing import PairingImpossible
from ..pairing.round_robin import Meeting, circle_schedule, complete_schedule, meetings_of, used_in_round
from .base import seeded_order


@dataclass
class Plan:
    """A pod's rounds from the one being paired on, and whether they still make a whole round robin."""

    length: int  # rounds in the pod's round robin
    rounds: list  # the rounds left, from the one being paired (empty once the pod has finished)
    broken: bool  # the rounds played leave meetings no arrangement of the rounds left makes up (a hand edit)
    schedule: list = field(default_factory=list)  # the fixed schedule, every round


def played_meetings(round_: Round) -> set[Meeting]:
    """The games of a round sheet as meetings (the sheet is the truth, hand edits included)."""
    return {Meeting(table.player_ids) for table in round_.games if len(table.player_ids) == 2}


def compute_pods(event: Event) -> dict[str, list[int]]:
    """Pod name -> player IDs, starting players first: from the Pod column, or split evenly in seeded order;
    late entries without a Pod take the free place of an odd pod."""
    starting = [p for p in event.players if p.joined_in == 1]
    pods: dict[str, list[int]] = {}
    for player in sorted(event.players, key=lambda p: (p.joined_in > 1, p.id)):
        if player.extra.get("pod"):
            pods.setdefault(str(player.extra["pod"]), []).append(player.id)
    if not any(p.extra.get("pod") for p in starting):
        order = seeded_order([p.id for p in starting], event.settings.seed, "pods")
        count = max(1, math.ceil(len(order) / event.settings.option("pod_size")))
        pods = {pod_name(i): order[i::count] + pods.get(pod_name(i), []) for i in range(count)}
    pods = dict(sorted(pods.items()))
    for player in event.players:
        if player.joined_in > 1 and not player.extra.get("pod"):
            pods[free_place(event, pods)].append(player.id)
    return pods


def free_place(event: Event, pods: dict[str, list[int]]) -> str:
    """The first pod whose circle still has its bye place free: odd at the start, no late entry yet (else the
    last pod, whose schedule then refuses it with the reason when the round is paired)."""
    joined = {p.id: p.joined_in for p in event.players}
    for pod, members in pods.items():
        if sum(1 for pid in members if joined[pid] == 1) % 2 and all(joined[pid] == 1 for pid in members):
            return pod
    return list(pods)[-1]


def plan_pod(event: Event, pod: str, members: list[int], round_number: int) -> Plan:
    """The pod's rounds from `round_number` on: the fixed schedule (§5.3) while the rounds played follow it;
    after a hand edit, the rounds left rearranged so that every pair still meets once, or the fixed ones
    when no arrangement does (their repeat meetings are then noted, and `check` names the pairs lost)."""
    joined = {p.id: p.joined_in for p in event.players}
    schedule = pod_schedule(pod, members, joined, event.settings.seed)
    if round_number > len(schedule):
        return Plan(len(schedule), [], False)
    used: set = set()
    for round_ in event.rounds[:round_number - 1]:
        if round_.number <= len(schedule):
            used |= used_in_round(schedule[round_.number - 1], played_meetings(round_), set(round_.player_ids))
    remaining = meetings_of(schedule) - used
    fixed = schedule[round_number - 1:]
    if remaining == meetings_of(fixed):
        return Plan(len(schedule), fixed, False)
    repaired = complete_schedule(schedule, remaining, round_number)
    return Plan(len(schedule), repaired or fixed, repaired is None, schedule)


def pod_schedule(pod: str, members: list[int], joined: dict[int, int], seed: int) -> list[list]:
    """The pod's circle: its starting members in seeded order, then a late entry in the bye place."""
    starting = [pid for pid in members if joined[pid] == 1]
    late = [pid for pid in members if joined[pid] > 1]
    crowded = no_room(pod, len(starting), len(late))
    if crowded:
        raise PairingImpossible(f"{crowded} {NO_ROOM_HINT}")
    return circle_schedule(seeded_order(starting, seed, f"pod {pod}") + late)


def no_room(pod: str, starting: int, late: int) -> str:
    """Why the pod's circle cannot take its late entries ("" when it can): only an odd pod has a free place, the
    bye place, and only one. `check` warns of it at the late entries' Pod cells; `pair` refuses the round."""
    if not late or (starting % 2 and late == 1):
        return ""
    room = "one free place" if starting % 2 else "no free place"
    return (f"Pod {pod} started with {starting} players, so it has {room} for {late} late "
            f"entr{'y' if late == 1 else 'ies'}: a round robin's schedule is fixed when it starts.")


NO_ROOM_HINT = ("Type under Pod a pod that started with an odd number of players and has no late entry yet, or "
                "remove the late entry.")


def pod_name(index: int) -> str:
    """A, B, …, Z, then AA, AB, …"""
    return ascii_uppercase[index] if index < 26 else pod_name(index // 26 - 1) + ascii_uppercase[index % 26]
