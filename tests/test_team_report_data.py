"""What a team event's reports show of a round (issue 22; `teams/report_data.py`): each team match with its tables,
its boards home player first, each team's match points when the round was paired and, once every board has a
result, the match's total; the team bye with its players; the team standings. Worked by hand.

Three teams of two (`test_team_regulations`' event): round 1 Ash beats Birch on both boards while Cove has the team
bye (every board won, a bye's 3 match points); round 2 Cove (home) v Ash: Cove 1 wins board 1, board 2 is drawn
(one game each and a drawn game), and Birch has the bye."""

from __future__ import annotations

import html
import json
import re

import openpyxl
import pytest
from builder import make_event
from test_team_regulations import BYE_PLAYERS, BYE_ROUND, PLAYER_HEADERS, ROUND_HEADERS, THREE_ROUNDS

from sheetrunner import api
from sheetrunner.rules.tournament import standings_after
from sheetrunner.teams.matches import TeamMatch
from sheetrunner.teams.report_data import in_label_order, team_report_data
from sheetrunner.teams.rules import team_play

SECOND = THREE_ROUNDS[0]


def loaded_event(tmp_path, second: list, **settings) -> api.Loaded:
    path = make_event(tmp_path / "teams.xlsx", BYE_PLAYERS, [BYE_ROUND, second], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, **settings}, player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    return api.load_event(path)


def report_data(tmp_path, second: list, number: int = 2, **settings) -> dict:
    loaded = loaded_event(tmp_path, second, **settings)
    return team_report_data(loaded.event, team_play(loaded.ruleset), loaded.event.rounds[number - 1])


def match(result: str) -> dict:
    return {"number": "1", "tables": "Tables 1–2", "result": result,
            "home": {"name": "Cove", "points": "MP 3"}, "away": {"name": "Ash", "points": "MP 3"},
            "boards": [{"table": 1, "home": "Cove 1", "away": "Ash 1"}, {"table": 2, "home": "Cove 2", "away": "Ash 2"}],
            "forfeits": []}


BIRCH_BYE = [{"name": "Birch", "points": "MP 0", "players": ["Birch 1", "Birch 2"]}]


@pytest.mark.parametrize("settings, result, total", [
    ({}, "Cove 1–0 Ash", "Boards won"),  # board wins: one board won, one drawn
    ({"Team match result": "summed points"}, "Cove 2–1 Ash", "Points"),  # games won added up: 1 + 1 against 0 + 1
])
def test_a_played_round_shows_each_match_its_boards_and_its_total(tmp_path, settings, result, total):
    data = report_data(tmp_path, SECOND, **settings)
    assert data["team_matches"] == [match(result)]
    assert data["team_byes"] == BIRCH_BYE
    assert data["team_columns"] == ["Games won", "Games drawn"]
    assert data["team_total"] == total


def test_a_round_just_paired_shows_no_total_yet(tmp_path):
    unplayed = [row[:6] + [None, None, None] for row in SECOND]
    assert report_data(tmp_path, unplayed)["team_matches"] == [match("")]


def test_the_team_standings_of_the_reports_count_the_round(tmp_path):
    """After round 2: Cove 6 MP (bye and win), Ash and Birch 3. OMW% counts a bye as a match won for its team but
    never as an opponent: Ash's opponents Birch (1 of 2) and Cove (2 of 2) make 75%. Board-win %: Cove 6 + 4 of 12,
    Ash 6 + 1 of 12, Birch 0 + 6 of 12."""
    table = report_data(tmp_path, SECOND)["team_standings"]
    assert table["after"] == 2
    assert table["tiebreakers"] == ["MP", "OMW%", "BW%", "OBW%"]
    assert [(row["rank"], row["name"], row["players"], row["cells"]) for group in table["groups"]
            for row in group["rows"]] == [
        ("1", "Cove", "Cove 1, Cove 2", ["6", "50.00%", "83.33%", "58.33%"]),
        ("2", "Ash", "Ash 1, Ash 2", ["3", "75.00%", "58.33%", "66.67%"]),
        ("3", "Birch", "Birch 1, Birch 2", ["3", "50.00%", "50.00%", "58.33%"])]


