"""Benchmark: swiss-tp events of 64 to 4096 players at round 8, with and without drawn games.

For each size it prints
- whole-command wall time and peak memory of `check`, `standings` and `pair` (separate processes);
- the pairing step alone for sheetrunner's engine and two baselines run in this same process:
  networkx's general max_weight_matching on the same weighted full graph (up to 1024 players; far
  too slow above), and a greedy top-down pass (each player takes the next one they have not met);
- pairing quality for each: rematches, pairs across score groups, sum of score differences, beside
  the lower bound (the ideal pairing's cross-group pairs and score differences).

Run: python bench/bench_swiss.py [--sizes 64,256] [--no-networkx]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from synthetic import RULES, make_event, write_workbook  # noqa: E402
from timing import print_command_times, timed  # noqa: E402

from sheetrunner.api import load_event  # noqa: E402
from sheetrunner.history import compute_history  # noqa: E402
from sheetrunner.pairing import PairedTable, Pairing, PairingRequest  # noqa: E402
from sheetrunner.pairing.swiss import SwissField, _lexicographic_weights, measure_quality, pair_swiss  # noqa: E402
from sheetrunner.rulesets.base import entrants_in_order  # noqa: E402
from sheetrunner.tournament import standings_after  # noqa: E402

ROUND = 8
NETWORKX_LIMIT = 1024


def greedy(request: PairingRequest) -> Pairing:
    """The baseline a TO does by hand: top-down, each player meets the next one not yet met."""
    waiting = [e for e in request.entrants]
    byes = []
    if len(waiting) % 2:
        candidates = [e for e in reversed(waiting) if not e.had_bye] or [waiting[-1]]
        byes.append(candidates[0].id)
        waiting.remove(candidates[0])
    tables = []
    while waiting:
        first = waiting.pop(0)
        partner = next((e for e in waiting if e.id not in first.met), waiting[0])
        waiting.remove(partner)
        tables.append(PairedTable(len(tables) + 1, (first.id, partner.id)))
    return Pairing(tables, byes)


def networkx_full_graph(request: PairingRequest) -> Pairing:
    """networkx's blossom on every possible pair, weighted exactly as sheetrunner weighs them."""
    import networkx

    field = SwissField(request)
    nodes = range(field.node_count)
    costs = {(i, j): field.cost(i, j) for i in nodes for j in nodes if i < j}
    graph = networkx.Graph()
    graph.add_weighted_edges_from((i, j, w) for (i, j), w in _lexicographic_weights(costs, len(nodes) // 2).items())
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    tables, byes = [], []
    for i, j in sorted(tuple(sorted(p)) for p in matching):
        if j == field.bye_node:
            byes.append(field.entrants[i].id)
        else:
            tables.append(PairedTable(len(tables) + 1, (field.entrants[i].id, field.entrants[j].id)))
    return Pairing(tables, byes)


def lower_bound(request: PairingRequest) -> tuple[int, Fraction]:
    field = SwissField(request)
    ideal = field.total(field.natural(0, field.node_count))
    return ideal[3], Fraction(ideal[4], field.scale)


def request_from(path: Path) -> PairingRequest:
    loaded = load_event(path)
    event = loaded.event
    standings = standings_after(event, RULES)
    entrants = entrants_in_order(event, standings, compute_history(event.rounds), ROUND, "tp")
    return PairingRequest(ROUND, entrants)


def quality_text(request: PairingRequest, pairing: Pairing) -> str:
    q = measure_quality(request, pairing)
    return f"{q.rematches:>7} {q.cross_group_pairs:>5} {float(q.score_difference):>9g}   {bye_text(request, pairing)}"


def bye_text(request: PairingRequest, pairing: Pairing) -> str:
    """Where the bye went: 004 wants the lowest-ranked player who has not had one."""
    if not pairing.byes:
        return "no bye"
    by_id = {e.id: e for e in request.entrants}
    taker = by_id[pairing.byes[0]]
    lowest = request.entrants[-1].score
    group = "lowest group" if taker.score == lowest else f"group {float(taker.score):g} (lowest {float(lowest):g})"
    return f"bye: {group}, {'second bye!' if taker.had_bye else 'first bye'}"


def bench_size(players: int, draws: bool, folder: Path, use_networkx: bool) -> None:
    start = time.perf_counter()
    event = make_event(players, ROUND - 1, draws, drop_one=draws)
    path = write_workbook(event, folder / f"swiss-tp-{players}-{'draws' if draws else 'nodraws'}.xlsx")
    made = time.perf_counter() - start
    label = f"{players} players, {'with draws, one dropped before this round (a bye)' if draws else 'no draws'}"
    print(f"\n## {label} (round {ROUND}; event made in {made:.1f} s)")
    print_command_times(path, folder)
    request = request_from(path)
    bound_cross, bound_difference = lower_bound(request)
    print(f"pairing step        seconds  rematch cross  sum-diff   (lower bound: cross {bound_cross}, "
          f"sum-diff {float(bound_difference):g})")
    engines = [("sheetrunner", pair_swiss), ("greedy", greedy)]
    if use_networkx and players <= NETWORKX_LIMIT:
        engines.append(("networkx full graph", networkx_full_graph))
    for name, engine in engines:
        seconds, pairing = timed(lambda: engine(request), repeat=1 if name.startswith("networkx") else 3)
        print(f"{name:<19} {seconds:>8.4f}  {quality_text(request, pairing)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="64,256,1024,4096")
    parser.add_argument("--no-networkx", action="store_true", help="skip the slow networkx baseline")
    options = parser.parse_args()
    print(f"sheetrunner Swiss benchmark on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        for players in (int(size) for size in options.sizes.split(",")):
            for draws in (False, True):
                bench_size(players, draws, Path(folder), not options.no_networkx)


if __name__ == "__main__":
    main()
