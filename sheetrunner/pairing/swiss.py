"""The Swiss engine for two-player games (SPEC §5.1).

The objective, in strict priority (each level matters only among answers that
tie on every level above it):

1. hard rules: no rematch and no second bye (a more recent rematch costs more);
2. players of the same team, or with different fixed tables, are not paired;
3. the bye goes to the lowest-ranked player who has not had one (004);
4. as few pairs as possible across score groups;
5. the smallest sum of score differences over all pairs;
6. (when the event allows rematches) as few rematches as possible;
7. standings order: the smallest sum of squared rank distances, which is
   1 v 2, 3 v 4 when nothing else interferes, and moves floaters least.

That objective is a maximum-weight perfect matching. Solving it on the whole
field is exact but slow (millions of edges at 4096 players), so the work is
split. The ideal pairing (1 v 2, 3 v 4 inside each score group, the lowest
player of an odd group meeting the top of the next odd group) costs the least
any pairing can on the score levels; it is cut into blocks of a dozen ideal
pairs. A block whose ideal pairs break no rule is kept as it is; any other
block is solved exactly by the matching, and a block that then costs more
than its ideal pairs absorbs the blocks holding the players ranked just above
and below its own, and is solved again, widening until it meets its share
of the bound or covers the whole field (up to `EXACT_FIELD` players) or
`WIDEST_BLOCK` players above that. Lexicographic order survives addition, so
when every block meets its share, the whole pairing is optimal on every
bounded level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from . import Entrant, PairedTable, Pairing, PairingRequest
from .matching import max_weight_matching
from .tables import assign_tables

FIRST_BLOCK = 24
WIDEST_BLOCK = 512
EXACT_FIELD = 1024
LEVELS = 7
HARD, TEAM, BYE_RANK, CROSS, DIFFERENCE, SOFT_REMATCH, ORDER = range(LEVELS)
BOUNDED = 6  # levels 1-6 have a lower bound that proves a block optimal


@dataclass
class Quality:
    """What a pairing had to give up, as the benchmark and the summary count it."""

    rematches: int
    same_team: int
    cross_group_pairs: int
    score_difference: Fraction


class SwissField:
    """The entrants of one round as matching nodes, plus a bye node when the count is odd."""

    def __init__(self, request: PairingRequest):
        self.request = request
        self.entrants = list(request.entrants)
        self.size = len(self.entrants)
        self.bye_node = self.size if self.size % 2 else None
        self.node_count = self.size + (1 if self.bye_node is not None else 0)
        self.scale = math.lcm(*(Fraction(e.score).denominator for e in self.entrants)) if self.entrants else 1
        scores = [int(Fraction(e.score) * self.scale) for e in self.entrants]
        self.scores = scores + ([scores[-1]] if self.bye_node is not None else [])
        self.rematch_weight = request.round + 1
        below = 0
        self.bye_rank_cost = [0] * self.size
        for index in range(self.size - 1, -1, -1):  # eligible players below; all players for a second bye
            if self.entrants[index].had_bye:
                self.bye_rank_cost[index] = self.size - 1 - index
            else:
                self.bye_rank_cost[index] = below
                below += 1

    def cost(self, i: int, j: int) -> tuple[int, ...]:
        """The pair's cost on every level of the objective (i ranked above j)."""
        levels = [0] * LEVELS
        first = self.entrants[i]
        if j == self.bye_node:
            if first.had_bye:
                levels[HARD] = self.rematch_weight
            levels[BYE_RANK] = self.bye_rank_cost[i]
            return tuple(levels)
        second = self.entrants[j]
        if second.id in first.met:
            level = SOFT_REMATCH if self.request.allow_rematches else HARD
            levels[level] = self.rematch_weight + first.met[second.id]
        if self.request.keep_teams_apart and first.team and first.team == second.team:
            levels[TEAM] += 1
        if first.fixed_table and second.fixed_table and first.fixed_table != second.fixed_table:
            levels[TEAM] += 1
        if self.scores[i] != self.scores[j]:
            levels[CROSS] = 1
            levels[DIFFERENCE] = abs(self.scores[i] - self.scores[j])
        levels[ORDER] = (j - i) ** 2
        return tuple(levels)

    def groups(self, start: int, end: int) -> list[range]:
        """Nodes [start, end) split into runs of equal score (the bye node joins the lowest)."""
        runs, first = [], start
        for k in range(start + 1, end + 1):
            if k == end or self.scores[k] != self.scores[k - 1]:
                runs.append(range(first, k))
                first = k
        return runs

    def natural(self, start: int, end: int) -> list[tuple[int, int]]:
        """The ideal pairing when nothing interferes: 1 v 2, 3 v 4 inside each score group,
        the lowest player of an odd group meeting the top player of the next odd group.

        It meets the lower bound of the score levels: half the odd groups cross, each as
        little as possible.
        """
        pairs: list[tuple[int, int]] = []
        carry = None
        for group in self.groups(start, end):
            members = list(group)
            if carry is not None and len(members) % 2:
                pairs.append((carry, members.pop(0)))
                carry = None
            if len(members) % 2:
                carry = members.pop()
            pairs.extend(zip(members[::2], members[1::2]))
        return pairs

    def bound(self, natural: list[tuple[int, int]]) -> tuple[int, ...]:
        """A block's share of the lower bound: what its ideal pairs cost on the bounded levels.

        Blocks are sets of whole ideal pairs, so the shares add up to the ideal pairing's
        cost, which no pairing can beat. Lexicographic order survives addition, so when
        every block costs at most its share, the whole pairing is optimal on those levels.
        """
        ideal = self.total(natural)
        return (0, 0, 0, ideal[CROSS], ideal[DIFFERENCE], 0)

    def total(self, pairs: list[tuple[int, int]]) -> tuple[int, ...]:
        sums = [0] * LEVELS
        for i, j in pairs:
            for level, value in enumerate(self.cost(i, j)):
                sums[level] += value
        return tuple(sums)

    def solve_block(self, nodes: list[int], natural: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Pairs for a block: its ideal pairs when they meet the bound, else an exact matching."""
        if self.total(natural)[:BOUNDED] <= self.bound(natural):
            return natural
        costs = {(i, j): self.cost(i, j) for index, i in enumerate(nodes) for j in nodes[index + 1:]}
        weights = _lexicographic_weights(costs, len(nodes) // 2)
        position = {node: index for index, node in enumerate(nodes)}
        edges = [(position[i], position[j], weight) for (i, j), weight in weights.items()]
        return [(nodes[i], nodes[j]) for i, j in max_weight_matching(len(nodes), edges)]

    def solve(self) -> list[tuple[int, int]]:
        """Solve block by block; a block that misses its bound absorbs the blocks beside its players."""
        ideal = sorted(self.natural(0, self.node_count))
        per_block = FIRST_BLOCK // 2
        blocks = {index: ideal[start:start + per_block] for index, start in enumerate(range(0, len(ideal), per_block))}
        owner = {node: index for index, pairs in blocks.items() for pair in pairs for node in pair}
        widest = self.node_count if self.node_count <= EXACT_FIELD else WIDEST_BLOCK
        solved: dict[int, list[tuple[int, int]]] = {}
        queue = sorted(blocks)
        while queue:
            block = queue.pop(0)
            if block not in blocks:
                continue  # absorbed into a wider block
            natural = blocks[block]
            nodes = sorted(node for pair in natural for node in pair)
            pairs = self.solve_block(nodes, natural)
            if self.total(pairs)[:BOUNDED] <= self.bound(natural) or len(nodes) >= widest or len(blocks) == 1:
                solved[block] = pairs
                continue
            for other in _neighbours(nodes, owner, block, blocks, target=min(widest, 2 * len(nodes))):
                blocks[block] = blocks[block] + blocks.pop(other)
                solved.pop(other, None)
                for pair in blocks[block]:
                    owner[pair[0]] = owner[pair[1]] = block
            queue.insert(0, block)
        return [pair for pairs in solved.values() for pair in pairs]


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


def _lexicographic_weights(costs: dict[tuple[int, int], tuple[int, ...]], pair_count: int) -> dict:
    """Integer weights whose maximum sum minimises the cost levels in strict priority."""
    multipliers = [1] * LEVELS
    for level in range(LEVELS - 2, -1, -1):
        below = max(cost[level + 1] for cost in costs.values()) * pair_count
        multipliers[level] = multipliers[level + 1] * (below + 1)
    weighted = {pair: sum(m * c for m, c in zip(multipliers, cost)) for pair, cost in costs.items()}
    ceiling = max(weighted.values()) + 1
    return {pair: ceiling - value for pair, value in weighted.items()}


def pair_swiss(request: PairingRequest) -> Pairing:
    """Pair one round of a two-player Swiss; see the module docstring for the objective."""
    field = SwissField(request)
    pairs = field.solve()
    byes = [field.entrants[i].id for i, j in pairs if j == field.bye_node]
    games = [(i, j) for i, j in pairs if j != field.bye_node]
    pairing = Pairing(tables=[], byes=byes)
    _note_compromises(field, pairs, pairing)
    ordered = sorted(games)
    by_id = {e.id: e for e in field.entrants}
    seats = [(field.entrants[i].id, field.entrants[j].id) for i, j in ordered]
    pairing.tables = assign_tables(seats, by_id, pairing)
    return pairing


def _note_compromises(field: SwissField, pairs: list[tuple[int, int]], pairing: Pairing) -> None:
    """Explain every pair that breaks a rule, on both players' rows."""
    for i, j in pairs:
        first = field.entrants[i]
        if j == field.bye_node:
            if first.had_bye:
                pairing.note(first.id, "Second bye: every player still in has had one.")
            continue
        second = field.entrants[j]
        texts = []
        if second.id in first.met:
            texts.append(f"Rematch (last met in round {first.met[second.id]}): no pairing avoids it.")
        if field.request.keep_teams_apart and first.team and first.team == second.team:
            texts.append(f"Same team ({first.team}): no pairing keeps them apart.")
        if first.score != second.score:
            texts.append(f"Paired across score groups ({_number(first.score)} v {_number(second.score)}).")
        for text in texts:
            pairing.note(first.id, text)
            pairing.note(second.id, text)


def _number(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def measure_quality(request: PairingRequest, pairing: Pairing) -> Quality:
    """Count rematches, same-team pairs, cross-group pairs and the summed score difference."""
    by_id = {e.id: e for e in request.entrants}
    rematches = same_team = cross = 0
    difference = Fraction(0)
    for table in pairing.tables:
        first, second = (by_id[pid] for pid in table.player_ids)
        rematches += second.id in first.met
        same_team += bool(first.team) and first.team == second.team
        cross += first.score != second.score
        difference += abs(Fraction(first.score) - Fraction(second.score))
    return Quality(rematches, same_team, cross, difference)


__all__ = ["pair_swiss", "measure_quality", "Quality", "SwissField", "Entrant", "PairedTable"]
