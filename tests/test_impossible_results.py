"""Results that cannot happen are questioned at their cell; the forms TOs type are read where they are unambiguous
(issue 18). Each case goes through the CLI on a workbook built in code."""

from __future__ import annotations

import datetime
import json
import random
import sys
from fractions import Fraction

import pytest
from builder import make_event, round_rows

from sheetrunner.pairing import Entrant, PairingRequest
from sheetrunner.pairing import swiss_exact as swiss_engine  # the exact matching: its weight limits and fallback
from sheetrunner.pairing.swiss import SwissField, pair_swiss

SWISS = ["Table", "Seat", "ID", "Player", "Games won", "Games drawn", "Note"]
WLD = ["Table", "Seat", "ID", "Player", "Result", "Note"]
ALLEGIANCE = ["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"]
DIPLOMACY = ["Board", "Power", "ID", "Player", "Centres", "Eliminated", "Result", "Yellow cards", "End year", "Note"]
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def problems(result) -> list[str]:
    """The problems `check` printed, without the summary line."""
    return [line for line in result.stdout.splitlines() if line and "error(s)" not in line]


def standings(run, path) -> list[dict]:
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# --- swiss: games won in a best-of-N match ----------------------------------------------------------------------


def swiss_match(tmp_path, ann, ben, drawn=(None, None), **event):
    """Ann v Ben at table 1 (rows 2 and 3: Games won is E, Games drawn F)."""
    rows = [[1, 1, 1, "Ann", ann, drawn[0], None], [1, 2, 2, "Ben", ben, drawn[1], None]]
    return make_event(tmp_path / "swiss.xlsx", ["Ann", "Ben"], [rows], ruleset="swiss", round_headers=SWISS,
                      settings=event or None)


LONGER = "Correct the games won, or set Best of in the Event sheet if matches are longer than {} games."


@pytest.mark.parametrize("ann, ben, event, expected", [
    (3, 0, {}, "Round 1!E2: Table 1: a best-of-3 match ends when a player wins 2 games; 3 games won cannot "
               "happen. " + LONGER.format(3)),
    (1, 3, {}, "Round 1!E3: Table 1: a best-of-3 match ends when a player wins 2 games; 3 games won cannot "
               "happen. " + LONGER.format(3)),
    (2, 2, {}, "Round 1!E3: Table 1: a best-of-3 match ends when a player wins 2 games; both players have 2. "
               "Correct the games won of the player who lost the match."),
    (4, 1, {"Best of": 5}, "Round 1!E2: Table 1: a best-of-5 match ends when a player wins 3 games; 4 games won "
                           "cannot happen. " + LONGER.format(5)),
    (3, 3, {"Best of": 5}, "Round 1!E3: Table 1: a best-of-5 match ends when a player wins 3 games; both players "
                           "have 3. Correct the games won of the player who lost the match."),
    (2, 1, {"Best of": 2}, "Round 1!E3: Table 1: a best-of-2 match has at most 2 decided games; 2 and 1 games won "
                           "make 3. " + LONGER.format(2)),
])
def test_games_won_a_best_of_n_match_cannot_reach_are_errors(tmp_path, run, ann, ben, event, expected):
    result = run("check", swiss_match(tmp_path, ann, ben, **event))
    assert result.exit_code == 1
    assert problems(result) == [expected]


