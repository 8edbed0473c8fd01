"""Bad workbooks: every problem named by sheet and cell, all at once, exit 1, file untouched (§7)."""

from __future__ import annotations

import json

import openpyxl
import pytest
from builder import digest, make_event

from sheetrunner.rulesets import all_rulesets

RULESETS = all_rulesets()


PLAYERS = ["Alice", "Bob", "Carol", "Dan"]
GOOD_ROUND = [(1, "Alice", 3, 1), (1, "Bob", 1, 0), (2, "Carol", 2, 2), (2, "Dan", 2, 0)]


def refused(run, path, *lines):
    """`pair` must refuse with exactly these problem lines, exit 1 and leave the bytes alone."""
    before = digest(path)
    result = run("pair", path)
    assert result.exit_code == 1, result.output
    printed = result.stderr.splitlines()
    for line in lines:
        assert line in printed, f"{line!r} not in {printed}"
    assert printed[-1] == f"Error: {sum(1 for l in printed[:-1] if ': warning: ' not in l)} problem(s) to fix; " \
                          "nothing was written."
    assert digest(path) == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]
    return printed


def test_a_good_workbook_checks_clean(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [GOOD_ROUND])
    result = run("check", path)
    assert result.exit_code == 0
    assert result.stdout == "0 error(s), 0 warning(s).\n"


def test_name_not_on_the_roster_suggests_the_closest(tmp_path, run):
    rows = [(1, "Alise", 3, 1), (1, "Bob", 1, 0), (2, "Carol", 2, 2), (2, "Dan", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    refused(run, path, 'Round 1!D2: "Alise" is not on the roster. Did you mean "Alice"?',
            "Players!B2: Alice is playing but has no seat in Round 1. Add them to Round 1, type 2 under Joined in "
            "if they arrived after it, or type 0 under Dropped after if they left.")


def test_duplicate_player_on_the_roster(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(1, "Alice", None), (2, "Bob", None), (3, "alice", None)])
    refused(run, path, 'Players!B4: "alice" is on the roster twice (also row 2). Delete the repeated row, or tell '
            "the two players apart (e.g. add an initial).")


def test_duplicate_id(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(1, "Alice", None), (1, "Bob", None)])
    refused(run, path, "Players!A3: ID 1 is used twice (also row 2). Give each player their own ID, or clear it "
            "and sheetrunner assigns a new one.")


