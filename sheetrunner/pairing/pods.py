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
bound). Larger ones by local search: players with a clash swap with players
of games close in the standings (then three-way rotations), the window
widening until nothing improves; moves keep every game within
`WIDEST_SPREAD` wins, and only if repeats remain is that limit lifted, since
repeats weigh more.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from . import Entrant, Pairing, PairingImpossible

EXACT_LIMIT = 12
WIDEST_WINDOW = 8
WIDEST_SPREAD = 3


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
    spread_limit: float | None = WIDEST_SPREAD

    def __post_init__(self) -> None:
        self.rank = {e.id: index for index, e in enumerate(self.entrants)}
        self.by_id = {e.id: e for e in self.entrants}
        self.points = {e.id: float(e.score) for e in self.entrants}  # for spreads: speed over exactness
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

    def clash(self, player: int, others: Sequence[int]) -> tuple[int, ...]:
        """What `player` adds to a game of `others`: repeats by age (newest first), then team clashes."""
        levels = [0] * (self.width - 1)
        entrant = self.by_id[player]
        for other in others:
            if other == player:
                continue
            met = entrant.met.get(other)
            if met is not None:
                levels[min(self.round - met, self.round) - 1] += 1
            if self.keep_teams_apart and entrant.team and entrant.team == self.by_id[other].team:
                levels[-1] += 1
        return tuple(levels)

    def spread(self, players: Sequence[int]) -> float:
        scores = [self.points[p] for p in players]
        return max(scores) - min(scores)

    def fits(self, new: Sequence[int], old: Sequence[int]) -> bool:
        """A move keeps a game within `spread_limit` wins, or no wider than it was."""
        return self.spread_limit is None or self.spread(new) <= max(self.spread_limit, self.spread(old))

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
    games = local_search(field, field.natural())
    limit = field.spread_limit
    if limit is not None and any(any(field.cost(slot, game)[:-1]) for slot, game in enumerate(games)):
        field.spread_limit = None  # repeats weigh more than spread: search again without the limit
        games = local_search(field, games)
        field.spread_limit = limit
    return games


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
    """Swap players between games near each other in the standings while that lowers the clashes.

    Only a player with a clash (a repeat or a team mate in their game) is moved.
    For each, every swap with a player of a game within the window is weighed by
    how it changes the clashes of both games; the best one that lowers them is
    made, as long as no game spreads over more than `WIDEST_SPREAD` wins (or its
    spread before). When swaps run out, three-way rotations between nearby
    games are tried. The window widens from the neighbouring games to
    `WIDEST_WINDOW` games away while clashes remain.
    """
    costs = [field.cost(slot, game) for slot, game in enumerate(games)]
    for window in range(1, WIDEST_WINDOW + 1):
        for move in (_best_swap, _best_rotation, _best_swap):
            while _improve(field, games, costs, window if move is _best_swap else min(window, 3), move):
                pass
            if not any(any(cost[:-1]) for cost in costs):
                return games
    return games


def _improve(field: PodField, games: list[list[int]], costs: list, window: int, move) -> bool:
    improved = False
    for slot in range(len(games)):
        if not any(costs[slot][:-1]):
            continue
        for player in [p for p in games[slot] if any(field.clash(p, games[slot]))]:
            if player in games[slot] and move(field, games, costs, slot, player, window):
                improved = True
    return improved


def _best_swap(field: PodField, games: list[list[int]], costs: list, slot: int, player: int, window: int) -> bool:
    """Make the swap of `player` with someone in a game within `window` that lowers the clashes most."""
    here = [p for p in games[slot] if p != player]
    leaving = field.clash(player, here)
    best = None
    for other in sorted(range(max(0, slot - window), min(len(games), slot + window + 1)), key=lambda o: abs(o - slot)):
        if other == slot:
            continue
        for partner in games[other]:
            there = [p for p in games[other] if p != partner]
            change = sub(add(field.clash(partner, here), field.clash(player, there)),
                         add(leaving, field.clash(partner, there)))
            if change < (0,) * len(change) and (best is None or change < best[0]) and \
                    field.fits(here + [partner], games[slot]) and field.fits(there + [player], games[other]):
                best = (change, other, partner)
    if best is None:
        return False
    _, other, partner = best
    games[slot] = [partner if p == player else p for p in games[slot]]
    games[other] = [player if p == partner else p for p in games[other]]
    costs[slot], costs[other] = field.cost(slot, games[slot]), field.cost(other, games[other])
    return True


def _best_rotation(field: PodField, games: list[list[int]], costs: list, slot: int, player: int,
                   window: int) -> bool:
    """When no swap helps: move `player` to game B, someone from B to game C, someone from C back here."""
    nearby = [g for g in range(max(0, slot - window), min(len(games), slot + window + 1)) if g != slot]
    here = [p for p in games[slot] if p != player]
    best = None
    for second in nearby:
        for moved in games[second]:
            rest_second = [p for p in games[second] if p != moved]
            for third in nearby:
                if third == second:
                    continue
                for back in games[third]:
                    rest_third = [p for p in games[third] if p != back]
                    before = add(field.clash(player, here), field.clash(moved, rest_second),
                                 field.clash(back, rest_third))
                    after = add(field.clash(back, here), field.clash(player, rest_second),
                                field.clash(moved, rest_third))
                    change = sub(after, before)
                    if change < (0,) * len(change) and (best is None or change < best[0]) and \
                            field.fits(here + [back], games[slot]) and \
                            field.fits(rest_second + [player], games[second]) and \
                            field.fits(rest_third + [moved], games[third]):
                        best = (change, second, moved, third, back)
    if best is None:
        return False
    _, second, moved, third, back = best
    games[slot] = [back if p == player else p for p in games[slot]]
    games[second] = [player if p == moved else p for p in games[second]]
    games[third] = [moved if p == back else p for p in games[third]]
    for index in (slot, second, third):
        costs[index] = field.cost(index, games[index])
    return True


def note_repeats(field: PodField, games: list[list[int]], pairing: Pairing, names: dict[int, str]) -> None:
    """Note each repeat meeting and same-team game on both players' rows, naming the other player."""
    for game in games:
        for first in game:
            for second in game:
                if first == second:
                    continue
                met = field.by_id[first].met.get(second)
                if met is not None:
                    pairing.note(first, f"Meets {names.get(second, second)} again (last met in round {met}): "
                                        "no arrangement avoids it.")
                team = field.by_id[first].team
                if field.keep_teams_apart and team and team == field.by_id[second].team:
                    pairing.note(first, f"Same team ({team}) as {names.get(second, second)}: no arrangement keeps "
                                        "them apart.")
