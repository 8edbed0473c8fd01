"""The pods engine for 3- and 4-player games, and Diplomacy's boards of seven (SPEC §5.2, source 000).

Game sizes follow 000's table: with threes preferred, n players make all three-player games when n is a
multiple of 3, one four-player game when the remainder is 1, two when it is 2 (options choose other sizes
and which size is preferred). Round 1 fills games from a seeded shuffle. Later rounds fill games down
the standings and then search for the best arrangement by the objective (the named rules of `pods_rules`,
composed by `pods_field`), in strict order: team mates together (when kept apart; `always` makes it a hard
rule: a same-team game only when no arrangement avoids it), repeat meetings by how often, then by how
recently, newest first (000: newer games take precedence), the spread of wins in each game (widest
first), movement from the standings.

The search: swaps of players with a clash against players of games up to `NEAR_WINDOW` tables away,
taken while they lower the cost. Where clashes remain, a tabu search on the clash counts (`pods_tabu`)
looks further, first among players with close records, then across the whole field. Where clashes
still remain (in ranked fields up to `SOLVER_LIMIT` players), the exact solver
OR-Tools CP-SAT groups the whole field within a deterministic work budget (`pods_solver`): the clash
counts first, then how recent the repeats are; its answer is kept only when it is better, and an optimum
it proves lets the notes say that no arrangement avoids a repeat. In ranked fields up to
`pods_solver.WHOLE_FIELD_SEATS`, when the widest spread of wins is above what the standings allow, CP-SAT
then narrows it, keeping the repeats found.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Iterable, Mapping, Sequence

from . import Engine, Entrant, Flag, Pairing, PairingImpossible
from .pods_field import (CLASH_LEVELS, WHOLE_FIELD_SEATS, ZERO, Cost, PodField,  # noqa: F401
                         add, clash_cost, lay_out, polish, spread_floor, sub)
from .tables import assign_tables

EXHAUSTIVE_LIMIT = 12  # fields this small are searched exhaustively
EXHAUSTIVE_FILLS = 10_000  # and so are fields with this few ways to fill their games (two boards of seven: 3,432)
WIDEST_WINDOW = 8  # games either side a swap may reach
NEAR_WINDOW = 2  # before the tabu search, which reaches further for less: swaps with the games close by
SOLVER_LIMIT = 256  # ranked fields larger than this rely on the swaps and the tabu search (fast and good there)
REFINE_ROUNDS = 50  # at most this many swaps for the recency of the repeats left


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


def arrange_games(field: PodField) -> list[list[int]]:
    """The best arrangement found (proven optimal for small fields); `field.proven` says whether its clash
    counts are known to be the least any arrangement has."""
    if len(field.entrants) <= EXHAUSTIVE_LIMIT or ways_to_fill(field.sizes) <= EXHAUSTIVE_FILLS:
        field.proven = True
        return exhaustive(field)
    games = local_search(field, field.natural(), NEAR_WINDOW) if field.ranked else field.natural()
    field.proven = not any(field.clashes(game) for game in games)
    if not field.proven:
        from .pods_tabu import clash_search  # numpy work, loaded when a clash needs it

        searched, field.proven = clash_search(field, games)
        if clash_cost(field, searched) < clash_cost(field, games):
            moved = {slot for slot, game in enumerate(games) if set(game) != set(searched[slot])}
            games = polish(field, searched, moved) if field.ranked else searched
        refined = refine_recency(field, games)
        if field.ranked:
            refined = polish(field, refined, {slot for slot, game in enumerate(games) if game != refined[slot]})
        games = refined
    if not field.proven and _solver_fits(field):
        from .pods_solver import improve_with_solver  # OR-Tools loads only when clashes remain

        games = improve_with_solver(field, games)
    if field.ranked:
        games = narrow_spread(field, games)
    return games


def narrow_spread(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """Narrower spreads of wins where the standings allow them (`spread_floor`), no clash level growing, in
    fields up to `SOLVER_LIMIT` players: the tabu search asks for one point less at a time, then (fields up
    to `WHOLE_FIELD_SEATS`) CP-SAT tries for less still or proves there is none. Each answer is laid out,
    polished and kept when the cost is lower."""
    floor = spread_floor(field)
    if field.widest_spread(games) <= floor or len(field.entrants) > SOLVER_LIMIT:
        return games  # (larger fields: the swaps among close records keep spreads narrow, cheaply)
    from .pods_tabu import narrower_groups

    while field.widest_spread(games) > floor:
        found = narrower_groups(field, games, field.widest_spread(games) - 1)
        arranged = found and polish(field, lay_out(field, found))
        if not arranged or field.total(arranged) >= field.total(games):
            break
        games = arranged
    if field.widest_spread(games) > floor and len(field.entrants) * len(games) <= WHOLE_FIELD_SEATS:
        from .pods_solver import narrow_spread as solver_narrow

        games = solver_narrow(field, games)
    return games


def _solver_fits(field: PodField) -> bool:
    """CP-SAT for ranked fields only. Diplomacy boards (unranked) rely on the tabu search: in 240 rounds of
    three boards of seven (the largest field CP-SAT took in a `pair`), CP-SAT never found better boards
    (`bench/boards_solver.py`), and loading and running it cost a 21-player `pair` more than the rest of the
    command (issue 34)."""
    return field.ranked and len(field.entrants) <= SOLVER_LIMIT


def refine_recency(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """Swaps of a player in a clash with anyone in another game that lower the cost, best first: the tabu
    search weighs how many repeats, these how recent they are. Only swaps that lower the clash levels are
    weighed in full (in ranked fields spread and movement follow: `polish`)."""
    games = [list(game) for game in games]
    for _ in range(REFINE_ROUNDS):
        best = None
        for slot, game in enumerate(games):
            for player in game:
                mine = field.partners[player]
                if not any(other in mine for other in game):
                    continue
                leave = _clash_sum(mine, game)
                for other_slot, other_game in enumerate(games):
                    if other_slot == slot:
                        continue
                    join = _clash_sum(mine, other_game)
                    for partner in other_game:
                        theirs = field.partners[partner]
                        change = _clash_change(leave, join, _clash_sum(theirs, game), _clash_sum(theirs, other_game),
                                               mine.get(partner))
                        if change < CLASH_ZERO and (best is None or change < best[0]):
                            best = (change, slot, other_slot, player, partner)
        if best is None:
            break
        _, slot, other_slot, player, partner = best
        games[slot] = [partner if p == player else p for p in games[slot]]
        games[other_slot] = [player if p == partner else p for p in games[other_slot]]
    return games


CLASH_ZERO = (0,) * CLASH_LEVELS


def _clash_sum(partners: dict, game: list[int]) -> tuple:
    found = [partners[p] for p in game if p in partners]
    return tuple(map(sum, zip(*found))) if found else CLASH_ZERO


def _clash_change(leave, join, partner_here, partner_there, between) -> tuple:
    """Clash levels' change when a player (with `leave` in its game, `join` in the other) swaps with a partner
    (`partner_here` with the player's game, `partner_there` with its own); `between`: the two together."""
    between = between or CLASH_ZERO
    return tuple(j - b - l + h - b - t for j, l, h, t, b in zip(join, leave, partner_here, partner_there, between))


def ways_to_fill(sizes: list[int]) -> int:
    """How many ways the games, in order, can be filled from the field: n! / (size! for each game)."""
    ways = math.factorial(sum(sizes))
    for size in sizes:
        ways //= math.factorial(size)
    return ways


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


@dataclass(frozen=True)
class PodsEngine(Engine):
    """Games of three and four down the standings (000): sizes from the table, the search above, then seats
    turned so each player sits where they have sat least."""

    sizes: tuple[int, ...] = (3, 4)  # `Game sizes`
    preferred: int = 3  # `Preferred game size`
    other_sizes_at: str = "bottom"  # `Other-size games at`: top or bottom of the standings
    keep_teams_apart: bool = True  # `Keep teams apart` for this round

    def pair(self, entrants: tuple[Entrant, ...], round_number: int,
             seats: Mapping[int, Mapping[int | str, int]]) -> Pairing:
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


def rotate_seats(game: list[int], seats: Mapping[int, Mapping[int | str, int]]) -> list[int]:
    """Seat order for one game: the fewest players in a seat they have had before, then each player's seats as
    even as can be (every seat, not only seat 1), then standings order."""
    counts = {pid: seats.get(pid, {}) for pid in game}

    def key(order: Iterable[int]) -> tuple:
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
    other = flag.other if flag.other is None else names.get(flag.other, flag.other)
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


PAIR_KINDS = ("repeat", "same_team")  # the flags that concern two players of one game, each flagged on both


def game_summary(flags: Sequence[Flag], names: dict[int, str], seated: Sequence[int]) -> str:
    """One game's meetings again and same-team pairs in one clause, each pair once and in seat order; "" when it
    has neither. The notes say each from both sides, which each player needs in the Note column but which made
    `pair` print 44 lines for three Diplomacy boards (issue 31): the terminal takes this instead."""
    at = {pid: position for position, pid in enumerate(seated)}
    found: dict[str, dict[tuple[int, ...], tuple]] = {kind: {} for kind in PAIR_KINDS}
    for flag in flags:
        if flag.kind in PAIR_KINDS and flag.player in at and flag.other in at:
            found[flag.kind].setdefault(tuple(sorted((flag.player, flag.other), key=at.__getitem__)), flag.facts)
    if not any(found.values()):
        return ""

    def pairs(kind: str, detail) -> str:
        return ", ".join(f"{names.get(a, a)} & {names.get(b, b)} ({detail(facts)})"
                         for (a, b), facts in sorted(found[kind].items(), key=lambda item: [at[p] for p in item[0]]))

    clauses = [f"met before: {pairs('repeat', _last_met)}"] if found["repeat"] else []
    clauses += [f"same team: {pairs('same_team', lambda facts: facts[0])}"] if found["same_team"] else []
    proven = all(facts[-1] for kind in PAIR_KINDS for facts in found[kind].values())
    return "; ".join(clauses) + ("; no arrangement avoids them" if proven else
                                 "; the search found no arrangement that avoids them")


def _last_met(facts: tuple) -> str:
    met, times = facts[0], facts[1]
    return f"round {met}" if times == 1 else f"{ordinal(times + 1)} time, last in round {met}"


def ordinal(number: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(number, f"{number}th")