@pytest.mark.parametrize("ann, ben, drawn, event, points, games_won_pct", [
    (1, 0, None, {}, (3, 0), (1, Fraction(1, 3))),  # time ran out in game 2 (MTR): a legal 1-0
    (1, 1, None, {}, (1, 1), (Fraction(1, 2), Fraction(1, 2))),  # time ran out in game 3: a drawn match
    (0, 0, 1, {}, (1, 1), (Fraction(1, 3), Fraction(1, 3))),  # one drawn game, then time
    (0, 0, None, {}, (1, 1), (Fraction(1, 3), Fraction(1, 3))),  # the MTR's intentional draw, 0-0-0
    (2, 1, 1, {}, (3, 0), (Fraction(7, 12), Fraction(4, 12))),  # 2-1-1: drawn games do not count toward 2
    (3, 0, None, {"Best of": 5}, (3, 0), (1, Fraction(1, 3))),
])
def test_results_a_clock_explains_are_accepted_silently(tmp_path, run, ann, ben, drawn, event, points,
                                                         games_won_pct):
    path = swiss_match(tmp_path, ann, ben, (drawn, drawn), **event)
    result = run("check", path)
    assert result.exit_code == 0 and problems(result) == []
    table = {row["name"]: row for row in standings(run, path)}
    assert (table["Ann"]["match_points"], table["Ben"]["match_points"]) == points
    assert (table["Ann"]["game_win_pct"], table["Ben"]["game_win_pct"]) == tuple(
        round(float(max(p, Fraction(1, 3))), 6) for p in games_won_pct)


@pytest.mark.parametrize("ann, ben", [("2-1", 1), ("2–1", 1), ("2:1", 1), ("2 - 1", 1), ("2-1", "1-2"),
                                      (2, "1-2"), ("2—1", "1:2"), ("２－１", 1)])
def test_a_match_score_typed_in_a_games_cell_is_read_from_its_rows_side(tmp_path, run, ann, ben):
    path = swiss_match(tmp_path, ann, ben)
    assert problems(run("check", path)) == []
    table = standings(run, path)
    assert [(r["name"], r["match_points"], r["game_win_pct"]) for r in table] == [
        ("Ann", 3, 0.666667), ("Ben", 0, 0.333333)]


def test_a_won_lost_drawn_score_needs_the_drawn_games_under_games_drawn(tmp_path, run):
    path = swiss_match(tmp_path, "2-1-1", 1, (1, 1))
    assert problems(run("check", path)) == []
    assert [(r["name"], r["match_points"], r["game_win_pct"]) for r in standings(run, path)] == [
        ("Ann", 3, 0.583333), ("Ben", 0, 0.333333)]
    result = run("check", swiss_match(tmp_path, "2-1-1", 1))
    assert result.exit_code == 1
    assert problems(result) == ["Round 1!E2: Table 1: the score 2-1-1 typed here has 1 drawn game, but Games drawn "
                                "says 0. Type 1 under Games drawn on both rows, or correct the score."]


@pytest.mark.parametrize("ann, ben, cell, typed, says", [
    ("2-1", "2-1", "E2", "2-1", 2),  # both rows copied the slip's 2-1: who won?
    ("2-1", 2, "E2", "2-1", 2),
    (0, "1-2", "E3", "1-2", 0),
    ("2-0", "0-1", "E3", "0-1", 2),  # Ann's 2-0 agrees with Ben's 0; Ben's 0-1 does not agree with Ann's 2
])
def test_a_match_score_the_other_row_contradicts_is_an_error(tmp_path, run, ann, ben, cell, typed, says):
    result = run("check", swiss_match(tmp_path, ann, ben))
    assert result.exit_code == 1
    opponent = typed.split("-")[1]
    assert problems(result) == [
        f"Round 1!{cell}: Table 1: the score {typed} typed here gives the opponent {opponent} game"
        f"{'' if opponent == '1' else 's'} won, but the opponent's row says {says}. The first number is this "
        "player's games won, the second the opponent's: correct one of the two rows."]


def test_a_score_the_spreadsheet_turned_into_a_date_is_refused_with_the_reason(tmp_path, run):
    result = run("check", swiss_match(tmp_path, datetime.datetime(2025, 2, 1), 1))
    assert result.exit_code == 1
    assert problems(result) == [
        "Round 1!E2: Games won needs a whole number, found the date 1 February 2025 (the spreadsheet turned what "
        "was typed into a date: format the column as Text and type it again). Type how many games this player won "
        "in the match (0 or more), or the match score from this "
        "player's side, e.g. 2-1."]


# --- numbers typed with look-alike digits -----------------------------------------------------------------------

OP_HINT = "Type the objective points this player scored, a whole number (0 or more)."


