"""Round-robin schedules by the circle method (SPEC §5.3).

The first player stays put while the others turn one place a round; with an
odd count an empty place joins the circle, and whoever faces it has the bye.
Everyone meets everyone exactly once, and in an odd pod everyone has exactly
one bye. The order around the circle is a seeded shuffle, so the whole
schedule is fixed by the event's seed.
"""

from __future__ import annotations

from typing import Sequence

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
            pairs.append((first, second))
        rounds.append(sorted(pairs, key=lambda pair: pair[1] is None))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds
