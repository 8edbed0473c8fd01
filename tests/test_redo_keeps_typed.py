"""Issue 28: `pair --redo` never discards a value it did not write, and a round whose headers cannot be read is an
error (sheetrunner/validate/headers.py, sheetrunner/validate/redo.py).

A played round whose headers a TO made unreadable (a title row above them, `Table` renamed or its column
deleted, the header row sorted into the data, the headers translated) used to read as unplayed: `check` offered
`--redo`, and `--redo` wrote an empty sheet over 32 typed results. Now each is one error at its cell in every
command, and `--redo` refuses a sheet holding anything beyond the pairing sheetrunner wrote. Played events are
copies of sample_events/swiss-card-game-32-players.xlsx (Round 3, the last round, has every result typed).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from builder import digest, enter_results, make_event, round_rows

SAMPLE = Path(__file__).parent.parent / "sample_events" / "swiss-card-game-32-players.xlsx"
BACKUP = "the newest backup (in the -backups folder beside the workbook)"
CANNOT_TELL = "so sheetrunner cannot tell who sat where or what results were typed."
REDO_HINT = ("If you mean to pair Round 3 again, delete those values, then run pair --redo again; to keep them, "
             "leave the round as it is.")


def played(tmp_path: Path, edit=None, name: str = "event.xlsx") -> Path:
    """A copy of the played sample, with `edit(sheet)` applied to its Round 3 by openpyxl, as Excel would."""
    path = tmp_path / name
    shutil.copy(SAMPLE, path)
    if edit is not None:
        book = openpyxl.load_workbook(path)
        edit(book["Round 3"])
        book.save(path)
    return path


def title_row(sheet) -> None:
    sheet.insert_rows(1)
    sheet["A1"] = "Round 3 results"


def rename_table(sheet) -> None:
    sheet["A1"] = "Tbl"


def delete_table(sheet) -> None:
    sheet.delete_cols(1)


def sort_headers_into_data(sheet) -> None:
    """The header row sorted in among the rows (a sort without "My data has headers"): it lands on row 11."""
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    rows.insert(10, rows.pop(0))
    for number, values in enumerate(rows, start=1):
        for column, value in enumerate(values, start=1):
            sheet.cell(number, column, value)


def translate(sheet) -> None:
    for cell, header in zip("ABCD", ["Tisch", "Platz", "Nr", "Spieler"]):
        sheet[f"{cell}1"] = header


HEADER_VARIANTS = {
    "title row": (title_row, "Round 3!A2: The headers of Round 3 are on row 2, not row 1, so sheetrunner cannot "
                  "read the sheet: it reads the first row as the headers. Delete row 1, so the headers are the "
                  "first row (a title can go below the table, or on another sheet)."),
    "Table renamed": (rename_table, f"Round 3!A1: The headers of Round 3 cannot be read: row 1 has no Table "
                      f"header, {CANNOT_TELL} Type Table above the column of table numbers; if that column was "
                      f"deleted, copy it back from {BACKUP}."),
    "Table deleted": (delete_table, f"Round 3!A1: The headers of Round 3 cannot be read: row 1 has no Table "
                      f"header, {CANNOT_TELL} Type Table above the column of table numbers; if that column was "
                      f"deleted, copy it back from {BACKUP}."),
    "sorted into the data": (sort_headers_into_data, "Round 3!A11: The headers of Round 3 are on row 11, not "
                             "row 1, so sheetrunner cannot read the sheet: it reads the first row as the headers. "
                             "Move row 11 back to the top of the sheet: a sort took the headers into the data "
                             "(undo the sort, or sort again with “My data has headers” ticked)."),
    "translated": (translate, f"Round 3!A1: The headers of Round 3 cannot be read: row 1 has no Table header and "
                   f"neither an ID nor a Player header, {CANNOT_TELL} Type sheetrunner's headers in row 1, in "
                   "English (any case): Table, Seat, ID, Player, Games won, Games drawn, Note."),
}


def errors(output: str) -> list[str]:
    """The error lines of a command's output (warnings and the summary left out)."""
    return [line for line in output.splitlines() if line.startswith("Round 3!")]


def typed_results(path: Path) -> list[tuple]:
    return [row[4:6] for row in round_rows(path, 3)[1:]]


def test_the_sample_has_every_result_of_round_3_typed():
    assert sum(1 for won, _ in typed_results(SAMPLE) if won is not None) == 32


