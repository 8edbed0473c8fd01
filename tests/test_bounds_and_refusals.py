"""Issue 29: every setting and count bounded alike in `init` and `check`; one rule for error values and unsaved
formulas in every sheet and column sheetrunner reads; and the smaller refusals (control characters in the CSV
export, a roster's quoted separators, damaged or invalid parts, duplicate sheet names, a missing style part, a
device as the output, the printed index's links, Ctrl-C while loading)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from builder import digest

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"
SWISS_TP = SAMPLES / "swiss-tp-16-players.xlsx"
TEAMS = SAMPLES / "swiss-teams-9-teams-of-3.xlsx"
TOP_8 = SAMPLES / "swiss-top-8-24-players.xlsx"


def copy(source: Path, folder: Path, name: str = "event.xlsx") -> Path:
    target = folder / name
    shutil.copyfile(source, target)
    return target


def patch_part(path: Path, change) -> Path:
    """Rewrite the workbook's zip member by member: `change(name, data)` gives the new bytes, or None to drop it."""
    members = []
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            members.append((info, change(info.filename, archive.read(info.filename))))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if data is not None:
                archive.writestr(info, data)
    return path


def set_cells(path: Path, sheet: str, cells: dict[str, object]) -> Path:
    book = openpyxl.load_workbook(path)
    for coordinate, value in cells.items():
        book[sheet][coordinate] = value
    book.save(path)
    return path


def event_cell(path: Path, label: str) -> str:
    """The Value cell of a setting in the Event sheet."""
    book = openpyxl.load_workbook(path, read_only=True)
    rows = list(book["Event"].iter_rows(values_only=True))
    book.close()
    return next(f"B{row}" for row, (name, *_) in enumerate(rows, start=1) if name == label)


# --- bounds: one declaration each, the same in init, check and `sheetrunner rulesets` ---------------------------

def test_a_team_size_beyond_any_team_match_is_refused_at_its_cell(tmp_path, run):
    """Team size 999,999,999 once made `check` use the machine's whole memory (MemoryError, exit 70, under a 4 GB
    limit); 33 boards is already beyond the bound, which is read before any team is built."""
    path = copy(TEAMS, tmp_path)
    before = digest(set_cells(path, "Event", {event_cell(path, "Team size"): 1000}))
    result = run("check", path)
    assert result.exit_code == 1
    assert (f"Event!{event_cell(path, 'Team size')}: Team size needs none or a whole number from 2 to 32, found 1000. "
            "Type none, or a number of players such as 8 (at most 32).") in result.output
    assert digest(path) == before


@pytest.mark.parametrize("option, too_big, at_bound, label", [
    ("--team-size", 99999999999, 32, "Team size"),
    ("--rounds", 99999999999, 200, "Rounds"),
    ("--seed", 99999999999, 999999999, "Random seed"),
    ("--top-cut", 99999999999, 1024, "Top cut"),
])
def test_init_takes_exactly_what_check_takes(tmp_path, run, option, too_big, at_bound, label):
    """`init --team-size 99999999999` once wrote a workbook its own `check` refused; now the option's range is the
    setting's (one declaration), so init refuses it and writes nothing, and the bound itself passes `check`."""
    refused = run("init", tmp_path / "big.xlsx", "--ruleset", "swiss", option, too_big)
    assert refused.exit_code == 2 and not (tmp_path / "big.xlsx").exists()
    assert f"{too_big} is not in the range" in refused.output
    made = run("init", tmp_path / "edge.xlsx", "--ruleset", "swiss", option, at_bound)
    assert made.exit_code == 0
    checked = run("check", tmp_path / "edge.xlsx")
    assert f"{label} needs" not in checked.output
    assert openpyxl.load_workbook(tmp_path / "edge.xlsx")["Event"][event_cell(tmp_path / "edge.xlsx", label)].value \
        == at_bound


