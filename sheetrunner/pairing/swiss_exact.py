"""The Swiss engine's exact solution of one block of players: a maximum-weight matching (SPEC §5.1).

The objective's levels (`swiss_field`) become integer edge weights whose largest sum is the lexicographic
optimum: each level's multiplier exceeds the most the levels below it can add up to. Usually nothing on
levels 1-3 (hard rules, team clash, bye order) need be given up: the final matching is tried on the pairs
that give up nothing and float no further than a floor no pairing beats, then further, and the first that
pairs everyone is the answer (`_clean_matching`). Otherwise in three steps: the best cost on levels 1-3
(edges that cannot be in an optimal pairing are dropped), the smallest possible longest float (edges longer
than it are dropped), then the full lexicographic weights over what remains. The weights are Python integers,
which rustworkx matches exactly up to 120 bits (`LIMIT`); networkx is never needed.
"""

from __future__ import annotations

from heapq import nlargest
from typing import Callable, Iterator

from .matching import max_weight_matching
from .swiss_field import Edges, SwissField

LIMIT = 2 ** 120  # rustworkx matches exactly on 128-bit integers; its blossom duals need the headroom


def solve_exactly(field: SwissField, natural: list[tuple[int, int]],
                  within: int | None = None) -> list[tuple[int, int]]:
    """The optimal pairing of the block's players on every level (see the module docstring). `within` is a
    longest float that a pairing giving up nothing is known to reach (the parts' answers, when widening)."""
    nodes = sorted(n for pair in natural for n in pair)
    edges = field.edges(nodes)
    shortest = _no_shorter_than(field, natural)
    clean = edges.keep(_optimal_upper_edges(edges, (0, 0, 0)))  # the pairs that give up nothing on levels 1-3
    pairs = _clean_matching(len(nodes), clean, shortest, within)
    if pairs is not None:
        return sorted((nodes[a], nodes[b]) for a, b in pairs)
    upper = _best_upper(len(nodes), edges)
    edges = edges.keep(_optimal_upper_edges(edges, upper))
    edges = edges.within(_shortest_longest_float(len(nodes), edges, upper, shortest))
    pairs = _lexicographic_matching(len(nodes), edges, upper)
    assert pairs is not None  # None only with exact_only
    return sorted((nodes[a], nodes[b]) for a, b in pairs)


def _no_shorter_than(field: SwissField, natural: list[tuple[int, int]]) -> int:
    """A floor under the block's longest float: no pairing floats less far than pairing neighbours in score
    order. With the bye in the block one player sits out (the bye pairs with anyone at no difference):
    whichever leaves the shortest longest float among the rest, found in one pass."""
    scores = sorted((field.scores[n] for pair in natural for n in pair if n != field.bye_node), reverse=True)
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
    fit `LIMIT` only asks whether everyone can be paired, and the answer is matched once found). None when
    no pairing of these pairs pairs everyone."""
    values = sorted({value for value in clean.diff if value >= shortest})
    tried: dict[int, tuple[bool, list[tuple[int, int]] | None]] = {}  # index -> (pairs everyone, the pairs)

    def pairs_everyone(index: int) -> bool:
        if index not in tried:
            allowed = clean.within(values[index])
            pairs = _lexicographic_matching(count, allowed, (), exact_only=True)
            everyone = _perfect(count, allowed) if pairs is None else len(pairs) * 2 == count
            tried[index] = everyone, pairs
        return tried[index][0]

    start = values.index(within) if within in values else 0
    if within in values:
        tried[start] = True, None  # known to pair everyone; matched only if it is the answer
    found = _first_that(pairs_everyone, len(values), start)
    if found is None:
        return None
    return tried[found][1] or _lexicographic_matching(count, clean.within(values[found]), ())


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
    return len(max_weight_matching(count, [(u, v, 1) for u, v in zip(edges.u, edges.v)])) * 2 == count


def _levels(edges: Edges, upper: tuple[int, ...], with_diffs: bool = True) -> list[list[int]]:
    """The cost lists in priority order: the levels 1-3 not already zero, one per score difference (largest
    first), rematches when allowed, standings order."""
    levels = [level for level, best in zip(edges.upper, upper) if best]
    if with_diffs:
        levels += [_floats_of(edges, value) for value in sorted(set(edges.diff), reverse=True) if value > 0]
        levels += [edges.soft, edges.order]
    return levels


def _floats_of(edges: Edges, value: int) -> list[int]:
    """The level of one score difference: 1 for each pair that floats exactly `value`."""
    return [1 if diff == value else 0 for diff in edges.diff]


def _most(level: list[int], pairs: int) -> int:
    """The most a level can add up to over `pairs` pairs."""
    if max(level, default=0) <= 1:
        return min(pairs, sum(level))
    return sum(nlargest(pairs, level))


def _weights(levels: list[list[int]], pairs: int) -> list[int] | None:
    """Integer weights whose largest sum is the lexicographic optimum, or None if they would reach `LIMIT`. Each
    level's multiplier exceeds the most the levels below it can add up to over `pairs` pairs."""
    multipliers, multiplier = [], 1
    for level in reversed(levels):
        multipliers.append(multiplier)
        multiplier *= _most(level, pairs) + 1
    if multiplier >= LIMIT:
        return None
    weights = [multiplier] * (len(levels[0]) if levels else 0)
    for level, level_multiplier in zip(reversed(levels), multipliers):
        if any(level):
            weights = [weight - cost * level_multiplier for weight, cost in zip(weights, level)]
    return weights


