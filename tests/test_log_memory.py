"""The workbook is held to what sheetrunner recorded in its Log: a TO's ordinary Excel habits (a round tab renamed
or deleted, a total row under the roster, merged header cells, the Log deleted) never silently change the event.
Each test replays the TO's steps through the CLI."""

from __future__ import annotations

import shutil

import openpyxl
import pytest

from builder import digest, edit_players, make_event, round_rows, seating, type_results
from sheetrunner.pairing import Pairing, PairedTable
from sheetrunner.rules.tournament import everyone_placed

NAMES = ["Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus", "Hal"]


def played_round_1(tmp_path, run):
    """An 8-player swiss-tp event with round 1 paired by sheetrunner and its results typed."""
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path, "--no-reports").exit_code == 0
    results = {}
    for table, names in seating(path, 1).items():
        results[names[0]], results[names[1]] = {"OP": 5, "SP": 1}, {"OP": 2, "SP": 1}
    type_results(path, 1, results)
    return path


def edit(path, change):
    book = openpyxl.load_workbook(path)
    change(book)
    book.save(path)


def rename_round_1(name):
    def change(book):
        book["Round 1"].title = name
    return change


@pytest.mark.parametrize("name", ["R1", "Rd 1", "Rnd.1", "round-01"])
def test_a_round_tab_shortened_is_read_as_that_round_with_a_warning(tmp_path, run, name):
    path = played_round_1(tmp_path, run)
    before = run("standings", "--json", "--no-write", path).stdout
    edit(path, rename_round_1(name))
    result = run("check", path)
    assert result.stdout.splitlines() == [
        f'{name}: warning: The sheet "{name}" is read as Round 1, which sheetrunner paired (the Log says so). '
        'Rename it "Round 1".', "0 error(s), 1 warning(s)."]
    assert run("standings", "--json", "--no-write", path).stdout == before
    assert run("pair", path, "--no-reports").exit_code == 0
    book = openpyxl.load_workbook(path)
    assert [t for t in book.sheetnames if t.startswith("Round")] == ["Round 2"]  # round 1 is never paired again
    assert book[name].max_row == 9


def test_a_round_tab_renamed_beyond_recognition_is_an_error_and_nothing_is_written(tmp_path, run):
    path = played_round_1(tmp_path, run)
    edit(path, rename_round_1("Monday"))
    before = digest(path)
    message = ('Round 1: sheetrunner paired Round 1 (the Log says so), but the workbook has no sheet named '
               '"Round 1". If "Monday" is that round, rename it "Round 1". If it was deleted, undo that, or copy '
               'the sheet back from the newest backup (in the -backups folder beside the workbook); sheetrunner '
               'never pairs a recorded round again.')
    assert run("check", path).stdout.splitlines() == [message, "1 error(s), 0 warning(s)."]
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 1 and result.stderr.splitlines()[0] == message
    assert run("standings", "--no-write", path).exit_code == 1
    assert digest(path) == before


def test_a_deleted_round_sheet_is_never_paired_again(tmp_path, run):
    path = played_round_1(tmp_path, run)

    def delete(book):
        del book["Round 1"]
    edit(path, delete)
    before = digest(path)
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith('Round 1: sheetrunner paired Round 1 (the Log says so), but the '
                                                    'workbook has no sheet named "Round 1". If it was deleted')
    assert digest(path) == before


def test_a_round_like_sheet_in_an_event_without_a_log_is_not_silently_left_out(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES, [[(1, "Ann", 5, 1), (1, "Ben", 2, 1)]])
    edit(path, rename_round_1("R1"))
    assert run("check", path).stdout.splitlines() == [
        'R1: warning: The sheet "R1" looks like a round sheet but is not read as one: sheetrunner reads round '
        'sheets named Round 1, Round 2, … Rename it "Round 1" if it is that round.', "0 error(s), 1 warning(s)."]


def test_a_round_number_too_long_for_any_event_is_refused_not_ignored(tmp_path, run):
    path = played_round_1(tmp_path, run)
    edit(path, lambda book: book.create_sheet("Round 99999999999"))
    assert run("check", path).stdout.splitlines()[0] == (
        "Round 99999999999: There is a Round 99999999999 sheet but no Round 2 sheet. Rename the round sheets so "
        "they run Round 1, Round 2, … without a gap.")


def test_a_total_row_under_the_roster_is_not_a_player(tmp_path, run):
    """LibreOffice saves `=COUNTA(B2:B9)` with its value, 8: the reader sees the value, as here."""
    path = played_round_1(tmp_path, run)
    edit_players(path, new=[{"Name": "Total", "Team": 8}])
    before = digest(path)
    message = ('Players!B10: "Total" was added after Round 1 was paired (the Log lists who played it), but Joined '
               'in says they play from round 1. If they are a late entry, type 2 under Joined in; if the row is '
               'not a player (a total, a note), move it off the Players sheet.')
    assert run("check", path).stdout.splitlines() == [message, "1 error(s), 0 warning(s)."]
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 1 and "Bye: Total" not in result.stdout
    assert digest(path) == before


def test_a_walk_in_needs_joined_in_and_then_plays_from_it(tmp_path, run):
    path = played_round_1(tmp_path, run)
    edit_players(path, new=[{"Name": "Ivy"}])
    assert run("check", path).exit_code == 1
    edit_players(path, {"Ivy": {"Joined in": 2}})
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    assert run("pair", path, "--no-reports").exit_code == 0
    assert "Ivy" in [name for names in seating(path, 2).values() for name in names]


