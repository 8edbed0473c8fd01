"""Round-robin schedules by the circle method (SPEC §5.3).

The first player stays put while the others turn one place a round; with an
odd count an empty place joins the circle, and whoever faces it has the bye.
Everyone meets everyone exactly once, and in an odd pod everyone has exactly
one bye. The order around the circle is a seeded shuffle, so the whole
schedule is fixed by the event's seed.
"""

from __future__ import annotations

from typing import Sequence, cast

Pair = tuple[int, int | None]  # (player, opponent) or (player, None) for a bye


def circle_schedule(players: Sequence[int]) -> list[list[Pair]]:
    """Every round of a single round robin: `len(players)` rounds when odd, one fewer when even."""
    circle: list[int | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    size = len(circle)
    rounds = []
    for _ in range(size - 1):
        pairs: list[Pair] = []
        for index in range(size // 2):
            first, second = circle[index], circle[size - 1 - index]
            if first is None:
                first, second = second, None
            assert first is not None  # one place of the circle at most is empty
            pairs.append((first, second))
        rounds.append(sorted(pairs, key=lambda pair: pair[1] is None))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


Meeting = frozenset  # two places of a circle: two players, or a player and the empty place (None: the bye)
REPAIR_BUDGET = 200_000  # partners tried before a repair gives up (a pod of 8 needs a few hundred)


def meetings_of(rounds: Sequence[Sequence[Pair]]) -> set[Meeting]:
    """Every meeting of some rounds of a circle, a bye as a player's meeting with the empty place."""
    return {Meeting(pair) for round_ in rounds for pair in round_}


def used_in_round(scheduled: Sequence[Pair], games: set[Meeting], seated: set[int]) -> set[Meeting]:
    """The meetings a played round used up (§5.3: each pair meets once): the games it had between places of
    the circle, and of the places left over the scheduled pairs that could not be played (the empty place,
    or a player not seated: a late entry, a drop). A bye the TO gave to another player uses that player's
    meeting with the empty place."""
    places = {place for pair in scheduled for place in pair}
    used = {game for game in games if game <= places}
    left = places - {pid for game in used for pid in game}
    for first, second in scheduled:
        if first in left and second in left and (None in (first, second) or not {first, second} <= seated):
            used.add(Meeting((first, second)))
            left -= {first, second}
    if None in left and len(left) == 2:
        used.add(Meeting(left))
    return used


def complete_schedule(schedule: Sequence[Sequence[Pair]], remaining: set[Meeting],
                      start: int) -> list[list[Pair]] | None:
    """Rounds `start`… (1-based) rearranged so that each meeting in `remaining` happens exactly once, keeping
    the fixed schedule's pairs where it can; None when no arrangement is found. A hand-edited round leaves
    meetings the fixed rounds no longer fit (§5.3: everyone meets everyone once)."""
    places = [place for pair in schedule[0] for place in pair]
    count = len(schedule) - start + 1
    if count <= 0 or any(sum(1 for m in remaining if place in m) != count for place in places):
        return None  # a place with more meetings left than rounds (a hand-made rematch) cannot be made up
    partners = {place: [other for other in places if Meeting((place, other)) in remaining] for place in places}
    preferred = [dict(pair for p in round_ for pair in (p, p[::-1])) for round_ in schedule[start - 1:]]
    rounds: list[list[Pair]] = []
    budget = [REPAIR_BUDGET]

    def fill(left: set[Meeting], round_: list[Pair], free: list[int | None]) -> bool:
        if not free:
            rounds.append(sorted(round_, key=lambda pair: pair[1] is None))
            if len(rounds) == count or fill(left, [], places):
                return True
            rounds.pop()
            return False
        place, wish = free[0], preferred[len(rounds)].get(free[0])
        for other in sorted(partners[place], key=lambda o: o != wish):
            meeting = Meeting((place, other))
            if other not in free or meeting not in left or budget[0] <= 0:
                continue
            budget[0] -= 1
            pair: Pair = (place, other) if place is not None else (cast(int, other), None)  # other: not empty too
            if fill(left - {meeting}, round_ + [pair], [p for p in free[1:] if p != other]):
                return True
        return False

    return rounds if fill(set(remaining), [], places) else None