def _matching(count: int, edges: Edges, weights: list[int]) -> list[tuple[int, int]]:
    return max_weight_matching(count, list(zip(edges.u, edges.v, weights)))


def _best_upper(count: int, edges: Edges) -> tuple[int, int, int]:
    """The least cost on levels 1-3 any pairing of the block has."""
    levels = list(edges.upper)
    weights = _weights(levels, count // 2)
    assert weights is not None  # levels 1-3 alone fit in any real field
    return _upper_cost(edges, _matching(count, edges, weights))


def _upper_cost(edges: Edges, pairs: list[tuple[int, int]]) -> tuple[int, int, int]:
    """What the matched `pairs` cost on levels 1-3."""
    lookup = {pair: k for k, pair in enumerate(zip(edges.u, edges.v))}
    picked = [lookup[pair] for pair in pairs]
    first, second, third = (sum(level[k] for k in picked) for level in edges.upper)
    return first, second, third


def _optimal_upper_edges(edges: Edges, upper: tuple[int, ...]) -> list[bool]:
    """A level whose best total is 0 rules out every edge that costs anything on it."""
    zero = [level for level, best in zip(edges.upper, upper) if best == 0]
    return [not any(costs) for costs in zip(*zero)] if zero else [True] * len(edges.u)


def _shortest_longest_float(count: int, edges: Edges, upper: tuple[int, ...], at_least: int) -> int:
    """The smallest longest score difference of a pairing that keeps the best cost on levels 1-3 (never less
    than `at_least`, the block's floor)."""
    values = sorted({value for value in edges.diff if value >= at_least})
    found = _first_that(lambda index: _achieves(count, edges.within(values[index]), upper), len(values))
    return values[found] if found is not None else 0


def _achieves(count: int, edges: Edges, upper: tuple[int, ...]) -> bool:
    if not any(upper):
        return _perfect(count, edges)
    weights = _weights(_levels(edges, upper, with_diffs=False), count // 2)
    assert weights is not None  # levels 1-3 alone fit in any real field
    pairs = _matching(count, edges, weights)
    return len(pairs) * 2 == count and _upper_cost(edges, pairs) == upper


def _lexicographic_matching(count: int, edges: Edges, upper: tuple[int, ...],
                            exact_only: bool = False) -> list[tuple[int, int]] | None:
    """The matching on the most exact levels whose weights fit (`_levels_to_try`); with `exact_only`, None when
    neither all the levels nor all but standings order do."""
    for index, tried in enumerate(_levels_to_try(edges, upper)):
        if exact_only and index == 2:
            return None
        weights = _weights(tried, count // 2)
        if weights is not None:
            return _matching(count, edges, weights)
    raise AssertionError("levels 1-3 and one merged float level always fit")


def _levels_to_try(edges: Edges, upper: tuple[int, ...]) -> Iterator[list[list[int]]]:
    """The levels to weigh, most exact first: all of them; without standings order; without the rematches of
    level 5 too; then (a block with more distinct floats than even 120 bits can rank one by one, which no real
    event has shown) the shortest floats merged, one more each time, into a single level that weighs them by
    their total length, so floating less still counts. The levels above stay exact."""
    levels = _levels(edges, upper)
    yield levels
    yield levels[:-1]
    yield levels[:-2]
    head = _levels(edges, upper, with_diffs=False)
    values = sorted({value for value in edges.diff if value > 0}, reverse=True)
    for kept in range(len(values) - 1, -1, -1):
        exact = [_floats_of(edges, value) for value in values[:kept]]
        yield head + exact + [[diff if diff <= values[kept] else 0 for diff in edges.diff]]
    yield head + [[0] * len(edges.u)]
