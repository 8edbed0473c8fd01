"""Issue 28: copies of one event travel by e-mail. An older copy saved over the workbook is named, never paired
over; `merge` brings copies together, conflicts named cell by cell; `diff` says what differs, in a TO's words."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
from builder import digest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_events" / "swiss-card-game-32-players.xlsx"  # 3 of 5 rounds played, every result in


def posted(tmp_path: Path, name: str = "spring.xlsx") -> Path:
    """The sample with Round 4 paired by sheetrunner, its results not yet typed."""
    path = Path(shutil.copy(SAMPLE, tmp_path / name))
    return path


def pair(run, path: Path, *more) -> None:
    result = run("pair", path, "--no-reports", "-q", *more)
    assert result.exit_code == 0, result.output


def type_games(path: Path, number: int, tables, wins=(2, 1)) -> dict[str, int]:
    """Type `Games won` for the tables of round `number` (seat 1 wins 2-1 by default); returns what was typed,
    by player name."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {number}"]
    typed = {}
    for row in sheet.iter_rows(min_row=2):
        if row[0].value in tables:
            row[4].value = wins[row[1].value - 1]
            typed[row[3].value] = row[4].value
    book.save(path)
    return typed


def games_won(path: Path, number: int) -> dict[str, object]:
    sheet = openpyxl.load_workbook(path)[f"Round {number}"]
    return {row[3]: row[4] for row in sheet.iter_rows(min_row=2, values_only=True) if row[3] is not None}


def log_commands(path: Path) -> list[str]:
    return [row[1] for row in openpyxl.load_workbook(path)["Log"].iter_rows(min_row=2, values_only=True)]


# --- sheetrunner remembers what it wrote -------------------------------------------------------------------------


def test_an_older_copy_saved_over_the_workbook_is_named_and_never_paired_over(tmp_path, run):
    path = posted(tmp_path)
    assistant = Path(shutil.copy(path, tmp_path / "assistant.xlsx"))  # mailed before Round 4 was posted
    pair(run, path)
    shutil.copy(assistant, path)  # the assistant's copy comes back and is saved over the workbook
    before = digest(path)
    expected = ("Round 4: The workbook has no Round 4 sheet, but sheetrunner wrote one (pair, {time}). This looks "
                "like an older copy saved over the workbook. The file sheetrunner wrote is kept as "
                "spring-backups/last-written/spring.xlsx: go on in it (`sheetrunner diff` shows what this copy holds "
                "that it does not; `sheetrunner merge` brings that in while both are at one round), or, to go on from "
                "this copy on purpose, run the command with --from-older-copy.")
    time = (tmp_path / "spring-backups" / "last-written" / "record.json").read_text().split('"time": "')[1][:19]
    checked = run("check", path)
    assert (checked.exit_code, checked.stdout.splitlines()) == (1, [expected.format(time=time),
                                                                     "1 error(s), 0 warning(s)."])
    refused = run("pair", path, "--no-reports")
    assert refused.exit_code == 1 and expected.format(time=time) in refused.stderr
    assert run("standings", path).exit_code == 1
    assert digest(path) == before  # nothing written
    assert not (tmp_path / "spring-reports").exists()


def test_going_on_from_an_older_copy_on_purpose_is_said_in_the_log(tmp_path, run):
    path = posted(tmp_path)
    assistant = Path(shutil.copy(path, tmp_path / "assistant.xlsx"))
    pair(run, path)
    shutil.copy(assistant, path)
    result = run("pair", path, "--no-reports", "--from-older-copy")
    assert result.exit_code == 0
    assert "Round 4: warning: The workbook has no Round 4 sheet, but sheetrunner wrote one" in result.output
    assert log_commands(path)[-1] == "pair --from-older-copy"
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]  # the new record is this file


def test_results_lost_by_an_older_copy_are_listed_by_cell(tmp_path, run):
    path = posted(tmp_path)
    pair(run, path)
    scorekeeper = Path(shutil.copy(path, tmp_path / "scorekeeper.xlsx"))  # Round 4 posted, nothing typed yet
    typed = type_games(path, 4, range(1, 17))
    assert run("standings", path).exit_code == 0  # sheetrunner now holds the 32 results of Round 4
    shutil.copy(scorekeeper, path)
    checked = run("check", path)
    assert checked.exit_code == 1
    first = checked.stdout.splitlines()[0]
    assert first.startswith("Round 4!E2: 32 value(s) of Round 4 are missing or different here compared with the "
                            "workbook sheetrunner wrote (standings, ")
    assert "): Cy Hale (ID 24), Games won: blank here, 2 when written; Dee Gale (ID 31), Games won: blank here, " \
           "1 when written;" in first
    assert "(and 28 more)." in first
    assert len(typed) == 32


