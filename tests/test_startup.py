"""A command imports only what its work needs (issue 19): most events are 16-64 players, where start-up is most
of what a TO waits for. Each command runs in a fresh interpreter, which then lists the heavy modules it loaded."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from builder import make_event

HEAVY = ("pandas", "numpy", "lxml", "python_calamine", "jinja2", "ortools", "rustworkx", "pyuca", "matplotlib",
         "openpyxl", "segno", "pypdf", "sheetrunner.api", "sheetrunner.rulesets",
         "sheetrunner.pairing.pods", "sheetrunner.rulesets.swiss_tp", "sheetrunner.rulesets.diplomacy",
         "sheetrunner.rulesets.allegiance", "sheetrunner.rulesets.pod_round_robin")

SCRIPT = """
import json, sys
from sheetrunner.commands.cli import cli
try:
    cli.main(sys.argv[1:], prog_name="sheetrunner", standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)))
"""


def loaded_by(*args) -> list[str]:
    result = subprocess.run([sys.executable, "-c", SCRIPT.format(heavy=HEAVY), *map(str, args)],
                            capture_output=True, text=True)
    return json.loads(result.stdout.splitlines()[-1])


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["pair", "--help"]])
def test_help_and_version_load_nothing_heavy(args):
    assert loaded_by(*args) == []


def test_tiebreakers_loads_no_third_party_package():
    assert loaded_by("tiebreakers") == []


def test_check_and_standings_read_with_calamine_and_lxml_only(tmp_path):
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dov"], [[(1, "Ann", 5, 1), (1, "Ben", 2, 1),
                                                                          (2, "Cat", 3, 1), (2, "Dov", 3, 1)]])
    expected = ["lxml", "python_calamine", "sheetrunner.api", "sheetrunner.rulesets", "sheetrunner.rulesets.swiss_tp"]
    assert loaded_by("check", path) == expected  # the event's ruleset only, no other's engine
    assert loaded_by("standings", "--no-write", path) == expected


def test_the_charts_extra_missing_is_one_line_before_any_simulation(tmp_path, run, monkeypatch):
    """matplotlib is the optional `charts` extra: without it, `simulate --html` says how to get it, at once."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    result = run("simulate", "--ruleset", "swiss", "--players", "8", "--runs", "2", "--html", tmp_path / "s.html")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "The simulation report's charts need matplotlib, which is not installed (it is an optional part of "
        'sheetrunner). Install it with: pip install "sheetrunner[charts]"; or leave out --html.')
    assert not (tmp_path / "s.html").exists()


def test_pairing_a_two_player_swiss_round_loads_no_numpy_pandas_or_solver(tmp_path):
    """The Swiss engine's weights are plain integers: numpy's import would cost more than pairing 64 players."""
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dov"], [[(1, "Ann", 5, 1), (1, "Ben", 2, 1),
                                                                          (2, "Cat", 3, 1), (2, "Dov", 3, 1)]])
    assert loaded_by("pair", path, "--no-reports") == [  # 1 v 2, 3 v 4 breaks no rule: not even a matching
        "lxml", "python_calamine", "sheetrunner.api", "sheetrunner.rulesets", "sheetrunner.rulesets.swiss_tp"]


def test_pairing_three_diplomacy_boards_runs_the_tabu_search_and_loads_no_solver(tmp_path):
    """Three boards of seven cannot avoid repeats after two rounds, so the tabu search (numpy) groups the field;
    OR-Tools is not loaded: CP-SAT never found better boards than the tabu search and cost more than the rest of
    the command (issue 34)."""
    import random

    import openpyxl

    from sheetrunner.pairing.boards import POWERS

    names = [f"P{i}" for i in range(1, 22)]
    rounds = [[[seat // 7 + 1, POWERS[seat % 7], None, name, 4 if seat % 7 == 6 else 5, None, None, None, 1907, None]
               for seat, name in enumerate(random.Random(number).sample(names, 21))] for number in (1, 2)]
    path = make_event(tmp_path / "e.xlsx", names, rounds, ruleset="ndc-diplomacy", total_rounds=7, round_headers=[
        "Board", "Power", "ID", "Player", "Centres", "Eliminated", "Result", "Yellow cards", "End year", "Note"])
    loaded = loaded_by("pair", path, "--no-reports")
    assert "numpy" in loaded and "ortools" not in loaded
    assert "Round 3" in openpyxl.load_workbook(path, read_only=True).sheetnames  # the round was paired


def test_pairing_allegiance_games_with_repeats_left_runs_cp_sat_without_pandas(tmp_path):
    """Sixteen players in fours after four random rounds: the searches leave repeats, so CP-SAT groups the field,
    reached without `cp_model`, whose pandas import cost more than a Swiss event's whole `pair` (issue 34)."""
    import random

    import openpyxl

    names = [f"P{i}" for i in range(1, 17)]
    rounds = []
    for number in range(1, 5):
        order = random.Random(number).sample(names, 16)
        rounds.append([[seat // 4 + 1, seat % 4 + 1, None, name, 3, "Y" if seat % 4 == 0 else None, None, None]
                       for seat, name in enumerate(order)])
    path = make_event(tmp_path / "e.xlsx", names, rounds, ruleset="allegiance", total_rounds=6,
                      settings={"Game sizes": "4", "Preferred game size": 4},
                      round_headers=["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"])
    loaded = loaded_by("pair", path, "--no-reports")
    assert "ortools" in loaded and "pandas" not in loaded
    assert "Round 5" in openpyxl.load_workbook(path, read_only=True).sheetnames  # the round was paired
