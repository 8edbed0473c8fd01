"""The Swiss engine for two-player games (SPEC §5.1).

The objective, in strict order (each level counts only among pairings equal on every level above it):

1. hard rules: no rematch and no second bye (a more recent rematch weighs more);
2. team mates (and players with different fixed tables) apart, as the event's option says;
3. the bye to the lowest-ranked player who has not had one (004);
4. the score differences of the pairs, sorted from the largest down, compared element by element: the
   longest float as short as possible, then the next (as FIDE's score-difference lists), so one long
   float never replaces a chain of short ones; this also fixes how many pairs float;
5. (when the event allows rematches) as few rematches as possible, recent ones weighing more;
6. standings order: the smallest sum of rank distances, which is 1 v 2, 3 v 4 inside a score group and
   a floater meeting the nearest player it can.

That is a maximum-weight perfect matching whose integer weights encode the levels. To stay exact and
fast, the field is cut into blocks of consecutive pairs of the ideal pairing (1 v 2, 3 v 4, … down the
standings: inside a score group, and as a chain of short floats between groups), whose cost is a lower
bound no pairing beats. A block whose ideal pairs break no rule is kept. Any other block is solved
exactly on integer arrays. Usually nothing on levels 1-3 need be given up: the final matching is tried
on the pairs that give up nothing and float no further than a floor no pairing beats, then further, and
the first that pairs everyone is the answer (`_clean_matching`). Otherwise in three steps: the best cost
on levels 1-3 (edges that cannot be in an optimal pairing are dropped), the smallest possible longest
float (edges longer than it are dropped), then the full lexicographic weights over what remains, which
then fit in 64 bits (else rustworkx matches them exactly on integers up to 120 bits; networkx is never
needed). A block that misses its share of the bound absorbs its neighbours and is solved again, while that
helps: widening stops as soon as the bound is met, when a wider block does no better than the
narrower one did, or at `WIDEST_BLOCK` players. Every block that meets its share is optimal for the
whole field on levels 1-5, since the shares add up to the bound.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator

import numpy as np

from . import Engine, Entrant, Flag, Pairing, PairingRequest
from .matching import max_weight_matching
from .tables import assign_tables

FIRST_BLOCK = 16
WIDEST_BLOCK = 256
INT_LIMIT = 2 ** 62  # the matching is fastest on 64-bit weights (numpy arrays)
WIDE_LIMIT = 2 ** 120  # rustworkx matches exactly on 128-bit integers; its blossom duals need the headroom


@dataclass
class Quality:
    """What a pairing had to give up, as the benchmark and the tests count it."""

    rematches: int
    same_team: int
    cross_group_pairs: int
    score_difference: Fraction
    largest_difference: Fraction


@dataclass
class Edges:
    """The candidate pairs of one block as parallel integer arrays (local node numbers), one array per level."""

    u: np.ndarray
    v: np.ndarray
    hard: np.ndarray
    team: np.ndarray
    bye: np.ndarray
    diff: np.ndarray
    soft: np.ndarray
    order: np.ndarray

    def keep(self, mask: np.ndarray) -> Edges:
        return Edges(*(getattr(self, name)[mask] for name in self.__dataclass_fields__))


class SwissField:
    """The entrants of one round as matching nodes (standings order), plus a bye node when the count is odd."""

    def __init__(self, request: PairingRequest):
        self.request = request
        self.entrants = list(request.entrants)
        self.size = len(self.entrants)
        self.bye_node = self.size if self.size % 2 else None
        self.node_count = self.size + (1 if self.bye_node is not None else 0)
        exact = [Fraction(e.score) for e in self.entrants]
        self.scale = math.lcm(*(score.denominator for score in exact)) if exact else 1
        scores = [score.numerator * (self.scale // score.denominator) for score in exact]
        self.scores = np.array(scores + ([scores[-1]] if self.bye_node is not None else []), dtype=np.int64)
        index = {e.id: i for i, e in enumerate(self.entrants)}
        self.met = [{index[o]: r for o, r in e.met.items() if o in index} for e in self.entrants]
        teams = {team: code for code, team in enumerate(sorted({e.team for e in self.entrants if e.team}), start=1)}
        self.teams = np.array([teams.get(e.team, 0) if request.keep_teams_apart else 0 for e in self.entrants] +
                              [0] * (self.bye_node is not None), dtype=np.int64)
        self.fixed = np.array([e.fixed_table or 0 for e in self.entrants] + [0] * (self.bye_node is not None),
                              dtype=np.int64)
        self.bye_rank = np.array(self._bye_rank_costs() + [0] * (self.bye_node is not None), dtype=np.int64)
        self.had_bye = np.array([e.had_bye for e in self.entrants] + [False] * (self.bye_node is not None))
        self.rematch_weight = request.round + 1

    def _bye_rank_costs(self) -> list[int]:
        """For each player, how many players below them could take the bye instead (everyone, for a second bye)."""
        below, costs = 0, [0] * self.size
        for index in range(self.size - 1, -1, -1):
            if self.entrants[index].had_bye:
                costs[index] = self.size - 1 - index
            else:
                costs[index] = below
                below += 1
        return costs

    # --- costs -------------------------------------------------------------------------------------------

    def edges(self, nodes: list[int]) -> Edges:
        """Every pair of `nodes` (sorted) with its cost on each level, as arrays over local node numbers."""
        count = len(nodes)
        local_u, local_v = np.triu_indices(count, k=1)
        node = np.array(nodes, dtype=np.int64)
        met = np.zeros((count, count), dtype=np.int64)
        position = {n: k for k, n in enumerate(nodes)}
        for k, n in enumerate(nodes):
            if n != self.bye_node:
                for other, round_met in self.met[n].items():
                    if other in position:
                        met[k, position[other]] = round_met
        return self._levels(local_u, local_v, node[local_u], node[local_v], met[local_u, local_v])

    def _levels(self, u, v, first: np.ndarray, second: np.ndarray, met_round: np.ndarray) -> Edges:
        """The cost of pairs (first ranked above second) on every level: the one definition of the objective."""
        rematch = np.where(met_round > 0, self.rematch_weight + met_round, 0)
        is_bye = second == (self.bye_node if self.bye_node is not None else -1)
        had_bye = self.had_bye[first]
        hard = np.where(is_bye, np.where(had_bye, self.rematch_weight, 0), 0 if self.request.allow_rematches
                        else rematch)
        soft = np.where(is_bye, 0, rematch if self.request.allow_rematches else 0)
        teams = self.teams[first]
        team = ((teams > 0) & (teams == self.teams[second])).astype(np.int64)
        team += (self.fixed[first] > 0) & (self.fixed[second] > 0) & (self.fixed[first] != self.fixed[second])
        team = np.where(is_bye, 0, team)
        bye = np.where(is_bye, self.bye_rank[first], 0)
        diff = np.where(is_bye, 0, np.abs(self.scores[first] - self.scores[second]))
        order = np.where(is_bye, 0, second - first)
        return Edges(u, v, hard, team, bye, diff, soft, order)

    def vector(self, pairs: list[tuple[int, int]]) -> tuple:
        """A whole pairing's cost as a comparable tuple, level by level (4 is the sorted differences)."""
        ordered = [tuple(sorted(pair)) for pair in pairs]
        first = np.array([a for a, _ in ordered], dtype=np.int64)
        second = np.array([b for _, b in ordered], dtype=np.int64)
        met = np.array([self.met[a].get(b, 0) if b != self.bye_node else 0 for a, b in ordered], dtype=np.int64)
        levels = self._levels(first, second, first, second, met)
        diffs = tuple(sorted((int(d) for d in levels.diff), reverse=True))
        return (int(levels.hard.sum()), int(levels.team.sum()), int(levels.bye.sum()), diffs, int(levels.soft.sum()),
                int(levels.order.sum()))

    # --- the ideal pairing and the blocks ------------------------------------------------------------------

    def natural(self) -> list[tuple[int, int]]:
        """The ideal pairing: 1 v 2, 3 v 4, … down the standings (the bye node last). Scores only fall down the
        standings, so pairing neighbours gives the smallest largest difference, then the smallest next one, and
        so on (a floater meets the top of the group below, which floats its own lowest on, a chain of short
        floats); no pairing beats it on levels 4 and 6."""
        return [(index, index + 1) for index in range(0, self.node_count - 1, 2)]

    def solve(self) -> list[tuple[int, int]]:
        """Block by block (see the module docstring)."""
        ideal = self.natural()
        per_block = FIRST_BLOCK // 2
        blocks = {index: ideal[start:start + per_block] for index, start in enumerate(range(0, len(ideal), per_block))}
        owner = {node: index for index, pairs in blocks.items() for pair in pairs for node in pair}
        solved: dict[int, list[tuple[int, int]]] = {}
        known: dict[int, list[tuple[int, int]]] = {}  # a widened block's solution, found while deciding to widen
        queue = sorted(blocks)
        while queue:
            block = queue.pop(0)
            if block not in blocks:
                continue  # absorbed into a wider block
            natural = blocks[block]
            bound = self.vector(natural)
            pairs = known.pop(block, None) or self.solve_block(natural, bound)
            if pairs is natural:
                solved[block] = natural  # breaks no rule: nothing beats it
                continue
            found = self.vector(pairs)
            nodes = sorted(n for pair in natural for n in pair)
            if _meets(found, bound) or len(nodes) >= min(WIDEST_BLOCK, self.node_count):
                solved[block] = pairs
                continue
            wider = _neighbours(nodes, owner, block, blocks, target=min(WIDEST_BLOCK, 2 * len(nodes)))
            if not wider:
                solved[block] = pairs
                continue
            merged = natural + [pair for other in wider for pair in blocks[other]]
            for other in wider:  # compare with the neighbours at their own best, not their ideal pairs
                if other not in solved and other not in known:
                    known[other] = self.solve_block(blocks[other])
            combined = pairs + [pair for other in wider for pair in solved.get(other) or known[other]]
            parts = self.vector(combined)
            widened = solve_exactly(self, sorted(merged), parts[3][0] if parts[3] and not any(parts[:3]) else None)
            if self.vector(widened)[:5] >= parts[:5]:
                solved[block] = pairs  # a wider block does no better on levels 1-5: stop widening here
                continue
            for other in wider:
                blocks.pop(other)
                solved.pop(other, None)
            blocks[block] = sorted(merged)
            known[block] = widened
            for pair in blocks[block]:
                owner[pair[0]] = owner[pair[1]] = block
            queue.insert(0, block)
        return sorted(pair for pairs in solved.values() for pair in pairs)

    def solve_block(self, natural: list[tuple[int, int]], bound: tuple | None = None) -> list[tuple[int, int]]:
        """A block's ideal pairs when they break no rule (then nothing beats them), else its exact solution;
        `bound` is the ideal pairs' cost when the caller has it."""
        return natural if _keeps_ideal(bound or self.vector(natural)) else solve_exactly(self, natural)


