"""Benchmark: whole commands for every other ruleset, at the sizes each makes sense for (SPEC §8).

Each event is built the way a TO runs it (`init`, then `pair` and typed results for four rounds) and
the commands are timed on it as round 5 is due: `check`, `standings`, `pair` (reports included) and
`report`, each in its own process with its peak memory. The baseline, measured in the same run, is the
floor any command that rewrites the workbook has: openpyxl alone loading it in full and saving it.
(swiss-tp and the pairing engines have their own scripts: bench_swiss.py and bench_pods.py.)

Run: python bench/bench_commands.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sheetrunner import api  # noqa: E402
from timing import print_command_times, run_command  # noqa: E402

SIZES = {"swiss": (64, 256, 1024), "chits-and-cards": (64, 256, 1024), "allegiance": (64, 256, 1024),
         "pod-round-robin": (64, 256), "ndc-diplomacy": (21, 70, 140)}
PLAYED = 4


def type_results(path: Path, number: int, rng: random.Random) -> None:
    """Results for every game of a round, whatever the ruleset's columns."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {number}"]
    column = {cell.value: index for index, cell in enumerate(sheet[1])}
    games: dict = {}
    for row in sheet.iter_rows(min_row=2):
        if row[0].value != "BYE":
            games.setdefault(row[0].value, []).append(row)
    for rows in games.values():
        if "Centres" in column:  # Diplomacy first: it has a Result column too (Solo/Draw)
            survivors = rng.sample(rows, rng.randint(3, 5))
            for row in rows:
                share = 34 // len(survivors) + (34 % len(survivors) if row is survivors[0] else 0)
                row[column["Centres"]].value = min(share, 17) if row in survivors else 0
                row[column["Eliminated"]].value = None if row in survivors else 1905
                row[column["End year"]].value = 1910
        elif "OP" in column:
            for row in rows:
                row[column["OP"]].value, row[column["SP"]].value = rng.randint(0, 6), rng.randint(0, 4)
        elif "Result" in column:
            first, second = rng.choice([("W", "L"), ("L", "W"), ("D", "D")])
            rows[0][column["Result"]].value, rows[1][column["Result"]].value = first, second
        elif "Games won" in column:
            won, lost, drawn = rng.choice([(2, 0, None), (2, 1, None), (1, 2, None), (0, 2, None), (1, 1, 1)])
            rows[0][column["Games won"]].value, rows[1][column["Games won"]].value = won, lost
            rows[0][column["Games drawn"]].value = rows[1][column["Games drawn"]].value = drawn
        elif "VI" in column:
            scores = [rng.randint(0, 25) for _ in rows]
            for row, vi in zip(rows, scores):
                row[column["VI"]].value = vi
                row[column["Won"]].value = "Y" if vi == max(scores) and vi >= 20 else None
    book.save(path)


def build(ruleset: str, players: int, folder: Path) -> Path:
    path = folder / f"{ruleset}-{players}.xlsx"
    roster = folder / "roster.csv"
    roster.write_text("Name\n" + "".join(f"Player {i:04d}\n" for i in range(1, players + 1)), encoding="utf-8")
    api.init_event(path, ruleset, rounds=PLAYED + 1 if ruleset != "pod-round-robin" else 7, players=roster, seed=7)
    rng = random.Random(players)
    for number in range(1, PLAYED + 1):
        api.pair_next(path, reports=False)
        type_results(path, number, rng)
    for backup in folder.glob("*.backup-*"):
        backup.unlink()
    return path


def bench(ruleset: str, players: int, folder: Path) -> None:
    path = build(ruleset, players, folder)
    print(f"\n## {ruleset}, {players} players (round {PLAYED + 1} due)")
    print_command_times(path, folder)
    floor = str(Path(__file__).resolve().parent / "io_floor.py")
    seconds, memory = run_command(str(path), str(folder / "floor.xlsx"), program=floor)
    print(f"{'io floor':<11} {seconds:>8.2f} {memory:>8.0f}   (openpyxl load + save only)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="only the smallest size of each ruleset")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for ruleset, sizes in SIZES.items():
            for players in sizes[:1] if options.quick else sizes:
                bench(ruleset, players, Path(folder))


if __name__ == "__main__":
    main()