def test_the_listing_states_every_bound(run):
    listed = run("rulesets").stdout
    assert "    Rounds = (required)  (a whole number from 1 to 200): " in listed
    assert "    Top cut = none  (none, or a whole number from 2 to 1024): " in listed
    assert "    Team size = none  (none, or a whole number from 2 to 32): " in listed
    assert listed.endswith("In every sheet a name (Players' Name and Team) is at most 200 characters, any other "
                           "text at most 32,767 (Excel's limit for a cell), a whole number at most 999,999,999 where "
                           "no smaller range is listed.\n")


def test_a_name_longer_than_a_name_is_refused_at_its_cell(tmp_path, run):
    path = copy(SWISS_TP, tmp_path)
    book = openpyxl.load_workbook(path)
    book["Players"].append([None, "Z" * 201])
    book.save(path)
    result = run("check", path)
    assert result.exit_code == 1
    assert "Players!B18: Name has 201 characters, more than the 200 it may hold. Type the player's name." \
        in result.output


def test_a_roster_name_beyond_a_cell_is_never_written(tmp_path, run):
    """Names over 32,767 characters (Excel's cell limit) were written into the new workbook, cut when opened."""
    roster = tmp_path / "roster.csv"
    roster.write_text("First name,Last name,Deck\nBob,Smith," + "x" * 40000 + "\nAl," + "B" * 300 + ",Elves\n",
                      encoding="utf-8")
    result = run("init", tmp_path / "new.xlsx", "--ruleset", "swiss", "--players", roster)
    assert result.exit_code == 1 and not (tmp_path / "new.xlsx").exists()
    assert "roster.csv, line 2: Deck has 40,000 characters, more than the 32,767 it may hold. Shorten it, or leave " \
           "the column out." in result.output
    assert "roster.csv, line 3: Name has 303 characters, more than the 200 it may hold. Type the player's name." \
        in result.output


@pytest.mark.parametrize("typed, named", [("²", "a superscript two"), ("٣", "an arabic-indic digit three")])
def test_a_digit_look_alike_is_no_board(tmp_path, run, typed, named):
    """`²` was read as board 2 (the text folding made it "2"): a look-alike is refused by name, as in every number."""
    path = copy(TEAMS, tmp_path)
    set_cells(path, "Players", {"H3": typed})
    result = run("check", path)
    assert result.exit_code == 1
    assert (f'Players!H3: Board needs a number in the digits 0-9, found "{typed}" ("{typed}" is {named}, not a '
            "digit). Type the board this player holds in their team (1 is the first board; A, B, C work too), or "
            "leave it blank for a substitute.") in result.output


def test_a_digit_look_alike_is_no_table_and_no_player_id(tmp_path, run):
    path = copy(SWISS_TP, tmp_path)
    set_cells(path, "Round 3", {"A2": "²"})
    book = openpyxl.load_workbook(path)
    penalties = book["Penalties"]  # the sample's, as init wrote it: headed, empty
    penalties.append([1, "³", "warning", None, None])
    book.save(path)
    result = run("check", path)
    assert 'Round 3!A2: Table needs a number in the digits 0-9, found "²" ("²" is a superscript two, not a digit). ' \
           "Type the table's number in the digits 0-9." in result.output
    assert 'Penalties!B2: Player needs a number in the digits 0-9, found "³" ("³" is a superscript three, not a ' \
           "digit). Type the player's name as in Players, or their ID." in result.output


# --- one rule for error values and formulas without a saved value -------------------------------------------

def played_event(folder: Path) -> Path:
    """The swiss-tp sample with every kind of column sheetrunner reads: a soft score (Painting), a report column
    (Faction) and a Penalties sheet."""
    path = copy(SWISS_TP, folder, "played.xlsx")
    book = openpyxl.load_workbook(path)
    for label, value in (("Soft scores", "Painting"), ("Report columns", "Faction")):
        book["Event"][event_cell(path, label)] = value
    players = book["Players"]
    players["H1"], players["I1"] = "Painting", "Faction"
    for row in range(2, players.max_row + 1):
        players.cell(row, 8).value, players.cell(row, 9).value = 3, "Orks"
    penalties = book["Penalties"]  # the sample's, as init wrote it: headed, empty
    penalties.append([1, players["B2"].value, "point deduction", 1, "late"])
    book.save(path)
    return path