def _keeps_ideal(vector: tuple) -> bool:
    return not any(vector[:3]) and not vector[4]


def _meets(found: tuple, ideal: tuple) -> bool:
    """A block meets its share of the lower bound on levels 1-5: nothing given up on levels 1-3 and 5, and the
    ideal pairing's score differences (only standings order may differ)."""
    return not any(found[:3]) and found[3] <= ideal[3] and not found[4]


def _neighbours(nodes: list[int], owner: dict[int, int], block: int, blocks: dict, target: int) -> list[int]:
    """Blocks holding the players ranked just above or below this block's, widening ring by ring."""
    chosen: list[int] = []
    size = len(nodes)
    frontier = set(nodes)
    while size < target:
        ring = sorted({owner[k] for node in frontier for k in (node - 1, node + 1)
                       if k in owner and owner[k] != block and owner[k] not in chosen})
        if not ring:
            break
        chosen += ring
        frontier = {node for other in ring for pair in blocks[other] for node in pair}
        size += len(frontier)
    return chosen


# --- solving one block exactly ----------------------------------------------------------------------------


def solve_exactly(field: SwissField, natural: list[tuple[int, int]],
                  within: int | None = None) -> list[tuple[int, int]]:
    """The optimal pairing of the block's players on every level (see the module docstring). `within` is a
    longest float that a pairing giving up nothing is known to reach (the parts' answers, when widening)."""
    nodes = sorted(n for pair in natural for n in pair)
    edges = field.edges(nodes)
    shortest = _no_shorter_than(field, natural)
    clean = edges.keep((edges.hard == 0) & (edges.team == 0) & (edges.bye == 0))
    pairs = _clean_matching(len(nodes), clean, shortest, within)
    if pairs is not None:
        return sorted((nodes[a], nodes[b]) for a, b in pairs)
    upper = _best_upper(len(nodes), edges)
    edges = edges.keep(_optimal_upper_edges(edges, upper))
    edges = edges.keep(edges.diff <= _shortest_longest_float(len(nodes), edges, upper, shortest))
    pairs = _lexicographic_matching(len(nodes), edges, upper)
    return sorted((nodes[a], nodes[b]) for a, b in pairs)