def test_a_board_whose_away_player_sits_first_still_prints_the_home_player_first(tmp_path):
    """Colours alternate down the boards in team chess: Ash 2 has seat 1 on board 2, and Cove stays the home team."""
    alternating = SECOND[:2] + [SECOND[3][:2] + [1] + SECOND[3][3:], SECOND[2][:2] + [2] + SECOND[2][3:]] + SECOND[4:]
    assert report_data(tmp_path, alternating)["team_matches"] == [match("Cove 1–0 Ash")]


def test_the_reports_of_an_earlier_round_show_the_event_as_it_was_then(tmp_path):
    """`report --round 1` after round 2 is in: no match points yet when round 1 was paired, Ash 2-0 Birch, Cove's
    bye, and the standings after round 1 (Ash and Cove 3 MP, Birch 0)."""
    data = report_data(tmp_path, SECOND, number=1)
    assert data["team_matches"] == [
        {"number": "1", "tables": "Tables 1–2", "result": "Ash 2–0 Birch", "home": {"name": "Ash", "points": ""},
         "away": {"name": "Birch", "points": ""}, "forfeits": [],
         "boards": [{"table": 1, "home": "Ash 1", "away": "Birch 1"}, {"table": 2, "home": "Ash 2", "away": "Birch 2"}]}]
    assert data["team_byes"] == [{"name": "Cove", "points": "", "players": ["Cove 1", "Cove 2"]}]
    assert data["team_standings"]["after"] == 1
    assert [(row["name"], row["cells"][0]) for group in data["team_standings"]["groups"] for row in group["rows"]] == \
        [("Ash", "3"), ("Cove", "3"), ("Birch", "0")]


def test_the_team_reports_are_titled_with_the_team_format(tmp_path):
    loaded = loaded_event(tmp_path, SECOND)
    event = loaded.event
    extras = loaded.ruleset.reports.report_extras(event, standings_after(event.with_rounds(event.rounds[:1]),
                                                                         loaded.ruleset), event.rounds[1])
    assert extras["ruleset_title"] == ("Swiss for card games: match points, opponents' match-win %, game-win % · "
                                       "teams of 2 (board wins)")


def test_a_forfeited_board_is_listed_under_its_match_and_counts_in_its_total(tmp_path):
    """Birch 2 did not come: Ash 2's row is a BYE row under match 1 (`test_team_regulations`' forfeit). The match sits
    at one table, its forfeited board is listed with who won it and whose player was absent, and Ash's total counts
    it: board 1 and the forfeit, 2-0."""
    forfeit = [row if row[4] != "Ash 2" else [1, "BYE", None, 2, "Ash 2", "Ash", None, None, None]
               for row in BYE_ROUND if row[4] != "Birch 2"]
    path = make_event(tmp_path / "forfeit.xlsx", BYE_PLAYERS, [forfeit], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2}, player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    loaded = api.load_event(path)
    data = team_report_data(loaded.event, team_play(loaded.ruleset), loaded.event.rounds[0])
    assert data["team_matches"] == [
        {"number": "1", "tables": "Table 1", "result": "Ash 2–0 Birch", "home": {"name": "Ash", "points": ""},
         "away": {"name": "Birch", "points": ""}, "boards": [{"table": 1, "home": "Ash 1", "away": "Birch 1"}],
         "forfeits": [{"name": "Ash 2", "team": "Ash", "absent": "Birch"}]}]
    assert data["team_byes"] == [{"name": "Cove", "points": "", "players": ["Cove 1", "Cove 2"]}]


def test_a_match_with_no_board_played_is_listed_with_its_forfeits_and_no_table(tmp_path, run):
    """Ash fields only board 1 and Birch only board 2: no board pits the two teams, and both rows are BYE rows under
    match 1 (`test_team_scoring`'s match found by its labels). The report lists one match, at no table, each
    forfeit with the team whose player was absent, and the total of one forfeit win each; Cove has the team bye."""
    forfeits = [[1, "BYE", None, 1, "Ash 1", "Ash", None, None, None], [1, "BYE", None, 4, "Birch 2", "Birch", None,
                                                                        None, None]] + BYE_ROUND[4:]
    path = make_event(tmp_path / "forfeits.xlsx", BYE_PLAYERS, [forfeits], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2}, player_headers=PLAYER_HEADERS, round_headers=ROUND_HEADERS)
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]  # a match, not two team byes
    loaded = api.load_event(path)
    data = team_report_data(loaded.event, team_play(loaded.ruleset), loaded.event.rounds[0])
    assert data["team_matches"] == [
        {"number": "1", "tables": "no table (every board forfeited)", "result": "Ash 1–1 Birch", "home": {"name": "Ash", "points": ""},
         "away": {"name": "Birch", "points": ""}, "boards": [],
         "forfeits": [{"name": "Ash 1", "team": "Ash", "absent": "Birch"},
                      {"name": "Birch 2", "team": "Birch", "absent": "Ash"}]}]
    assert data["team_byes"] == [{"name": "Cove", "points": "", "players": ["Cove 1", "Cove 2"]}]


