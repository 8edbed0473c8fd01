"""Team events: any line-up the TO types is read, a bad one is said at its cell with how to fix it, all at once;
settings and rosters that make no sense for a team event are refused where they are typed (issue 22)."""

from __future__ import annotations

import json
import shutil

import openpyxl
import pytest

TEAMS = ["Amber", "Birch", "Cedar", "Dune"]
# Round 1 as sheetrunner pairs it for seed 5 (rows 2-13): Team match | Table | Seat | ID | Player | Team | ...
#   match 1: Dune 1-3 v Birch 1-3 on tables 1-3 (rows 2-7); match 2: Cedar 1-3 v Amber 1-3 on tables 4-6 (rows 8-13)
ROW = {"Dune 1": 2, "Birch 1": 3, "Dune 2": 4, "Birch 2": 5, "Dune 3": 6, "Birch 3": 7, "Cedar 1": 8, "Amber 1": 9,
       "Cedar 2": 10, "Amber 2": 11, "Cedar 3": 12, "Amber 3": 13}
IDS = {f"{team} {board}": index * 3 + board for index, team in enumerate(TEAMS) for board in (1, 2, 3)}
IDS["Cedar Sub"] = 13


def new_event(folder, run, rounds: int = 3, settings: dict | None = None, pair: bool = True):
    roster = folder / "teams.csv"
    lines = ["Name,Team,Board"] + [f"{team} {board},{team},{board}" for team in TEAMS for board in (1, 2, 3)]
    roster.write_text("\n".join(lines + ["Cedar Sub,Cedar,"]) + "\n", encoding="utf-8")
    path = folder / "e.xlsx"
    assert run("init", path, "--ruleset", "swiss", "--players", roster, "--rounds", rounds, "--seed", 5).exit_code == 0
    edit_settings(path, {"Team size": 3, **(settings or {})})
    if pair:
        assert run("pair", path, "--no-reports").exit_code == 0
    return path


def set_players(path, header: str, value, names) -> None:
    """The TO types `value` under `header` in Players for each player named."""
    book = openpyxl.load_workbook(path)
    sheet = book["Players"]
    column = [cell.value for cell in sheet[1]].index(header)
    for row in sheet.iter_rows(min_row=2):
        if row[1].value in names:
            row[column].value = value
    book.save(path)


def play_round_1(path) -> None:
    """Round 1 as paired, the home team winning every board 2-0."""
    book = openpyxl.load_workbook(path)
    for row in book["Round 1"].iter_rows(min_row=2):
        row[6].value = 2 if row[2].value == 1 else 0
    book.save(path)


def edit_settings(path, values: dict):
    book = openpyxl.load_workbook(path)
    for row in book["Event"].iter_rows(min_row=2):
        if row[0].value in values:
            row[1].value = values[row[0].value]
    book.save(path)


@pytest.fixture(scope="module")
def paired(tmp_path_factory):
    from click.testing import CliRunner

    from sheetrunner.commands.cli import cli

    runner = CliRunner()
    return new_event(tmp_path_factory.mktemp("lineups"), lambda *a: runner.invoke(cli, [str(x) for x in a]))


@pytest.fixture
def event(paired, tmp_path):
    return shutil.copy(paired, tmp_path / "e.xlsx")


def seat(path, row: int, name: str, team: str, table=None):
    """The TO retypes a row: another player (ID and Team as a TO would copy them), and maybe another table."""
    book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    sheet.cell(row, 4).value, sheet.cell(row, 5).value, sheet.cell(row, 6).value = IDS[name], name, team
    if table is not None:
        sheet.cell(row, 2).value, sheet.cell(row, 3).value = table, None if table == "BYE" else sheet.cell(row, 3).value
    book.save(path)


def cells(path, values: dict):
    book = openpyxl.load_workbook(path)
    for where, value in values.items():
        book["Round 1"][where].value = value
    book.save(path)


def problems(run, path) -> list[str]:
    result = run("check", path)
    return result.stdout.splitlines()


def test_the_round_as_paired_reads_clean(event, run):
    assert problems(run, event) == ["0 error(s), 0 warning(s)."]


