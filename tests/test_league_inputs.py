"""League inputs held like event inputs (issue 29), through the CLI with the exact messages.

The events are test_league_names' Autumn (a.xlsx) and Winter (b.xlsx): one swiss-tp round each, each winner 3 OP to
0. Autumn: Ann Lee beats Ben Ode, Cat Roy beats Dov Katz; Winter: Ann Lee beats Cat Roy, Ben Ode beats Dov Katz.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import openpyxl
import pytest
from builder import digest
from test_league import make_season_workbook
from test_league_names import two_events

AUTUMN = [("Ann Lee", "Ben Ode"), ("Cat Roy", "Dov Katz")]
WINTER = [("Ann Lee", "Cat Roy"), ("Ben Ode", "Dov Katz")]
NOTHING = "Error: 1 problem(s) to fix; nothing was written."
NA_HINT = "Correct the formula, or type the value."
UNSAVED_HINT = "Open the workbook in Excel or LibreOffice and save it, so the value is stored."


@pytest.fixture
def events(tmp_path) -> list[Path]:
    return two_events(tmp_path, AUTUMN, WINTER, {"Ann Lee": "L1", "Ben Ode": "L2"})


def season(folder: Path, files: list[str], settings: dict | None = None, aliases=()) -> Path:
    return make_season_workbook(folder / "season.xlsx", files, settings or {"League name": "Inputs"}, aliases)


def test_the_season_name_forgotten_writes_into_no_event(tmp_path, events, run):
    """`league a.xlsx b.xlsx` once wrote the season into a.xlsx, left Autumn out of it and exited 0."""
    before = digest(events[0])
    result = run("league", *events)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "a.xlsx is an event workbook (it has Event and Players sheets), not a season. Name the season workbook "
        "first: sheetrunner league season.xlsx a.xlsx …", NOTHING]
    assert digest(events[0]) == before
    assert not (tmp_path / "a-reports").exists()


def test_an_event_command_given_a_season_says_what_it_is(tmp_path, events, run):
    path = season(tmp_path, ["a.xlsx", "b.xlsx"])
    assert run("league", path, "--no-reports").exit_code == 0
    before = digest(path)
    line = ("This is a season workbook (it has League and Events sheets), not an event. sheetrunner league reads "
            "it; pair, check, standings and report take an event workbook (Event and Players sheets).")
    for command in ("pair", "standings", "report"):
        result = run(command, path)
        assert (result.exit_code, result.stderr.splitlines()) == (1, [line, NOTHING]), command
    result = run("check", path)
    assert (result.exit_code, result.output.splitlines()) == (1, [line, "1 error(s), 0 warning(s)."])
    assert digest(path) == before


def test_a_season_given_as_an_event_is_refused(tmp_path, events, run):
    other = season(tmp_path, ["a.xlsx"])
    run("league", other, "--no-reports")
    shutil.move(other, tmp_path / "old-season.xlsx")
    result = run("league", tmp_path / "new.xlsx", events[0], tmp_path / "old-season.xlsx", "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "old-season.xlsx: This is a season workbook (it has League and Events sheets), not an event. sheetrunner "
        "league reads it; pair, check, standings and report take an event workbook (Event and Players sheets).",
        NOTHING]
    assert not (tmp_path / "new.xlsx").exists()


@pytest.mark.parametrize("name, said", [("season.ods", "named .ods"), ("season.xls", "named .xls"),
                                        ("season", "named without .xlsx")])
def test_the_season_is_named_as_what_it_is_written_as(tmp_path, events, run, name, said):
    stem = name.split(".")[0]
    result = run("league", tmp_path / name, *events, "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{name}: sheetrunner writes a season as an Excel workbook (.xlsx), so it cannot be {said}. Name it "
        f"{stem}.xlsx: sheetrunner league {stem}.xlsx EVENT.xlsx …", NOTHING]
    assert not (tmp_path / name).exists()


def test_an_alias_names_one_player(tmp_path, events, run):
    """Row 3 joins Ann Lee a second time, to another player: one of them would vanish into the other. Row 2 joins
    the spellings of two players that carry League IDs L1 and L2 (Ann Lee and Ben Ode)."""
    path = season(tmp_path, ["a.xlsx", "b.xlsx"], aliases=[("Ann Lee", "Ben Ode"), ("Ann Lee", "Dov Katz")])
    before = digest(path)
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        'Aliases!A3: "Ann Lee" is already the same as "Ben Ode" (row 2); one name is one player. Delete one of the '
        "two rows; if they are two players, give each a League ID in their events' Players sheets.",
        'Aliases!B2: "Ann Lee" is made the same as "Ben Ode", but players of those names have League IDs L1 and L2: '
        "two players. Delete the row (the League IDs tell them apart), or correct the League IDs in the events' "
        "Players sheets.",
        "Error: 2 problem(s) to fix; nothing was written."]
    assert digest(path) == before


def test_the_same_event_twice_counts_once(tmp_path, events, run):
    """A hard link and a copy have the same bytes; a copy saved again with a note (other bytes) holds the same event:
    its seed, name, date, players and results. Each is named with both paths, at its Events row."""
    os.link(events[0], tmp_path / "link.xlsx")
    shutil.copy(events[0], tmp_path / "copy.xlsx")
    book = openpyxl.load_workbook(events[1])
    book.create_sheet("Notes").append(["A copy for the judges"])
    book.save(tmp_path / "resaved.xlsx")
    assert digest(tmp_path / "resaved.xlsx") != digest(events[1])
    path = season(tmp_path, ["a.xlsx", "b.xlsx", "link.xlsx", "copy.xlsx", "resaved.xlsx"])
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    folder = str(tmp_path)
    assert result.stderr.splitlines() == [
        f"Events!A4: {folder}/link.xlsx is the same file as {folder}/a.xlsx: an event counts once in a season. "
        "Leave one of them out.",
        f"Events!A5: {folder}/copy.xlsx is the same file as {folder}/a.xlsx: an event counts once in a season. "
        "Leave one of them out.",
        f"Events!A6: {folder}/resaved.xlsx holds the same event (its seed, players and results) as {folder}/b.xlsx: "
        "an event counts once in a season. Leave one of them out.",
        "Error: 3 problem(s) to fix; nothing was written."]
    result = run("league", tmp_path / "cli.xlsx", events[0], tmp_path / "link.xlsx", "--no-reports")
    assert result.stderr.splitlines()[0] == (
        f"link.xlsx: {folder}/link.xlsx is the same file as {folder}/a.xlsx: an event counts once in a season. "
        "Leave one of them out.")
    assert not (tmp_path / "cli.xlsx").exists()


def test_numbers_are_bounded_and_every_problem_is_listed_at_once(tmp_path, events, run):
    """1e400 once became a 401-digit total shown as INF. With a missing event and a bad alias row, every problem is
    listed in one run, each at its file and cell."""
    settings = {"1st place": "1e400", "2nd place": 100001, "3rd place": "5²", "Participation points": -1,
                "Best events": 10 ** 12, "Minimum events": 1001, "Points for a win": 2.5}
    path = season(tmp_path, ["a.xlsx", "gone.xlsx"], settings, aliases=[("Ann Lee", None)])
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    points = "Placing: points for this place in an event (a number from 0 to 100000; add rows for more places; " \
             "a shared place gets its points)."
    assert lines[:7] == [
        f'League!B2: 1st place needs a number of points, found "1e400". {points}',
        f"League!B3: 2nd place needs a number of points from 0 to 100000, found 100001. {points}",
        'League!B4: 3rd place needs a number of points in the digits 0-9, found "5²" ("²" is a superscript two, '
        f"not a digit). {points}",
        "League!B5: Participation points needs a number of points from 0 to 100000, found -1. Placing: the points "
        "of a place past the table (a number from 0 to 100000).",
        "League!B6: Best events needs a whole number of at most 1000, found 1000000000000. Only each player's best "
        "N events count (blank: every event; 1 to 1000).",
        "League!B7: Minimum events needs a whole number of at most 1000, found 1001. Events a player must play to be "
        "ranked; players with fewer are listed after (1 to 1000).",
        "Aliases!A2: An alias needs both a Name and the name it is Same as. Fill in both cells, or delete the row."]
    assert lines[7].startswith("gone.xlsx: There is no file ")
    assert lines[-1] == "Error: 8 problem(s) to fix; nothing was written."


def broken(book_path: Path, sheet: str, cell: str, value) -> None:
    book = openpyxl.load_workbook(book_path)
    book[sheet][cell].value = value
    book.save(book_path)


SEASON_CELLS = [  # (sheet, cell, what the message names): every column of every season sheet sheetrunner reads
    ("League", "A2", "Setting"), ("League", "B2", "League name"), ("League", "B3", "Best events"),
    ("Events", "A2", "File"), ("Events", "A3", "File"), ("Events", "B2", "Tier"),
    ("Aliases", "A2", "Name"), ("Aliases", "B2", "Same as"), ("Aliases", "A3", "Name"),
    ("Tiers", "A3", "Setting"), ("Tiers", "B3", "Store"), ("Tiers", "C2", "Regional")]


@pytest.mark.parametrize("value, said", [("#N/A", "holds the error #N/A. " + NA_HINT),
                                         ("=VLOOKUP(A1,Z:Z,2,FALSE)", "holds a formula whose value was never "
                                                                      "saved. " + UNSAVED_HINT)])
@pytest.mark.parametrize("sheet, cell, what", SEASON_CELLS)
def test_an_error_value_in_any_season_cell_is_an_error_there(tmp_path, events, run, sheet, cell, what, value,
                                                             said):
    """Never read as blank: a `League ID` ignored, an Events row whose File is an unsaved formula skipped (the
    event quietly out of the season), or a refusal calling the cell empty. Row 3 of Events and Aliases is a row
    left blank, whose only cell is the error: the row is still read."""
    path = season(tmp_path, ["a.xlsx", "b.xlsx"], {"League name": "Inputs", "Best events": 2},
                  [("Ann Lee", "Ann Lee")])
    book = openpyxl.load_workbook(path)
    book["Events"]["B1"].value = "Tier"
    tiers = book.create_sheet("Tiers")
    for row in (["Setting", "Store", "Regional"], ["1st place", 10, 30], ["2nd place", 5, 20]):
        tiers.append(row)
    book.save(path)
    broken(path, sheet, cell, value)
    before = digest(path)
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    assert f"{sheet}!{cell}: {what} {said}" in result.stderr.splitlines()
    assert digest(path) == before


@pytest.mark.parametrize("value, said", [("#N/A", "holds the error #N/A. " + NA_HINT),
                                         ("=B2", "holds a formula whose value was never saved. " + UNSAVED_HINT)])
def test_an_error_value_as_a_league_id_is_an_error_in_the_event(tmp_path, events, run, value, said):
    """Ben Ode's League ID (Autumn's Players!C3) a lookup gone #N/A: read as blank he would be matched by name."""
    broken(events[0], "Players", "C3", value)
    result = run("league", season(tmp_path, ["a.xlsx", "b.xlsx"]), "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"[a.xlsx]Players!C3: League ID {said}", NOTHING]
