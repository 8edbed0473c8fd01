"""Leagues (SPEC §5a): a season's standings from the final standings of five events of three rulesets.

The events (built here, every result typed, sizes 4 and 6):

- E1 January, swiss-tp, 4 players, 2 rounds. Ann beats Ben 3-0, Kate beats Dov 3-0; Ann beats Kate 3-1, Ben beats
  Dov 3-0 (no bonus anywhere: OP under 4, margins over 1). TP: Ann 6, Kate 3 (OP 4), Ben 3 (OP 3), Dov 0.
  Places: Ann 1, Kate 2, Ben 3, Dov 4.
- E2 February, swiss (games), 6 players, 3 rounds. Ben wins all three (9 MP); Katherine (Kate's full name, joined
  by an Aliases row) draws Eve, beats Cat, beats Ann (7); Ann beats Jon and Eve (6); Jon beats Cat (3); Eve 1;
  Cat 0. Places: Ben 1, Katherine 2, Ann 3, Jon 4, Eve 5, Cat 6. Jon Smith has League ID L7 here.
- E3 March, chits-and-cards, 4 players, 2 rounds, cards Ann 1, Jonathan 2, Zoë 3, Ben 4. Round 1 (1 v 4, 2 v 3):
  Ben beats Ann (Ben 3 chits, card 1; Ann 1 chit, card 4), Jonathan beats Zoë (3 chits, card 2; Zoë 1, card 3).
  Round 2: Jonathan beats Ben (4 chits, card 1; Ben 2, card 2), Ann beats Zoë (Ann 2, card 3; Zoë 0, card 4).
  Chits, then the lower card: Jonathan 1, Ben 2, Ann 3, Zoë 4. Jonathan Smith has League ID L7: Jon Smith.
- E4 April, swiss-tp, 6 players, 3 rounds. Eve wins all three (9 TP); Ben beats Gus and Ann (6 TP, OP 7); Ann beats
  Zoe and Gus (6 TP, OP 6); Zoe beats Kate (3 TP, OP 4); Kate beats Ben (3 TP, OP 3); Gus 0. Places: Eve 1, Ben 2,
  Ann 3, Zoe 4 (Zoë of March: accents are folded), Kate 5, Gus 6.
- E5 May, swiss, 4 players, a round robin of 3 rounds: Kate beats everyone, Eve beats Jon and Ann, Jon beats Ann.
  Places: Kate 1, Eve 2, Jon 3 (no League ID here: the name is L7's elsewhere), Ann 4.

The league: 1st 10, 2nd 7, 3rd 5, 4th 3 points, any other place 1; the best 3 events count; at least 2 events to
be ranked; ties by more events, then the better best place, then countback.

    Ann   E1 10, E2 5, E3 5, E4 5, E5 3: best 3 are 10 + 5 (E2) + 5 (E3) = 20; E4 and E5 dropped
    Ben   E1 5, E2 10, E3 7, E4 7: 10 + 7 + 7 = 24; E1 dropped
    Kate  E1 7, E2 7, E4 1, E5 10: 10 + 7 + 7 = 24; E4 dropped
    Jon   E2 3, E3 10, E5 5: 18
    Eve   E2 1, E4 10, E5 7: 18
    Zoë   E3 3, E4 3: 6
    Dov 3, Cat 1, Gus 1: one event each, under the minimum

Ben and Kate: 24 each, 4 events each, best place 1 each; countback: one 1st and two 2nd places each, Ben has a 3rd
and Kate none: Ben 1, Kate 2. Ann 3 (20). Eve and Jon: 18, 3 events, best place 1 each; countback: Eve has a 2nd
place, Jon none: Eve 4, Jon 5. Zoë 6. Then, unranked: Dov (3), then Cat and Gus (1 each, tied: by name).

The correction: in E5 round 1 Eve beat Kate 2-1 (it was typed the other way). E5 is then Eve 9 MP, Kate 6, Jon 3,
Ann 0: places Eve 1, Kate 2, Jon 3, Ann 4. Kate: E1 7, E2 7, E4 1, E5 7: 21 (E4 dropped). Eve: E2 1, E4 10, E5 10:
21. Kate and Eve tie on 21; Kate played 4 events, Eve 3: Kate 2, Eve 3. Ann 20 is now 4th. Ben 1 (24), Jon 5 (18),
Zoë 6 (6) as before.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from builder import digest, make_event, type_results

from sheetrunner import api
from sheetrunner.league.season import Entry, EventResult, LeagueRules, compute_season
from sheetrunner.league.run import run_league
from sheetrunner.reports import find_browser

SWISS = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]
CHITS = ["Table", "Seat", "ID", "Player", "Result", "Note"]


def tp_round(matches):
    """swiss-tp rows (table, name, OP, SP) from (winner, OP, loser, OP)."""
    return [row for table, (a, op_a, b, op_b) in enumerate(matches, start=1)
            for row in ((table, a, op_a, 1), (table, b, op_b, 1))]


def games_round(ids, matches):
    """swiss rows from (player, games won, opponent, games won); 1-1 is a draw on time."""
    return [row for table, (a, won_a, b, won_b) in enumerate(matches, start=1)
            for row in ((table, 1, ids[a], a, won_a, 0, None), (table, 2, ids[b], b, won_b, 0, None))]


def chits_round(ids, matches):
    """chits-and-cards rows from (winner, loser)."""
    return [row for table, (a, b) in enumerate(matches, start=1)
            for row in ((table, 1, ids[a], a, "W", None), (table, 2, ids[b], b, "L", None))]


def ids_of(names):
    return {name: index for index, name in enumerate(names, start=1)}


def build_season(folder: Path) -> list[Path]:
    """The five events of the module docstring, in season order."""
    e1 = ["Ann Lee", "Ben Ode", "Kate Ng", "Dov Katz"]
    make_event(folder / "e1.xlsx", e1, [tp_round([("Ann Lee", 3, "Ben Ode", 0), ("Kate Ng", 3, "Dov Katz", 0)]),
                                        tp_round([("Ann Lee", 3, "Kate Ng", 1), ("Ben Ode", 3, "Dov Katz", 0)])],
               total_rounds=2, settings={"Event name": "January"})
    e2 = ["Ben Ode", "Ann Lee", "Katherine Ng", "Eve Park", "Jon Smith", "Cat Roy"]
    ids = ids_of(e2)
    make_event(folder / "e2.xlsx", [[ids[n], n, "L7" if n == "Jon Smith" else None] for n in e2], [
        games_round(ids, [("Ben Ode", 2, "Cat Roy", 0), ("Ann Lee", 2, "Jon Smith", 0),
                          ("Katherine Ng", 1, "Eve Park", 1)]),
        games_round(ids, [("Ben Ode", 2, "Jon Smith", 1), ("Ann Lee", 2, "Eve Park", 0),
                          ("Katherine Ng", 2, "Cat Roy", 0)]),
        games_round(ids, [("Ben Ode", 2, "Eve Park", 0), ("Katherine Ng", 2, "Ann Lee", 1),
                          ("Jon Smith", 2, "Cat Roy", 0)])],
        ruleset="swiss", total_rounds=3, settings={"Event name": "February"},
        player_headers=["ID", "Name", "League ID"], round_headers=SWISS)
    e3 = ["Ann Lee", "Jonathan Smith", "Zoë Baker", "Ben Ode"]
    ids = ids_of(e3)
    make_event(folder / "e3.xlsx", [[ids[n], n, ids[n], "L7" if n == "Jonathan Smith" else None] for n in e3], [
        chits_round(ids, [("Ben Ode", "Ann Lee"), ("Jonathan Smith", "Zoë Baker")]),
        chits_round(ids, [("Jonathan Smith", "Ben Ode"), ("Ann Lee", "Zoë Baker")])],
        ruleset="chits-and-cards", total_rounds=2, settings={"Event name": "March"},
        player_headers=["ID", "Name", "Card", "League ID"], round_headers=CHITS)
    e4 = ["Eve Park", "Ann Lee", "Ben Ode", "Gus Ito", "Zoe Baker", "Kate Ng"]
    make_event(folder / "e4.xlsx", e4, [
        tp_round([("Eve Park", 3, "Kate Ng", 0), ("Ben Ode", 3, "Gus Ito", 1), ("Ann Lee", 3, "Zoe Baker", 1)]),
        tp_round([("Eve Park", 3, "Zoe Baker", 0), ("Kate Ng", 3, "Ben Ode", 1), ("Ann Lee", 2, "Gus Ito", 0)]),
        tp_round([("Eve Park", 3, "Gus Ito", 0), ("Ben Ode", 3, "Ann Lee", 1), ("Zoe Baker", 3, "Kate Ng", 0)])],
        total_rounds=3, settings={"Event name": "April"})
    e5 = ["Kate Ng", "Eve Park", "Jon Smith", "Ann Lee"]
    ids = ids_of(e5)
    make_event(folder / "e5.xlsx", e5, [
        games_round(ids, [("Kate Ng", 2, "Eve Park", 1), ("Jon Smith", 2, "Ann Lee", 0)]),
        games_round(ids, [("Kate Ng", 2, "Jon Smith", 0), ("Eve Park", 2, "Ann Lee", 0)]),
        games_round(ids, [("Kate Ng", 2, "Ann Lee", 0), ("Eve Park", 2, "Jon Smith", 0)])],
        ruleset="swiss", total_rounds=3, settings={"Event name": "May"}, round_headers=SWISS)
    return [folder / f"e{n}.xlsx" for n in range(1, 6)]


def make_season_workbook(path: Path, events: list[str], settings: dict, aliases=()) -> Path:
    """A season workbook as a TO types it: League settings, Events, Aliases."""
    book = openpyxl.Workbook()
    league = book.active
    league.title = "League"
    league.append(["Setting", "Value"])
    for label, value in settings.items():
        league.append([label, value])
    book.create_sheet("Events").append(["File"])
    for event in events:
        book["Events"].append([event])
    sheet = book.create_sheet("Aliases")
    sheet.append(["Name", "Same as"])
    for row in aliases:
        sheet.append(list(row))
    book.save(path)
    return path


SETTINGS = {"League name": "Spring League", "Scoring": "Placing", "Best events": 3, "Minimum events": 2,
            "Participation points": 1, "Tiebreakers": "events, best_placing, countback",
            "1st place": 10, "2nd place": 7, "3rd place": 5, "4th place": 3}


@pytest.fixture
def season(tmp_path):
    events = build_season(tmp_path)
    path = make_season_workbook(tmp_path / "season.xlsx", [e.name for e in events], SETTINGS,
                                [("Katherine Ng", "Kate Ng")])
    return path, events


def table_of(rows):
    return [(r["rank"], r["name"], r["points"], r["events"], r["counted"]) for r in rows]


def season_json(run, path) -> dict:
    result = run("league", path, "--json", "--no-reports")
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout)  # stdout is the JSON and nothing else


def test_the_events_finish_as_the_docstring_says(season):
    """The inputs, checked: each event's final standings as sheetrunner ranks them."""
    _, events = season
    expected = [["Ann Lee", "Kate Ng", "Ben Ode", "Dov Katz"],
                ["Ben Ode", "Katherine Ng", "Ann Lee", "Jon Smith", "Eve Park", "Cat Roy"],
                ["Jonathan Smith", "Ben Ode", "Ann Lee", "Zoë Baker"],
                ["Eve Park", "Ben Ode", "Ann Lee", "Zoe Baker", "Kate Ng", "Gus Ito"],
                ["Kate Ng", "Eve Park", "Jon Smith", "Ann Lee"]]
    for path, names in zip(events, expected):
        rows = api.current_standings(path, write=False).standings.rows
        assert [row.player.name for row in rows] == names
        assert [row.rank for row in rows] == list(range(1, len(names) + 1))


