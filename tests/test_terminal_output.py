"""Issue 31, the terminal says what matters (sheetrunner/reports/round_summary.py, console.py, output.py, exits.py).

`pair --redo` names the tables that changed against the sheet it replaced; the walk-in error and the
corrected-result warning offer `--redo` while the round has no results; a board of three or more says its
compromises in one line, each pair once; scores show as the standings show them; the standings print no internal
column; a team event's round is its team matches; errors and warnings are coloured on a terminal only; each
command's help points to the exit codes once listed in `sheetrunner --help`, and `-q` mentions --json only where
there is one. Everything through the CLI, with exact lines.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from builder import edit_players, enter_results, make_event, round_rows, seating
from click.testing import CliRunner

from sheetrunner.commands.cli import cli
from sheetrunner.commands.exits import EXIT_CODES, EXIT_CODES_POINTER

SAMPLES = Path(__file__).parent.parent / "sample_events"
SIX = ["Ann", "Ben", "Cid", "Dan", "Eve", "Fay"]
CLUBS = ("Paris", "Lyon", "Nice", "Metz")


def copy_sample(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(SAMPLES / name, path)
    return path


def swap_players(path: Path, number: int, first: int, second: int) -> None:
    """Swap the ID and Player cells of two rows of a round sheet (sheet rows, 2 = the first player), as a TO
    swapping two players by hand would."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {number}"]
    for column in ("C", "D"):
        sheet[f"{column}{first}"].value, sheet[f"{column}{second}"].value = \
            sheet[f"{column}{second}"].value, sheet[f"{column}{first}"].value
    book.save(path)


def diplomacy_round_3(tmp_path: Path) -> Path:
    """The Diplomacy sample (21 players, 2 rounds played) with a third round and the players in four clubs: round
    3 cannot avoid repeats or club mates."""
    path = copy_sample(tmp_path, "ndc-diplomacy-21-players.xlsx")
    book = openpyxl.load_workbook(path)
    next(row for row in book["Event"].iter_rows() if row[0].value == "Rounds")[1].value = 3
    for index, row in enumerate(book["Players"].iter_rows(min_row=2)):
        row[2].value = CLUBS[index % 4]
    book.save(path)
    return path


def test_redo_names_the_tables_that_changed_and_writes_the_whole_round(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", SIX + ["Gus", "Hal"])
    assert run("pair", path, "--no-reports").exit_code == 0
    paired = seating(path, 1)
    assert paired == {1: ["Ben", "Ann"], 2: ["Gus", "Eve"], 3: ["Hal", "Cid"], 4: ["Fay", "Dan"]}
    swap_players(path, 1, 2, 4)  # Ben (table 1) and Gus (table 2) swapped by hand, then the round paired again
    result = run("pair", path, "--no-reports", "--redo")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:3] == [
        "Round 1, paired again: 4 table(s), 0 bye(s).",
        "Changed: table 1 (Ben v Ann, was Gus v Ann), table 2 (Gus v Eve, was Ben v Eve); the other 2 tables are as "
        "they were.",
        "Compromises: none."]
    assert seating(path, 1) == paired  # the whole round written again, as the engine paired it


