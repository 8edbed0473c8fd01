"""The command line: help, version, init, exit codes, and the docs covering every command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from builder import make_event

from sheetrunner import __version__
from sheetrunner.commands.cli import cli
from sheetrunner.rulesets import all_rulesets

RULESETS = all_rulesets()

README = Path(__file__).resolve().parent.parent / "README.md"
DOCS = README.parent / "docs"


def test_version_and_help(run):
    assert run("--version").stdout == f"sheetrunner, version {__version__}\n"
    help_text = run("--help").stdout
    assert "Exit codes: 0 done; 1 problems in the workbook" in help_text


def test_python_dash_m_runs_the_same_cli():
    result = subprocess.run([sys.executable, "-m", "sheetrunner", "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: sheetrunner [OPTIONS] COMMAND [ARGS]...")


def test_a_process_that_ends_at_once_still_says_everything_and_its_code(tmp_path):
    """The process ends without freeing its objects (`exits.run_command_line`): what it printed to a pipe is all
    there, and the exit code is the command's."""
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben"], [[(1, "Ann", 5, 1), (1, "Ben", 2, 1)]])
    command = [sys.executable, "-m", "sheetrunner", "standings", "--no-write", str(path)]
    printed = subprocess.run(command, capture_output=True, text=True)
    lines = printed.stdout.splitlines()
    assert (printed.returncode, lines[0], lines[3].split()[:3], lines[-1].split()[0]) == (
        0, "Standings after round 1", ["2", "2", "Ben"], "Draw:")
    missing = subprocess.run([sys.executable, "-m", "sheetrunner", "check", "no.xlsx"], capture_output=True,
                             text=True, cwd=tmp_path)
    assert (missing.returncode, missing.stdout + missing.stderr) == (
        1, "no.xlsx: There is no file no.xlsx. Check the name and the folder.\n1 error(s), 0 warning(s).\n")


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_has_help_and_is_in_the_readme(run, name):
    command = cli.commands[name]
    assert command.help and command.help.strip()
    assert run(name, "--help").exit_code == 0
    assert f"`{name}" in README.read_text(encoding="utf-8")


def test_usage_mistakes_exit_2(run, tmp_path):
    result = run("init", tmp_path / "e.xlsx", "--ruleset", "chess")
    assert result.exit_code == 2
    assert "Invalid value for '--ruleset'" in result.stderr