@pytest.mark.parametrize("typed, name", [("²", "a superscript two"), ("٣", "an arabic-indic digit three"),
                                         ("½", "a vulgar fraction one half"), ("①", "a circled digit one"),
                                         ("1²", "a superscript two"), ("𝟐", "a mathematical bold digit two")])
def test_look_alike_digits_are_refused_by_name(tmp_path, run, typed, name):
    path = make_event(tmp_path / "tp.xlsx", ["Ann", "Ben"], [[(1, "Ann", typed, 1), (1, "Ben", 1, 0)]])
    result = run("check", path)
    assert result.exit_code == 1
    assert problems(result) == [f'Round 1!E2: OP needs a whole number in the digits 0-9, found "{typed}" '
                                f'("{typed[-1]}" is {name}, not a digit). {OP_HINT}']


def test_fullwidth_digits_an_input_method_types_are_numbers(tmp_path, run):
    path = make_event(tmp_path / "tp.xlsx", ["Ann", "Ben"], [[(1, "Ann", "３", "１"), (1, "Ben", "１２", 0)]])
    assert problems(run("check", path)) == []
    assert [(r["name"], r["tp"], r["op"], r["sp"]) for r in standings(run, path)] == [
        ("Ben", 4, 12, 0), ("Ann", 0, 3, 1)]


def test_an_option_typed_as_a_fraction_character_is_refused(tmp_path, run):
    path = swiss_match(tmp_path, 2, 0, **{"Match-win % floor": "½"})
    result = run("check", path)
    assert result.exit_code == 1
    assert '"½" is a vulgar fraction one half, not a digit' in result.output


# --- W / L / D cells --------------------------------------------------------------------------------------------


def wld_match(tmp_path, ruleset, ann, ben):
    rows = [[1, 1, 1, "Ann", ann, None], [1, 2, 2, "Ben", ben, None]]
    return make_event(tmp_path / "wld.xlsx", ["Ann", "Ben"], [rows], ruleset=ruleset, round_headers=WLD,
                      total_rounds=1 if ruleset == "pod-round-robin" else 5)  # a pod of two meets once


@pytest.mark.parametrize("ruleset", ["pod-round-robin", "chits-and-cards"])
@pytest.mark.parametrize("ann, ben, points", [
    ("Win", "Loss", (3, 0)), ("won", "LOST", (3, 0)), ("w", "l", (3, 0)), ("Lose", "Win", (0, 3)),
    ("Draw", "drew", (1, 1)), ("Tie", "d", (1, 1)), ("Drawn", "tied", (1, 1)),
])
def test_result_words_are_read(tmp_path, run, ruleset, ann, ben, points):
    path = wld_match(tmp_path, ruleset, ann, ben)
    assert problems(run("check", path)) == []
    table = {r["name"]: r for r in standings(run, path)}
    if ruleset == "pod-round-robin":
        assert (table["Ann"]["match_points"], table["Ben"]["match_points"]) == points
    else:  # chits: the winner takes one from the loser; a draw moves none (003)
        chits = {(3, 0): (6, 4), (0, 3): (4, 6), (1, 1): (5, 5)}[points]
        assert (table["Ann"]["chits"], table["Ben"]["chits"]) == chits


@pytest.mark.parametrize("typed", [1, "0", "½", "0.5", "Victory"])
def test_numbers_in_a_result_cell_are_refused_since_their_scale_is_unknown(tmp_path, run, typed):
    result = run("check", wld_match(tmp_path, "pod-round-robin", typed, "L"))
    assert result.exit_code == 1
    shown = f'"{typed}"' if isinstance(typed, str) else str(typed)
    assert problems(result) == [f"Round 1!E2: Result needs one of W, L, D, found {shown}. Type W for a win, L for "
                                "a loss or D for a draw (Win, Loss, Draw are read too)."]


# --- allegiance -------------------------------------------------------------------------------------------------


