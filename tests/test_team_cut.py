"""A top cut of teams through the command line (issue 33): eight teams of two play three Swiss rounds, the best
four play Top 4 and the Final as team matches on boards; the seeds are the team standings, 1 v 4 and 2 v 3; a
tied team match, a cut larger than the teams still in and a team seated where it has no place are each said at
their cell."""

from __future__ import annotations

import json

import openpyxl

TEAMS = ["Anvil", "Brook", "Crest", "Dune", "Elm", "Fjord", "Gale", "Heath"]  # strongest first


def make_event(folder, run, cut: int = 4):
    roster = folder / "teams.csv"
    roster.write_text("Name,Team,Board\n" + "".join(f"{team} {board},{team},{board}\n" for team in TEAMS
                                                    for board in (1, 2)), encoding="utf-8")
    path = folder / "cut.xlsx"
    made = run("init", path, "--ruleset", "swiss", "--players", roster, "--team-size", 2, "--top-cut", cut,
               "--rounds", 3, "--seed", 7)
    assert made.exit_code == 0, made.output
    return path


def play(path, title: str, tied: tuple[int, ...] = (), strength: list[str] = TEAMS):
    """Every board of a sheet won 2-0 by the stronger team's player (`strength`: strongest first); the boards of the
    team matches in `tied` split one each, so the match is level."""
    book = openpyxl.load_workbook(path)
    sheet = book[title]
    headers = [cell.value for cell in sheet[1]]
    match, table, team = headers.index("Team match"), headers.index("Table"), headers.index("Team")
    won, drawn = headers.index("Games won"), headers.index("Games drawn")
    boards: dict = {}
    for row in sheet.iter_rows(min_row=2):
        if row[table].value != "BYE":
            boards.setdefault(row[table].value, []).append(row)
    for number, (first, second) in enumerate(boards.values()):
        ahead = strength.index(first[team].value) < strength.index(second[team].value)
        if first[match].value in tied:
            ahead = number % 2 == 0
        first[won].value, second[won].value = (2, 0) if ahead else (0, 2)
        first[drawn].value = second[drawn].value = 0
    book.save(path)


def swiss_played(path, run, strength: list[str] = TEAMS):
    assert run("pair", path, "--no-reports").exit_code == 0
    for number in (1, 2, 3):
        play(path, f"Round {number}", strength=strength)
        paired = run("pair", path, "--no-reports")
        assert paired.exit_code == 0, paired.output
    return paired


def withdraw(path, team: str, after: int) -> None:
    """The TO types `after` under Dropped after for every player of the team."""
    book = openpyxl.load_workbook(path)
    headers = [cell.value for cell in book["Players"][1]]
    for row in book["Players"].iter_rows(min_row=2):
        if row[headers.index("Team")].value == team:
            row[headers.index("Dropped after")].value = after
    book.save(path)


def team_seeds(path, run) -> list[str]:
    rows = json.loads(run("standings", path, "--teams", "--json", "--no-write").stdout)
    return [row["name"] for row in rows]


def test_the_best_four_teams_play_the_cut_and_the_final_decides_the_champion(tmp_path, run):
    path = make_event(tmp_path, run)
    assert run("pair", path, "--no-reports").exit_code == 0
    for number in (1, 2):
        play(path, f"Round {number}")
        assert run("pair", path, "--no-reports").exit_code == 0
    play(path, "Round 3")
    seeds = team_seeds(path, run)
    assert seeds[0] == "Anvil" and set(seeds[:4]) <= {"Anvil", "Brook", "Crest", "Dune", "Elm"}  # won 3 or 2
    top_4 = run("pair", path, "--no-reports")
    assert top_4.exit_code == 0, top_4.output
    assert top_4.stdout.splitlines()[:3] == [
        "Top 4: 2 team match(es), 0 team bye(s), on 4 table(s).",
        f"  Match 1: {seeds[0]} (MP 9) v {seeds[3]} (MP 6), tables 1-2",
        f"  Match 2: {seeds[1]} (MP 6) v {seeds[2]} (MP 6), tables 3-4"]
    assert run("check", path).stdout.strip() == "0 error(s), 0 warning(s)."
    play(path, "Top 4")
    final = run("pair", path, "--no-reports")
    finalists = sorted(seeds[:4:3], key=TEAMS.index)[:1] + sorted(seeds[1:3], key=TEAMS.index)[:1]
    assert final.exit_code == 0 and final.stdout.splitlines()[1].startswith(f"  Match 1: {finalists[0]} (MP ")
    assert f" v {finalists[1]} (MP " in final.stdout.splitlines()[1]
    play(path, "Final")
    over = run("pair", path, "--no-reports")
    assert over.exit_code == 0 and over.stdout.splitlines()[0] == "The event is over: Anvil is the champion."
    standings = run("standings", path)
    losers = sorted(set(seeds[:4]) - set(finalists), key=seeds.index)
    assert standings.stdout.splitlines()[:6] == [
        "Final placings of teams", "Place  Team   Reached", "1      Anvil  Champion",
        f"2      {finalists[1].ljust(5)}  Final", f"3      {losers[0].ljust(5)}  Top 4", f"4      {losers[1].ljust(5)}  Top 4"]
    rows = json.loads(run("standings", path, "--teams", "--json", "--no-write").stdout)
    assert [(row["place"], row["name"], row["reached"]) for row in rows[:2]] == \
        [(1, "Anvil", "Champion"), (2, finalists[1], "Final")]
    assert [row["name"] for row in rows[4:]] == [name for name in seeds if name not in seeds[:4]]
    final_sheet = openpyxl.load_workbook(path)["Final standings"]
    assert [cell.value for cell in final_sheet[1]][:5] == ["Place", "ID", "Team", "Reached", "Rank after the rounds"]
    assert [cell.value for cell in final_sheet[2]][:4] == [1, 1, "Anvil", "Champion"]
    assert run("check", path).stdout.strip() == "0 error(s), 0 warning(s)."


