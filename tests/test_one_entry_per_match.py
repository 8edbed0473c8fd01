"""One entry per match and a round sheet made for typing (issue 31), through the CLI.

A result typed once for a table, on either row, as the slip reads (`2-1`, `4-1` under OP and SP, `W`, the
winner's name) is the whole match: every two-player sample typed so gives the standings it gives typed twice.
"""

from __future__ import annotations

import csv
import io
import json
import pickle
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
from builder import make_event

from sheetrunner.hall.snapshot import read_snapshot

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"
TABLE_HEADERS = ("Table", "Match", "Game", "Board")
WLD = ["Table", "Seat", "ID", "Player", "Result", "Note"]
TP = ["Table", "Seat", "ID", "Player", "OP", "SP", "Note"]


def problems(result) -> list[str]:
    return [line for line in result.stdout.splitlines() if line and "error(s)" not in line]


def errors(result) -> list[str]:
    """The errors `check` printed (a table left unfinished by an error is also a warning that the round is not)."""
    return [line for line in problems(result) if ": warning: " not in line]


def standings(run, path) -> list[dict]:
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# --- the slip's one entry, made from a table typed on both rows ---------------------------------------------------


def slip_entry(headers: list[str], typed: list, other: list, name: str, other_name: str, use_name: bool) -> dict:
    """The cells of the row that holds the whole match (by header), as a result slip reads from that row's side."""
    if "Games won" in headers:
        won, lost = typed[headers.index("Games won")], other[headers.index("Games won")]
        drawn = typed[headers.index("Games drawn")]
        return {"Games won": f"{won}-{lost}" + (f"-{drawn}" if drawn else ""), "Games drawn": None}
    if "OP" in headers:
        return {key: f"{typed[headers.index(key)]}-{other[headers.index(key)]}" for key in ("OP", "SP")}
    result = typed[headers.index("Result")]
    winner = {"W": name, "L": other_name}.get(result)
    return {"Result": winner if use_name and winner else result}


def typed_once(path: Path) -> int:
    """Every two-row table of every round sheet typed on one row only (the first row at even tables, the second at
    odd ones, one table in three by the winner's name where a name is read); the number of rows cleared."""
    book = openpyxl.load_workbook(path)
    cleared = 0
    for sheet in book.worksheets:
        headers = [cell.value for cell in sheet[1]]
        if not any(h in headers for h in TABLE_HEADERS) or "Player" not in headers:
            continue
        column = headers.index(next(h for h in headers if h in TABLE_HEADERS))
        results = [h for h in ("Games won", "Games drawn", "OP", "SP", "Result") if h in headers]
        tables: dict = {}
        for row in sheet.iter_rows(min_row=2):
            if isinstance(row[column].value, int) and row[headers.index(results[0])].value is not None:
                tables.setdefault(row[column].value, []).append(row)
        for number, rows in enumerate(tables.values()):
            if len(rows) != 2:
                continue
            keep, clear = rows if number % 2 == 0 else rows[::-1]
            values = [[cell.value for cell in r] for r in (keep, clear)]
            names = [r[headers.index("Player")].value for r in (keep, clear)]
            entry = slip_entry(headers, *values, *names, use_name=number % 3 == 0)
            for header in results:
                keep[headers.index(header)].value = entry.get(header, keep[headers.index(header)].value)
                clear[headers.index(header)].value = None
            cleared += 1
    book.save(path)
    return cleared


@pytest.mark.parametrize("sample", ["swiss-card-game-32-players", "swiss-tp-16-players", "pod-round-robin-7-players",
                                    "chits-and-cards-8-players", "swiss-top-8-24-players", "swiss-teams-9-teams-of-3"])
def test_a_round_typed_once_per_match_gives_the_standings_typed_twice(tmp_path, run, sample):
    twice, once = tmp_path / "twice.xlsx", tmp_path / "once.xlsx"
    shutil.copy(SAMPLES / f"{sample}.xlsx", twice)
    openpyxl.load_workbook(twice).save(twice)  # both through openpyxl alike
    shutil.copy(twice, once)
    assert typed_once(once) >= 4
    assert problems(run("check", once)) == problems(run("check", twice))
    assert standings(run, once) == standings(run, twice)


# --- what one row says, and a second row that disagrees -----------------------------------------------------------