def test_redo_that_changes_nothing_says_so(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", SIX)
    run("pair", path, "--no-reports")
    assert run("pair", path, "--no-reports", "--redo").stdout.splitlines()[:2] == [
        "Round 1, paired again: 3 table(s), 0 bye(s).", "Nothing changed: every table and bye is as it was."]


def test_the_walk_in_error_offers_redo_and_following_it_seats_them(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", SIX)
    run("pair", path, "--no-reports")
    edit_players(path, new=[{"Name": "Zed"}])  # typed under the roster as round 1 is announced
    refused = run("pair", path, "--no-reports")
    assert refused.exit_code == 1
    assert refused.stderr.splitlines() == [
        'Players!B8: "Zed" was added after Round 1 was paired (the Log lists who played it), but Joined in says they '
        "play from round 1. If they are a late entry, type 2 under Joined in; or, to seat them in Round 1, which has "
        "no results yet, run `sheetrunner pair --redo`; if the row is not a player (a total, a note), move it off "
        "the Players sheet.",
        "Error: 1 problem(s) to fix; nothing was written."]
    redone = run("pair", path, "--no-reports", "--redo")
    assert redone.exit_code == 0, redone.output
    assert redone.stdout.splitlines()[1] == (
        "Changed: table 1 (Eve v Ann, was Ann v Dan), table 2 (Zed v Dan, was Eve v Cid), table 3 (Cid v Ben, was "
        "Ben v Fay), byes (Fay, was none); no other table is as it was.")
    assert "Zed" in [row[3] for row in round_rows(path, 1)]


def test_the_walk_in_error_asks_for_joined_in_once_the_round_has_results(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", SIX)
    run("pair", path, "--no-reports")
    enter_results(path, 1, {name: (4, 1) if index % 2 else (3, 0) for index, name in enumerate(SIX)})
    edit_players(path, new=[{"Name": "Zed"}])
    assert run("check", path).stdout.splitlines()[0] == (
        'Players!B8: "Zed" was added after Round 1 was paired (the Log lists who played it), but Joined in says they '
        "play from round 1. If they are a late entry, type 2 under Joined in; if the row is not a player (a total, a "
        "note), move it off the Players sheet.")


def test_a_seat_missing_from_a_round_sheetrunner_did_not_pair_names_joined_in(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben"], [[(1, "Ann", 4, 1), (1, "Ben", 3, 0)]])
    edit_players(path, new=[{"ID": 3, "Name": "Zed"}])  # round 1 was typed by hand: no Log says who played it
    assert run("check", path).stdout.splitlines()[0] == (
        "Players!B4: Zed is playing but has no seat in Round 1. Add them to Round 1, type 2 under Joined in if they "
        "arrived after it, or type 0 under Dropped after if they left.")


def test_a_corrected_result_offers_redo_while_the_next_round_has_none(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", SIX[:4], [[(1, "Ann", 4, 1), (1, "Ben", 3, 0), (2, "Cid", 2, 0),
                                                      (2, "Dan", 1, 0)]])
    run("pair", path, "--no-reports")
    enter_results(path, 1, {"Ann": (1, 0)})  # the slip was misread: Ben won table 1
    checked = run("check", path)
    assert checked.stdout.splitlines() == [
        "Round 1: warning: Results changed after Round 2 was paired: table 1. Check these rows; standings now use the "
        "new results, but the later rounds were paired with the old ones. Round 2 has no results yet: `sheetrunner "
        "pair --redo` pairs it again on the new results.",
        "0 error(s), 1 warning(s)."]
    redone = run("pair", path, "--no-reports", "--redo")
    assert redone.stderr == ""  # the fix itself is not warned about
    assert redone.stdout.splitlines()[1] == (
        "Changed: table 1 (Ben v Cid, was Ann v Cid), table 2 (Dan v Ann, was Ben v Dan); no other table is as it "
        "was.")
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    assert [row[4] for row in round_rows(path, 1)[1:]] == [1, 3, 2, 1]  # the corrected result kept


def test_a_board_says_its_repeats_and_club_mates_once_in_one_line(tmp_path, run):
    path = diplomacy_round_3(tmp_path)
    lines = run("pair", path, "--no-reports").stdout.splitlines()
    compromises = lines[lines.index("Compromises:") + 1:-1]
    assert [line[:12] for line in compromises] == ["  - Board 1:", "  - Board 2:", "  - Board 3:"]
    assert compromises[0] == (
        "  - Board 1: met before: Barbara Liskov & Karen Sparck Jones (round 2), Barbara Liskov & Emmy Noether "
        "(round 1), Edsger Dijkstra & Ken Thompson (round 2), Edsger Dijkstra & Karen Sparck Jones (round 1), Edsger "
        "Dijkstra & Emmy Noether (round 2), Edsger Dijkstra & Tim Berners-Lee (round 1), Ken Thompson & Sophie "
        "Wilson (round 1), Ken Thompson & Emmy Noether (round 2), Sophie Wilson & Tim Berners-Lee (round 2), Karen "
        "Sparck Jones & Tim Berners-Lee (round 1); same team: Barbara Liskov & Sophie Wilson (Paris), Edsger "
        "Dijkstra & Tim Berners-Lee (Metz), Karen Sparck Jones & Emmy Noether (Nice); the search found no "
        "arrangement that avoids them.")
    notes = {row[3]: row[-1] for row in round_rows(path, 3)[1:]}  # each player's own notes stay in the sheet
    assert notes["Barbara Liskov"] == (
        "Meets Karen Sparck Jones again (last met in round 2): the search found no arrangement that avoids it. Meets "
        "Emmy Noether again (last met in round 1): the search found no arrangement that avoids it. Same team (Paris) "
        "as Sophie Wilson: the search found no arrangement that keeps them apart.")


def test_a_board_paired_again_names_the_seats_that_changed(tmp_path, run):
    path = diplomacy_round_3(tmp_path)
    run("pair", path, "--no-reports")
    swap_players(path, 3, 2, 10)  # board 1's Austria and board 2's England
    assert run("pair", path, "--no-reports", "--redo").stdout.splitlines()[1] == (
        "Changed: board 1 (Austria: Barbara Liskov, was Margaret Hamilton), board 2 (England: Margaret Hamilton, was "
        "Barbara Liskov); the other board is as it was.")


def test_pair_shows_scores_as_the_standings_do_and_the_standings_no_internal_column(tmp_path, run):
    path = diplomacy_round_3(tmp_path)
    standings = run("standings", path, "--no-write").stdout.splitlines()
    assert standings[1:3] == ["Rank  ID  Player              Team   Score",
                              "1     12  Dennis Ritchie      Metz   34.75"]
    assert standings[-2:] == [
        "  Score: Mean of the best board scores over the counted rounds; fewer rounds attended than counted "
        "multiplies it by the partial attendance factor.",
        "  Draw: A random draw fixed by the event's seed; decides only when everything else is equal."]
    board_2 = run("pair", path, "--no-reports").stdout.splitlines()[2]
    assert "Dennis Ritchie (Score 34.75) [Russia]" in board_2 and "Grace Hopper (Score 0.50) [France]" in board_2
    rows = json.loads(run("standings", path, "--no-write", "--json").stdout)
    assert {"team", "random"} <= set(rows[0])  # scripts keep every column


def test_standings_print_no_team_column_nobody_has(tmp_path, run):
    path = copy_sample(tmp_path, "ndc-diplomacy-21-players.xlsx")
    assert run("standings", path, "--no-write").stdout.splitlines()[1:3] == [
        "Rank  ID  Player              Score", "1     12  Dennis Ritchie      34.75"]


def test_a_team_round_is_printed_as_its_team_matches(tmp_path, run):
    path = copy_sample(tmp_path, "swiss-teams-9-teams-of-3.xlsx")
    result = run("pair", path, "--no-reports")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:-1] == [
        "Round 3: 4 team match(es), 1 team bye(s), on 12 table(s).",
        "  Match 1: Foxes (MP 6) v Harpies (MP 4), tables 1-3",
        "  Match 2: Aces (MP 6) v Imps (MP 4), tables 4-6",
        "  Match 3: Elves (MP 3) v Bards (MP 1), tables 7-9",
        "  Match 4: Golems (MP 3) v Crows (MP 1), tables 10-12",
        "  Bye: Dukes (MP 0)",
        "Compromises:",
        "  - Match 1 (Foxes v Harpies): Paired across score groups (6 v 4).",
        "  - Match 2 (Aces v Imps): Paired across score groups (6 v 4).",
        "  - Match 3 (Elves v Bards): Paired across score groups (3 v 1).",
        "  - Match 4 (Golems v Crows): Paired across score groups (3 v 1).",
        "  - Match 4, table 11 (Crows Sub): Substitute for Crows B (dropped after round 1)."]


@pytest.fixture
def terminal(monkeypatch):
    """The CLI as a person at a terminal sees it: `console` is told it writes to one, and click keeps colours."""
    monkeypatch.setattr("sheetrunner.commands.console.is_terminal", lambda stream: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    runner = CliRunner()
    return lambda *args: runner.invoke(cli, [str(a) for a in args], catch_exceptions=False, color=True)


RED, YELLOW, RESET = "\x1b[31m\x1b[1m", "\x1b[33m", "\x1b[0m"


def corrected(tmp_path: Path) -> Path:
    """Round 2 paired by sheetrunner, then a result of round 1 corrected."""
    path = make_event(tmp_path / "e.xlsx", SIX[:2])
    CliRunner().invoke(cli, ["pair", str(path), "--no-reports"])
    enter_results(path, 1, {"Ann": (4, 1), "Ben": (3, 0)})
    CliRunner().invoke(cli, ["pair", str(path), "--no-reports"])
    enter_results(path, 1, {"Ann": (1, 0)})
    return path


def test_warnings_are_yellow_and_errors_red_on_a_terminal_the_fix_plain(tmp_path, terminal):
    path = corrected(tmp_path)
    assert terminal("check", path).stdout.splitlines()[0] == (
        f"{YELLOW}Round 1: warning: Results changed after Round 2 was paired: table 1.{RESET} Check these rows; "
        "standings now use the new results, but the later rounds were paired with the old ones. Round 2 has no "
        "results yet: `sheetrunner pair --redo` pairs it again on the new results.")
    edit_players(path, new=[{"Name": "Zed"}])
    refused = terminal("pair", path, "--no-reports")
    assert refused.stderr.splitlines()[0] == (
        f'{RED}Players!B4: "Zed" was added after Round 1 was paired (the Log lists who played it), but Joined in says '
        f"they play from round 1.{RESET} If they are a late entry, type 3 under Joined in; or, to seat them in Round "
        "2, which has no results yet, type 2 under Joined in and run `sheetrunner pair --redo`; if the row is not a "
        "player (a total, a note), move it off the Players sheet.")
    assert refused.stderr.splitlines()[-1] == f"{RED}Error: 1 problem(s) to fix; nothing was written.{RESET}"


def test_no_colour_in_a_pipe_or_with_no_color(tmp_path, terminal, run, monkeypatch):
    path = corrected(tmp_path)
    assert "\x1b" not in run("check", path).stdout  # a pipe
    monkeypatch.setenv("NO_COLOR", "1")
    assert terminal("check", path).stdout.startswith("Round 1: warning: Results changed after Round 2 was paired")


def test_the_exit_codes_are_listed_once_and_each_command_points_to_them(run):
    top = " ".join(run("--help").stdout.split())
    assert " ".join(EXIT_CODES.split()) in top
    for name in cli.commands:
        text = " ".join(run(name, "--help").stdout.split())
        assert text.endswith(EXIT_CODES_POINTER) and "Exit codes:" not in text, name


def test_quiet_mentions_json_only_where_there_is_one(run):
    for name, command in cli.commands.items():
        options = {option for param in command.params for option in param.opts}
        if "--quiet" not in options:
            continue
        quiet = next(line for line in run(name, "--help").stdout.splitlines() if "--quiet" in line).split(None, 2)[2]
        expected = "Print only problems (and what --json asks for)." if "--json" in options else "Print only problems."
        assert quiet == expected, name


def test_check_quiet_prints_only_the_problems(tmp_path, run):
    path = corrected(tmp_path)
    assert run("check", path, "-q").stdout == (
        "Round 1: warning: Results changed after Round 2 was paired: table 1. Check these rows; standings now use the "
        "new results, but the later rounds were paired with the old ones. Round 2 has no results yet: `sheetrunner "
        "pair --redo` pairs it again on the new results.\n")
