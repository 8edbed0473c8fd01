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
field is exact but slow (millions of edges at 4096 players), so the field is
cut into blocks of consecutive players at even positions. The score levels of
any pairing are bounded below by the parity of the score groups (a group with
an odd count must send one pair across its lower edge), and those bounds add
up over blocks. A block whose natural pairing (1 v 2, 3 v 4, …) meets its
bound is optimal as it stands; any other block is solved exactly by the
matching, and a block that still misses its bound is merged with its
neighbours and solved again, widening until it meets the bound or covers the
whole field (up to `EXACT_FIELD` players) or `WIDEST_BLOCK` players above that.
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

    def bound(self, start: int, end: int) -> tuple[int, ...]:
        """The least the bounded levels can cost inside nodes [start, end)."""
        ideal = self.total(self.natural(start, end))
        bye_rank = 0
        if self.bye_node is not None and start <= self.bye_node < end:
            eligible = [self.bye_rank_cost[k] for k in range(start, min(end, self.size))
                        if not self.entrants[k].had_bye]
            bye_rank = min(eligible) if eligible else 0
        return (0, 0, bye_rank, ideal[CROSS], ideal[DIFFERENCE], 0)

    def cuts(self) -> list[int]:
        """Where the field may be cut into blocks: no pair of the natural pairing spans the cut."""
        spanned = [0] * (self.node_count + 1)
        for i, j in self.natural(0, self.node_count):
            spanned[i + 1] += 1
            spanned[j + 1] -= 1
        cuts, open_pairs = [0], 0
        for k in range(1, self.node_count):
            open_pairs += spanned[k]
            if open_pairs == 0 and k - cuts[-1] >= FIRST_BLOCK and self.node_count - k >= FIRST_BLOCK // 2:
                cuts.append(k)
        return cuts + [self.node_count]

    def total(self, pairs: list[tuple[int, int]]) -> tuple[int, ...]:
        sums = [0] * LEVELS
        for i, j in pairs:
            for level, value in enumerate(self.cost(i, j)):
                sums[level] += value
        return tuple(sums)

    def solve_block(self, start: int, end: int) -> list[tuple[int, int]]:
        """Pairs for nodes [start, end): the natural pairing when it is optimal, else the matching."""
        natural = self.natural(start, end)
        if self.total(natural)[:BOUNDED] == self.bound(start, end):
            return natural
        nodes = range(start, end)
        costs = {(i, j): self.cost(i, j) for i in nodes for j in nodes if i < j}
        weights = _lexicographic_weights(costs, (end - start) // 2)
        edges = [(i - start, j - start, weight) for (i, j), weight in weights.items()]
        return [(i + start, j + start) for i, j in max_weight_matching(end - start, edges)]

    def solve(self) -> list[tuple[int, int]]:
        """Solve block by block, merging a block that misses its bound with its neighbours."""
        cuts = self.cuts()
        blocks = list(zip(cuts, cuts[1:]))
        widest = self.node_count if self.node_count <= EXACT_FIELD else WIDEST_BLOCK
        done: list[tuple[int, int, list[tuple[int, int]]]] = []
        while blocks:
            start, end = blocks.pop(0)
            pairs = self.solve_block(start, end)
            optimal = self.total(pairs)[:BOUNDED] == self.bound(start, end)
            if optimal or end - start >= widest or (not blocks and not done):
                done.append((start, end, pairs))
                continue
            start, end = _widen(start, end, blocks, done, target=min(widest, 2 * (end - start)))
            blocks.insert(0, (start, end))
        return [pair for _, _, pairs in done for pair in pairs]


def _widen(start: int, end: int, blocks: list, done: list, target: int) -> tuple[int, int]:
    """Absorb neighbouring blocks, later ones first, until the block is `target` wide."""
    while end - start < target and (blocks or done):
        if blocks:
            end = blocks.pop(0)[1]
        else:
            start = done.pop()[0]
    return start, end


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
