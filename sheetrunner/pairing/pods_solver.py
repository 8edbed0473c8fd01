"""Exact arrangement of games with OR-Tools CP-SAT, for what the pods engine's local search leaves.

A window of games (the whole field when it is small) is a model: each player in exactly one game, each
game its size; a Boolean per game for every pair that costs something together (team mates, repeat
meetings); each game's highest and lowest wins; each player's distance from the game's standings
positions. The objective weighs the levels so that one unit of a level outweighs everything below it.
The solver runs on one worker with a fixed seed and a deterministic work limit, so the same workbook
always gives the same games. Its answer replaces the local search's only when it is better.
"""

from __future__ import annotations

from itertools import combinations

from ortools.sat.python import cp_model

from .pods import CLASH_LEVELS, SOLVER_FIELD, SOLVER_WINDOW, SOLVER_WORK, ZERO, PodField, add


def improve_with_solver(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """The whole field re-solved when it is small; else a window of games around each game with a clash."""
    if whole_field(field):
        solved, optimal = solve_window(field, games, list(range(len(games))))
        field.proven = optimal
        return solved
    tried: set[int] = set()
    for slot in range(len(games)):
        start = max(0, min(slot - SOLVER_WINDOW // 2, len(games) - SOLVER_WINDOW))
        if field.clashes(games[slot]) and start not in tried:
            tried.add(start)
            games, _ = solve_window(field, games, list(range(start, start + SOLVER_WINDOW)))
    return games


def whole_field(field: PodField) -> bool:
    """Alike games (Diplomacy boards) are solved whole, their symmetry broken; ranked games when few."""
    return not field.ranked or len(field.sizes) <= SOLVER_WINDOW or len(field.entrants) <= SOLVER_FIELD


def solve_window(field: PodField, games: list[list[int]], slots: list[int]) -> tuple[list[list[int]], bool]:
    """The best arrangement of the players of `slots` among those games (the others stay); and whether it is
    proven optimal."""
    players = sorted((p for slot in slots for p in games[slot]), key=field.rank.get)
    model = cp_model.CpModel()
    seat = {(p, s): model.NewBoolVar(f"x{p}_{s}") for p in players for s in slots}
    for p in players:
        model.AddExactlyOne(seat[p, s] for s in slots)
    for s in slots:
        model.Add(sum(seat[p, s] for p in players) == field.sizes[s])
    if not field.ranked and len({field.sizes[s] for s in slots}) == 1:
        for index, p in enumerate(players):  # alike games: the k-th player sits in one of the first k games
            for s in slots[index + 1:]:
                model.Add(seat[p, s] == 0)
    clash_terms = _pair_terms(field, model, seat, players, slots)  # one (variable, cost) list per clash level
    spread = _spread_terms(field, model, seat, players, slots)
    movement = sum(seat[p, s] * _distance(field, p, s) for p in players for s in slots)
    levels = [sum(cost * variable for variable, cost in terms) for terms in clash_terms] + [spread, movement]
    tops = [sum(cost for _, cost in terms) for terms in clash_terms] + [
        (max(field.points[p] for p in players) - min(field.points[p] for p in players)) * len(slots),
        sum(max(_distance(field, p, s) for s in slots) for p in players)]
    objective, weight = 0, 1
    for level, top in zip(reversed(levels), reversed(tops)):  # one unit of a level outweighs all below it
        objective += weight * level
        weight *= top + 1
    model.Minimize(objective)
    for (p, s), variable in seat.items():
        model.AddHint(variable, p in games[s])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = SOLVER_WORK
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return games, False
    arranged = [list(game) for game in games]
    for s in slots:
        arranged[s] = [p for p in players if solver.BooleanValue(seat[p, s])]
    before = add(ZERO, *(field.cost(s, games[s]) for s in slots))
    after = add(ZERO, *(field.cost(s, arranged[s]) for s in slots))
    if after < before:
        return arranged, status == cp_model.OPTIMAL
    return games, status == cp_model.OPTIMAL and after == before


def _pair_terms(field: PodField, model: cp_model.CpModel, seat: dict, players: list[int], slots: list[int]):
    """A Boolean for each pair that costs something together (true when they share any game), listed under
    each clash level it costs on, with how much."""
    terms: list[list] = [[] for _ in range(CLASH_LEVELS)]
    for first, second in combinations(players, 2):
        costs = field.pair_cost(first, second)
        if not any(costs):
            continue
        together = model.NewBoolVar("")
        for s in slots:
            model.AddBoolOr([seat[first, s].Not(), seat[second, s].Not(), together])
        for level, cost in enumerate(costs):
            if cost:
                terms[level].append((together, cost))
    return terms


def _spread_terms(field: PodField, model: cp_model.CpModel, seat: dict, players: list[int], slots: list[int]):
    low, high = min(field.points[p] for p in players), max(field.points[p] for p in players)
    spread = 0
    for s in slots:
        top, bottom = model.NewIntVar(low, high, ""), model.NewIntVar(low, high, "")
        for p in players:
            model.Add(top >= field.points[p]).OnlyEnforceIf(seat[p, s])
            model.Add(bottom <= field.points[p]).OnlyEnforceIf(seat[p, s])
        spread += top - bottom
    return spread


def _distance(field: PodField, player: int, slot: int) -> int:
    """How far a player's rank lies outside a game's standings positions."""
    rank, start = field.rank[player], field.starts[slot]
    end = start + field.sizes[slot] - 1
    return start - rank if rank < start else rank - end if rank > end else 0