def _no_shorter_than(field: SwissField, natural: list[tuple[int, int]]) -> int:
    """A floor under the block's longest float: no pairing floats less far than pairing neighbours in score
    order. With the bye in the block one player sits out (the bye pairs with anyone at no difference):
    whichever leaves the shortest longest float among the rest, found in one pass."""
    scores = sorted((int(field.scores[n]) for pair in natural for n in pair if n != field.bye_node), reverse=True)
    gaps = [high - low for high, low in zip(scores, scores[1:])]
    if len(scores) % 2 == 0:
        return max(gaps[0::2], default=0)
    # sitting out the k-th (k even) pairs 0-1, …, (k-2)-(k-1) above it (even gaps) and the odd gaps below it
    below = [0] * (len(scores) + 1)
    for index in range(len(gaps) - 1, -1, -1):
        below[index] = max(below[index + 1], gaps[index] if index % 2 else 0)
    floor, above = below[1], 0
    for k in range(2, len(scores), 2):
        above = max(above, gaps[k - 2])
        floor = min(floor, max(above, below[k + 1]))
    return floor


def _clean_matching(count: int, clean: Edges, shortest: int,
                    within: int | None = None) -> list[tuple[int, int]] | None:
    """The usual case: nothing on levels 1-3 need be given up, and the longest float is at its floor
    (`shortest`) or a little above. Each try is the final matching on the pairs that float at most so far;
    galloping up the possible longest floats (or starting from `within`, known to pair everyone), then
    halving back, the shortest that pairs everyone is found in a few tries (a try whose weights would not
    fit 64 bits only asks whether everyone can be paired, and the answer is matched once found). None when
    no pairing of these pairs pairs everyone."""
    values = sorted({value for value in clean.diff.tolist() if value >= shortest})
    tried: dict[int, tuple[bool, list[tuple[int, int]] | None]] = {}  # index -> (pairs everyone, the pairs)

    def pairs_everyone(index: int) -> bool:
        if index not in tried:
            allowed = clean.keep(clean.diff <= values[index])
            pairs = _lexicographic_matching(count, allowed, (), fast_only=True)
            everyone = _perfect(count, allowed) if pairs is None else len(pairs) * 2 == count
            tried[index] = everyone, pairs
        return tried[index][0]

    start = values.index(within) if within in values else 0
    if within in values:
        tried[start] = True, None  # known to pair everyone; matched only if it is the answer
    found = _first_that(pairs_everyone, len(values), start)
    if found is None:
        return None
    return tried[found][1] or _lexicographic_matching(count, clean.keep(clean.diff <= values[found]), ())


