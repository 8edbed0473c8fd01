"""Exact grouping of players with OR-Tools CP-SAT, for what the pods engine's searches leave.

Team mates and repeat meetings (the clash levels) come before the spread of wins and movement, so which
players share a game matters first and which table it gets second. The model groups the whole field:
each player in exactly one group, each group its size, a Boolean for every pair that costs something
together (true when they share a group). Groups of one size are interchangeable here, so that symmetry is
broken (the k-th player sits in one of the first k groups of its size class). It is solved in stages, each
starting from the best grouping known (a hint) and keeping what the one before found:

1. when no repeat is forced by the lower bound of `pods_tabu.repeat_floor`: is there a grouping without
   any clash (a pure feasibility question, which CP-SAT often answers fast)?
2. the clash counts (team mates, third or later meetings, second meetings), weighted so that one unit of a
   level outweighs everything below it, with the lower bound on the repeats as a constraint (it lets
   CP-SAT prove what the bound allows);
3. with each count held at what stage 2 found, how recent the repeats are, newest first: a pair last met
   in round r weighs (repeats + 1) ** (its round's place among the rounds), so one repeat of a round
   outweighs any number of repeats of earlier rounds (rounds taken a few at a time when 64 bits would
   not hold the weights).

In ranked fields `narrow_spread` then groups the field again with only the repeats already chosen allowed
(so no clash level can grow) and the widest spread of wins in a game as the objective; the groups are laid
out down the standings and polished (spread, then movement).

The solver runs on one worker with a fixed seed and a deterministic work limit (never a time limit), so
the same workbook always gives the same games; its answer is kept only when it is better. When it proves
the clash counts optimal, the notes can say that no arrangement avoids a repeat. With OR-Tools 9.15 or later
the models are built through `cpsat` (the same models, without the pandas that `cp_model` imports).
"""

from __future__ import annotations

from itertools import combinations

try:
    from . import cpsat as cp_model  # cp_model's methods the engine uses, without its pandas import (issue 34)
except ImportError:  # OR-Tools before 9.15 builds its models in Python: its own cp_model then
    from ortools.sat.python import cp_model  # type: ignore[no-redef]

from .pods_field import (CLASH_LEVELS, COUNT_LEVELS, SOLVER_WORK, WHOLE_FIELD_SEATS, ZERO, PodField,
                         add, clash_cost, lay_out, polish, spread_floor)
from .pods_tabu import repeat_floor

WINDOW = 8  # games per window in larger fields
SPREAD_WORK = 0.1  # the spread stage's deterministic work budget
COUNTS_SHARE = 0.7  # of the work left after stage 1, the most stage 2 may use (stage 3 has the rest)
SAFE_WEIGHT = 2 ** 52  # objective weights stay below this


