"""Run mutmut's mutants against chosen tests, outside mutmut's own test mapping (docs/mutation.md).

mutmut runs a mutant only against the tests that called its function while it collected stats; a function called
at import (a tiebreaker factory) or only by tests outside the run's selection (the slow ones) is then reported as
surviving. This runs each named mutant against the tests given, in the mutated copy, two at a time, and prints
`NAME RC`: 1 killed, 0 survived, 2 the mutant breaks the import or collection (killed too).

Run from the mutants folder of a mutmut run:
    cd /tmp/mutnow/mutants
    python /path/to/scripts/mutants_by_hand.py survivors.txt tests/test_team_cut.py tests/test_team_printing.py
where survivors.txt has one mutant name a line (as `mutmut results` prints them). PY picks the Python (default: this
one), JOBS how many at once (default 2).

The tests are first run once with no mutant active: a test that fails there, or a file that cannot be collected
(written for code changed after the mutated copy was made), is left out, so it cannot read as a kill. What was
left out is printed first.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def run(name: str, tests: list[str], *options: str) -> subprocess.CompletedProcess:
    """pytest on the tests with mutant `name` active ("": none; the trampoline reads MUTANT_UNDER_TEST), each run in
    its own temporary folder: pytest sessions sharing one may remove each other's, which reads as a kill."""
    environment = {**os.environ, "MUTANT_UNDER_TEST": name, "PYTHONPATH": "."}
    with tempfile.TemporaryDirectory() as scratch:
        command = [os.environ.get("PY", sys.executable), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                   f"--basetemp={scratch}/t", *options, *tests]
        return subprocess.run(command, env=environment, capture_output=True, text=True)


def failing_unmutated(tests: list[str]) -> list[str]:
    """pytest options leaving out what fails with no mutant active: each failing test, each file that cannot be
    collected (it imports what the mutated copy does not have)."""
    report = run("", tests, "-rfE", "--continue-on-collection-errors").stdout.splitlines()
    failing = [line.split(" ", 1)[1].split(" - ", 1)[0] for line in report if line.startswith(("FAILED ", "ERROR "))]
    return [option for node in failing for option in (("--deselect", node) if "::" in node else ("--ignore", node))]


def main() -> None:
    names_file, tests = sys.argv[1], sys.argv[2:]
    with open(names_file, encoding="utf-8") as lines:
        names = [line.strip() for line in lines if line.strip()]
    left_out = failing_unmutated(tests)
    for option, node in zip(left_out[::2], left_out[1::2]):
        print(f"{option} {node} (fails unmutated)", flush=True)
    tests = [*tests, *left_out]
    with ThreadPoolExecutor(int(os.environ.get("JOBS", "2"))) as pool:
        for name, done in zip(names, pool.map(lambda name: run(name, tests, "-x"), names)):
            print(name, done.returncode, flush=True)


if __name__ == "__main__":
    main()