def test_a_walk_in_added_before_a_redo_of_the_round_is_paired_in_it(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path, "--no-reports").exit_code == 0
    edit_players(path, new=[{"Name": "Ivy"}])
    assert run("pair", "--redo", path, "--no-reports").exit_code == 0
    assert seating(path, 1)["BYE"] and len(round_rows(path, 1)) == 10


def test_merged_header_cells_that_hide_a_column_are_an_error(tmp_path, run):
    """`Name` merged over `Team`: the Team column loses its header, and with it every team."""
    path = make_event(tmp_path / "e.xlsx", [(i, name, "Red" if i < 3 else "Blue") for i, name in
                                            enumerate(NAMES, 1)])

    def merge(book):
        book["Players"].merge_cells("B1:C1")
    edit(path, merge)
    before = digest(path)
    assert run("check", path).stdout.splitlines() == [
        "Players!C1: Column C has values (from C2) but no header, so sheetrunner does not read them. Type the "
        "column's header here (if the header cells are merged, unmerge them first); or move the values off this "
        "sheet.", "1 error(s), 0 warning(s)."]
    assert run("pair", path, "--no-reports").exit_code == 1 and digest(path) == before


def test_values_under_no_header_in_a_round_sheet_are_a_warning(tmp_path, run):
    path = played_round_1(tmp_path, run)

    def note(book):
        book["Round 1"]["H3"] = "judge call"
    edit(path, note)
    assert run("check", path).stdout.splitlines() == [
        "Round 1!H1: warning: Column H has values (from H3) but no header, so sheetrunner does not read them. Type "
        "the column's header here (if the header cells are merged, unmerge them first); or move the values off "
        "this sheet.", "0 error(s), 1 warning(s)."]


def drop_and_return(tmp_path, run):
    """Ann drops after round 1, round 2 is paired without her, she comes back: round 2 is a round she missed."""
    path = played_round_1(tmp_path, run)
    edit_players(path, {"Ann": {"Dropped after": 1}})
    assert run("pair", path, "--no-reports").exit_code == 0
    results = {}
    for table, names in seating(path, 2).items():
        if table != "BYE":
            results[names[0]], results[names[1]] = {"OP": 4, "SP": 1}, {"OP": 1, "SP": 0}
    type_results(path, 2, results)
    edit_players(path, {"Ann": {"Dropped after": None}})
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    return path


def delete_log(book):
    del book["Log"]


def test_a_deleted_log_comes_back_from_the_newest_backup_that_has_it(tmp_path, run):
    path = drop_and_return(tmp_path, run)
    standings = run("standings", "--json", "--no-write", path).stdout
    edit(path, delete_log)
    result = run("check", path)
    assert result.stdout.splitlines()[0].startswith(
        "Log: warning: The Log sheet is missing; sheetrunner recovered its memory of the event from the backup e.")
    assert "has no seat" not in result.stdout and result.exit_code == 0
    assert run("standings", "--json", "--no-write", path).stdout == standings  # Ann missed round 2: a loss
    assert run("pair", path, "--no-reports").exit_code == 0
    log = [row for row in openpyxl.load_workbook(path)["Log"].iter_rows(min_row=2, values_only=True)]
    assert [row[4] for row in log] == ["Round 1", "round 2", "Round 3"]
    assert log[1][1] == "rebuilt" and log[1][9] == "2-8"  # Ann (ID 1) was not active in round 2
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"


def test_a_deleted_log_with_no_backup_is_rebuilt_from_the_round_sheets(tmp_path, run):
    path = drop_and_return(tmp_path, run)
    assert run("standings", path).exit_code == 0  # a Standings sheet: sheetrunner wrote this workbook
    shutil.rmtree(tmp_path / "e-backups")
    edit(path, delete_log)
    result = run("check", path)
    assert result.stdout.splitlines() == [
        "Log: warning: The Log sheet is missing; sheetrunner recovered its memory of the event from the round "
        "sheets, taking each round's players as those seated in it (hand edits made in them before can no longer "
        "be told apart from sheetrunner's pairing). `sheetrunner pair` and `standings` write it back. Keep the Log "
        "sheet (hide it if you like): without it, a round a player missed looks like a forgotten seat.",
        "0 error(s), 1 warning(s)."]


def test_the_log_says_what_it_is(tmp_path, run):
    path = played_round_1(tmp_path, run)
    header = [cell.value for cell in openpyxl.load_workbook(path)["Log"][1]]
    assert header[-1] == ("Keep this sheet: it is sheetrunner's memory of the event (each round it paired, who was "
                          "playing, digests of the results). Hide it if you like; do not edit or delete it.")


def test_a_pairing_that_leaves_out_or_doubles_a_player_is_never_written():
    fine = Pairing([PairedTable(1, (1, 2)), PairedTable(2, (3, 4))], [5])
    everyone_placed(fine, {1, 2, 3, 4, 5}, 2)
    with pytest.raises(AssertionError, match=r"places players \[\] twice, leaves out \[5\] and adds \[\]"):
        everyone_placed(Pairing(fine.tables, []), {1, 2, 3, 4, 5}, 2)
    with pytest.raises(AssertionError, match=r"places players \[3\] twice, leaves out \[\] and adds \[\]"):
        everyone_placed(Pairing(fine.tables, [5, 3]), {1, 2, 3, 4, 5}, 2)
    with pytest.raises(AssertionError, match=r"leaves out \[\] and adds \[6\]"):
        everyone_placed(Pairing(fine.tables, [5, 6]), {1, 2, 3, 4, 5}, 2)