def test_the_workbook_edited_after_a_write_is_trusted(tmp_path, run):
    """Clearing a result on purpose, in the file sheetrunner wrote, is the TO's edit: not an older copy."""
    path = posted(tmp_path)
    pair(run, path)
    type_games(path, 4, range(1, 17))
    assert run("standings", path).exit_code == 0
    type_games(path, 4, [3], wins=(None, None))  # typed at the wrong table: cleared
    assert run("check", path).stdout.splitlines() == [
        "Round 4: warning: 15 of 16 tables have results so far. The standings leave this round out until every "
        "result is in.", "0 error(s), 1 warning(s)."]


def test_another_event_saved_at_the_same_path_is_not_held_to_the_record(tmp_path, run):
    path = posted(tmp_path)
    pair(run, path)
    shutil.copy(ROOT / "sample_events" / "swiss-tp-16-players.xlsx", path)
    assert run("check", path).exit_code == 0


def test_a_copy_that_lacks_nothing_is_not_an_older_copy(tmp_path, run):
    """A copy made before `standings` ran, with the round's results typed in it: older by its Log, but it lacks
    nothing sheetrunner wrote."""
    path = posted(tmp_path)
    pair(run, path)
    copy = Path(shutil.copy(path, tmp_path / "copy.xlsx"))
    type_games(path, 4, range(1, 9))
    assert run("standings", path, "--no-write").exit_code == 0
    type_games(copy, 4, range(1, 17))
    shutil.copy(copy, path)
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]


# --- diff -------------------------------------------------------------------------------------------------------


def test_diff_of_identical_and_of_sorted_copies_agree(tmp_path, run):
    path = posted(tmp_path)
    same = Path(shutil.copy(path, tmp_path / "same.xlsx"))
    result = run("diff", path, same)
    assert (result.exit_code, result.stdout) == (0, "spring.xlsx and same.xlsx hold the same event values.\n")
    book = openpyxl.load_workbook(same)
    sheet = book["Round 3"]
    rows = sorted((list(r) for r in sheet.iter_rows(min_row=2, values_only=True)), key=lambda r: r[3])
    for index, values in enumerate(rows, start=2):
        for column, value in enumerate(values, start=1):
            sheet.cell(index, column).value = value
    book.save(same)
    assert run("diff", path, same).exit_code == 0


def test_diff_says_what_changed_in_a_tos_words(tmp_path, run):
    path = posted(tmp_path)
    other = Path(shutil.copy(path, tmp_path / "judge.xlsx"))
    book = openpyxl.load_workbook(other)
    book["Round 3"]["E2"], book["Round 3"]["E3"] = 0, 2  # table 1 corrected: 2-0 was 0-2
    players = book["Players"]
    players["E3"] = 3  # Ash Brook drops after round 3
    players["B4"] = "Ash Carter"  # renamed
    players.append([None, "Zoe Walker", None, None, None, 4])
    settings = book["Event"]
    settings["B18"] = "33%"
    book.create_sheet("Notes")
    book.save(other)
    result = run("diff", path, other)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "6 difference(s) from spring.xlsx to judge.xlsx:",
        '  Sheet added: "Notes".',
        '  Setting Match-win % floor: "1/3" → "33%" (Event!B18).',
        "  Player added: Zoe Walker (Players!B34).",
        "  Dropped: Ash Brook (ID 2) after round 3 (Players!E3).",
        '  Player renamed: "Ash Cole" → "Ash Carter" (Players!B4).',
        "  Round 3, table 1 (Cy Hale (ID 24) v Ash Gale (ID 7)): result changed: Games won 2-0 → 0-2 "
        "(Round 3!E2)."]
    back = run("diff", other, path)
    assert back.exit_code == 1 and back.stdout.splitlines()[1:] == [
        '  Sheet removed: "Notes".',
        '  Setting Match-win % floor: "33%" → "1/3" (Event!B18).',
        "  Player removed: Zoe Walker.",
        "  Reinstated: Ash Brook (ID 2) (Dropped after 3 cleared).",
        '  Player renamed: "Ash Carter" → "Ash Cole" (Players!B4).',
        "  Round 3, table 1 (Cy Hale (ID 24) v Ash Gale (ID 7)): result changed: Games won 0-2 → 2-0 "
        "(Round 3!E2)."]


