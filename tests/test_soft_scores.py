"""Soft scores (issue 21, §2): Players columns named in `Soft scores`, added, used as a tiebreaker or awarded."""

from __future__ import annotations

import json

import openpyxl
from builder import make_event

HEADERS = ["ID", "Name", "Team", "Painting", "Sportsmanship"]
PLAYERS = [(1, "Ann", None, 2, 3), (2, "Ben", None, None, 3), (3, "Cat", None, 1, 4), (4, "Dov", None, 1, 5)]
TIED = [[(1, "Ann", 3, 1), (1, "Ben", 3, 1), (2, "Cat", 3, 1), (2, "Dov", 3, 1)]]


def test_added_and_tiebreaker_soft_scores(tmp_path, run):
    """swiss-tp, one round of two ties (3-3, SP 1 each): everyone has TP 1, OP 3, SP 1, opponents' OP 3.

    Painting (add) goes onto TP: Ann 1+2 = 3, Cat 1+1 = 2, Dov 1+1 = 2, Ben 1+0 (blank) = 1. Sportsmanship is
    a tiebreaker after swiss-tp's own and before the draw: Dov (5) ahead of Cat (4), tied on everything else.
    """
    path = make_event(tmp_path / "e.xlsx", PLAYERS, TIED, total_rounds=3, player_headers=HEADERS,
                      settings={"Soft scores": "Painting (add), Sportsmanship", "Soft score use": "tiebreaker"})
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert list(table[0])[6:] == ["tp", "op", "sp", "opponents_op", "soft_sportsmanship", "random", "soft_painting"]
    assert [(r["name"], r["rank"], r["tp"], r["soft_sportsmanship"], r["soft_painting"]) for r in table] == [
        ("Ann", 1, 3, 3, 2), ("Dov", 2, 2, 5, 1), ("Cat", 3, 2, 4, 1), ("Ben", 4, 1, 3, 0)]
    text = run("standings", "--no-write", path).stdout
    assert "Plus Painting (soft score)." in text
    assert "  Sportsmanship: Sportsmanship, a soft score given outside the games, used as a tiebreaker." in text
    assert "  Painting: Painting, a soft score given outside the games, added to TP." in text


def test_award_soft_scores_change_no_rank(tmp_path, run):
    """The default use is award: shown, never counted; the order (here the seeded draw's) is the one without
    soft scores."""
    path = make_event(tmp_path / "e.xlsx", PLAYERS, TIED, total_rounds=3, player_headers=HEADERS,
                      settings={"Soft scores": "Sportsmanship"})
    plain = make_event(tmp_path / "plain.xlsx", PLAYERS, TIED, total_rounds=3, player_headers=HEADERS)
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    before = json.loads(run("standings", "--json", "--no-write", plain).stdout)
    assert [{k: v for k, v in row.items() if k != "soft_sportsmanship"} for row in table] == before
    assert {r["name"]: r["soft_sportsmanship"] for r in table} == {"Ann": 3, "Ben": 3, "Cat": 4, "Dov": 5}


def test_soft_score_cells_are_checked(tmp_path, run):
    """The setting names Players columns that exist, with known uses; each value is a number of at least 0."""
    players = [(1, "Ann", None, "good", 3), (2, "Ben", None, -1, 3), (3, "Cat", None, 1, 4), (4, "Dov", None, 1, 5)]
    path = make_event(tmp_path / "e.xlsx", players, TIED, total_rounds=3, player_headers=HEADERS,
                      settings={"Soft scores": "Painting, Sportsmanship (bonus), Sport"})
    result = run("check", path)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        'Event!B6: Soft scores: "Sportsmanship (bonus)" asks for a use that is none of award, add, tiebreaker. '
        "Type one of them in the brackets, or drop the brackets to use Soft score use (award).",
        'Event!B6: Soft scores names "Sport", which is not a Players column. Spell it as the Players column is '
        "headed, or add that column.",
        'Players!D2: Painting needs a number, found "good". Type a number of at least 0 (blank counts 0).',
        "Players!D3: Painting needs a number of at least 0, found -1. Type a number of at least 0 (blank counts 0).",
        "4 error(s), 0 warning(s)."]


def test_init_writes_the_soft_score_settings(tmp_path, run):
    """After the ruleset's options, so every earlier row stays where it was; Soft score use has a drop-down."""
    path = tmp_path / "new.xlsx"
    assert run("init", path, "--ruleset", "swiss").exit_code == 0
    sheet = openpyxl.load_workbook(path)["Event"]
    rows = {row[0]: (index, row[1]) for index, row in enumerate(sheet.iter_rows(values_only=True), start=1)}
    assert rows["Soft scores"][1] is None and rows["Soft score use"][1] == "award"
    # only the team event's settings (issue 22), and those added later still (issues 33, 31), come after them
    assert rows["Soft score use"][0] == rows["Soft scores"][0] + 1 == rows["Team size"][0] - 1
    after = [label for label, (index, _) in rows.items() if index > rows["Team match result"][0]]
    assert after == ["Team tiebreakers", "Team bye", "Game points for an intentional draw", "Names sorted by",
                     "Codes on pairings"]
    lists = {str(rule.sqref): rule.formula1 for rule in sheet.data_validations.dataValidation}
    assert lists[f"B{rows['Soft score use'][0]}"] == '"award,add,tiebreaker"'


def test_an_added_soft_score_does_not_seed_round_1(tmp_path, run):
    """Round 1 is a seeded draw whatever the standings say before it: Ann's Painting, added to TP, is not a
    score to pair by yet, so nobody is paired across score groups."""
    players = [(1, "Ann", None, 2, None), (2, "Ben", None, None, None), (3, "Cat", None, None, None),
               (4, "Dov", None, None, None)]
    path = make_event(tmp_path / "e.xlsx", players, total_rounds=3, player_headers=HEADERS,
                      settings={"Soft scores": "Painting (add)"})
    lines = run("pair", path).stdout.splitlines()
    assert lines[3] == "Compromises: none."
