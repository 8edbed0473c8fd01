"""Byes before round 1 for invited players (issue 21, §2): the `Byes` column of Players, in every Swiss ruleset."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from builder import edit_players, make_event, round_rows, seating, type_results

from sheetrunner import api

HEADERS = ["ID", "Name", "Team", "Byes"]
NOTE = "Invited: bye {} of {} before round 1 (Byes in Players)."


def pair(run, path):
    result = run("pair", "--no-reports", path)
    assert result.exit_code == 0, result.output
    return result


def test_two_invited_players_over_three_rounds(tmp_path, run):
    """Ann has 1 bye, Ben 2; Cat, Dov and Eve play from round 1. The odd player's bye in round 3 skips Ann and
    Cat, the lowest ranked, who have had one, and goes to Eve.

    Results: R1 Dov v Eve 1-1-1 (a drawn match; Cat has the odd bye). R2 Dov beats Ann 2-0, Eve beats Cat 2-1
    (Ben's second bye). R3 Ben beats Dov 2-1, Ann beats Cat 2-0 (Eve's bye). By hand (MTR: a bye 3 match points
    and 2-0 in games, 6 game points of 2 games; MW% = MP / 9 for three rounds, byes counting):

        MP   Ben 3+3+3 = 9; Eve 1+3+3 = 7; Ann 3+0+3 = 6; Dov 1+3+0 = 4; Cat 3+0+0 = 3.
        GW%  Ann (6+0+6)/(3*6) = 2/3; Ben (6+6+6)/(3*7) = 6/7; Cat (6+3+0)/(3*7) = 3/7;
             Dov (4+6+3)/(3*8) = 13/24; Eve (4+6+6)/(3*8) = 2/3.
        OMW% (byes are not opponents; MW% Ann 2/3, Ben 1, Cat 1/3, Dov 4/9, Eve 7/9):
             Ann (Dov, Cat) (4/9 + 1/3)/2 = 7/18; Ben (Dov) 4/9; Cat (Eve, Ann) (7/9 + 2/3)/2 = 13/18;
             Dov (Eve, Ann, Ben) (7/9 + 2/3 + 1)/3 = 22/27; Eve (Dov, Cat) 7/18.
        OGW% Ann (Dov, Cat) (13/24 + 3/7)/2 = 163/336; Ben (Dov) 13/24; Cat (Eve, Ann) 2/3;
             Dov (Eve, Ann, Ben) (2/3 + 2/3 + 6/7)/3 = 46/63; Eve (Dov, Cat) 163/336.
    """
    players = [(1, "Ann", None, 1), (2, "Ben", None, 2), (3, "Cat", None, None), (4, "Dov", None, None),
               (5, "Eve", None, None)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="swiss", total_rounds=3, player_headers=HEADERS)
    pair(run, path)
    assert seating(path, 1) == {1: ["Dov", "Eve"], "BYE": ["Ann", "Ben", "Cat"]}
    notes = {row[3]: row[-1] for row in round_rows(path, 1)[1:]}
    assert (notes["Ann"], notes["Ben"], notes["Cat"]) == (NOTE.format(1, 1), NOTE.format(1, 2), None)
    type_results(path, 1, {"Dov": {"Games won": 1, "Games drawn": 1}, "Eve": {"Games won": 1, "Games drawn": 1}})
    printed = pair(run, path).output
    assert seating(path, 2) == {1: ["Ann", "Dov"], 2: ["Cat", "Eve"], "BYE": ["Ben"]}
    assert f"  - Bye (Ben): {NOTE.format(2, 2)}" in printed.splitlines()
    type_results(path, 2, {"Dov": {"Games won": 2}, "Ann": {"Games won": 0}, "Eve": {"Games won": 2},
                           "Cat": {"Games won": 1}})
    pair(run, path)
    assert seating(path, 3) == {1: ["Ben", "Dov"], 2: ["Cat", "Ann"], "BYE": ["Eve"]}
    type_results(path, 3, {"Ben": {"Games won": 2}, "Dov": {"Games won": 1}, "Ann": {"Games won": 2},
                           "Cat": {"Games won": 0}})
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(row["name"], row["match_points"]) for row in table] == [
        ("Ben", 9), ("Eve", 7), ("Ann", 6), ("Dov", 4), ("Cat", 3)]
    exact = {row.player.name: tuple(row.values[key] for key in ("opponents_match_win_pct", "game_win_pct",
                                                                 "opponents_game_win_pct"))
             for row in api.current_standings(path, write=False).standings.rows}
    assert exact == {"Ben": (F(4, 9), F(6, 7), F(13, 24)), "Eve": (F(7, 18), F(2, 3), F(163, 336)),
                     "Ann": (F(7, 18), F(2, 3), F(163, 336)), "Dov": (F(22, 27), F(13, 24), F(46, 63)),
                     "Cat": (F(13, 18), F(3, 7), F(2, 3))}


def test_swiss_tp_scores_an_invited_bye_as_its_bye(tmp_path, run):
    """004's bye: 3 TP, and 0 OP and SP during the event."""
    players = [(1, "Ann", None, 1), (2, "Ben", None, None), (3, "Cat", None, None)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="swiss-tp", total_rounds=3, player_headers=HEADERS)
    pair(run, path)
    assert seating(path, 1) == {1: ["Ben", "Cat"], "BYE": ["Ann"]} or seating(path, 1) == {
        1: ["Cat", "Ben"], "BYE": ["Ann"]}
    type_results(path, 1, {"Ben": {"OP": 5, "SP": 2}, "Cat": {"OP": 1, "SP": 1}})
    table = {row["name"]: (row["tp"], row["op"]) for row in
             json.loads(run("standings", "--json", "--no-write", path).stdout)}
    assert table == {"Ben": (4, 5), "Ann": (3, 0), "Cat": (0, 1)}


