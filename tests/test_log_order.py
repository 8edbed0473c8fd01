"""The Log is read by its own order (issue 28): a TO sorts it newest first, shuffles it, or filters it (hidden rows),
and sheetrunner's memory of the event stays the same, so the "Results changed after Round N was paired" warning
is never silently turned off. Each test replays the TO's steps through the CLI."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder import edit_players, make_event, seating, type_results
from sheetrunner.commands.cli import cli
from sheetrunner.workbook.layout import LOG_SHEET
from sheetrunner.workbook.logsheet import HEADERS, read_log
from sheetrunner.workbook.book import Workbook

NAMES = ["Ann", "Ben", "Cat", "Dov", "Eve", "Fay", "Gus", "Hal"]
SAMPLE = Path(__file__).parent.parent / "sample_events" / "swiss-card-game-32-players.xlsx"
CHANGED = ("Round 1: warning: Results changed after Round 2 was paired: table 1. Check these rows; standings now "
           "use the new results, but the later rounds were paired with the old ones.")


def invoke(*args) -> tuple[int, str]:
    """The exit code and everything the command said (its problems included, whichever stream they go to)."""
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.output


def edit(path: Path, change) -> None:
    book = openpyxl.load_workbook(path)
    change(book)
    book.save(path)


def log_rows(path: Path) -> list[list]:
    sheet = openpyxl.load_workbook(path)[LOG_SHEET]
    return [[cell.value for cell in row] for row in sheet.iter_rows(min_row=2, max_col=len(HEADERS))]


def put_log_rows(path: Path, rows: list[list]) -> None:
    """The Log's data rows replaced by `rows` (a sort, as Excel does it: every cell of a row moves together)."""
    def change(book):
        sheet = book[LOG_SHEET]
        for number, row in enumerate(rows, start=2):
            for column, value in enumerate(row, start=1):
                sheet.cell(number, column).value = value
    edit(path, change)


def hide_log_rows(path: Path, numbers: list[int]) -> None:
    """An AutoFilter on the Log that hides the given sheet rows, as filtering the Time column does."""
    def change(book):
        sheet = book[LOG_SHEET]
        sheet.auto_filter.ref = sheet.dimensions
        for number in numbers:
            sheet.row_dimensions[number].hidden = True
    edit(path, change)


def change_round_1_table_1(book) -> None:
    """A scorekeeper corrects table 1 of round 1 after round 2 was paired: the winner's 2 becomes 1."""
    book["Round 1"]["E2"].value = 1


def typed(path: Path, number: int) -> None:
    """Every table of the round played: the first seat wins 5-2."""
    results = {}
    for table, names in seating(path, number).items():
        if table != "BYE":
            results[names[0]], results[names[1]] = {"OP": 5, "SP": 1}, {"OP": 2, "SP": 0}
    type_results(path, number, results)


@pytest.fixture(scope="module")
def long_log(tmp_path_factory) -> Path:
    """An 8-player swiss-tp event whose Log holds every kind of row, all written in the same second (as with
    SOURCE_DATE_EPOCH, or a fast scorekeeper): pair, standings, a row rebuilt after the Log was deleted (no
    Time), and round 1 corrected afterwards, so `check` warns."""
    folder = tmp_path_factory.mktemp("log")
    path = make_event(folder / "e.xlsx", NAMES)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", "1795000000")
        assert invoke("pair", path, "--no-reports")[0] == 0
        typed(path, 1)
        assert invoke("standings", path)[0] == 0
        assert invoke("pair", path, "--no-reports")[0] == 0
        typed(path, 2)
        edit(path, lambda book: book.remove(book[LOG_SHEET]))
        assert invoke("pair", path, "--no-reports")[0] == 0  # the Log comes back from the backup; round 2 rebuilt
        typed(path, 3)
        assert invoke("standings", path)[0] == 0
        assert invoke("pair", path, "--no-reports")[0] == 0
    edit(path, change_round_1_table_1)
    return path


def test_the_long_log_holds_every_kind_of_row(long_log):
    rows = log_rows(long_log)
    assert [(row[1], row[4]) for row in rows] == [
        ("pair", "Round 1"), ("standings", "Standings after R1"), ("rebuilt", "round 2"), ("pair", "Round 3"),
        ("standings", "Standings after R3"), ("pair", "Round 4")]
    assert [row[0] == rows[0][0] for row in rows] == [True, True, False, True, True, True]
    assert rows[2][0] is None  # the rebuilt row has no Time
    assert invoke("check", long_log) == (0, f"{CHANGED}\n0 error(s), 1 warning(s).\n")


def test_the_sample_log_sorted_newest_first_still_warns_of_a_changed_round(tmp_path):
    path = tmp_path / "e.xlsx"
    shutil.copy(SAMPLE, path)
    edit(path, change_round_1_table_1)
    before = invoke("check", path)
    assert before[0] == 0 and CHANGED in before[1].splitlines()
    put_log_rows(path, log_rows(path)[::-1])
    assert [row[4] for row in log_rows(path)] == ["Round 3", "Round 2", "Round 1"]
    assert invoke("check", path) == before


