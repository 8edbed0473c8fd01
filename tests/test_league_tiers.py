"""League tiers (issue 33): a season of two tiers of events, checked by hand, through the CLI.

The events are test_league's five (build_season), whose final places are checked there:

    E1 January (4 players)   Ann 1, Kate 2, Ben 3, Dov 4
    E2 February (6 players)  Ben 1, Katherine 2 (Kate, by the Aliases), Ann 3, Jon 4, Eve 5, Cat 6
    E3 March (4 players)     Jonathan 1 (Jon: League ID L7), Ben 2, Ann 3, Zoë 4
    E4 April (6 players)     Eve 1, Ben 2, Ann 3, Zoe 4 (Zoë), Kate 5, Gus 6
    E5 May (4 players)       Kate 1, Eve 2, Jon 3, Ann 4

The Tiers sheet, as a TO types it (a column per tier, rows as the League sheet's):

    Setting               Store   Regional
    Players at least      4       6
    Best events                   2
    Minimum events        1
    1st place             10      30
    2nd place             7       20
    3rd place             5       12
    4th place             3       8
    Participation points  1       4

The Events sheet types May's tier, Regional (the TO's word wins over its 4 players); the others are left blank and
chosen by size: January and March (4 players) reach Store's 4, not Regional's 6: Store; February and April (6)
reach Regional's 6: Regional. The League sheet: every event counts (no Best events), at least 2 events to be
ranked, ties by events, best placing, countback.

Each player's events (S Store, R Regional), the most points first; Regional keeps each player's best 2:

    Ben   E2 R 1st 30, E4 R 2nd 20, E3 S 2nd 7, E1 S 3rd 5                    = 30 + 20 + 7 + 5 = 62
    Kate  E5 R 1st 30, E2 R 2nd 20, E1 S 2nd 7, E4 R 5th 4 (3rd Regional: out) = 30 + 20 + 7     = 57
    Eve   E4 R 1st 30, E5 R 2nd 20, E2 R 5th 4 (out)                           = 50, but no Store event:
          under Store's minimum of 1, listed after the ranked players
    Ann   E2 R 3rd 12, E4 R 3rd 12, E1 S 1st 10, E5 R 4th 8 (out), E3 S 3rd 5  = 12 + 12 + 10 + 5 = 39
    Jon   E5 R 3rd 12, E3 S 1st 10, E2 R 4th 8                                 = 30
    Zoë   E4 R 4th 8, E3 S 4th 3                                               = 11
    Cat   E2 R 6th: participation 4; Gus E4 R 6th: 4; Dov E1 S 4th: 3          one event each: under 2

Ranked: Ben 1 (62), Kate 2 (57), Ann 3 (39), Jon 4 (30), Zoë 5 (11). Then Eve (50, 0 of 1 Store events), Cat and
Gus (4 each, equal on every tiebreaker: by name), Dov (3).
"""

from __future__ import annotations

import json

import openpyxl
import pytest
from test_league import build_season, make_season_workbook

TIERS = [["Setting", "Store", "Regional"], ["Players at least", 4, 6], ["Best events", None, 2],
         ["Minimum events", 1, None], ["1st place", 10, 30], ["2nd place", 7, 20], ["3rd place", 5, 12],
         ["4th place", 3, 8], ["Participation points", 1, 4]]
LEAGUE = {"League name": "Tiered League", "Scoring": "Placing", "Minimum events": 2,
          "Tiebreakers": "events, best_placing, countback"}


def tiered_season(folder, tiers=TIERS, typed=(None, None, None, None, "Regional")):
    events = build_season(folder)
    path = make_season_workbook(folder / "season.xlsx", [e.name for e in events], LEAGUE,
                                [("Katherine Ng", "Kate Ng")])
    book = openpyxl.load_workbook(path)
    book["Events"]["B1"].value = "Tier"
    for row, tier in enumerate(typed, start=2):
        book["Events"].cell(row, 2).value = tier
    sheet = book.create_sheet("Tiers")
    for row in tiers:
        sheet.append(row)
    book.save(path)
    return path


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    return tiered_season(tmp_path_factory.mktemp("tiers"))


