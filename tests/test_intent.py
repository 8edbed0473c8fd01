"""Intent shown by formatting or by a near miss is questioned (issue 28): a Players row struck through or filled
red with no Dropped after, a Dropped after typed as the round the player will miss, and two names one letter
apart. Each is a warning at its cell; nothing is guessed and nothing typed changes."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import Color, Font, PatternFill

from builder import digest, make_event, round_rows
from sheetrunner.model.event import Player
from sheetrunner.validate.intent import _near_miss, _questioned, fold, near_misses, one_edit

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"
DRAKE = ("Players!B5: warning: Ash Drake is struck through but has no Dropped after: they will be paired in Round 4. "
         "If they have left, type the last round they played (3) under Dropped after; if they are still in, clear "
         "the strike-through.")
FROST = ("Players!B7: warning: Ash Frost is filled red but has no Dropped after: they will be paired in Round 4. If "
         "they have left, type the last round they played (3) under Dropped after; if they are still in, clear the "
         "red fill.")
HALE = ("Players!E9: warning: Ash Hale's Dropped after is 4, the round about to be paired: they will be paired in "
        "Round 4 and leave after it. If they leave before Round 4, type 3 under Dropped after; if they play it, "
        "nothing needs to change.")
CLEAN = "0 error(s), 0 warning(s).\n"


def played(tmp_path: Path) -> Path:
    """The 32-player card game with 3 rounds played (rows 5, 7, 9: Ash Drake, Ash Frost, Ash Hale)."""
    path = tmp_path / "event.xlsx"
    shutil.copy(SAMPLES / "swiss-card-game-32-players.xlsx", path)
    return path


def restyle(path: Path, row: int, columns: str = "ABCDEFG", font: Font | None = None,
            fill: PatternFill | None = None) -> None:
    """Format cells of a Players row as a TO would in Excel (values untouched)."""
    book = openpyxl.load_workbook(path)
    for column in columns:
        cell = book["Players"][f"{column}{row}"]
        if font is not None:
            cell.font = font
        if fill is not None:
            cell.fill = fill
    book.save(path)


def type_cells(path: Path, sheet: str, cells: dict[str, object]) -> None:
    book = openpyxl.load_workbook(path)
    for ref, value in cells.items():
        book[sheet][ref] = value
    book.save(path)


def players_values(path: Path) -> list[tuple]:
    book = openpyxl.load_workbook(path, read_only=True)
    values = [tuple(row) for row in book["Players"].iter_rows(values_only=True)]
    book.close()
    return values


def seated(path: Path, round_number: int) -> set[str]:
    rows = round_rows(path, round_number)
    return {row[rows[0].index("Player")] for row in rows[1:]}


def test_a_struck_through_row_is_questioned_and_paired_as_the_warning_says(tmp_path, run):
    path = played(tmp_path)
    restyle(path, 5, font=Font(strike=True))
    before, typed = digest(path), players_values(path)
    result = run("check", path)
    assert (result.exit_code, result.stdout) == (0, f"{DRAKE}\n0 error(s), 1 warning(s).\n")
    result = run("pair", path, "-o", tmp_path / "out.xlsx", "--no-reports")
    assert (result.exit_code, result.stderr) == (0, f"{DRAKE}\n")
    assert "Ash Drake" in seated(tmp_path / "out.xlsx", 4)
    assert digest(path) == before and players_values(tmp_path / "out.xlsx") == typed
    assert openpyxl.load_workbook(tmp_path / "out.xlsx")["Players"]["B5"].font.strike  # the TO's look is kept
    type_cells(path, "Players", {"E5": 3})
    assert run("check", path).stdout == CLEAN
    run("pair", path, "-o", tmp_path / "out2.xlsx", "--no-reports")
    assert "Ash Drake" not in seated(tmp_path / "out2.xlsx", 4)


@pytest.mark.parametrize("fill, questioned", [
    (PatternFill("solid", fgColor="FFFF0000"), True),  # Excel's standard Red
    (PatternFill("solid", fgColor="FFFFC7CE"), True),  # the pink of Excel's "Bad" cell style
    (PatternFill("solid", fgColor="FFC00000"), True),  # Dark Red
    (PatternFill("solid", fgColor=Color(theme=5, tint=0.3999755851924192)), True),  # this theme's red accent 2, 40 %
    (PatternFill("solid", fgColor=Color(indexed=10)), True),  # the legacy palette's red
    (PatternFill("solid", fgColor=Color(theme=5, tint=0.7999816888943144)), False),  # a pale band, not a mark
    (PatternFill("solid", fgColor="FFFFFF00"), False),  # a yellow highlight
    (PatternFill("solid", fgColor="FFFFC000"), False),  # orange
    (PatternFill("lightGray", fgColor="FFFF0000"), False),  # a pattern, not a fill
])
def test_a_row_filled_red_is_questioned_and_other_fills_are_not(tmp_path, run, fill, questioned):
    path = played(tmp_path)
    restyle(path, 7, fill=fill)
    expected = f"{FROST}\n0 error(s), 1 warning(s).\n" if questioned else CLEAN
    assert run("check", path).stdout == expected


def test_a_row_struck_through_after_its_round_was_posted_points_to_redo(tmp_path, run):
    path = played(tmp_path)
    run("pair", path, "--no-reports")  # Round 4 on the wall, no result yet
    restyle(path, 5, font=Font(strike=True))
    assert run("check", path).stdout == (
        "Players!B5: warning: Ash Drake is struck through but has no Dropped after: they are paired in Round 4, "
        "which has no results yet. If they have left, type the last round they played (3) under Dropped after and "
        "pair Round 4 again (`pair --redo`); if they are still in, clear the strike-through.\n"
        "0 error(s), 1 warning(s).\n")


def test_the_name_cell_alone_decides_and_one_other_cell_does_not(tmp_path, run):
    path = played(tmp_path)
    restyle(path, 5, "B", font=Font(strike=True))
    restyle(path, 7, "A", font=Font(strike=True))  # the ID alone: one of the row's two filled cells
    assert run("check", path).stdout == f"{DRAKE}\n0 error(s), 1 warning(s).\n"


def test_most_of_the_row_struck_counts_even_without_the_name_cell(tmp_path, run):
    path = played(tmp_path)
    type_cells(path, "Players", {"C5": "Red Dragons"})
    restyle(path, 5, "AC", font=Font(strike=True))  # ID and Team struck, Name not: two of three filled cells
    assert run("check", path).stdout == f"{DRAKE}\n0 error(s), 1 warning(s).\n"


def test_a_struck_row_with_dropped_after_and_a_struck_player_who_joins_later(tmp_path, run):
    path = played(tmp_path)
    type_cells(path, "Players", {"E5": 3, "A34": 33, "B34": "Eve Late", "F34": 5})
    restyle(path, 5, font=Font(strike=True))  # crossed off and dropped: both say the same
    restyle(path, 34, "ABF", font=Font(strike=True))  # a late entry for round 5, crossed off
    assert run("check", path).stdout == (
        "Players!B34: warning: Eve Late is struck through but has no Dropped after: they will be paired in Round 5. "
        "If they have left, type 0 under Dropped after; if they are still in, clear the strike-through.\n"
        "0 error(s), 1 warning(s).\n")


def test_dropped_after_the_round_about_to_be_paired_is_questioned_and_pair_says_who_leaves(tmp_path, run):
    path = played(tmp_path)
    type_cells(path, "Players", {"E9": 4})
    assert run("check", path).stdout == f"{HALE}\n0 error(s), 1 warning(s).\n"
    result = run("pair", path, "-o", tmp_path / "out.xlsx", "--no-reports")
    lines = result.stdout.splitlines()
    assert (result.exit_code, result.stderr) == (0, f"{HALE}\n")
    assert lines[-2:] == ["Dropping after this round: Ash Hale (Players!E9).",
                          f"Wrote Round 4 to {tmp_path / 'out.xlsx'}."]
    assert "Ash Hale" in seated(tmp_path / "out.xlsx", 4)
    assert players_values(tmp_path / "out.xlsx")[8][4] == 4  # typed, kept
    type_cells(path, "Players", {"E9": 3})
    result = run("pair", path, "-o", tmp_path / "out2.xlsx", "--no-reports")
    assert "Dropping" not in result.stdout and "Ash Hale" not in seated(tmp_path / "out2.xlsx", 4)


@pytest.mark.parametrize("rounds, dropped, plan", [
    (7, 5, "they will be paired in Rounds 4 to 5 and leave after Round 5"),
    (5, 5, "they will be paired in every round left (the event has 5)"),
])
def test_dropped_after_a_later_round_says_how_long_they_play(tmp_path, run, rounds, dropped, plan):
    path = played(tmp_path)
    type_cells(path, "Players", {"E9": dropped})
    type_cells(path, "Event", {"B4": rounds})
    assert run("check", path).stdout == (
        f"Players!E9: warning: Ash Hale's Dropped after is {dropped}, a round not paired yet: {plan}. If they leave "
        "before Round 4, type 3 under Dropped after; if they play it, nothing needs to change.\n"
        "0 error(s), 1 warning(s).\n")
    result = run("pair", path, "-o", tmp_path / "out.xlsx", "--no-reports")
    assert f"\nDropping after Round {dropped}: Ash Hale (Players!E9).\n" in result.stdout


def test_dropped_after_the_round_being_played_is_not_questioned(tmp_path, run):
    path = played(tmp_path)
    run("pair", path, "--no-reports")  # Round 4 posted; a player says they leave after it
    type_cells(path, "Players", {"E9": 4})
    assert run("check", path).stdout == CLEAN


def test_names_one_letter_apart_are_questioned_at_the_later_row(tmp_path, run):
    names = ["John Smith", "Ann Lee", "Jon Smith", "Anne Lee", "José Ruiz", "Jose Ruiz", "Tom Hale", "Tom Gale",
             "Li Wei A", "Li Wei B", "Player 12", "Player 13", "Mary Jnoes", "Mary Jones", "Bo Li", "Bo Lu"]
    path = make_event(tmp_path / "event.xlsx", names)

    def said(later: int, earlier: int, how: str = "differ by one letter") -> str:
        return (f'Players!B{later}: warning: "{names[later - 2]}" (row {later}) and "{names[earlier - 2]}" (row '
                f"{earlier}) {how}: they may be one person entered twice. If it is one person, delete one of the rows "
                "(or type a Dropped after in it); if they are two people, nothing needs to change.")
    result = run("check", path)
    assert (result.exit_code, result.stdout) == (0, "\n".join(
        [said(4, 2), said(5, 3), said(7, 6, "differ only in accents or spacing"),
         said(15, 14, "differ by two letters swapped"),
         "0 error(s), 4 warning(s).\n"]))


def test_the_deletion_index_finds_exactly_the_pairs_a_comparison_of_all_pairs_finds():
    rng = random.Random(28)
    names = sorted({" ".join("".join(rng.choice("abn") for _ in range(rng.randint(2, 4)))
                             for _ in range(2)) for _ in range(600)})
    players = [Player(number, name, row=number + 1, name_cell=f"B{number + 1}")
               for number, name in enumerate(names, start=1)]
    keys = [fold(name) for name in names]
    expected = [_near_miss(players[i], players[j], "Players", one_edit(keys[i], keys[j]))
                for j in range(len(keys)) for i in range(j)
                if one_edit(keys[i], keys[j]) is not None and _questioned(keys[i], keys[j], one_edit(keys[i], keys[j]))]
    assert len(expected) > 20
    assert near_misses(players, "Players") == expected


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.xlsx")))
def test_the_sample_events_raise_no_question(run, sample):
    output = run("check", SAMPLES / sample).stdout
    assert not any(phrase in output for phrase in ("struck through", "filled red", "Dropped after is",
                                                   "may be one person")), output


def test_cells_placed_by_their_order_alone_are_found_too():
    """Rows and cells may leave out their places (`r`); the marked cells are then counted in order."""
    from sheetrunner.workbook.xlsx.formatting import STRUCK, _cells_with

    xml = (b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
           b'<row><c><v>1</v></c></row><row><c s="3"><v>2</v></c><c s="3" t="inlineStr"><is><t>Ann</t></is></c>'
           b'<c s="1"><v>4</v></c></row></sheetData></worksheet>')
    assert _cells_with(xml, {3: STRUCK}) == {2: {1: STRUCK, 2: STRUCK}}
    placed = xml.replace(b'<row><c s="3">', b'<row r="7"><c r="B7" s="3">')  # the next cell, without r, is C7
    assert _cells_with(placed, {3: STRUCK}) == {7: {2: STRUCK, 3: STRUCK}}
    assert _cells_with(placed.replace(b'<c s="3" t', b'<c r="E7" s="3" t'), {3: STRUCK}) == {7: {2: STRUCK, 5: STRUCK}}