def test_a_retyped_line_up_is_accepted(event, run):
    """Amber swaps its boards 1 and 2, and Cedar fields its substitute on board 3: any line-up that makes team
    matches is the truth, and the regular left out has missed nothing."""
    seat(event, ROW["Amber 1"], "Amber 2", "Amber")
    seat(event, ROW["Amber 2"], "Amber 1", "Amber")
    seat(event, ROW["Cedar 3"], "Cedar Sub", "Cedar")
    assert problems(run, event) == ["0 error(s), 0 warning(s)."]
    book = openpyxl.load_workbook(event)
    for row in book["Round 1"].iter_rows(min_row=2):
        row[6].value = 2 if row[2].value == 1 else 0
    book.save(event)
    result = run("pair", event, "--no-reports")
    assert result.exit_code == 0, result.output
    seated = [cell.value for cell in openpyxl.load_workbook(event)["Round 2"]["E"]]  # the Player column
    assert "Cedar 3" in seated  # back on board 3 in round 2: sitting out round 1 was no absence


def test_two_players_of_one_team_at_a_board(event, run):
    seat(event, ROW["Amber 1"], "Cedar Sub", "Cedar")
    assert problems(run, event) == [
        "Round 1!E9: Table 4: Cedar 1 and Cedar Sub both play for Cedar; a board pits one player of each team of its "
        "team match. Seat a player of the other team here (the line-up may be retyped), or move one of them to a "
        "board of their match.",
        "Round 1!E8: warning: Cedar 1 (E8) and Cedar Sub (E9) are both Cedar: team mates paired by hand. If that is "
        "not meant, swap one of them with a player at another table.",
        "1 error(s), 1 warning(s)."]


def test_a_team_seated_against_two_teams(event, run):
    """Birch 3 and Amber 3 swap: Dune and Cedar each meet two teams. The matches after the first such board are
    still grouped: Cedar v Amber's mislabelled row is said too."""
    seat(event, ROW["Birch 3"], "Amber 3", "Amber")
    seat(event, ROW["Amber 3"], "Birch 3", "Birch")
    cells(event, {"A10": 3})
    assert problems(run, event) == [
        "Round 1!E7: Table 3: Dune plays Amber here but Birch at table 1; a team plays one team match per round. "
        "Seat Dune's players against one team only: every board of a match pits the same two teams.",
        "Round 1!E13: Table 6: Cedar plays Birch here but Amber at table 4; a team plays one team match per round. "
        "Seat Cedar's players against one team only: every board of a match pits the same two teams.",
        "Round 1!A10: This row says team match 3, but the other boards of Cedar v Amber say 2. Type 2: every board "
        "of a team match (Cedar v Amber) carries its label.",
        "3 error(s), 0 warning(s)."]


def test_team_match_labels_must_group_the_boards(event, run):
    cells(event, {"A4": None, "A10": 3, "A12": None})
    assert problems(run, event) == [
        "Round 1!A4: Team match is empty. Type 1: every board of a team match (Dune v Birch) carries its label.",
        "Round 1!A10: This row says team match 3, but the other boards of Cedar v Amber say 2. Type 2: every board "
        "of a team match (Cedar v Amber) carries its label.",
        "Round 1!A12: Team match is empty. Type 2: every board of a team match (Cedar v Amber) carries its label.",
        "3 error(s), 0 warning(s)."]


def test_two_team_matches_with_one_label(event, run):
    cells(event, {f"A{row}": 2 for row in range(2, 8)})
    assert problems(run, event) == [
        "Round 1!A8: Team match 2 is both Dune v Birch and Cedar v Amber. Give each team match its own label.",
        "1 error(s), 0 warning(s)."]


def test_a_team_fielding_more_players_than_the_team_size(event, run):
    book = openpyxl.load_workbook(event)
    book["Round 1"].append([2, "BYE", None, 13, "Cedar Sub", "Cedar"])
    book.save(event)
    assert problems(run, event) == [
        "Round 1!E14: Cedar fields 4 players in team match 2; a team fields at most 3 (Team size). Delete the extra "
        "rows (a substitute who did not play has no row), or raise Team size in the Event sheet.",
        "1 error(s), 0 warning(s)."]