def test_diff_names_a_pairing_changed_by_hand_and_a_round_added(tmp_path, run):
    path = posted(tmp_path)
    paired = Path(shutil.copy(path, tmp_path / "paired.xlsx"))
    pair(run, paired)
    swapped = Path(shutil.copy(path, tmp_path / "swapped.xlsx"))
    book = openpyxl.load_workbook(swapped)
    sheet = book["Round 3"]
    sheet["A2"], sheet["A4"] = 2, 1  # Cy Hale and Dee Gale swap tables
    book.save(swapped)
    assert run("diff", path, swapped).stdout.splitlines() == [
        "2 difference(s) from spring.xlsx to swapped.xlsx:",
        "  Round 3, Cy Hale (ID 24): pairing changed by hand: Table 1 → 2 (Round 3!A2).",
        "  Round 3, Dee Gale (ID 31): pairing changed by hand: Table 2 → 1 (Round 3!A4)."]
    assert run("diff", path, paired).stdout.splitlines() == [
        "2 difference(s) from spring.xlsx to paired.xlsx:",
        '  Sheet added: "Standings after R3".',
        "  Round 4 added."]


# --- merge ------------------------------------------------------------------------------------------------------


def test_merge_brings_two_halves_of_a_round_together(tmp_path, run):
    path = posted(tmp_path)
    pair(run, path)
    scorekeeper = Path(shutil.copy(path, tmp_path / "scorekeeper.xlsx"))
    judge = Path(shutil.copy(path, tmp_path / "judge.xlsx"))
    whole = Path(shutil.copy(path, tmp_path / "whole.xlsx"))
    type_games(scorekeeper, 4, range(1, 9))
    type_games(judge, 4, range(9, 17), wins=(1, 2))
    type_games(whole, 4, range(1, 9))
    type_games(whole, 4, range(9, 17), wins=(1, 2))
    result = run("merge", path, scorekeeper, judge)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "  Round 4!E2: Cy Hale (ID 24), Games won: blank → 2 (from scorekeeper.xlsx)"
    assert lines[-1].startswith("Merged 32 change(s) into ")
    assert games_won(path, 4) == games_won(whole, 4)
    assert log_commands(path)[-1] == "merge scorekeeper.xlsx judge.xlsx"
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]
    mine, theirs = (run("standings", p, "--json", "--no-write").stdout for p in (path, whole))
    assert mine == theirs


def test_a_conflict_is_named_cell_by_cell_and_nothing_is_written(tmp_path, run):
    path = posted(tmp_path)
    pair(run, path)
    scorekeeper = Path(shutil.copy(path, tmp_path / "scorekeeper.xlsx"))
    judge = Path(shutil.copy(path, tmp_path / "judge.xlsx"))
    type_games(scorekeeper, 4, [1, 2])
    type_games(judge, 4, [2], wins=(0, 2))
    before = digest(path)
    result = run("merge", path, scorekeeper, judge)
    assert result.exit_code == 1
    hint = "Make the files agree (type the right value in either, or clear the wrong one), then merge again."
    assert result.stderr.splitlines() == [
        f"Round 4!E4: Bea Eames (ID 13), Games won: 2 in scorekeeper.xlsx, 0 in judge.xlsx. {hint}",
        f"Round 4!E5: Ash Drake (ID 4), Games won: 1 in scorekeeper.xlsx, 2 in judge.xlsx. {hint}",
        "Error: 2 problem(s) to fix; nothing was written."]
    assert digest(path) == before
    type_games(judge, 4, [2], wins=(2, 1))  # settled in the judge's copy
    assert run("merge", path, scorekeeper, judge).exit_code == 0
    assert games_won(path, 4)["Bea Eames"] == 2


def test_a_correction_made_in_a_copy_is_taken(tmp_path, run):
    """Round 3 table 1 corrected in the judge's copy; the event still holds it as sheetrunner last wrote it."""
    path = posted(tmp_path)
    pair(run, path)
    judge = Path(shutil.copy(path, tmp_path / "judge.xlsx"))
    book = openpyxl.load_workbook(judge)
    book["Round 3"]["E2"], book["Round 3"]["E3"] = 0, 2
    book.save(judge)
    result = run("merge", path, judge)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == [
        "  Round 3!E2: Cy Hale (ID 24), Games won: 2 → 0 (from judge.xlsx)",
        "  Round 3!E3: Ash Gale (ID 7), Games won: 0 → 2 (from judge.xlsx)"]
    assert "Round 3: warning: Results changed after Round 4 was paired: table 1." in result.output
    assert games_won(path, 3)["Ash Gale"] == 2