def allegiance_round(tmp_path, first_game):
    """Players A-F; game 1 as given (name, VI, won, eliminated), game 2 D 21 won, E 10, F 5."""
    rows = [[1, seat, "ABC".index(name) + 1, name, vi, won, out, None]
            for seat, (name, vi, won, out) in enumerate(first_game, start=1)]
    rows += [[2, 1, 4, "D", 21, "Y", None, None], [2, 2, 5, "E", 10, None, None, None],
             [2, 3, 6, "F", 5, None, None, None]]
    return make_event(tmp_path / "allegiance.xlsx", list(enumerate("ABCDEF", start=1)), [rows],
                      ruleset="allegiance", player_headers=["ID", "Name"], round_headers=ALLEGIANCE)


def test_an_eliminated_player_marked_won_is_an_error(tmp_path, run):
    path = allegiance_round(tmp_path, [("A", 0, "Y", "Y"), ("B", 12, None, None), ("C", 5, None, None)])
    result = run("check", path)
    assert result.exit_code == 1
    assert problems(result) == ["Round 1!F2: This player is marked both Won and Eliminated; an eliminated player "
                                "cannot win game 1 (000). Clear Won, or clear Eliminated."]


def test_an_eliminated_players_vi_is_warned_about_and_scores_0(tmp_path, run):
    path = allegiance_round(tmp_path, [("A", 4, None, "Y"), ("B", 22, "Y", None), ("C", 5, None, None)])
    result = run("check", path)
    assert result.exit_code == 0
    assert problems(result) == ["Round 1!E2: warning: An eliminated player scores 0 VI; the 4 typed here does not "
                                "count. Clear it, or clear Eliminated."]
    assert [(r["name"], r["wins"], r["vi"]) for r in standings(run, path)][-1] == ("A", 0, 0)


# --- ndc-diplomacy ----------------------------------------------------------------------------------------------


def diplomacy_board(tmp_path, **changes):
    """001's first example board (G 16, F 12, I 4, T 2; A, E, R eliminated), ending 1910, with changes by power:
    (centres, eliminated, result, yellow cards)."""
    lines = {"Austria": (0, 1905, None, None), "England": (0, 1906, None, None), "France": (12, None, None, None),
             "Germany": (16, None, None, None), "Italy": (4, None, None, None), "Russia": (0, 1908, None, None),
             "Turkey": (2, None, None, None)}
    lines.update(changes)
    rows = [[1, power, None, f"P{i}", *lines[power], 1910, None] for i, power in enumerate(POWERS, start=1)]
    return make_event(tmp_path / "dip.xlsx", [f"P{i}" for i in range(1, 8)], [rows], ruleset="ndc-diplomacy",
                      total_rounds=2, round_headers=DIPLOMACY)


@pytest.mark.parametrize("changes, expected", [
    ({"Turkey": (2, None, None, 3)},
     "Round 1!H8: Board 1: Turkey has 3 centres docked by yellow cards but holds 2. Yellow cards dock centres the "
     "power holds (001): type at most 2, or correct Centres."),
    ({"Austria": (0, 1905, None, 1)},
     "Round 1!H2: Board 1: Austria has 1 centre docked by yellow cards but holds 0. Yellow cards dock centres the "
     "power holds (001): type at most 0, or correct Centres."),
    ({"France": (12, None, "Draw", None), "Germany": (12, None, "Draw", None), "Italy": (8, None, None, None),
      "Russia": (0, 1908, "Draw", None)},
     "Round 1!G7: Board 1: Russia was eliminated in 1908 and cannot share the draw. A draw is shared by powers "
     "still in the game: clear Draw on this row."),
])
def test_impossible_diplomacy_results_are_errors_at_their_cell(tmp_path, run, changes, expected):
    result = run("check", diplomacy_board(tmp_path, **changes))
    assert result.exit_code == 1
    assert problems(result) == [expected]


def test_yellow_cards_up_to_the_centres_held_are_accepted(tmp_path, run):
    path = diplomacy_board(tmp_path, Turkey=(2, None, None, 2))
    assert problems(run("check", path)) == []
    scores = {r["name"]: r["event_score"] for r in standings(run, path)}
    assert scores["P7"] == 1.0  # Turkey docked to 0: no prospects, 10 years survived


