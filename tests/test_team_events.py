"""A whole team event through the command line (issue 22): 12 teams of 3, then 11 once a team withdraws (a team
bye), a substitute called up, boards forfeited by sheetrunner and by the TO; team and individual standings
checked against values worked out by hand."""

from __future__ import annotations

import json
from fractions import Fraction as F

import openpyxl
import pytest

TEAMS = ["Amber", "Birch", "Cedar", "Dune", "Elm", "Fern", "Glen", "Heath", "Iris", "Jade", "Kelp", "Lark"]
STRENGTH = {team: index for index, team in enumerate(TEAMS)}  # Amber is the strongest team, Lark the weakest
TEAM_MATCH, TABLE, SEAT, ID, PLAYER, TEAM, WON, DRAWN, NOTE = range(9)


def make_cup(folder, run):
    """`init` from a roster CSV of 12 teams of 3 (boards in a Board column) and Cedar's substitute, then Team size
    typed into the Event sheet as a TO would."""
    roster = folder / "teams.csv"
    lines = ["Name,Team,Board"] + [f"{team} {board},{team},{board}" for team in TEAMS for board in (1, 2, 3)]
    roster.write_text("\n".join(lines + ["Cedar Sub,Cedar,"]) + "\n", encoding="utf-8")
    path = folder / "cup.xlsx"
    made = run("init", path, "--ruleset", "swiss", "--players", roster, "--rounds", 3, "--seed", 2026,
               "--name", "Team Cup")
    assert made.exit_code == 0, made.output
    set_cells(path, "Event", {"Team size": 3})
    return path


def set_cells(path, sheet, values: dict, column: str = "Value"):
    """Type values into a sheet by the text of its first column (Event: the setting; Players: the name)."""
    book = openpyxl.load_workbook(path)
    rows = list(book[sheet].iter_rows())
    target = [cell.value for cell in rows[0]].index(column)
    for row in rows[1:]:
        if row[0 if sheet == "Event" else 1].value in values:
            row[target].value = values[row[0 if sheet == "Event" else 1].value]
    book.save(path)


def play(path, number):
    """Type a round's results as the players report them. Board 1: the stronger team's player wins 2-0; board 2:
    the stronger team's player wins 2-1; board 3: the weaker team's player wins 2-1 (so every full match goes
    2-1 in boards to the stronger team). Cedar's substitute draws 1-1 with a drawn game. BYE rows stay blank."""
    book = openpyxl.load_workbook(path)
    tables: dict = {}
    for row in book[f"Round {number}"].iter_rows(min_row=2):
        if row[TABLE].value != "BYE":
            tables.setdefault(row[TABLE].value, []).append(row)
    for first, second in tables.values():
        if "Sub" in first[PLAYER].value + second[PLAYER].value:
            for row in (first, second):
                row[WON].value, row[DRAWN].value = 1, 1
            continue
        strong, weak = sorted((first, second), key=lambda row: STRENGTH[row[TEAM].value])
        board = int(strong[PLAYER].value.split()[1])
        strong[WON].value, weak[WON].value = {1: (2, 0), 2: (2, 1), 3: (1, 2)}[board]
    book.save(path)


def matches(path, number) -> dict:
    """A round sheet as its team matches: label -> the players of each row, BYE rows marked."""
    found: dict = {}
    for row in openpyxl.load_workbook(path)[f"Round {number}"].iter_rows(min_row=2, values_only=True):
        found.setdefault(row[TEAM_MATCH], []).append(row[PLAYER] + (" (BYE)" if row[TABLE] == "BYE" else ""))
    return found


