"""ndc-diplomacy (source 001, SPEC §3 and §5.5): scoring, validation, boards, powers and sit-outs."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction as F

import pytest
from builder import digest, make_event, round_rows
from hypothesis import given, settings, strategies as st

from sheetrunner.model.history import compute_history
from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.model.options import COMMON_OPTIONS
from sheetrunner.pairing.boards import POWERS, assign_powers
from sheetrunner.rulesets import all_rulesets
from sheetrunner.rulesets.diplomacy_scoring import PowerResult, c_diplo_100, carnage, ndc_1995, sum_of_squares

RULESETS = all_rulesets()

RULES = RULESETS["ndc-diplomacy"]
HEADERS = ["Board", "Power", "ID", "Player", "Centres", "Eliminated", "Result", "Yellow cards", "End year", "Note"]
NAMES = [f"P{i}" for i in range(1, 8)]


def board(centres: dict, eliminated: dict = (), solo: str = "") -> list[PowerResult]:
    """Powers by initial: centres of survivors, elimination years of the rest."""
    eliminated = dict(eliminated)
    return [PowerResult(i, power, centres.get(power[0], 0), eliminated.get(power[0]), power[0] == solo)
            for i, power in enumerate(POWERS, start=1)]


def rounded(points: dict) -> dict:
    return {POWERS[pid - 1][0]: round(float(value), 4) for pid, value in points.items()}


def test_ndc_reference_board_behind_a_16_centre_power():
    result = ndc_1995(board({"G": 16, "F": 12, "I": 4, "T": 2}, {"A": 1905, "E": 1906, "R": 1908}), 1910)
    assert rounded(result) == {"A": 0.4, "E": 0.5, "F": 20.2110, "G": 77.8439, "I": 3.7444, "R": 0.7, "T": 2.2007}


def test_ndc_reference_board_with_a_12_centre_leader():
    result = ndc_1995(board({"F": 12, "G": 10, "I": 8, "T": 4}, {"A": 1903, "E": 1905, "R": 1909}), 1910)
    assert rounded(result) == {"A": 0.2, "E": 0.4, "F": 47.1285, "G": 29.8303, "I": 19.4514, "R": 0.8, "T": 7.5898}


def test_ndc_prospects_are_exact_fractions():
    result = ndc_1995(board({"F": 12, "G": 10, "I": 8, "T": 4}, {"A": 1903, "E": 1905, "R": 1909}), 1910)
    prospects = F(12, 6) + F(10, 8) + F(8, 10) + F(4, 14)
    assert result[3] == 100 * F(12, 6) / prospects + 1


def test_ndc_solo_is_exactly_100_and_the_others_keep_their_survival_bonus():
    result = ndc_1995(board({"F": 18, "G": 10, "I": 6}, {"A": 1903, "E": 1904, "R": 1906, "T": 1907}, solo="F"),
                      1909)
    assert rounded(result) == {"A": 0.2, "E": 0.3, "F": 100.0, "G": 0.9, "I": 0.9, "R": 0.5, "T": 0.6}


def test_ndc_draw_splits_among_survivors_by_prospects():
    result = ndc_1995(board({"F": 10, "G": 10, "I": 10, "T": 4}, {"A": 1905, "E": 1905, "R": 1906}), 1908)
    assert result[3] == result[4] == result[5] and result[3] > result[7]


def test_sum_of_squares():
    result = sum_of_squares(board({"F": 12, "G": 10, "I": 8, "T": 4}, {"A": 1903, "E": 1905, "R": 1909}), 1910)
    assert rounded(result) == {"A": 0.0, "E": 0.0, "F": 44.4444, "G": 30.8642, "I": 19.7531, "R": 0.0, "T": 4.9383}
    assert sum(result.values()) == 100
    solo = sum_of_squares(board({"F": 18, "G": 16}, solo="F"), 1910)
    assert rounded(solo)["F"] == 100 and rounded(solo)["G"] == 0


def test_c_diplo_100_ties_share_the_rank_points():
    # Austria and England tie for first: (38 + 14) / 2 each; France third: 7; eliminated powers get 1.
    result = c_diplo_100(board({"A": 10, "E": 10, "F": 8, "G": 6}, {"I": 1905, "R": 1907, "T": 1907}), 1910)
    assert rounded(result) == {"A": 37.0, "E": 37.0, "F": 16.0, "G": 7.0, "I": 1.0, "R": 1.0, "T": 1.0}
    assert sum(result.values()) == 100


def test_carnage_ranks_survivors_then_later_eliminations_and_ties_share():
    result = carnage(board({"A": 10, "E": 10, "F": 8, "G": 6}, {"I": 1905, "R": 1907, "T": 1907}), 1910)
    assert rounded(result) == {"A": 6510.0, "E": 6510.0, "F": 5008.0, "G": 4006.0, "I": 1000.0, "R": 2500.0,
                               "T": 2500.0}
    solo = carnage(board({"F": 18, "G": 16}, solo="F"), 1910)
    assert rounded(solo)["F"] == 28034 and rounded(solo)["G"] == 0


def rows_for(games: dict[int, list[tuple]]) -> list[list]:
    """Sheet rows from {board: [(name, power, centres, eliminated, result, yellow, end year), ...]}."""
    rows = []
    for number, lines in games.items():
        for name, power, centres, out, result, yellow, end in lines:
            rows.append([number, power, None, name, centres, out, result, yellow, end, None])
    return rows


def reference_board(end=1910, **changes):
    lines = {"Austria": (0, 1905, None), "England": (0, 1906, None), "France": (12, None, None),
             "Germany": (16, None, None), "Italy": (4, None, None), "Russia": (0, 1908, None),
             "Turkey": (2, None, None)}
    lines.update(changes)
    return {1: [(NAMES[i], power, c, out, result, None, end) for i, (power, (c, out, result)) in
                enumerate(lines.items())]}


def workbook(tmp_path, rounds, players=NAMES, total=2, **event):
    return make_event(tmp_path / "e.xlsx", players, [rows_for(r) for r in rounds], ruleset="ndc-diplomacy",
                      total_rounds=total, round_headers=HEADERS, settings=event or None)


def test_reference_board_through_the_workbook(tmp_path, run):
    path = workbook(tmp_path, [reference_board()])
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(r["name"], r["event_score"]) for r in table] == [
        ("P4", 77.843911), ("P3", 20.210978), ("P5", 3.744425), ("P7", 2.200686), ("P6", 0.7), ("P2", 0.5),
        ("P1", 0.4)]


def test_yellow_cards_dock_centres_before_scoring(tmp_path, run):
    games = reference_board()
    games[1][3] = ("P4", "Germany", 16, None, None, 4, 1910)  # Germany docked to 12
    path = workbook(tmp_path, [games])
    scores = {r["name"]: r["event_score"] for r in json.loads(run("standings", "--json", "--no-write", path).stdout)}
    prospects = F(12, 6) * 2 + F(4, 14) + F(2, 16)
    assert scores["P4"] == round(float(100 * F(12, 6) / prospects + 1), 6)


def test_one_round_of_two_with_an_outright_win_scores_a_third(tmp_path, run):
    # Round 1: P1 wins outright; P8 volunteered to sit out. Round 2: P1 has dropped, P8 plays.
    players = [(i, f"P{i}", None, 1 if i == 1 else None, "1" if i == 8 else None) for i in range(1, 9)]
    round_1 = [(f"P{i}", power, 18 if i == 1 else 16 if i == 2 else 0, None if i < 3 else 1905,
                "Solo" if i == 1 else None, None, 1906) for i, power in zip(range(1, 8), POWERS)]
    round_2 = [(f"P{i}", power, 5, None, None, None, 1908) for i, power in zip(range(2, 9), POWERS)]
    round_2[-1] = ("P8", "Turkey", 4, None, None, None, 1908)
    rows_1 = rows_for({1: round_1}) + [["BYE", None, None, "P8", None, None, None, None, None, None]]
    path = make_event(tmp_path / "e.xlsx", players, [rows_1, rows_for({1: round_2})], ruleset="ndc-diplomacy",
                      total_rounds=2, round_headers=HEADERS,
                      player_headers=["ID", "Name", "Team", "Dropped after", "Sits out"])
    table = {r["name"]: r["event_score"] for r in json.loads(run("standings", "--json", "--no-write", path).stdout)}
    assert table["P1"] == 33.333333


@pytest.mark.parametrize("change, message", [
    ({"France": (10, None, "Draw"), "Germany": (12, None, "Draw")},
     "Round 1!G5: Board 1: an agreed draw needs equal centres for every drawing power (France 10, Germany 12). "
     "Type the centres the drawing players agreed, the same for each (001)."),
    ({"France": (20, None, None)},
     "Round 1!E2: Board 1: the centres add up to 42, more than the 34 on the map. Check the Centres column of this "
     "board."),
    ({"France": (12, None, "Solo")},
     "Round 1!G4: Board 1: a Solo needs 18 or more centres; France holds 12. Correct the centres, or clear Solo."),
    ({"Austria": (3, 1905, None)},
     "Round 1!E2: Board 1: Austria was eliminated in 1905 but holds 3 centres. An eliminated power holds 0 "
     "centres."),
    ({"Germany": (18, None, "Solo"), "France": (10, None, "Solo")},
     "Round 1!G5: Board 1: a board has at most one Solo, and no Draw beside it. Keep Solo for the winner only."),
    ({"Germany": (18, None, None), "France": (10, None, None)},
     "Round 1!G5: Board 1: Germany holds 18 centres, which is an outright win. Type Solo in its Result cell."),
])
def test_board_errors_name_the_board_and_cell_and_touch_nothing(tmp_path, run, change, message):
    path = workbook(tmp_path, [reference_board(**change)])
    before = digest(path)
    result = run("pair", path)
    assert result.exit_code == 1
    assert message in result.stderr.splitlines()
    assert digest(path) == before


def test_end_year_must_be_typed(tmp_path, run):
    path = workbook(tmp_path, [reference_board(end=None)])
    assert run("check", path).stdout.splitlines()[0] == (
        "Round 1!I2: Board 1: End year must be typed, and the same on every row (found none). Type the last "
        "completed game year of this board, e.g. 1910.")


def test_other_scoring_system_is_an_option(tmp_path, run):
    path = workbook(tmp_path, [reference_board()], **{"Scoring system": "sum-of-squares"})
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert table[0]["name"] == "P4" and table[0]["event_score"] == round(100 * 256 / (144 + 256 + 16 + 4), 6)


def test_boards_powers_and_volunteer_sit_outs_through_pair(tmp_path, run):
    players = [(i, f"P{i:02d}", None, "1" if i in (3, 9) else None) for i in range(1, 17)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="ndc-diplomacy", total_rounds=2,
                      player_headers=["ID", "Name", "Team", "Sits out"])
    result = run("pair", path)
    assert result.exit_code == 0, result.output
    rows = round_rows(path, 1)[1:]
    assert sorted(r[:4] for r in rows if r[0] == "Sits out") == [("Sits out", None, 3, "P03"), ("Sits out", None, 9, "P09")]
    assert [r[9] for r in rows if r[0] == "Sits out"] == ["Sits out this round (volunteered)."] * 2
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    for number in (1, 2):
        assert sorted(r[1] for r in rows if r[0] == number) == sorted(POWERS)


def event_settings(seed):
    values = {o.key: o.default for o in COMMON_OPTIONS + RULES.game.all_options}
    values.update(rounds=6, seed=seed)
    return Settings("ndc-diplomacy", 6, seed, options=values, tiebreakers=RULES.game.tiebreakers)


def play(event, number, rng):
    pairing = RULES.pairer.pair(event, None, compute_history(event.rounds), number)
    tables = []
    for table in pairing.tables:
        seats = tuple(Seat(pid, power, {"centres": 34 // 7 if k < 6 else 34 - 6 * (34 // 7), "end_year": 1910})
                      for k, (pid, power) in enumerate(zip(table.player_ids, table.seats)))
        tables.append(Table(table.number, seats))
    tables += [Table(BYE, (Seat(pid, 1, {}),)) for pid in pairing.byes]
    return pairing, Round(number, tuple(tables))


@settings(max_examples=25, deadline=None)
@given(st.integers(7, 23), st.integers(0, 10**6))
def test_boards_have_seven_powers_sit_outs_spread_evenly(count, seed):
    rng = random.Random(seed)
    event = Event(event_settings(seed), tuple(Player(i, f"P{i}") for i in range(1, count + 1)))
    for number in range(1, 5):
        pairing, round_ = play(event, number, rng)
        for table in pairing.tables:
            assert len(set(table.player_ids)) == 7 and sorted(table.seats) == sorted(POWERS)
        assert len(pairing.byes) == count % 7
        event = event.with_rounds(event.rounds + (round_,))
        sat_out = Counter({p.id: 0 for p in event.players}) + Counter(compute_history(event.rounds).byes)
        counts = [sat_out[p.id] for p in event.players]
        assert max(counts) - min(counts) <= 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.sampled_from(POWERS), max_size=3), min_size=7, max_size=7), st.integers(0, 10**6))
def test_no_repeat_power_when_avoidable(played_before, seed):
    from itertools import permutations

    history = {pid: Counter(powers) for pid, powers in enumerate(played_before, start=1)}
    chosen = assign_powers(list(range(1, 8)), history, seed, 2)
    repeats = sum(1 for pid, power in chosen.items() if history[pid][power])
    fewest = min(sum(1 for pid, power in zip(range(1, 8), order) if history[pid][power])
                 for order in permutations(POWERS))
    assert sorted(chosen.values()) == sorted(POWERS) and repeats == fewest


@pytest.mark.parametrize("typed, said", [
    ({2: "Austria"}, "B3: Board 1: the seven powers must each appear once: Austria is on two rows, and no row has "
                     "England. Give each row of the board a different power."),
    ({5: "Germany", 6: "Germany"}, "B6: Board 1: the seven powers must each appear once: Germany is on two rows, and "
                                   "no row has Italy, Russia. Give each row of the board a different power."),
    ({5: None}, "B6: Board 1: the seven powers must each appear once: this row has no power, and no row has Italy. Give "
                "each row of the board a different power."),
    ({5: "Itlay"}, 'B6: Power needs one of Austria, England, France, Germany, Italy, Russia, Turkey, found "Itlay". '
                   "Type one of the seven powers."),
])
def test_a_power_on_two_rows_blank_or_misspelt_is_said_once_at_its_row(tmp_path, run, typed, said):
    """England's row (3) typed Austria; Italy's and Russia's (6, 7) Germany, said at the first repeat; Italy's row
    blank; Italy misspelt (the Power column's own check says it, and the board nothing more)."""
    games = reference_board()
    for index, power in typed.items():
        games[1][index - 1] = (games[1][index - 1][0], power, *games[1][index - 1][2:])
    result = run("check", workbook(tmp_path, [games]))
    assert result.stdout.splitlines() == [f"Round 1!{said}", "1 error(s), 0 warning(s)."]


def test_end_years_that_differ_are_listed(tmp_path, run):
    games = reference_board()
    for index, year in ((4, 1908), (5, 1909)):
        games[1][index] = (*games[1][index][:6], year)
    assert run("check", workbook(tmp_path, [games])).stdout.splitlines() == [
        "Round 1!I2: Board 1: End year must be typed, and the same on every row (found 1908, 1909, 1910). Type the "
        "last completed game year of this board, e.g. 1910.", "1 error(s), 0 warning(s)."]


def test_sits_out_lists_rounds_and_a_sit_out_nobody_volunteered_for_is_drawn_and_said(tmp_path, run):
    """Fifteen players make two boards and one sit-out. `Sits out` reads round numbers separated by commas or
    semicolons ("2; 1": P05 volunteers for rounds 1 and 2) and refuses anything else at the player's name; with no
    volunteer the sit-out is drawn among those who sat out least, and the note says so."""
    players = [(i, f"P{i:02d}", None, {4: "soon", 5: "2; 1"}.get(i)) for i in range(1, 16)]
    headers = ["ID", "Name", "Team", "Sits out"]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="ndc-diplomacy", total_rounds=2, player_headers=headers)
    assert run("check", path).stdout.splitlines() == [
        'Players!B5: Sits out for P04 must list round numbers, found "soon". Type the rounds this player volunteers '
        "to sit out, e.g. 2 or 1, 3.", "1 error(s), 0 warning(s)."]
    players[3] = (4, "P04", None, None)
    path = make_event(tmp_path / "e.xlsx", players, ruleset="ndc-diplomacy", total_rounds=2, player_headers=headers)
    assert run("pair", path).exit_code == 0
    assert [row[3::6] for row in round_rows(path, 1) if row[0] == "Sits out"] == [
        ("P05", "Sits out this round (volunteered).")]
    path = make_event(tmp_path / "f.xlsx", [(i, f"P{i:02d}", None, None) for i in range(1, 16)],
                      ruleset="ndc-diplomacy", total_rounds=2, player_headers=headers)
    assert run("pair", path).exit_code == 0
    assert [row[9] for row in round_rows(path, 1) if row[0] == "Sits out"] == [
        "Sits out this round (drawn among those who sat out least)."]


