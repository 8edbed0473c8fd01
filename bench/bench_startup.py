"""Benchmark: whole commands as a TO runs them, from 16 to 8,192 players, in CPU seconds (user + system of the
command's process), each beside two baselines measured in the same run: `python -c pass` (what starting any
Python program costs) and the floor (`floor.py`: python-calamine reading every sheet, one part appended).
Most events are 16-64 players, where start-up is most of what a TO waits for. At 4,096 players `pair -o`
with reports is also given beside openpyxl alone loading and saving the same file (`io_floor.py`).

The package's modules are compiled to bytecode first, as `pip install` does for every TO: a development
checkout run with PYTHONDONTWRITEBYTECODE set (as on these machines) otherwise compiles every module from
source on every command, which more than doubles a small event's start-up and is no TO's experience.

Run: python bench/bench_startup.py [--sizes 16,64,256,1024,4096,8192] [--repeat 3]
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from synthetic import make_event, write_workbook  # noqa: E402


def cpu(command: list[str], repeat: int) -> float:
    """Median CPU seconds of a child process running `command`."""
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=BYTECODE)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return sorted(times)[len(times) // 2]


BYTECODE = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def sheetrunner(*args: str) -> list[str]:
    return [sys.executable, "-m", "sheetrunner", *args]


def commands(path: Path, folder: Path) -> dict[str, list[str]]:
    return {
        "check": sheetrunner("check", str(path)),
        "standings --no-write": sheetrunner("standings", "--no-write", str(path)),
        "pair -o (reports)": sheetrunner("pair", str(path), "-o", str(folder / "paired.xlsx"),
                                         "--reports", str(folder / "reports")),
        "report": sheetrunner("report", str(folder / "paired.xlsx"), "--out", str(folder / "again")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="16,64,256,1024,4096,8192")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    compileall.compile_dir(HERE.parent / "sheetrunner", quiet=1)
    start = cpu([sys.executable, "-c", "pass"], args.repeat * 3)
    version = cpu(sheetrunner("--version"), args.repeat * 3)
    print(f"python -c pass {start:.3f} s;  sheetrunner --version {version:.3f} s = {version / start:.1f}x pass\n")
    print("players  command                CPU s   x floor  x pass")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for players in map(int, args.sizes.split(",")):
            path = write_workbook(make_event(players, 5, draws=True), folder / f"swiss-{players}.xlsx")
            floor = cpu([sys.executable, str(HERE / "floor.py"), str(path), str(folder / "floor.xlsx")], args.repeat)
            print(f"{players:>7}  {'floor (calamine + part)':<22} {floor:>6.3f}")
            measured = {}
            for name, command in commands(path, folder).items():
                seconds = measured[name] = cpu(command, args.repeat)
                print(f"{players:>7}  {name:<22} {seconds:>6.3f}  {seconds / floor:>7.2f}  {seconds / start:>6.1f}")
            if players >= 4096:
                openpyxl = cpu([sys.executable, str(HERE / "io_floor.py"), str(path), str(folder / "o.xlsx")],
                               args.repeat)
                paired = measured["pair -o (reports)"]
                print(f"{players:>7}  openpyxl load+save {openpyxl:>10.3f};  pair -o (reports) {paired:.3f} "
                      f"= {paired / openpyxl:.2f}x openpyxl")


if __name__ == "__main__":
    main()
