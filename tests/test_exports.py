"""The `standings --csv/--xlsx` exports are safe and spreadsheet-friendly (SPEC 7, issue 18): text never becomes
a formula, the CSV neutralises formula-like text as OWASP advises and carries a UTF-8 BOM, numbers keep their
types (30, not 30.0; TRUE/FALSE, not False)."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path

import openpyxl
import pandas
import pytest
from builder import make_event

from sheetrunner.commands.output import csv_field, write_xlsx_rows

ROOT = Path(__file__).resolve().parent.parent
BOM = b"\xef\xbb\xbf"
HYPERLINK = '=HYPERLINK("http://x","click")'
DDE = "=cmd|' /C calc'!A0"
HEADER = ["rank", "tied", "id", "name", "team", "dropped", "tp", "op", "sp", "opponents_op", "random"]
# Round 1 (table, player, OP, SP): every TP/OP/SP total differs, so the order needs no random draw.
ROUND_1 = [(1, HYPERLINK, 3, 20), (1, DDE, 0, 10), (2, "+1", 1, 15), (2, "-2", 1, 14),
           (3, "@me", 3, 12), (3, "\tTab", 0, 2), (4, "Çağla", 3, 1), (4, "Ann; Ben", 0, 0)]
# (name as the workbook reads it, ID, TP, OP, SP, opponents' OP) in rank order; the reader trims the tab.
EXPECTED = [(HYPERLINK, 1, 3, 3, 20, 0), ("@me", 5, 3, 3, 12, 0), ("Çağla", 7, 3, 3, 1, 0), ("+1", 3, 1, 1, 15, 1),
            ("-2", 4, 1, 1, 14, 1), (DDE, 2, 0, 0, 10, 3), ("Tab", 6, 0, 0, 2, 3), ("Ann; Ben", 8, 0, 0, 0, 3)]


@pytest.fixture
def hostile(tmp_path) -> Path:
    """An event whose player names look like formulas, stored as the string cells a TO types; the last player
    dropped after round 1."""
    names = [name for _, name, _, _ in ROUND_1]
    players = [(i, name, "@crew" if i == 1 else None, 1 if name == "Ann; Ben" else None)
               for i, name in enumerate(names, start=1)]
    path = make_event(tmp_path / "e.xlsx", players, [ROUND_1], player_headers=["ID", "Name", "Team", "Dropped after"])
    book = openpyxl.load_workbook(path)
    for sheet in book:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":  # openpyxl took the typed text for a formula
                    cell.data_type = "s"
    book.save(path)
    return path


def json_rows(run, path: Path) -> list[dict]:
    result = run("standings", path, "--no-write", "--json")
    assert result.exit_code == 0
    return json.loads(result.stdout)


def test_the_json_rows_are_what_the_exports_are_checked_against(run, hostile):
    rows = json_rows(run, hostile)
    assert [list(row) for row in rows] == [HEADER] * 8
    assert [(r["name"], r["id"], r["tp"], r["op"], r["sp"], r["opponents_op"]) for r in rows] == EXPECTED
    assert [r["team"] for r in rows] == ["@crew"] + [""] * 7
    assert [r["dropped"] for r in rows] == [False] * 7 + [True]


def test_the_xlsx_export_holds_text_as_string_cells_and_numbers_as_numbers(tmp_path, run, hostile):
    randoms = [row["random"] for row in json_rows(run, hostile)]
    target = tmp_path / "standings.xlsx"
    result = run("standings", hostile, "--no-write", "--xlsx", target, "-q")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["After round 1"]
    cells = [list(row) for row in book["After round 1"].iter_rows()]
    assert [cell.data_type for row in cells for cell in row if cell.data_type == "f"] == []
    values = [[cell.value for cell in row] for row in cells]
    assert values[0] == HEADER
    assert values[1:] == [[rank, False, pid, name, "@crew" if pid == 1 else None, pid == 8, tp, op, sp, opp, random]
                          for rank, (name, pid, tp, op, sp, opp), random in zip(range(1, 9), EXPECTED, randoms)]
    assert [[type(value).__name__ for value in row] for row in values[1:2]] == [
        ["int", "bool", "int", "str", "str", "bool", "int", "int", "int", "int", "int"]]
    assert [cell.data_type for cell in cells[1]] == ["n", "b", "n", "s", "s", "b", "n", "n", "n", "n", "n"]
    with zipfile.ZipFile(target) as package:
        sheet_xml = package.read("xl/worksheets/sheet1.xml").decode()
    assert sheet_xml.count("<f>") == 0 and sheet_xml.count("<f ") == 0


def test_the_csv_export_has_a_bom_and_neutralises_formula_like_text(tmp_path, run, hostile):
    randoms = [row["random"] for row in json_rows(run, hostile)]
    target = tmp_path / "standings.csv"
    result = run("standings", hostile, "--no-write", "--csv", target, "-q")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    raw = target.read_bytes()
    assert raw[:3] == BOM
    lines = raw[3:].decode("utf-8").split("\r\n")
    assert lines[0] == ",".join(HEADER)
    assert lines[1] == f'1,FALSE,1,"\'=HYPERLINK(""http://x"",""click"")",\'@crew,FALSE,3,3,20,0,{randoms[0]}'
    assert lines[6] == f"6,FALSE,2,'=cmd|' /C calc'!A0,,FALSE,0,0,10,3,{randoms[5]}"
    assert lines[8] == f'8,FALSE,8,"Ann; Ben",,TRUE,0,0,0,3,{randoms[7]}'
    assert lines[9:] == [""]
    cells = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert [row[3] for row in cells[1:]] == ["'" + HYPERLINK, "'@me", "Çağla", "'+1", "'-2", "'" + DDE, "Tab",
                                             "Ann; Ben"]
    assert [row[4] for row in cells[1:]] == ["'@crew"] + [""] * 7
    assert [row[:3] + row[5:10] for row in cells[1:]] == [
        [str(rank), "FALSE", str(pid), "TRUE" if pid == 8 else "FALSE", str(tp), str(op), str(sp), str(opp)]
        for rank, (_, pid, tp, op, sp, opp) in zip(range(1, 9), EXPECTED)]


def test_the_csv_writes_fractions_as_json_does(tmp_path, run):
    sample = ROOT / "sample_events" / "swiss-card-game-32-players.xlsx"
    rows = json_rows(run, sample)
    target = tmp_path / "standings.csv"
    assert run("standings", sample, "--no-write", "--csv", target, "-q").exit_code == 0
    lines = target.read_bytes().decode("utf-8-sig").split("\r\n")
    assert lines[:3] == ["rank,tied,id,name,team,dropped,match_points,opponents_match_win_pct,game_win_pct,"
                         "opponents_game_win_pct",
                         "1,FALSE,24,Cy Hale,,FALSE,9,0.518519,0.857143,0.521605",
                         "2,FALSE,31,Dee Gale,,FALSE,9,0.444444,0.75,0.444444"]
    assert (rows[0]["opponents_match_win_pct"], rows[1]["game_win_pct"], rows[0]["match_points"]) == (0.518519, 0.75, 9)


def test_encoding_utf_8_writes_no_bom(tmp_path, run, hostile):
    target = tmp_path / "standings.csv"
    assert run("standings", hostile, "--no-write", "--csv", target, "--encoding", "utf-8", "-q").exit_code == 0
    assert target.read_bytes()[:5] == b"rank,"


def test_an_encoding_that_cannot_hold_a_name_is_one_line(tmp_path, run, hostile):
    target = tmp_path / "standings.csv"
    result = run("standings", hostile, "--no-write", "--csv", target, "--encoding", "cp1252", "-q")
    assert result.exit_code == 3
    assert result.stderr == "standings.csv: could not be saved: 'ğ' cannot be written in cp1252; use --encoding " \
                            "utf-8-sig.\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]


def test_an_unknown_encoding_is_a_usage_error(tmp_path, run, hostile):
    result = run("standings", hostile, "--no-write", "--csv", tmp_path / "s.csv", "--encoding", "base64")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == ("Error: Invalid value for '--encoding': 'base64' is not an encoding; "
                                              "try utf-8-sig, utf-8 or cp1252.")


@pytest.mark.parametrize("value, field", [
    ("=1+2", "'=1+2"), ("+1", "'+1"), ("-2", "'-2"), ("@me", "'@me"),
    ("\tTab", "\"'\tTab\""), ("\rX", "\"'\rX\""),
    ('=1+2";=1+2', '"\'=1+2"";=1+2"'),  # OWASP's examples: quote, escape quotes, keep separators inside
    ("=1+2'\" ;,=1+2", '"\'=1+2\'"" ;,=1+2"'),
    ("a;b", '"a;b"'), ("a,b", '"a,b"'), ("line\nbreak", '"line\nbreak"'), ("Çağla", "Çağla"), ("", ""),
    (-3, "-3"), (-0.5, "-0.5"), (30, "30"), (30.0, "30"), (0.333333, "0.333333"), (True, "TRUE"), (False, "FALSE"), (None, ""),
])
def test_a_csv_field(value, field):
    assert csv_field(value) == field


def test_control_characters_in_text_reach_the_xlsx_as_excel_stores_them(tmp_path):
    """XML cannot hold most C0 characters: they are written as `_xHHHH_` (and a literal `_x0041_` protected),
    which Excel and calamine read back as the text that was there."""
    target = tmp_path / "s.xlsx"
    write_xlsx_rows([{"name": "A\x07B", "literal": "_x0041_", "team": ""}], target, "After round 1")
    frame = pandas.read_excel(target, engine="calamine", na_filter=False, dtype=str)
    assert frame.to_dict("records") == [{"name": "A\x07B", "literal": "_x0041_", "team": ""}]
