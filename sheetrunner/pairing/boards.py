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
from dataclasses import dataclass
from typing import Mapping, Sequence

from . import Engine, Entrant, Flag, Pairing
from .matching import max_weight_matching
from .pods import PodField, arrange_games, flag_clashes
from .pods import describe as describe_clash
from .tables import assign_tables

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
BOARD_SIZE = len(POWERS)


def choose_sit_outs(players: Sequence[int], count: int, volunteers: set[int], sat_out: Mapping[int, int],
                    seed: int, round_number: int) -> list[int]:
    """`count` players to sit out: volunteers first, then the seeded draw among those who sat out least."""
    rng = random.Random(f"{seed}:sit-outs {round_number}")
    draw = {pid: rng.random() for pid in sorted(players)}
    ordered = sorted(players, key=lambda pid: (pid not in volunteers, sat_out.get(pid, 0), draw[pid]))
    return ordered[:count]


def assign_powers(board: Sequence[int], played: Mapping[int, Mapping[int | str, int]], seed: int,
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


@dataclass(frozen=True)
class BoardsEngine(Engine):
    """Boards of seven for the players who are not sitting out (the pods engine, boards all alike), then each
    board's powers by an exact matching."""

    keep_teams_apart: bool = True  # `Keep teams apart` for this round
    seed: int = 0  # the event's seed: which power a player takes among equals

    def pair(self, entrants: tuple[Entrant, ...], round_number: int, sit_outs: list[int],
             powers_played: Mapping[int, Mapping[int | str, int]]) -> Pairing:
        field = PodField(entrants, [BOARD_SIZE] * (len(entrants) // BOARD_SIZE), round_number, self.keep_teams_apart,
                         ranked=False)
        boards = arrange_games(field)
        pairing = Pairing(tables=[], byes=list(sit_outs))
        flag_clashes(field, boards, pairing)
        powers: dict[int, str] = {}
        for board in boards:
            powers.update(assign_powers(board, powers_played, self.seed, round_number))
        ordered = [tuple(sorted(board, key=lambda pid: POWERS.index(powers[pid]))) for board in boards]
        pairing.tables = assign_tables(ordered, field.by_id, pairing)
        for table in pairing.tables:
            table.seats = tuple(powers[pid] for pid in table.player_ids)
        for pid, power in powers.items():
            times = powers_played.get(pid, {}).get(power, 0)
            if times:
                pairing.flag(Flag("power", pid, facts=(power, times), describe=describe))
        return pairing


def powers_summary(flags: Sequence[Flag], names: dict[int, str], seated: Sequence[int]) -> str:
    """A board's powers played again in one clause, in seat order ("" when none): `pair`'s terminal line per
    board (issue 31), beside `pods.game_summary`; each player's own note stays in the Note column."""
    again = {flag.player: flag.facts for flag in flags if flag.kind == "power" and flag.player in seated}
    if not again:
        return ""
    return "powers again: " + ", ".join(f"{names.get(pid, pid)} ({again[pid][0]})" for pid in seated
                                        if pid in again) + " (no other power was free)"


def describe(flag: Flag, names: dict[int, str]) -> str:
    if flag.kind == "power":
        power, times = flag.facts
        return f"Plays {power} again (played it {times} time(s) before): no other power was free."
    return describe_clash(flag, names)