def test_a_season_of_five_events_by_hand_then_one_event_corrected(season, run):
    path, events = season
    before = [digest(e) for e in events]
    data = season_json(run, path)
    assert table_of(data["standings"]) == [
        (1, "Ben Ode", 24, 4, 3), (2, "Kate Ng", 24, 4, 3), (3, "Ann Lee", 20, 5, 3), (4, "Eve Park", 18, 3, 3),
        (5, "Jon Smith", 18, 3, 3), (6, "Zoë Baker", 6, 2, 2),
        (None, "Dov Katz", 3, 1, 1), (None, "Cat Roy", 1, 1, 1), (None, "Gus Ito", 1, 1, 1)]
    assert [r["ranked"] for r in data["standings"]] == [True] * 6 + [False] * 3
    by_name = {r["name"]: r for r in data["standings"]}
    assert [(p["event"], p["name"], p["place"], p["points"], p["counted"]) for p in by_name["Ann Lee"]["played"]] == [
        ("January", "Ann Lee", 1, 10, True), ("February", "Ann Lee", 3, 5, True), ("March", "Ann Lee", 3, 5, True),
        ("April", "Ann Lee", 3, 5, False), ("May", "Ann Lee", 4, 3, False)]
    assert [(p["name"], p["counted"]) for p in by_name["Kate Ng"]["played"]] == [
        ("Kate Ng", True), ("Katherine Ng", True), ("Kate Ng", False), ("Kate Ng", True)]
    assert [p["name"] for p in by_name["Jon Smith"]["played"]] == ["Jon Smith", "Jonathan Smith", "Jon Smith"]
    assert by_name["Jon Smith"]["league_id"] == "L7"
    assert [digest(e) for e in events] == before  # the events are read, never written

    type_results(events[4], 1, {"Kate Ng": {"Games won": 1}, "Eve Park": {"Games won": 2}})
    data = season_json(run, path)
    assert table_of(data["standings"])[:6] == [
        (1, "Ben Ode", 24, 4, 3), (2, "Kate Ng", 21, 4, 3), (3, "Eve Park", 21, 3, 3), (4, "Ann Lee", 20, 5, 3),
        (5, "Jon Smith", 18, 3, 3), (6, "Zoë Baker", 6, 2, 2)]
    by_name = {r["name"]: r for r in data["standings"]}
    assert [(p["place"], p["points"], p["counted"]) for p in by_name["Kate Ng"]["played"]] == [
        (2, 7, True), (2, 7, True), (5, 1, False), (2, 7, True)]


