"""What the pods engine weighs: a field of players in standings order, and the cost of any game (SPEC §5.2).

Shared by the engine (`pods`), its tabu search (`pods_tabu`) and its exact solver (`pods_solver`), so none
of them imports another's module to learn the objective. The cost of a game is composed from the named
rules of `pods_rules`, level by level, in strict order (a unit of one level outweighs any amount of the
levels after it): team clash, third meeting, repeat, recency (the clash levels, summed over the game's
pairs), then spread of wins and movement (over the whole game; on boards all alike, 0).
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, product
from typing import Sequence

from . import Entrant
from .pods_rules import (movement, recency, recency_base, repeat, spread_base, spread_of_wins, team_clash,
                         third_meeting)

Cost = tuple[int, int, int, int, int, int]  # the rules of `pods_rules` in order: team clash, third meeting, repeat,
#                                           recency, spread of wins, movement
LEVELS = 6
CLASH_LEVELS = 4  # the levels a clash lives on: team, the two of repeats, recency
COUNT_LEVELS = 3  # the clash levels that count pairs (recency orders pairs of equal counts)
SOLVER_WORK = 0.15  # CP-SAT's deterministic work budget per ranked round (about seconds, but reproducible)
WHOLE_FIELD_SEATS = 2048  # players x games: up to this CP-SAT groups the whole field at once (90 players in fours)


def add(*costs: Cost) -> Cost:
    return tuple(map(sum, zip(*costs)))  # type: ignore[return-value]


def sub(first: Cost, second: Cost) -> Cost:
    return tuple(map(operator.sub, first, second))


ZERO: Cost = (0,) * LEVELS  # type: ignore[assignment]


@dataclass
class PodField:
    """Entrants in standings order, the game sizes from the top table down, and the cost of any game."""

    entrants: tuple[Entrant, ...]
    sizes: list[int]
    round: int
    keep_teams_apart: bool = True
    ranked: bool = True  # games follow the standings (movement counts); Diplomacy boards are all alike
    proven: bool = field(default=False, init=False)  # the last arrangement's clash counts are known optimal

    def __post_init__(self) -> None:
        self.rank = {e.id: index for index, e in enumerate(self.entrants)}
        self.by_id = {e.id: e for e in self.entrants}
        self.recency_base = recency_base(self.sizes)
        self.spread_base = spread_base(self.sizes)
        self.partners = self._clash_partners()
        scale = math.lcm(*(Fraction(e.score).denominator for e in self.entrants)) if self.entrants else 1
        self.points = {e.id: int(Fraction(e.score) * scale) for e in self.entrants}
        self.scale = scale  # points per unit of score
        self.starts = [sum(self.sizes[:slot]) for slot in range(len(self.sizes))]
        self._costs: dict[tuple[int, ...], Cost] = {}

    def _clash_partners(self) -> dict[int, dict[int, tuple[int, int, int, int]]]:
        """For each player, the players it would clash with and what that costs (met before, or a team mate)."""
        teams: dict[str, list[int]] = {}
        if self.keep_teams_apart:
            for e in self.entrants:
                if e.team:
                    teams.setdefault(e.team, []).append(e.id)
        partners: dict[int, dict[int, tuple[int, int, int, int]]] = {e.id: {} for e in self.entrants}
        for e in self.entrants:
            for other in [*e.met, *teams.get(e.team, ())] if e.team else e.met:
                if other in self.by_id and other != e.id:
                    partners[e.id][other] = self.pair_cost(e.id, other)
        return partners

    def last_met(self, first: int, second: int) -> int | None:
        return self.by_id[first].met.get(second)

    def pair_cost(self, first: int, second: int) -> tuple[int, int, int, int]:
        """What two players cost together on the clash levels, the pair rules in their order: team clash,
        third meeting, repeat, recency."""
        a, b = self.by_id[first], self.by_id[second]
        return (team_clash(a, b, self.keep_teams_apart), third_meeting(a, b), repeat(a, b),
                recency(a, b, self.recency_base))

    def same_team(self, first: int, second: int) -> bool:
        return bool(team_clash(self.by_id[first], self.by_id[second], self.keep_teams_apart))

    def cost(self, slot: int, players: Sequence[int]) -> Cost:
        """What one game costs, level by level; remembered, as the searches weigh the same games again."""
        key = (slot, *players) if self.ranked else tuple(sorted(players))
        known = self._costs.get(key)
        if known is None:
            known = self._costs[key] = self._game_cost(slot, players)
        return known

    def _game_cost(self, slot: int, players: Sequence[int]) -> Cost:
        """The pair rules summed over the game's pairs (only clashing pairs cost anything: `partners`), then
        the game rules: spread of wins and movement."""
        team = frequent = second = recent = 0
        for a, b in combinations(players, 2):
            clash = self.partners[a].get(b)
            if clash is not None:
                t, f, s, r = clash
                team, frequent, second, recent = team + t, frequent + f, second + s, recent + r
        if not self.ranked:
            return team, frequent, second, recent, 0, 0
        return (team, frequent, second, recent, spread_of_wins([self.points[p] for p in players], self.spread_base),
                movement([self.rank[p] for p in players], self.starts[slot]))

    def clashes(self, players: Sequence[int]) -> bool:
        return any(b in self.partners[a] for a, b in combinations(players, 2))

    def total(self, games: list[list[int]]) -> Cost:
        return add(ZERO, *(self.cost(slot, game) for slot, game in enumerate(games)))

    def natural(self) -> list[list[int]]:
        """Games filled straight down the standings."""
        ids = [e.id for e in self.entrants]
        return [ids[start:start + size] for start, size in zip(self.starts, self.sizes)]

    def spread(self, game: Sequence[int]) -> int:
        return max(self.points[p] for p in game) - min(self.points[p] for p in game)

    def widest_spread(self, games: list[list[int]]) -> int:
        return max((self.spread(game) for game in games if game), default=0)


def spread_floor(field: PodField) -> int:
    """The narrowest widest spread of wins any grouping can have, clashes aside: games of consecutive players
    down the points (some grouping that narrow is always consecutive), the sizes in the best order."""
    if not field.entrants:
        return 0
    points = sorted((field.points[e.id] for e in field.entrants), reverse=True)
    kinds = sorted(set(field.sizes))
    wanted = tuple(field.sizes.count(size) for size in kinds)
    # best[used]: the narrowest widest spread of the games still to lay out once `used` games of each size are laid
    # out from the top; worked out from the last game back (a loop, not recursion: 1,000 players make 250 games)
    best: dict[tuple, int] = {wanted: 0}
    for used in sorted(product(*(range(count + 1) for count in wanted)), key=sum, reverse=True)[1:]:
        start = sum(count * size for count, size in zip(used, kinds))
        best[used] = min(max(points[start] - points[start + size - 1],
                             best[used[:index] + (used[index] + 1,) + used[index + 1:]])
                         for index, size in enumerate(kinds) if used[index] < wanted[index])  # a size is left
    return best[(0,) * len(kinds)]


def clash_cost(field: PodField, games: list[list[int]]) -> tuple:
    """The clash levels of a whole arrangement: what comes before spread and movement."""
    return field.total(games)[:CLASH_LEVELS]


def lay_out(field: PodField, groups: list[list[int]]) -> list[list[int]]:
    """Groups to tables down the standings: within each size, the group of the better ranks higher up."""
    games: list[list[int]] = [[] for _ in groups]
    for size in set(field.sizes):
        slots = [s for s in range(len(groups)) if field.sizes[s] == size]
        ordered = sorted((g for g in groups if len(g) == size), key=lambda g: sum(field.rank[p] for p in g))
        for slot, group in zip(slots, ordered):
            games[slot] = sorted(group, key=field.rank.__getitem__)
    return games


def polish(field: PodField, games: list[list[int]], around: set[int] | None = None,
           reach: int = 2) -> list[list[int]]:
    """Swaps between games up to `reach` tables apart that lower the cost and add no clash (in ranked fields:
    spread and movement; on boards all alike, how recent the repeats are); with `around`, only swaps that
    touch those games (and the games they change)."""
    costs = [field.cost(slot, game) for slot, game in enumerate(games)]
    touched = set(range(len(games))) if around is None else set(around)
    improved = True
    while improved:
        improved = False
        for slot in range(len(games) - 1):
            for other in range(slot + 1, min(len(games), slot + reach + 1)):
                if slot not in touched and other not in touched:
                    continue
                before = add(costs[slot], costs[other])
                for a in list(games[slot]):
                    for b in list(games[other]):
                        here = [b if p == a else p for p in games[slot]]
                        there = [a if p == b else p for p in games[other]]
                        new = (field.cost(slot, here), field.cost(other, there))
                        after = add(*new)
                        if after[:COUNT_LEVELS] <= before[:COUNT_LEVELS] and after < before:
                            games[slot], games[other] = here, there
                            costs[slot], costs[other] = new
                            touched.update((slot, other))
                            improved = True
                            break
                    else:
                        continue
                    break
    return games