def forfeit_by_hand(path, number, present, absent):
    """The TO's own forfeit: `absent` did not come, so `present`'s row becomes a BYE row (its Team match kept)
    and the absent player's row is deleted."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {number}"]
    for index, row in enumerate(sheet.iter_rows(min_row=2), start=2):
        if row[PLAYER].value == present:
            row[TABLE].value, row[SEAT].value = "BYE", None
    gone = next(index for index, row in enumerate(sheet.iter_rows(min_row=2), start=2) if row[PLAYER].value == absent)
    sheet.delete_rows(gone)
    book.save(path)


def checked_clean(run, path):
    result = run("check", path)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def cup(tmp_path_factory):
    """The whole event, played once for every test of this module."""
    from click.testing import CliRunner

    from sheetrunner.commands.cli import cli

    runner = CliRunner()

    def run(*args):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    path = make_cup(tmp_path_factory.mktemp("cup"), run)
    outputs = {1: run("pair", path, "--no-reports")}
    play(path, 1)
    # After round 1: Lark withdraws (one edit: 1 under Dropped after for its three players), Cedar 2 drops (Cedar
    # Sub takes board 2), Dune 3 drops and Dune has nobody left: its board 3 is forfeited from round 2 on.
    set_cells(path, "Players", {name: 1 for name in ("Lark 1", "Lark 2", "Lark 3", "Cedar 2", "Dune 3")},
              "Dropped after")
    outputs[2] = run("pair", path, "--no-reports")
    play(path, 2)
    outputs[3] = run("pair", path, "--no-reports")
    forfeit_by_hand(path, 3, "Birch 2", "Heath 2")  # Heath 2 did not come to round 3
    play(path, 3)
    outputs["check"] = run("check", path)
    outputs["standings"] = run("standings", path, "--json")  # printed and written, with the team standings
    outputs["over"] = run("pair", path, "--no-reports")
    return path, outputs, run


def test_each_round_pairs_teams_and_lays_their_boards_out(cup):
    path, outputs, _ = cup
    assert all(outputs[n].exit_code == 0 for n in (1, 2, 3)), [outputs[n].output for n in (1, 2, 3)]
    assert outputs[1].stdout.splitlines()[0] == "Round 1: 6 team match(es), 0 team bye(s), on 18 table(s)."
    # Round 1 is the seeded draw; every match board b v board b on consecutive tables.
    assert matches(path, 1) == {
        1: ["Glen 1", "Jade 1", "Glen 2", "Jade 2", "Glen 3", "Jade 3"],
        2: ["Fern 1", "Iris 1", "Fern 2", "Iris 2", "Fern 3", "Iris 3"],
        3: ["Elm 1", "Dune 1", "Elm 2", "Dune 2", "Elm 3", "Dune 3"],
        4: ["Cedar 1", "Kelp 1", "Cedar 2", "Kelp 2", "Cedar 3", "Kelp 3"],
        5: ["Amber 1", "Birch 1", "Amber 2", "Birch 2", "Amber 3", "Birch 3"],
        6: ["Lark 1", "Heath 1", "Lark 2", "Heath 2", "Lark 3", "Heath 3"]}
    # Round 2: 11 teams. Winners (3 MP) meet winners; Cedar Sub plays Cedar 2's board; Dune's board 3 is Fern 3's
    # forfeit win; Kelp, the lowest team without a bye, has it.
    assert matches(path, 2) == {
        1: ["Dune 1", "Fern 1", "Dune 2", "Fern 2", "Fern 3 (BYE)"],
        2: ["Amber 1", "Cedar 1", "Amber 2", "Cedar Sub", "Amber 3", "Cedar 3"],
        3: ["Glen 1", "Heath 1", "Glen 2", "Heath 2", "Glen 3", "Heath 3"],
        4: ["Birch 1", "Elm 1", "Birch 2", "Elm 2", "Birch 3", "Elm 3"],
        5: ["Iris 1", "Jade 1", "Iris 2", "Jade 2", "Iris 3", "Jade 3"],
        "BYE": ["Kelp 1 (BYE)", "Kelp 2 (BYE)", "Kelp 3 (BYE)"]}
    assert "  - Match 2, table 4 (Cedar Sub): Substitute for Cedar 2 (dropped after round 1)." in outputs[2].stdout
    assert "  - Match 1 (Fern 3): Board 3 forfeited: Dune has no player left for it, so Fern 3 scores a bye." in \
        outputs[2].stdout
    # Round 3 as paired (before the TO's own forfeit of Heath 2's board): no team meets a team again.
    assert "  Match 4: Heath (MP 3) v Birch (MP 3), tables 9-11" in outputs[3].stdout.splitlines()
    assert matches(path, 3) == {
        1: ["Dune 1", "Glen 1", "Dune 2", "Glen 2", "Glen 3 (BYE)"],
        2: ["Cedar 1", "Fern 1", "Cedar Sub", "Fern 2", "Cedar 3", "Fern 3"],
        3: ["Amber 1", "Kelp 1", "Amber 2", "Kelp 2", "Amber 3", "Kelp 3"],
        4: ["Heath 1", "Birch 1", "Birch 2 (BYE)", "Heath 3", "Birch 3"],
        5: ["Iris 1", "Elm 1", "Iris 2", "Elm 2", "Iris 3", "Elm 3"],
        "BYE": ["Jade 1 (BYE)", "Jade 2 (BYE)", "Jade 3 (BYE)"]}


def test_the_workbook_written_passes_its_own_check(cup):
    path, outputs, run = cup
    assert outputs["check"].exit_code == 0, outputs["check"].output
    assert outputs["check"].stdout.splitlines()[-1] == "0 error(s), 0 warning(s)."
    assert "Dune has no player for board 3" not in outputs["check"].stdout  # the event is over: no round to come
    assert openpyxl.load_workbook(path).sheetnames == [
        "Event", "Players", "Penalties", "Round 1", "Standings after R1", "Team standings after R1", "Round 2",
        "Standings after R2", "Team standings after R2", "Round 3", "Standings after R3", "Team standings after R3",
        "Log"]
    assert checked_clean(run, path).splitlines()[-1] == outputs["check"].stdout.splitlines()[-1]


def test_the_event_over_names_the_winning_team(cup):
    _, outputs, _ = cup
    assert outputs["over"].exit_code == 0
    assert outputs["over"].stdout.splitlines()[0] == \
        "The event is over: all 3 rounds are played, and Dune is first in the standings."


def percent(value: F) -> float:
    """A percentage as the standings sheet stores it (4 decimals)."""
    return round(float(value), 4)


def exact(*values) -> tuple:
    """Numbers as `standings --json` gives them (6 decimals)."""
    return tuple(round(float(value), 6) for value in values)


# The team standings after round 3, by hand.
# Team matches (boards won-lost-drawn; a forfeited board is won by the team that was there):
#   R1  Glen 2-1 Jade, Fern 2-1 Iris, Dune 2-1 Elm, Cedar 2-1 Kelp, Amber 2-1 Birch, Heath 2-1 Lark
#   R2  Dune 2-1 Fern (Fern's board: Dune's forfeit), Amber 1-1-1 Cedar (a draw: 1 MP each),
#       Glen 2-1 Heath, Birch 2-1 Elm, Iris 2-1 Jade; Kelp's bye (3 MP, 3 boards won of 3)
#   R3  Dune 2-1 Glen (Glen's: Dune's forfeit), Cedar 1-1-1 Fern, Amber 2-1 Kelp,
#       Birch 2-1 Heath (Birch 2's board: Heath 2 did not come), Elm 2-1 Iris; Jade's bye
# MP: Dune 9; Amber 3+1+3 = 7; Glen, Birch 6; Cedar 3+1+1 = 5; Fern 3+0+1 = 4; Elm, Heath, Iris, Jade, Kelp 3;
#     Lark 0 (one round).
# Match-win % = MP / 3 per round (byes count), at least 1/3: Dune 1, Amber 7/9, Glen 6/9, Birch 6/9, Cedar 5/9,
#     Fern 4/9, the 3-MP teams 3/9, Lark 0/3 -> 1/3.
# OMW% (byes are not opponents):
#   Dune: Elm, Fern, Glen (3+4+6)/27 = 13/27      Amber: Birch, Cedar, Kelp (6+5+3)/27 = 14/27
#   Glen: Jade, Heath, Dune (3+3+9)/27 = 15/27    Birch: Amber, Elm, Heath (7+3+3)/27 = 13/27
#   Cedar: Kelp, Amber, Fern (3+7+4)/27 = 14/27   Fern: Iris, Dune, Cedar (3+9+5)/27 = 17/27
#   Kelp: Cedar, Amber (5+7)/18 = 2/3             Elm: Dune, Birch, Iris (9+6+3)/27 = 2/3
#   Heath: Lark, Glen, Birch (3+6+6)/27 = 15/27   Jade: Glen, Iris (6+3)/18 = 1/2
#   Iris: Fern, Jade, Elm (4+3+3)/27 = 10/27      Lark: Heath 3/9
# Board-win % = (3 per board won + 1 per board drawn) / (3 per board), at least 1/3; a bye is 3 boards won:
#   Dune 6/9 -> 18/27; Amber 5 won 1 drawn -> 16/27; Glen, Birch, Jade, Kelp 5 won -> 15/27; Cedar 4 won
#   2 drawn -> 14/27; Fern 4 won 1 drawn -> 13/27; Elm, Heath, Iris 4 won -> 12/27; Lark 1 of 3 -> 1/3.
# OBW% = the mean of the opponents' board-win %:
#   Dune (12+13+15)/81 = 40/81, Amber (15+14+15)/81 = 44/81, Glen (15+12+18)/81 = 45/81,
#   Birch (16+12+12)/81 = 40/81, Cedar (15+16+13)/81 = 44/81, Fern (12+18+14)/81 = 44/81,
#   Kelp (14+16)/54 = 30/54, Elm (18+15+12)/81 = 45/81, Heath (9+15+15)/81 = 39/81, Jade (15+12)/54 = 1/2,
#   Iris (13+15+12)/81 = 40/81, Lark 12/27.
# Order: MP; Glen over Birch on OMW% (15/27 > 13/27); among 3 MP, OMW% puts Kelp and Elm (2/3) first, Kelp
# ahead on BW% (15/27 > 12/27), then Heath 15/27, Jade 1/2, Iris 10/27.
TEAM_STANDINGS = [("Dune", 9, F(13, 27), F(18, 27), F(40, 81)), ("Amber", 7, F(14, 27), F(16, 27), F(44, 81)),
                  ("Glen", 6, F(15, 27), F(15, 27), F(45, 81)), ("Birch", 6, F(13, 27), F(15, 27), F(40, 81)),
                  ("Cedar", 5, F(14, 27), F(14, 27), F(44, 81)), ("Fern", 4, F(17, 27), F(13, 27), F(44, 81)),
                  ("Kelp", 3, F(2, 3), F(15, 27), F(30, 54)), ("Elm", 3, F(2, 3), F(12, 27), F(45, 81)),
                  ("Heath", 3, F(15, 27), F(12, 27), F(39, 81)), ("Jade", 3, F(1, 2), F(15, 27), F(1, 2)),
                  ("Iris", 3, F(10, 27), F(12, 27), F(40, 81)), ("Lark", 0, F(1, 3), F(1, 3), F(12, 27))]


def test_team_standings_worked_out_by_hand(cup):
    path, _, _ = cup
    rows = list(openpyxl.load_workbook(path)["Team standings after R3"].iter_rows(values_only=True))
    assert rows[0] == ("Rank", "Team", "Players", "MP", "OMW%", "BW%", "OBW%", "Status")
    players = {team: f"{team} 1, {team} 2, {team} 3" for team in TEAMS}
    players["Cedar"] = "Cedar 1, Cedar 2, Cedar 3, Cedar Sub"
    assert rows[1:] == [(rank, team, players[team], mp, percent(omw), percent(bw), percent(obw),
                         "dropped" if team == "Lark" else None)
                        for rank, (team, mp, omw, bw, obw) in enumerate(TEAM_STANDINGS, start=1)]


def standings_json(cup) -> list[dict]:
    _, outputs, _ = cup
    assert outputs["standings"].exit_code == 0, outputs["standings"].output
    return json.loads(outputs["standings"].stdout)


# Every board is scored as the swiss ruleset scores a game: 3 a win, 1 a draw, 0 a loss, 3 a bye (a forfeited
# board and a team bye are byes). Each player's rounds, from `play` and the pairings above:
MATCH_POINTS = {
    "Amber 1": 9, "Amber 2": 3 + 1 + 3, "Amber 3": 0, "Birch 1": 0 + 3 + 3, "Birch 2": 0 + 3 + 3, "Birch 3": 3,
    "Cedar 1": 3 + 0 + 3, "Cedar 2": 3, "Cedar 3": 0 + 3 + 0, "Cedar Sub": 1 + 1, "Dune 1": 9, "Dune 2": 9,
    "Dune 3": 0, "Elm 1": 3, "Elm 2": 3, "Elm 3": 6, "Fern 1": 3, "Fern 2": 3 + 0 + 1, "Fern 3": 0 + 3 + 3,
    "Glen 1": 6, "Glen 2": 6, "Glen 3": 0 + 0 + 3, "Heath 1": 3, "Heath 2": 3, "Heath 3": 6, "Iris 1": 3,
    "Iris 2": 3, "Iris 3": 6, "Jade 1": 3, "Jade 2": 3, "Jade 3": 9, "Kelp 1": 3, "Kelp 2": 3, "Kelp 3": 9,
    "Lark 1": 0, "Lark 2": 0, "Lark 3": 3}


def test_every_players_match_points_by_hand(cup):
    rows = standings_json(cup)
    assert {row["name"]: row["match_points"] for row in rows} == MATCH_POINTS
    assert sorted(row["name"] for row in rows if row["dropped"]) == ["Cedar 2", "Dune 3", "Lark 1", "Lark 2", "Lark 3"]


# The five on 9 MP, by OMW% (match-win % = MP / 3 per round played, at least 1/3), then Amber 2 on 7:
#   Amber 1: Birch 1 6/9, Cedar 1 6/9, Kelp 1 3/9 -> 5/9; GW% 6-0 in games -> 1;
#            OGW%: Birch 1 4 of 6 games, Cedar 1 4 of 6, Kelp 1 2 of 6 (bye 2-0) -> (2/3+2/3+1/3)/3 = 5/9
#   Jade 3: Glen 3 1/3, Iris 3 2/3 (then a bye) -> 1/2; GW% 2-1, 2-1, bye 2-0 -> 6 of 8 = 3/4;
#            OGW%: Glen 3 4 of 8 = 1/2, Iris 3 5 of 9 -> (1/2 + 5/9)/2 = 19/36
#   Dune 2: Elm 2 1/3, Fern 2 4/9, Glen 2 2/3 -> 13/27; GW% 6 of 9 = 2/3;
#            OGW%: Elm 2 4/9, Fern 2 (4 won, 1 drawn of 9) 13/27, Glen 2 5/9 -> 40/81
#   Dune 1: Elm 1 1/3, Fern 1 1/3, Glen 1 2/3 -> 4/9; GW% 1; OGW% (1/3 + 1/3 + 2/3)/3 = 4/9
#   Kelp 3: Cedar 3 1/3, Amber 3 1/3 -> 1/3; GW% 2-1, bye 2-0, 2-1 -> 3/4; OGW% (4/9 + 1/3)/2 = 7/18
#   Amber 2: Birch 2 6/9, Cedar Sub 2/6 -> 1/3, Kelp 2 3/9 -> 4/9; games 2-1, 1-1 with a drawn game, 2-1
#            -> (5 won * 3 + 1) / 27 = 16/27; OGW%: Birch 2 (1-2, 2-1, bye 2-0) 5 of 8 = 5/8, Cedar Sub 4/9
#            (below), Kelp 2 (1-2, bye 2-0, 1-2) 4 of 8 = 1/2 -> (45 + 32 + 36)/216 = 113/216
TOP = [(1, "Amber 1", 9, *exact(F(5, 9), 1, F(5, 9))), (2, "Jade 3", 9, *exact(F(1, 2), F(3, 4), F(19, 36))),
       (3, "Dune 2", 9, *exact(F(13, 27), F(2, 3), F(40, 81))), (4, "Dune 1", 9, *exact(F(4, 9), 1, F(4, 9))),
       (5, "Kelp 3", 9, *exact(F(1, 3), F(3, 4), F(7, 18))), (6, "Amber 2", 7, *exact(F(4, 9), F(16, 27), F(113, 216)))]


def test_the_top_of_the_individual_standings_by_hand(cup):
    assert [(row["rank"], row["name"], row["match_points"], row["opponents_match_win_pct"], row["game_win_pct"],
             row["opponents_game_win_pct"]) for row in standings_json(cup)[:6]] == TOP


# The players the team rules touch (OMW%, GW%, OGW%):
#   Cedar Sub (a reserve in round 1, which is no missed round): two draws 1-1 with a drawn game, v Amber 2 (7/9)
#     and Fern 2 (4/9) -> OMW% 11/18; GW% (2 won * 3 + 2 drawn) / 18 = 4/9; OGW% (16/27 + 13/27)/2 = 29/54
#   Cedar 2 (dropped after round 1): won 2-1 v Kelp 2 (1/3) -> GW% 2/3; OGW% Kelp 2's 1/2
#   Dune 3 (dropped after round 1, Dune forfeits board 3 after): lost 1-2 v Elm 3 (6/9) -> GW% 1/3;
#     OGW% Elm 3 (2-1, 2-1, 1-2) 5/9
#   Fern 3 (a forfeit win in round 2): Iris 3 2/3, Cedar 3 1/3 -> 1/2; GW% 1-2, bye 2-0, 2-1 -> 5/8;
#     OGW% Iris 3 5/9, Cedar 3 (1-2, 2-1, 1-2) 4/9 -> 1/2
#   Glen 3 (a forfeit win in round 3): Jade 3 1, Heath 3 2/3 -> 5/6; GW% 1-2, 1-2, bye 2-0 -> 4 of 8 = 1/2;
#     OGW% Jade 3 3/4, Heath 3 (1-2, 2-1, 2-1) 5/9 -> 47/72
#   Birch 2 (the TO's forfeit in round 3): Amber 2 7/9, Elm 2 1/3 -> 5/9; GW% 1-2, 2-1, bye 2-0 -> 5/8;
#     OGW% Amber 2 16/27, Elm 2 (1-2, 1-2, 2-1) 4/9 -> 14/27
#   Heath 2 (no row in round 3: not a round played): Lark 2 1/3, Glen 2 2/3 -> 1/2; GW% 2-1, 1-2 -> 1/2;
#     OGW% Lark 2 1/3, Glen 2 5/9 -> 4/9
#   Lark 3 (dropped with its team after round 1): won 2-1 v Heath 3 (2/3) -> GW% 2/3; OGW% 5/9
TOUCHED = {"Cedar Sub": (F(11, 18), F(4, 9), F(29, 54)), "Cedar 2": (F(1, 3), F(2, 3), F(1, 2)),
           "Dune 3": (F(2, 3), F(1, 3), F(5, 9)), "Fern 3": (F(1, 2), F(5, 8), F(1, 2)),
           "Glen 3": (F(5, 6), F(1, 2), F(47, 72)), "Birch 2": (F(5, 9), F(5, 8), F(14, 27)),
           "Heath 2": (F(1, 2), F(1, 2), F(4, 9)), "Lark 3": (F(2, 3), F(2, 3), F(5, 9))}


def test_substitutes_forfeits_and_drops_in_the_individual_standings_by_hand(cup):
    rows = {row["name"]: row for row in standings_json(cup)}
    assert {name: (rows[name]["opponents_match_win_pct"], rows[name]["game_win_pct"],
                   rows[name]["opponents_game_win_pct"]) for name in TOUCHED} == \
        {name: exact(*values) for name, values in TOUCHED.items()}


def test_standings_prints_the_team_standings_after_the_players(cup):
    """`standings` prints the team standings too: they decide the event (the values are TEAM_STANDINGS above)."""
    path, _, run = cup
    text = run("standings", path, "--no-write").stdout
    teams = text[text.index("Team standings after round 3"):].splitlines()
    assert [line.split() for line in teams[1:3]] == [["Rank", "Team", "MP", "OMW%", "BW%", "OBW%"],
                                                     ["1", "Dune", "9", "48.15%", "66.67%", "49.38%"]]
    assert teams[13].split() == ["12", "Lark", "(dropped)", "0", "33.33%", "33.33%", "44.44%"]
    assert text.index("Standings after round 3") < text.index("Team standings after round 3")