@pytest.mark.parametrize("system, share", [("draw-size", 50), ("calhamer-draw", 0.5)])
def test_a_draw_typed_in_the_result_column_is_the_draw_a_draw_scored_system_shares(tmp_path, run, system, share):
    """France (P3) and Germany (P4) type Draw; Italy and Turkey survive outside it. The two share the board (draw
    size: 100 / 2; Calhamer: 1 / 2) and every other power scores 0; untyped, all four survivors would share it."""
    games = reference_board(France=(12, None, "Draw"), Germany=(16, None, "Draw"))
    path = workbook(tmp_path, [games], **{"Scoring system": system})
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert {row["name"]: row["event_score"] for row in table} == {"P3": share, "P4": share, "P1": 0, "P2": 0,
                                                                   "P5": 0, "P6": 0, "P7": 0}


def test_an_elimination_after_the_end_year_is_said_at_the_eliminated_cell(tmp_path, run):
    result = run("check", workbook(tmp_path, [reference_board(Austria=(0, 1912, None))]))
    assert result.stdout.splitlines() == [
        "Round 1!F2: Board 1: Austria was eliminated in 1912, after the end year. Check the Eliminated and End year "
        "cells.", "1 error(s), 0 warning(s)."]


def test_a_sit_out_scores_the_mean_of_the_players_boards(tmp_path, run):
    """Three rounds of one board: P8 sits out round 1 and plays two boards, P1 plays round 1 and sits out two. With
    `Sit-out score` 0 an event score is the boards' sum over 3; with `mean` each sit-out is the mean of the
    player's own boards, so P8's event score is half their two boards' sum (1.5 times the first) and P1's is their
    one board (3 times)."""
    def board(names, centres, end):
        return [(name, power, count, None if count else 1905, None, None, end)
                for name, power, count in zip(names, POWERS, centres)]

    def sits_out(name):
        return [["Sits out", None, None, name] + [None] * 6]

    rounds = [rows_for({1: board([f"P{i}" for i in range(1, 8)], [10, 8, 6, 5, 3, 2, 0], 1908)}) + sits_out("P8"),
              rows_for({1: board([f"P{i}" for i in range(2, 9)], [9, 7, 6, 5, 4, 3, 0], 1908)}) + sits_out("P1"),
              rows_for({1: board([f"P{i}" for i in range(8, 1, -1)], [12, 6, 6, 4, 3, 2, 1], 1909)}) + sits_out("P1")]
    scores = {}
    for setting in ("mean", 0):
        path = make_event(tmp_path / f"{setting}.xlsx", [(i, f"P{i}", None) for i in range(1, 9)], rounds,
                          ruleset="ndc-diplomacy", total_rounds=3, round_headers=HEADERS,
                          settings={"Sit-out score": setting})
        scores[setting] = {row["name"]: row["event_score"] for row in
                           json.loads(run("standings", "--json", "--no-write", path).stdout)}
    assert scores["mean"]["P8"] == pytest.approx(1.5 * scores[0]["P8"], abs=1e-5)
    assert scores["mean"]["P1"] == pytest.approx(3 * scores[0]["P1"], abs=1e-5)
    assert all(scores["mean"][f"P{i}"] == scores[0][f"P{i}"] for i in range(2, 8))  # nobody else sat out


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), draw_rate=st.sampled_from([0.0, 0.2]))
def test_every_board_the_simulator_draws_passes_the_boards_own_checks(seed, draw_rate):
    """`simulate` plays Diplomacy boards drawn by `random_result`: each must be a board a TO could type, one that
    `check_table` accepts (at most 34 centres, a solo at 18 or more, nobody else at 18, the eliminated on none,
    one end year)."""
    rng = random.Random(seed)
    players = tuple(range(1, 8))
    strength = {pid: rng.gauss(0, 1) for pid in players}
    table = Table(1, tuple(Seat(pid, power, {}) for pid, power in zip(players, POWERS)))
    drawn = RULES.game.random_result(players, rng, strength, draw_rate)
    board = Table(1, tuple(Seat(seat.player_id, seat.seat, drawn[seat.player_id], row=index)
                           for index, seat in enumerate(table.seats, start=2)))
    settings_ = event_settings(seed % 1000)
    assert RULES.game.check_table(board, settings_, "Round 1", lambda key, row: f"{key}{row}") == []
    assert sum(result["centres"] for result in drawn.values()) <= 34
    assert {result["end_year"] for result in drawn.values()} <= set(range(1906, 1911))


