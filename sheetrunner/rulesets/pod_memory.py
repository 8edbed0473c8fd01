"""pod-round-robin's memory (§2): the rounds played say who was in which pod and who has met whom.

A player whose Pod differs from the pod they played in is an error at their Pod cell, unless the rounds played
could come from the new pods (a whole pod renamed); a round changed by hand is made up for by the rounds left,
and the pairs the fixed schedule can no longer bring together are warned about.
"""

from __future__ import annotations

from collections import Counter

from ..model.event import Event, Round, Table
from ..pairing import PairingImpossible
from ..pairing.round_robin import Meeting, meetings_of
from ..model.problems import Problem, warning
from .base import Locate
from .pod_schedule import compute_pods, plan_pod, played_meetings, pod_schedule


def opponents_played(event: Event) -> dict[int, dict[int, int]]:
    """Each player's opponents in rounds with results, by the round they first met: the schedule put them in
    one pod (a round with no result yet can still be paired again with `--redo`)."""
    met: dict[int, dict[int, int]] = {}
    for round_ in event.rounds:
        if round_.has_any_result:
            for table in round_.games:
                for pid in table.player_ids:
                    for other in table.opponents_of(pid):
                        met.setdefault(pid, {}).setdefault(other, round_.number)
    return met


def groups_played(met: dict[int, dict[int, int]]) -> list[list[int]]:
    """Players linked by games played: each group was one pod when the schedule was made."""
    seen: set[int] = set()
    groups = []
    for start in sorted(met):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            pid = stack.pop()
            group.append(pid)
            for other in met.get(pid, {}):
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        groups.append(sorted(group))
    return groups


def moved_players(event: Event, sheet: str, locate: Locate) -> list[Problem]:
    """Players whose Pod differs from the pod they played in (§2: a player moved after the schedule was fixed
    is an error naming the cell): the pod of most of the players they are linked with by games, or, on a tie,
    the one whose fixed schedule gives the games played."""
    pods = compute_pods(event)
    pod_of = {pid: pod for pod, members in pods.items() for pid in members}
    met = opponents_played(event)
    problems = []
    for group in groups_played(met):
        counts = Counter(pod_of[pid] for pid in group if pid in pod_of)
        if len(counts) < 2:
            continue
        home = home_pod(event, pods, group, counts)
        problems += [moved_problem(event, sheet, locate, pid, home, pod_of, met) for pid in group
                     if pid in pod_of and pod_of[pid] != home]
    return problems


def home_pod(event: Event, pods: dict[str, list[int]], group: list[int], counts: Counter) -> str | None:
    """The pod a group of players who played each other was scheduled in, or None when the workbook cannot tell
    (two pods hold as many of them, and both or neither of them reproduces the games played)."""
    most = max(counts.values())
    tied = sorted(pod for pod, count in counts.items() if count == most)
    if len(tied) == 1:
        return tied[0]
    fitting = [pod for pod in tied if reproduces(event, pods, group, pod)]
    return fitting[0] if len(fitting) == 1 else None


def reproduces(event: Event, pods: dict[str, list[int]], group: list[int], home: str) -> bool:
    """Whether the pods with `group` put back in `home` have fixed schedules that give the games played."""
    moved = {pod: [pid for pid in members if pid not in group] for pod, members in pods.items()}
    joined = {p.id: p.joined_in for p in event.players}
    moved[home] = moved[home] + group  # (in any order: `pod_schedule` seeds the starters' order, one late entry)
    touched = {home} | {pod for pod, members in pods.items() if set(members) & set(group)}
    for pod in touched:
        members = set(moved[pod])
        try:
            schedule = pod_schedule(pod, moved[pod], joined, event.settings.seed)
        except PairingImpossible:
            return False
        for round_ in event.rounds[:len(schedule)]:
            played = {game for game in played_meetings(round_) if game & members}
            seated = set(round_.player_ids)
            planned = {Meeting(pair) for pair in schedule[round_.number - 1] if set(pair) <= seated}
            if round_.has_any_result and played != planned:
                return False
    return True


