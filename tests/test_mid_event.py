"""What a TO does between rounds, each replayed through the CLI: the regressions of a real weekend's events."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from builder import digest, edit_players, enter_results, make_event, round_rows, seating

from sheetrunner import __version__
from sheetrunner.pairing.boards import POWERS

NAMES = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay", "Gus", "Hal"]
DIPLOMACY = ["Board", "Power", "ID", "Player", "Centres", "Eliminated", "Result", "Yellow cards", "End year", "Note"]


def play_swiss_tp(path: Path, number: int) -> None:
    """Every game of a round: the first seat wins 4-1 (with the offensive bonus, 4 TP)."""
    rows = round_rows(path, number)[1:]
    results, seen = {}, set()
    for table, _, _, name, *_ in rows:
        if table != "BYE":
            results[name] = (1, 0) if table in seen else (4, 0)
            seen.add(table)
    enter_results(path, number, results)


def standings(run, path: Path) -> dict[str, dict]:
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0, result.output
    return {row["name"]: row for row in json.loads(result.stdout)}


# --- 1 and 2: Diplomacy sit-outs ---------------------------------------------------------------


def test_a_23_player_diplomacy_round_writes_sit_outs_its_own_check_accepts(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\n" + "".join(f"Player {i}\n" for i in range(1, 24)), encoding="utf-8")
    path = tmp_path / "dip.xlsx"
    assert run("init", path, "-r", "ndc-diplomacy", "-p", roster, "--seed", 3).exit_code == 0
    result = run("pair", path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Round 1: 3 board(s), 2 sit-out(s)."
    assert [line.split(":")[0] for line in lines if "Sits out:" in line] == ["  Sits out"] * 2
    rows = round_rows(path, 1)
    sit_outs = [row for row in rows if row[0] == "Sits out"]
    assert len(sit_outs) == 2 and all(row[1] is None for row in sit_outs)
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    by_table = (tmp_path / "dip-reports" / "round-1" / "pairings_by_table.html").read_text(encoding="utf-8")
    sitting_out = by_table.split("<h2>Sits out</h2>")[1]
    assert [row[3] in sitting_out for row in sit_outs] == [True, True] and "BYE" not in by_table


def diplomacy_event(tmp_path: Path, **settings) -> Path:
    """Nine players over two rounds. Round 1: P1 wins outright, P8 and P9 (a late entry) are not on the board.
    Round 2: P3 wins outright; P1 and P2 sit out; P9 plays its first board."""
    players = [(i, f"P{i}", None, 2 if i == 9 else None) for i in range(1, 10)]

    def board(names: list[str], solo: str, end: int) -> list[list]:
        centres = dict(zip(names, [18, 3, 3, 3, 3, 2, 2]))
        return [[1, power, None, name, centres[name], None, "Solo" if name == solo else None, None, end, None]
                for name, power in zip(names, POWERS)]

    round_1 = board([f"P{i}" for i in range(1, 8)], "P1", 1905) + [["Sits out", None, None, "P8"] + [None] * 6]
    round_2 = board([f"P{i}" for i in range(3, 10)], "P3", 1907) + \
        [["Sits out", None, None, name] + [None] * 6 for name in ("P1", "P2")]
    return make_event(tmp_path / "dip.xlsx", players, [round_1, round_2], ruleset="ndc-diplomacy", total_rounds=2,
                      round_headers=DIPLOMACY, player_headers=["ID", "Name", "Team", "Joined in"], settings=settings)


def test_a_sit_out_is_not_an_absence_but_a_late_entry_is(tmp_path, run):
    path = diplomacy_event(tmp_path)
    scores = {name: row["event_score"] for name, row in standings(run, path).items()}
    # Solos score exactly 100, the other survivors 0.1 a year: 0.5 after 1905, 0.7 after 1907.
    # A sit-out scores the mean of the player's boards, so it neither helps nor hurts: P1 keeps 100.
    assert scores["P1"] == 100 and scores["P2"] == 0.5 and scores["P8"] == 0.7
    assert scores["P3"] == (0.5 + 100) / 2
    # P9 joined in round 2: one round attended of two, discounted by the partial attendance factor.
    assert scores["P9"] == round(0.7 / 3, 6)
    assert next(iter(standings(run, path))) == "P1"


def test_the_sit_out_score_can_be_a_fixed_number(tmp_path, run):
    scores = {name: row["event_score"] for name, row in standings(run, diplomacy_event(tmp_path, **{
        "Sit-out score": 0})).items()}
    assert (scores["P1"], scores["P2"], scores["P8"], scores["P9"]) == (50, 0.25, 0.35, round(0.7 / 3, 6))


def test_a_bad_sit_out_score_is_named(tmp_path, run):
    path = diplomacy_event(tmp_path, **{"Sit-out score": "average"})
    assert run("check", path).stdout.splitlines()[0] == (
        'Event!B6: Sit-out score needs mean or a number, found "average". Type mean, or a number such as 0 or 25.')


# --- 3: reinstatement -----------------------------------------------------------------------------


def test_a_player_who_dropped_after_round_2_comes_back_for_round_5(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES, total_rounds=5, seed=4)
    for number in (1, 2):
        assert run("pair", path).exit_code == 0
        play_swiss_tp(path, number)
    edit_players(path, {"Hal": {"Dropped after": 2}})
    for number in (3, 4):
        assert run("pair", path).exit_code == 0
        assert "Hal" not in sum(seating(path, number).values(), [])
        play_swiss_tp(path, number)
    before = standings(run, path)["Hal"]
    edit_players(path, {"Hal": {"Dropped after": None}})
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    # Rounds 3 and 4 were paired while Hal was away: losses with no opponent, so nothing is added.
    after = standings(run, path)["Hal"]
    assert (after["tp"], after["op"], after["opponents_op"]) == (before["tp"], before["op"], before["opponents_op"])
    assert not after["dropped"] and before["dropped"]
    result = run("pair", path)
    assert result.exit_code == 0, result.output
    assert "Hal" in sum(seating(path, 5).values(), [])


def test_a_forgotten_seat_is_still_an_error(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES, total_rounds=5, seed=4)
    assert run("pair", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    gone = sheet["D2"].value
    sheet.delete_rows(2)
    book.save(path)
    lines = run("check", path).stdout.splitlines()
    row = 1 + NAMES.index(gone) + 1
    assert f"Players!B{row}: warning: {gone} is playing but has no seat in Round 1. Add them to Round 1, type 2 " \
           "under Joined in if they arrived after it, or type 0 under Dropped after if they left. While Round 1 " \
           "has no results, `pair --redo` pairs it again with them." in lines


# --- 4: redo after roster changes -------------------------------------------------------------------


def test_redo_absorbs_a_drop_and_a_walk_in(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES, total_rounds=5, seed=6)
    for number in (1, 2):
        assert run("pair", path).exit_code == 0
        play_swiss_tp(path, number)
    assert run("pair", path).exit_code == 0
    edit_players(path, {"Cat": {"Dropped after": 2}}, new=[{"Name": "Ivy", "Joined in": 3}])
    result = run("pair", path, "--redo")
    assert result.exit_code == 0, result.output
    seated = sum(seating(path, 3).values(), [])
    assert "Cat" not in seated and "Ivy" in seated and len(seated) == 8
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"


# --- 5: hand edits --------------------------------------------------------------------------------


def test_hand_made_rematch_team_pair_and_fixed_table_clash_are_warnings(tmp_path, run):
    players = [(1, "Ann", "Red", None), (2, "Ben", None, None), (3, "Cat", "Red", None), (4, "Dov", None, 2),
               (5, "Eli", None, None), (6, "Fay", None, None)]
    round_1 = [(1, 1, 1, "Ann", 3, 0, None), (1, 2, 2, "Ben", 1, 0, None), (2, 1, 4, "Dov", 3, 0, None),
               (2, 2, 5, "Eli", 1, 0, None), (3, 1, 3, "Cat", 3, 0, None), (3, 2, 6, "Fay", 1, 0, None)]
    # Round 2 by hand: Ann meets Ben again, and Dov (fixed table 2) sits at table 3.
    round_2 = [(1, 1, 1, "Ann", None, None, None), (1, 2, 2, "Ben", None, None, None),
               (2, 1, 3, "Cat", None, None, None), (2, 2, 5, "Eli", None, None, None),
               (3, 1, 4, "Dov", None, None, None), (3, 2, 6, "Fay", None, None, None)]
    path = make_event(tmp_path / "e.xlsx", players, [round_1, round_2], round_headers=[
        "Table", "Seat", "ID", "Player", "OP", "SP", "Note"], player_headers=["ID", "Name", "Team", "Fixed table"])
    assert run("check", path).stdout.splitlines() == [
        "Round 2!D2: warning: Ann (D2) and Ben (D3) already met in round 1: a rematch made by hand. If that is not "
        "meant, swap one of them with a player at another table.",
        "Round 2!D6: warning: Dov (D6) has Fixed table 2 but sits at 3. Move them to table 2, or clear their Fixed "
        "table.",
        "0 error(s), 2 warning(s)."]
    book = openpyxl.load_workbook(path)  # Ben and Cat swap: the two Reds now meet at table 1
    book["Round 2"]["D3"], book["Round 2"]["C3"] = "Cat", 3
    book["Round 2"]["D4"], book["Round 2"]["C4"] = "Ben", 2
    book.save(path)
    assert run("check", path).stdout.splitlines()[:2] == [
        "Round 2!D2: warning: Ann (D2) and Cat (D3) are both Red: team mates paired by hand. If that is not meant, "
        "swap one of them with a player at another table.",
        "Round 2!D6: warning: Dov (D6) has Fixed table 2 but sits at 3. Move them to table 2, or clear their Fixed "
        "table."]


def test_a_same_team_table_made_by_hand_is_a_warning(tmp_path, run):
    players = [(1, "Ann", "Red"), (2, "Ben", "Red"), (3, "Cat", None), (4, "Dov", None)]
    rows = [(1, 1, 1, "Ann", None, None, None), (1, 2, 2, "Ben", None, None, None),
            (2, 1, 3, "Cat", None, None, None), (2, 2, 4, "Dov", None, None, None)]
    path = make_event(tmp_path / "e.xlsx", players, [rows], round_headers=[
        "Table", "Seat", "ID", "Player", "OP", "SP", "Note"])
    assert run("check", path).stdout.splitlines() == [
        "Round 1!D2: warning: Ann (D2) and Ben (D3) are both Red: team mates paired by hand. If that is not meant, "
        "swap one of them with a player at another table.", "0 error(s), 1 warning(s)."]


def test_compromises_sheetrunner_made_are_noted_not_warned(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:2], [[(1, "Ann", 3, 0), (1, "Ben", 1, 0)]])
    assert run("pair", path).exit_code == 0  # two players: the rematch is forced, and noted in the sheet
    assert round_rows(path, 2)[1][6].startswith("Rematch (last met in round 1): no pairing avoids it.")
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"


# --- 6: table labels as TOs write them ------------------------------------------------------------


def test_games_named_a_b_c_and_tables_named_1a_or_table_12(tmp_path, run):
    headers = ["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"]
    names = [f"P{i}" for i in range(1, 10)]
    rows = [(game, seat, None, name, 20 if seat == 1 else 5, "Y" if seat == 1 else None, None, None)
            for game, members in zip("ABC", (names[0:3], names[3:6], names[6:9]))
            for seat, name in enumerate(members, start=1)]
    path = make_event(tmp_path / "a.xlsx", names, [rows], ruleset="allegiance", total_rounds=3, round_headers=headers)
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    assert [standings(run, path)[name]["wins"] for name in ("P1", "P4", "P7", "P2")] == [1, 1, 1, 0]
    assert run("pair", path).exit_code == 0

    labelled = [("1A", "Ann", 3, 0), ("1A", "Ben", 1, 0), ("Table 12", "Cat", 2, 2), ("Table 12", "Dov", 2, 0)]
    path = make_event(tmp_path / "s.xlsx", NAMES[:4], [labelled])
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    assert standings(run, path)["Ann"]["tp"] == 3


def test_a_bad_table_cell_is_one_message_not_a_missing_seat_as_well(tmp_path, run):
    rows = [(None, "Ann", 3, 0), (1, "Ben", 1, 0), (2, "Cat", 2, 2), (2, "Dov", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], [rows])
    assert run("check", path).stdout.splitlines()[0] == "Round 1!A2: Table is empty. Type the table's number or " \
                                                          "name, or BYE."
    assert "no seat" not in run("check", path).stdout


# --- 7: tiebreakers against the ruleset -------------------------------------------------------------


def test_tiebreakers_a_ruleset_cannot_feed_are_refused_before_running(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], settings={"Tiebreakers": "match_points, game_win_pct, chits"})
    result = run("standings", "--no-write", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        'Event!B6: swiss-tp does not score what these tiebreakers need: "match_points" (match points), '
        '"game_win_pct" (games won), "chits" (resource chits). Use names that fit swiss-tp: random, tp, op, sp, '
        "opponents_op, win_pct, opponents_win_pct, opponents_opponents_win_pct, win_resistance, "
        "win_resistance_resistance, head_to_head, direct_encounter.")


def test_every_tiebreaker_is_registered_by_the_library_itself():
    code = "import sheetrunner.scoring.tiebreakers as t, sys; print(sorted(t.TIEBREAKERS)); " \
           "print([m for m in sys.modules if m.startswith('sheetrunner.rulesets')])"
    lines = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert lines[1] == "[]"
    for key in ("chits", "card", "wins", "vi", "opponents_vi", "event_score", "centres"):
        assert f"'{key}'" in lines[0]


# --- 8: roster import -----------------------------------------------------------------------------


def test_first_and_last_names_are_combined_and_other_columns_kept(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("First name,Last name,Faction,,Club\nAnn,Lee,Orks,x,Red\nBen,Ho,Elves,,\n", encoding="utf-8")
    result = run("init", tmp_path / "e.xlsx", "-r", "swiss-tp", "-p", roster)
    assert result.stdout.splitlines()[0] == ('Imported 2 player(s) from roster.csv: Name from "First name" + '
                                             '"Last name"; Team from "Club"; kept as Players columns: First name, '
                                             "Last name, Faction; ignored: column 4 (no header).")
    rows = list(openpyxl.load_workbook(tmp_path / "e.xlsx")["Players"].iter_rows(values_only=True))
    assert rows == [("ID", "Name", "Team", "Fixed table", "Dropped after", "Joined in", "Byes", "First name",
                     "Last name", "Faction"),
                    (1, "Ann Lee", "Red", None, None, None, None, "Ann", "Lee", "Orks"),
                    (2, "Ben Ho", None, None, None, None, None, "Ben", "Ho", "Elves")]
    assert run("check", tmp_path / "e.xlsx").stdout == "0 error(s), 0 warning(s).\n"


def test_a_roster_with_no_name_column_is_refused(tmp_path, run):
    roster = tmp_path / "roster.csv"
    roster.write_text("Nom;Équipe\nAnne;Rouge\nBen;Bleu\n", encoding="utf-8")
    result = run("init", tmp_path / "e.xlsx", "-r", "swiss-tp", "-p", roster)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ('roster.csv, line 1: No column holds the players\' names (the first line '
                                             'has "Nom", "Équipe"). Head the column of names Name, or use First name '
                                             "and Last name columns.")
    assert not (tmp_path / "e.xlsx").exists()


# --- 9: output never breaks a finished write ------------------------------------------------------


def test_a_console_that_cannot_show_a_name_does_not_fail_the_write(tmp_path):
    path = make_event(tmp_path / "e.xlsx", ["Łukasz", "Çağla", "Zoë", "Ann"])
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    result = subprocess.run([sys.executable, "-m", "sheetrunner", "pair", str(path), "--no-reports"],
                            capture_output=True, env=env)
    assert result.returncode == 0, result.stderr
    assert b"\\u0141ukasz" in result.stdout and b"Traceback" not in result.stderr
    assert len(round_rows(path, 1)) == 5


# --- 10: hostile input ------------------------------------------------------------------------------


def refused_by_check(run, path: Path) -> list[str]:
    before = digest(path)
    result = run("check", path)
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    assert digest(path) == before
    return result.stdout.splitlines()


GOOD = [(1, "Ann", 3, 1), (1, "Ben", 1, 0), (2, "Cat", 2, 2), (2, "Dov", 2, 0)]


@pytest.mark.parametrize("title, message", [
    ("ROUND 1 ", 'ROUND 1 : The sheets "Round 1" and "ROUND 1 " have the same name once case, spaces and invisible '
                 "characters are ignored. Rename or delete one of them."),
    ("Round\u200b 1", 'Round\\u200b 1: The sheets "Round 1" and "Round\\u200b 1" have the same name once case, spaces '
                      "and invisible characters are ignored. Rename or delete one of them."),
    ("Round 01", 'Round 01: The sheets "Round 1" and "Round 01" are both read as Round 1. Rename or delete one of '
                 "them."),
])
def test_two_sheets_that_read_the_same(tmp_path, run, title, message):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], [GOOD])
    book = openpyxl.load_workbook(path)
    book.copy_worksheet(book["Round 1"]).title = title
    book.save(path)
    assert refused_by_check(run, path) == [message, "1 error(s), 0 warning(s)."]


def test_a_players_sheet_with_a_trailing_space_is_the_players_sheet(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(None, name, None) for name in NAMES[:4]])
    book = openpyxl.load_workbook(path)
    book["Players"].title = "Players "
    book.save(path)
    assert run("pair", path, "--no-reports").exit_code == 0
    ids = [row[0] for row in openpyxl.load_workbook(path)["Players "].iter_rows(min_row=2, values_only=True)]
    assert ids == [1, 2, 3, 4]


@pytest.mark.parametrize("value, found", [
    ("1E400", 'needs a whole number, found "1E400"'), ("-1E400", 'needs a whole number, found "-1E400"'),
    (1e308, "needs a whole number of at most 999999999, found 1e+308"),
    (-1e308, "needs a whole number of at least 0, found -1e+308"),
    ("1" + "0" * 30, 'needs a whole number of at most 999999999, found "1000000000000000000000000000000"'),
    (2 ** 53 + 1, "needs a whole number of at most 999999999, found 9.007e+15"),
])
def test_huge_and_infinite_numbers_in_results(tmp_path, run, value, found):
    rows = [(1, "Ann", value, 1), (1, "Ben", 1, 0), (2, "Cat", 2, 2), (2, "Dov", 2, 0)]
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], [rows])
    assert refused_by_check(run, path)[0] == (f"Round 1!E2: OP {found}. Type the objective points this player "
                                              "scored, a whole number (0 or more).")


def test_huge_ids(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [("1E400", "Ann", None), (2 ** 53 + 1, "Ben", None)])
    assert refused_by_check(run, path)[:2] == [
        'Players!A2: ID needs a whole number, found "1E400". IDs are whole numbers from 1; leave it blank and '
        "sheetrunner assigns one.",
        "Players!A3: ID needs a whole number of at most 999999999, found 9.007e+15. IDs are whole numbers from 1; "
        "leave it blank and sheetrunner assigns one."]


def test_a_log_with_odd_highest_ids_is_read_leniently(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(None, name, None) for name in NAMES[:4]])
    book = openpyxl.load_workbook(path)
    log = book.create_sheet("Log")
    log.append(["Time", "Command", "sheetrunner", "Random seed", "Wrote", "Last ID"])
    log.append([None, "pair", "0.1.0", 1, "Round 1", "²³"])
    log.append([None, "pair", "0.1.0", 1, "Round 1", "9" * 5000])
    log.append([None, "pair", "0.1.0", 1, "Round 1", " 23 "])
    book.save(path)
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    assert run("pair", path, "--no-reports").exit_code == 0
    ids = [row[0] for row in openpyxl.load_workbook(path)["Players"].iter_rows(min_row=2, values_only=True)]
    assert ids == [24, 25, 26, 27]  # from " 23 "; superscripts are not digits, and 5,000 digits is not an ID


def test_names_that_differ_only_by_invisible_characters(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ann\u00a0", "Ben\u200b", "Ben", "\u200b\u200b"])
    assert refused_by_check(run, path) == [
        'Players!B3: "Ann" is on the roster twice (also row 2). Delete the repeated row, or tell the two players '
        "apart (e.g. add an initial).",
        'Players!B5: "Ben" is on the roster twice (also row 4). Delete the repeated row, or tell the two players '
        "apart (e.g. add an initial).",
        "Players!B6: Name holds only invisible characters. Type the player's name, or clear the cell.",
        "3 error(s), 0 warning(s)."]


def test_a_newer_format_version_is_named(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], settings={"Format version": 2})
    assert refused_by_check(run, path) == [
        f"Event!B6: This workbook is format version 2; sheetrunner {__version__} reads format version 1 only. Update "
        "sheetrunner (pip install --upgrade sheetrunner) and run the command again.", "1 error(s), 0 warning(s)."]


# --- 11: pairing twice by mistake -------------------------------------------------------------------


def test_pairing_twice_by_mistake_is_one_line(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", NAMES)
    assert run("pair", path).exit_code == 0
    before = digest(path)
    result = run("pair", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == ["Round 1: Round 1 has no results yet; to pair it again use `pair --redo`. "
                                          "To pair the next round, type its results first.",
                                          "Error: Nothing was written."]
    assert digest(path) == before