def test_win_percentage_and_centres_typed_as_tiebreakers_read_each_boards_outcome(tmp_path, run):
    """Tiebreakers `event_score, win_pct, centres` (both fit Diplomacy): Germany's solo is a won game (100%), a
    survivor's board a draw (a third of a win), an eliminated power's a loss; Centres adds up the centres typed."""
    games = reference_board(Germany=(18, None, "Solo"), France=(10, None, None))
    path = workbook(tmp_path, [games], **{"Tiebreakers": "event_score, win_pct, centres"})
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(row["name"], row["win_pct"], row["centres"]) for row in table] == [
        ("P4", 1, 18), ("P3", 0.333333, 10), ("P5", 0.333333, 4), ("P7", 0.333333, 2), ("P6", 0, 0), ("P2", 0, 0),
        ("P1", 0, 0)]


def test_a_player_who_sat_out_every_round_scores_0_by_the_mean_of_no_boards(tmp_path, run):
    rows = rows_for(reference_board()) + [["Sits out", None, None, "P8"] + [None] * 6]
    path = make_event(tmp_path / "e.xlsx", [(i, f"P{i}", None) for i in range(1, 9)], [rows], ruleset="ndc-diplomacy",
                      total_rounds=1, round_headers=HEADERS, settings={"Sit-out score": "mean"})
    table = {row["name"]: row["event_score"] for row in json.loads(run("standings", "--json", "--no-write", path).stdout)}
    assert table["P8"] == 0