# --- the Swiss engine's wide-weight fallback needs no networkx --------------------------------------------------


def crowded_request(seed: int, count: int = 40) -> PairingRequest:
    """Many score groups and past meetings: the exact solve runs with many levels."""
    rng = random.Random(seed)
    ids = list(range(1, count + 1))
    scores = {p: rng.randint(0, 15) for p in ids}
    ranked = sorted(ids, key=lambda p: (-scores[p], p))
    met = {p: {} for p in ids}
    for index, p in enumerate(ranked):
        for q in ranked[index + 1:index + 1 + rng.randint(0, 5)]:
            met[p][q] = met[q][p] = rng.randint(1, 4)
    return PairingRequest(5, tuple(Entrant(p, Fraction(scores[p]), met=met[p]) for p in ranked))


@pytest.fixture
def no_networkx(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)  # `import networkx` now fails, as on a plain install


def cost(request, pairing):
    field = SwissField(request)
    index = {e.id: i for i, e in enumerate(field.entrants)}
    pairs = [tuple(sorted(index[p] for p in t.player_ids)) for t in pairing.tables]
    return field.vector(pairs + [(index[p], field.bye_node) for p in pairing.byes])


@pytest.fixture
def wide_levels_tried(monkeypatch):
    """The indexes of `_levels_to_try` each solve went through (3 and up: floats merged)."""
    seen: list[int] = []
    original = swiss_engine._levels_to_try

    def spy(*args):
        for index, levels in enumerate(original(*args)):
            seen.append(index)
            yield levels

    monkeypatch.setattr(swiss_engine, "_levels_to_try", spy)
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_a_crowded_field_is_weighed_on_every_level_at_once(no_networkx, wide_levels_tried, seed):
    request = crowded_request(seed)
    pair_swiss(request)
    assert wide_levels_tried and set(wide_levels_tried) == {0}  # nothing dropped, nothing merged


@pytest.mark.parametrize("seed", range(6))
def test_merged_floats_keep_levels_1_to_3_and_the_longest_float(monkeypatch, no_networkx, wide_levels_tried,
                                                                 seed):
    request = crowded_request(seed)
    usual = cost(request, pair_swiss(request))
    monkeypatch.setattr(swiss_engine, "LIMIT", 2 ** 12)  # too narrow to rank every float one by one
    pairing = pair_swiss(request)
    assert max(wide_levels_tried) >= 3
    seated = [pid for table in pairing.tables for pid in table.player_ids] + list(pairing.byes)
    assert sorted(seated) == sorted(e.id for e in request.entrants)
    found = cost(request, pairing)
    assert found[:3] == usual[:3] and found[3][0] == usual[3][0]


def test_pair_reaches_the_fallback_without_networkx(tmp_path, run, monkeypatch, no_networkx, wide_levels_tried):
    # P1 and P2 tie 5-5 (2 TP each, above P3 and P4's 0-0 tie): the ideal 1 v 2 is a rematch, so the round is
    # solved exactly, and with weights this narrow only the merged levels fit (exit 70 before).
    rows = [(1, "P1", 5, 0), (1, "P2", 5, 0), (2, "P3", 0, 0), (2, "P4", 0, 0)]
    usual, narrow = (make_event(tmp_path / name, ["P1", "P2", "P3", "P4"], [rows]) for name in ("a.xlsx", "b.xlsx"))
    assert run("pair", usual).exit_code == 0 and set(wide_levels_tried) == {0}
    monkeypatch.setattr(swiss_engine, "LIMIT", 2)
    result = run("pair", narrow)
    assert result.exit_code == 0, result.output
    assert max(wide_levels_tried) >= 3
    assert round_rows(narrow, 2) == round_rows(usual, 2)
    tables: dict = {}
    for row in round_rows(narrow, 2)[1:]:
        tables.setdefault(row[0], set()).add(row[3])
    assert all(len(players & {"P1", "P2"}) == 1 for players in tables.values())  # no rematch
