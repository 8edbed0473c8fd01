"""A tabu search on the clash levels, for what the pods engine's swaps leave in crowded fields.

The swaps of `pods.local_search` only take moves that lower the cost at once, so late in a long event,
when most pairs have met, they stop at a local optimum with repeats that a better grouping avoids. This
search works on the repeat levels alone (team mates, then meetings for the third time or more, then
second meetings, as one weighted sum), with numpy arrays: each step takes a player in a clash and makes
the swap with anyone in another game (in ranked fields, at first only players with close records) that
changes the cost least, even upwards, while the players just moved may not move back for a while (the
tabu tenure). It keeps the best grouping seen and stops at no clash, after a fixed number of steps, or when
a long run of steps found nothing better, so a round always gets the same games.
"""

from __future__ import annotations

import random

import numpy as np

from .pods import PodField

STEPS_PER_FIELD = 320_000  # steps x players: the budget shrinks as fields grow (each step costs ~ players)
FEWEST_STEPS = 150
MOST_STEPS = 6_000  # small fields: more finds nothing more in the benchmark, and costs time
STALL_STEPS = 3_500  # steps without a better grouping after which the search stops (none was found later)
TENURE = 7
WIDENING = ((1, 0.125), (3, 0.125), (None, 0.75))  # (widest gap in points or None for any, share of the steps)


def clash_weights(field: PodField) -> np.ndarray:
    """The cost of each pair sharing a game on the repeat levels, as one integer whose weights keep their
    order: a team mate outweighs any number of repeats, a third meeting any number of second ones (bounded
    by how many pairs can share a game at all). How recent a meeting is stays with the swaps that follow:
    weighed here too, it leaves the search circling a single old repeat instead of crossing to none."""
    n = len(field.entrants)
    pairs = sum(size * (size - 1) // 2 for size in field.sizes)
    frequent = pairs + 1
    team = frequent * (pairs * (field.round + 1) + 1)
    weights = np.zeros((n, n), dtype=np.int64)
    for first, partners in field.partners.items():
        i = field.rank[first]
        for other, (t, f, s, _) in partners.items():
            weights[i, field.rank[other]] = t * team + f * frequent + s
    return np.maximum(weights, weights.T)


def clash_search(field: PodField, games: list[list[int]]) -> list[list[int]]:
    """Games with the least clash cost the search finds from `games` (their sizes kept, in the same slots).

    In a ranked field the search first swaps only players whose records are close (`WIDENING`: at most one
    point apart, then three, each on a small share of the steps) and reaches across the field only for
    what those leave: a repeat avoided with a player ten wins away is a poor trade when one a single win
    away would do, and the swaps that polish the spread afterwards cannot undo such a move."""
    total = min(MOST_STEPS, max(FEWEST_STEPS, STEPS_PER_FIELD // max(len(field.entrants), 1)))
    plan = WIDENING if field.ranked else ((None, 1.0),)
    weights = clash_weights(field)
    for widest_gap, share in plan:
        gap = None if widest_gap is None else widest_gap * field.scale
        games = _tabu(field, weights, games, gap, int(total * share))
        if not any(field.clashes(game) for game in games):
            break
    return games


def _tabu(field: PodField, weights: np.ndarray, games: list[list[int]], widest_gap: int | None,
          steps: int) -> list[list[int]]:
    """The tabu search itself, swapping only players whose points differ by at most `widest_gap` (if set)."""
    n = len(field.entrants)
    ids = [e.id for e in field.entrants]
    game_of = np.empty(n, dtype=np.int64)
    for slot, game in enumerate(games):
        for pid in game:
            game_of[field.rank[pid]] = slot
    member = np.zeros((len(games), n))
    member[game_of, np.arange(n)] = 1
    load = np.rint(weights.astype(float) @ member.T).astype(np.int64)  # load[i, g]: i's cost with game g
    cost = int(load[np.arange(n), game_of].sum()) // 2
    best_cost, best, found_at = cost, game_of.copy(), 0
    tabu = np.zeros(n, dtype=np.int64)
    rng = random.Random(f"{field.round}:{n}")
    everyone = np.arange(n)
    points = np.array([field.points[pid] for pid in ids])
    for step in range(1, steps + 1):
        own = load[everyone, game_of]
        clashing = np.flatnonzero(own > 0)
        if best_cost == 0 or clashing.size == 0 or step - found_at > STALL_STEPS:
            break
        here = game_of[clashing]
        # change[r, j]: the cost change of swapping clashing player r with player j
        change = (load[clashing][:, game_of] - 2 * weights[clashing] + load[:, here].T
                  - load[clashing, here][:, None] - own[None, :])
        free = (tabu[clashing][:, None] < step) & (tabu[None, :] < step)
        allowed = (game_of[None, :] != here[:, None]) & (free | (cost + change < best_cost))
        if widest_gap is not None:
            allowed &= np.abs(points[clashing][:, None] - points[None, :]) <= widest_gap
        if not allowed.any():
            tabu[:] = 0
            continue
        change = np.where(allowed, change, np.iinfo(np.int64).max)
        lowest = change.min()
        rows, columns = np.nonzero(change == lowest)
        gaps = np.abs(points[clashing[rows]] - points[columns])
        closest = np.flatnonzero(gaps == gaps.min())  # of equal swaps, the one between the closest records
        pick = closest[rng.randrange(closest.size)]  # ties drawn (seeded): a fixed choice would walk in circles
        i, j = int(clashing[rows[pick]]), int(columns[pick])
        there, here_i = game_of[j], game_of[i]
        load[:, here_i] += weights[:, j] - weights[:, i]
        load[:, there] += weights[:, i] - weights[:, j]
        game_of[i], game_of[j] = there, here_i
        cost += int(lowest)
        tabu[i] = tabu[j] = step + TENURE + rng.randrange(TENURE)
        if cost < best_cost:
            best_cost, best, found_at = cost, game_of.copy(), step
    grouped: list[list[int]] = [[] for _ in games]
    for index, slot in enumerate(best):
        grouped[slot].append(ids[index])
    return grouped
