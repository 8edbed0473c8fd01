"""The command line's conventions: help and examples, exit codes, machine-readable output and exports,
quiet runs, safe terminal text, stale reports, outstanding results and report columns."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pandas
import pytest
from builder import digest, make_event, round_rows, type_results

from sheetrunner.commands.cli import cli

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_dash_h_is_help_with_an_example(run, name):
    short, long = run(name, "-h"), run(name, "--help")
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout
    lines = [line.strip() for line in short.stdout.splitlines()]
    assert lines[lines.index("Example:") + 1].startswith(f"sheetrunner {name}")


def test_an_internal_error_is_one_line_and_its_details_are_saved(tmp_path, run, monkeypatch):
    def broken(path):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("sheetrunner.api.check_event", broken)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = run("check", tmp_path / "e.xlsx")
    assert result.exit_code == 70
    saved = next((tmp_path / "cache" / "sheetrunner").glob("error-*.txt"))
    assert result.stderr == (f"Internal error: ZeroDivisionError: division by zero. This is a bug in sheetrunner, "
                             f"not in your workbook (which was not changed unless a 'Wrote' line says so). Details: "
                             f"{saved}\n")
    details = saved.read_text(encoding="utf-8")
    assert "Traceback" in details and "in broken" in details


def test_exit_codes_are_listed_in_every_help(run):
    for name in cli.commands:
        text = " ".join(run(name, "-h").stdout.split())
        if "Exit codes:" in text:
            for code in ("0 done", "1 problems in the workbook", "2 a mistake on the command line",
                         "3 the write was refused", "4 no legal pairing", "5 the round was written",
                         "70 an internal error", "130 interrupted"):
                assert code in text, (name, code)


def test_pair_json_is_exactly_what_was_written(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    result = run("pair", path, "--json", "--no-reports")
    assert result.exit_code == 0
    written = json.loads(result.stdout)  # stdout is the JSON and nothing else
    assert set(written) == {"round", "sheet", "workbook", "backup", "tables", "byes", "compromises", "warnings", "reports"}
    assert written["round"] == 1 and written["sheet"] == "Round 1" and written["workbook"] == str(path)
    assert written["reports"] is None
    assert Path(written["backup"]).parent == tmp_path / "e-backups"
    rows = round_rows(path, 1)
    sheet = [dict(zip(rows[0], row)) for row in rows[1:]]
    assert written["tables"] == [
        {"table": number, "players": [{"id": r["ID"], "name": r["Player"], "seat": r["Seat"]}
                                      for r in sheet if r["Table"] == number]}
        for number in sorted({r["Table"] for r in sheet if r["Table"] != "BYE"})]
    assert written["byes"] == [{"id": r["ID"], "name": r["Player"]} for r in sheet if r["Table"] == "BYE"]
    assert len(written["byes"]) == 1 and written["compromises"] == [] and written["warnings"] == []


def test_pair_json_lists_compromises_by_player(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann", "Red"), (2, "Ben", "Red")])
    written = json.loads(run("pair", path, "--json", "--no-reports").stdout)
    assert written["tables"][0]["players"][0]["id"] in (1, 2)
    assert [sorted(c["players"], key=lambda p: p["id"]) for c in written["compromises"]] == [
        [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Ben"}]]


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_standings_exports_have_the_columns_and_values_of_json(tmp_path, run, suffix):
    sample = ROOT / "sample_events" / "swiss-card-game-32-players.xlsx"
    rows = json.loads(run("standings", sample, "--json", "--no-write").stdout)
    target = tmp_path / f"standings{suffix}"
    result = run("standings", sample, "--no-write", "--csv" if suffix == ".csv" else "--xlsx", target, "-q")
    assert result.exit_code == 0 and result.stdout == ""
    if suffix == ".csv":
        frame = pandas.read_csv(target, keep_default_na=False)
    else:
        frame = pandas.read_excel(target, engine="calamine", na_filter=False)
    assert list(frame.columns) == list(rows[0])
    exported = frame.to_dict("records")
    assert len(exported) == len(rows) == 32
    for mine, theirs in zip(exported, rows):
        assert mine == pytest.approx(theirs, abs=1e-9)
    assert any(0 < row["opponents_match_win_pct"] < 1 for row in rows)


def test_an_export_that_cannot_be_saved_is_one_line(tmp_path, run):
    sample = ROOT / "sample_events" / "swiss-tp-16-players.xlsx"
    result = run("standings", sample, "--no-write", "--csv", tmp_path / "missing" / "s.csv", "-q")
    assert result.exit_code == 3
    assert result.stderr == ("s.csv: could not be saved: Cannot save file into a non-existent directory: "
                             f"'{tmp_path / 'missing'}'.\n")
    assert not (tmp_path / "missing").exists()


def test_quiet_prints_only_problems(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann", None), (2, "Ben", None), (3, "Cat", None)],
                      settings={"Report columns": "Deck"})
    result = run("pair", path, "-q", "--no-reports")
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.startswith("Event!B6: warning: Report columns names \"Deck\", which is not a Players column")


def test_control_characters_in_a_name_never_reach_the_terminal(tmp_path, run):
    # Excel stores a control character as _x001B_; every reader turns it back into ESC.
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben_x001B_[2J_x001B_]0;pwned_x0007_"])
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "Ben\\x1b[2J\\x1b]0;pwned\\x07" in result.stdout


def test_reports_older_than_a_hand_edit_are_flagged(tmp_path, run):
    path = shutil.copy(ROOT / "sample_events" / "swiss-tp-16-players.xlsx", tmp_path / "e.xlsx")
    assert run("pair", path).exit_code == 0
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    book = openpyxl.load_workbook(path)
    sheet = book["Round 4"]
    sheet["C2"].value, sheet["D2"].value, sheet["C4"].value, sheet["D4"].value = (
        sheet["C4"].value, sheet["D4"].value, sheet["C2"].value, sheet["D2"].value)
    book.save(path)
    lines = run("check", path).stdout.splitlines()
    assert "Round 4: warning: The printed reports in e-reports/round-4 were made before Round 4 changed. Print " \
           "them again: sheetrunner report --round 4 e.xlsx" in lines
    again = run("report", path)
    assert again.stdout.splitlines()[0] == (f"The reports in {tmp_path / 'e-reports' / 'round-4'} were made before "
                                            "the workbook changed; they are printed anew.")
    assert "printed reports" not in run("check", path).stdout


def test_outstanding_lists_the_tables_still_without_a_result(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dan"])
    assert run("pair", path, "--no-reports").exit_code == 0
    sheet = [dict(zip(round_rows(path, 1)[0], row)) for row in round_rows(path, 1)[1:]]
    first = [r["Player"] for r in sheet if r["Table"] == 1]
    second = [r["Player"] for r in sheet if r["Table"] == 2]
    type_results(path, 1, {first[0]: {"OP": 3, "SP": 1}, first[1]: {"OP": 0, "SP": 0}})
    result = run("outstanding", path)
    assert result.stdout.splitlines() == ["Round 1: 1 table(s) with no result yet.",
                                          f"  Table 2: {second[0]} v {second[1]}"]
    ids = {r["Player"]: r["ID"] for r in sheet}
    assert json.loads(run("outstanding", path, "--json").stdout) == {
        "round": 1, "tables": [{"table": 2, "players": [{"id": ids[n], "name": n} for n in second]}]}
    type_results(path, 1, {second[0]: {"OP": 0, "SP": 0}, second[1]: {"OP": 0, "SP": 0}})
    assert run("outstanding", path).stdout == "Every result of round 1 is in.\n"


def test_report_columns_show_the_tos_own_columns(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann", None, "Orks"), (2, "Ben", None, "Elves")],
                      player_headers=["ID", "Name", "Team", "Faction"], settings={"Report columns": "faction"})
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    before = digest(path)
    assert run("pair", path).exit_code == 0 and digest(path) != before
    page = (tmp_path / "e-reports" / "round-1" / "pairings_by_table.html").read_text(encoding="utf-8")
    assert page.count("<th>Faction</th>") == 2  # as the Players sheet heads it
    assert "<td>Orks</td>" in page and "<td>Elves</td>" in page
    standings = (tmp_path / "e-reports" / "round-1" / "standings.html").read_text(encoding="utf-8")
    assert "<th>Faction</th>" in standings and "<td>Orks</td>" in standings