def cells_read(source: Path, sheets: tuple[str, ...], extra: dict[str, list[str]] = ()) -> list[tuple]:
    """(sheet, cell, what the message calls it) for every column of every sheet named, on its first row; the
    Event sheet's every value. `extra` adds headers the test puts in (sheet -> headers after the last)."""
    book = openpyxl.load_workbook(source, read_only=True)
    found = []
    for title in sheets:
        rows = list(book[title].iter_rows(values_only=True))
        if title == "Event":
            found += [(title, f"B{number}", row[0]) for number, row in enumerate(rows, start=1) if number > 1]
            continue
        headers = [header for header in rows[0] if header is not None] + list(dict(extra).get(title, ()))
        found += [(title, f"{openpyxl.utils.get_column_letter(index)}2", header)
                  for index, header in enumerate(headers, start=1)]
    book.close()
    return found


PENALTY_HEADERS = ("Round", "Player", "Kind", "Points", "Note")
PLAYED = cells_read(SWISS_TP, ("Event", "Players", "Round 1", "Round 2", "Round 3"),
                    {"Players": ["Painting", "Faction"]}) + \
    [("Penalties", f"{letter}2", header) for letter, header in zip("ABCDE", PENALTY_HEADERS)]
TEAM_CELLS = [cell for cell in cells_read(TEAMS, ("Players", "Round 1")) if cell[0] == "Round 1" or cell[2] == "Board"]
PLAYOFF_CELLS = cells_read(TOP_8, ("Top 8", "Final"))


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    return played_event(tmp_path_factory.mktemp("played"))


def broken(source: Path, folder: Path, sheet: str, cell: str, value: str) -> Path:
    path = copy(source, folder)
    return set_cells(path, sheet, {cell: value})


def said_at(result, sheet: str, cell: str) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith(f"{sheet}!{cell}: ")]


@pytest.mark.parametrize("sheet, cell, what", PLAYED, ids=[f"{s}!{c}" for s, c, _ in PLAYED])
def test_an_error_value_anywhere_in_a_played_event_is_an_error_at_its_cell(tmp_path, run, played, sheet, cell, what):
    """#N/A (an error cell, as Excel saves a lookup that found nothing) in any column sheetrunner reads: an error
    at that cell naming #N/A; never read as blank (a soft score counting 0, a report column printed empty, a
    row's note lost) nor called empty. Nothing is written."""
    path = broken(played, tmp_path, sheet, cell, "#N/A")
    before = digest(path)
    result = run("check", path)
    assert result.exit_code == 1
    assert said_at(result, sheet, cell) == [f"{sheet}!{cell}: {what} holds the error #N/A. Correct the formula, or "
                                            "type the value."]  # one cause, one message
    assert digest(path) == before


@pytest.mark.parametrize("source, sheet, cell, what",
                         [(TEAMS, *cell) for cell in TEAM_CELLS] + [(TOP_8, *cell) for cell in PLAYOFF_CELLS],
                         ids=[f"teams-{s}!{c}" for s, c, _ in TEAM_CELLS] +
                         [f"top8-{s}!{c}" for s, c, _ in PLAYOFF_CELLS])
def test_an_error_value_in_team_and_playoff_sheets_is_an_error_at_its_cell(tmp_path, run, source, sheet, cell, what):
    """The team event's Board, Team match and Team columns, and a top cut's match sheets, under the same rule: one
    message at the cell (the team checks say nothing more of a cell they cannot read)."""
    result = run("check", broken(source, tmp_path, sheet, cell, "#REF!"))
    assert result.exit_code == 1
    assert said_at(result, sheet, cell) == [f"{sheet}!{cell}: {what} holds the error #REF!. Correct the formula, "
                                            "or type the value."]


@pytest.mark.parametrize("sheet, cell, what", [
    ("Event", "B3", "Ruleset"), ("Event", "B4", "Rounds"), ("Players", "B2", "Name"), ("Players", "H2", "Painting"), ("Players", "I2", "Faction"),
    ("Round 3", "A2", "Table"), ("Round 3", "D2", "Player"), ("Round 3", "G2", "Note"), ("Penalties", "B2", "Player"),
    ("Penalties", "D2", "Points")])
