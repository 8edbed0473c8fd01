"""What the Swiss engine weighs: the entrants of one round as matching nodes, and the cost of any pair (SPEC §5.1).

The cost of a pair on each level is composed from the named rules of `swiss_rules`, and a whole pairing's
cost (`SwissField.vector`) is the tuple of the levels in their strict order: hard rules (rematch when not
allowed, second bye), team clash, bye order, the score differences sorted from the largest down, rematch
when allowed, standings order. The block search (`swiss_blocks`) and the exact matching (`swiss_exact`)
both read the objective from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from . import PairingRequest
from .swiss_rules import bye_order, rematch, score_difference, second_bye, standings_order, team_clash


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
        pad = [0] * (self.bye_node is not None)  # the bye node's value in each array
        exact = [Fraction(e.score) for e in self.entrants]
        self.scale = math.lcm(*(score.denominator for score in exact)) if exact else 1
        scores = [score.numerator * (self.scale // score.denominator) for score in exact]
        self.scores = np.array(scores + ([scores[-1]] if self.bye_node is not None else []), dtype=np.int64)
        index = {e.id: i for i, e in enumerate(self.entrants)}
        self.met = [{index[o]: r for o, r in e.met.items() if o in index} for e in self.entrants]
        teams = {team: code for code, team in enumerate(sorted({e.team for e in self.entrants if e.team}), start=1)}
        self.teams = np.array([teams.get(e.team, 0) if request.keep_teams_apart else 0 for e in self.entrants] + pad,
                              dtype=np.int64)
        self.fixed = np.array([e.fixed_table or 0 for e in self.entrants] + pad, dtype=np.int64)
        self.bye_rank = np.array(bye_order([e.had_bye for e in self.entrants]) + pad, dtype=np.int64)
        self.had_bye = np.array([e.had_bye for e in self.entrants] + [False] * (self.bye_node is not None))

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
        return self.levels(local_u, local_v, node[local_u], node[local_v], met[local_u, local_v])

    def levels(self, u, v, first: np.ndarray, second: np.ndarray, met_round: np.ndarray) -> Edges:
        """The cost of pairs (first ranked above second) on every level, composed from the rules of
        `swiss_rules`: the one definition of the objective. A pair with the bye node costs only on the hard
        level (a second bye) and the bye level."""
        is_bye = second == (self.bye_node if self.bye_node is not None else -1)
        allowed = self.request.allow_rematches
        pairs = self.node_count // 2
        rematches = rematch(met_round, self.request.round, pairs)
        hard = np.where(is_bye, second_bye(self.had_bye[first], self.request.round, pairs),
                        0 if allowed else rematches)
        soft = np.where(is_bye, 0, rematches if allowed else 0)
        team = np.where(is_bye, 0, team_clash(self.teams[first], self.teams[second], self.fixed[first],
                                              self.fixed[second]))
        bye = np.where(is_bye, self.bye_rank[first], 0)
        diff = np.where(is_bye, 0, score_difference(self.scores[first], self.scores[second]))
        order = np.where(is_bye, 0, standings_order(first, second))
        return Edges(u, v, hard, team, bye, diff, soft, order)

    def vector(self, pairs: list[tuple[int, int]]) -> tuple:
        """A whole pairing's cost as a comparable tuple, level by level in the objective's order (the score
        differences as a tuple sorted from the largest down)."""
        ordered = [tuple(sorted(pair)) for pair in pairs]
        first = np.array([a for a, _ in ordered], dtype=np.int64)
        second = np.array([b for _, b in ordered], dtype=np.int64)
        met = np.array([self.met[a].get(b, 0) if b != self.bye_node else 0 for a, b in ordered], dtype=np.int64)
        levels = self.levels(first, second, first, second, met)
        diffs = tuple(sorted((int(d) for d in levels.diff), reverse=True))
        return (int(levels.hard.sum()), int(levels.team.sum()), int(levels.bye.sum()), diffs, int(levels.soft.sum()),
                int(levels.order.sum()))

    def natural(self) -> list[tuple[int, int]]:
        """The ideal pairing: 1 v 2, 3 v 4, … down the standings (the bye node last). Scores only fall down the
        standings, so pairing neighbours gives the smallest largest difference, then the smallest next one, and
        so on (a floater meets the top of the group below, which floats its own lowest on, a chain of short
        floats); no pairing beats it on levels 4 and 6."""
        return [(index, index + 1) for index in range(0, self.node_count - 1, 2)]