def test_player_seated_twice(tmp_path, run):
    rows = [(1, "Alice", 3, 1), (1, "Bob", 1, 0), (2, "Carol", 2, 2), (2, "Alice", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    printed = refused(run, path, "Round 1!D5: Alice is seated twice in this round (also row 2). Delete one of the two "
                      "rows.", "Players!B5: Dan is playing but has no seat in Round 1. Add them to Round 1, type 2 "
                      "under Joined in if they arrived after it, or type 0 under Dropped after if they left.")
    assert len(printed) == 3


def test_non_numeric_and_negative_results(tmp_path, run):
    rows = [(1, "Alice", "abc", 1), (1, "Bob", -2, 0), (2, "Carol", 2.5, 2), (2, "Dan", "3", "x")]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    hint = "Type the objective points this player scored, a whole number (0 or more)."
    refused(run, path, f'Round 1!E2: OP needs a whole number, found "abc". {hint}',
            f"Round 1!E3: OP needs a whole number of at least 0, found -2. {hint}",
            f"Round 1!E4: OP needs a whole number, found 2.5. {hint}",
            'Round 1!F5: SP needs a whole number, found "x". Type the survival points this player scored, a whole '
            "number (0 or more).")


def test_half_filled_table(tmp_path, run):
    rows = [(1, "Alice", 3, 1), (1, "Bob", None, None), (2, "Carol", 2, 2), (2, "Dan", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    refused(run, path, "Round 1!E3: OP is empty while other results of table 1 are filled in. Type the missing "
            "result, or clear the whole table to enter it later.",
            "Round 1!F3: SP is empty while other results of table 1 are filled in. Type the missing result, or "
            "clear the whole table to enter it later.")


def test_unfinished_round_blocks_the_next_one_listing_the_missing_tables(tmp_path, run):
    rows = [(1, "Alice", 3, 1), (1, "Bob", 1, 0), (2, "Carol", None, None), (2, "Dan", None, None)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    refused(run, path, "Round 1: Round 1 is not finished, so the next round cannot be paired. Enter the results "
            "listed below, or use --redo to pair this round again while it has no results.",
            "Round 1!A4: Table 2 has no result yet. Type the result for every seat at this table.")


def test_missing_round_sheet(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [GOOD_ROUND, GOOD_ROUND])
    book = openpyxl.load_workbook(path)
    book["Round 2"].title = "Round 3"
    book.save(path)
    refused(run, path, "Round 3: There is a Round 3 sheet but no Round 2 sheet. Rename the round sheets so they "
            "run Round 1, Round 2, … without a gap.")


def test_unknown_ruleset(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", PLAYERS, ruleset="swiss-xp")
    names = ", ".join(RULESETS)
    refused(run, path, f'Event!B2: Unknown ruleset "swiss-xp". Use one of: {names}.')


def test_unknown_tiebreaker_lists_the_valid_ones(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", PLAYERS, settings={"Tiebreakers": "tp, opp vp"})
    printed = refused(run, path)
    assert printed[0].startswith('Event!B6: Unknown tiebreaker "opp_vp". Use names from: random, tp, op, sp, '
                                 "opponents_op")


def test_bad_settings_all_reported(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", PLAYERS, settings={"Rounds": "five", "Offensive bonus": "maybe"})
    refused(run, path, 'Event!B3: Rounds needs a whole number, found "five". Type a whole number from 1 to 200.',
            'Event!B6: Offensive bonus needs Yes or No, found "maybe". Type Yes or No.')


def test_dropped_player_seated_and_reinstatement(tmp_path, run):
    players = [(1, "Alice", None, 0), (2, "Bob", None, None), (3, "Carol", None, None), (4, "Dan", None, None)]
    headers = ["ID", "Name", "Team", "Dropped after"]
    path = make_event(tmp_path / "e.xlsx", players, [GOOD_ROUND], player_headers=headers)
    refused(run, path, "Round 1!D2: Alice dropped after round 0 (Players row 2) but is seated here. Clear Dropped "
            "after to reinstate them, or remove this row.")


def test_check_json_lists_every_problem(tmp_path, run):
    rows = [(1, "Alice", "abc", 1), (1, "Bob", 1, 0), (2, "Carol", 2, 2), (2, "Zed", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    result = run("check", "--json", path)
    assert result.exit_code == 1
    problems = json.loads(result.stdout)
    assert [(p["sheet"], p["cell"], p["severity"]) for p in problems] == [
        ("Round 1", "E2", "error"), ("Round 1", "D5", "error"), ("Players", "B5", "error")]
    assert len(problems) == 3
    assert problems[1]["message"] == '"Zed" is not on the roster.'
    assert problems[1]["hint"] == "Add them to the Players sheet first."


def test_formula_without_a_saved_value(tmp_path, run):
    rows = [(1, "Alice", "=1+2", 1), (1, "Bob", 1, 0), (2, "Carol", 2, 2), (2, "Dan", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    refused(run, path, "Round 1!E2: OP holds a formula whose value was never saved. Open the workbook in Excel or "
            "LibreOffice and save it, so the value is stored.")


@pytest.mark.parametrize("value", ["3", " 3 ", 3.0])
def test_numbers_typed_as_text_are_accepted(tmp_path, run, value):
    rows = [(1, "Alice", value, 1), (1, "Bob", 1, 0), (2, "Carol", 2, 2), (2, "Dan", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    assert run("check", path).exit_code == 0


def test_a_round_being_entered_is_reported_as_progress(tmp_path, run):
    rows = [(1, "Alice", 3, 1), (1, "Bob", 1, 0), (2, "Carol", None, None), (2, "Dan", None, None)]
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [rows])
    result = run("check", path)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["Round 1: warning: 1 of 2 tables have results so far. The standings leave "
                                          "this round out until every result is in.", "0 error(s), 1 warning(s)."]


def test_a_table_labelled_with_digits_of_another_script_is_a_label(tmp_path, run):
    """Ethiopic ፩ and ፪ are digits to str.isdigit() but not decimal ones int() reads: the tables are labels like
    any text, sorted after the numbered ones (it once ended in an internal error, exit 70)."""
    path = make_event(tmp_path / "e.xlsx", PLAYERS, [[(1, "Alice", 3, 1), (1, "Bob", 1, 0), ("፩", "Carol", 2, 2),
                                                      ("፩", "Dan", 2, 0)]])
    result = run("check", path)
    assert (result.exit_code, result.stdout) == (0, "0 error(s), 0 warning(s).\n")
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [row["name"] for row in table][:2] == ["Alice", "Carol"]
