"""Timing shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(action, repeat: int = 3):
    """Median seconds of `repeat` runs of `action`, and its last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


# The child reports its own high-water mark (VmHWM): rusage's maxrss would include this process's
# memory, which a forked child carries until it execs.
PEAK_REPORTER = """
import atexit, runpy, sys
target, program = sys.argv.pop(1), sys.argv.pop(1)
def report():
    status = open('/proc/self/status').read()
    open(target, 'w').write(status.split('VmHWM:')[1].split()[0])
atexit.register(report)
sys.argv[0] = program
if program.endswith('.py'):
    runpy.run_path(program, run_name='__main__')
else:
    runpy.run_module(program, run_name='__main__')
"""


def print_command_times(path: Path, folder: Path) -> None:
    """Time check, standings, pair (reports included) and report on one workbook, each in its own process."""
    print("command      seconds  peak MB")
    for args in (("check", str(path)), ("standings", str(path), "-o", str(folder / "s.xlsx")),
                 ("pair", str(path), "-o", str(folder / "p.xlsx")),
                 ("report", str(folder / "p.xlsx"), "--out", str(folder / "reports"))):
        seconds, memory = run_command(*args)
        print(f"{args[0]:<11} {seconds:>8.2f} {memory:>8.0f}")


def run_command(*args: str, program: str = "sheetrunner") -> tuple[float, float]:
    """Wall seconds and peak resident memory (MB) of one command in its own process.

    `program` is a module run as `python -m` (default: sheetrunner) or a script path.
    """
    with tempfile.NamedTemporaryFile("r", suffix=".peak") as peak:
        start = time.perf_counter()
        result = subprocess.run([sys.executable, "-c", PEAK_REPORTER, peak.name, program, *args],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit(f"{program} {' '.join(args)} failed: {result.stderr.decode()}")
        return elapsed, int(peak.read() or 0) / 1024
