"""Never lose data (§7): what the TO made survives, text stays text, backups are the original."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
from builder import digest, enter_results, make_event
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

TRICKY_NAMES = ['=HYPERLINK("http://x","y")', "+1", "-2", "@me"]


def decorate(path):
    """Add what a TO might: a formatted sheet with formulas and a drop-down, an unknown column."""
    book = openpyxl.load_workbook(path)
    notes = book.create_sheet("Notes", 0)
    notes["A1"], notes["A2"], notes["A3"] = 2, 3, "=SUM(A1:A2)"
    notes["B1"] = "Prize"
    notes["B1"].font = Font(bold=True, color="FF0000")
    notes["B1"].fill = PatternFill("solid", fgColor="FFFF00")
    notes.column_dimensions["B"].width = 33
    notes.merge_cells("C1:D2")
    rule = DataValidation(type="list", formula1='"Gold,Silver"')
    rule.add("B2")
    notes.add_data_validation(rule)
    players = book["Players"]
    players["D1"] = "Email"
    for row in range(2, players.max_row + 1):
        players.cell(row=row, column=4).value = f"p{row}@example.org"
    book.save(path)


def test_everything_the_to_made_survives_pairing(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", ["Alice", "Bob", "Carol", "Dan"])
    decorate(path)
    assert run("pair", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    notes = book["Notes"]
    assert book.sheetnames == ["Notes", "Event", "Players", "Round 1", "Log"]
    assert notes["A3"].value == "=SUM(A1:A2)" and notes["A3"].data_type == "f"
    assert notes["B1"].font.bold and notes["B1"].font.color.rgb == "00FF0000"
    assert notes["B1"].fill.fgColor.rgb == "00FFFF00"
    assert notes.column_dimensions["B"].width == 33
    assert [str(r) for r in notes.merged_cells.ranges] == ["C1:D2"]
    assert [(v.formula1, str(v.sqref)) for v in notes.data_validations.dataValidation] == [('"Gold,Silver"', "B2")]
    assert [c.value for c in book["Players"]["D"]] == ["Email"] + [f"p{r}@example.org" for r in range(2, 6)]


def test_backup_is_the_original_and_minus_o_leaves_it_alone(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", ["Alice", "Bob", "Carol", "Dan"])
    original = digest(path)
    copy = tmp_path / "copy.xlsx"
    assert run("pair", path, "-o", copy).exit_code == 0
    assert digest(path) == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy-backups", "copy-reports", "copy.xlsx", "e.xlsx"]
    assert [p.name for p in (tmp_path / "copy-backups").iterdir()] == ["last-written"]  # what was written, no backup
    assert run("pair", path).exit_code == 0
    backups = [p for p in (tmp_path / "e-backups").iterdir() if p.is_file()]
    assert len(backups) == 1 and digest(backups[0]) == original and backups[0].name.startswith("e.20")
    assert openpyxl.load_workbook(path).sheetnames == ["Event", "Players", "Round 1", "Log"]


def test_text_from_the_workbook_stays_text(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [])
    book = openpyxl.load_workbook(path)
    for index, name in enumerate(TRICKY_NAMES, start=1):
        book["Players"].append([index, name])
        book["Players"].cell(row=index + 1, column=2).data_type = "s"
    book.save(path)
    assert run("pair", path).exit_code == 0
    enter_results(path, 1, {name: (2, 1) for name in TRICKY_NAMES})
    assert run("pair", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    for title, column in (("Players", 2), ("Round 2", 4), ("Standings after R1", 3)):
        cells = [row[column - 1] for row in book[title].iter_rows(min_row=2)]
        assert sorted(c.value for c in cells) == sorted(TRICKY_NAMES)
        assert {c.data_type for c in cells} == {"s"}


def test_pairing_copies_of_one_workbook_gives_identical_sheets(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [f"Player {i}" for i in range(1, 12)], seed=99)
    twin = tmp_path / "twin.xlsx"
    shutil.copy(path, twin)
    for workbook in (path, twin):
        assert run("pair", workbook).exit_code == 0
        enter_results(workbook, 1, {f"Player {i}": (i % 5, i % 3) for i in range(1, 12)})
        assert run("pair", workbook).exit_code == 0

    def sheets(workbook):
        book = openpyxl.load_workbook(workbook)
        return {title: [[c.value for c in row] for row in book[title].iter_rows()]
                for title in book.sheetnames if title != "Log"}

    assert sheets(path) == sheets(twin)
    assert set(sheets(path)) == {"Event", "Players", "Round 1", "Standings after R1", "Round 2"}


def test_a_workbook_saved_by_libreoffice_is_read_and_written_in_place(tmp_path, run):
    """LibreOffice writes an empty drawing part for some sheets: that is not a picture to protect."""
    path = tmp_path / "event.xlsx"
    shutil.copy(Path(__file__).parent / "data" / "swiss-tp-saved-by-libreoffice.xlsx", path)
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Event", "Players", "Round 1", "Standings after R1", "Round 2", "Standings after R2",
                               "Round 3", "Standings after R3", "Round 4", "Log"]