@pytest.mark.parametrize("rule, together", [("always", False), ("round 1 only", False), ("never", True)])
def test_keep_teams_apart_decides_whether_team_mates_share_a_board(tmp_path, run, rule, together):
    """Fourteen players make two boards; P01 and P02 are both North. Seed 1 draws them onto one board unless Keep
    teams apart keeps them apart (in round 1 for "round 1 only")."""
    players = [(i, f"P{i:02d}", "North" if i in (1, 2) else None) for i in range(1, 15)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="ndc-diplomacy", total_rounds=2, seed=1,
                      settings={"Keep teams apart": rule})
    assert run("pair", path).exit_code == 0
    boards = {row[3]: row[0] for row in round_rows(path, 1)[1:]}
    assert (boards["P01"] == boards["P02"]) is together


def test_a_sit_out_in_win_percentage_opponents_win_percentage_and_centres(tmp_path, run):
    """Germany (P4) solos, France (P3) survives on 10 centres, P8 sits out (`Sit-out score` 5). Win % counts a
    sit-out as the round's bye (a win: the tiebreaker's own rule), it has no opponents and holds no centres.
    Opponents' win % by hand, each opponent floored at 33%: the board's floored win % add up to 1 + 3 x 1/3 (the
    survivors) + 3 x 0.33 (the eliminated) = 2.99, and a player's is that less their own, over the six others."""
    rows = rows_for(reference_board(Germany=(18, None, "Solo"), France=(10, None, None)))
    rows += [["Sits out", None, None, "P8"] + [None] * 6]
    path = make_event(tmp_path / "e.xlsx", [(i, f"P{i}", None) for i in range(1, 9)], [rows],
                      ruleset="ndc-diplomacy", total_rounds=2, round_headers=HEADERS,
                      settings={"Sit-out score": 5, "Tiebreakers": "event_score, win_pct, opponents_win_pct, centres"})
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    survivor, eliminated = round(float((F(299, 100) - F(1, 3)) / 6), 6), round(float((F(299, 100) - F(33, 100)) / 6), 6)
    assert [(row["name"], row["event_score"], row["win_pct"], row["opponents_win_pct"], row["centres"])
            for row in table] == [
        ("P4", 100, 1, round(float((F(299, 100) - 1) / 6), 6), 18), ("P8", 5, 1, 0, 0),
        ("P3", 1, 0.333333, survivor, 10), ("P5", 1, 0.333333, survivor, 4), ("P7", 1, 0.333333, survivor, 2),
        ("P6", 0.7, 0, eliminated, 0), ("P2", 0.5, 0, eliminated, 0), ("P1", 0.4, 0, eliminated, 0)]