def _first_that(holds: Callable[[int], bool], count: int, start: int = 0) -> int | None:
    """The first index below `count` at which `holds` is true, for a test that stays true once it is (a
    longer longest float allows every pairing a shorter one did): galloping up from `start`, then halving
    back. None when it holds nowhere from `start` on (a caller starts higher only at an index that holds)."""
    if count == 0:
        return None
    failed, index, step = -1, start, 1
    while not holds(index):
        if index == count - 1:
            return None
        failed, index, step = index, min(index + step, count - 1), step * 2
    while index - failed > 1:
        middle = (failed + index) // 2
        if holds(middle):
            index = middle
        else:
            failed = middle
    return index


def _perfect(count: int, edges: Edges) -> bool:
    return len(max_weight_matching(count, list(zip(edges.u.tolist(), edges.v.tolist(), [1] * len(edges.u))))) * 2 \
        == count


def _levels(edges: Edges, upper: tuple[int, ...], with_diffs: bool = True) -> list[np.ndarray]:
    """The cost arrays in priority order: the levels 1-3 not already zero, one per score difference (largest
    first), rematches when allowed, standings order."""
    levels = [level for level, best in zip((edges.hard, edges.team, edges.bye), upper) if best]
    if with_diffs:
        levels += [(edges.diff == value).astype(np.int64) for value in sorted(set(edges.diff.tolist()), reverse=True)
                   if value > 0]
        levels += [edges.soft, edges.order]
    return levels


