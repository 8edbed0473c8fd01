"""Rules that once survived a change to the code (issue 18): each test here fails when its rule is broken.

- SPEC §3, allegiance (000): an eliminated player scores 0 VI for that game, whatever is typed.
- SPEC §2: a missed round (a late entry's, or one paired while the player was away) is a loss with no opponent,
  counted as played; in Diplomacy it is not played.
- 002, pod-round-robin: in OWP each opponent counts for at least the 33% win-% floor.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from builder import make_event

from sheetrunner import api
from sheetrunner.model.event import Round, Seat, SeatScore, Settings, Table
from sheetrunner.rulesets import all_rulesets
from sheetrunner.scoring.tiebreakers import TIEBREAKERS, ScoreTable

RULESETS = all_rulesets()

# --- allegiance: an eliminated player scores 0 VI ---------------------------------------------------------

ALLEGIANCE_HEADERS = ["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"]
# Game 1: Ann wins with 22; Ben is eliminated but 7 is typed; Cat 12. Game 2: Dov wins with 20, Eli 9, Fay out.
ALLEGIANCE_ROUND_1 = [[1, 1, 1, "Ann", 22, "Y", None, None], [1, 2, 2, "Ben", 7, None, "Y", None],
                      [1, 3, 3, "Cat", 12, None, None, None], [2, 1, 4, "Dov", 20, "Y", None, None],
                      [2, 2, 5, "Eli", 9, None, None, None], [2, 3, 6, "Fay", 0, None, "Y", None]]


def test_an_eliminated_seat_scores_zero_vi_whatever_is_typed():
    game = Table(1, (Seat(1, 1, {"vi": 22, "won": True, "eliminated": None}),
                     Seat(2, 2, {"vi": 7, "won": None, "eliminated": True}),
                     Seat(3, 3, {"vi": 12, "won": None, "eliminated": None})))
    settings = Settings("allegiance", 2, 1, options={"victory_threshold": 20})
    scores = RULESETS["allegiance"].game.score_round(Round(1, (game,)), settings)
    assert scores == [SeatScore(1, 1, (2, 3), {"wins": Fraction(1), "vi": Fraction(22)}, "win"),
                      SeatScore(1, 2, (1, 3), {"wins": Fraction(0), "vi": Fraction(0)}, "loss"),
                      SeatScore(1, 3, (1, 2), {"wins": Fraction(0), "vi": Fraction(12)}, "loss")]


def test_an_eliminated_players_typed_vi_counts_nowhere_in_the_standings(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann"), (2, "Ben"), (3, "Cat"), (4, "Dov"), (5, "Eli"), (6, "Fay")],
                      [ALLEGIANCE_ROUND_1], ruleset="allegiance", total_rounds=2, player_headers=["ID", "Name"],
                      round_headers=ALLEGIANCE_HEADERS)
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0
    assert result.stderr == ("Round 1!E3: warning: An eliminated player scores 0 VI; the 7 typed here does not "
                             "count. Clear it, or clear Eliminated.\n")
    rows = {row["name"]: (row["wins"], row["vi"], row["opponents_vi"]) for row in json.loads(result.stdout)}
    # Ben's 7 is not his VI, nor part of Ann's and Cat's opponents' VI (Ann: Ben 0 + Cat 12; Cat: 22 + 0).
    assert rows == {"Ann": (1, 22, 12), "Dov": (1, 20, 9), "Cat": (0, 12, 22), "Eli": (0, 9, 20),
                    "Ben": (0, 0, 34), "Fay": (0, 0, 29)}


# --- a missed round is a loss with no opponent ------------------------------------------------------------

MISSED = {"swiss-tp": SeatScore(2, 7, (), {}, "loss"), "pod-round-robin": SeatScore(2, 7, (), {}, "loss"),
          "swiss": SeatScore(2, 7, (), {}, "loss"), "allegiance": SeatScore(2, 7, (), {}, "loss"),
          "chits-and-cards": SeatScore(2, 7, (), {"chits": Fraction(-1), "mp": Fraction(0)}, "loss"),
          "ndc-diplomacy": SeatScore(2, 7, (), {}, "absent")}


def test_every_ruleset_is_listed_here():
    assert sorted(MISSED) == sorted(RULESETS)


@pytest.mark.parametrize("name", sorted(MISSED))
def test_each_ruleset_scores_a_missed_round_as_a_loss_with_no_opponent(name):
    assert RULESETS[name].pairer.missed_round(7, 2) == MISSED[name]


SWISS_HEADERS = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]
# Dan joins in round 2, so he missed round 1; he wins round 2 2-0. Eve has the round 2 bye.
SWISS_ROUNDS = [
    [[1, 1, 1, "Ann", 2, None, None], [1, 2, 2, "Ben", 0, None, None],
     [2, 1, 3, "Cat", 2, None, None], [2, 2, 4, "Eve", 1, None, None]],
    [[1, 1, 5, "Dan", 2, None, None], [1, 2, 1, "Ann", 0, None, None],
     [2, 1, 2, "Ben", 2, None, None], [2, 2, 3, "Cat", 1, None, None], ["BYE", None, 4, "Eve", None, None, None]],
]


def test_a_late_entrys_missed_round_counts_as_a_lost_round_in_the_standings(tmp_path):
    players = [(1, "Ann", None, None), (2, "Ben", None, None), (3, "Cat", None, None), (4, "Eve", None, None),
               (5, "Dan", None, 2)]
    path = make_event(tmp_path / "e.xlsx", players, SWISS_ROUNDS, ruleset="swiss", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Joined in"], round_headers=SWISS_HEADERS,
                      settings={"Tiebreakers": "match_points, win_pct, match_win_pct, game_win_pct"})
    loaded = api.load_event(path)
    assert [r.missed for r in loaded.event.rounds] == [(), ()] and loaded.event.missed(loaded.event.rounds[0]) == [5]
    dan = next(row for row in api.current_standings(path, write=False).standings.rows if row.player.name == "Dan")
    # One win in two rounds played: 1/2 (a draw would make it 2/3; not played, 1); 3 match points of 6.
    assert dan.values == {"match_points": 3, "win_pct": Fraction(1, 2), "match_win_pct": Fraction(1, 2),
                          "game_win_pct": 1}


# --- pod-round-robin: the 33% floor under each opponent's win % in OWP --------------------------------------

POD_HEADERS = ["Table", "Seat", "ID", "Player", "Result", "Note"]
# Four players in pod A, two rounds: Ann wins both, Dov loses both (0%, below the floor), Ben and Cat 1-1.
POD_ROUNDS = [
    [[1, 1, 1, "Ann", "W", None], [1, 2, 2, "Ben", "L", None],
     [2, 1, 3, "Cat", "W", None], [2, 2, 4, "Dov", "L", None]],
    [[1, 1, 1, "Ann", "W", None], [1, 2, 3, "Cat", "L", None],
     [2, 1, 2, "Ben", "W", None], [2, 2, 4, "Dov", "L", None]],
]
# Cat met Dov (0%, floored to 33%) and Ann (100%): (33/100 + 1) / 2; Ben likewise. Ann met Ben and Cat (50%
# each); Dov met Cat and Ben.
POD_OWP = {"Ann": Fraction(1, 2), "Ben": Fraction(133, 200), "Cat": Fraction(133, 200), "Dov": Fraction(1, 2)}


def test_the_pod_rulesets_win_pct_floor_is_33_percent_as_declared():
    option = next(o for o in RULESETS["pod-round-robin"].game.all_options if o.key == "win_pct_floor")
    assert (option.label, option.default) == ("Win % floor", Fraction(33, 100))


def test_owp_floors_an_opponent_below_33_percent_in_an_event(tmp_path):
    players = [(1, "Ann", None, "A"), (2, "Ben", None, "A"), (3, "Cat", None, "A"), (4, "Dov", None, "A")]
    path = make_event(tmp_path / "e.xlsx", players, POD_ROUNDS, ruleset="pod-round-robin", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Pod"], round_headers=POD_HEADERS)
    loaded = api.load_event(path)
    assert loaded.event.settings.options["win_pct_floor"] == Fraction(33, 100)  # blank in the Event sheet
    rows = api.current_standings(path, write=False).standings.rows
    assert {row.player.name: row.values["opponents_win_pct"] for row in rows} == POD_OWP


def test_owp_floor_defaults_to_33_percent_without_the_option():
    """tiebreakers.py's own default, for a table built without the event's options."""
    rows = [SeatScore(1, 1, (2,), {"mp": Fraction(3)}, "win"), SeatScore(1, 2, (1,), {}, "loss"),
            SeatScore(1, 3, (4,), {"mp": Fraction(3)}, "win"), SeatScore(1, 4, (3,), {}, "loss"),
            SeatScore(2, 1, (3,), {"mp": Fraction(3)}, "win"), SeatScore(2, 3, (1,), {}, "loss"),
            SeatScore(2, 2, (4,), {"mp": Fraction(3)}, "win"), SeatScore(2, 4, (2,), {}, "loss")]
    owp = TIEBREAKERS["opponents_win_pct"].compute(ScoreTable(rows, (1, 2, 3, 4)))
    assert owp == {1: Fraction(1, 2), 2: Fraction(133, 200), 3: Fraction(133, 200), 4: Fraction(1, 2)}
    floored = TIEBREAKERS["opponents_win_pct"].compute(ScoreTable(rows, (1, 2, 3, 4),
                                                                  options={"win_pct_floor": Fraction(1, 4)}))
    assert floored[3] == Fraction(5, 8)  # the option, when set, replaces the default