def match(tmp_path, ruleset, headers, ann, ben):
    """Ann v Ben at table 1 (rows 2 and 3), Cat v Dan at table 2 typed on both rows."""
    rows = [[1, 1, 1, "Ann", *ann, None], [1, 2, 2, "Ben", *ben, None]]
    cat, dan = (["W"], ["L"]) if "Result" in headers else ([2, None], [1, None]) if "Games won" in headers else \
        ([3, 1], [1, 3])
    rows += [[2, 1, 3, "Cat", *cat, None], [2, 2, 4, "Dan", *dan, None]]
    return make_event(tmp_path / f"{ruleset}.xlsx", ["Ann", "Ben", "Cat", "Dan"], [rows], ruleset=ruleset,
                      round_headers=headers, total_rounds=3 if ruleset == "pod-round-robin" else 5)  # a pod of 4: 3


@pytest.mark.parametrize("ruleset", ["pod-round-robin", "chits-and-cards"])
@pytest.mark.parametrize("ann, ben, ann_wins", [
    ("W", None, True), (None, "W", False), ("L", None, False), ("Ann", None, True), (None, " ann ", True),
    ("Ben", "W", False), ("Ann", "Ann", True), ("W", "Ann", True), ("D", None, None)])
def test_w_l_d_or_the_winner_s_name_on_one_row_is_the_whole_match(tmp_path, run, ruleset, ann, ben, ann_wins):
    path = match(tmp_path, ruleset, WLD, [ann], [ben])
    assert problems(run("check", path)) == []
    table = {row["name"]: row for row in standings(run, path)}
    key = "match_points" if ruleset == "pod-round-robin" else "chits"
    high, low = (3, 0) if ruleset == "pod-round-robin" else (6, 4)  # chits start at Rounds (5): one changes hands
    draw = 1 if ruleset == "pod-round-robin" else 5
    expected = (draw, draw) if ann_wins is None else (high, low) if ann_wins else (low, high)
    assert (table["Ann"][key], table["Ben"][key]) == expected


@pytest.mark.parametrize("ann, ben, message", [
    ("Ann", "Ben", "Round 1!E3: Table 1: Ben's row says Ben won (Ben), but Ann's row says Ann won (Ann). Correct "
                   "one of the two rows, or clear one of them: one row says the whole match."),
    ("W", "Ben", "Round 1!E3: Table 1: Ben's row says Ben won (Ben), but Ann's row says Ann won (W). Correct one "
                 "of the two rows, or clear one of them: one row says the whole match."),
    ("Ann", "D", "Round 1!E3: Table 1: Ben's row says a draw (D), but Ann's row says Ann won (Ann). Correct one of "
                 "the two rows, or clear one of them: one row says the whole match."),
    ("L", "Ann", "Round 1!E3: Table 1: Ben's row says Ann won (Ann), but Ann's row says Ben won (L). Correct one "
                 "of the two rows, or clear one of them: one row says the whole match."),
    ("Cat", None, 'Round 1!E2: Table 1: "Cat" names Cat, who does not play at this table (Ann and Ben). Type W, L '
                  "or D, or the name of the player at this table who won."),
    ("W", "W", "Round 1!E3: Table 1: results W and W do not agree. One player wins (W) and the other loses (L), or "
               "both draw (D)."),
])
def test_a_second_row_that_disagrees_is_an_error_at_its_cell_saying_both(tmp_path, run, ann, ben, message):
    path = match(tmp_path, "pod-round-robin", WLD, [ann], [ben])
    result = run("check", path)
    assert result.exit_code == 1
    assert errors(result) == [message]


def test_a_name_not_on_the_roster_is_still_refused_as_a_result(tmp_path, run):
    result = run("check", match(tmp_path, "pod-round-robin", WLD, ["Winner"], [None]))
    assert errors(result) == ['Round 1!E2: Result needs one of W, L, D, found "Winner". Type W for a win, L for a '
                                "loss or D for a draw (Win, Loss, Draw are read too)."]


@pytest.mark.parametrize("ann, ben", [(["4-1", "2-3"], [None, None]), ([None, None], ["1-4", "3-2"]),
                                      (["4-1", "2-3"], [1, 3]), (["4-1", 2], ["1-4", 3]), ([4, 2], [1, 3])])