def test_init_writes_settings_roster_and_styling(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("name,team\nAnn,Red\nBen,\n", encoding="utf-8")
    path = tmp_path / "e.xlsx"
    result = run("init", path, "-r", "swiss-tp", "-p", roster, "--name", "Open", "--seed", 42)
    assert result.exit_code == 0
    book = openpyxl.load_workbook(path)
    event = book["Event"]
    settings = {row[0]: row[1] for row in event.iter_rows(min_row=2, values_only=True)}
    assert settings == {"Format version": 1, "Ruleset": "swiss-tp", "Rounds": 3, "Event name": "Open", "Date": None,
                        "Random seed": 42, "Tiebreakers": None, "Report columns": None, "Top cut": "none",
                        "Keep teams apart": "always", "Offensive bonus": "Yes", "Offensive bonus at OP": 4,
                        "Defensive bonus": "Yes", "Defensive bonus margin": 1, "Allow rematches": "No",
                        "Round minutes": 50, "Public URL": None, "Results reported by": "either player",
                        "Soft scores": None, "Soft score use": "award",
                        "Team size": "none", "Team match result": "board wins", "Team tiebreakers": None,
                        "Team bye": "every board won", "Names sorted by": "first name",
                        "Codes on pairings": "No"}
    players = book["Players"]
    assert [c.value for c in players[1]] == ["ID", "Name", "Team", "Fixed table", "Dropped after", "Joined in",
                                             "Byes"]
    assert [r for r in players.iter_rows(min_row=2, values_only=True)] == [(1, "Ann", "Red", None, None, None, None),
                                                                            (2, "Ben", None, None, None, None, None)]
    assert players.freeze_panes == "A2" and players["A1"].font.bold
    assert players.column_dimensions["B"].width == 28
    rules = {str(v.sqref): (v.type, v.formula1) for v in players.data_validations.dataValidation}
    assert rules["D2:D500"] == ("whole", "1") and rules["E2:E500"] == ("whole", "0")
    event_rules = {str(v.sqref): v.formula1 for v in event.data_validations.dataValidation}
    assert event_rules["B3"] == '"' + ",".join(RULESETS) + '"' and event_rules["B12"] == '"Yes,No"'
    assert event_rules["B11"] == '"always,round 1 only,never"'


@pytest.mark.parametrize("content", [
    "Name;Team\nAnn;Red\nBen;\n",
    "\ufeffName,Team\r\nAnn,Red\r\nBen,\r\n",
    "\ufeffName;Team\nAnn;Red\nBen;\n",
])
def test_roster_csv_comma_semicolon_bom(tmp_path, run, content):
    roster = tmp_path / "roster.csv"
    roster.write_text(content, encoding="utf-8")
    assert run("init", tmp_path / "e.xlsx", "-r", "swiss-tp", "-p", roster).exit_code == 0
    rows = list(openpyxl.load_workbook(tmp_path / "e.xlsx")["Players"].iter_rows(min_row=2, values_only=True))
    assert [r[1:3] for r in rows] == [("Ann", "Red"), ("Ben", None)]


def test_roster_without_a_header_is_a_list_of_names(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("Ann\nBen\nCat\n", encoding="utf-8")
    assert run("init", tmp_path / "e.xlsx", "-r", "swiss-tp", "-p", roster).exit_code == 0
    rows = list(openpyxl.load_workbook(tmp_path / "e.xlsx")["Players"].iter_rows(min_row=2, values_only=True))
    assert [r[1] for r in rows] == ["Ann", "Ben", "Cat"]


def test_init_never_overwrites(tmp_path, run):
    path = tmp_path / "e.xlsx"
    path.write_bytes(b"keep me")
    result = run("init", path, "-r", "swiss-tp")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (f"e.xlsx: {path} already exists; init never overwrites a workbook. "
                                             "Choose a new file name, or delete the old file first.")
    assert path.read_bytes() == b"keep me"


def test_pair_prints_tables_byes_and_where_it_wrote(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\nAnn\nBen\nCat\n", encoding="utf-8")
    path = tmp_path / "e.xlsx"
    run("init", path, "-r", "swiss-tp", "-p", roster, "--seed", 1)
    lines = run("pair", path).stdout.splitlines()
    assert lines[0] == "Round 1: 1 table(s), 1 bye(s)."
    assert lines[1].startswith("  Table 1: ") and lines[2].startswith("  Bye: ")
    assert lines[3:5] == ["Compromises: none.", f"Wrote Round 1 to {path} (backup: {lines[4].split('backup: ')[1]}"]


def test_standings_text_lists_tiebreakers_and_their_meaning(tmp_path, run):
    from builder import make_event

    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben"], [[(1, "Ann", 4, 1), (1, "Ben", 3, 0)]])
    lines = run("standings", path, "--no-write").stdout.splitlines()
    assert lines[:4] == ["Standings after round 1", "Rank  ID  Player  TP  OP  SP  Opp OP",  # no internal columns
                         "1     1   Ann     4   4   1   3", "2     2   Ben     1   3   0   4"]
    assert lines[4:6] == ["Tiebreakers, in order:", "  TP: Tournament points: victory 3, tie 1, defeat 0, bye 3, "
                          "plus bonuses."]


def test_tiebreakers_and_rulesets_listings(run):
    assert "opponents_op                 Opp OP   Sum of each opponent's event OP total" in run("tiebreakers").stdout
    assert run("rulesets").stdout.startswith("swiss-tp: Swiss with tournament points")


def test_every_tiebreaker_and_ruleset_is_documented_in_the_docs():
    """The reference pages the README links: every tiebreaker key in docs/tiebreakers.md, every ruleset a heading
    of docs/rulesets.md."""
    from sheetrunner.rulesets import all_rulesets
    RULESETS = all_rulesets()
    from sheetrunner.scoring.tiebreakers import TIEBREAKERS

    tiebreakers = (DOCS / "tiebreakers.md").read_text(encoding="utf-8")
    rulesets = (DOCS / "rulesets.md").read_text(encoding="utf-8")
    assert [key for key in TIEBREAKERS if f"`{key}`" not in tiebreakers] == []
    assert [name for name in RULESETS if f"## `{name}`" not in rulesets] == []


@pytest.mark.parametrize("ruleset, players, rounds", [("swiss-tp", 16, 4), ("swiss-tp", 100, 7), ("swiss-tp", 0, 5),
                                                       ("swiss-tp", 1, 3), ("swiss-tp", 2, 3), ("swiss-tp", 9, 4),
                                                       ("pod-round-robin", 7, 7), ("pod-round-robin", 16, 7),
                                                       ("pod-round-robin", 20, 7), ("ndc-diplomacy", 21, 2)])
def test_init_picks_sensible_rounds(tmp_path, run, ruleset, players, rounds):
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\n" + "".join(f"P{i}\n" for i in range(players)), encoding="utf-8")
    args = ["init", tmp_path / "e.xlsx", "-r", ruleset] + (["-p", roster] if players else [])
    assert run(*args).exit_code == 0
    settings = {r[0]: r[1] for r in openpyxl.load_workbook(tmp_path / "e.xlsx")["Event"].iter_rows(values_only=True)}
    assert settings["Rounds"] == rounds