def test_the_season_is_written_into_the_season_workbook(season, run):
    path, _ = season
    result = run("league", path, "--no-reports")
    assert result.exit_code == 0, result.stderr
    wrote = next(line for line in result.stdout.splitlines() if line.startswith("Wrote"))
    assert wrote.startswith(f"Wrote {path}: Season standings and Season events. Backup: season-backups/season.")
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["League", "Events", "Aliases", "Season standings", "Season events"]
    rows = list(book["Season standings"].iter_rows(values_only=True))
    assert rows[0] == ("Rank", "Player", "League ID", "Points", "Events", "Counted", "January", "February",
                       "March", "April", "May", "Status")
    assert rows[1] == (1, "Ben Ode", None, 24, 4, 3, "(5)", 10, 7, 7, None, None)
    assert rows[3] == (3, "Ann Lee", None, 20, 5, 3, 10, 5, 5, "(5)", "(3)", None)
    assert rows[7] == (None, "Dov Katz", None, 3, 1, 1, 3, None, None, None, None,
                       "under the minimum: 1 of 2 events")
    played = list(book["Season events"].iter_rows(values_only=True))
    assert ("Kate Ng", None, "February", "e2.xlsx", "Katherine Ng", "2", 7, "Yes") in played
    # A second run replaces the season's sheets rather than adding more.
    assert run("league", path, "--no-reports").exit_code == 0
    assert openpyxl.load_workbook(path).sheetnames == book.sheetnames