def test_a_tied_team_match_of_the_cut_needs_a_winner(tmp_path, run):
    path = make_event(tmp_path, run)
    swiss_played(path, run)
    play(path, "Top 4", tied=(1,))
    checked = run("check", path)
    assert checked.exit_code == 1
    assert checked.stdout.splitlines()[0] == (
        "Top 4!A2: Team match 1 is tied; a team match of the cut needs a winner. Play the tie-break your "
        "regulations set (an extra game, board count-back) and type its result into the boards so one team wins.")
    before = path.read_bytes()
    assert run("pair", path, "--no-reports").exit_code == 1 and path.read_bytes() == before


def test_a_cut_of_more_teams_than_are_still_in_is_refused_at_its_cell(tmp_path, run):
    path = make_event(tmp_path, run, cut=16)
    checked = run("check", path)
    assert "Event!B10: Top cut is 16, but only 8 teams are still in after round 3. Type a cut of at most 8 teams, " \
           "or none." in checked.stdout.splitlines()


def test_a_team_seated_in_a_stage_it_has_no_place_in_is_said(tmp_path, run):
    path = make_event(tmp_path, run)
    swiss_played(path, run)
    seeds = team_seeds(path, run)
    book = openpyxl.load_workbook(path)
    sheet = book["Top 4"]
    headers = [cell.value for cell in sheet[1]]
    outsider = next(name for name in TEAMS if name not in seeds[:4])
    ids = {f"{team} {board}": index for index, (team, board) in
           enumerate(((team, board) for team in TEAMS for board in (1, 2)), start=1)}
    for row in sheet.iter_rows(min_row=2):
        if row[headers.index("Team")].value == seeds[3]:
            board = row[headers.index("Player")].value.rsplit(" ", 1)[1]
            row[headers.index("Player")].value = f"{outsider} {board}"
            row[headers.index("ID")].value = ids[f"{outsider} {board}"]
            row[headers.index("Team")].value = outsider
    book.save(path)
    checked = run("check", path)
    assert f"Top 4: {outsider} is not in the top 4, so cannot play in Top 4. Seat the teams still in, or use " \
           "`pair --redo` while Top 4 has no results." in checked.stdout.splitlines(), checked.stdout


def test_a_cut_of_six_teams_gives_the_two_best_a_bye_and_they_meet_the_winners(tmp_path, run):
    """Top 6 fills a bracket of eight: seeds 1 and 2 go through on a team bye, 4 v 5 and 3 v 6 play; then 1 meets
    the winner of 4 v 5 and 2 the winner of 3 v 6 (the stronger team wins every board here). Seeds after the Swiss
    rounds: Anvil 9 MP, then Crest, Brook and Elm with 6, Dune and Gale with 3."""
    path = make_event(tmp_path, run, cut=6)
    lines = swiss_played(path, run).stdout.splitlines()
    seeds = team_seeds(path, run)
    assert lines[0] == "Top 6: 2 team match(es), 2 team bye(s), on 4 table(s)."
    assert lines[1] == f"  Match 1: {seeds[3]} (MP 6) v {seeds[4]} (MP 3), tables 1-2"  # the top half's: 1 meets its winner
    assert lines[2] == f"  Match 2: {seeds[2]} (MP 6) v {seeds[5]} (MP 3), tables 3-4"
    assert lines[3:5] == [f"  Bye: {seeds[0]} (MP 9)", f"  Bye: {seeds[1]} (MP 6)"]
    assert lines[5:10] == ["Compromises:"] + [f"  - Bye ({team} {board}): Advances to the next stage of the cut."
                                              for team in seeds[:2] for board in (1, 2)]
    assert run("check", path).stdout.strip() == "0 error(s), 0 warning(s)."
    play(path, "Top 6")
    top_4 = run("pair", path, "--no-reports")
    assert top_4.exit_code == 0, top_4.output
    lines = top_4.stdout.splitlines()
    assert lines[0] == "Top 4: 2 team match(es), 0 team bye(s), on 4 table(s)."
    assert lines[1].startswith(f"  Match 1: {seeds[0]} (MP ") and f" v {min(seeds[3:5], key=TEAMS.index)} (MP " in lines[1]
    assert lines[2].startswith(f"  Match 2: {seeds[1]} (MP ") and f" v {min(seeds[2:6:3], key=TEAMS.index)} (MP " in lines[2]
    assert run("check", path).stdout.strip() == "0 error(s), 0 warning(s)."


