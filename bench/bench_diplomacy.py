"""Benchmark: Diplomacy as quick as a Swiss of its size (issue 34).

For each size (21, 49 and 70 players by default) an `ndc-diplomacy` event and a `swiss-tp` event of the same
size are built as a TO runs them (`init`, then `pair` and typed results for four rounds, as
bench_commands.py does); then `check`, `standings --no-write` and `pair -o` (reports included) are timed on
each as round 5 is due, every command in its own process, in CPU seconds (user + system), the package
compiled to bytecode as `pip install` leaves it. The Swiss event is the baseline, measured in the same run;
the target is each Diplomacy command within 2x the same command on the Swiss event.

Run: python bench/bench_diplomacy.py [--sizes 21,49,70] [--repeat 3]
"""

from __future__ import annotations

import argparse
import compileall
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_commands import build  # noqa: E402
from bench_startup import cpu, sheetrunner  # noqa: E402

BASELINE = "swiss-tp"


def commands(path: Path, folder: Path) -> dict[str, list[str]]:
    return {"check": sheetrunner("check", str(path)),
            "standings --no-write": sheetrunner("standings", "--no-write", str(path)),
            "pair -o (reports)": sheetrunner("pair", str(path), "-o", str(folder / f"paired-{path.stem}.xlsx"),
                                             "--reports", str(folder / f"reports-{path.stem}"))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="21,49,70")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    compileall.compile_dir(HERE.parent / "sheetrunner", quiet=1)
    print(f"players  command                {BASELINE + ' s':>12} {'diplomacy s':>12}  x swiss  target 2x")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for players in map(int, args.sizes.split(",")):
            events = {name: build(name, players, folder) for name in (BASELINE, "ndc-diplomacy")}
            swiss, diplomacy = (commands(events[name], folder) for name in (BASELINE, "ndc-diplomacy"))
            for name in swiss:
                base, seconds = cpu(swiss[name], args.repeat), cpu(diplomacy[name], args.repeat)
                print(f"{players:>7}  {name:<22} {base:>12.3f} {seconds:>12.3f}  {seconds / base:>7.2f}  "
                      f"{'met' if seconds <= 2 * base else 'NOT met'}")


if __name__ == "__main__":
    main()
