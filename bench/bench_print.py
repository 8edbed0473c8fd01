"""Benchmark: `report --pdf` at the browser's own pace (issue 34).

For Swiss events of 40, 200 and 4,096 players (synthetic.py, five rounds played; the last round's reports) it
measures, in the same run and interleaved so both see the same load on the machine:
  (a) `sheetrunner report W --pdf` as a TO runs it, the whole command: reading the workbook, the HTML, the PDFs,
      kit.pdf and the folder put in place;
  (b) Chromium alone printing the same HTML files (`print_floor.py`, nothing of sheetrunner's): one
      `chromium --headless --print-to-pdf` per file, and one browser printing all of them over the DevTools
      pipe with two tabs, both printing the PDFs sheetrunner prints (untagged, since issue 34); and, for
      reference, the pipe printing with Chromium's default tagging (the PDFs before). The baseline is the
      fastest, CPU and wall each.
Chromium is other processes than the command's, so CPU is that of the whole process tree (this script is made
their subreaper, so the renderers Chromium leaves to the system are counted too), and wall time is given beside
it: on a shared machine wall follows the other jobs, so both are medians of `--repeat` runs. Target: the command
within 1.5x the baseline.

Run: python bench/bench_print.py [--sizes 40,200,4096] [--repeat 3] [--repeat-large 1]
"""

from __future__ import annotations

import argparse
import compileall
import ctypes
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_startup import BYTECODE, sheetrunner  # noqa: E402
from synthetic import make_event, write_workbook  # noqa: E402

from sheetrunner.reports.printing import PRINT_SETTINGS, SCREEN_PAGES, find_browser  # noqa: E402

PR_SET_CHILD_SUBREAPER = 36
TARGET = 1.5


def tree(command: list[str]) -> tuple[float, float]:
    """Wall seconds of `command` and CPU seconds (user + system) of every process it started, orphans included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True, env=BYTECODE)
    wall = time.perf_counter() - start
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # reap what the command's processes left running (they end with it)
        try:
            if os.waitpid(-1, os.WNOHANG) == (0, 0):
                time.sleep(0.01)
        except ChildProcessError:
            break
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def fresh(pages: list[Path], folder: Path) -> list[Path]:
    """A copy of the HTML pages with no PDF beside them, for one run of the floor."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for page in pages:
        shutil.copy(page, folder / page.name)
    return [folder / page.name for page in pages]


def measure(path: Path, folder: Path, repeat: int, browser: str) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) of the command and of each floor, runs interleaved."""
    rendered = folder / f"html-{path.stem}"
    subprocess.run(sheetrunner("report", str(path), "--out", str(rendered)), check=True, env=BYTECODE,
                   stdout=subprocess.DEVNULL)
    pages = sorted(page for page in rendered.glob("*.html") if page.stem not in SCREEN_PAGES)
    floor = [sys.executable, str(HERE / "print_floor.py"), "--browser", browser]
    floors = {"each": [*floor, "--each"], "pipe": [*floor, "--pipe", "--tabs", "2"]}
    if not PRINT_SETTINGS.get("generateTaggedPDF", True):  # the floors print what sheetrunner prints
        floors = {name: [*command, "--untagged"] for name, command in floors.items()}
        floors["tagged"] = [*floor, "--pipe", "--tabs", "2"]
    runs: dict[str, list[tuple[float, float]]] = {"command": [], **{name: [] for name in floors}}
    for _ in range(repeat):
        runs["command"].append(tree(sheetrunner("report", str(path), "--pdf", "--out", str(folder / "pdf"))))
        for name, command in floors.items():
            runs[name].append(tree([*command, *map(str, fresh(pages, folder / name))]))
    return {name: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got))
            for name, got in runs.items()}


LABELS = {"each": "chromium, a process per file", "pipe": "chromium, one browser, pipe",
          "tagged": "  the same, tagged (as before)"}


def show(players: int, pages: int, figures: dict[str, tuple[float, float]]) -> None:
    floors = [figures[name] for name in LABELS if name in figures]
    wall, cpu = min(w for w, _ in floors), min(c for _, c in floors)
    rows = [(LABELS[name], *figures[name]) for name in LABELS if name in figures]
    rows += [("baseline (the fastest)", wall, cpu), ("sheetrunner report --pdf", *figures["command"])]
    for label, seconds, used in rows:
        print(f"{players:>7} {pages:>6}  {label:<30} {seconds:>8.2f} {used:>8.2f}")
    command_wall, command_cpu = figures["command"]
    print(f"{players:>7} {pages:>6}  {'x baseline':<30} {command_wall / wall:>8.2f} {command_cpu / cpu:>8.2f}  "
          f"target {TARGET}x: {'met' if max(command_wall / wall, command_cpu / cpu) <= TARGET else 'NOT met'}")


def page_count(folder: Path) -> int:
    from pypdf import PdfReader

    return sum(len(PdfReader(str(pdf)).pages) for pdf in folder.glob("*.pdf") if pdf.name != "kit.pdf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="40,200,4096")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--repeat-large", type=int, default=1, help="runs from 1,000 players")
    args = parser.parse_args()
    browser = find_browser()
    if browser is None:
        raise SystemExit("no Chromium on this machine: apt-get install chromium")
    compileall.compile_dir(HERE.parent / "sheetrunner", quiet=1)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"{'players':>7} {'pages':>6}  {'':<30} {'wall s':>8} {'CPU s':>8}")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for players in map(int, args.sizes.split(",")):
            path = write_workbook(make_event(players, 5, draws=True), folder / f"swiss-{players}.xlsx")
            figures = measure(path, folder, args.repeat if players < 1000 else args.repeat_large, browser)
            show(players, page_count(folder / "pdf"), figures)


if __name__ == "__main__":
    main()