def test_a_log_sorted_newest_first_reads_as_written(long_log, tmp_path):
    path = tmp_path / "e.xlsx"
    shutil.copy(long_log, path)
    put_log_rows(path, log_rows(long_log)[::-1])
    assert read_log(Workbook.read(path).sheets[LOG_SHEET]) == read_log(Workbook.read(long_log).sheets[LOG_SHEET])
    assert invoke("check", path) == invoke("check", long_log)


def test_a_filtered_log_reads_as_written(long_log, tmp_path):
    path = tmp_path / "e.xlsx"
    shutil.copy(long_log, path)
    put_log_rows(path, log_rows(long_log)[::-1])
    hide_log_rows(path, [2, 3, 4])  # the three newest rows, filtered out of sight
    assert openpyxl.load_workbook(path)[LOG_SHEET].row_dimensions[2].hidden
    assert invoke("check", path) == (0, f"{CHANGED}\n0 error(s), 1 warning(s).\n")


def test_the_next_run_continues_a_log_sorted_newest_first(tmp_path):
    """`pair` appends its row under a Log sorted newest first; the next run still knows it is the newest: the
    changed round 1 was absorbed by pairing round 4, so the warning is gone, and round 4's memory is there."""
    path = tmp_path / "e.xlsx"
    shutil.copy(SAMPLE, path)
    put_log_rows(path, log_rows(path)[::-1])

    def play_round_3(book):  # the tables of round 3 still blank: the first seat wins 2-0
        sheet = book["Round 3"]
        for row in range(2, sheet.max_row + 1):
            if sheet.cell(row, 1).value != "BYE" and sheet.cell(row, 5).value is None:
                sheet.cell(row, 5).value = 2 if sheet.cell(row, 2).value == 1 else 0
    edit(path, play_round_3)
    edit(path, change_round_1_table_1)
    code, out = invoke("pair", path, "--no-reports")
    assert code == 0 and CHANGED in out.splitlines()
    assert [row[4] for row in log_rows(path)] == ["Round 3", "Round 2", "Round 1", "Round 4"]
    assert 4 in read_log(Workbook.read(path).sheets[LOG_SHEET]).active
    code, out = invoke("check", path)
    assert code == 0 and "Results changed" not in out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations(range(6)), hidden=st.sets(st.integers(2, 7)))
def test_any_order_of_the_log_rows_reads_the_same(long_log, tmp_path, order, hidden):
    rows = log_rows(long_log)
    path = tmp_path / "shuffled.xlsx"
    shutil.copy(long_log, path)
    put_log_rows(path, [rows[i] for i in order])
    hide_log_rows(path, sorted(hidden))
    assert read_log(Workbook.read(path).sheets[LOG_SHEET]) == read_log(Workbook.read(long_log).sheets[LOG_SHEET])
    assert invoke("check", path) == (0, f"{CHANGED}\n0 error(s), 1 warning(s).\n")


def test_rows_written_in_different_seconds_are_ordered_by_their_time(long_log, tmp_path):
    """A Time says it first: a row written a second later is newer whatever it covers (a round paired again
    after a standings sheet covers fewer rounds than that sheet's row)."""
    rows = log_rows(long_log)
    later = list(rows[1])  # the `standings` row after round 1, as if written a second after the others
    later[0] = later[0][:-2] + str(int(later[0][-2:]) + 1).zfill(2)  # (SOURCE_DATE_EPOCH ends in :40 s)
    path = tmp_path / "e.xlsx"
    shutil.copy(long_log, path)
    put_log_rows(path, [later, *rows[5:1:-1], rows[0]])
    log = read_log(Workbook.read(path).sheets[LOG_SHEET])
    assert set(log.results) == {1}  # the newest row covers round 1 only
    assert set(log.active) == {1, 2, 3, 4}  # what each round's own row recorded, whatever came later


def test_a_round_paired_again_with_a_walk_in_in_the_same_second_reads_as_written_when_reversed(tmp_path, run,
                                                                                              monkeypatch):
    """All rows in one second (SOURCE_DATE_EPOCH): the round paired again, with a walk-in and without a player who
    left, is told from its first pairing by the highest ID given, which never falls. Read the other way round, the
    first pairing would make the player who left, and came back, look seated nowhere."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764000000")
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dov"], total_rounds=3)
    assert run("pair", path, "--no-reports").exit_code == 0
    typed(path, 1)
    assert run("pair", path, "--no-reports").exit_code == 0
    edit_players(path, {"Ben": {"Dropped after": 1}}, new=[{"Name": "Eve", "Joined in": 2}])
    assert run("pair", path, "--redo", "--no-reports").exit_code == 0
    edit_players(path, {"Ben": {"Dropped after": None}})  # back for round 3: round 2 was missed, not forgotten
    assert run("check", path).stdout.splitlines()[-1] == "0 error(s), 0 warning(s)."
    put_log_rows(path, log_rows(path)[::-1])
    assert run("check", path).stdout.splitlines()[-1] == "0 error(s), 0 warning(s)."
