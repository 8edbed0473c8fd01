"""The generic `swiss` ruleset for card games: games won, match points, Magic-style tiebreakers."""

from __future__ import annotations

import json
from fractions import Fraction

from builder import make_event, round_rows

from sheetrunner.model.event import BYE, Round, Seat, Table
from sheetrunner.model.options import COMMON_OPTIONS
from sheetrunner.model.event import Settings
from sheetrunner.rulesets import all_rulesets

RULESETS = all_rulesets()

RULES = RULESETS["swiss"]
HEADERS = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]


def settings(**options):
    values = {o.key: o.default for o in COMMON_OPTIONS + RULES.game.all_options}
    values.update(options)
    return Settings("swiss", 5, 1, options=values, tiebreakers=RULES.game.tiebreakers)


def scores(won_a, won_b, drawn=None, **options):
    game = Table(1, (Seat(1, 1, {"games_won": won_a, "games_drawn": drawn}),
                     Seat(2, 2, {"games_won": won_b, "games_drawn": drawn})))
    return [(s.outcome, s.values) for s in RULES.game.score_round(Round(1, (game,)), settings(**options))]


def test_match_result_follows_games_won():
    (first, a), (second, b) = scores(2, 1)
    assert (first, second, a["mp"], b["mp"]) == ("win", "loss", 3, 0)
    assert a["games_played"] == b["games_played"] == 3


def test_equal_games_won_is_a_draw_and_drawn_games_count_as_played():
    (first, a), (second, b) = scores(1, 1, 1)
    assert (first, second, a["mp"], b["mp"], a["games_played"]) == ("draw", "draw", 1, 1, 3)


def test_points_are_options():
    (_, a), (_, b) = scores(2, 0, points_win=2, points_loss=1)
    assert (a["mp"], b["mp"]) == (2, 1)


def test_a_bye_is_a_two_nil_win():
    round_ = Round(1, (Table(BYE, (Seat(1, 1, {}),)),))
    (bye,) = RULES.game.score_round(round_, settings())
    assert bye.outcome == "bye" and bye.values == {"mp": 3, "games_won": 2, "games_drawn": 0, "games_played": 2}


def test_drawn_games_must_match_on_both_seats(tmp_path, run):
    rows = [[1, 1, 1, "Ann", 1, 1, None], [1, 2, 2, "Ben", 1, 0, None]]
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben"], [rows], ruleset="swiss", round_headers=HEADERS)
    assert run("check", path).stdout.splitlines()[0] == ("Round 1!F3: Table 1: Games drawn differs between the "
                                                         "seats (1 and 0). Type the same number of drawn games on "
                                                         "both seats.")


def test_standings_use_magic_tiebreakers_by_default(tmp_path, run):
    rows = [[1, 1, 1, "Ann", 2, None, None], [1, 2, 2, "Ben", 0, None, None],
            [2, 1, 3, "Cat", 2, None, None], [2, 2, 4, "Dov", 1, None, None]]
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat", "Dov"], [rows], ruleset="swiss",
                      round_headers=HEADERS)
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    # Ben and Dov tie on MP, OMW% (their opponents both won) and GW% (both at the floor); Ben's opponent
    # has the better game-win %, so OGW% puts Ben first.
    assert [r["name"] for r in table] == ["Ann", "Cat", "Ben", "Dov"]
    assert list(table[0])[6:] == ["match_points", "opponents_match_win_pct", "game_win_pct", "opponents_game_win_pct"]
    # Ann won 2-0: GW% 1; Cat won 2-1: 6/9. Dov lost 1-2: game points 3 of 9 = 1/3; Ben 0 -> floor 1/3.
    assert [(r["match_points"], r["game_win_pct"], r["opponents_game_win_pct"]) for r in table] == [
        (3, 1, 0.333333), (3, 0.666667, 0.333333), (0, 0.333333, 1), (0, 0.333333, 0.666667)]
    assert run("pair", path).exit_code == 0
    pairs = {frozenset(r[3] for r in round_rows(path, 2)[1:] if r[0] == t) for t in (1, 2)}
    assert pairs == {frozenset({"Ann", "Cat"}), frozenset({"Ben", "Dov"})}
    assert {o.key: o.default for o in RULES.game.all_options}["match_win_floor"] == Fraction(1, 3)
