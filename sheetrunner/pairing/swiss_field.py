"""What the Swiss engine weighs: the entrants of one round as matching nodes, and the cost of any pair (SPEC §5.1).

The cost of a pair on each level is composed from the named rules of `swiss_rules`, and a whole pairing's
cost (`SwissField.vector`) is the tuple of the levels in their strict order: hard rules (rematch when not
allowed, second bye), team clash, bye order, the score differences sorted from the largest down, rematch
when allowed, standings order. The block search (`swiss_blocks`) and the exact matching (`swiss_exact`)
both read the objective from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from fractions import Fraction
from itertools import combinations

from . import PairingRequest
from .swiss_rules import bye_order, rematch, score_difference, second_bye, standings_order, team_clash


@dataclass
class Edges:
    """The candidate pairs of one block as parallel lists of integers (local node numbers), one list per level."""

    u: list[int]
    v: list[int]
    hard: list[int]
    team: list[int]
    bye: list[int]
    diff: list[int]
    soft: list[int]
    order: list[int]

    def keep(self, mask: list[bool]) -> Edges:
        return Edges(*([value for value, kept in zip(getattr(self, f.name), mask) if kept] for f in fields(self)))

    @property
    def upper(self) -> tuple[list[int], list[int], list[int]]:
        """Levels 1-3: hard rules, team clash, bye order."""
        return self.hard, self.team, self.bye

    def within(self, longest: int) -> Edges:
        """The pairs that float no further than `longest`."""
        return self.keep([diff <= longest for diff in self.diff])


class SwissField:
    """The entrants of one round as matching nodes (standings order), plus a bye node when the count is odd."""

    def __init__(self, request: PairingRequest):
        self.request = request
        self.entrants = list(request.entrants)
        self.size = len(self.entrants)
        self.bye_node = self.size if self.size % 2 else None
        self.node_count = self.size + (1 if self.bye_node is not None else 0)
        pad = [0] * (self.bye_node is not None)  # the bye node's value in each list
        exact = [Fraction(e.score) for e in self.entrants]
        self.scale = math.lcm(*(score.denominator for score in exact)) if exact else 1
        scores = [score.numerator * (self.scale // score.denominator) for score in exact]
        self.scores = scores + scores[-1:] * (self.bye_node is not None)
        index = {e.id: i for i, e in enumerate(self.entrants)}
        self.met = [{index[o]: r for o, r in e.met.items() if o in index} for e in self.entrants]
        self.teams = [e.team if request.keep_teams_apart else "" for e in self.entrants] + [""] * len(pad)
        self.fixed = [e.fixed_table or 0 for e in self.entrants] + pad
        self.bye_rank = bye_order([e.had_bye for e in self.entrants]) + pad
        self.had_bye = [e.had_bye for e in self.entrants] + [False] * len(pad)

    def edges(self, nodes: list[int]) -> Edges:
        """Every pair of `nodes` (sorted) with its cost on each level, over local node numbers."""
        local_u, local_v = zip(*combinations(range(len(nodes)), 2)) if len(nodes) > 1 else ((), ())
        first = [nodes[k] for k in local_u]
        second = [nodes[k] for k in local_v]
        met = [self.met[a].get(b, 0) for a, b in zip(first, second)]  # the bye node is last: never `a`, never met
        return self.levels(list(local_u), list(local_v), first, second, met)

    def levels(self, u: list[int], v: list[int], first: list[int], second: list[int], met_round: list[int]) -> Edges:
        """The cost of pairs (first ranked above second) on every level, composed from the rules of
        `swiss_rules`: the one definition of the objective. A pair with the bye node costs only on the hard
        level (a second bye) and the bye level."""
        allowed = self.request.allow_rematches
        span = (self.request.round, self.node_count // 2)
        teams, fixed, scores = self.teams, self.fixed, self.scores
        costs = []
        for a, b, met in zip(first, second, met_round):
            if b == self.bye_node:
                costs.append((second_bye(self.had_bye[a], *span), 0, self.bye_rank[a], 0, 0, 0))
                continue
            again = rematch(met, *span)
            costs.append((0 if allowed else again, team_clash(teams[a], teams[b], fixed[a], fixed[b]), 0,
                          score_difference(scores[a], scores[b]), again if allowed else 0, standings_order(a, b)))
        columns = [list(column) for column in zip(*costs)] if costs else [[] for _ in range(6)]
        return Edges(u, v, *columns)

    def vector(self, pairs: list[tuple[int, int]]) -> tuple:
        """A whole pairing's cost as a comparable tuple, level by level in the objective's order (the score
        differences as a tuple sorted from the largest down)."""
        ordered = [tuple(sorted(pair)) for pair in pairs]
        first = [a for a, _ in ordered]
        second = [b for _, b in ordered]
        met = [self.met[a].get(b, 0) for a, b in ordered]
        levels = self.levels(first, second, first, second, met)
        return (sum(levels.hard), sum(levels.team), sum(levels.bye), tuple(sorted(levels.diff, reverse=True)),
                sum(levels.soft), sum(levels.order))

    def natural(self) -> list[tuple[int, int]]:
        """The ideal pairing: 1 v 2, 3 v 4, … down the standings (the bye node last). Scores only fall down the
        standings, so pairing neighbours gives the smallest largest difference, then the smallest next one, and
        so on (a floater meets the top of the group below, which floats its own lowest on, a chain of short
        floats); no pairing beats it on levels 4 and 6."""
        return [(index, index + 1) for index in range(0, self.node_count - 1, 2)]