def _weights(levels: list[np.ndarray], pairs: int, limit: int | None = None) -> np.ndarray | None:
    """Integer weights whose largest sum is the lexicographic optimum, or None if they would reach `limit`
    (default `INT_LIMIT`). Each level's multiplier exceeds the most the levels below it can add up to over
    `pairs` pairs. Past 64 bits the weights are Python integers (exact; rustworkx takes them up to
    `WIDE_LIMIT`)."""
    multipliers, multiplier = [], 1
    for level in reversed(levels):
        multipliers.append(multiplier)
        top = int(np.sort(level)[-pairs:].sum()) if len(level) else 0
        multiplier *= top + 1
    if multiplier >= (limit or INT_LIMIT):
        return None
    kind = np.int64 if multiplier < INT_LIMIT else object
    total = np.zeros(len(levels[0]) if levels else 0, dtype=kind)
    for level, level_multiplier in zip(reversed(levels), multipliers):
        total += level.astype(kind) * level_multiplier
    return multiplier - total


def _any_weights(levels: list[np.ndarray], pairs: int) -> np.ndarray:
    """Weights for levels 1-3 alone, which fit 64 bits in any real field, else the wide integers (exact)."""
    weights = _weights(levels, pairs)
    return weights if weights is not None else _weights(levels, pairs, WIDE_LIMIT)


def _matching(count: int, edges: Edges, weights: np.ndarray) -> list[tuple[int, int]]:
    return max_weight_matching(count, list(zip(edges.u.tolist(), edges.v.tolist(), weights.tolist())))


