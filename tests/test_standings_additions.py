"""Issue 28: a standings sheet sheetrunner writes again keeps what the TO added to it (SPEC §7).

A `Prize` column typed beside `Standings after R3` survives `standings` and `pair`, each value beside the
same player even when a corrected result reorders the standings, a number still a number; what cannot be
kept in place (a changed standings value, a note under the table or in a cell sheetrunner writes, a value
beside a player the new sheet no longer names) is said by the command, with the backup that has it.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import openpyxl.utils
import pytest

from sheetrunner.workbook.book import Workbook

SAMPLE = Path(__file__).resolve().parent.parent / "sample_events" / "swiss-card-game-32-players.xlsx"
SHEET = "Standings after R3"
PRIZES = {24: 50, 7: "Booster box", 31: 12.5}  # by player ID: Cy Hale (1st), Ash Gale (2nd), Dee Gale (3rd)
EURO = '"€"#,##0'


@pytest.fixture
def event(tmp_path: Path, run) -> Path:
    """The 32-player sample with every result of round 3 in, and its `Standings after R3` written."""
    path = tmp_path / "swiss.xlsx"
    shutil.copy(SAMPLE, path)
    written = run("standings", path, "-q")
    assert (written.exit_code, written.stderr) == (0, "")
    return path


def add_prizes(path: Path, prizes: dict[int, Any] = PRIZES) -> None:
    """A `Prize` header in the first free column of the standings, and values beside players found by ID (the
    first one formatted as euros)."""
    book = openpyxl.load_workbook(path)
    sheet = book[SHEET]
    column = sheet.max_column + 1
    sheet.cell(row=1, column=column).value = "Prize"
    sheet.column_dimensions[openpyxl.utils.get_column_letter(column)].width = 21
    for row in range(2, sheet.max_row + 1):
        pid = sheet.cell(row=row, column=2).value
        if pid in prizes:
            cell = sheet.cell(row=row, column=column)
            cell.value = prizes[pid]
            if pid == 24:
                cell.number_format = EURO
    book.save(path)


def type_cells(path: Path, sheet_name: str, cells: dict[str, Any]) -> None:
    book = openpyxl.load_workbook(path)
    for reference, value in cells.items():
        book[sheet_name][reference].value = value
    book.save(path)


def flip_table_one(path: Path) -> None:
    """A corrected result: Round 3's table 1 (Cy Hale 2-0 Ash Gale) was really 0-2."""
    book = openpyxl.load_workbook(path)
    sheet = book["Round 3"]
    assert [sheet[f"D{r}"].value for r in (2, 3)] == ["Cy Hale", "Ash Gale"]
    sheet["E2"].value, sheet["E3"].value = 0, 2
    book.save(path)


def standings_cells(path: Path) -> tuple[list[Any], dict[int, list[Any]]]:
    """The standings sheet's headers, and each player's row of cells by ID."""
    sheet = openpyxl.load_workbook(path)[SHEET]
    rows = list(sheet.iter_rows())
    return [c.value for c in rows[0]], {row[1].value: list(row) for row in rows[1:] if row[1].value is not None}


def prizes_of(path: Path) -> dict[int, Any]:
    headers, rows = standings_cells(path)
    column = headers.index("Prize")
    return {pid: cells[column].value for pid, cells in rows.items() if cells[column].value is not None}


def backup_named(stdout: str) -> str:
    return re.search(r"\(backup: (.+)\)\.$", stdout.splitlines()[-1]).group(1)


def assert_check_clean(run, path: Path) -> None:
    checked = run("check", path)
    assert (checked.exit_code, checked.stdout.splitlines()[-1]) == (0, "0 error(s), 0 warning(s).")