def improve_with_solver(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """A ranked field grouped whole when its model is small enough; else windows of neighbouring games around
    each clash, re-arranged with spread and movement in the objective."""
    if len(field.entrants) * len(games) <= WHOLE_FIELD_SEATS:
        grouped, optimal = solve_groups(field, games, SOLVER_WORK)
        if clash_cost(field, grouped) < clash_cost(field, games):
            games = polish(field, lay_out(field, grouped))
        field.proven = field.proven or optimal
        return games
    starts = sorted({max(0, min(slot - WINDOW // 2, len(games) - WINDOW)) for slot in range(len(games))
                     if field.clashes(games[slot])})
    for start in starts:  # the round's budget shared among the windows
        games = solve_window(field, games, list(range(start, start + WINDOW)), SOLVER_WORK / len(starts))
    return games


def solve_groups(field: PodField, games: list[list[int]], work: float) -> tuple[list[list[int]], bool]:
    """The grouping with the least clash cost CP-SAT finds within `work` (counts, then recency), and whether
    its counts are proven optimal."""
    floor = repeat_floor(field)[0]
    players = [e.id for e in field.entrants]
    if floor == 0:
        model, seat = _grouping_model(field, players, games)
        for first, second in _clash_pairs(field, players):
            for s in range(len(games)):
                model.add_bool_or([seat[first, s].Not(), seat[second, s].Not()])
        status, solver = _solve(model, work / 2)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return _groups(solver, seat, players, len(games)), True
        work -= solver.deterministic_time
    model, seat = _grouping_model(field, players, games)
    levels, rounds = _pair_terms(field, model, seat, players, range(len(games)))
    if floor:
        model.add(sum(rounds) >= floor)  # the pairs that meet again: at least the bound
    counts = levels[:COUNT_LEVELS]
    objective, weight = 0, 1
    for level in reversed(counts):  # a unit of a level outweighs all below it
        objective += weight * sum(cost * variable for variable, cost in level)
        weight *= sum(cost for _, cost in level) + 1
    model.minimize(objective)
    status, solver = _solve(model, work * COUNTS_SHARE)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return games, False
    work -= solver.deterministic_time  # what the counts left passes to recency
    optimal = status == cp_model.OPTIMAL
    found = _groups(solver, seat, players, len(games))
    values = [sum(cost * solver.value(variable) for variable, cost in level) for level in counts]
    if any(values[1:]) and len(set(rounds.values())) > 1:
        for level, value in zip(counts, values):
            model.add(sum(cost * variable for variable, cost in level) <= value)
        found = _by_recency(field, model, seat, players, found, rounds, sum(values[1:]), work) or found
    return found, optimal


def _by_recency(field: PodField, model: cp_model.CpModel, seat: dict, players: list[int], games: list[list[int]],
                rounds: dict, repeats: int, work: float) -> list[list[int]] | None:
    """Stage 3: the counts held, how recent the repeats are, newest rounds first, a few rounds at a time."""
    by_round: dict[int, list] = {}
    for variable, last in rounds.items():
        by_round.setdefault(last, []).append(variable)
    order = sorted(by_round, reverse=True)
    chunks: list[list[int]] = []
    chunk: list[int] = []
    weight = 1
    for last in order:
        if chunk and weight * (repeats + 1) > SAFE_WEIGHT:
            chunks.append(chunk)
            chunk, weight = [], 1
        chunk.append(last)
        weight *= repeats + 1
    chunks.append(chunk)
    found = None
    for index, chunk in enumerate(chunks):
        if work <= 0:
            break
        expression, weight = 0, 1
        for last in reversed(chunk):  # the oldest round of the chunk weighs 1
            expression += weight * sum(by_round[last])
            weight *= repeats + 1
        model.minimize(expression)
        _hint(model, seat, players, found or games)
        status, solver = _solve(model, work / (len(chunks) - index))
        work -= solver.deterministic_time
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found = _groups(solver, seat, players, len(games))
        model.add(expression <= int(solver.objective_value))
    return found


def _clash_pairs(field: PodField, players: list[int]):
    for first in players:
        for second in field.partners[first]:
            if field.rank[first] < field.rank[second]:
                yield first, second


def _seating_model(field: PodField, players: list[int], slots) -> tuple[cp_model.CpModel, dict]:
    """A Boolean per player and game slot: each player in exactly one slot, each slot its size."""
    model = cp_model.CpModel()
    seat = {(p, s): model.new_bool_var("") for p in players for s in slots}
    for p in players:
        model.add_exactly_one(seat[p, s] for s in slots)
    for s in slots:
        model.add(sum(seat[p, s] for p in players) == field.sizes[s])
    return model, seat


def _grouping_model(field: PodField, players: list[int], games: list[list[int]]):
    """The whole field's seating, its interchangeable groups' symmetry broken, hinted with `games`."""
    slots = list(range(len(games)))
    model, seat = _seating_model(field, players, slots)
    for size in set(field.sizes):
        group = [s for s in slots if field.sizes[s] == size]
        for index, p in enumerate(players):  # interchangeable groups: the k-th player in one of the first k
            for s in group[index + 1:]:
                model.add(seat[p, s] == 0)
    _hint(model, seat, players, canonical(field, games))
    return model, seat


def _hint(model: cp_model.CpModel, seat: dict, players: list[int], games: list[list[int]]) -> None:
    model.clear_hints()
    where = {p: s for s, game in enumerate(games) for p in game}
    for (p, s), variable in seat.items():
        model.add_hint(variable, where.get(p) == s)


def _groups(solver: cp_model.CpSolver, seat: dict, players: list[int], count: int) -> list[list[int]]:
    return [[p for p in players if solver.boolean_value(seat[p, s])] for s in range(count)]


def narrow_spread(field: PodField, games: list[list[int]], work: float = SPREAD_WORK) -> list[list[int]]:
    """The field grouped again for the narrowest widest spread of wins, only the clashing pairs already
    together allowed to share a game (so no clash level grows); kept when the whole cost is lower."""
    grouped, _ = narrowest_groups(field, games, work)
    if grouped is None:
        return games
    arranged = polish(field, lay_out(field, grouped))
    return arranged if field.total(arranged) < field.total(games) else games


def narrowest_groups(field: PodField, games: list[list[int]], work: float) -> tuple[list[list[int]] | None, bool]:
    """CP-SAT's grouping with the narrowest widest spread (only the clashing pairs together in `games` may
    share a game), and whether that spread is proven the narrowest.

    A yes-or-no question per width, narrowest last: a Boolean per game and number of points says that the
    game holds a player with those points, and two numbers further apart than the width may not share a
    game. Each narrower width only adds clauses, so one model serves them all, and each question starts
    from the last answer; the work budget is shared (what a question leaves passes to the next)."""
    players = [e.id for e in field.entrants]
    model, seat, holds, values = _spread_model(field, players, games)
    found, proven, left = None, False, work
    width, floor = field.widest_spread(games) - 1, spread_floor(field)
    forbidden: set[tuple[int, int]] = set()
    while width >= floor and left > 0:
        _forbid_wider(model, holds, values, width, forbidden, len(games))
        status, solver = _solve(model, left)
        left -= solver.deterministic_time
        if status == cp_model.INFEASIBLE:
            proven = True
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        found = _groups(solver, seat, players, len(games))
        _hint(model, seat, players, found)
        width = field.widest_spread(found) - 1
    return found, proven or (found is not None and field.widest_spread(found) == floor)


def _spread_model(field: PodField, players: list[int], games: list[list[int]]):
    """The grouping model with no clashing pair together that `games` keeps apart, and a Boolean per game and
    number of points saying that the game holds a player with those points; with the points that occur."""
    slots = range(len(games))
    model, seat = _grouping_model(field, players, games)
    together = {frozenset(pair) for game in games for pair in combinations(game, 2)}
    for first, second in _clash_pairs(field, players):
        if frozenset((first, second)) not in together:
            for s in slots:
                model.add_bool_or([seat[first, s].Not(), seat[second, s].Not()])
    values = sorted({field.points[p] for p in players})
    holds = {(v, s): model.new_bool_var("") for v in values for s in slots}
    for p in players:
        for s in slots:
            model.add_implication(seat[p, s], holds[field.points[p], s])
    return model, seat, holds, values


def _forbid_wider(model, holds, values: list[int], width: int, forbidden: set[tuple[int, int]], games: int) -> None:
    """No game holds two numbers of points further apart than `width` (clauses added once per pair of numbers)."""
    for low in values:
        for high in values:
            if high - low > width and (low, high) not in forbidden:
                forbidden.add((low, high))
                for s in range(games):
                    model.add_bool_or([holds[low, s].Not(), holds[high, s].Not()])


def solve_window(field: PodField, games: list[list[int]], slots: list[int], work: float) -> list[list[int]]:
    """The players of `slots` re-arranged among those games with every level in the objective (the other games
    stay); kept only when better. Recency weighs here by the round of the last meeting (newest first only
    approximately: the weights must fit 64 bits); the exact cost decides what is kept."""
    players = sorted((p for slot in slots for p in games[slot]), key=field.rank.__getitem__)
    model, seat = _seating_model(field, players, slots)
    terms, rounds = _pair_terms(field, model, seat, players, slots)
    levels = [[(cost, variable) for variable, cost in level] for level in terms[:COUNT_LEVELS]]
    levels.append([(last, variable) for variable, last in rounds.items()])
    low, high = min(field.points[p] for p in players), max(field.points[p] for p in players)
    spreads = []
    for s in slots:
        top, bottom = model.new_int_var(low, high, ""), model.new_int_var(low, high, "")
        for p in players:
            model.add(top >= field.points[p]).only_enforce_if(seat[p, s])
            model.add(bottom <= field.points[p]).only_enforce_if(seat[p, s])
        spreads += [(1, top), (-1, bottom)]
    levels += [spreads, [(_distance(field, p, s), seat[p, s]) for p in players for s in slots]]
    tops = [sum(cost for cost, _ in level) for level in levels[:CLASH_LEVELS]]
    tops += [(high - low) * len(slots), sum(max(_distance(field, p, s) for s in slots) for p in players)]
    objective, weight = 0, 1
    for level, top in zip(reversed(levels), reversed(tops)):
        objective += weight * sum(cost * variable for cost, variable in level)
        weight *= top + 1
    model.minimize(objective)
    for (p, s), variable in seat.items():
        model.add_hint(variable, p in games[s])
    status, solver = _solve(model, work)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return games
    arranged = [list(game) for game in games]
    for s in slots:
        arranged[s] = [p for p in players if solver.boolean_value(seat[p, s])]
    before = add(ZERO, *(field.cost(s, games[s]) for s in slots))
    after = add(ZERO, *(field.cost(s, arranged[s]) for s in slots))
    return arranged if after < before else games


def _distance(field: PodField, player: int, slot: int) -> int:
    """How far a player's rank lies outside a game's standings positions."""
    rank, start = field.rank[player], field.starts[slot]
    end = start + field.sizes[slot] - 1
    return start - rank if rank < start else rank - end if rank > end else 0


def _solve(model: cp_model.CpModel, work: float) -> tuple[cp_model.CpSolverStatus, cp_model.CpSolver]:
    """One worker, a fixed seed and a deterministic work limit: the same model always gets the same answer."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = work
    return solver.solve(model), solver


def canonical(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """The same games ordered as the symmetry breaking wants them (by their best-ranked player, per size)."""
    ordered = [list(game) for game in games]
    for size in set(field.sizes):
        slots = [s for s in range(len(games)) if field.sizes[s] == size]
        groups = sorted((games[s] for s in slots), key=lambda game: min(field.rank[p] for p in game))
        for slot, game in zip(slots, groups):
            ordered[slot] = list(game)
    return ordered


def _pair_terms(field: PodField, model: cp_model.CpModel, seat: dict, players: list[int], slots):
    """A Boolean for each pair that costs something together (true when they share any group), listed under
    each counting level it costs on, with how much; and, for the pairs that met, the round they last met."""
    terms: list[list] = [[] for _ in range(COUNT_LEVELS)]
    rounds: dict = {}
    for first, second in combinations(players, 2):
        costs = field.partners[first].get(second)
        if not costs:
            continue
        together = model.new_bool_var("")
        for s in slots:
            model.add_bool_or([seat[first, s].Not(), seat[second, s].Not(), together])
        for level, cost in enumerate(costs[:COUNT_LEVELS]):
            if cost:
                terms[level].append((together, cost))
        last = field.last_met(first, second)
        if last is not None:
            rounds[together] = last
    return terms, rounds