def test_a_stage_of_the_cut_is_checked_before_and_while_its_matches_are_typed(tmp_path, run):
    """A stage paired and not played, then half played: each team seated is the one paired, so `check` finds
    nothing, and the next stage waits for the rest. Here the teams' strength is the other way round, so team 1
    (Anvil, first by name) is out of the cut: a match not yet played is read with its own two teams, not team 1."""
    path = make_event(tmp_path, run)
    swiss_played(path, run, strength=TEAMS[::-1])
    assert "Anvil" not in team_seeds(path, run)[:4]
    assert run("check", path).stdout.strip() == "0 error(s), 0 warning(s)."
    play(path, "Top 4", strength=TEAMS[::-1])
    book = openpyxl.load_workbook(path)
    sheet = book["Top 4"]
    headers = [cell.value for cell in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        if row[headers.index("Team match")].value == 2:
            row[headers.index("Games won")].value = row[headers.index("Games drawn")].value = None
    book.save(path)
    assert run("check", path).stdout.strip() == "0 error(s), 0 warning(s)."
    before = path.read_bytes()
    refused = run("pair", path, "--no-reports")
    assert refused.exit_code == 1 and refused.output.splitlines()[:3] == [
        "Top 4: Top 4 is not finished, so the next stage cannot be paired. Enter the results listed below.",
        "Top 4!A6: Table 3 has no result yet. Type the result for every seat at this table.",
        "Top 4!A8: Table 4 has no result yet. Type the result for every seat at this table."]
    assert path.read_bytes() == before


def test_a_cut_of_every_team_still_in_is_allowed_and_a_team_that_withdrew_is_not_counted(tmp_path, run):
    """Top cut 8 of eight teams is the whole field; once Heath's players drop after round 2 of 3, only seven are
    still in after round 3."""
    path = make_event(tmp_path, run, cut=8)
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]
    withdraw(path, "Heath", after=2)
    assert "Event!B10: Top cut is 8, but only 7 teams are still in after round 3. Type a cut of at most 7 teams, or " \
           "none." in run("check", path).stdout.splitlines()


def test_a_match_of_the_cut_with_no_board_played_is_said_tied_under_its_own_label(tmp_path, run):
    """Top 4's match 1: Anvil fields only board 1 and Elm only board 2 (each a BYE row under label 1), so each team
    wins one forfeited board and the match is tied; match 2 is won on the boards. The tie is said of match 1, at
    its top row, under the label the sheet gives it (such a match is numbered after the played ones inside)."""
    path = make_event(tmp_path, run)
    swiss_played(path, run)
    book = openpyxl.load_workbook(path)
    sheet = book["Top 4"]
    assert [(row[0].value, row[4].value) for row in sheet.iter_rows(min_row=2, max_row=5)] == [
        (1, "Anvil 1"), (1, "Elm 1"), (1, "Anvil 2"), (1, "Elm 2")]
    for row in (2, 5):
        sheet.cell(row, 2).value, sheet.cell(row, 3).value = "BYE", None
    sheet.delete_rows(3, 2)  # Elm 1 and Anvil 2 did not come
    book.save(path)
    play(path, "Top 4")
    tied = ("Team match 1 is tied; a team match of the cut needs a winner. Play the tie-break your regulations set "
            "(an extra game, board count-back) and type its result into the boards so one team wins.")
    assert run("check", path).stdout.splitlines() == [f"Top 4!A2: {tied}", "1 error(s), 0 warning(s)."]
    book = openpyxl.load_workbook(path)
    book["Top 4"].move_range("A1:I7", cols=1)  # the TO keeps a column of their own in front
    book["Top 4"]["A1"] = "Called"
    book.save(path)
    assert run("check", path).stdout.splitlines() == [f"Top 4!B2: {tied}", "1 error(s), 0 warning(s)."]


def test_a_team_that_leaves_once_knocked_out_of_the_cut_still_counted_in_it(tmp_path, run):
    """Top cut 8 of eight teams: Heath loses its Top 8 match and its players go home (Dropped after 4, the stage
    after round 3). It was still in after round 3, so the cut of 8 stays right, and Top 4 is paired."""
    path = make_event(tmp_path, run, cut=8)
    swiss_played(path, run)
    play(path, "Top 8")
    withdraw(path, "Heath", after=4)
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]
    assert run("pair", path, "--no-reports").stdout.splitlines()[0] == "Top 4: 2 team match(es), 0 team bye(s), on 4 table(s)."
