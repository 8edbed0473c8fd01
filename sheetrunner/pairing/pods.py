"""The pods engine for 3- and 4-player games (SPEC §5.2, source 000).

Game sizes follow 000's table: with threes preferred, n players make all
three-player games when n is a multiple of 3, one four-player game when the
remainder is 1, two when it is 2 (options choose other sizes and which size
is preferred). Round 1 fills games from a seeded shuffle. Later rounds fill
games down the standings and then search for the best arrangement, by this
objective, in strict priority:

1. repeat meetings, newest first: a pair who met last round costs more than
   any number of pairs who met earlier (000: newer games take precedence);
2. team mates in one game (when teams are kept apart);
3. movement: how far players sit from their standings positions, the sum
   over players of |rank - position| when games are laid out top to bottom.

Fields up to `EXACT_LIMIT` players are searched exhaustively (branch and
bound); larger ones by local search: swapping players between games that are
close in the standings, the window widening until no swap improves.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from . import Entrant, PairingImpossible

EXACT_LIMIT = 12
WIDEST_WINDOW = 4


def game_sizes(count: int, allowed: Sequence[int] = (3, 4), preferred: int = 3) -> list[int]:
    """How many players each game gets, in no particular order (000's table for threes and fours).

    Fewest games of a size other than the preferred one, then fewest games.
    """
    best: tuple[int, int, list[int]] | None = None
    others = [size for size in sorted(set(allowed)) if size != preferred]

    def search(remaining: int, sizes: list[int], index: int) -> None:
        nonlocal best
        if index == len(others):
            if remaining % preferred == 0:
                found = sizes + [preferred] * (remaining // preferred)
                key = (len(sizes), len(found))
                if best is None or key < best[:2]:
                    best = (*key, found)
            return
        for repeat in range(remaining // others[index] + 1):
            search(remaining - repeat * others[index], sizes + [others[index]] * repeat, index + 1)

    if count > 0 and preferred in allowed:
        search(count, [], 0)
    if best is None:
        raise PairingImpossible(f"{count} players cannot be split into games of " +
                                " or ".join(str(s) for s in sorted(set(allowed))) + " players.")
    return best[2]


def slot_sizes(count: int, allowed: Sequence[int], preferred: int, big_games: str = "bottom") -> list[int]:
    """Game sizes from the top table down: the games of the other size at the bottom (default) or top."""
    sizes = game_sizes(count, allowed, preferred)
    odd = sorted(size for size in sizes if size != preferred)
    plain = [preferred] * (len(sizes) - len(odd))
    return odd + plain if big_games == "top" else plain + odd


@dataclass
class PodField:
    """Entrants in standings order, the game sizes, and the cost of any game."""

    entrants: tuple[Entrant, ...]
    sizes: list[int]
    round: int
    keep_teams_apart: bool = True

    def __post_init__(self) -> None:
        self.rank = {e.id: index for index, e in enumerate(self.entrants)}
        self.by_id = {e.id: e for e in self.entrants}
        self.starts = [sum(self.sizes[:slot]) for slot in range(len(self.sizes))]
        self.width = self.round + 2  # repeat ages 1..round-1, then teams, then movement

    def cost(self, slot: int, players: Sequence[int]) -> tuple[int, ...]:
        """This game's cost on every level: repeats by age (newest first), team clashes, movement."""
        levels = [0] * self.width
        for first, second in combinations(players, 2):
            met = self.by_id[first].met.get(second)
            if met is not None:
                levels[min(self.round - met, self.round) - 1] += 1
            if self.keep_teams_apart and self.by_id[first].team and self.by_id[first].team == self.by_id[second].team:
                levels[-2] += 1
        ranks = sorted(self.rank[pid] for pid in players)
        levels[-1] = sum(abs(rank - (self.starts[slot] + offset)) for offset, rank in enumerate(ranks))
        return tuple(levels)

    def total(self, games: list[list[int]]) -> tuple[int, ...]:
        return add(*(self.cost(slot, game) for slot, game in enumerate(games)))

    def natural(self) -> list[list[int]]:
        """Games filled straight down the standings."""
        ids = [e.id for e in self.entrants]
        return [ids[start:start + size] for start, size in zip(self.starts, self.sizes)]


def add(*costs: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(sum, zip(*costs)))


def sub(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(first, second))


def arrange_games(field: PodField) -> list[list[int]]:
    """The best arrangement the search finds (exact up to `EXACT_LIMIT` players)."""
    if len(field.entrants) <= EXACT_LIMIT:
        return exact_search(field)
    return local_search(field, field.natural())


def exact_search(field: PodField) -> list[list[int]]:
    """Branch and bound over every way to fill the games in order; the natural fill bounds it first."""
    best_games = field.natural()
    best_cost = field.total(best_games)
    zero = (0,) * field.width

    def fill(slot: int, remaining: list[int], games: list[list[int]], cost: tuple[int, ...]) -> None:
        nonlocal best_games, best_cost
        if cost >= best_cost:
            return
        if slot == len(field.sizes):
            best_games, best_cost = [list(g) for g in games], cost
            return
        for game in combinations(remaining, field.sizes[slot]):
            rest = [pid for pid in remaining if pid not in game]
            fill(slot + 1, rest, games + [list(game)], add(cost, field.cost(slot, game)))

    fill(0, [e.id for e in field.entrants], [], zero)
    return best_games


def local_search(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """Swap players between games near each other in the standings while that lowers the cost.

    Only games with a repeat or a team clash start a move; the window of games a
    player may move to widens from neighbours to `WIDEST_WINDOW` games away.
    """
    costs = [field.cost(slot, game) for slot, game in enumerate(games)]
    for window in range(1, WIDEST_WINDOW + 1):
        improved = True
        while improved:
            improved = False
            for slot in range(len(games)):
                if not any(costs[slot][:-1]):
                    continue
                if _best_swap(field, games, costs, slot, window):
                    improved = True
        if not any(any(cost[:-1]) for cost in costs):
            break
    return games


def _best_swap(field: PodField, games: list[list[int]], costs: list, slot: int, window: int) -> bool:
    """Make the single swap between `slot` and a game within `window` that lowers the cost most."""
    best = None
    for other in range(max(0, slot - window), min(len(games), slot + window + 1)):
        if other == slot:
            continue
        before = add(costs[slot], costs[other])
        for i, first in enumerate(games[slot]):
            for j, second in enumerate(games[other]):
                here = games[slot][:i] + [second] + games[slot][i + 1:]
                there = games[other][:j] + [first] + games[other][j + 1:]
                after_here, after_there = field.cost(slot, here), field.cost(other, there)
                after = add(after_here, after_there)
                gain_is_better = best is None or sub(after, before) < sub(best[0], best[1])
                if after < before and gain_is_better:
                    best = (after, before, other, here, there, after_here, after_there)
    if best is None:
        return False
    _, _, other, here, there, after_here, after_there = best
    games[slot], games[other] = here, there
    costs[slot], costs[other] = after_here, after_there
    return True