@pytest.mark.parametrize("variant", HEADER_VARIANTS)
def test_unreadable_headers_are_one_error_in_check_and_redo_writes_nothing(tmp_path, run, variant):
    edit, expected = HEADER_VARIANTS[variant]
    path = played(tmp_path, edit)
    before = digest(path)
    checked = run("check", path)
    assert checked.exit_code == 1
    assert errors(checked.stdout) == [expected]
    assert "--redo" not in checked.stdout and "no result" not in checked.stdout
    redone = run("pair", path, "--redo", "-o", tmp_path / "out.xlsx", "--no-reports")
    assert redone.exit_code == 1
    assert errors(redone.stderr) == [expected]
    assert redone.stderr.splitlines()[-1] == "Error: 1 problem(s) to fix; nothing was written."
    assert not (tmp_path / "out.xlsx").exists()
    redone = run("pair", path, "--redo", "--no-reports")
    assert redone.exit_code == 1
    assert errors(redone.stderr) == [expected]
    assert digest(path) == before


@pytest.mark.parametrize("command", [["standings"], ["report", "--out"]])
def test_unreadable_headers_stop_every_command(tmp_path, run, command):
    path = played(tmp_path, title_row)
    extra = [tmp_path / "reports"] if command[-1] == "--out" else []
    result = run(command[0], path, *command[1:], *extra)
    assert result.exit_code == 1
    assert errors(result.stderr) == [HEADER_VARIANTS["title row"][1]]


def clear_results(sheet) -> None:
    for row in sheet.iter_rows(min_row=2, min_col=5, max_col=6):
        for cell in row:
            cell.value = None


def test_redo_of_a_round_with_every_result_typed_names_them_and_writes_nothing(tmp_path, run):
    path = played(tmp_path)
    before = digest(path)
    result = run("pair", path, "--redo", "--no-reports")
    assert result.exit_code == 1
    assert errors(result.stderr) == [
        "Round 3!E2: Round 3 holds 36 values sheetrunner did not write, which `pair --redo` would lose: Games won "
        f"E2, E3, E4 and 29 more; Games drawn F16, F17, F32 and 1 more. {REDO_HINT}"]
    assert digest(path) == before


def test_redo_of_a_round_with_one_result_typed_names_it(tmp_path, run):
    def one_result(sheet):
        clear_results(sheet)
        sheet["E2"] = 2

    path = played(tmp_path, one_result)
    before = digest(path)
    result = run("pair", path, "--redo", "--no-reports")
    assert result.exit_code == 1
    assert (f"Round 3!E2: Round 3 holds 1 value sheetrunner did not write, which `pair --redo` would lose: Games "
            f"won E2. {REDO_HINT}") in errors(result.stderr)
    assert digest(path) == before


def test_redo_of_a_round_with_a_hand_added_column_names_its_cells(tmp_path, run):
    def deck_column(sheet):
        clear_results(sheet)
        sheet["H1"], sheet["H2"], sheet["H5"] = "Deck", "Elves", "Goblins"
        sheet["J9"] = "see judge"  # under no header at all

    path = played(tmp_path, deck_column)
    before = digest(path)
    result = run("pair", path, "--redo", "--no-reports")
    assert result.exit_code == 1
    assert errors(result.stderr) == [
        "Round 3!H1: Round 3 holds 4 values sheetrunner did not write, which `pair --redo` would lose: Deck H1, H2, "
        f"H5; column J J9. {REDO_HINT}"]
    assert digest(path) == before


def swap_first_two_tables(sheet) -> None:
    """Two players of tables 1 and 2 swapped by hand (their ID and Player cells)."""
    clear_results(sheet)
    for column in "CD":
        sheet[f"{column}2"].value, sheet[f"{column}4"].value = sheet[f"{column}4"].value, sheet[f"{column}2"].value


def test_a_round_with_only_a_hand_swap_is_redone(tmp_path, run):
    cleared = played(tmp_path, clear_results, "cleared.xlsx")
    swapped = played(tmp_path, swap_first_two_tables, "swapped.xlsx")
    assert round_rows(swapped, 3)[1][3] != round_rows(cleared, 3)[1][3]
    assert run("pair", cleared, "--redo", "--no-reports").exit_code == 0
    result = run("pair", swapped, "--redo", "--no-reports")
    assert result.exit_code == 0
    assert "Wrote Round 3" in result.stdout
    assert round_rows(swapped, 3) == round_rows(cleared, 3)  # the engine's pairing again, the swap replaced


