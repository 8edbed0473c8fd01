"""Copies of sheetrunner's sheets (issue 28): Excel's "Move or Copy… / Create a copy" makes `Players (2)`, Google
Sheets `Copy of Players`, LibreOffice `Players_2`. What is typed in a copy counts for nothing, so each copy is a
warning that names the sheet read and what the copy holds that it does not. Each test replays the TO's steps
through the CLI on a played event."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from builder import seating

SAMPLE = Path(__file__).parent.parent / "sample_events" / "swiss-card-game-32-players.xlsx"


def played(tmp_path: Path) -> Path:
    """The 32-player swiss with three rounds played (every result typed)."""
    path = tmp_path / "e.xlsx"
    shutil.copy(SAMPLE, path)
    return path


def copy_sheet(path: Path, title: str, name: str, change=lambda sheet: None) -> None:
    """Excel's "Create a copy" of the sheet `title`, named `name`, placed after it, then `change`d in the copy."""
    book = openpyxl.load_workbook(path)
    copy = book.copy_worksheet(book[title])
    copy.title = "being copied"  # (openpyxl names it "Event Copy" first, and would not take "Event copy" over it)
    copy.title = name
    book.move_sheet(copy, offset=book.sheetnames.index(title) + 1 - book.sheetnames.index(name))
    change(copy)
    book.save(path)


def check_lines(run, path: Path) -> list[str]:
    result = run("check", path)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def with_one_more_warning(lines: list[str], warning: str) -> list[str]:
    """`check`'s lines before the copy was made, with the copy's warning first and counted in the summary."""
    summary = lines[-1].split()
    assert summary[0] == "0" and summary[2].isdecimal()
    return [warning, *lines[:-1], f"0 error(s), {int(summary[2]) + 1} warning(s)."]


def cells(path: Path, title: str) -> list[tuple]:
    return [tuple(row) for row in openpyxl.load_workbook(path)[title].iter_rows(values_only=True)]


def type_walk_in(sheet) -> None:
    sheet.cell(sheet.max_row + 1, 2).value = "Zoe Walk-in"


WALK_IN = ('Players (2): warning: "Players (2)" looks like a copy of "Players", and only "Players" is read: what is '
           'typed in the copy does not count. It has 1 row that "Players" does not have: "Zoe Walk-in" (row 34). '
           'Copy the changes into "Players", then delete the copy.')


def test_a_walk_in_typed_in_a_copy_of_players_is_named_and_kept(tmp_path, run):
    path = played(tmp_path)
    before = check_lines(run, path)
    copy_sheet(path, "Players", "Players (2)", type_walk_in)
    assert check_lines(run, path) == with_one_more_warning(before, WALK_IN)
    typed = cells(path, "Players (2)")
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0 and WALK_IN in result.stderr.splitlines()
    assert "Zoe Walk-in" not in str(seating(path, 4))  # the copy is not read: sheetrunner never guesses
    assert cells(path, "Players (2)") == typed  # and the walk-in typed there is kept, not lost


def test_the_walk_in_copied_into_players_as_the_hint_says_is_paired(tmp_path, run):
    path = played(tmp_path)
    copy_sheet(path, "Players", "Players (2)", type_walk_in)
    book = openpyxl.load_workbook(path)
    book["Players"].append([None, "Zoe Walk-in", None, None, None, 4])
    del book["Players (2)"]
    book.save(path)
    assert run("pair", path, "--no-reports").exit_code == 0
    assert "Zoe Walk-in" in str(seating(path, 4))


def test_results_typed_in_a_copy_of_a_round_are_named_by_table(tmp_path, run):
    path = played(tmp_path)
    assert run("pair", path, "--no-reports").exit_code == 0
    book = openpyxl.load_workbook(path)
    round_4 = book["Round 4"]
    for row in range(2, round_4.max_row + 1):  # table 2 typed in Round 4: the first seat won
        if round_4.cell(row, 1).value == 2:
            round_4.cell(row, 5).value = 2 if round_4.cell(row, 2).value == 1 else 0
    book.save(path)
    before = check_lines(run, path)

    def type_results(sheet):  # in the copy: tables 3 and 5, and table 2 the other way round
        for row in range(2, sheet.max_row + 1):
            first = sheet.cell(row, 2).value == 1
            if sheet.cell(row, 1).value in (3, 5):
                sheet.cell(row, 5).value = 2 if first else 0
            if sheet.cell(row, 1).value == 2:
                sheet.cell(row, 5).value = 0 if first else 2
    copy_sheet(path, "Round 4", "Round 4 (2)", type_results)
    assert check_lines(run, path) == with_one_more_warning(before, (
        'Round 4 (2): warning: "Round 4 (2)" looks like a copy of "Round 4", and only "Round 4" is read: what is '
        'typed in the copy does not count. It has results that "Round 4" lacks: table 3, 5; results that differ '
        'from "Round 4": table 2. Copy the changes into "Round 4", then delete the copy.'))


