"""Game points as settings (issue 21): the points of a game won, drawn and lost, and a bye's games, in GW%/OGW%.

One small card-game event, replayed through the CLI under three rules: the MTR's default (appendix C: a game
won 3, drawn 1, lost 0; a bye a 2-0 match), a drawn game worth 0 (melee.gg's "Two-Game Matches" scoring; its
best-of-three pages give a drawn game 1, as the MTR: see docs/rulesets.md's table), and the MTR's points with a bye
counted 3-0. The values are exact (Fractions from the library) and as `standings --json` prints them.
"""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from builder import game_win_figures, make_event

from sheetrunner import api

HEADERS = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]
PLAYERS = ["Ann", "Ben", "Cat", "Dov", "Eve"]
ROUNDS = [
    [[1, 1, 1, "Ann", 2, 1, None], [1, 2, 2, "Ben", 1, 1, None],  # 2-1-1
     [2, 1, 3, "Cat", 1, 1, None], [2, 2, 4, "Dov", 1, 1, None],  # 1-1-1: a drawn match
     ["BYE", None, 5, "Eve", None, None, None]],
    [[1, 1, 1, "Ann", 2, None, None], [1, 2, 5, "Eve", 0, None, None],  # 2-0
     [2, 1, 2, "Ben", 2, 1, None], [2, 2, 3, "Cat", 0, 1, None],  # 2-0-1
     ["BYE", None, 4, "Dov", None, None, None]],
]

MTR = {}
DRAWN_GAME_ZERO = {"Game points for a drawn game": 0}  # melee.gg, two-game matches
BYE_THREE_NIL = {"Bye games won": 3}

# Worked by hand; the notes below are (game points, games played) per round, then GW% and OGW%.
#
# MTR default (won 3, drawn 1, lost 0; a bye 2-0 is 6 points of 2 games):
#   Ann  R1 2-1-1: 6+1 = 7 of 4 games; R2 2-0: 6 of 2.   13 / (3*6)  = 13/18
#   Ben  R1 1-2-1: 3+1 = 4 of 4;       R2 2-0-1: 7 of 3. 11 / (3*7)  = 11/21
#   Cat  R1 1-1-1: 4 of 3;             R2 0-2-1: 1 of 3.  5 / (3*6)  = 5/18, below the floor: 1/3
#   Dov  R1 1-1-1: 4 of 3;             R2 bye: 6 of 2.   10 / (3*5)  = 2/3
#   Eve  R1 bye: 6 of 2;               R2 0-2: 0 of 2.    6 / (3*4)  = 1/2
#   OGW% (byes are not opponents): Ann (Ben, Eve) (11/21 + 1/2)/2 = 43/84; Ben (Ann, Cat) (13/18 + 1/3)/2 = 19/36;
#   Cat (Dov, Ben) (2/3 + 11/21)/2 = 25/42; Dov (Cat) 1/3; Eve (Ann) 13/18.
#
# A drawn game worth 0 (won 3, lost 0):
#   Ann 12/18 = 2/3; Ben 9/21 = 3/7; Cat 3/18, floored to 1/3; Dov 9/15 = 3/5; Eve 6/12 = 1/2.
#   OGW%: Ann (3/7 + 1/2)/2 = 13/28; Ben (2/3 + 1/3)/2 = 1/2; Cat (3/5 + 3/7)/2 = 18/35; Dov 1/3; Eve 2/3.
#
# MTR points, a bye 3-0 (9 points of 3 games): only Dov and Eve, who had byes, change:
#   Dov (4 + 9) / (3*6) = 13/18; Eve (9 + 0) / (3*5) = 3/5.
#   OGW%: Ann (11/21 + 3/5)/2 = 59/105; Cat (13/18 + 11/21)/2 = 157/252; Eve 13/18; Ben 19/36; Dov 1/3.
EXPECTED = {
    "mtr": (MTR, {"Ann": (F(13, 18), F(43, 84)), "Ben": (F(11, 21), F(19, 36)), "Cat": (F(1, 3), F(25, 42)),
                  "Dov": (F(2, 3), F(1, 3)), "Eve": (F(1, 2), F(13, 18))}),
    "melee.gg drawn game 0": (DRAWN_GAME_ZERO, {"Ann": (F(2, 3), F(13, 28)), "Ben": (F(3, 7), F(1, 2)),
                                       "Cat": (F(1, 3), F(18, 35)), "Dov": (F(3, 5), F(1, 3)),
                                       "Eve": (F(1, 2), F(2, 3))}),
    "bye 3-0": (BYE_THREE_NIL, {"Ann": (F(13, 18), F(59, 105)), "Ben": (F(11, 21), F(19, 36)),
                                "Cat": (F(1, 3), F(157, 252)), "Dov": (F(13, 18), F(1, 3)),
                                "Eve": (F(3, 5), F(13, 18))}),
}
MATCH_POINTS = {"Ann": 6, "Ben": 3, "Cat": 1, "Dov": 4, "Eve": 3}  # the same under every game-point rule


def event(tmp_path, settings):
    return make_event(tmp_path / "e.xlsx", PLAYERS, ROUNDS, ruleset="swiss", total_rounds=3, settings=settings,
                      round_headers=HEADERS)


@pytest.mark.parametrize("rule", EXPECTED)
def test_game_win_pct_follows_the_game_point_settings(tmp_path, run, rule):
    settings, expected = EXPECTED[rule]
    path = event(tmp_path, settings)
    shown, exact = game_win_figures(run, path)
    assert shown == {name: (MATCH_POINTS[name], round(float(gw), 6), round(float(ogw), 6))
                     for name, (gw, ogw) in expected.items()}
    assert exact == expected