# --- notes: sheetrunner's own (recorded in the Log) are replaced; a typed one is kept ------------------------------

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
NO_BONUSES = {"Offensive bonus": "No", "Defensive bonus": "No"}
FLOAT_NOTE = "Paired across score groups (1 v 0)."


def event_with_notes(tmp_path: Path, run) -> Path:
    """Round 2 paired by sheetrunner with a float note at both seats of two tables (Ann and Dan drew and have met,
    so each plays a 0 TP player)."""
    rows = [(1, "Ann", 2, 0), (1, "Dan", 2, 0), (2, "Eve", 3, 0), (2, "Cat", 1, 0), (3, "Ben", 1, 0), (3, "Fay", 3, 0)]
    path = make_event(tmp_path / "e.xlsx", NAMES, [rows], settings=NO_BONUSES)
    assert run("pair", path, "--no-reports").exit_code == 0
    return path


def notes(path: Path) -> list:
    return [row[6] for row in round_rows(path, 2)[1:]]


def test_the_notes_sheetrunner_wrote_do_not_stop_a_redo(tmp_path, run):
    path = event_with_notes(tmp_path, run)
    assert notes(path).count(FLOAT_NOTE) == 4
    assert run("pair", path, "--redo", "--no-reports").exit_code == 0
    assert run("pair", path, "--redo", "--no-reports").exit_code == 0  # the redone round's notes are recorded too


def test_a_note_typed_or_changed_by_hand_stops_a_redo(tmp_path, run):
    path = event_with_notes(tmp_path, run)
    book = openpyxl.load_workbook(path)
    sheet = book["Round 2"]
    noted = next(row for row in range(2, sheet.max_row + 1) if sheet[f"G{row}"].value == FLOAT_NOTE)
    sheet[f"G{noted}"] = FLOAT_NOTE + " Ann agreed."
    book.save(path)
    before = digest(path)
    result = run("pair", path, "--redo", "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"Round 2!G{noted}: Round 2 holds 1 value sheetrunner did not write, which `pair --redo` would lose: Note "
        f"G{noted}. If you mean to pair Round 2 again, delete those values, then run pair --redo again; to keep "
        "them, leave the round as it is.")
    assert digest(path) == before


def test_results_typed_in_a_round_sheetrunner_wrote_stop_a_redo(tmp_path, run):
    path = event_with_notes(tmp_path, run)
    first = round_rows(path, 2)[1][3]
    enter_results(path, 2, {first: (3, 1)})
    result = run("pair", path, "--redo", "--no-reports")
    assert result.exit_code == 1
    assert ("Round 2!E2: Round 2 holds 2 values sheetrunner did not write, which `pair --redo` would lose: OP E2; "
            "SP F2. If you mean to pair Round 2 again, delete those values, then run pair --redo again; to keep them, "
            "leave the round as it is.") in result.stderr.splitlines()


# --- the stages of a top cut ---------------------------------------------------------------------------------------

TOP_CUT = Path(__file__).parent.parent / "sample_events" / "swiss-top-8-24-players.xlsx"


def final_stage(tmp_path: Path, *cells: tuple[str, str]) -> Path:
    """A copy of the played top cut with the Final's results cleared and `cells` typed in it."""
    path = tmp_path / "cut.xlsx"
    shutil.copy(TOP_CUT, path)
    book = openpyxl.load_workbook(path)
    sheet = book["Final"]
    for row in sheet.iter_rows(min_row=2, min_col=5, max_col=6):
        for cell in row:
            cell.value = None
    for where, value in cells:
        sheet[where] = value
    book.save(path)
    return path


def test_redo_of_a_stage_refuses_a_typed_value(tmp_path, run):
    path = final_stage(tmp_path, ("H1", "Table judge"), ("H2", "J. Smith"))
    before = digest(path)
    result = run("pair", path, "--redo", "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "Final!H1: Final holds 2 values sheetrunner did not write, which `pair --redo` would lose: Table judge H1, "
        "H2. If you mean to pair Final again, delete those values, then run pair --redo again; to keep them, leave "
        "the round as it is.")
    assert digest(path) == before


def test_redo_of_a_stage_holding_only_its_pairing_is_done(tmp_path, run):
    path = final_stage(tmp_path)
    result = run("pair", path, "--redo", "--no-reports")
    assert result.exit_code == 0
    assert "Wrote Final" in result.stdout
