"""Mirrors `sheetrunner/pairing/matching.py`: maximum-weight matching among the matchings of greatest size, on a
plain graph of integer weights (of any size), answered as sorted pairs (u < v) so callers see the same answer
every time. Checked against a brute force over every matching of small graphs."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from sheetrunner.pairing.matching import max_weight_matching


def test_greatest_size_comes_before_greatest_weight():
    # one heavy edge (1-2) or two light ones (0-1, 2-3): the larger matching wins
    assert max_weight_matching(4, [(0, 1, 1), (1, 2, 100), (2, 3, 1)]) == [(0, 1), (2, 3)]


def test_among_perfect_matchings_the_heaviest():
    edges = [(0, 1, 5), (2, 3, 5), (0, 2, 6), (1, 3, 6), (0, 3, 1), (1, 2, 1)]
    assert max_weight_matching(4, edges) == [(0, 2), (1, 3)]


def test_pairs_are_sorted_inside_and_between():
    assert max_weight_matching(6, [(5, 4, 1), (3, 2, 1), (1, 0, 1)]) == [(0, 1), (2, 3), (4, 5)]


def test_weights_beyond_64_bits_are_compared_exactly():
    big = 2 ** 80
    edges = [(0, 1, big + 1), (2, 3, big + 1), (0, 2, big + 2), (1, 3, big - 1)]
    assert max_weight_matching(4, edges) == [(0, 1), (2, 3)]  # 2 big + 2 beats 2 big + 1 only by exact sums
    assert max_weight_matching(4, [(0, 1, big), (2, 3, big), (0, 2, big), (1, 3, big + 1)]) == [(0, 2), (1, 3)]


def test_no_edges_and_lone_nodes_match_nothing():
    assert max_weight_matching(3, []) == []
    assert max_weight_matching(3, [(0, 1, 7)]) == [(0, 1)]


def matchings(nodes: list[int], edges: dict[frozenset, int]):
    """Every matching of the graph (brute force), as lists of edges."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    yield from matchings(rest, edges)
    for other in rest:
        if frozenset((first, other)) in edges:
            for found in matchings([n for n in rest if n != other], edges):
                yield [frozenset((first, other))] + found


@settings(deadline=None, max_examples=150)
@given(st.integers(2, 8).flatmap(lambda n: st.tuples(st.just(n), st.dictionaries(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] < e[1]).map(frozenset),
    st.integers(-50, 10 ** 12), max_size=n * (n - 1) // 2))))
def test_the_best_size_then_weight_of_every_matching(graph):
    n, edges = graph
    found = max_weight_matching(n, [(*sorted(edge), weight) for edge, weight in edges.items()])
    assert found == sorted(found) and all(u < v for u, v in found)
    used = [node for pair in found for node in pair]
    assert len(used) == len(set(used)) and all(frozenset(pair) in edges for pair in found)
    best = max((len(m), sum(edges[e] for e in m)) for m in matchings(list(range(n)), edges))
    assert (len(found), sum(edges[frozenset(pair)] for pair in found)) == best
