"""Make the workbooks in sample_events/ from nothing but sheetrunner itself.

Run: python scripts/make_sample_events.py [FOLDER]   (default: sample_events/)
Each sample is built the way a TO would: `init` with a roster, then `pair`
and typed results round by round. Results come from a seeded generator, so
running the script again gives the same sheets.
"""

from __future__ import annotations

import os
import sys
import random
from pathlib import Path

import openpyxl

from sheetrunner import api

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"
NAMES = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth",
         "Margaret Hamilton", "John von Neumann", "Frances Allen", "Ken Thompson", "Radia Perlman", "Dennis Ritchie",
         "Hedy Lamarr", "Claude Shannon", "Karen Sparck Jones", "Tim Berners-Lee"]
CLUBS = ["Dice Den", "Dice Den", "Meeple Hall", "", "Meeple Hall", "", "Rook & Roll", "", "Rook & Roll", "",
         "", "Dice Den", "", "", "Meeple Hall", ""]


def type_swiss_tp_results(path: Path, round_number: int, rng: random.Random) -> None:
    """Fill OP and SP of every game the way a scorekeeper would type them."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {round_number}"]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value != "BYE":
            row[4].value, row[5].value = rng.randint(0, 6), rng.randint(0, 4)
    book.save(path)


def make_swiss_tp_16(path: Path) -> None:
    roster = path.with_suffix(".csv")
    roster.write_text("Name,Team\n" + "".join(f"{n},{c}\n" for n, c in zip(NAMES, CLUBS)), encoding="utf-8")
    try:
        api.init_event(path, "swiss-tp", rounds=5, name="Sample Swiss-TP Open", players=roster, seed=20261121,
                       date="2026-11-21")
    finally:
        roster.unlink()
    rng = random.Random(16)
    for number in (1, 2, 3):
        api.pair_next(path)
        type_swiss_tp_results(path, number, rng)
    for backup in path.parent.glob(f"{path.stem}.backup-*"):
        backup.unlink()


MAKERS = {"swiss-tp-16-players.xlsx": make_swiss_tp_16}


def make_all(folder: Path) -> list[Path]:
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1795219200")  # a fixed Log time: 2026-11-21
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for name, maker in MAKERS.items():
        target = folder / name
        target.unlink(missing_ok=True)
        maker(target)
        made.append(target)
    return made


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else SAMPLES
    for path in make_all(folder):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
