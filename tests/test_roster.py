"""Mirrors `sheetrunner/workbook/roster.py`: reading a roster CSV for `init --players`.

The module's rules: comma, semicolon or tab separated, with or without a UTF-8 BOM (and Excel's UTF-16 "Unicode
Text", and cp1252 "CSV"); the first line is a header when it names a column sheetrunner knows; one column without a
header is a plain list of names; names from a Name column or from First name + Last name; known columns read as
such, other headed columns kept, unheaded ones ignored; several columns but none of names is refused.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from sheetrunner.model.problems import EventError
from sheetrunner.workbook.roster import read_roster


def roster_file(tmp_path: Path, text: str, name: str = "roster.csv", encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(EventError) as caught:
        read_roster(path)
    return [str(problem) for problem in caught.value.problems]


def test_one_column_without_a_header_is_a_list_of_names_and_blank_lines_are_skipped(tmp_path):
    roster = read_roster(roster_file(tmp_path, "Ann\nBen\n\n  \nCat\n"))
    assert roster.players == [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}]
    assert roster.summary("roster.csv") == "Imported 3 player(s) from roster.csv: Name (a list of names, no header)."


def test_known_columns_are_read_other_headed_columns_kept_and_unheaded_ones_ignored(tmp_path):
    path = roster_file(tmp_path, "Name,Club,Deck,,Fixed table\nAnn,Red,Elves,x,3\nBen,,Goblins,,\n")
    roster = read_roster(path)
    assert roster.players == [{"name": "Ann", "team": "Red", "fixed_table": 3, "Deck": "Elves"},
                              {"name": "Ben", "team": None, "fixed_table": None, "Deck": "Goblins"}]
    assert (roster.used, roster.kept, roster.ignored) == (["Name", 'Team from "Club"', "Fixed table"], ["Deck"],
                                                          ["column 4 (no header)"])
    assert roster.summary("r.csv") == ('Imported 2 player(s) from r.csv: Name; Team from "Club"; Fixed table; '
                                       "kept as Players columns: Deck; ignored: column 4 (no header).")


def test_first_and_last_name_columns_make_the_name_semicolons_separate(tmp_path):
    roster = read_roster(roster_file(tmp_path, "First name;Last name;Faction\nAnn;Lee;Orks\nBen;;Elves\n;Solo;\n"))
    assert roster.players == [{"name": "Ann Lee", "First name": "Ann", "Last name": "Lee", "Faction": "Orks"},
                              {"name": "Ben", "First name": "Ben", "Faction": "Elves"},
                              {"name": "Solo", "Last name": "Solo"}]
    assert roster.used == ['Name from "First name" + "Last name"']
    assert roster.kept == ["First name", "Last name", "Faction"]  # kept for lists by last name (issue 31)


@pytest.mark.parametrize("first, last", [("Given name", "Surname"), ("Vorname", "Nachname"),
                                         ("prénom", "Nom de famille"), ("FIRSTNAME", "Family name")])
def test_first_and_last_name_headers_in_other_words_and_cases(tmp_path, first, last):
    roster = read_roster(roster_file(tmp_path, f"{first},{last}\nAnn,Lee\n"))
    assert roster.players == [{"name": "Ann Lee", first: "Ann", last: "Lee"}]


def test_a_name_column_wins_and_first_and_last_names_are_kept_beside_it(tmp_path):
    roster = read_roster(roster_file(tmp_path, "Name\tFirst\tSurname\nAnn Lee\tAnn\tLee\n"))
    assert roster.players == [{"name": "Ann Lee", "First": "Ann", "Surname": "Lee"}]
    assert (roster.used, roster.kept) == (["Name"], ["First", "Surname"])


def test_a_second_column_with_the_same_header_is_ignored(tmp_path):
    roster = read_roster(roster_file(tmp_path, "Name, name ,Team\nAnn,X,R\n"))
    assert roster.players == [{"name": "Ann", "team": "R"}]
    assert roster.ignored == ['"name" (a second column with that header)']


def test_rows_without_a_name_are_skipped(tmp_path):
    roster = read_roster(roster_file(tmp_path, "Name,Team\nAnn,R\n,B\n"))
    assert roster.players == [{"name": "Ann", "team": "R"}]


def test_a_utf8_bom_is_not_part_of_the_first_header(tmp_path):
    roster = read_roster(roster_file(tmp_path, "\ufeffName,Team\nÇağla,A\n"))
    assert roster.players == [{"name": "Çağla", "team": "A"}]


def test_excel_unicode_text_and_cp1252_csv_are_read(tmp_path):
    assert read_roster(roster_file(tmp_path, "Name\tTeam\r\nŁukasz\tA\r\n", "u.txt", "utf-16")).players == [
        {"name": "Łukasz", "team": "A"}]
    assert read_roster(roster_file(tmp_path, "Name\nZoë\n", "w.csv", "cp1252")).players == [{"name": "Zoë"}]


def test_several_columns_but_none_of_names_is_refused_naming_the_first_line(tmp_path):
    assert problems(roster_file(tmp_path, "Deck,Faction\nElves,Orks\n")) == [
        'roster.csv, line 1: No column holds the players\' names (the first line has "Deck", "Faction"). Head the '
        "column of names Name, or use First name and Last name columns."]


def test_bad_values_in_known_columns_are_all_listed_with_their_lines(tmp_path):
    assert problems(roster_file(tmp_path, "Name,Fixed table\nAnn,zero\nBen,-1\nCat,2\n")) == [
        'roster.csv, line 2: Fixed table needs a whole number, found "zero". Type the table number this player must '
        "always sit at, or leave it blank.",
        'roster.csv, line 3: Fixed table needs a whole number of at least 1, found "-1". Type the table number this '
        "player must always sit at, or leave it blank."]


def test_an_empty_file_has_no_players(tmp_path):
    assert problems(roster_file(tmp_path, "\n \n")) == [
        "roster.csv: The roster file has no players. Put one player per line."]


def test_a_workbook_or_a_binary_file_is_not_a_roster(tmp_path):
    workbook = tmp_path / "players.csv"
    workbook.write_bytes(b"PK\x03\x04rest of a zip")
    assert problems(workbook) == [
        "players.csv: The roster is a workbook, not a CSV file. Save its list of players as CSV (File > Save As > "
        "CSV UTF-8) and give that file to --players."]
    binary = tmp_path / "b.csv"
    binary.write_bytes(b"Ann\x00Ben")
    assert problems(binary) == [
        "b.csv: The roster is not a text (CSV) file. Give --players a CSV file: one player per line, or a Name "
        "column (File > Save As > CSV UTF-8 in Excel)."]


def test_a_missing_file_is_a_problem_not_a_traceback(tmp_path):
    assert problems(tmp_path / "gone.csv") == ["gone.csv: The roster file cannot be read: No such file or directory."]


# Names as a person reads them already (values.clean_text folds NFKC and drops format characters).
NAME = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cf", "Cs", "Zs", "Zl", "Zp"),
                             exclude_characters=',;"\''), min_size=1, max_size=12).filter(
    lambda name: unicodedata.normalize("NFKC", name) == name)


@settings(deadline=None, max_examples=60)
@given(st.lists(NAME, min_size=1, max_size=8))
def test_a_name_column_gives_back_every_name_in_order(tmp_path_factory, names):
    path = tmp_path_factory.mktemp("r") / "r.csv"
    path.write_text("Name,Team\n" + "".join(f"{name},T{i}\n" for i, name in enumerate(names)), encoding="utf-8")
    assert read_roster(path).players == [{"name": name, "team": f"T{i}"} for i, name in enumerate(names)]


def test_a_header_alone_is_refused_at_the_line_the_players_should_be(tmp_path):
    """A roster saved with its header and no names yet imports nobody: said, rather than an empty event."""
    path = tmp_path / "roster.csv"
    path.write_text("Name,Team\n", encoding="utf-8")
    with pytest.raises(EventError) as raised:
        read_roster(path)
    assert [str(p) for p in raised.value.problems] == [
        "roster.csv, line 2: The roster file has a header but no players under it. Type one player per line under "
        "the header, then run init again."]