def test_a_formula_with_no_saved_value_is_said_as_such(tmp_path, run, played, sheet, cell, what):
    """A formula written by a program that does not calculate has no value to read: said at its cell."""
    result = run("check", broken(played, tmp_path, sheet, cell, "=1+1"))
    assert result.exit_code == 1
    assert said_at(result, sheet, cell) == [f"{sheet}!{cell}: {what} holds a formula whose value was never saved. "
                                            "Open the workbook in Excel or LibreOffice and save it, so the value is "
                                            "stored."]


@pytest.mark.parametrize("sheet, column, what", [("Players", 2, "Name"), ("Penalties", 2, "Player"),
                                                 ("Round 3", 2, "Seat"), ("Event", 1, "Setting")])
def test_a_row_holding_only_an_error_is_not_an_empty_row(tmp_path, run, played, sheet, column, what):
    """A roster row whose Name is a lookup gone #N/A was skipped as empty: the player silently missing."""
    path = copy(played, tmp_path)
    book = openpyxl.load_workbook(path)
    row = book[sheet].max_row + 1
    book[sheet].cell(row, column).value = "#N/A"
    book.save(path)
    result = run("check", path)
    cell = f"{openpyxl.utils.get_column_letter(column)}{row}"
    assert result.exit_code == 1
    assert said_at(result, sheet, cell) == [f"{sheet}!{cell}: {what} holds the error #N/A. Correct the formula, or "
                                            "type the value."]


def test_an_error_in_a_header_is_named(tmp_path, run, played):
    result = run("check", broken(played, tmp_path, "Players", "H1", "#N/A"))
    assert "Players!H1: Column H has values (from H2) but its header holds the error #N/A, so sheetrunner does not " \
           "read them." in result.output


# --- the smaller items ------------------------------------------------------------------------------------------

