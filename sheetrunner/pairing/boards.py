"""Diplomacy boards: who sits out, who shares a board, who plays which power (SPEC §5.5).

Players beyond a multiple of seven sit out: volunteers for the round first,
then a seeded draw among those who have sat out least. The others are seated
on boards of seven by the pods engine (repeat opponents, a recent meeting
weighing more, are avoided first), starting from a seeded shuffle so boards
are random. On each board the powers are an assignment problem solved
exactly: nobody plays a power again while another is free for them, then
powers spread as evenly as possible over each player's event.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from .matching import max_weight_matching

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
BOARD_SIZE = len(POWERS)


def choose_sit_outs(players: Sequence[int], count: int, volunteers: set[int], sat_out: Mapping[int, int],
                    seed: int, round_number: int) -> list[int]:
    """`count` players to sit out: volunteers first, then the seeded draw among those who sat out least."""
    rng = random.Random(f"{seed}:sit-outs {round_number}")
    draw = {pid: rng.random() for pid in sorted(players)}
    ordered = sorted(players, key=lambda pid: (pid not in volunteers, sat_out.get(pid, 0), draw[pid]))
    return ordered[:count]


def assign_powers(board: Sequence[int], played: Mapping[int, Mapping[object, int]], seed: int,
                  round_number: int) -> dict[int, str]:
    """The power of each player on one board, found exactly as a maximum-weight matching.

    Cost of giving player p power X, in strict priority: whether p has played X
    before, how often (squared, to spread powers), then a seeded draw.
    """
    rng = random.Random(f"{seed}:powers {round_number}:{sorted(board)}")
    size = len(board)
    scale = size * 1000
    edges = []
    for i, pid in enumerate(board):
        for j, power in enumerate(POWERS[:size]):
            times = played.get(pid, {}).get(power, 0)
            cost = (int(times > 0) * scale * scale * 100) + times * times * scale + rng.randrange(1000)
            edges.append((i, size + j, 10 ** 12 - cost))
    pairs = max_weight_matching(2 * size, edges)
    return {board[i]: POWERS[j - size] for i, j in pairs}