def test_swiss_tp_op_and_sp_as_the_game_s_score_on_one_row(tmp_path, run, ann, ben):
    path = match(tmp_path, "swiss-tp", TP, ann, ben)
    assert problems(run("check", path)) == []
    table = {row["name"]: row for row in standings(run, path)}
    assert [(table[n]["tp"], table[n]["op"], table[n]["sp"]) for n in ("Ann", "Ben")] == [(4, 4, 2), (0, 1, 3)]


@pytest.mark.parametrize("ann, ben, message", [
    (["4-1", "2-3"], [2, 3], "Round 1!E2: Table 1: OP 4-1 typed here gives the opponent 1, but the opponent's row "
                             "says 2. The first number is this player's OP, the second the opponent's: correct one "
                             "of the two rows."),
    ([4, 2], ["1-4", "3-1"], "Round 1!F3: Table 1: SP 3-1 typed here gives the opponent 1, but the opponent's row "
                             "says 2. The first number is this player's SP, the second the opponent's: correct one "
                             "of the two rows."),
    (["4-1", 2], [None, None], "Round 1!F3: SP is empty while other results of table 1 are filled in. Type the "
                               "missing result, or clear the whole table to enter it later."),
])
def test_swiss_tp_rows_that_disagree(tmp_path, run, ann, ben, message):
    result = run("check", match(tmp_path, "swiss-tp", TP, ann, ben))
    assert result.exit_code == 1
    assert problems(result) == [message]


@pytest.mark.parametrize("ann, ben, points", [
    (["2-1", None], [None, None], (3, 0)), ([None, None], ["2-1-1", None], (0, 3)), (["ID", None], [None, None], (1, 1)),
    (["1-1-1", None], [None, None], (1, 1))])