def test_a_late_entry_and_a_drop_typed_in_a_copy_are_merged(tmp_path, run):
    path = posted(tmp_path)
    pair(run, path)
    desk = Path(shutil.copy(path, tmp_path / "desk.xlsx"))
    book = openpyxl.load_workbook(desk)
    book["Players"].append([None, "Zoe Walker", None, None, None, 5])
    book["Players"]["E3"] = 4
    book.save(desk)
    result = run("merge", path, desk)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == ["  Players!E3: Ash Brook (ID 2), Dropped after: blank → 4 (from desk.xlsx)",
                                              "  Players: Zoe Walker added (from desk.xlsx)"]
    players = [row[:6] for row in openpyxl.load_workbook(path)["Players"].iter_rows(values_only=True)]
    assert players[2] == (2, "Ash Brook", None, None, 4, None)
    assert players[-1] == (None, "Zoe Walker", None, None, None, 5)


def test_merge_refuses_another_event_and_another_round_in_one_line(tmp_path, run):
    path = posted(tmp_path)
    old = Path(shutil.copy(path, tmp_path / "old.xlsx"))
    pair(run, path)
    other = Path(shutil.copy(ROOT / "sample_events" / "swiss-tp-16-players.xlsx", tmp_path / "other.xlsx"))
    before = digest(path)
    result = run("merge", path, other)
    assert (result.exit_code, result.stderr.splitlines()) == (1, [
        "other.xlsx: other.xlsx is not a copy of spring.xlsx: its ruleset, random seed or event name differ. "
        "Merge only copies of this event.", "Error: Nothing was written."])
    result = run("merge", path, old)
    assert (result.exit_code, result.stderr.splitlines()[0]) == (1, (
        "old.xlsx: old.xlsx is a copy of the event at Round 3, and spring.xlsx is at Round 4. See what it holds "
        "with `sheetrunner diff spring.xlsx old.xlsx` and type what is still needed into spring.xlsx by hand."))
    assert digest(path) == before
    result = run("merge", old, path)
    assert (result.exit_code, result.stderr.splitlines()[0]) == (1, (
        "spring.xlsx: spring.xlsx is a copy of the event at Round 4, and old.xlsx is at Round 3. Merge the other "
        "way: sheetrunner merge spring.xlsx old.xlsx"))


def test_a_setting_changed_in_a_copy_is_merged_into_its_own_cell(tmp_path, run):
    """The judge's copy raises the Match-win % floor to 40 %: merge writes it in Event!B18, the Event sheet's
    headers as they were (the value went into column A over the header before 0.5.5, and the merge was refused
    with two errors about headers nobody had touched)."""
    path = posted(tmp_path)
    pair(run, path)
    judge = Path(shutil.copy(path, tmp_path / "judge.xlsx"))
    book = openpyxl.load_workbook(judge)
    assert book["Event"]["A18"].value == "Match-win % floor"
    book["Event"]["B18"] = "40%"
    book.save(judge)
    result = run("merge", path, judge)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "  Event!B18: Match-win % floor, Value: 1/3 → 40% (from judge.xlsx)"
    event = openpyxl.load_workbook(path)["Event"]
    assert [event["A1"].value, event["B1"].value, event["A18"].value, event["B18"].value] == \
        ["Setting", "Value", "Match-win % floor", "40%"]
    assert run("check", path).exit_code == 0


def test_a_setting_only_a_copy_has_is_refused_and_nothing_is_written(tmp_path, run):
    path = posted(tmp_path)
    pair(run, path)
    judge = Path(shutil.copy(path, tmp_path / "judge.xlsx"))
    book = openpyxl.load_workbook(judge)
    book["Event"].append(["Judge note", "table 4 checked"])
    row = book["Event"].max_row
    book.save(judge)
    before = path.read_bytes()
    result = run("merge", path, judge)
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"judge.xlsx!Event!B{row}: Judge note is set in Event of judge.xlsx but the event's Event sheet has no Judge "
        "note row. Add the row to Event in the event (or delete it in the copy), then merge again.")
    assert path.read_bytes() == before