def test_a_team_left_out_of_a_round_with_results(event, run):
    """Every row of match 1 deleted: Dune and Birch play in round 1 but have no board, a warning while the round has
    no result (it may be retyped yet), an error once results are typed for match 2."""
    book = openpyxl.load_workbook(event)
    sheet = book["Round 1"]
    sheet.delete_rows(2, 6)
    book.save(event)
    assert problems(run, event) == [
        "Players!B5: warning: Birch plays in round 1 but has no board in Round 1. Seat its players against their team "
        "match's, or, if Birch withdrew, type 0 under Dropped after for all its players.",
        "Players!B11: warning: Dune plays in round 1 but has no board in Round 1. Seat its players against their team "
        "match's, or, if Dune withdrew, type 0 under Dropped after for all its players.",
        "0 error(s), 2 warning(s)."]
    for row in sheet.iter_rows(min_row=2):
        row[6].value = 2 if row[2].value == 1 else 0
    book.save(event)
    assert problems(run, event) == [
        "Players!B5: Birch plays in round 1 but has no board in Round 1. Seat its players against their team "
        "match's, or, if Birch withdrew, type 0 under Dropped after for all its players.",
        "Players!B11: Dune plays in round 1 but has no board in Round 1. Seat its players against their team "
        "match's, or, if Dune withdrew, type 0 under Dropped after for all its players.",
        "2 error(s), 0 warning(s)."]


def test_a_team_cell_that_disagrees_with_players_is_a_warning(event, run):
    cells(event, {"F2": "Birch", "F5": "Amber"})  # F5: the second seat of a table whose first agrees
    assert problems(run, event) == [
        "Round 1!F2: warning: Dune 1 plays for Dune (Players), not Birch. Correct this Team cell, or the player's "
        "Team in Players: sheetrunner goes by Players.",
        "Round 1!F5: warning: Birch 2 plays for Birch (Players), not Amber. Correct this Team cell, or the player's "
        "Team in Players: sheetrunner goes by Players.",
        "0 error(s), 2 warning(s)."]


def test_roster_problems_are_said_at_their_cells(tmp_path, run):
    path = new_event(tmp_path, run, pair=False)
    book = openpyxl.load_workbook(path)
    players = book["Players"]
    players["C13"] = None  # Dune 3 has no team
    players["H3"] = "first"  # Amber 2's board
    players["H7"] = 4  # Birch 3 beyond the team size
    players["H9"] = "A"  # Cedar 2 on board A: board 1, Cedar 1's
    players.append([None, "Elm 1", "Elm", None, None, None, None, 1])
    book.save(path)
    assert problems(run, path) == [
        "Players!H3: Board needs a board number from 1 (or a letter A, B, C …), found \"first\". Type the board this "
        "player holds in their team (1 is the first board; A, B, C work too), or leave it blank for a substitute.",
        "Players!C13: Dune 3 plays for no team. Type their team under Team: in a team event every player plays for "
        "one.",
        "Players!H7: Birch 3 holds board 4, but a team fields 3 (Team size). Type a board from 1 to 3, or leave it "
        "blank for a substitute.",
        "Players!H9: Cedar 2 and Cedar 1 both hold board 1 of Cedar. Give each regular of the team their own board; "
        "leave a substitute's blank.",
        "Players!C11: Dune has 2 player(s), but Team size is 3. Add its missing players to Players, or lower Team "
        "size in the Event sheet.",
        "Players!C15: Elm has 1 player(s), but Team size is 3. Add its missing players to Players, or lower Team "
        "size in the Event sheet.",
        "6 error(s), 0 warning(s)."]


@pytest.mark.parametrize("ruleset, settings, expected", [
    ("pod-round-robin", {}, "Event!B{row}: Team size is 3, but a team event is paired by the Swiss: pod-round-robin "
                            "cannot be played by teams. Set Ruleset to swiss or swiss-tp, or Team size to none."),
    ("swiss", {"Top cut": 8}, "Event!B10: Top cut is 8, but only 0 teams are still in after round 3. Type a cut of "
                              "at most 0 teams, or none.")])
def test_settings_that_make_no_sense_for_teams_are_refused_at_their_cell(tmp_path, run, ruleset, settings, expected):
    path = tmp_path / "e.xlsx"
    assert run("init", path, "--ruleset", ruleset, "--rounds", 3).exit_code == 0
    book = openpyxl.load_workbook(path)
    rows = {row[0].value: row for row in book["Event"].iter_rows(min_row=2)}
    for label, value in {"Team size": 3, **settings}.items():
        rows[label][1].value = value
    book.save(path)
    lines = problems(run, path)
    assert expected.format(row=rows["Team size"][1].row) in lines, lines


