"""Exact grouping of players with OR-Tools CP-SAT, for what the pods engine's local search leaves.

Team mates and repeat meetings (the clash levels) come before the spread of wins and movement, so which
players share a game matters first and which table it gets second. The model groups the whole field:
each player in exactly one group, each group its size, a Boolean for every pair that costs something
together (true when they share a group), and the clash levels weighted so that one unit of a level
outweighs everything below it. Groups of one size are interchangeable here, so that symmetry is broken
(the k-th player sits in one of the first k groups of its size class). The groups are then laid out
down the standings and polished by swaps that lower the spread and movement without adding a clash.

The solver runs on one worker with a fixed seed and a deterministic work limit, so the same workbook
always gives the same games; its answer is kept only when it is better than the local search's. When
it proves its grouping optimal, the notes can say that no arrangement avoids a repeat.
"""

from __future__ import annotations

from itertools import combinations

from ortools.sat.python import cp_model

from .pods import BOARDS_SOLVER_WORK, CLASH_LEVELS, SOLVER_WORK, ZERO, PodField, add, clash_cost, lay_out, polish

WHOLE_FIELD_SEATS = 2048  # players x games: up to this the whole field is grouped at once (90 players in fours)
WINDOW = 8  # games per window in larger fields


def improve_with_solver(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """The whole field grouped when its model is small enough (or its games are all alike); else windows of
    neighbouring games around each clash, re-arranged with spread and movement in the objective."""
    if not field.ranked or len(field.entrants) * len(games) <= WHOLE_FIELD_SEATS:
        grouped, optimal = solve_groups(field, games, SOLVER_WORK if field.ranked else BOARDS_SOLVER_WORK)
        if clash_cost(field, grouped) < clash_cost(field, games):
            games = polish(field, lay_out(field, grouped)) if field.ranked else grouped
        field.proven = optimal
        return games
    starts = sorted({max(0, min(slot - WINDOW // 2, len(games) - WINDOW)) for slot in range(len(games))
                     if field.clashes(games[slot])})
    for start in starts:  # the round's budget shared among the windows
        games = solve_window(field, games, list(range(start, start + WINDOW)), SOLVER_WORK / len(starts))
    return games


def solve_groups(field: PodField, games: list[list[int]], work: float) -> tuple[list[list[int]], bool]:
    """The grouping with the least clash cost CP-SAT finds within `work`, and whether it is proven optimal.

    First it looks for a grouping with no clash at all (a pure feasibility question, which CP-SAT often
    answers fast even where weighing clashes would be slow); only if there is none does it weigh them."""
    clean, _ = _groups_model(field, games, work / 2, forbid=True)
    if clean is not None:
        return clean, True
    weighed, optimal = _groups_model(field, games, work / 2, forbid=False)
    return (weighed, optimal) if weighed is not None else (games, False)


def _seating_model(field: PodField, players: list[int], slots: list[int]) -> tuple[cp_model.CpModel, dict]:
    """A Boolean per player and game slot: each player in exactly one slot, each slot its size."""
    model = cp_model.CpModel()
    seat = {(p, s): model.NewBoolVar("") for p in players for s in slots}
    for p in players:
        model.AddExactlyOne(seat[p, s] for s in slots)
    for s in slots:
        model.Add(sum(seat[p, s] for p in players) == field.sizes[s])
    return model, seat


def _groups_model(field: PodField, games: list[list[int]], work: float,
                  forbid: bool) -> tuple[list[list[int]] | None, bool]:
    players = [e.id for e in field.entrants]
    slots = list(range(len(games)))
    model, seat = _seating_model(field, players, slots)
    hint = canonical(field, games)
    for size in set(field.sizes):
        group = [s for s in slots if field.sizes[s] == size]
        for index, p in enumerate(players):  # interchangeable groups: the k-th player in one of the first k
            for s in group[index + 1:]:
                model.Add(seat[p, s] == 0)
    if forbid:
        for first in players:
            for second in field.partners[first]:
                if field.rank[first] < field.rank[second]:
                    for s in slots:
                        model.AddBoolOr([seat[first, s].Not(), seat[second, s].Not()])
    else:
        objective, weight = 0, 1
        for level in reversed(_pair_terms(field, model, seat, players, slots)):  # a unit outweighs all below
            objective += weight * sum(cost * variable for variable, cost in level)
            weight *= sum(cost for _, cost in level) + 1
        model.Minimize(objective)
    for (p, s), variable in seat.items():
        model.AddHint(variable, p in hint[s])
    status, solver = _solve(model, work)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, False
    return [[p for p in players if solver.BooleanValue(seat[p, s])] for s in slots], status == cp_model.OPTIMAL


def solve_window(field: PodField, games: list[list[int]], slots: list[int], work: float) -> list[list[int]]:
    """The players of `slots` re-arranged among those games with every level in the objective (the other games
    stay); kept only when better."""
    players = sorted((p for slot in slots for p in games[slot]), key=field.rank.get)
    model, seat = _seating_model(field, players, slots)
    levels = [[(cost, variable) for variable, cost in level] for level in _pair_terms(field, model, seat, players,
                                                                                       slots)]
    low, high = min(field.points[p] for p in players), max(field.points[p] for p in players)
    spreads = []
    for s in slots:
        top, bottom = model.NewIntVar(low, high, ""), model.NewIntVar(low, high, "")
        for p in players:
            model.Add(top >= field.points[p]).OnlyEnforceIf(seat[p, s])
            model.Add(bottom <= field.points[p]).OnlyEnforceIf(seat[p, s])
        spreads += [(1, top), (-1, bottom)]
    levels += [spreads, [(_distance(field, p, s), seat[p, s]) for p in players for s in slots]]
    tops = [sum(cost for cost, _ in level) for level in levels[:CLASH_LEVELS]]
    tops += [(high - low) * len(slots), sum(max(_distance(field, p, s) for s in slots) for p in players)]
    objective, weight = 0, 1
    for level, top in zip(reversed(levels), reversed(tops)):
        objective += weight * sum(cost * variable for cost, variable in level)
        weight *= top + 1
    model.Minimize(objective)
    for (p, s), variable in seat.items():
        model.AddHint(variable, p in games[s])
    status, solver = _solve(model, work)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return games
    arranged = [list(game) for game in games]
    for s in slots:
        arranged[s] = [p for p in players if solver.BooleanValue(seat[p, s])]
    before = add(ZERO, *(field.cost(s, games[s]) for s in slots))
    after = add(ZERO, *(field.cost(s, arranged[s]) for s in slots))
    return arranged if after < before else games


def _distance(field: PodField, player: int, slot: int) -> int:
    """How far a player's rank lies outside a game's standings positions."""
    rank, start = field.rank[player], field.starts[slot]
    end = start + field.sizes[slot] - 1
    return start - rank if rank < start else rank - end if rank > end else 0


def _solve(model: cp_model.CpModel, work: float) -> tuple[int, cp_model.CpSolver]:
    """One worker, a fixed seed and a deterministic work limit: the same model always gets the same answer."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = work
    return solver.Solve(model), solver


def canonical(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """The same games ordered as the symmetry breaking wants them (by their best-ranked player, per size)."""
    ordered = [list(game) for game in games]
    for size in set(field.sizes):
        slots = [s for s in range(len(games)) if field.sizes[s] == size]
        groups = sorted((games[s] for s in slots), key=lambda game: min(field.rank[p] for p in game))
        for slot, game in zip(slots, groups):
            ordered[slot] = list(game)
    return ordered


def _pair_terms(field: PodField, model: cp_model.CpModel, seat: dict, players: list[int], slots: list[int]):
    """A Boolean for each pair that costs something together (true when they share any group), listed under
    each clash level it costs on, with how much."""
    terms: list[list] = [[] for _ in range(CLASH_LEVELS)]
    for first, second in combinations(players, 2):
        costs = field.partners[first].get(second)
        if not costs:
            continue
        together = model.NewBoolVar("")
        for s in slots:
            model.AddBoolOr([seat[first, s].Not(), seat[second, s].Not(), together])
        for level, cost in enumerate(costs):
            if cost:
                terms[level].append((together, cost))
    return terms
