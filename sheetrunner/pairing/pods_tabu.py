"""A tabu search on the clash levels, for what the pods engine's swaps leave in crowded fields.

The swaps of `pods.local_search` only take moves that lower the cost at once, so late in a long event,
when most pairs have met, they stop at a local optimum with repeats that a better grouping avoids. This
search works on the clash levels (team mates, then meetings for the third time or more, then second
meetings, then how recent the repeats are, as one weighted integer: `clash_weights`), with numpy arrays:
each step takes a player in a clash and makes the swap with anyone in another game (in ranked fields, at
first only players with close records) that changes the cost least, even upwards, while the players just
moved may not move back for a while (the tabu tenure). Where no swap lowers the cost, a rotation of three
players among three games is tried first (a player in a clash to another game, one of that game to a
third, one of the third to the first game): it crosses the plateaus where every single swap costs (a
board with one repeat whose players no other board can take in exchange). The search keeps the best
grouping seen and stops at a lower bound (`repeat_floor`: then the grouping is proven optimal on the
counts), after a fixed amount of work, or when a long run of work found nothing better, so a round always
gets the same games. `narrower_groups` uses the same search to narrow the spread of wins.
"""

from __future__ import annotations

import os
import random
import sys
from typing import NamedTuple

if "numpy" not in sys.modules:  # its work here is integer arrays, never BLAS: one OpenBLAS thread spares the CPU
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # its thread pool costs as numpy loads (0.05 s, issue 34)

import numpy as np  # noqa: E402

from .pods_field import PodField
from .pods_rules import recency_base

WORK_PER_FIELD = 200_000  # step-equivalents x players: the budget shrinks as fields grow
FEWEST_STEPS = 150
MOST_STEPS = 2_500  # small fields: more finds nothing more in the benchmark, and costs time
STEPS_PER_GAME = 400
STALL_SHARE = 0.7  # the search stops after this share of its budget without a better grouping
ELEMENTS_PER_STEP = 20_000  # moves weighed that cost about as much as one step's fixed overhead
ROTATION_STEPS = 3  # a rotation's fixed overhead, in steps
ROTATION_CHOICES = 8  # rotations weigh, for each player in a clash, the games of its best few swaps
TENURE = 7  # steps a moved player stays put (at least; fewer in fields of few games)
RECENCY_SHARE = 0.25  # boards: the share of the work that weighs every round it can (after the last alone)
WIDENING = ((1, 0.125), (3, 0.125), (None, 0.75))  # (widest gap in points or None for any, share of the work)
NEVER = np.iinfo(np.int64).max


def clash_weights(field: PodField, rounds: int | None = None) -> tuple[np.ndarray, int, dict[int, int]]:
    """The cost of each pair sharing a game on the clash levels, as one integer whose weights keep their
    order: a team mate outweighs any number of repeats, a third meeting any number of second ones, a second
    meeting any number of the recency units below (each level bounded by how many pairs can share a game
    at all). Recency: a repeat last met in one of the newest rounds weighs more than any number from older
    ones, for as many rounds, newest first, as 64 bits hold (all of them in small fields; at least the round
    just played: 000, if two players met in the last round they should not meet in the following one). What
    is left of recency stays with the swaps and the solver that follow, and so does the spread of wins.
    `rounds` caps how many rounds are weighed. Returns the weights, the weight of one second meeting and the
    weight of each round weighed."""
    n = len(field.entrants)
    unit = _repeat_unit(field)
    newest = sorted({last for e in field.entrants for other, last in e.met.items() if other in field.by_id},
                    reverse=True)
    weighed = max(1, min(len(newest), rounds or len(newest)))
    while weighed > 1 and unit ** (weighed + 3) * (field.round + 2) ** 2 >= 2 ** 62:  # the team weight x pairs
        weighed -= 1
    recency = {last: unit ** (weighed - 1 - index) for index, last in enumerate(newest[:weighed])}
    second = unit ** weighed
    frequent = second * unit
    team = frequent * (unit * (field.round + 1) + 1)
    weights = np.zeros((n, n), dtype=np.int64)
    for first, partners in field.partners.items():
        i = field.rank[first]
        for other, (t, f, s, _) in partners.items():
            last = recency.get(met, 0) if (f or s) and (met := field.last_met(first, other)) is not None else 0
            weights[i, field.rank[other]] = t * team + f * frequent + s * second + last
    return np.maximum(weights, weights.T), second, recency


def _repeat_unit(field: PodField) -> int:
    return recency_base(field.sizes)  # more than the pairs of any grouping