def moved_problem(event: Event, sheet: str, locate: Locate, pid: int, home: str | None, pod_of: dict[int, str],
                  met: dict[int, dict[int, int]]) -> Problem:
    """The error at a moved player's Pod cell: where they played, whom, and what to type."""
    player = event.player(pid)
    cell = locate("pod", player.row)
    others = sorted(met[pid], key=lambda other: (met[pid][other], other))
    if home is None:
        elsewhere = [o for o in others if pod_of[o] != pod_of[pid]]
        return Problem(sheet, cell, f"{player.name} is in pod {pod_of[pid]} but played {names(event, elsewhere)} "
                       f"of pod {pod_of[elsewhere[0]]}: players were moved to another pod after the schedule was "
                       "fixed.", "Put the players who played each other back in one pod: a pod's round robin is "
                       "fixed when it starts.")
    action = f"Change it back to {home}" if player.extra.get("pod") else f"Type {home} as their Pod"
    return Problem(sheet, cell, f"{player.name} was moved from pod {home} to {pod_of[pid]} after the schedule was "
                   f"fixed (they played {names(event, [o for o in others if pod_of[o] == home])} of pod {home}).",
                   f"{action}: a pod's round robin is fixed when it starts.")


def names(event: Event, player_ids: list[int]) -> str:
    """Players' names as a sentence lists them."""
    return names_text([event.player(pid).name for pid in player_ids])


def lost_meetings(event: Event, pod: str, members: list[int]) -> list[Problem]:
    """A warning while a pod's round robin can no longer be completed (§5.3): the scheduled pairs that did not
    meet in their round, with both players there, and that no round left makes up, named with the rounds and
    tables changed by hand."""
    try:
        plan = plan_pod(event, pod, members, len(event.rounds) + 1)
    except PairingImpossible:
        return []  # said when the round is paired
    if not plan.broken and plan.rounds:
        return []
    schedule = plan.schedule or pod_schedule(pod, members, {p.id: p.joined_in for p in event.players},
                                             event.settings.seed)
    met = {game for round_ in event.rounds for game in played_meetings(round_)}
    later = meetings_of(plan.rounds)
    lost: dict[int, list[tuple[int, int]]] = {}
    for round_ in event.rounds[:len(schedule)]:
        seated = set(round_.player_ids)
        for first, second in schedule[round_.number - 1]:
            pair = Meeting((first, second))
            if None not in pair and pair <= seated and pair not in met and pair not in later:
                lost.setdefault(round_.number, []).append((first, second))
    return [lost_warning(event, pod, lost)] if lost else []


def lost_warning(event: Event, pod: str, lost: dict[int, list[tuple[int, int]]]) -> Problem:
    """One warning per pod, at the first round changed by hand: the pairs lost and the tables they sat at (always
    two or more: the two of a pair that did not meet sat at two tables)."""
    rounds = {round_.number: round_ for round_ in event.rounds}
    pairs = ", ".join(names(event, list(pair)) for number in sorted(lost) for pair in lost[number])
    changed = []
    for number in sorted(lost):
        labels = sorted({str(seated_at(rounds[number], pid).number) for pair in lost[number] for pid in pair})
        changed.append(f"{number} (tables {names_text(labels)})")
    which = f"round {changed[0]} was" if len(changed) == 1 else f"rounds {names_text(changed)} were"
    first = rounds[min(lost)]
    row = min(seat.row for pair in lost[min(lost)] for pid in pair for seat in seated_at(first, pid).seats
              if seat.player_id == pid)
    return warning(first.sheet, f"A{row}", f"Pod {pod}'s round robin can no longer be completed: {pairs} never "
                   f"meet, because {which} changed by hand and the rounds left cannot be rearranged to make up for "
                   "it.", "If the round has no results yet, `pair --redo` pairs it again as scheduled; otherwise "
                   "these games are not played, and opponents' win % counts to the end.")


def seated_at(round_: Round, player_id: int) -> Table:
    """The table of a player of a lost meeting: `lost_meetings` counts a meeting lost only when both sat in it."""
    table = round_.table_of(player_id)
    assert table is not None, f"player {player_id} has no seat in {round_.sheet}"
    return table


def names_text(items: list[str]) -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cat"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