def test_init_makes_a_team_event(tmp_path, run):
    """`init --team-size 3`: Team size in the Event sheet, Team match result with its drop-down, a Board column
    in Players (read from the roster), rounds for the number of teams; refused for a ruleset teams cannot play."""
    roster = tmp_path / "teams.csv"
    roster.write_text("Name,Team,Board\n" + "".join(f"{team} {b},{team},{b}\n" for team in TEAMS for b in "ABC"),
                      encoding="utf-8")
    path = tmp_path / "e.xlsx"
    made = run("init", path, "--ruleset", "swiss-tp", "--team-size", 3, "--players", roster)
    assert made.exit_code == 0, made.output
    assert made.stdout.splitlines()[0] == "Imported 12 player(s) from teams.csv: Name; Team; Board."
    book = openpyxl.load_workbook(path)
    rows = {row[0].value: row for row in book["Event"].iter_rows(min_row=2)}
    assert (rows["Team size"][1].value, rows["Team match result"][1].value, rows["Rounds"][1].value) == \
        (3, "board wins", 3)  # 4 teams: at least 3 rounds
    lists = {str(rule.sqref): rule.formula1 for rule in book["Event"].data_validations.dataValidation}
    assert lists[rows["Team match result"][1].coordinate] == '"board wins,summed points"'
    assert [cell.value for cell in book["Players"][1]][-1] == "Board"
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]
    refused = run("init", tmp_path / "pods.xlsx", "--ruleset", "pod-round-robin", "--team-size", 3)
    assert refused.exit_code == 1 and refused.stderr.splitlines()[0] == (
        "A team event is paired by the Swiss: pod-round-robin cannot be played by teams. Use --ruleset swiss or "
        "swiss-tp.")


def test_a_late_team_joins_in_round_2(tmp_path, run):
    """Elm's three players have Joined in 2: round 1 pairs the four other teams, round 2 all five (a team bye).
    Elm's round 1 is the team's loss with no opponent (§2); for its players it is no round played."""
    path = new_event(tmp_path, run, pair=False,
                     settings={"Tiebreakers": "match_points, match_win_pct, game_win_pct, opponents_game_win_pct"})
    book = openpyxl.load_workbook(path)
    for board in (1, 2, 3):
        book["Players"].append([None, f"Elm {board}", "Elm", None, None, 2, None, board])
    book.save(path)
    first = run("pair", path, "--no-reports")
    assert first.exit_code == 0 and first.stdout.splitlines()[0] == \
        "Round 1: 2 team match(es), 0 team bye(s), on 6 table(s)."
    book = openpyxl.load_workbook(path)
    for row in book["Round 1"].iter_rows(min_row=2):
        row[6].value = 2 if row[2].value == 1 else 0  # the home team wins every board 2-0
    book.save(path)
    second = run("pair", path, "--no-reports")
    assert second.exit_code == 0, second.output
    assert second.stdout.splitlines()[0] == "Round 2: 2 team match(es), 1 team bye(s), on 6 table(s)."
    # Elm is the lowest team (its missed round a loss) without a bye: it has the bye, its players a bye each
    assert [line for line in second.stdout.splitlines() if line.startswith("  Bye: ")] == ["  Bye: Elm (MP 0)"]
    assert [row[4] for row in openpyxl.load_workbook(path)["Round 2"].iter_rows(values_only=True)
            if row[1] == "BYE"] == ["Elm 1", "Elm 2", "Elm 3"]
    teams = {row[1]: row for row in openpyxl.load_workbook(path)["Team standings after R1"].iter_rows(values_only=True)}
    assert teams["Elm"][3:] == (0, 0, 0.3333, 0, None)  # MP 0, no opponent (OMW% 0), BW% at its floor, OBW% 0
    players = {row["name"]: row for row in json.loads(run("standings", path, "--json", "--no-write").stdout)}
    assert (players["Elm 1"]["match_points"], players["Elm 1"]["game_win_pct"]) == (0, 0.333333)
    book = openpyxl.load_workbook(path)
    for row in book["Round 2"].iter_rows(min_row=2):
        if row[1].value != "BYE":
            row[6].value = 2 if row[2].value == 1 else 0
    book.save(path)
    players = {row["name"]: row for row in json.loads(run("standings", path, "--json", "--no-write").stdout)}
    # after round 2 Elm 1 has played one round, its bye: round 1, before it joined, is no round played for MW%
    assert (players["Elm 1"]["match_points"], players["Elm 1"]["match_win_pct"]) == (3, 1)
    # for the team, round 1 is a loss: its bye's 3 match points over two rounds, a match-win % of one half
    edit_settings(path, {"Team tiebreakers": "match_points, match_win_pct"})
    teams = {row["name"]: row for row in json.loads(run("standings", path, "--teams", "--json", "--no-write").stdout)}
    assert (teams["Elm"]["match_points"], teams["Elm"]["match_win_pct"]) == (3, 0.5)
    # the players' history says why Elm's players have no round 1: not played, rather than a missed round's loss
    assert run("report", path, "--round", 2, "--out", tmp_path / "reports", "-q").exit_code == 0
    history = (tmp_path / "reports" / "history.html").read_text(encoding="utf-8")
    assert history.count('<td class="result">not played (a round before the player joined)</td>') == 3
    assert "missed (" not in history