def repeat_floor(field: PodField) -> tuple[int, int]:
    """Lower bounds on the repeat pairs of any grouping, all of them and those of the round just played.

    The pairs that last met in one round fall into groups that all met one another there (found greedily);
    a group of k players spread over the games of this round leaves, however it is spread, at least the
    pairs of the most even split (k into as many games as there are, at most a game's size in each). A pair
    last met in one round only, so the bounds of all groups of all rounds add up. It is useful in small
    fields (three boards of seven: 15 repeats in round 2 are forced), and 0 where games outnumber a group."""
    games, biggest = len(field.sizes), max(field.sizes, default=0)
    if games >= biggest:  # a group met in one game, so it is no larger than a game: it can always spread
        return 0, 0
    by_round: dict[int, dict[int, set[int]]] = {}
    for e in field.entrants:
        for other, last in e.met.items():
            if other in field.by_id:
                by_round.setdefault(last, {}).setdefault(e.id, set()).add(other)
    floor = last_round = 0
    for number, graph in by_round.items():
        groups: list[list[int]] = []
        for player in sorted(graph, key=field.rank.__getitem__):
            home = next((g for g in groups if all(q in graph[player] for q in g)), None)
            if home is None:
                groups.append([player])
            else:
                home.append(player)
        bound = sum(_even_pairs(len(group), games, biggest) for group in groups)
        floor += bound
        last_round += bound if number == field.round - 1 else 0
    return floor, last_round


def _even_pairs(count: int, games: int, size: int) -> int:
    if games == 0 or count > games * size:
        return 0
    share, extra = divmod(count, games)
    return extra * (share + 1) * share // 2 + (games - extra) * share * (share - 1) // 2


def clash_search(field: PodField, games: list[list[int]]) -> tuple[list[list[int]], bool]:
    """Games with the least clash cost the search finds from `games` (their sizes kept, in the same slots),
    and whether their clash counts reach the lower bound (then no grouping has fewer repeats).

    The search weighs recency by the round just played alone at first: more rounds make the landscape
    steeper and the search then finds fewer repeats less often. On boards all alike a last share of the
    work (`RECENCY_SHARE`) goes on from the best grouping with every round it can weigh (counts never get
    worse: they come first). In a ranked field the search first swaps only players whose records are close
    (`WIDENING`: at most one point apart, then three, each on a small share of the work) and reaches across
    the field only for what those leave: a repeat avoided with a player ten wins away is a poor trade when
    one a single win away would do, and the swaps that polish the spread afterwards cannot undo such a move."""
    total = _budget(field)
    plan: list[tuple[int | None, float, int | None]]
    if field.ranked:
        plan = [(gap, share, 1) for gap, share in WIDENING]
    else:
        plan = [(None, 1 - RECENCY_SHARE, 1), (None, RECENCY_SHARE, None)]
    floor, last_round = repeat_floor(field)
    cost, proven = None, False
    for widest_gap, share, rounds in plan:
        weights, second, recency = clash_weights(field, rounds)
        least = floor * second + last_round * recency.get(field.round - 1, 0)  # no grouping costs less
        gap = None if widest_gap is None else widest_gap * field.scale
        games, cost = _tabu(field, weights, games, gap, total * share, least)
        proven = proven or cost // second <= floor
        if cost <= least:
            break
    return games, proven