def test_swiss_a_match_score_on_one_row_is_the_whole_match(tmp_path, run, ann, ben, points):
    path = match(tmp_path, "swiss", ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"], ann, ben)
    assert problems(run("check", path)) == []
    table = {row["name"]: row for row in standings(run, path)}
    assert (table["Ann"]["match_points"], table["Ben"]["match_points"]) == points


def test_a_plain_number_on_one_row_is_not_the_whole_match(tmp_path, run):
    path = match(tmp_path, "swiss", ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"], [2, None],
                 [None, None])
    assert errors(run("check", path)) == ["Round 1!E3: Games won is empty while other results of table 1 are "
                                            "filled in. Type the missing result, or clear the whole table to enter "
                                            "it later."]


def test_a_refused_entry_is_not_reported_again_as_the_other_row_s_blank(tmp_path, run):
    result = run("check", match(tmp_path, "pod-round-robin", WLD, [7], [None]))
    assert errors(result) == ["Round 1!E2: Result needs one of W, L, D, found 7. Type W for a win, L for a loss or "
                                "D for a draw (Win, Loss, Draw are read too)."]


# --- messages at the cell that is wrong ---------------------------------------------------------------------------


def test_a_typed_over_header_is_reported_at_its_own_cell(tmp_path, run):
    path = match(tmp_path, "swiss-tp", ["Table", "Seat", "ID", "Player", "OP", "4-1", "Note"], [4, 2], [1, 3])
    result = run("check", path)
    assert result.exit_code == 1
    assert problems(result) == ['Round 1!F1: The header here reads "4-1" where SP belongs, so the sheet has no SP '
                                "column and the results under it are not read. Type SP back in this cell (it looks "
                                "typed over)."]


def test_a_deleted_column_is_still_reported_where_the_headers_are(tmp_path, run):
    path = match(tmp_path, "swiss-tp", ["Table", "Seat", "ID", "Player", "OP", "Note", "X"], [4, 2], [1, 3])
    assert problems(run("check", path))[0] == "Round 1!A1: The sheet has no SP column. Add a column headed SP."


# --- the round sheet made for typing ------------------------------------------------------------------------------


def paired(tmp_path, run, ruleset="swiss", names=("Ann", "Ben", "Cat", "Dan", "Eve")) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\n" + "\n".join(names) + "\n", encoding="utf-8")
    path = tmp_path / "event.xlsx"
    assert run("init", path, "--ruleset", ruleset, "--players", roster, "--seed", 3).exit_code == 0
    assert run("pair", path, "--no-reports").exit_code == 0
    return path


def fill(cell) -> str | None:
    return cell.fill.fgColor.rgb if cell.fill.fill_type == "solid" else None


def test_the_round_sheet_groups_tables_marks_result_cells_and_keeps_the_table_in_view(tmp_path, run):
    path = paired(tmp_path, run)
    book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    rows = list(sheet.iter_rows(min_row=2, max_row=6))
    assert [row[0].value for row in rows] == [1, 1, 2, 2, "BYE"]
    assert sheet.freeze_panes == "E2"  # the header row and Table, Seat, ID, Player stay in view
    assert sheet.auto_filter.ref == "A1:G6"
    assert [fill(row[0]) for row in rows] == [None, None, "FFEDF2F7", "FFEDF2F7", None]  # every other table banded
    assert [row[0].border.top.style for row in rows] == [None, None, "thin", None, "thin"]  # a line above each table
    assert {fill(row[i]) for row in rows[:4] for i in (4, 5)} == {"FFFFF5CC"}  # the cells to type in
    assert [fill(row[4]) for row in rows[4:]] == [None]  # a bye has nothing to type
    assert [row[4].number_format for row in rows] == ["@"] * 4 + ["General"]  # a typed 2-1 stays text
    assert [fill(row[6]) for row in rows[:2]] == [None, None]  # the Note is not a result
    notes = {str(v.sqref): v.prompt for v in sheet.data_validations.dataValidation if v.prompt}
    assert notes["E1"] == notes["F1"] == ("The match score from one row's side, on that row (2-1, 2-1-1 with a "
                                          "drawn game, ID for an intentional draw), is the whole match: the other "
                                          "row may stay blank.")
    assert [[c.value for c in row[:4]] for row in rows] == [[1, 1, 3, "Cat"], [1, 2, 4, "Dan"], [2, 1, 2, "Ben"],
                                                            [2, 2, 1, "Ann"], ["BYE", None, 5, "Eve"]]
    assert all(c.data_type == "n" for row in rows[:4] for c in row[:3]) and rows[0][3].data_type == "s"


def test_the_w_l_d_drop_down_warns_instead_of_refusing_a_winner_s_name(tmp_path, run):
    sheet = openpyxl.load_workbook(paired(tmp_path, run, "pod-round-robin", ("Ann", "Ben", "Cat", "Dan")))["Round 1"]
    [drop_down] = [v for v in sheet.data_validations.dataValidation if v.type == "list"]
    assert (drop_down.formula1, drop_down.errorStyle, str(drop_down.sqref)) == ('"W,L,D"', "warning", "E2:E5")
    assert drop_down.error.endswith("The winner's name is read too: keep it with Yes.")
    assert {fill(row[4]) for row in sheet.iter_rows(min_row=2)} == {"FFFFF5CC"}
    assert sheet["E2"].number_format == "General"


def test_the_log_is_hidden_and_protected_and_still_read(tmp_path, run):
    path = paired(tmp_path, run)
    book = openpyxl.load_workbook(path)
    assert book.sheetnames[-1] == "Log"
    assert (book["Log"].sheet_state, book["Log"].protection.sheet) == ("hidden", True)
    assert book["Round 1"].sheet_state == "visible"
    del book["Round 1"]  # the Log remembers the round: its sheet gone is an error only a read Log can give
    book.save(path)
    result = run("check", path)
    assert result.exit_code == 1
    assert problems(result)[0].startswith("Round 1: sheetrunner paired Round 1 (the Log says so), but the workbook "
                                          'has no sheet named "Round 1".')


def test_results_typed_once_in_the_written_sheet_pair_the_next_round(tmp_path, run):
    path = paired(tmp_path, run)
    book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    sheet["E2"], sheet["F2"], sheet["E5"] = "2-1", None, "ID"  # Cat beat Dan 2-1; Ben and Ann drew intentionally
    book.save(path)
    assert run("pair", path, "--no-reports").exit_code == 0
    book = openpyxl.load_workbook(path)
    assert [[c.value for c in row[3:6]] for row in book["Round 1"].iter_rows(min_row=2, max_row=5)] == [
        ["Cat", "2-1", None], ["Dan", None, None], ["Ben", None, None], ["Ann", "ID", None]]  # kept as typed
    table = {row["name"]: row["match_points"] for row in standings(run, path)}
    assert table == {"Cat": 3, "Dan": 0, "Ben": 1, "Ann": 1, "Eve": 3}
    assert book.sheetnames[-1] == "Log" and book["Log"].max_row == 3


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None and shutil.which("libreoffice") is None,
                    reason="LibreOffice is not installed (CI installs it)")