def test_chits_and_cards_gives_an_invited_bye_a_chit_and_keeps_the_card(tmp_path, run):
    """003's bye: a win, one chit from the bank, no card swap; the four others are paired by 003 (1 v 5, 2 v 4)."""
    players = [(i, name, None, i, 1 if name == "Cat" else None) for i, name in enumerate("Ann Ben Cat Dov Eve".split(),
                                                                                         start=1)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="chits-and-cards", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Card", "Byes"])
    pair(run, path)
    assert seating(path, 1) == {1: ["Ann", "Eve"], 2: ["Ben", "Dov"], "BYE": ["Cat"]}
    type_results(path, 1, {"Ann": {"Result": "L"}, "Eve": {"Result": "W"}, "Ben": {"Result": "D"},
                           "Dov": {"Result": "D"}})
    table = {row["name"]: (row["chits"], row["card"]) for row in
             json.loads(run("standings", "--json", "--no-write", path).stdout)}
    assert table == {"Cat": (4, 3), "Eve": (4, 1), "Ben": (3, 2), "Dov": (3, 4), "Ann": (2, 5)}


@pytest.mark.parametrize("byes, joined, message", [
    (4, None, "Players!D3: Ben has 4 byes, more than the event's 3 rounds. Byes count rounds from round 1: type "
              "at most 3."),
    ("two", None, "Players!D3: Byes needs a whole number, found \"two\". Type how many rounds, from round 1, this "
                  "invited player has a bye (blank is 0)."),
    (-1, None, "Players!D3: Byes needs a whole number of at least 0, found -1. Type how many rounds, from round "
               "1, this invited player has a bye (blank is 0)."),
    (1, 2, "Players!D3: Ben has 1 bye before round 1 but joins in round 2. Clear Joined in: the byes cover the "
           "rounds before the player arrives. Or clear Byes for a late entry."),
])
def test_byes_are_checked_at_their_cell(tmp_path, run, byes, joined, message):
    players = [(1, "Ann", None, None, None), (2, "Ben", None, byes, joined), (3, "Cat", None, None, None)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="swiss", total_rounds=3,
                      player_headers=HEADERS + ["Joined in"])
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == message


@pytest.mark.parametrize("byes", [1, 2, 3])
def test_byes_typed_after_the_round_was_paired_leave_its_game_standing(tmp_path, run, byes):
    """Byes up to all three of the event's rounds, the first of them (round 1) already paired with Ann at a table."""
    players = [(1, "Ann", None, None), (2, "Ben", None, None), (3, "Cat", None, None), (4, "Dov", None, None)]
    rounds = [[(1, "Ann", None, None), (1, "Ben", None, None), (2, "Cat", None, None), (2, "Dov", None, None)]]
    path = make_event(tmp_path / "e.xlsx", players, rounds, ruleset="swiss-tp", total_rounds=3,
                      player_headers=HEADERS)
    edit_players(path, {"Ann": {"Byes": byes}})
    result = run("check", path)
    assert (result.exit_code, result.stdout.splitlines()) == (0, [
        f"Players!D2: warning: Ann has {byes} bye{'s' if byes > 1 else ''} but plays a game in round 1: that round "
        "was paired before; its game stands. Clear Byes if they were typed by mistake; byes from the next round on "
        "are given.", "0 error(s), 1 warning(s)."])
    assert [problem["severity"] for problem in json.loads(run("check", "--json", path).stdout)] == ["warning"]


def test_a_ruleset_without_byes_warns_that_the_column_is_ignored(tmp_path, run):
    players = [(i, name, None, 1 if name == "Ann" else None) for i, name in enumerate("Ann Ben Cat Dov".split(), 1)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="pod-round-robin", total_rounds=3,
                      player_headers=HEADERS)
    result = run("check", path)
    assert result.stdout.splitlines()[0] == (
        "Players!D1: warning: The Byes column is ignored: this ruleset gives no byes before round 1. Only swiss-tp, "
        "swiss, chits-and-cards give invited players byes; clear the column to silence this.")