@pytest.mark.parametrize("seed, sits_out", [(1, "P06"), (2, "P04"), (3, "P06")])
def test_the_drawn_sit_out_follows_the_seed_and_a_fixed_table_is_kept(tmp_path, run, seed, sits_out):
    """Fifteen players, no volunteer: the sit-out is drawn by the event's seed (each seed's draw pinned here, so
    a draw that stops reading the seed or the round is seen). P10's Fixed table 2 seats them on board 2 whatever
    the draw (seed 2 alone would put them on board 1)."""
    players = [(i, f"P{i:02d}", None, 2 if i == 10 else None) for i in range(1, 16)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="ndc-diplomacy", total_rounds=2, seed=seed,
                      player_headers=["ID", "Name", "Team", "Fixed table"])
    assert run("pair", path).exit_code == 0
    rows = round_rows(path, 1)[1:]
    assert [row[3] for row in rows if row[0] == "Sits out"] == [sits_out]
    assert [row[0] for row in rows if row[3] == "P10"] == [2]


def test_the_simulators_solos_hold_18_to_22_centres():
    """`simulate`'s model of a board (its docstring): now and then a solo of 18 to 22 centres. Over 3,000 seeded
    boards every one of those counts is drawn, and no other."""
    players = tuple(range(1, 8))
    solos = Counter()
    for seed in range(3000):
        drawn = RULES.game.random_result(players, random.Random(seed), dict.fromkeys(players, 0.0), 0.0)
        solos.update(result["centres"] for result in drawn.values() if result["result"] == "Solo")
    assert sorted(solos) == [18, 19, 20, 21, 22]