def _budget(field: PodField) -> int:
    """The search's work in step-equivalents: fewer as fields grow (a step costs about as many as players),
    and no more than `STEPS_PER_GAME` a game (a field of three boards is searched through long before)."""
    steps = max(FEWEST_STEPS, WORK_PER_FIELD // max(len(field.entrants), 1))
    return min(MOST_STEPS, STEPS_PER_GAME * len(field.sizes), steps)


def _loads(weights: np.ndarray, game_of: np.ndarray, games: int) -> np.ndarray:
    """load[i, g]: the cost of player i with the players of game g (every game has players). Exact integer
    sums by game, not a matrix product: numpy multiplies 64-bit integers without BLAS, and floats would round
    the large weights."""
    order = np.argsort(game_of, kind="stable")
    starts = np.concatenate(([0], np.cumsum(np.bincount(game_of, minlength=games))[:-1]))
    return np.add.reduceat(weights[:, order], starts, axis=1)


def _tabu(field: PodField, weights: np.ndarray, games: list[list[int]], widest_gap: int | None,
          budget: float, floor: int) -> tuple[list[list[int]], int]:
    """The tabu search itself, swapping only players whose points differ by at most `widest_gap` (if set),
    within `budget` step-equivalents of work; the best games and their cost."""
    search = TabuSearch(field, weights, games, widest_gap)
    search.run(budget, floor)
    grouped: list[list[int]] = [[] for _ in games]
    for index, slot in enumerate(search.best):
        grouped[slot].append(search.ids[index])
    return grouped, search.best_cost


class Moves(NamedTuple):
    """The cost change of moving one player, the rest of the grouping as it stands. The weights are symmetric,
    so a player's weight with a partner is the partner's with them."""
    into: np.ndarray  # [p, q]: p into q's game, in q's place (q's weight with p left out)
    to_game: np.ndarray  # [g, p]: p into game g, nobody leaving it


class TabuSearch:
    """One tabu search over a field's games: where each player is (`game_of`), each player's cost towards each
    game (`load`), and the best grouping seen. Each step makes the swap of a player in a clash that lowers the
    cost most (moved players stay put a few steps, unless a move beats the best seen), or else a rotation of
    three; ties between equal moves are drawn with the round's seed."""

    def __init__(self, field: PodField, weights: np.ndarray, games: list[list[int]], widest_gap: int | None):
        n = len(field.entrants)
        self.weights, self.ids, self.everyone = weights, [e.id for e in field.entrants], np.arange(n)
        self.game_of = np.empty(n, dtype=np.int64)
        for slot, game in enumerate(games):
            for pid in game:
                self.game_of[field.rank[pid]] = slot
        self.load = _loads(weights, self.game_of, len(games))
        self.own = self.load[self.everyone, self.game_of]
        self.cost = int(self.own.sum()) // 2
        self.best_cost, self.best = self.cost, self.game_of.copy()
        self.tabu = np.zeros(n, dtype=np.int64)
        self.rng = random.Random(f"{field.round}:{n}")
        self.points = np.array([field.points[pid] for pid in self.ids])
        self.ranked = field.ranked and len(set(self.points.tolist())) > 1
        self.tenure = max(2, min(TENURE, len(games) // 2))  # with two or three games, a long tenure freezes the field
        self.close = None if widest_gap is None else np.abs(self.points[:, None] - self.points[None, :]) <= widest_gap
        self.work = self.found_at = 0.0
        self.step = 0

    def run(self, budget: float, floor: int) -> None:
        while self.work < budget and self.best_cost > floor and self.work - self.found_at <= budget * STALL_SHARE:
            self.step += 1
            clashing = np.flatnonzero(self.own)
            moves = self._move_costs()
            change, allowed = self._swap_changes(clashing, moves)
            if not allowed.any():  # nobody in a clash may move (records too far apart): this phase is over
                break
            free = allowed & (((self.tabu[clashing] < self.step)[:, None] & (self.tabu < self.step))
                              | (change < self.best_cost - self.cost))
            if (not free.any() or change[free].min() >= 0) and self._rotate(clashing, change, allowed, moves):
                continue  # no swap lowered the cost; a rotation of three did
            change[~free] = NEVER  # tabu unless it beats the best seen (aspiration)
            lowest = int(change.min())
            if lowest == NEVER:
                self.tabu[:] = 0
                continue
            self._swap(clashing, change, lowest)

    def _move_costs(self) -> Moves:
        """What each move costs in the grouping as it stands (computed once a step, for the swaps and the
        rotations)."""
        away = self.load - self.own[:, None]
        return Moves(into=away[:, self.game_of] - self.weights, to_game=np.ascontiguousarray(away.T))

    def _swap_changes(self, clashing: np.ndarray, moves: Moves) -> tuple[np.ndarray, np.ndarray]:
        """change[r, j]: the cost change of swapping clashing player r with player j; and which swaps are allowed
        (another game, and records close enough)."""
        here = self.game_of[clashing]
        change = moves.into[clashing] + moves.to_game[here] - self.weights[clashing]  # r into j's game, j into r's
        allowed = self.game_of != here[:, None]
        if self.close is not None:
            allowed &= self.close[clashing]
        self.work += 1 + change.size / ELEMENTS_PER_STEP
        return change, allowed

    def _rotate(self, clashing: np.ndarray, change: np.ndarray, allowed: np.ndarray, moves: Moves) -> bool:
        """Make the best rotation of three players, if one exists; whether one was made."""
        rotation, weighed = _best_rotation(self.weights, moves, self.game_of, clashing, change, allowed, self.close)
        self.work += ROTATION_STEPS + weighed / ELEMENTS_PER_STEP
        if rotation is None:
            return False
        lowest, moves = rotation
        for player, slot in moves:
            self.load[:, self.game_of[player]] -= self.weights[:, player]
            self.load[:, slot] += self.weights[:, player]
        for player, slot in moves:
            self.game_of[player] = slot
            self.tabu[player] = self.step + self.tenure + self.rng.randrange(self.tenure)
        self._moved(lowest)
        return True

    def _swap(self, clashing: np.ndarray, change: np.ndarray, lowest: int) -> None:
        """Make one of the swaps that change the cost by `lowest`: between the closest records when ranked, the
        rest of the tie drawn (seeded: a fixed choice would walk in circles)."""
        rows, columns = np.nonzero(change == lowest)
        if self.ranked:
            gaps = np.abs(self.points[clashing[rows]] - self.points[columns])
            closest = np.flatnonzero(gaps == gaps.min())
            rows, columns = rows[closest], columns[closest]
        pick = self.rng.randrange(rows.size)
        i, j = int(clashing[rows[pick]]), int(columns[pick])
        there, here = self.game_of[j], self.game_of[i]
        moved = self.weights[:, i] - self.weights[:, j]
        self.load[:, here] -= moved
        self.load[:, there] += moved
        self.game_of[i], self.game_of[j] = there, here
        self.tabu[i] = self.tabu[j] = self.step + self.tenure + self.rng.randrange(self.tenure)
        self._moved(lowest)

    def _moved(self, change: int) -> None:
        self.own = self.load[self.everyone, self.game_of]
        self.cost += change
        if self.cost < self.best_cost:
            self.best_cost, self.best, self.found_at = self.cost, self.game_of.copy(), self.work


def _best_rotation(weights, moves: Moves, game_of, clashing, change, allowed, close):
    """The rotation that lowers the cost most, if any: clashing player i to the game of j, j to the game of l,
    l to i's game (three different games). For each i, j ranges over the players of its best few swaps.
    Returns ((change, [(player, new game)] * 3) or None, elements weighed)."""
    count = min(ROTATION_CHOICES, change.shape[1])
    swap = np.where(allowed, change, NEVER)
    picks = best_partners(swap, count)  # j: i's best swap partners
    i = np.repeat(clashing, count)
    j = picks.ravel()
    keep = swap[np.repeat(np.arange(clashing.size), count), j] < NEVER
    i, j = i[keep], j[keep]
    if i.size == 0:
        return None, 0
    a, b = game_of[i], game_of[j]
    # i leaves a for b (taking j's place), j leaves b for l's game c (taking l's place), l leaves c for a
    total = moves.into[i, j][:, None] + moves.into[j] + moves.to_game[a] - weights[i]
    elsewhere = game_of[None, :] != np.arange(moves.to_game.shape[0])[:, None]  # [g, l]: l is not in game g
    valid = elsewhere[a] & elsewhere[b]
    if close is not None:
        valid &= close[j] & close[i]
    total = np.where(valid, total, NEVER)
    best = np.unravel_index(int(np.argmin(total)), total.shape)
    lowest = int(total[best])
    if lowest >= 0:
        return None, total.size
    row, l = int(best[0]), int(best[1])
    pi, pj = int(i[row]), int(j[row])
    return (lowest, [(pi, int(game_of[pj])), (pj, int(game_of[l])), (l, int(game_of[pi]))]), total.size


def best_partners(swap: np.ndarray, count: int) -> np.ndarray:
    """Each row's `count` lowest entries' columns, lowest first, equal values in column order: the same on every
    machine. (`argpartition`, used before, keeps machine-dependent ones among equal values: numpy's AVX-512
    selection on one CPU, its generic one on another; so the same workbook could get other boards.)"""
    return np.argsort(swap, axis=1, kind="stable")[:, :count]


def narrower_groups(field: PodField, games: list[list[int]], width: int) -> list[list[int]] | None:
    """A grouping whose games span at most `width` points of wins, with no clashing pair together that is not
    together in `games` (so no clash level grows), if the tabu search finds one: the pairs too far apart
    count as clashes of weight 1, the clashes not in `games` weigh more than all of them together."""
    n = len(field.entrants)
    points = np.array([field.points[e.id] for e in field.entrants])
    far = (np.abs(points[:, None] - points[None, :]) > width).astype(np.int64)
    clash = clash_weights(field)[0] > 0
    slot_of = np.empty(n, dtype=np.int64)
    for slot, game in enumerate(games):
        for pid in game:
            slot_of[field.rank[pid]] = slot
    kept = slot_of[:, None] == slot_of[None, :]
    weights = np.where(clash & ~kept, int(far.sum()) + 1, np.where(clash, 0, far))
    np.fill_diagonal(weights, 0)
    found, cost = _tabu(field, weights, games, None, _budget(field), 0)
    return found if cost == 0 else None