def test_the_csv_export_never_holds_raw_control_characters(tmp_path, run):
    """ESC, BEL and NUL in names (an xlsx stores them as _x001B_ …) were written raw into `standings --csv`: a
    `cat` of the file ran the escape sequence. They are written as the console shows them."""
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\nAda\nBob\x1b[31mRed\nCy\x07\nDee\n", encoding="utf-8")
    assert run("init", tmp_path / "e.xlsx", "-r", "swiss", "-p", roster).exit_code == 0
    patch_part(tmp_path / "e.xlsx", lambda name, data: data.replace(b">Ada<", b">Ada_x0000_Lovelace<")
               if name.startswith("xl/worksheets/") else data)
    result = run("standings", tmp_path / "e.xlsx", "--csv", tmp_path / "out.csv")
    assert result.exit_code == 0
    written = (tmp_path / "out.csv").read_bytes()
    assert not re.search(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", written)
    for name in (rb"Ada\x00Lovelace", rb"Bob\x1b[31mRed", rb"Cy\x07"):
        assert b"," + name + b"," in written


def test_a_quoted_name_holding_the_other_separator_keeps_the_columns(tmp_path, run):
    """`Name;Team` with `"A; B; C"` quoted: csv.Sniffer guessed no separator and the roster became one column."""
    roster = tmp_path / "roster.csv"
    roster.write_bytes(b'Name;Team\r\nRed;"A; B; C"\r\nBlue;"D; E"\r\n')
    result = run("init", tmp_path / "e.xlsx", "-r", "swiss", "-p", roster)
    assert result.exit_code == 0
    sheet = openpyxl.load_workbook(tmp_path / "e.xlsx")["Players"]
    rows = list(sheet.iter_rows(min_row=2, max_col=3, values_only=True))
    assert rows == [(1, "Red", "A; B; C"), (2, "Blue", "D; E")]


UNKNOWN = b'<?xml version="1.0" encoding="x-unknown"?>'
MAIN_NS = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


@pytest.mark.parametrize("part, change, message", [
    ("xl/worksheets/sheet1.xml", lambda data: UNKNOWN + data, "the part xl/worksheets/sheet1.xml declares an "
     "encoding that no spreadsheet writes and sheetrunner cannot read"),
    ("xl/worksheets/sheet9.xml", lambda data: data.replace(MAIN_NS, b'xmlns="http://example.com/other"', 1),
     'the part xl/worksheets/sheet9.xml, listed as the worksheet "Log", is not a worksheet part (its root element '
     "is in the namespace http://example.com/other, not in the spreadsheet one)"),
    ("xl/worksheets/sheet4.xml", lambda data: data.replace(b"<worksheet ", b"<chartsheet ", 1)
     .replace(b"</worksheet>", b"</chartsheet>"), 'the part xl/worksheets/sheet4.xml, listed as the worksheet '
     '"Round 1", is not a worksheet part (its root element is <chartsheet>, not <worksheet>)'),
    ("xl/styles.xml", lambda data: data.replace(b"<styleSheet ", b"<sst ", 1).replace(b"</styleSheet>", b"</sst>"),
     "the part xl/styles.xml, listed as the workbook's styles, is not a styleSheet part (its root element is <sst>, "
     "not <styleSheet>)"),
    ("xl/workbook.xml", lambda data: data.replace(b'name="Standings after R2"', b'name="Standings after R1"'),
     'two sheets are named "Standings after R1" in xl/workbook.xml (Excel allows a name once)'),
])
@pytest.mark.parametrize("command", ["check", "pair"])
def test_a_well_formed_part_of_the_wrong_kind_is_damage_never_copied(tmp_path, run, part, change, message, command):
    """An unknown encoding and a Log in another namespace were exit 70 (a bug); a sheet whose root is not a
    worksheet, a styles part that is no style sheet and two sheets of one name were read, and copied into the
    written workbook, which Excel then had to repair. Each is named; nothing is written."""
    path = patch_part(copy(SWISS_TP, tmp_path), lambda name, data: change(data) if name == part else data)
    before = digest(path)
    result = run(command, path)
    assert result.exit_code == 1
    assert f"event.xlsx: The workbook is damaged: {message}. Open it in Excel or LibreOffice, which may repair it, " \
           "and save it again; or use a copy you kept." in result.output
    assert digest(path) == before and not (tmp_path / "event-backups").exists()


def test_a_workbook_without_styles_is_written_with_no_dangling_style(tmp_path, run):
    """Its cells name styles (s="3"); the style part made for it has as many, so none dangles in the written file."""
    path = patch_part(copy(SWISS_TP, tmp_path), lambda name, data: None if name == "xl/styles.xml" else data)
    assert run("pair", path, "--no-reports").exit_code == 0
    with zipfile.ZipFile(path) as archive:
        styles = archive.read("xl/styles.xml")
        formats = re.search(rb"<cellXfs[^>]*>(.*?)</cellXfs>", styles, re.S).group(1).count(b"<xf ")
        used = max(int(index) for name in archive.namelist() if name.startswith("xl/worksheets/")
                   for index in re.findall(rb'\ss(?:tyle)?="(\d+)"', archive.read(name)))
    assert used >= 3 and used < formats
    assert run("check", path).exit_code == 0


def test_a_device_is_no_output_file(tmp_path, run):
    """`-o /dev/stdout` (a pipe) said "the workbook's folder is gone"; redirected to a file it wrote a workbook
    there, with a backups folder beside it. A device or a pipe is refused before any work."""
    path = copy(SWISS_TP, tmp_path)
    before = digest(path)
    result = run("pair", path, "--no-reports", "-o", "/dev/stdout")
    assert result.exit_code == 3
    assert "stdout: /dev/stdout is a device or a pipe, not a workbook file: sheetrunner cannot write a workbook to " \
           "it. Choose a file name ending in .xlsx." in result.output
    os.mkfifo(tmp_path / "pipe.xlsx")
    piped = run("pair", path, "--no-reports", "-o", tmp_path / "pipe.xlsx")
    assert piped.exit_code == 3 and "is a device or a pipe, not a workbook file" in piped.output
    assert digest(path) == before


def test_ctrl_c_while_the_command_loads_is_one_line(tmp_path):
    """Ctrl-C in the first ~50 ms (the command still importing its modules) printed a KeyboardInterrupt traceback.
    The interrupt is sent right after the package is imported, before the command line is: deterministic, no
    timing. The process is the command's own (its argv[0] is `sheetrunner`)."""
    code = ("import os, signal, sys; sys.argv[0] = 'sheetrunner'; import sheetrunner; "
            "os.kill(os.getpid(), signal.SIGINT); from sheetrunner.commands.cli import main; main()")
    ended = subprocess.run([sys.executable, "-c", code, "check", str(tmp_path / "none.xlsx")], capture_output=True,
                           text=True, cwd=tmp_path)
    assert (ended.returncode, ended.stderr, ended.stdout) == (
        130, "Interrupted before any work began; nothing was written.\n", "")


def test_a_library_import_keeps_its_own_ctrl_c():
    """Only the command installs the early handler: a program importing sheetrunner still gets KeyboardInterrupt."""
    code = ("import os, signal, sheetrunner.api\ntry:\n    os.kill(os.getpid(), signal.SIGINT)\n"
            "    signal.pause() if hasattr(signal, 'pause') else None\nexcept KeyboardInterrupt:\n    print('own')")
    ended = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (ended.returncode, ended.stdout) == (0, "own\n")


@pytest.mark.slow
def test_the_printed_index_names_no_folder_of_the_tos(tmp_path, run):
    """index.pdf's links were file:// URIs of the folder it was printed in (the TO's own folders): by name only."""
    from sheetrunner.reports.printing import find_browser

    if find_browser() is None:
        pytest.skip("no Chromium to print with")
    path = copy(SWISS_TP, tmp_path)
    assert run("report", path, "--pdf").exit_code == 0
    pdfs = list((tmp_path / "event-reports").rglob("*.pdf"))
    assert any(pdf.name == "index.pdf" for pdf in pdfs)
    for pdf in pdfs:
        data = pdf.read_bytes()
        assert str(tmp_path).encode() not in data and b"file://" not in data


@pytest.mark.parametrize("name", ["spring.ods", "spring.xls", "spring.csv", "spring"])
def test_a_new_workbook_is_never_written_under_another_format_s_name(tmp_path, run, name):
    """issue 29: `init x.ods` wrote an xlsx named .ods, which a spreadsheet refuses to open; so did `-o`."""
    made = run("init", tmp_path / name, "--ruleset", "swiss")
    assert (made.exit_code, made.stderr.splitlines()) == (3, [
        f"{name}: sheetrunner writes an Excel workbook, so it cannot name it {name}: a spreadsheet would refuse to "
        f"open it. Name it spring.xlsx.", "Error: Nothing was written."])
    assert list(tmp_path.iterdir()) == []
    path = Path(shutil.copy(SAMPLES / "swiss-tp-16-players.xlsx", tmp_path / "e.xlsx"))
    copied = run("pair", path, "--no-reports", "-o", tmp_path / name)
    assert copied.exit_code == 3 and not (tmp_path / name).exists()


def test_a_date_cell_holding_a_number_no_date_can_be_is_named_at_its_cell(tmp_path, run, played):
    """A date or time cell holding -1e20 (Excel shows ####) made the spreadsheet reader panic, a traceback: it is
    an error at the cell, and nothing is written. Found by the robustness test on Python 3.10."""
    path = copy(played, tmp_path)
    book = openpyxl.load_workbook(path)
    book["Players"]["B3"].value, book["Players"]["B3"].number_format = -1e20, "hh:mm"
    book.save(path)
    before = digest(path)
    result = run("check", path)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Players!B3: A cell formatted as a date or time holds a number no date can be, so the sheet cannot be read. "
        "Type a real date or time there, or clear the cell (Excel shows it as ####).", "1 error(s), 0 warning(s)."]
    assert digest(path) == before
