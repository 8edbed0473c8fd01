"""Maximum-weight perfect matching on a plain graph; knows nothing of tournaments.

The engines turn their rules into integer edge weights; this module finds the
matching. rustworkx's blossom algorithm (Rust) does the work: it is exact and
roughly 75 times faster than networkx on the same graph.
"""

from __future__ import annotations


def max_weight_matching(node_count: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """The matching of greatest weight among those of greatest size.

    Edges are (u, v, weight) with integer weights of any size; the result is
    sorted pairs (u < v), sorted, so callers see the same answer every time.
    """
    import rustworkx  # loaded by the engines that match, not by every command

    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(node_count))
    graph.add_edges_from(edges)
    matching = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)  # the payload is the weight
    return sorted((min(pair), max(pair)) for pair in matching)
