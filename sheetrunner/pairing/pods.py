"""The pods engine for 3- and 4-player games, and Diplomacy's boards of seven (SPEC §5.2, source 000).

Game sizes follow 000's table: with threes preferred, n players make all three-player games when n is a
multiple of 3, one four-player game when the remainder is 1, two when it is 2 (options choose other sizes
and which size is preferred). Round 1 fills games from a seeded shuffle. Later rounds fill games down
the standings and then search for the best arrangement by this objective, in strict order:

1. team mates in one game, when teams are kept apart (`always` is a hard rule: a same-team game is made
   only when no arrangement avoids it);
2. repeat meetings, by how often: pairs meeting for the third time or more (a fourth meeting counting
   twice, and so on) before any pair meeting for the second time;
3. then by how recently: the rounds of their last meetings added up (000: newer games take precedence);
4. the spread of wins inside each game;
5. movement: how far players sit from their standings positions (the sum over players of
   |rank - position| when the games are laid out from the top table down).

The search: swaps of players with a clash against players of games up to `NEAR_WINDOW` tables away,
taken while they lower the cost. Where clashes remain, a tabu search on the clash levels (`pods_tabu`)
looks further, first among players with close records, then across the whole field. Where clashes
still remain (in fields up to `SOLVER_LIMIT` players, and every Diplomacy field), the exact solver
OR-Tools CP-SAT groups the whole field by the clash levels within a deterministic work budget
(`pods_solver`), and its groups are laid out down the standings; its answer is kept only when it is
better, and an optimum it proves lets the notes say that no arrangement avoids a repeat.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, permutations
from typing import Sequence

from . import Engine, Entrant, Flag, Pairing, PairingImpossible
from .tables import assign_tables

EXHAUSTIVE_LIMIT = 12  # fields this small are searched exhaustively
WIDEST_WINDOW = 8  # games either side a swap may reach
NEAR_WINDOW = 2  # before the tabu search, which reaches further for less: swaps with the games close by
SOLVER_LIMIT = 256  # ranked fields larger than this rely on the swaps and the tabu search (fast and good there)
SOLVER_WORK = 0.15  # CP-SAT's deterministic time budget per round (about seconds, but reproducible)
BOARDS_SOLVER_WORK = 0.05  # Diplomacy boards: the tabu search finds CP-SAT's best there; this weighs recency and proves


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


Cost = tuple[int, int, int, int, int, int]  # team, frequent repeats, second meetings, recency, spread, movement
LEVELS = 6
CLASH_LEVELS = 4  # the levels a clash lives on: team and the three of repeats


def add(*costs: Cost) -> Cost:
    return tuple(map(sum, zip(*costs)))  # type: ignore[return-value]


def sub(first: Cost, second: Cost) -> Cost:
    return tuple(map(operator.sub, first, second))  # type: ignore[return-value]


ZERO: Cost = (0,) * LEVELS  # type: ignore[assignment]


@dataclass
class PodField:
    """Entrants in standings order, the game sizes from the top table down, and the cost of any game."""

    entrants: tuple[Entrant, ...]
    sizes: list[int]
    round: int
    keep_teams_apart: bool = True
    ranked: bool = True  # games follow the standings (movement counts); Diplomacy boards are all alike
    proven: bool = field(default=False, init=False)  # the last arrangement is known to be optimal

    def __post_init__(self) -> None:
        self.rank = {e.id: index for index, e in enumerate(self.entrants)}
        self.by_id = {e.id: e for e in self.entrants}
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

    def pair_cost(self, first: int, second: int) -> tuple[int, int, int, int]:
        """What two players cost together on the clash levels: (team, frequent, second meeting, recency)."""
        team = int(self.same_team(first, second))
        last = self.by_id[first].met.get(second)
        if last is None:
            return team, 0, 0, 0
        times = self.by_id[first].meetings.get(second, 1)
        return team, max(0, times - 1), int(times == 1), last

    def same_team(self, first: int, second: int) -> bool:
        team = self.by_id[first].team
        return self.keep_teams_apart and bool(team) and team == self.by_id[second].team

    def cost(self, slot: int, players: Sequence[int]) -> Cost:
        """What one game costs, level by level; remembered, as the searches weigh the same games again."""
        key = (slot, *players)
        known = self._costs.get(key)
        if known is None:
            known = self._costs[key] = self._game_cost(slot, players)
        return known

    def _game_cost(self, slot: int, players: Sequence[int]) -> Cost:
        team = frequent = second = recency = 0
        for a, b in combinations(players, 2):
            clash = self.partners[a].get(b)
            if clash is not None:
                t, f, s, r = clash
                team, frequent, second, recency = team + t, frequent + f, second + s, recency + r
        if not self.ranked:
            return team, frequent, second, recency, 0, 0
        scores = [self.points[p] for p in players]
        ranks = sorted(self.rank[p] for p in players)
        movement = sum(abs(rank - (self.starts[slot] + offset)) for offset, rank in enumerate(ranks))
        return team, frequent, second, recency, max(scores) - min(scores), movement

    def clashes(self, players: Sequence[int]) -> bool:
        return any(b in self.partners[a] for a, b in combinations(players, 2))

    def total(self, games: list[list[int]]) -> Cost:
        return add(ZERO, *(self.cost(slot, game) for slot, game in enumerate(games)))

    def natural(self) -> list[list[int]]:
        """Games filled straight down the standings."""
        ids = [e.id for e in self.entrants]
        return [ids[start:start + size] for start, size in zip(self.starts, self.sizes)]


def clash_search(field: PodField, games: list[list[int]]) -> list[list[int]]:
    from .pods_tabu import clash_search as search  # numpy work, loaded when a clash needs it

    return search(field, games)


def arrange_games(field: PodField) -> list[list[int]]:
    """The best arrangement found (proven optimal for small fields); `field.proven` says whether it is."""
    if len(field.entrants) <= EXHAUSTIVE_LIMIT:
        field.proven = True
        return exhaustive(field)
    solver = not field.ranked or len(field.entrants) <= SOLVER_LIMIT
    if field.ranked:
        games = local_search(field, field.natural(), NEAR_WINDOW)
        if any(field.clashes(game) for game in games):
            searched = clash_search(field, games)
            if clash_cost(field, searched) < clash_cost(field, games):
                moved = {slot for slot, game in enumerate(games) if set(game) != set(searched[slot])}
                games = polish(field, searched, moved)
    else:  # boards all alike: no spread or movement; the tabu search, then CP-SAT (which weighs recency too)
        games = clash_search(field, field.natural())
    field.proven = not any(field.clashes(game) for game in games)
    if not field.proven and solver:
        from .pods_solver import improve_with_solver  # OR-Tools loads only when clashes remain

        games = improve_with_solver(field, games)
    return games


def lay_out(field: PodField, groups: list[list[int]]) -> list[list[int]]:
    """Groups to tables down the standings: within each size, the group of the better ranks higher up."""
    games = [[] for _ in groups]
    for size in set(field.sizes):
        slots = [s for s in range(len(groups)) if field.sizes[s] == size]
        ordered = sorted((g for g in groups if len(g) == size), key=lambda g: sum(field.rank[p] for p in g))
        for slot, group in zip(slots, ordered):
            games[slot] = sorted(group, key=field.rank.get)
    return games


def polish(field: PodField, games: list[list[int]], around: set[int] | None = None) -> list[list[int]]:
    """Swaps between neighbouring games that lower the spread of wins and movement and add no clash; with
    `around`, only swaps that touch those games (and the games they change)."""
    costs = [field.cost(slot, game) for slot, game in enumerate(games)]
    touched = set(range(len(games))) if around is None else set(around)
    improved = True
    while improved:
        improved = False
        for slot in range(len(games) - 1):
            for other in range(slot + 1, min(len(games), slot + 3)):
                if slot not in touched and other not in touched:
                    continue
                before = add(costs[slot], costs[other])
                for a in list(games[slot]):
                    for b in list(games[other]):
                        here = [b if p == a else p for p in games[slot]]
                        there = [a if p == b else p for p in games[other]]
                        new = (field.cost(slot, here), field.cost(other, there))
                        after = add(*new)
                        if after[:CLASH_LEVELS] <= before[:CLASH_LEVELS] and after < before:
                            games[slot], games[other] = here, there
                            costs[slot], costs[other] = new
                            touched.update((slot, other))
                            improved = True
                            break
                    else:
                        continue
                    break
    return games


def clash_cost(field: PodField, games: list[list[int]]) -> tuple:
    """The clash levels of a whole arrangement: what comes before spread and movement."""
    return field.total(games)[:CLASH_LEVELS]


def exhaustive(field: PodField) -> list[list[int]]:
    """Branch and bound over every way to fill the games in order; the natural fill bounds it first."""
    best_games = field.natural()
    best_cost = field.total(best_games)

    def fill(slot: int, remaining: list[int], games: list[list[int]], cost: Cost) -> None:
        nonlocal best_games, best_cost
        if cost >= best_cost:
            return
        if slot == len(field.sizes):
            best_games, best_cost = [list(g) for g in games], cost
            return
        for game in combinations(remaining, field.sizes[slot]):
            rest = [pid for pid in remaining if pid not in game]
            fill(slot + 1, rest, games + [list(game)], add(cost, field.cost(slot, game)))

    fill(0, [e.id for e in field.entrants], [], ZERO)
    return best_games


def local_search(field: PodField, games: list[list[int]], widest: int = WIDEST_WINDOW) -> list[list[int]]:
    """Swap players with a clash with players of nearby games while that lowers the cost.

    For each player in a game with a clash (a team mate or a repeat), every swap with a player of a game
    within the window is weighed by how it changes the cost of both games; the best one that lowers it is
    made. The window widens from the neighbouring games to `widest` games away while clashes remain.
    """
    costs = [field.cost(slot, game) for slot, game in enumerate(games)]
    for window in range(1, min(widest, len(games) - 1) + 1):
        while _improve(field, games, costs, window, _best_swap):
            pass
        if not any(field.clashes(game) for game in games):
            return games
    return games


def _improve(field: PodField, games: list[list[int]], costs: list[Cost], window: int, move) -> bool:
    improved = False
    for slot in range(len(games)):
        if not field.clashes(games[slot]):
            continue
        for player in list(games[slot]):
            if player in games[slot] and move(field, games, costs, slot, player, window):
                improved = True
    return improved


def _nearby(games: list[list[int]], slot: int, window: int) -> list[int]:
    others = [other for other in range(max(0, slot - window), min(len(games), slot + window + 1)) if other != slot]
    return sorted(others, key=lambda other: abs(other - slot))


def _best_swap(field: PodField, games: list[list[int]], costs: list[Cost], slot: int, player: int,
               window: int) -> bool:
    """Make the swap of `player` with someone in a game within `window` that lowers the cost most."""
    best = None
    for other in _nearby(games, slot, window):
        before = add(costs[slot], costs[other])
        for partner in games[other]:
            here = [partner if p == player else p for p in games[slot]]
            there = [player if p == partner else p for p in games[other]]
            new = (field.cost(slot, here), field.cost(other, there))
            change = sub(add(*new), before)
            if change < ZERO and (best is None or change < best[0]):
                best = (change, other, here, there, new)
    if best is None:
        return False
    _, other, games[slot], games[other], (costs[slot], costs[other]) = best
    return True


class PodsEngine(Engine):
    """Games of three and four down the standings (000): sizes from the table, the search above, then seats
    turned so each player sits where they have sat least."""

    options = {"sizes": (3, 4), "preferred": 3, "other_sizes_at": "bottom", "keep_teams_apart": True}

    def pair(self, entrants: tuple[Entrant, ...], round_number: int,
             seats: dict[int, dict[int, int]]) -> Pairing:
        sizes = slot_sizes(len(entrants), self.sizes, self.preferred, self.other_sizes_at)
        field = PodField(entrants, sizes, round_number, self.keep_teams_apart)
        games = [rotate_seats(game, seats) for game in arrange_games(field)]
        pairing = Pairing(tables=[], byes=[])
        flag_clashes(field, games, pairing)
        if len(games) == 1:
            for pid in games[0]:
                pairing.flag(Flag("single_game", pid, facts=(len(games[0]),), describe=describe))
        pairing.tables = assign_tables([tuple(g) for g in games], field.by_id, pairing)
        return pairing


def rotate_seats(game: list[int], seats: dict[int, dict[int, int]]) -> list[int]:
    """Seat order for one game: the fewest players in a seat they have had before, then each player's seats as
    even as can be (every seat, not only seat 1), then standings order."""
    counts = {pid: seats.get(pid, {}) for pid in game}

    def key(order: tuple[int, ...]) -> tuple:
        had = [counts[pid].get(seat, 0) for seat, pid in enumerate(order, start=1)]
        return sum(had), sum(h * h for h in had), [game.index(pid) for pid in order]

    return list(min(permutations(game), key=key))


def flag_clashes(field: PodField, games: list[list[int]], pairing: Pairing) -> None:
    """Flag each repeat meeting and same-team game on both players, with whether the search proved it unavoidable."""
    for game in games:
        for first in game:
            for second in game:
                if first == second:
                    continue
                met = field.by_id[first].met.get(second)
                if met is not None:
                    times = field.by_id[first].meetings.get(second, 1)
                    pairing.flag(Flag("repeat", first, second, (met, times, field.proven), describe))
                if field.same_team(first, second):
                    pairing.flag(Flag("same_team", first, second, (field.by_id[first].team, field.proven), describe))


def describe(flag: Flag, names: dict[int, str]) -> str:
    """The pods engine's flags in words; "no arrangement" is said only when the search proved it."""
    other = names.get(flag.other, flag.other)
    if flag.kind == "single_game":
        return f"Only {flag.facts[0]} players: a single game."
    proven = flag.facts[-1]
    if flag.kind == "same_team":
        return f"Same team ({flag.facts[0]}) as {other}: " + ("no arrangement keeps them apart." if proven else
                                                              "the search found no arrangement that keeps them apart.")
    met, times = flag.facts[0], flag.facts[1]
    again = "again" if times == 1 else f"for the {ordinal(times + 1)} time"
    return f"Meets {other} {again} (last met in round {met}): " + ("no arrangement avoids it." if proven else
                                                                    "the search found no arrangement that avoids it.")


def ordinal(number: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(number, f"{number}th")