def test_a_board_whose_player_cannot_be_read_is_said_once_never_a_crash(event, run):
    """A board's player row whose ID and name are both cleared: the round sheet says so at the cell, and the
    line-up checks leave that half-board alone (it once ended `check` in an internal error, exit 70)."""
    cells(event, {f"D{ROW['Amber 1']}": None, f"E{ROW['Amber 1']}": None})
    result = run("check", event)
    assert result.exit_code == 1
    assert result.stdout == (f"Round 1!E{ROW['Amber 1']}: The row names no player. Type the player's name.\n"
                             "1 error(s), 0 warning(s).\n")


def test_every_board_is_checked_after_one_with_a_problem(event, run):
    """Dune 2 and Birch 1 swap rows: tables 1 and 2 each pit two team mates, and both are said."""
    seat(event, ROW["Birch 1"], "Dune 2", "Dune")
    seat(event, ROW["Dune 2"], "Birch 1", "Birch")
    cells(event, {"A10": 3})  # and Cedar v Amber's boards are still grouped into their match: its label is checked
    both = "both play for {}; a board pits one player of each team of its team match. Seat a player of the other " \
           "team here (the line-up may be retyped), or move one of them to a board of their match."
    mates = "are both {}: team mates paired by hand. If that is not meant, swap one of them with a player at " \
            "another table."
    assert problems(run, event) == [
        f"Round 1!E3: Table 1: Dune 1 and Dune 2 {both.format('Dune')}",
        f"Round 1!E5: Table 2: Birch 1 and Birch 2 {both.format('Birch')}",
        "Round 1!A10: This row says team match 3, but the other boards of Cedar v Amber say 2. Type 2: every board "
        "of a team match (Cedar v Amber) carries its label.",
        f"Round 1!E2: warning: Dune 1 (E2) and Dune 2 (E3) {mates.format('Dune')}",
        f"Round 1!E4: warning: Birch 1 (E4) and Birch 2 (E5) {mates.format('Birch')}",
        "3 error(s), 2 warning(s)."]


def test_a_board_short_of_a_player_or_with_a_player_of_no_team_leaves_the_later_boards_checked(event, run):
    """Table 1 loses its second row, and Dune 2 (at table 2) has no team in Players: each is said where it belongs
    (the round sheet's table count, Players), and table 4, two Cedar players, is still checked."""
    cells(event, {f"{column}3": None for column in "ABCDEFGHI"})
    seat(event, ROW["Amber 1"], "Cedar Sub", "Cedar")
    book = openpyxl.load_workbook(event)
    book["Players"]["C12"].value = None  # Dune 2's Team
    book.save(event)
    assert problems(run, event) == [
        "Round 1!B2: Table 1 has 1 player(s); a swiss game has 2. Fix the table numbers so each game has the right "
        "number of players.",
        "Players!C12: Dune 2 plays for no team. Type their team under Team: in a team event every player plays for one.",
        "Players!C11: Dune has 2 player(s), but Team size is 3. Add its missing players to Players, or lower Team size "
        "in the Event sheet.",
        "Round 1!E9: Table 4: Cedar 1 and Cedar Sub both play for Cedar; a board pits one player of each team of its "
        "team match. Seat a player of the other team here (the line-up may be retyped), or move one of them to a "
        "board of their match.",
        "Round 1!E8: warning: Cedar 1 (E8) and Cedar Sub (E9) are both Cedar: team mates paired by hand. If that is "
        "not meant, swap one of them with a player at another table.",
        "4 error(s), 1 warning(s)."]