def test_the_prize_column_survives_standings_beside_the_same_players_when_a_corrected_result_reorders(run, event):
    add_prizes(event)
    flip_table_one(event)
    _, before = standings_cells(event)
    result = run("standings", event)
    assert (result.exit_code, result.stderr) == (0, "")  # the standings changed by right: nothing to say
    headers, rows = standings_cells(event)
    assert headers == ["Rank", "ID", "Player", "Team", "MP", "OMW%", "GW%", "OGW%", "Status", "Prize"]
    assert prizes_of(event) == PRIZES
    assert before[24][0].value == 1 and rows[24][0].value != 1 and rows[7][0].value == 1  # the ranks changed
    prize = rows[24][headers.index("Prize")]
    assert (type(prize.value), prize.data_type, prize.number_format) == (int, "n", EURO)
    assert type(rows[31][headers.index("Prize")].value) is float
    assert openpyxl.load_workbook(event)[SHEET].column_dimensions["J"].width == 21  # as the TO widened it
    assert_check_clean(run, event)


def test_pair_rewrites_the_standings_with_the_prize_column_kept(run, event):
    add_prizes(event)
    flip_table_one(event)
    result = run("pair", event, "--no-reports")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines()[-1].startswith(f"Wrote Round 4 to {event} (backup: ")
    assert prizes_of(event) == PRIZES
    headers, rows = standings_cells(event)
    assert rows[7][0].value == 1 and rows[7][headers.index("Prize")].value == "Booster box"
    assert_check_clean(run, event)


def test_a_hand_changed_standings_value_and_notes_are_named_with_the_backup_that_has_them(run, event):
    add_prizes(event)
    _, rows = standings_cells(event)
    row = rows[11][0].row  # Bea Cole
    type_cells(event, SHEET, {f"E{row}": 99, f"I{row}": "paid entry", "A40": "Prize pool: 500"})
    result = run("standings", event)
    assert result.exit_code == 0
    backup = backup_named(result.stdout)
    assert result.stderr.splitlines() == [
        f'{SHEET}!E{row}: warning: sheetrunner rewrote this sheet, and 3 value(s) in it are not in the new one: '
        f'E{row} 99 (now 7), I{row} "paid entry", A40 "Prize pool: 500". They are in the backup {backup}. Type a '
        "note in a column of your own (a header sheetrunner does not write): it is kept beside the same player (or "
        "team) when the sheet is rewritten."]
    kept = openpyxl.load_workbook(event.parent / backup)[SHEET]
    assert (kept[f"E{row}"].value, kept[f"I{row}"].value, kept["A40"].value) == (99, "paid entry", "Prize pool: 500")
    assert prizes_of(event) == PRIZES
    assert_check_clean(run, event)


def test_written_elsewhere_the_workbook_read_still_has_what_was_replaced(run, event, tmp_path):
    type_cells(event, SHEET, {"A40": "Prize pool: 500"})
    result = run("standings", event, "-o", tmp_path / "copy.xlsx")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f'{SHEET}!A40: warning: sheetrunner rewrote this sheet, and 1 value(s) in it are not in the new one: A40 '
        '"Prize pool: 500". They are in swiss.xlsx, which this command did not change. Type a note in a column of '
        "your own (a header sheetrunner does not write): it is kept beside the same player (or team) when the sheet "
        "is rewritten."]
    assert openpyxl.load_workbook(event)[SHEET]["A40"].value == "Prize pool: 500"


def test_a_tiebreaker_taken_out_of_the_settings_goes_with_its_column_and_the_prize_stays(run, event):
    add_prizes(event)
    book = openpyxl.load_workbook(event)
    settings = book["Event"]
    row = next(r for r in range(1, settings.max_row + 1) if settings.cell(row=r, column=1).value == "Tiebreakers")
    settings.cell(row=row, column=2).value = "match_points, opponents_match_win_pct"
    book.save(event)
    result = run("standings", event)
    assert (result.exit_code, result.stderr) == (0, "")
    assert standings_cells(event)[0] == ["Rank", "ID", "Player", "Team", "MP", "OMW%", "Status", "Prize"]
    assert prizes_of(event) == PRIZES


def test_pair_redo_keeps_the_prize_column_of_the_standings_it_writes_again(run, event):
    assert run("pair", event, "--no-reports").exit_code == 0
    add_prizes(event)
    result = run("pair", event, "--redo", "--no-reports")
    assert (result.exit_code, result.stderr) == (0, "")
    assert prizes_of(event) == PRIZES
    assert_check_clean(run, event)