@pytest.mark.parametrize("result, columns", [
    ("board wins", [("BW%", "Board-win %: boards won (3 points), drawn (1) and lost (0) over 3 per board played, at "
                            "least the floor; a bye is every board won."),
                    ("OBW%", "Mean of each opponent team's board-win %.")]),
    ("summed points", [("PS%", "Points share: the team's summed board points over those of both teams in its "
                               "matches, at least the floor."),
                       ("OPS%", "Mean of each opponent team's points share.")])])
def test_the_team_standings_legend_names_a_teams_games_as_what_they_are(tmp_path, result, columns):
    """A team's games are its boards (or, with summed points, its points): the game-win columns are labelled and
    explained so in the team standings' legend."""
    legend = report_data(tmp_path, SECOND, **{"Team match result": result})["team_standings"]["columns"]
    assert [(column["label"], column["meaning"]) for column in legend[2:]] == columns


# Four teams of two; in round 1 neither match has a board played (each team forfeits the board the other fills):
# match 1 Ash 1 and Birch 2, match 2 Cove 1 and Dell 2, each a BYE row under its match's label.
FOUR_TEAMS = [[index * 2 + board, f"{team} {board}", team, board, None]
              for index, team in enumerate(("Ash", "Birch", "Cove", "Dell")) for board in (1, 2)]
NO_BOARD_ROUND = [[1, "BYE", None, 1, "Ash 1", "Ash", None, None, None],
                  [1, "BYE", None, 4, "Birch 2", "Birch", None, None, None],
                  [2, "BYE", None, 5, "Cove 1", "Cove", None, None, None],
                  [2, "BYE", None, 8, "Dell 2", "Dell", None, None, None]]


def printed_text(path) -> str:
    """A report's words as printed, tags and styles left out."""
    page = re.sub(r"<style.*?</style>|<[^>]+>", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(page))


def test_two_matches_with_no_board_played_are_each_a_drawn_match_of_forfeit_wins(tmp_path, run):
    """Six teams: Elm beats Fir 2-0 on the boards (match 1), then the two matches with no board played. Each forfeit
    is a board won, worth Points for a win (3) to its player, not Points for a bye (1), and each such match is drawn
    one board to one: 1 match point and 1 game point a team. Neither is read as two team byes, and each is its own
    match, whatever else the round holds."""
    teams = FOUR_TEAMS + [[9, "Elm 1", "Elm", 1, None], [10, "Elm 2", "Elm", 2, None], [11, "Fir 1", "Fir", 1, None],
                          [12, "Fir 2", "Fir", 2, None]]
    played = [[3, 1, 1, 9, "Elm 1", "Elm", 2, 0, None], [3, 1, 2, 11, "Fir 1", "Fir", 0, 0, None],
              [3, 2, 1, 10, "Elm 2", "Elm", 2, 0, None], [3, 2, 2, 12, "Fir 2", "Fir", 0, 0, None]]
    path = make_event(tmp_path / "e.xlsx", teams, [played + NO_BOARD_ROUND], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Points for a bye": 1, "Team tiebreakers": "match_points, game_points"},
                      player_headers=PLAYER_HEADERS + ["Dropped after"], round_headers=ROUND_HEADERS)
    assert run("check", path).stdout.splitlines() == ["0 error(s), 0 warning(s)."]
    players = json.loads(run("standings", path, "--json", "--no-write").stdout)
    assert [(row["name"], row["match_points"]) for row in players if row["match_points"]] == [
        ("Elm 1", 3), ("Elm 2", 3), ("Ash 1", 3), ("Birch 2", 3), ("Cove 1", 3), ("Dell 2", 3)]
    assert len(players) == 12
    teams = json.loads(run("standings", path, "--json", "--teams", "--no-write").stdout)
    assert [(row["name"], row["match_points"], row["game_points"]) for row in teams] == [
        ("Elm", 3, 2), ("Ash", 1, 1), ("Birch", 1, 1), ("Cove", 1, 1), ("Dell", 1, 1), ("Fir", 0, 0)]
    loaded = api.load_event(path)
    data = team_report_data(loaded.event, team_play(loaded.ruleset), loaded.event.rounds[0])
    assert [(match["number"], match["home"]["name"], match["away"]["name"], match["result"])
            for match in data["team_matches"]] == [("1", "Ash", "Birch", "Ash 1–1 Birch"),
                                                   ("2", "Cove", "Dell", "Cove 1–1 Dell"),
                                                   ("3", "Elm", "Fir", "Elm 2–0 Fir")]
    assert data["team_byes"] == []


