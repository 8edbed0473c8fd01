"""How fast `simulate` plays whole events: the issue's yardstick is 1,000 runs of a 64-player, 6-round
Swiss in under 30 s on 2 cores.

Run: python bench/bench_simulate.py [--runs 1000] [--workers 2]

Prints the wall time of the whole simulation on `--workers` processes beside the baseline measured in the
same run: the same events played one after another in this process (a sample of runs, scaled), so the
ratio shows what the workers gain on this machine. Then one run of each ruleset at a typical size, for
scale.
"""

from __future__ import annotations

import argparse
import time

from sheetrunner.simulate import Setup, run_once, simulate_event

TYPICAL = [("swiss", 64, 6), ("swiss-tp", 64, 6), ("chits-and-cards", 64, 6), ("pod-round-robin", 64, 7),
           ("allegiance", 63, 6), ("ndc-diplomacy", 49, 4)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sample", type=int, default=100, help="runs timed one by one for the baseline")
    args = parser.parse_args()
    setup = Setup("swiss", 64, 6, runs=args.runs, seed=1, draw_rate=0.05)
    start = time.perf_counter()
    for index in range(args.sample):
        run_once(setup, index)
    serial = (time.perf_counter() - start) / args.sample * args.runs
    start = time.perf_counter()
    simulate_event(setup, workers=args.workers)
    parallel = time.perf_counter() - start
    print(f"swiss, 64 players, 6 rounds, {args.runs} runs")
    print(f"  one process (baseline, from {args.sample} runs) {serial:8.2f} s")
    print(f"  {args.workers} workers                          {parallel:8.2f} s   ratio {parallel / serial:.2f}   "
          f"target < 30 s: {'met' if parallel < 30 else 'NOT met'}")
    print("\none run, for scale:")
    for ruleset, players, rounds in TYPICAL:
        start = time.perf_counter()
        run_once(Setup(ruleset, players, rounds, seed=2), 0)
        print(f"  {ruleset:<16} {players:>4} players {rounds} rounds  {(time.perf_counter() - start) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