def rename_everywhere(path: Path, old: str, new: str) -> None:
    """A misspelt name corrected with Find and Replace in every sheet sheetrunner reads."""
    book = openpyxl.load_workbook(path)
    for sheet in (book[name] for name in book.sheetnames if name == "Players" or name.startswith("Round ")):
        for row in sheet.iter_rows():
            for cell in row:
                if cell.value == old:
                    cell.value = new
    book.save(path)


def test_a_prize_beside_a_player_the_new_standings_do_not_name_is_said_not_dropped(run, event):
    """With the ID column deleted the Prize is matched by name; a name corrected since matches no one."""
    add_prizes(event, {24: 50, 31: 12.5})
    book = openpyxl.load_workbook(event)
    book[SHEET].delete_cols(2)
    book.save(event)
    rename_everywhere(event, "Cy Hale", "Cy Hales")
    result = run("standings", event)
    assert result.exit_code == 0
    backup = backup_named(result.stdout)
    assert result.stderr.splitlines() == [
        f"{SHEET}!I2: warning: Prize 50 was beside Cy Hale, who is not in the new sheet, so it was not kept. "
        f"It is in the backup {backup}. Type it again beside the right row, if it still belongs to someone."]
    assert prizes_of(event) == {31: 12.5}
    assert_check_clean(run, event)


def test_a_standings_sheet_with_nothing_added_is_rewritten_without_a_word(run, event):
    result = run("standings", event)
    assert (result.exit_code, result.stderr) == (0, "")
    assert standings_cells(event)[0][-1] == "Status"


def test_a_season_table_written_again_keeps_the_prize_column_beside_the_same_players(run, tmp_path):
    from test_league import SETTINGS, build_season, make_season_workbook

    events = build_season(tmp_path)
    season = make_season_workbook(tmp_path / "season.xlsx", [e.name for e in events], SETTINGS,
                                  [("Katherine Ng", "Kate Ng")])
    assert run("league", season, "--no-reports").exit_code == 0
    book = openpyxl.load_workbook(season)
    sheet = book["Season standings"]
    assert [sheet[f"B{row}"].value for row in (2, 4)] == ["Ben Ode", "Ann Lee"]
    sheet["M1"], sheet["M2"], sheet["M4"] = "Prize", 100, "Mug"
    book.save(season)
    result = run("league", season, "--no-reports")
    assert (result.exit_code, result.stderr) == (0, "")
    rows = {row[1]: row for row in openpyxl.load_workbook(season)["Season standings"].iter_rows(values_only=True)}
    assert rows["Player"][-1] == "Prize" and rows["Player"][-2] == "Status"
    assert {name: row[-1] for name, row in rows.items() if row[-1] is not None and name != "Player"} == \
        {"Ben Ode": 100, "Ann Lee": "Mug"}


def put_formulas(path: Path) -> None:
    """Prize cells as Excel saves formulas: the formula with its last value (openpyxl writes no values)."""
    part = Workbook.read(path).package.sheet(SHEET).part
    with zipfile.ZipFile(path) as book:
        items = [(info, book.read(info)) for info in book.infolist()]
    cells = {1: b'<c r="J1" t="inlineStr"><is><t>Prize</t></is></c>', 2: b'<c r="J2"><f>40+10</f><v>50</v></c>',
             3: b'<c r="J3" t="str"><f>"Bo"&amp;"x"</f><v>Box</v></c>'}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        for info, data in items:
            if info.filename == part:
                for row, cell in cells.items():
                    data = re.sub(rb'(<row r="%d"[^>]*>.*?)(</row>)' % row, lambda m: m.group(1) + cell + m.group(2),
                                  data, count=1, flags=re.DOTALL)
            book.writestr(info, data)


def test_a_formula_in_the_prize_column_keeps_its_value_and_says_so(run, event):
    put_formulas(event)
    result = run("standings", event)
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"{SHEET}!J2: warning: 2 cell(s) of your columns held formulas (J2, J3); the new sheet keeps their last "
        "values, as a formula would point at another player's row once the standings change. The formulas are in "
        f"the backup {backup_named(result.stdout)}. Type a formula again if it should keep updating."]
    assert prizes_of(event) == {24: 50, 31: "Box"}
    assert_check_clean(run, event)
