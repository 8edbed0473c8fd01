"""Measurement behind a design decision (issue 34): Diplomacy boards without CP-SAT.

Until 0.5.0 a three-board Diplomacy round (the largest field it could take within a `pair`) handed what the tabu
search left to CP-SAT, with a deterministic budget of 0.06 units. This plays seeded 21-player events of 7 rounds
with today's engine and, for every round from 2 on, asks CP-SAT the same question with that budget, hinted with the
engine's boards as before: how often it found boards with a lower clash cost (repeats, third meetings, recency),
how often it proved the engine's clash counts optimal where the engine had not, and its CPU time.

Run: python bench/boards_solver.py [--events 40]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pods import DIPLOMACY, settings  # noqa: E402
from sheetrunner.model.event import Event, Player, Round, Seat, Table  # noqa: E402
from sheetrunner.model.history import compute_history  # noqa: E402
from sheetrunner.pairing import Entrant  # noqa: E402
from sheetrunner.pairing.pods import PodField  # noqa: E402
from sheetrunner.pairing.pods_field import clash_cost  # noqa: E402
from sheetrunner.pairing.pods_solver import solve_groups  # noqa: E402

OLD_BUDGET = 0.06  # BOARDS_SOLVER_WORK before 0.5.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=40)
    args = parser.parse_args()
    rounds = better = proofs = 0
    seconds = 0.0
    for seed in range(args.events):
        base = settings(DIPLOMACY, 7)
        event = Event(replace(base, seed=seed, options={**base.options, "seed": seed}),
                      tuple(Player(i, f"P{i}") for i in range(1, 22)))
        for number in range(1, 8):
            history = compute_history(event.rounds)
            pairing = DIPLOMACY.pairer.pair(event, None, history, number)
            boards = [list(t.player_ids) for t in pairing.tables]
            if number > 1:
                entrants = tuple(Entrant(p, Fraction(0), met=dict(history.met.get(p, {})),
                                         meetings=dict(history.times.get(p, {}))) for board in boards for p in board)
                field = PodField(entrants, [7] * len(boards), number, ranked=False)
                proven = any("no arrangement avoids" in note for notes in pairing.notes.values() for note in notes)
                start = time.process_time()
                solved, optimal = solve_groups(field, boards, OLD_BUDGET)
                seconds += time.process_time() - start
                rounds += 1
                better += clash_cost(field, solved) < clash_cost(field, boards)
                proofs += optimal and not proven and any(field.clashes(board) for board in boards)
            tables = [Table(t.number, tuple(Seat(pid, power, {}) for pid, power in zip(t.player_ids, t.seats)))
                      for t in pairing.tables]
            event = event.with_rounds(event.rounds + (Round(number, tuple(tables)),))
    print(f"{args.events} events of 21 players, {rounds} rounds after the first, CP-SAT with {OLD_BUDGET} units each:")
    print(f"  better boards found:                        {better}")
    print(f"  repeats proven unavoidable that the engine had not proven: {proofs}")
    print(f"  CP-SAT CPU: {seconds:.2f} s in all, {seconds / max(rounds, 1) * 1000:.0f} ms a round "
          "(plus its import when a command first needs it)")


if __name__ == "__main__":
    main()
