"""A team event's own regulations (issue 33): Team tiebreakers from the library, the Team bye's value apart from
the players' Points for a bye, and the team standings in every export.

The real event: chess-results.com tournament 769171 (archive.chess-results.com/tnr769171.aspx?lan=1&art=0), a
school team championship of six teams of three boards, an all-play-all in five rounds. Its published "Ranking
crosstable" (tests/data/chess_results_769171_crosstable.csv, as published: each cell the game points a team
scored against another) is every match of the event; its ranking (tests/data/chess_results_769171_ranking.csv)
ranks by TB1 match points (2 a win, 1 a draw), TB2 game points, TB3 direct encounter ("the results of the teams in
the same point group"), TB4 "FIDE-Sonneborn-Berger" (each opponent's game points times the game points scored
against it: Bogojina 12*2 + 11*1 + 5*3 + 5*3 + 0*3 = 65). What the crosstable does not say is filled in, and none
of it changes a team number: the rounds follow the Berger table for six (any order of the same matches gives the
same totals), the players are named by team and board, and a match's game points are laid on its boards as wins
from board 1 down (2-1: the home team wins boards 1 and 2).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import openpyxl
import pytest
from builder import make_event

DATA = Path(__file__).parent / "data"
BERGER_6 = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]
ROUND_HEADERS = ["Team match", "Table", "Seat", "ID", "Player", "Team", "Games won", "Games drawn", "Note"]
PLAYER_HEADERS = ["ID", "Name", "Team", "Board"]
REGULATIONS = {"Team size": 3, "Best of": 1, "Points for a win": 2, "Points for a draw": 1, "Points for a loss": 0,
               "Team tiebreakers": "match_points, game_points, direct_encounter, sonneborn_berger_gp"}


def published_crosstable() -> tuple[list[str], dict[tuple[int, int], int]]:
    """The teams in crosstable order, and the game points each scored against each other (by their numbers)."""
    with open(DATA / "chess_results_769171_crosstable.csv", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    scores = {(home, away): int(row[str(away)]) for home, row in enumerate(rows, start=1)
              for away in range(1, len(rows) + 1) if away != home}
    return [row["team"] for row in rows], scores


def boards(home_points: int, size: int = 3) -> list[tuple[int, int]]:
    """A match's game points as board results (home's games won, away's): the home team's wins from board 1."""
    return [(1, 0) if board < home_points else (0, 1) for board in range(size)]


def real_event(folder: Path, settings: dict | None = None) -> Path:
    teams, scores = published_crosstable()
    players = [[(t - 1) * 3 + b, f"{team} {b}", team, b] for t, team in enumerate(teams, start=1) for b in (1, 2, 3)]
    rounds = []
    for pairs in BERGER_6:
        rows, table = [], 0
        for label, (home, away) in enumerate(pairs, start=1):
            for board, (won_home, won_away) in enumerate(boards(scores[(home, away)]), start=1):
                table += 1
                for seat, team, won in ((1, home, won_home), (2, away, won_away)):
                    pid = (team - 1) * 3 + board
                    rows.append([label, table, seat, pid, players[pid - 1][1], teams[team - 1], won, None, None])
        rounds.append(rows)
    return make_event(folder / "schools.xlsx", players, rounds, ruleset="swiss", total_rounds=5,
                      settings={**REGULATIONS, **(settings or {})}, player_headers=PLAYER_HEADERS,
                      round_headers=ROUND_HEADERS)


def team_json(run, path: Path) -> list[dict]:
    result = run("standings", path, "--json", "--teams", "--no-write")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_published_team_event_is_replayed_under_its_own_regulations(tmp_path, run):
    path = real_event(tmp_path)
    assert run("check", path).exit_code == 0
    with open(DATA / "chess_results_769171_ranking.csv", encoding="utf-8") as file:
        published = [(int(row["rank"]), row["team"], *(int(row[key]) for key in list(row)[2:]))
                     for row in csv.DictReader(file)]
    shown = [(row["rank"], row["name"], row["match_points"], row["game_points"], row["direct_encounter"],
              row["sonneborn_berger_gp"]) for row in team_json(run, path)]
    assert shown == published
    # Bogojina and Kocevje are level on match and game points: the match between them (2-1) puts Bogojina first.


def test_the_current_team_order_stays_the_default(tmp_path, run):
    """Without Team tiebreakers a team event ranks as before: match points, OMW%, BW%, OBW%. Bogojina and Kocevje
    are then level on all four (8 MP; OMW% over the same four other opponents; BW% 12/15 each; OBW% the same) and
    share first place: the published regulations break the tie by direct encounter."""
    path = real_event(tmp_path, {"Team tiebreakers": None})
    rows = team_json(run, path)
    assert list(rows[0])[5:] == ["match_points", "opponents_match_win_pct", "game_win_pct", "opponents_game_win_pct"]
    assert [(row["rank"], row["tied"], row["name"]) for row in rows][:3] == [
        (1, True, "OŠ Bogojina"), (1, True, "OŠ Ob Rinži Kočevje"), (3, False, "OŠ Bojana Ilicha Maribor")]


def test_fide_team_tiebreakers_by_hand(tmp_path, run):
    """FIDE's team tie-breaks on the real event (match points 8, 8, 8, 4, 2, 0 in crosstable order; game points
    12, 12, 11, 5, 5, 0). Bogojina beat Kocevje 2-1, lost to Maribor 1-2, won 3-0 against the rest:
      BH    = 8 + 8 + 4 + 2 + 0 = 22;  BH-C1 leaves out Izola's 0: 22;  BH-M1 also one 8: 14
      SB    = 8*2 + 8*1 + 4*3 + 2*3 + 0*3 = 42;  SB-C1 leaves out Izola (0 MP): 42
      BH:GP = 12 + 11 + 5 + 5 + 0 = 33;  SB:R (opponents beaten: Kocevje 12, Poljcane 5, Smarje 5, Izola 0) = 22
    Smarje (1-2 v Maribor, 1-2 v Poljcane, 3-0 v Izola, 0-3 v the top two): SB = 8*0 + 8*0 + 8*1 + 4*1 + 0*3 = 12;
    SB-C1 leaves out Izola: 12; BH = 8 + 8 + 8 + 4 + 0 = 28. Izola, last with no game point, met everyone: BH = 8 + 8 +
    8 + 4 + 2 = 30, BH-C1 leaves out Smarje's 2: 28, BH-M1 also one 8: 20; SB, SB-C1 and SB:R 0; BH:GP = 12 + 12 +
    11 + 5 + 5 = 45."""
    keys = "match_points, buchholz, buchholz_cut1, buchholz_median, sonneborn_berger, sonneborn_berger_cut1, " \
           "buchholz_gp, sonneborn_berger_results"
    rows = {row["name"]: row for row in team_json(run, real_event(tmp_path, {"Team tiebreakers": keys}))}
    columns = ("buchholz", "buchholz_cut1", "buchholz_median", "sonneborn_berger", "sonneborn_berger_cut1",
               "buchholz_gp", "sonneborn_berger_results")
    assert tuple(rows["OŠ Bogojina"][key] for key in columns) == (22, 22, 14, 42, 42, 33, 22)
    assert tuple(rows["OŠ Šmarje - Sap"][key] for key in ("buchholz", "sonneborn_berger", "sonneborn_berger_cut1")) \
        == (28, 12, 12)
    assert tuple(rows["OŠ Vojke Šmuc Izola"][key] for key in columns) == (30, 28, 20, 0, 0, 45, 0)


def test_an_unknown_team_tiebreaker_is_refused_at_its_cell(tmp_path, run):
    path = real_event(tmp_path, {"Team tiebreakers": "match_points, tp, buchholz"})
    result = run("check", path)
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith('Event!B11: Team tiebreakers names "tp", which is no team tiebreaker. Use names from: '
                            'match_points, ')
    assert first.endswith("(FIDE's team order: match_points, sonneborn_berger_cut1, buchholz_cut1).")


# A team bye: three teams of two, one round, Ash v Birch (Ash wins both boards), Cove has the bye. Points for a bye
# is 1 (the players' BYE rows), a match 3/1/0, so the team bye's value shows apart from its players'.
BYE_PLAYERS = [[1, "Ash 1", "Ash", 1], [2, "Ash 2", "Ash", 2], [3, "Birch 1", "Birch", 1], [4, "Birch 2", "Birch", 2],
               [5, "Cove 1", "Cove", 1], [6, "Cove 2", "Cove", 2]]
BYE_ROUND = [[1, 1, 1, 1, "Ash 1", "Ash", 2, None, None], [1, 1, 2, 3, "Birch 1", "Birch", 0, None, None],
             [1, 2, 1, 2, "Ash 2", "Ash", 2, None, None], [1, 2, 2, 4, "Birch 2", "Birch", 0, None, None],
             ["BYE", "BYE", None, 5, "Cove 1", "Cove", None, None, None],
             ["BYE", "BYE", None, 6, "Cove 2", "Cove", None, None, None]]


# Rounds 2 and 3 after BYE_ROUND: Cove beats Ash 1-0 with a board drawn (Birch's bye), Birch beats Cove 2-0 (Ash's).
THREE_ROUNDS = (
    [[1, 1, 1, 5, "Cove 1", "Cove", 1, None, None], [1, 1, 2, 1, "Ash 1", "Ash", 0, None, None],
     [1, 2, 1, 6, "Cove 2", "Cove", 1, 1, None], [1, 2, 2, 2, "Ash 2", "Ash", 1, 1, None],
     ["BYE", "BYE", None, 3, "Birch 1", "Birch", None, None, None],
     ["BYE", "BYE", None, 4, "Birch 2", "Birch", None, None, None]],
    [[1, 1, 1, 3, "Birch 1", "Birch", 1, None, None], [1, 1, 2, 5, "Cove 1", "Cove", 0, None, None],
     [1, 2, 1, 4, "Birch 2", "Birch", 1, None, None], [1, 2, 2, 6, "Cove 2", "Cove", 0, None, None],
     ["BYE", "BYE", None, 1, "Ash 1", "Ash", None, None, None],
     ["BYE", "BYE", None, 2, "Ash 2", "Ash", None, None, None]])


@pytest.mark.parametrize("team_bye, mp, game_points", [
    (None, 1, 2),                # every board won (today's): a match won, worth Points for a bye (1)
    ("every board won", 1, 2),
    ("drawn match", 1, 1),       # Points for a draw (1), both boards drawn: 1 game point
    ("0.5", 0, 0.5),             # a chosen score below half the boards: a match lost
    (1.5, 3, 1.5),               # above half: a match won (Points for a win, 3)
    ("own average", 1, 1),       # no match played yet: a drawn match
])
def test_the_team_bye_is_worth_what_team_bye_says(tmp_path, run, team_bye, mp, game_points):
    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Points for a bye": 1, "Team bye": team_bye,
                                "Team tiebreakers": "match_points, game_points"},
                      player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    teams = {row["name"]: row for row in team_json(run, path)}
    assert (teams["Cove"]["match_points"], teams["Cove"]["game_points"]) == (mp, game_points)
    players = {row["name"]: row for row in json.loads(run("standings", path, "--json", "--no-write").stdout)}
    assert players["Cove 1"]["match_points"] == players["Cove 2"]["match_points"] == 1  # Points for a bye


@pytest.mark.parametrize("team_bye, mp, game_points", [
    ("every board won", 1, 4),  # the points of Cove's two bye rows: Bye games (2) each
    ("drawn match", 1, 2),      # half of them, Points for a draw
    ("own average", 1, 2),      # no match played yet: a drawn match
    (1.5, 0, 1.5),              # a set score below half the bye rows' points (2 of 4): a match lost
])
def test_with_summed_points_the_team_bye_counts_the_points_of_its_bye_rows(tmp_path, run, team_bye, mp, game_points):
    """Summed points: Ash's games 2 + 2 beat Birch's 0 + 0; Cove's bye is worth its players' bye rows, 2 games
    each (Bye games), as Team bye says."""
    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Points for a bye": 1, "Team bye": team_bye,
                                "Team match result": "summed points", "Team tiebreakers": "match_points, game_points"},
                      player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    teams = {row["name"]: (row["match_points"], row["game_points"]) for row in team_json(run, path)}
    assert teams == {"Ash": (3, 4), "Birch": (0, 0), "Cove": (mp, game_points)}


def test_own_average_takes_the_teams_played_matches(tmp_path, run):
    """Round 2: Cove beats Ash 1-0 with a board drawn (1.5 game points, a match won: 3); its round-1 bye is then
    its average: 3 match points, 1.5 game points."""
    second = THREE_ROUNDS[0]
    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND, second], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Team bye": "own average", "Team tiebreakers": "match_points, "
                                "game_points"}, player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    teams = {row["name"]: row for row in team_json(run, path)}
    assert (teams["Cove"]["match_points"], teams["Cove"]["game_points"]) == (6, 3)
    assert (teams["Birch"]["match_points"], teams["Birch"]["game_points"]) == (0, 0)  # its bye: its 0-2 loss


def test_own_average_is_the_mean_of_every_match_the_team_played(tmp_path, run):
    """Three rounds, each team a bye once. By hand: Ash beats Birch 2-0 (3 MP, 2 game points), loses to Cove
    0.5-1.5 (0, 0.5), so its bye is (3 + 0) / 2 = 1.5 MP and (2 + 0.5) / 2 = 1.25 game points: 4.5 and 3.75. Birch
    loses 0-2 then beats Cove 2-0, its bye 1.5 and 1: 4.5 and 3. Cove wins 1.5-0.5 and loses 0-2, its bye 1.5 and
    0.75: 4.5 and 2.25. Game-win % (3 a game won, 1 drawn, over 3 a game played, the bye's games averaged too):
    Ash won 2 + 0 + 1 and drew 0 + 1 + 0.5 of 6, (9 + 1.5) / 18; Birch 3 of 6, 9 / 18; Cove 1.5 and 1.5, 6 / 18."""
    second, third = THREE_ROUNDS
    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND, second, third], ruleset="swiss",
                      total_rounds=3, settings={"Team size": 2, "Team bye": "own average", "Team tiebreakers":
                                                "match_points, game_points, game_win_pct"},
                      player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    assert [(row["name"], row["match_points"], row["game_points"], row["game_win_pct"]) for row in
            team_json(run, path)] == [("Ash", 4.5, 3.75, round(10.5 / 18, 6)), ("Birch", 4.5, 3, 0.5),
                                      ("Cove", 4.5, 2.25, round(6 / 18, 6))]


def test_own_average_with_summed_points_averages_the_points_and_games_of_the_teams_matches(tmp_path, run):
    """The three rounds above with Team match result: summed points (a team's points are its boards' games won; a
    match's games played are both teams' points). By hand: Ash scores 4-0 (3 MP, 4 games played) and 1-2 (0, 3), so
    its bye is 1.5 MP, 2.5 points over 3.5 games: 4.5 MP, 7.5 points, 10.5 games. Birch 0-4 and 2-0, its bye 1.5, 1
    over 3: 4.5, 3, 9. Cove 2-1 and 0-2, its bye 1.5, 1 over 2.5: 4.5, 3, 7.5. Game-win % (3 a point, over 3 a
    game played): Ash 22.5 / 31.5, Birch 9 / 27, Cove 9 / 22.5."""
    second, third = THREE_ROUNDS
    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND, second, third], ruleset="swiss",
                      total_rounds=3, settings={"Team size": 2, "Team bye": "own average", "Team match result":
                                                "summed points", "Team tiebreakers": "match_points, game_points, "
                                                "game_win_pct"},
                      player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    assert [(row["name"], row["match_points"], row["game_points"], row["game_win_pct"]) for row in
            team_json(run, path)] == [("Ash", 4.5, 7.5, round(22.5 / 31.5, 6)), ("Cove", 4.5, 3, round(9 / 22.5, 6)),
                                      ("Birch", 4.5, 3, round(9 / 27, 6))]  # Cove above Birch by game-win %


@pytest.mark.parametrize("typed, said", [
    ("SB-C1, BH-C1", "Team tiebreakers does not list MP: teams are ranked by match points first, the "
     "tiebreakers after them. Type MP, SB-C1, BH-C1, or leave the cell blank for sheetrunner's team order (MP, OMW%, "
     "BW%, OBW%)."),
    ("game_points, match_points", "Team tiebreakers lists game_points before MP: teams are ranked by "
     "match points first, the tiebreakers after them. Type MP, game_points, or leave the cell blank for "
     "sheetrunner's team order (MP, OMW%, BW%, OBW%)."),
])
def test_team_tiebreakers_typed_as_those_after_match_points_are_said_at_their_cell(tmp_path, run, typed, said):
    """FIDE's team order is `MP, SB-C1, BH-C1`; a TO who types the tie-breaks after the points would rank the teams
    without them, and pair the next round as if every team had none: said at the cell with the list meant."""
    path = real_event(tmp_path, {"Team tiebreakers": typed})
    before = path.read_bytes()
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == [f"Event!B11: {said}", "1 error(s), 0 warning(s)."]
    assert run("standings", path).exit_code == 1 and path.read_bytes() == before


def test_team_tiebreakers_that_are_not_for_teams_are_named_together(tmp_path, run):
    path = real_event(tmp_path, {"Team tiebreakers": "match_points, wins, vp"})
    first = run("check", path).stdout.splitlines()[0]
    assert first.startswith('Event!B11: Team tiebreakers names "wins", "vp", which are no team tiebreakers. Use names '
                            'from: match_points, ')


@pytest.mark.parametrize("team_bye, problem", [
    (2, None),  # Team size itself: every board's game points
    ("half", 'Event!B7: Team bye needs every board won, drawn match, own average or game points from 0 to 2 (Team '
             'size) in halves, found "half". Type every board won, drawn match, own average, or the game points a '
             'team bye scores (e.g. 1).')])
def test_a_team_bye_of_up_to_team_size_game_points_is_read_and_other_text_refused(tmp_path, run, team_bye, problem):
    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Team bye": team_bye}, player_headers=PLAYER_HEADERS,
                      round_headers=ROUND_HEADERS)
    lines = run("check", path).stdout.splitlines()
    assert lines == (["0 error(s), 0 warning(s)."] if problem is None else [problem, "1 error(s), 0 warning(s)."])


def test_a_team_bye_no_team_can_score_is_refused_at_its_cell(tmp_path, run):
    path = make_event(tmp_path / "bye.xlsx", BYE_PLAYERS, [BYE_ROUND], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Team bye": 3}, player_headers=PLAYER_HEADERS,
                      round_headers=ROUND_HEADERS)
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        'Event!B7: Team bye needs every board won, drawn match, own average or game points from 0 to 2 (Team size) '
        'in halves, found "3". Type every board won, drawn match, own average, or the game points a team bye '
        'scores (e.g. 1).')


def test_team_standings_are_in_every_export(tmp_path, run):
    path = real_event(tmp_path)
    result = run("standings", path, "--no-write", "--csv", tmp_path / "out.csv", "--xlsx", tmp_path / "out.xlsx")
    assert result.exit_code == 0, result.output
    assert f"Saved {tmp_path / 'out.csv'} (teams: {tmp_path / 'out-teams.csv'})" in result.stdout.splitlines()
    lines = (tmp_path / "out-teams.csv").read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == "rank,tied,id,name,dropped,match_points,game_points,direct_encounter," \
                       "sonneborn_berger_gp"
    assert lines[1] == "1,FALSE,1,OŠ Bogojina,FALSE,8,12,2,65"
    assert (tmp_path / "out.csv").read_text(encoding="utf-8-sig").splitlines()[0].startswith("rank,tied,id,name,team")
    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert book.sheetnames == ["After round 5", "Teams after round 5"]
    assert [cell.value for cell in book["Teams after round 5"][2]] == [1, False, 1, "OŠ Bogojina", False, 8, 12, 2, 65]


def test_teams_is_refused_for_an_event_without_teams(tmp_path, run):
    path = make_event(tmp_path / "solo.xlsx", ["Ann", "Ben"], [], ruleset="swiss", total_rounds=3)
    result = run("standings", path, "--json", "--teams", "--no-write")
    assert result.exit_code == 2
    assert "--teams: this event has no teams (Team size is none in the Event sheet)." in result.output


def test_the_listing_says_which_tiebreakers_teams_can_use(run):
    lines = run("tiebreakers").stdout.splitlines()
    assert any(line.split()[:3] == ["sonneborn_berger", "SB", "(teams"] and "only)" in line for line in lines)
    assert any(line.split()[:3] == ["match_points", "MP", "(teams"] and "too)" in line for line in lines)
    assert any(line.split()[:2] == ["tp", "TP"] and "(teams" not in line for line in lines)


def test_a_forfeited_board_is_a_win_not_a_bye(tmp_path, run):
    """Birch 2 did not come: Ash 2's row is a BYE row under the match's label 1 (a forfeited board). With Points
    for a bye 1 and Points for a win 3, Ash 2 scores a win's 3; Cove's players, on their team's bye, score 1."""
    forfeit = [row if row[4] != "Ash 2" else [1, "BYE", None, 2, "Ash 2", "Ash", None, None, None]
               for row in BYE_ROUND if row[4] != "Birch 2"]
    path = make_event(tmp_path / "forfeit.xlsx", BYE_PLAYERS, [forfeit], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Points for a bye": 1}, player_headers=PLAYER_HEADERS,
                      round_headers=ROUND_HEADERS)
    assert run("check", path).exit_code == 0
    players = {row["name"]: row["match_points"] for row in
               json.loads(run("standings", path, "--json", "--no-write").stdout)}
    assert (players["Ash 1"], players["Ash 2"], players["Birch 1"], players["Cove 1"], players["Cove 2"]) == \
        (3, 3, 0, 1, 1)
    teams = {row["name"]: row for row in team_json(run, path)}
    assert (teams["Ash"]["match_points"], teams["Cove"]["match_points"]) == (3, 1)  # 2 boards to 0; every board won
