"""The Swiss engine's search: the field cut into blocks, each solved exactly, widened where that helps (SPEC §5.1).

To stay exact and fast, the field is cut into blocks of consecutive pairs of the ideal pairing (1 v 2, 3 v 4,
… down the standings: inside a score group, and as a chain of short floats between groups), whose cost is
a lower bound no pairing beats. A block whose ideal pairs break no rule is kept. Any other block is solved
exactly (`swiss_exact`). A block that misses its share of the bound absorbs its neighbours and is solved
again, while that helps: widening stops as soon as the bound is met, when a wider block does no better
than the narrower one did, or at `WIDEST_BLOCK` players. Every block that meets its share is optimal for
the whole field on levels 1-5, since the shares add up to the bound.
"""

from __future__ import annotations

from .swiss_exact import solve_exactly
from .swiss_field import SwissField

FIRST_BLOCK = 16
WIDEST_BLOCK = 256

Pairs = list[tuple[int, int]]


def solve(field: SwissField) -> Pairs:
    """The round's pairs of node numbers, block by block (see the module docstring)."""
    return BlockSearch(field).run()


def solve_block(field: SwissField, natural: Pairs, bound: tuple | None = None) -> Pairs:
    """A block's ideal pairs when they break no rule (then nothing beats them: the very list `natural` is
    returned), else its exact solution; `bound` is the ideal pairs' cost when the caller has it."""
    return natural if _keeps_ideal(bound or field.vector(natural)) else solve_exactly(field, natural)


class BlockSearch:
    """The blocks of one round as the search goes: each block's pairs of the ideal pairing, the block that
    holds each node, the blocks settled, and the solutions found for blocks not yet settled (a neighbour's,
    found while deciding whether to widen)."""

    def __init__(self, field: SwissField):
        self.field = field
        ideal = field.natural()
        per_block = FIRST_BLOCK // 2
        self.blocks = {index: ideal[start:start + per_block]
                       for index, start in enumerate(range(0, len(ideal), per_block))}
        self.owner = {node: index for index, pairs in self.blocks.items() for pair in pairs for node in pair}
        self.solved: dict[int, Pairs] = {}
        self.known: dict[int, Pairs] = {}

    def run(self) -> Pairs:
        queue = sorted(self.blocks)
        while queue:
            block = queue.pop(0)
            if block in self.blocks and self._widened(block):
                queue.insert(0, block)  # solve the wider block again: it may widen further
        return sorted(pair for pairs in self.solved.values() for pair in pairs)

    def _widened(self, block: int) -> bool:
        """Settle one block, or widen it into its neighbours when that does better (then True)."""
        natural = self.blocks[block]
        bound = self.field.vector(natural)
        pairs = self.known.pop(block, None) or solve_block(self.field, natural, bound)
        if pairs is natural:
            self.solved[block] = natural  # breaks no rule: nothing beats it
            return False
        nodes = sorted(n for pair in natural for n in pair)
        if _meets(self.field.vector(pairs), bound) or len(nodes) >= min(WIDEST_BLOCK, self.field.node_count):
            self.solved[block] = pairs
            return False
        wider = _neighbours(nodes, self.owner, block, self.blocks, target=min(WIDEST_BLOCK, 2 * len(nodes)))
        merged = wider and self._solve_wider(block, pairs, wider)
        if not merged:
            self.solved[block] = pairs  # no neighbours, or a wider block does no better on levels 1-5
            return False
        self._merge(block, wider, *merged)
        return True

    def _solve_wider(self, block: int, pairs: Pairs, wider: list[int]) -> tuple[Pairs, Pairs] | None:
        """The block and its neighbours' ideal pairs, and their exact solution together, when it does better on
        levels 1-5 than the block's and the neighbours' own best solutions side by side (else None)."""
        field = self.field
        for other in wider:  # compare with the neighbours at their own best, not their ideal pairs
            if other not in self.solved and other not in self.known:
                self.known[other] = solve_block(field, self.blocks[other])
        combined = pairs + [pair for other in wider for pair in self.solved.get(other) or self.known[other]]
        parts = field.vector(combined)
        merged = sorted(self.blocks[block] + [pair for other in wider for pair in self.blocks[other]])
        widened = solve_exactly(field, merged, parts[3][0] if parts[3] and not any(parts[:3]) else None)
        return None if field.vector(widened)[:5] >= parts[:5] else (merged, widened)

    def _merge(self, block: int, wider: list[int], merged: Pairs, widened: Pairs) -> None:
        """The neighbours absorbed into the block, whose solution is `widened`."""
        for other in wider:
            self.blocks.pop(other)
            self.solved.pop(other, None)
        self.blocks[block] = merged
        self.known[block] = widened
        for pair in merged:
            self.owner[pair[0]] = self.owner[pair[1]] = block


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