def test_a_season_of_two_tiers_by_hand(season, run):
    result = run("league", season, "--json", "--no-reports")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [(e["event"], e["players"], e["tier"]) for e in data["events"]] == [
        ("January", 4, "Store"), ("February", 6, "Regional"), ("March", 4, "Store"), ("April", 6, "Regional"),
        ("May", 4, "Regional")]
    assert [(r["rank"], r["name"], r["points"], r["events"], r["counted"]) for r in data["standings"]] == [
        (1, "Ben Ode", 62, 4, 4), (2, "Kate Ng", 57, 4, 3), (3, "Ann Lee", 39, 5, 4), (4, "Jon Smith", 30, 3, 3),
        (5, "Zoë Baker", 11, 2, 2), (None, "Eve Park", 50, 3, 2), (None, "Cat Roy", 4, 1, 1),
        (None, "Gus Ito", 4, 1, 1), (None, "Dov Katz", 3, 1, 1)]
    ann = next(r for r in data["standings"] if r["name"] == "Ann Lee")
    assert [(p["event"], p["tier"], p["place"], p["points"], p["counted"]) for p in ann["played"]] == [
        ("January", "Store", 1, 10, True), ("February", "Regional", 3, 12, True), ("March", "Store", 3, 5, True),
        ("April", "Regional", 3, 12, True), ("May", "Regional", 4, 8, False)]
    assert data["tiers"] == [
        {"tier": "Store", "players_at_least": 4, "best": None, "minimum": 1, "points": [10, 7, 5, 3],
         "participation": 1, "match_points": [3, 1, 0], "events": ["January", "March"]},
        {"tier": "Regional", "players_at_least": 6, "best": 2, "minimum": 0, "points": [30, 20, 12, 8],
         "participation": 4, "match_points": [3, 1, 0], "events": ["February", "April", "May"]}]


def test_the_tiers_on_the_terminal_the_sheets_and_the_poster(season, run):
    result = run("league", season)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "Tiered League: 5 event(s), points per placing, every event, at least 2 events to be ranked; tiers Store "
        "(4+ players, at least 1 to be ranked), Regional (6+ players, best 2).",
        "  Store: 2 event(s) · points 10 7 5 3, then 1 · 4+ players · at least 1 to be ranked",
        "  Regional: 3 event(s) · points 30 20 12 8, then 4 · 6+ players · best 2 count"]
    assert "   -  Eve Park       50  3 event(s), 2 counted  (under the minimum: 0 of 1 Store events)" in lines
    book = openpyxl.load_workbook(season)
    standings = list(book["Season standings"].iter_rows(values_only=True))
    assert (standings[6][1], standings[6][3]) == ("Eve Park", 50) and standings[6][-1] == "under the minimum: 0 of 1 Store events"
    played = list(book["Season events"].iter_rows(values_only=True))
    assert played[0] == ("Player", "League ID", "Event", "Tier", "File", "Name in the event", "Place", "Points",
                         "Counted")
    assert ("Kate Ng", None, "April", "Regional", "e4.xlsx", "Kate Ng", "5", 4, "No") in played
    poster = (season.with_name("season-reports") / "league_poster.html").read_text(encoding="utf-8")
    assert "Regional: 3 event(s) · points 30 20 12 8, then 4 · 6+ players · best 2 count" in poster
    players = (season.with_name("season-reports") / "league_players.html").read_text(encoding="utf-8")
    assert "<th>Tier</th>" in players and "<td>Regional</td>" in players


def test_tier_problems_are_named_at_their_cells(tmp_path, run):
    """A Tier typed that no column names, a bad value in a tier's column, a tier named twice and a table with a
    place missing: every one at its cell, nothing written."""
    tiers = [["Setting", "Store", "Regional", "store"], ["Best events", "two", 2, 1], ["1st place", 10, 30, 5],
             ["3rd place", 5, 12, 1]]
    path = tiered_season(tmp_path, tiers, ("Regionl", None, None, None, None))
    result = run("league", path, "--no-reports")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        'Tiers!D1: A second tier named "store". Give each tier its own name.',
        "Tiers!B2: Store: Best events needs a whole number, found \"two\". A player's best N events of this tier count "
        "(blank: every one).",
        "Tiers!B1: Store's table of points has no 2nd place. Give every place from 1st down to the last one a row.",
        "Tiers!C1: Regional's table of points has no 2nd place. Give every place from 1st down to the last one a row.",
        'Events!B2: "Regionl" is not a tier of the season. Use one of: Store, Regional (the Tiers sheet\'s headers), '
        "or leave it blank.",
        "Error: 5 problem(s) to fix; nothing was written."]


def test_an_event_reaching_no_tier_is_scored_by_the_league_sheet(tmp_path, run):
    """Regional alone, from 6 players: January, March and May (4 players) reach no tier, so the League sheet's
    table (the defaults: 10 8 6 5 4 3 2 1) scores them. Dov Katz: January 4th, 5 points."""
    tiers = [["Setting", "Regional"], ["Players at least", 6], ["1st place", 30]]
    path = tiered_season(tmp_path, tiers, (None,) * 5)
    data = json.loads(run("league", path, "--json", "--no-reports").stdout)
    assert [e["tier"] for e in data["events"]] == [None, "Regional", None, "Regional", None]
    dov = next(r for r in data["standings"] if r["name"] == "Dov Katz")
    assert (dov["points"], dov["played"][0]["tier"]) == (5, None)
    eve = next(r for r in data["standings"] if r["name"] == "Eve Park")  # April 1st 30, May 2nd 8, Feb 5th 1
    assert [p["points"] for p in eve["played"]] == [1, 30, 8]