def test_a_new_season_from_the_command_line_then_from_its_events_sheet(tmp_path, run):
    """Made with the defaults (10, 8, 6, 5, 4, 3, 2, 1; participation 1; every event counts) and an Events sheet
    listing the files, so the next run needs none. January and May: Kate 8 + 10 = 18, Ann 10 + 5 = 15."""
    events = build_season(tmp_path)
    path = tmp_path / "new.xlsx"
    result = run("league", path, events[0], events[4], "--no-reports")
    assert result.exit_code == 0, result.stderr
    assert f"Made {path}" in result.output
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["League", "Events", "Aliases", "Season standings", "Season events"]
    assert [r[0] for r in book["Events"].iter_rows(min_row=2, values_only=True)] == ["e1.xlsx", "e5.xlsx"]
    settings = {r[0]: r[1] for r in book["League"].iter_rows(min_row=2, values_only=True)}
    assert settings["Scoring"] == "Placing" and settings["1st place"] == 10 and settings["8th place"] == 1
    data = season_json(run, path)
    assert table_of(data["standings"])[:2] == [(1, "Kate Ng", 18, 2, 2), (2, "Ann Lee", 15, 2, 2)]


def test_match_points(season, run):
    """Scoring by match points, every event: a win 3, a draw 1. Ann: E1 2 wins, E2 2 wins, E3 1, E4 2, E5 none:
    21. Ben: E1 1, E2 3, E3 1, E4 2: 21. Katherine/Kate: E1 1 win, E2 2 wins and a draw, E4 1, E5 3: 22."""
    path, events = season
    make_season_workbook(path, [e.name for e in events], {"Scoring": "Match points", "Minimum events": 2},
                         [("Katherine Ng", "Kate Ng")])
    points = {r["name"]: r["points"] for r in season_json(run, path)["standings"]}
    assert (points["Kate Ng"], points["Ann Lee"], points["Ben Ode"]) == (22, 21, 21)


