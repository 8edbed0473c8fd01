"""The tiebreaker library: named, documented, pure functions of the scored rounds.

Every tiebreaker reads the same tidy table (one `SeatScore` per player and
round) and returns an exact number per player. Rulesets and the `Tiebreakers`
setting pick an ordered list of names from `TIEBREAKERS`; standings sort by
that list. Adding a tiebreaker is one `register(...)` call.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable

from .model import SeatScore


@dataclass
class ScoreTable:
    """The tidy per-seat results, indexed for the lookups tiebreakers need."""

    rows: list[SeatScore]
    player_ids: tuple[int, ...]
    seed: int = 0
    options: dict = field(default_factory=dict)
    by_player: dict[int, list[SeatScore]] = field(init=False)
    _totals: dict[str, dict[int, Fraction]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.by_player = defaultdict(list)
        for row in self.rows:
            self.by_player[row.player_id].append(row)

    def total(self, key: str) -> dict[int, Fraction]:
        """Each player's sum of one value over every round (cached)."""
        if key not in self._totals:
            self._totals[key] = {
                pid: sum((row.values.get(key, Fraction(0)) for row in self.by_player.get(pid, ())), Fraction(0))
                for pid in self.player_ids
            }
        return self._totals[key]

    def opponents(self, player_id: int) -> list[int]:
        """Every opponent of every game, once per game played against them."""
        return [opp for row in self.by_player.get(player_id, ()) for opp in row.opponents]


Compute = Callable[[ScoreTable], dict[int, Fraction]]


@dataclass(frozen=True)
class Tiebreaker:
    key: str
    label: str
    meaning: str
    compute: Compute
    lower_is_better: bool = False
    decimals: int = 0

    def sort_value(self, value: Fraction) -> Fraction:
        """Standings sort every column highest first; lower-is-better columns flip."""
        return -value if self.lower_is_better else value


TIEBREAKERS: dict[str, Tiebreaker] = {}


def register(tiebreaker: Tiebreaker) -> Tiebreaker:
    TIEBREAKERS[tiebreaker.key] = tiebreaker
    return tiebreaker


def total(value_key: str, label: str, meaning: str, key: str | None = None) -> Tiebreaker:
    """A tiebreaker that adds up one per-round value (points, OP, VI, …)."""
    return register(Tiebreaker(key or value_key, label, meaning, lambda table: table.total(value_key)))


def opponents_sum(value_key: str, label: str, meaning: str, key: str) -> Tiebreaker:
    """Strength of schedule: each opponent's tournament total, once per game against them."""

    def compute(table: ScoreTable) -> dict[int, Fraction]:
        totals = table.total(value_key)
        return {pid: sum((totals.get(opp, Fraction(0)) for opp in table.opponents(pid)), Fraction(0))
                for pid in table.player_ids}

    return register(Tiebreaker(key, label, meaning, compute))


def seeded_draw(player_id: int, seed: int) -> int:
    """A number from 0 to 999999 fixed by the event's seed and the player's ID.

    A hash rather than a shuffle, so adding a player never changes anyone
    else's draw.
    """
    digest = hashlib.sha256(f"{seed}:{player_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 1_000_000


register(Tiebreaker(
    "random", "Draw", "A random draw fixed by the event's seed; decides only when everything else is equal.",
    lambda table: {pid: Fraction(seeded_draw(pid, table.seed)) for pid in table.player_ids},
))

total("tp", "TP", "Tournament points: victory 3, tie 1, defeat 0, bye 3, plus bonuses.")
total("op", "OP", "Objective points scored over the event.")
total("sp", "SP", "Survival points scored over the event.")
opponents_sum("op", "Opp OP", "Sum of each opponent's event OP total, once per game against them.", "opponents_op")


def unknown_names(names: Iterable[str]) -> list[str]:
    return [name for name in names if name not in TIEBREAKERS]