def test_a_team_with_no_board_is_on_its_bye_whatever_its_label_and_fields_at_most_team_size_there(event, run):
    """Cedar v Amber becomes two sets of BYE rows: Cedar's under BYE, with Cedar Sub as a fourth, too many for a
    team of three; Amber's still under match 2, read as Amber's bye with a warning at each of its Team match
    cells. A row of Dune v Birch left without its label is said beside them."""
    book = openpyxl.load_workbook(event)
    sheet = book["Round 1"]
    sheet["A4"].value = None
    for row in (ROW["Cedar 1"], ROW["Cedar 2"], ROW["Cedar 3"]):
        sheet[f"A{row}"].value, sheet[f"B{row}"].value, sheet[f"C{row}"].value = "BYE", "BYE", None
    for row in (ROW["Amber 1"], ROW["Amber 2"], ROW["Amber 3"]):
        sheet[f"B{row}"].value, sheet[f"C{row}"].value = "BYE", None
    sheet.append([None, "BYE", None, IDS["Cedar Sub"], "Cedar Sub", "Cedar"])  # a bye row's blank label is fine
    book.save(event)
    assert problems(run, event) == [
        "Round 1!E14: Cedar fields 4 players in its bye; a team fields at most 3 (Team size). Delete the extra rows (a "
        "substitute who did not play has no row), or raise Team size in the Event sheet.",
        "Round 1!A4: Team match is empty. Type 1: every board of a team match (Dune v Birch) carries its label.",
        "Round 1!A9: warning: This BYE row says team match 2, but Amber plays no board this round: it is read as "
        "Amber's bye. The same at Round 1!A11, Round 1!A13. Type BYE under Team match, or seat the team's players at "
        "the boards of their match.",
        "2 error(s), 1 warning(s)."]


def test_a_match_with_no_label_typed_is_told_its_number(event, run):
    """Every Team match cell of Cedar v Amber cleared: the match is the second in table order, so each row is told
    to carry 2 (one message for the six cells)."""
    cells(event, {f"A{row}": None for row in range(8, 14)})
    assert problems(run, event) == [
        "Round 1!A8: Team match is empty. The same at Round 1!A9, Round 1!A10, Round 1!A11, Round 1!A12, Round 1!A13. "
        "Type 2: every board of a team match (Cedar v Amber) carries its label.",
        "1 error(s), 0 warning(s)."]


def test_a_forfeited_boards_row_under_another_label_is_said(event, run):
    """Board 3 of Cedar v Amber turned into two BYE rows (both forfeited), Amber 3's typed under match 7: a BYE row
    of a team in a match belongs to that match, so its label must be the match's."""
    cells(event, {"B12": "BYE", "C12": None, "B13": "BYE", "C13": None, "A13": 7})
    assert problems(run, event) == [
        "Round 1!A13: This row says team match 7, but the other boards of Cedar v Amber say 2. Type 2: every board of "
        "a team match (Cedar v Amber) carries its label.",
        "1 error(s), 0 warning(s)."]


def test_a_round_sheet_without_its_player_column_points_to_the_id(event, run):
    """A round sheet typed with IDs only (the Player column deleted): a board's problem is said at the ID cell."""
    book = openpyxl.load_workbook(event)
    sheet = book["Round 1"]
    sheet.delete_cols(5)
    sheet[f"D{ROW['Amber 1']}"].value = IDS["Cedar Sub"]
    book.save(event)
    assert problems(run, event)[0] == (
        "Round 1!D9: Table 4: Cedar 1 and Cedar Sub both play for Cedar; a board pits one player of each team of its "
        "team match. Seat a player of the other team here (the line-up may be retyped), or move one of them to a "
        "board of their match.")


def test_a_match_whose_boards_carry_no_label_takes_the_one_on_its_forfeited_boards(event, run):
    """Cedar v Amber's boards 1 and 2 have no Team match; board 3 is two BYE rows (both forfeited) under 5: the
    match is 5, and the other rows are told so."""
    cells(event, {**{f"A{row}": None for row in range(8, 12)}, "A12": 5, "A13": 5, "B12": "BYE", "C12": None,
                  "B13": "BYE", "C13": None})
    assert problems(run, event) == [
        "Round 1!A8: Team match is empty. The same at Round 1!A9, Round 1!A10, Round 1!A11. Type 5: every board of a "
        "team match (Cedar v Amber) carries its label.",
        "1 error(s), 0 warning(s)."]