def test_a_drawn_game_worth_more_than_a_won_game_is_refused_at_its_cell(tmp_path, run):
    path = event(tmp_path, {"Game points for a game won": 1, "Game points for a drawn game": 2})
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "Event!B7: Game points for a drawn game (2) is more than Game points for a game won (1): a worse result "
        "cannot score more than a better one. Type at most 1, or raise Game points for a game won.")


def test_a_bound_typed_below_a_default_is_refused_at_the_typed_cell(tmp_path, run):
    path = event(tmp_path, {"Game points for a drawn game": 0, "Game points for a game lost": None,
                            "Points for a draw": 0})
    assert run("check", path).exit_code == 0  # a lost game at its default 0 is worth no more than a drawn 0
    path = event(tmp_path, {"Points for a draw": 0, "Points for a loss": None, "Points for a win": 3})
    assert run("check", path).exit_code == 0
    path = event(tmp_path, {"Points for a win": 0})
    assert run("check", path).stdout.splitlines()[0] == (
        "Event!B6: Points for a draw (1) is more than Points for a win (0): a worse result cannot score more than "
        "a better one. Type at least 1, or add a Points for a draw row with at most 0.")


@pytest.mark.parametrize("label, typed, message", [
    ("Game points for a drawn game", -1, "Game points for a drawn game needs a whole number of at least 0, found "
     "-1. Type a whole number (at least 0)."),
    ("Game points for a game won", 0, "Game points for a game won needs a whole number of at least 1, found 0. "
     "Type a whole number (at least 1)."),
    ("Bye games won", 4, "Bye games won needs a whole number of at most 3, found 4. Type a whole number from 1 "
     "to 3."),
])
def test_points_out_of_bounds_are_refused_at_their_cell(tmp_path, run, label, typed, message):
    result = run("check", event(tmp_path, {label: typed}))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == f"Event!B6: {message}"


# melee.gg's own worked figures (help.melee.gg, "Star Wars: Unlimited Tiebreakers" and "Understanding Melee's
# Swiss, Top Cut Pairings and Standings"): its best-of-three matches use the MTR's points (a match 3/1/0, a game
# won 3, drawn 1, lost 0), so the settings' defaults reproduce them; only its "Two-Game Matches" format scores a
# drawn game 0 (the test above).
#   "after three rounds of play a player has 1 match win, 1 drawn match, and 1 match loss ... 4 points out of a
#   possible 9 ... 44%"; "that player went 2-1-0, 1-1-1, and 0-2-0 in games played ... 10 points out of a
#   possible 24 ... 41.6%".
#   "a player's opponents in a two-round tournament had the results of 1-1 and 0-2 ... .50 + .3333 / 2 = 41.66%".
MELEE_ROUNDS = [
    [[1, 1, 1, "Pat", 2, None, None], [1, 2, 2, "Ada", 1, None, None],   # Pat 2-1-0
     [2, 1, 3, "Bea", 2, None, None], [2, 2, 4, "Cal", 0, None, None]],
    [[1, 1, 1, "Pat", 1, 1, None], [1, 2, 3, "Bea", 1, 1, None],        # Pat 1-1-1, a drawn match
     [2, 1, 2, "Ada", 2, None, None], [2, 2, 4, "Cal", 0, None, None]],
    [[1, 1, 1, "Pat", 0, None, None], [1, 2, 4, "Cal", 2, None, None],   # Pat 0-2-0
     [2, 1, 2, "Ada", 2, None, None], [2, 2, 3, "Bea", 1, None, None]],
]
OMW_ROUNDS = [  # Xia beats Wes (who loses both: 0-2), then Yan (who beat Zed: 1-1)
    [[1, 1, 1, "Xia", 2, None, None], [1, 2, 4, "Wes", 0, None, None],
     [2, 1, 2, "Yan", 2, None, None], [2, 2, 3, "Zed", 0, None, None]],
    [[1, 1, 1, "Xia", 2, None, None], [1, 2, 2, "Yan", 0, None, None],
     [2, 1, 3, "Zed", 2, None, None], [2, 2, 4, "Wes", 0, None, None]],
]


def test_melee_ggs_published_match_and_game_win_figures(tmp_path, run):
    path = make_event(tmp_path / "m.xlsx", ["Pat", "Ada", "Bea", "Cal"], MELEE_ROUNDS, ruleset="swiss",
                      total_rounds=3, round_headers=HEADERS)
    pat = next(row for row in json.loads(run("standings", "--json", "--no-write", path).stdout) if row["name"] == "Pat")
    assert (pat["match_points"], pat["game_win_pct"]) == (4, round(10 / 24, 6))
    exact = next(row for row in api.current_standings(path, write=False).standings.rows if row.player.name == "Pat")
    assert exact.values["game_win_pct"] == F(10, 24)
    omw = make_event(tmp_path / "o.xlsx", ["Xia", "Yan", "Zed", "Wes"], OMW_ROUNDS, ruleset="swiss",
                     total_rounds=2, round_headers=HEADERS)
    xia = next(row for row in api.current_standings(omw, write=False).standings.rows if row.player.name == "Xia")
    assert xia.values["opponents_match_win_pct"] == (F(1, 2) + F(1, 3)) / 2  # 41.67% (melee prints 41.66%)
