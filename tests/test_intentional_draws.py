"""An intentional draw is not a played draw (issue 33): `ID` or the MTR's `0-0-3` under Games won, scored in
game-win % by its own setting, `Game points for an intentional draw`.

Sources of the two rules:
- MTR 2.4 (Conceding or Intentionally Drawing Games or Matches): players may agree to draw a match, and the slip
  is recorded 0-0-3 ("Players can also intentionally draw matches regardless of the result, but the slip must be
  recorded as 0-0-3": blogs.magicjudges.org/rulestips/2012/05/match-results-arent-final-until-the-result-slip-is-
  filled-out); MTR appendix C scores a drawn game 1 game point, so an ID is three drawn games: 3 of 9 points.
- melee.gg: its published standings score an ID reported 0-0-3 as three games worth 0 game points, while a played
  drawn game is worth 1 (issue 33's replay of its standings; help.melee.gg/docs/two-game-matches shows the same
  for its two-game format: "Intentional Draw | 0-0-2 Draw | 0 | 0").
A drawn match either way: match points are a draw's.

The event, worked by hand (4 players, 3 rounds, best of three; a game won 3, drawn 1, lost 0; floors 1/3):
  R1  Ann v Ben  ID (typed ID on both rows)        Cat v Dov  1-1-1 (one game really drawn)
  R2  Ann v Cat  2-0                                Ben v Dov  0-0-3 on Ben's row, 0 on Dov's (the MTR's form)
  R3  Ann v Dov  2-1                                Ben v Cat  2-1-1 (one game really drawn)
Match points (3/1/0): Ann D W W = 7; Ben D D W = 5; Cat D L L = 1; Dov D D L = 2.

MTR (an ID: three drawn games, 1 point each, 3 games):
  Ann  3/3g + 6/2g + 6/3g           = 15 / (3*8)  = 5/8
  Ben  3/3g + 3/3g + (6+1)/4g       = 13 / (3*10) = 13/30
  Cat  (3+1)/3g + 0/2g + (3+1)/4g   =  8 / (3*9)  = 8/27, below the floor: 1/3
  Dov  (3+1)/3g + 3/3g + 3/3g       = 10 / (3*9)  = 10/27
  OGW% Ann (Ben, Cat, Dov) (13/30 + 1/3 + 10/27)/3 = (117 + 90 + 100)/270/3 = 307/810
       Ben (Ann, Dov, Cat) (5/8 + 10/27 + 1/3)/3 = (135 + 80 + 72)/216/3 = 287/648
       Cat (Dov, Ann, Ben) (10/27 + 5/8 + 13/30)/3 = (400 + 675 + 468)/1080/3 = 1543/3240
       Dov (Cat, Ben, Ann) (1/3 + 13/30 + 5/8)/3 = (40 + 52 + 75)/120/3 = 167/360
melee.gg (an ID: three games worth 0; the played drawn games still 1 each):
  Ann  0 + 6 + 6 = 12/24 = 1/2;  Ben 0 + 0 + 7 = 7/30, floored: 1/3;  Cat 8/27, floored: 1/3;
  Dov  4 + 0 + 3 = 7/27, floored: 1/3
  OGW% Ann (1/3 + 1/3 + 1/3)/3 = 1/3;  Ben (1/2 + 1/3 + 1/3)/3 = 7/18;  Cat (1/3 + 1/2 + 1/3)/3 = 7/18;
       Dov (1/3 + 1/3 + 1/2)/3 = 7/18
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from builder import game_win_figures, make_event

from sheetrunner import api

HEADERS = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]
PLAYERS = ["Ann", "Ben", "Cat", "Dov"]
ROUNDS = [
    [[1, 1, 1, "Ann", "ID", None, None], [1, 2, 2, "Ben", "ID", None, None],
     [2, 1, 3, "Cat", 1, 1, None], [2, 2, 4, "Dov", 1, 1, None]],
    [[1, 1, 1, "Ann", 2, None, None], [1, 2, 3, "Cat", 0, None, None],
     [2, 1, 2, "Ben", "0-0-3", None, None], [2, 2, 4, "Dov", 0, None, None]],
    [[1, 1, 1, "Ann", 2, None, None], [1, 2, 4, "Dov", 1, None, None],
     [2, 1, 2, "Ben", 2, 1, None], [2, 2, 3, "Cat", 1, 1, None]],
]
MTR = {"Ann": (F(5, 8), F(307, 810)), "Ben": (F(13, 30), F(287, 648)), "Cat": (F(1, 3), F(1543, 3240)),
       "Dov": (F(10, 27), F(167, 360))}
MELEE = {"Ann": (F(1, 2), F(1, 3)), "Ben": (F(1, 3), F(7, 18)), "Cat": (F(1, 3), F(7, 18)), "Dov": (F(1, 3), F(7, 18))}
MATCH_POINTS = {"Ann": 7, "Ben": 5, "Cat": 1, "Dov": 2}
RULES = {"MTR (default)": ({}, MTR),
         "MTR typed": ({"Game points for an intentional draw": "three drawn games"}, MTR),
         "melee.gg": ({"Game points for an intentional draw": "three games worth nothing"}, MELEE)}


def event(tmp_path, settings, rounds=ROUNDS):
    return make_event(tmp_path / "e.xlsx", PLAYERS, rounds, ruleset="swiss", total_rounds=3, settings=settings,
                      round_headers=HEADERS)


@pytest.mark.parametrize("rule", RULES)
def test_an_intentional_draw_scores_by_its_own_rule(tmp_path, run, rule):
    settings, expected = RULES[rule]
    path = event(tmp_path, settings)
    shown, exact = game_win_figures(run, path)
    assert shown == {name: (MATCH_POINTS[name], round(float(gw), 6), round(float(ogw), 6))
                     for name, (gw, ogw) in expected.items()}
    assert exact == expected


def test_three_drawn_games_really_played_are_not_an_intentional_draw(tmp_path, run):
    """0 under Games won with 3 under Games drawn is a played match of three drawn games: the same 3 points of 9
    as an ID under the MTR, but under melee.gg's rule it keeps them (only an ID is worth nothing)."""
    rounds = [[[1, 1, 1, "Ann", 0, 3, None], [1, 2, 2, "Ben", 0, 3, None],
               [2, 1, 3, "Cat", 2, None, None], [2, 2, 4, "Dov", 0, None, None]]]
    path = event(tmp_path, {"Game points for an intentional draw": "three games worth nothing"}, rounds)
    rows = {row.player.name: row.values for row in api.current_standings(path, write=False).standings.rows}
    assert (rows["Ann"]["match_points"], rows["Ann"]["game_win_pct"]) == (1, F(1, 3))  # 3 of 9, not 0 floored


def test_an_id_against_a_game_won_is_refused_at_the_other_row(tmp_path, run):
    rounds = [[[1, 1, 1, "Ann", "ID", None, None], [1, 2, 2, "Ben", 2, None, None],
               [2, 1, 3, "Cat", 2, None, None], [2, 2, 4, "Dov", 0, None, None]]]
    path = event(tmp_path, {}, rounds)
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "Round 1!E3: Table 1: the other row says an intentional draw (ID), but this row says 2 games won. Type ID on "
        "both rows for an intentional draw, or the games each player won in a played match.")


def test_the_setting_is_refused_at_its_cell_when_it_is_neither_rule(tmp_path, run):
    path = event(tmp_path, {"Game points for an intentional draw": "zero"})
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        'Event!B6: Game points for an intentional draw needs one of three drawn games, three games worth nothing, '
        'found "zero". Pick one of: three drawn games, three games worth nothing.')