def test_a_match_pair_lays_out_with_no_board_played_is_printed_under_its_sheets_number(tmp_path, run):
    """After round 1, Ash 2 and Dell 1 drop, and round 2 pairs Ash (board 1 left) with Dell (board 2 left): a match
    with no board played, match 1 on the sheet and on screen, Birch v Cove match 2. The printed pairings and slips
    say the same numbers, in that order (a match with no board comes last in table order, not in the sheet's), and
    say where the forfeited match sits."""
    players = [row[:4] + [1 if row[1] in ("Ash 2", "Dell 1") else None] for row in FOUR_TEAMS]
    path = make_event(tmp_path / "e.xlsx", players, [NO_BOARD_ROUND], ruleset="swiss", total_rounds=3,
                      settings={"Team size": 2, "Team tiebreakers": "match_points, game_points"},
                      player_headers=PLAYER_HEADERS + ["Dropped after"], round_headers=ROUND_HEADERS)
    paired = run("pair", path)
    assert paired.exit_code == 0, paired.output
    assert paired.stdout.splitlines()[1:3] == ["  Match 1: Ash (MP 1) v Dell (MP 1), no table (every board forfeited)",
                                               "  Match 2: Birch (MP 1) v Cove (MP 1), tables 1-2"]
    sheet = [row[:6] for row in openpyxl.load_workbook(path)["Round 2"].iter_rows(min_row=2, values_only=True)]
    assert sheet == [(1, "BYE", None, 1, "Ash 1", "Ash"), (1, "BYE", None, 8, "Dell 2", "Dell"),
                     (2, 1, 1, 3, "Birch 1", "Birch"), (2, 1, 2, 5, "Cove 1", "Cove"),
                     (2, 2, 1, 4, "Birch 2", "Birch"), (2, 2, 2, 6, "Cove 2", "Cove")]
    reports = tmp_path / "e-reports" / "round-2"
    pairings = printed_text(reports / "team_pairings.html")
    headings = r"Team match (\w+): (\w+) \(MP 1\) v (\w+) \(MP 1\) · (no table \(every board forfeited\)|Tables 1–2)"
    assert re.findall(headings, pairings) == [("1", "Ash", "Dell", "no table (every board forfeited)"),
                                              ("2", "Birch", "Cove", "Tables 1–2")]
    assert "Ash 1 (Ash) wins a forfeited board: Dell has no player for it." in pairings
    slips = printed_text(reports / "team_slips.html")
    assert re.findall(r"Team match (\w+) · Round 2 : (\w+) v (\w+)", slips) == [("1", "Ash", "Dell"),
                                                                             ("2", "Birch", "Cove")]


def test_matches_print_in_the_order_of_their_labels_numbers_first_then_the_rest_in_table_order():
    """Labels typed 10, B, 2 and A at tables 1 to 4: the numbered ones by their number (2 before 10, not as text),
    then the others where their tables stand."""
    matches = [TeamMatch(number, 2 * number - 1, 2 * number, label=label)
               for number, label in enumerate(["10", "B", "2", "A"], start=1)]
    assert [match.shown for match in in_label_order(matches)] == ["2", "10", "B", "A"]