def test_an_unfinished_event_and_a_missing_file_stop_the_run_with_every_problem(season, run):
    path, events = season
    book = openpyxl.load_workbook(events[1])
    for cell in ("E2", "F2", "E3", "F3"):  # table 1 of the last round: no result yet
        book["Round 3"][cell].value = None
    book.save(events[1])
    make_season_workbook(path, [e.name for e in events] + ["gone.xlsx"], SETTINGS)
    before = digest(path)
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0] == ("e2.xlsx: February is not over yet: its final standings are not known. Type its last "
                        "results, or leave it out of the season until it is over.")
    assert lines[1].startswith("gone.xlsx: There is no file ")
    assert lines[-1] == "Error: 2 problem(s) to fix; nothing was written."
    assert digest(path) == before


def test_problems_inside_an_event_are_named_with_its_file(season, run):
    path, events = season
    book = openpyxl.load_workbook(events[2])
    book["Round 1"]["E2"].value = "maybe"
    book.save(events[2])
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.startswith("[e3.xlsx]Round 1!E2: ")


def test_two_players_of_one_event_made_one_by_the_aliases_are_refused(season, run):
    path, events = season
    make_season_workbook(path, [e.name for e in events], SETTINGS, [("Ann Lee", "Ben Ode")])
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    assert '"Ann Lee" and "Ben Ode" of January are the same player by name or Aliases.' in result.stderr


def test_a_bad_league_setting_is_named_at_its_cell(season, run):
    path, events = season
    make_season_workbook(path, [e.name for e in events], {"Best events": "three", "Tiebreaker order": "x"})
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[:2] == [
        "League!B2: Best events needs a whole number, found \"three\". Only each player's best N events count "
        "(blank: every event; 1 to 1000).",
        'League!A3: "Tiebreaker order" is not a league setting. Use one of: League name, Scoring, Best events, '
        "Minimum events, Participation points, Points for a win, Points for a draw, Points for a loss, Tiebreakers, "
        "or a place such as 9th place."]


def test_shared_places_and_a_shared_season_rank():
    """A place shared in an event (=2) gives each player 2nd place's points; players equal on points and every
    tiebreaker share the season's rank. Ann 10 + 6, Cat 6 + 10: 16 each, 2 events each: =1. Ben 6 + 6: 3."""
    events = [EventResult("One", "one.xlsx", (Entry("Ann", 1), Entry("Ben", 2, True), Entry("Cat", 2, True))),
              EventResult("Two", "two.xlsx", (Entry("Cat", 1), Entry("Ben", 2, True), Entry("Ann", 2, True)))]
    rules = LeagueRules(place_points=(Fraction(10), Fraction(6), Fraction(3)), tiebreakers=("events",))
    rows = compute_season(events, rules).rows
    assert [(r.rank_label, r.name, r.points) for r in rows] == [("=1", "Ann", 16), ("=1", "Cat", 16), ("3", "Ben", 12)]
    assert [p.place_label for p in rows[2].played] == ["=2", "=2"]


@pytest.mark.slow
@pytest.mark.skipif(find_browser() is None, reason="no Chromium on this machine: `apt-get install chromium` to run")
def test_the_season_poster_and_players_events_print(season):
    from pypdf import PdfReader

    path, _ = season
    result = run_league(path, pdf=True)
    assert result.reports_problem is None, str(result.reports_problem)
    folder = path.with_name("season-reports")
    assert sorted(p.name for p in result.reports) == ["league_players.html", "league_players.pdf",
                                                      "league_poster.html", "league_poster.pdf"]
    poster = PdfReader(str(folder / "league_poster.pdf"))
    text = poster.pages[0].extract_text()
    assert "Spring League" in text and "Ben Ode" in text and "Page 1 of 1" in text
    assert abs(float(poster.pages[0].mediabox.height) - 1190.55) < 2  # A3 portrait, in points
    players = "".join(page.extract_text() for page in PdfReader(str(folder / "league_players.pdf")).pages)
    assert "Katherine Ng" in players and "dropped (best 3)" in players