def _best_upper(count: int, edges: Edges) -> tuple[int, int, int]:
    """The least cost on levels 1-3 any pairing of the block has."""
    levels = [edges.hard, edges.team, edges.bye]
    pairs = _matching(count, edges, _any_weights(levels, count // 2))
    pick = _picked(edges, pairs)
    return tuple(int(level[pick].sum()) for level in levels)


def _picked(edges: Edges, pairs: list[tuple[int, int]]) -> np.ndarray:
    lookup = {(int(a), int(b)): k for k, (a, b) in enumerate(zip(edges.u, edges.v))}
    return np.array([lookup[(a, b)] for a, b in pairs], dtype=np.int64)


def _optimal_upper_edges(edges: Edges, upper: tuple[int, ...]) -> np.ndarray:
    """A level whose best total is 0 rules out every edge that costs anything on it."""
    mask = np.ones(len(edges.u), dtype=bool)
    for level, best in zip((edges.hard, edges.team, edges.bye), upper):
        if best == 0:
            mask &= level == 0
    return mask


def _shortest_longest_float(count: int, edges: Edges, upper: tuple[int, ...], at_least: int) -> int:
    """The smallest longest score difference of a pairing that keeps the best cost on levels 1-3 (never less
    than `at_least`, the block's floor)."""
    values = sorted({value for value in edges.diff.tolist() if value >= at_least})
    found = _first_that(lambda index: _achieves(count, edges.keep(edges.diff <= values[index]), upper), len(values))
    return values[found] if found is not None else 0


def _achieves(count: int, edges: Edges, upper: tuple[int, ...]) -> bool:
    if not any(upper):
        return _perfect(count, edges)
    levels = _levels(edges, upper, with_diffs=False)
    pairs = _matching(count, edges, _any_weights(levels, count // 2))
    if len(pairs) * 2 != count:
        return False
    pick = _picked(edges, pairs)
    return tuple(int(level[pick].sum()) for level in (edges.hard, edges.team, edges.bye)) == upper


def _lexicographic_matching(count: int, edges: Edges, upper: tuple[int, ...],
                            fast_only: bool = False) -> list[tuple[int, int]] | None:
    """The final matching on 64-bit weights, without standings order if those would overflow; then, unless
    `fast_only` (None), on the wider integers rustworkx still matches exactly (`_wider_levels`)."""
    levels = _levels(edges, upper)
    for tried in (levels, levels[:-1]):
        weights = _weights(tried, count // 2)
        if weights is not None:
            return _matching(count, edges, weights)
    if fast_only:
        return None
    for tried in _wider_levels(edges, upper, levels):
        weights = _weights(tried, count // 2, WIDE_LIMIT)
        if weights is not None:
            return _matching(count, edges, weights)
    raise AssertionError("levels 1-3 and one merged float level always fit")


def _wider_levels(edges: Edges, upper: tuple[int, ...], levels: list[np.ndarray]) -> Iterator[list[np.ndarray]]:
    """The levels to try on wide weights, most exact first: all of them; without standings order; without the
    rematches of level 5 too; then (a block with more distinct floats than even 120 bits can rank one by one,
    which no real event has shown) the shortest floats merged, one more each time, into a single level that
    weighs them by their total length, so floating less still counts. The levels above stay exact."""
    yield levels
    yield levels[:-1]
    yield levels[:-2]
    head = [level for level, best in zip((edges.hard, edges.team, edges.bye), upper) if best]
    values = sorted({value for value in edges.diff.tolist() if value > 0}, reverse=True)
    for kept in range(len(values) - 1, -1, -1):
        exact = [(edges.diff == value).astype(np.int64) for value in values[:kept]]
        yield head + exact + [np.where(edges.diff <= values[kept], edges.diff, 0).astype(np.int64)]
    yield head + [np.zeros(len(edges.u), dtype=np.int64)]


# --- the engine's answer ------------------------------------------------------------------------------------


class SwissEngine(Engine):
    """Pairs one round of a two-player Swiss; see the module docstring for the objective."""

    options = {"allow_rematches": False, "keep_teams_apart": True}

    def pair(self, entrants: tuple[Entrant, ...], round_number: int) -> Pairing:
        field = SwissField(PairingRequest(round_number, tuple(entrants), self.allow_rematches, self.keep_teams_apart))
        pairs = field.solve()
        byes = [field.entrants[i].id for i, j in pairs if j == field.bye_node]
        games = sorted((i, j) for i, j in pairs if j != field.bye_node)
        pairing = Pairing(tables=[], byes=byes)
        _flag_compromises(field, pairs, pairing)
        by_id = {e.id: e for e in field.entrants}
        pairing.tables = assign_tables([(field.entrants[i].id, field.entrants[j].id) for i, j in games], by_id, pairing)
        return pairing


def pair_swiss(request: PairingRequest) -> Pairing:
    """The engine for a `PairingRequest`, its flags worded without names."""
    engine = SwissEngine(allow_rematches=request.allow_rematches, keep_teams_apart=request.keep_teams_apart)
    return engine.pair(request.entrants, request.round).explain({})


def _flag_compromises(field: SwissField, pairs: list[tuple[int, int]], pairing: Pairing) -> None:
    """Flag every pair that breaks a rule, on both players."""
    for i, j in pairs:
        first = field.entrants[i]
        if j == field.bye_node:
            if first.had_bye:
                pairing.flag(Flag("second_bye", first.id, describe=describe))
            continue
        second = field.entrants[j]
        flags = []
        if second.id in first.met:
            flags.append(("rematch", (first.met[second.id],)))
        if field.request.keep_teams_apart and first.team and first.team == second.team:
            flags.append(("same_team", (first.team,)))
        if first.score != second.score:
            flags.append(("float", (first.score, second.score)))
        for kind, facts in flags:
            pairing.flag(Flag(kind, first.id, second.id, facts, describe))
            pairing.flag(Flag(kind, second.id, first.id, facts, describe))


def describe(flag: Flag, names: dict[int, str]) -> str:
    """The Swiss engine's flags in words."""
    if flag.kind == "second_bye":
        return "Second bye: every player still in has had one."
    if flag.kind == "rematch":
        return f"Rematch (last met in round {flag.facts[0]}): no pairing avoids it."
    if flag.kind == "same_team":
        return f"Same team ({flag.facts[0]}): no pairing keeps them apart."
    return f"Paired across score groups ({_number(flag.facts[0])} v {_number(flag.facts[1])})."


def _number(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def measure_quality(request: PairingRequest, pairing: Pairing) -> Quality:
    """Count rematches, same-team pairs, cross-group pairs, the summed and the largest score difference."""
    by_id = {e.id: e for e in request.entrants}
    rematches = same_team = cross = 0
    differences = [Fraction(0)]
    for table in pairing.tables:
        first, second = (by_id[pid] for pid in table.player_ids)
        rematches += second.id in first.met
        same_team += bool(first.team) and first.team == second.team
        cross += first.score != second.score
        differences.append(abs(Fraction(first.score) - Fraction(second.score)))
    return Quality(rematches, same_team, cross, sum(differences, Fraction(0)), max(differences))


__all__ = ["SwissEngine", "pair_swiss", "measure_quality", "Quality", "SwissField", "Entrant"]
