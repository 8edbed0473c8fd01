"""Table numbers for paired games, shared by every engine (SPEC §5).

Tables run from the top of the standings; a player's `Fixed table` is kept;
a player does not sit at last round's table again when swapping with the
neighbouring table of the same score group avoids it (when it does not, that
is no compromise of the pairing, so no note says so).
"""

from __future__ import annotations

from itertools import count

from . import Entrant, Flag, PairedTable, Pairing


def assign_tables(games: list[tuple[int, ...]], entrants: dict[int, Entrant],
                  pairing: Pairing) -> list[PairedTable]:
    """Number `games` (listed from the top of the standings) and note what could not be kept."""
    numbers: list[int | None] = [None] * len(games)
    taken: set[int] = set()
    for index, game in enumerate(games):
        for pid in game:
            wanted = entrants[pid].fixed_table
            if wanted is None:
                continue
            if numbers[index] is None and wanted not in taken:
                numbers[index] = wanted
                taken.add(wanted)
            elif numbers[index] != wanted:
                pairing.flag(Flag("fixed_table", pid, facts=(wanted,), describe=describe))
    fixed = {index for index, number in enumerate(numbers) if number is not None}
    free = (n for n in count(1) if n not in taken)
    filled = [next(free) if number is None else number for number in numbers]
    _avoid_last_tables(games, filled, fixed, entrants)  # a repeat table is not a compromise worth a note
    return sorted((PairedTable(n, game) for game, n in zip(games, filled)), key=lambda t: t.number)


def _avoid_last_tables(games: list[tuple[int, ...]], numbers: list, fixed: set[int],
                       entrants: dict[int, Entrant]) -> None:
    """Swap a game's number with a neighbour's when that ends a repeat and starts none."""

    def repeats(index: int, number: int) -> bool:
        return any(entrants[pid].last_table == number for pid in games[index])

    def group(index: int) -> object:
        return max(entrants[pid].score for pid in games[index])

    for index in range(len(games)):
        if index in fixed or not repeats(index, numbers[index]):
            continue
        for other in (index + 1, index - 1):
            if not 0 <= other < len(games) or other in fixed or group(other) != group(index):
                continue
            if not repeats(index, numbers[other]) and not repeats(other, numbers[index]):
                numbers[index], numbers[other] = numbers[other], numbers[index]
                break


def describe(flag: Flag, names: dict[int, str]) -> str:
    return f"Could not sit at fixed table {flag.facts[0]}: it went to another fixed player."
