"""Benchmark: `simulate` at the pairing engine's pace (issue 34).

(a) Per ruleset at a typical size: the CPU time of one simulated round (everything a run does, divided by its
rounds: pairing, drawing results, scoring, standings, history, the figures) beside the time `ruleset.pairer.pair`
itself takes for those rounds, given the same standings and history: the pairing engine's own time, measured
in the same run. The target is a simulated round within 2x the pairing.

(b) The issue's yardstick: the default 200 runs of a 200-player, 8-round Swiss, as a TO runs it
(`sheetrunner simulate -r swiss -p 200 -n 8 --workers 2 --json`, in its own process), in wall seconds and CPU
seconds (the command and its workers, from getrusage), beside the pairing engine's own CPU for the same runs
(measured on a sample of runs in this process, scaled to 200). The target is 10 s on this machine's two cores.

Times are CPU seconds (time.process_time), as the machine is shared. This process collects garbage as the
`sheetrunner` command does (`exits.ONE_COMMAND_GC`), so the rounds are timed as the command plays them.

Run: python bench/bench_simulate.py [--repeat 3] [--workers 2] [--sample 10] [--skip-many]
"""

from __future__ import annotations

import argparse
import gc
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetrunner.commands.exits import ONE_COMMAND_GC  # noqa: E402
from sheetrunner.rulesets import get_ruleset  # noqa: E402
from sheetrunner.simulation.simulate import Setup, default_runs, run_once  # noqa: E402

TYPICAL = [("swiss", 64, 6), ("swiss", 200, 8), ("swiss-tp", 64, 6), ("chits-and-cards", 64, 6),
           ("pod-round-robin", 64, 7), ("allegiance", 63, 6), ("ndc-diplomacy", 49, 4)]
YARDSTICK = Setup("swiss", 200, 8, seed=1)


class PairClock:
    """Wraps a ruleset's `pairer.pair` to add up its CPU time (an instance attribute of the pairer, so only this
    process's)."""

    def __init__(self, ruleset) -> None:
        self.ruleset, self.seconds = ruleset, 0.0
        self.original = type(ruleset.pairer).pair.__get__(ruleset.pairer)
        ruleset.pairer.pair = self

    def __call__(self, *args, **kwargs):
        start = time.process_time()
        try:
            return self.original(*args, **kwargs)
        finally:
            self.seconds += time.process_time() - start

    def close(self) -> None:
        del self.ruleset.pairer.pair


def timed_runs(setup: Setup, indices: range) -> tuple[float, float]:
    """CPU seconds of the runs and, of those, of `ruleset.pairer.pair`."""
    clock = PairClock(get_ruleset(setup.ruleset))
    try:
        start = time.process_time()
        for index in indices:
            run_once(setup, index)
        return time.process_time() - start, clock.seconds
    finally:
        clock.close()


def per_round(repeat: int) -> None:
    print("(a) one simulated round beside the pairing engine's own time for it (CPU ms a round)")
    print(f"  {'ruleset':<16} {'players':>7} {'rounds':>6}  {'pair':>8} {'simulated':>10}  {'x pair':>6}  target 2x")
    for name, players, rounds in TYPICAL:
        setup = Setup(name, players, rounds, seed=2, draw_rate=0.05)
        run_once(setup, repeat)  # warm: imports and caches a first `pair` command would pay too
        total, pairing = timed_runs(setup, range(repeat))
        count = repeat * rounds
        print(f"  {name:<16} {players:>7} {rounds:>6}  {pairing / count * 1000:>8.2f} {total / count * 1000:>10.2f}  "
              f"{total / pairing:>6.2f}  {'met' if total <= 2 * pairing else 'NOT met'}")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def many_runs(workers: int, sample: int) -> None:
    runs = default_runs(YARDSTICK.players, YARDSTICK.rounds)
    total, pairing = timed_runs(YARDSTICK, range(runs, runs + sample))  # other runs than those timed below
    serial, pairing = total / sample * runs, pairing / sample * runs
    command = [sys.executable, "-m", "sheetrunner", "simulate", "-r", YARDSTICK.ruleset, "-p", str(YARDSTICK.players),
               "-n", str(YARDSTICK.rounds), "--seed", str(YARDSTICK.seed), "--workers", str(workers), "--json"]
    wall, children = time.perf_counter(), children_cpu()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall, cpu = time.perf_counter() - wall, children_cpu() - children
    print(f"\n(b) swiss, {YARDSTICK.players} players, {YARDSTICK.rounds} rounds, the default {runs} runs")
    print(f"  pairing alone, CPU (baseline, from {sample} runs)    {pairing:8.2f} s")
    print(f"  one process, CPU (from the same {sample} runs)        {serial:8.2f} s   {serial / pairing:6.2f} x pair")
    print(f"  the command, {workers} workers, CPU (all processes)   {cpu:8.2f} s   {cpu / pairing:6.2f} x pair")
    print(f"  the command, {workers} workers, wall                  {wall:8.2f} s   target 10 s: "
          f"{'met' if wall <= 10 else 'NOT met'} (CPU / {workers}: {cpu / workers:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each ruleset timed in (a)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sample", type=int, default=10, help="runs timed in this process for (b)'s baseline")
    parser.add_argument("--skip-many", action="store_true", help="only (a)")
    args = parser.parse_args()
    gc.set_threshold(*ONE_COMMAND_GC)
    per_round(args.repeat)
    if not args.skip_many:
        many_runs(args.workers, args.sample)


if __name__ == "__main__":
    main()