def test_libreoffice_opens_the_round_sheet_made_for_typing(tmp_path, run):
    path = paired(tmp_path, run)
    office = shutil.which("soffice") or shutil.which("libreoffice")
    out = tmp_path / "csv"
    subprocess.run([office, "--headless", "--norestore", f"-env:UserInstallation=file://{tmp_path}/lo-profile",
                    "--convert-to", 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
                    "--outdir", str(out), str(path)], check=True, capture_output=True, timeout=180)
    rows = list(csv.reader(io.StringIO(next(out.glob("*Round 1*.csv")).read_text(encoding="utf-8"))))
    assert rows == [["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"],
                    ["1", "1", "3", "Cat", "", "", ""], ["1", "2", "4", "Dan", "", "", ""],
                    ["2", "1", "2", "Ben", "", "", ""], ["2", "2", "1", "Ann", "", "", ""],
                    ["BYE", "", "5", "Eve", "", "", ""]]
    log = list(csv.reader(io.StringIO(next(out.glob("*Log*.csv")).read_text(encoding="utf-8"))))
    assert log[0][:2] == ["Time", "Command"] and len(log) == 2  # the hidden Log is there, as written


# --- the hall server sees the match typed once ---------------------------------------------------------------------


@pytest.mark.parametrize("phones, conflict", [((2, 1), False), ((1, 2), True)])
def test_the_hall_holds_a_phone_report_to_the_match_typed_once(tmp_path, phones, conflict):
    from builder import digest, type_results
    from hall_support import code, hall, paired_event, report, tables

    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        type_results(path, 1, {first["seats"][0]["name"]: {"Games won": "2-1"}})  # the other row left blank
        client.post("/api/results", json=report(first, phones, code=code(state, first["table"])))
        typed = digest(path)
        done = state.write_now()
        assert (bool(done.conflicts), done.refused) == (conflict, [])
    assert digest(path) == typed  # the same result is already there; a different one waits for the desk


@pytest.mark.parametrize("ann, ben, cell", [
    (["2-1-1", 0], [None, None], "E2"),     # the row says two things; Ben's blank row took the score's drawn game
    ([2, 0], ["1-2-1", None], "E3"),        # Ben's score says a drawn game that both rows' Games drawn deny
    (["2-1-1", 0], ["1-2-1", 0], "E2"),     # both rows say it twice: the table's first disagreement, once
])
def test_a_scores_drawn_games_that_its_own_row_denies_are_said_at_the_score(tmp_path, run, ann, ben, cell):
    headers = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]
    rows = [[1, 1, 1, "Ann", *ann, None], [1, 2, 2, "Ben", *ben, None]]
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben"], [rows], ruleset="swiss", round_headers=headers,
                      total_rounds=1)
    score = ann[0] if cell == "E2" else ben[0]
    assert run("check", path).stdout.splitlines() == [
        f"Round 1!{cell}: Table 1: the score {score} typed here has 1 drawn game, but Games drawn says 0. Type 1 under "
        "Games drawn on both rows, or correct the score.", "1 error(s), 0 warning(s)."]


GAMES = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]


@pytest.mark.parametrize("ruleset, headers, ann, key, kind, value", [
    ("swiss-tp", TP, ["4-1", "2-3"], "op", "MatchScore", 4),
    ("swiss", GAMES, ["2-1-1", None], "games_won", "MatchScore", 2),
    ("swiss", GAMES, ["ID", None], "games_won", "IntentionalDraw", 0)])
def test_a_score_typed_as_the_slip_reads_crosses_to_the_hall_servers_process(tmp_path, ruleset, headers, ann, key,
                                                                            kind, value):
    """The hall's writer process reads the workbook and pickles the event to the server's process: a typed match
    score or intentional draw (an int carrying what was typed) must come back whole, not fail to unpickle."""
    snapshot = read_snapshot(match(tmp_path, ruleset, headers, ann, [None, None]))
    back = pickle.loads(pickle.dumps(snapshot))
    assert back.event == snapshot.event
    typed = back.event.rounds[0].tables[0].seats[0].result[key]
    assert (type(typed).__name__, typed, typed.typed) == (kind, value, ann[0])
