"""Brute-force oracles for the pairing engines, written from the rules' text (SPEC §5.1, §5.2; sources 000, 003,
004), sharing no code with the engines: they read who met whom (and when) from the games played, count repeats,
recent repeats, spreads, floats and byes themselves, and score a candidate by its own lexicographic key
(smaller is better). A test compares the key of the engine's answer with the least key over every candidate,
so it fails when the engine's cost forgets a rule, weighs one wrongly or puts two in the wrong order.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

Games = list[list[int]]


# --- pods (SPEC §5.2, 000) -----------------------------------------------------------------------------------


def meetings(rounds: list[Games]) -> dict[frozenset, list[int]]:
    """Pair -> the rounds it met in, read from the games played."""
    found: dict[frozenset, list[int]] = {}
    for number, games in enumerate(rounds, start=1):
        for game in games:
            for pair in combinations(game, 2):
                found.setdefault(frozenset(pair), []).append(number)
    return found


def pods_clash_key(games: Games, rounds: list[Games], teams: dict[int, str]) -> tuple:
    """The clash levels of a grouping, in order: team mates together; meetings for the third time or more (a
    fourth counting twice, …); second meetings; the rounds the repeated pairs last met, newest first, compared as
    lists (000: "Newer games take precedence over older games", so one repeat from round r is worse than any
    number from earlier rounds)."""
    met = meetings(rounds)
    team = frequent = second = 0
    recency = []
    for game in games:
        for a, b in combinations(game, 2):
            team += bool(teams.get(a)) and teams.get(a) == teams.get(b)
            before = met.get(frozenset((a, b)), [])
            frequent += max(0, len(before) - 1)
            second += len(before) == 1
            if before:
                recency.append(max(before))
    return team, frequent, second, sorted(recency, reverse=True)


def pods_key(layout: Games, rounds: list[Games], wins: dict[int, int], order: list[int],
             teams: dict[int, str]) -> tuple:
    """The rules' whole key of games laid out from the top table down: the clash levels, then the spread of wins
    in each game, widest first (the spreads sorted from the widest down, compared as lists), then movement (each
    game's players, best first, against the standings positions of its seats)."""
    spread, movement, position = [], 0, 0
    for game in layout:
        spread.append(max(wins[p] for p in game) - min(wins[p] for p in game))
        for rank in sorted(order.index(p) for p in game):
            movement += abs(rank - position)
            position += 1
    return (*pods_clash_key(layout, rounds, teams), sorted(spread, reverse=True), movement)


def groupings(players: list[int], sizes: list[int]):
    """Every way to split players into unordered games of the given sizes."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            for tail in groupings([p for p in rest if p not in others], left):
                yield [[first, *others]] + tail


def best_pods_key(rounds, wins, order, teams, sizes) -> tuple:
    """The least key over every grouping, each laid out on the tables every way the sizes allow."""
    best = None
    for grouping in groupings(sorted(order), sorted(sizes)):
        for layout in permutations(grouping):
            if [len(g) for g in layout] == sizes:
                found = pods_key(list(layout), rounds, wins, order, teams)
                best = found if best is None or found < best else best
    return best


# --- Swiss (SPEC §5.1, 003, 004) -----------------------------------------------------------------------------


def all_matchings(nodes: list):
    """Every way to pair the nodes (an even number of them)."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for index, other in enumerate(rest):
        for tail in all_matchings(rest[:index] + rest[index + 1:]):
            yield [(first, other)] + tail


def swiss_candidates(request):
    """Every pairing of the round as (games as pairs of IDs, the bye's ID or None)."""
    ids = [e.id for e in request.entrants]
    for bye in (ids if len(ids) % 2 else [None]):
        yield from ((games, bye) for games in all_matchings([p for p in ids if p != bye]))


def swiss_key(request, games: list[tuple[int, int]], bye: int | None) -> tuple:
    """The rules' key of one pairing, in order: hard rules when rematches are not allowed (how many rematches,
    then whether the bye is a second one, then the rounds the rematched pairs last met, oldest best); team mates
    (when kept apart) and players with different fixed tables paired together; the bye taker's distance from the
    lowest-ranked player without a bye (the players below them who could have taken it; all below, for a second
    bye); the score differences sorted from the largest down; rematches when allowed (how many, then how
    recent); standings order (the rank distance of each pair)."""
    rank = {e.id: index for index, e in enumerate(request.entrants)}
    by_id = {e.id: e for e in request.entrants}
    rematches = recency = team = order = 0
    differences = []
    for a, b in games:
        first, second = sorted((by_id[a], by_id[b]), key=lambda e: rank[e.id])
        if second.id in first.met:
            rematches, recency = rematches + 1, recency + first.met[second.id]
        team += request.keep_teams_apart and bool(first.team) and first.team == second.team
        team += bool(first.fixed_table and second.fixed_table and first.fixed_table != second.fixed_table)
        differences.append(abs(Fraction(first.score) - Fraction(second.score)))
        order += rank[second.id] - rank[first.id]
    second_bye = bye is not None and by_id[bye].had_bye
    bye_cost = 0
    if bye is not None:
        below = request.entrants[rank[bye] + 1:]
        bye_cost = len(below) if second_bye else sum(not e.had_bye for e in below)
    if request.allow_rematches:
        hard, soft = (0, int(second_bye), 0), (rematches, recency)
    else:
        hard, soft = (rematches, int(second_bye), recency), (0, 0)
    return hard, team, bye_cost, tuple(sorted(differences, reverse=True)), soft, order


def best_swiss_key(request) -> tuple:
    return min(swiss_key(request, games, bye) for games, bye in swiss_candidates(request))


def swiss_key_of(request, pairing) -> tuple:
    """The rules' key of an engine's `Pairing`."""
    byes = list(pairing.byes)
    return swiss_key(request, [tuple(t.player_ids) for t in pairing.tables], byes[0] if byes else None)