def test_a_seat_changed_in_a_copy_of_a_round_is_named(tmp_path, run):
    path = played(tmp_path)
    assert run("pair", path, "--no-reports").exit_code == 0
    first = cells(path, "Round 4")[1]

    def swap(sheet):  # table 1's first seat given to a walk-in in the copy
        sheet["C2"].value, sheet["D2"].value = None, "Zoe Walk-in"
    copy_sheet(path, "Round 4", "Round 4 (2)", swap)
    assert check_lines(run, path)[0] == (
        'Round 4 (2): warning: "Round 4 (2)" looks like a copy of "Round 4", and only "Round 4" is read: what is '
        'typed in the copy does not count. It has 1 seat that "Round 4" does not have: table 1 "Zoe Walk-in" '
        '(row 2). Copy the changes into "Round 4", then delete the copy.')
    assert cells(path, "Round 4")[1] == first


@pytest.mark.parametrize("name", ["Event (2)", "Copy of Event", "Event_2", "Event 2", "Event - Copy", "Event copy"])
def test_a_copy_that_holds_nothing_more_is_one_line(tmp_path, run, name):
    path = played(tmp_path)
    before = check_lines(run, path)
    copy_sheet(path, "Event", name)
    assert check_lines(run, path) == with_one_more_warning(before, (
        f'{name}: warning: "{name}" looks like a copy of "Event", and only "Event" is read. The copy holds nothing '
        'that "Event" does not. Delete the copy.'))


def test_settings_changed_in_a_copy_of_event_are_named_with_both_values(tmp_path, run):
    path = played(tmp_path)

    def change(sheet):
        for row in sheet.iter_rows(min_row=2):
            if row[0].value == "Rounds":
                row[1].value = 6
        sheet.append(["Top cut", 8])
    copy_sheet(path, "Event", "Event (2)", change)
    assert check_lines(run, path)[0] == (
        'Event (2): warning: "Event (2)" looks like a copy of "Event", and only "Event" is read: what is typed in the '
        'copy does not count. It has 2 settings that differ from "Event": Rounds 6 ("Event" has 5), Top cut 8 '
        '("Event" has none). Copy the changes into "Event", then delete the copy.')


def test_a_player_changed_in_a_copy_of_players_is_named_with_the_new_values(tmp_path, run):
    path = played(tmp_path)

    def drop(sheet):  # Ash Gale (row 8) drops after round 3, typed in the copy
        assert sheet["B8"].value == "Ash Gale"
        sheet["E8"].value = 3
    copy_sheet(path, "Players", "Copy of Players", drop)
    assert check_lines(run, path)[0] == (
        'Copy of Players: warning: "Copy of Players" looks like a copy of "Players", and only "Players" is read: '
        'what is typed in the copy does not count. It has 1 row with values that differ from "Players": '
        '"Ash Gale" (row 8: Dropped after 3). Copy the changes into "Players", then delete the copy.')


def test_players_are_matched_by_name_and_id_not_by_row(tmp_path, run):
    """The copy sorted by name: every row moved, none changed."""
    path = played(tmp_path)

    def sort_by_name(sheet):
        rows = sorted((list(row) for row in sheet.iter_rows(min_row=2, values_only=True)), key=lambda r: r[1])
        for number, row in enumerate(rows, start=2):
            for column, value in enumerate(row, start=1):
                sheet.cell(number, column).value = value
    copy_sheet(path, "Players", "Players_2", sort_by_name)
    assert check_lines(run, path)[0] == (
        'Players_2: warning: "Players_2" looks like a copy of "Players", and only "Players" is read. The copy holds '
        'nothing that "Players" does not. Delete the copy.')


def test_a_copy_of_a_sheet_the_workbook_lacks_says_so(tmp_path, run):
    path = played(tmp_path)
    copy_sheet(path, "Round 3", "Round 5 (2)")
    assert check_lines(run, path)[0] == (
        'Round 5 (2): warning: "Round 5 (2)" looks like a copy of "Round 5", but the workbook has no sheet '
        '"Round 5": sheetrunner reads neither. If it holds that sheet, rename it "Round 5".')


def test_sheets_that_only_look_numbered_are_no_copies(tmp_path, run):
    path = played(tmp_path)
    before = check_lines(run, path)
    for name in ("Players 2026", "Notes (2)", "Standings after R2 (2)"):
        copy_sheet(path, "Players" if name != "Standings after R2 (2)" else "Standings after R2", name)
    assert check_lines(run, path) == before
