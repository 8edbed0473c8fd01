"""`simulate`: whole events played many times with the real engines, checked against figures known in
advance, and simulated rounds held to the same validation as real ones."""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings, strategies as st

from sheetrunner import api
from sheetrunner.simulation.simulate import (Setup, default_runs, play_round, recommended_rounds, rounds_to_play,
                                             run_many, run_once, simulate_event)

ROOT = Path(__file__).resolve().parent.parent


def init_event(tmp_path: Path, run, ruleset: str, names: list[str], rounds: int, seed: int) -> Path:
    """`init` with a roster of `names`, as a TO starts an event."""
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\n" + "".join(f"{name}\n" for name in names), encoding="utf-8")
    path = tmp_path / "event.xlsx"
    made = run("init", path, "--ruleset", ruleset, "--players", roster, "--rounds", rounds, "--seed", seed)
    assert made.exit_code == 0, made.output
    return path


@settings(max_examples=12, deadline=None)
@given(k=st.integers(min_value=2, max_value=5), seed=st.integers(min_value=0, max_value=10_000),
       skill=st.sampled_from([0.0, 1.0, 3.0]))
def test_without_draws_2_to_the_k_players_over_k_rounds_leave_exactly_one_undefeated(k, seed, skill):
    figures = run_once(Setup("swiss", 2 ** k, k, seed=seed, skill=skill), 0)
    assert figures.undefeated == [2 ** (k - r) for r in range(1, k + 1)]  # halved every round
    assert figures.records[-1][f"{k}-0"] == 1


def test_every_run_of_a_power_of_two_field_has_one_undefeated_player():
    summary = simulate_event(Setup("swiss", 32, 5, runs=40, seed=9))
    assert summary["undefeated_at_the_end"] == {"1": 1.0}
    assert summary["undefeated_per_round"] == [16.0, 8.0, 4.0, 2.0, 1.0]
    assert summary["final_records"] == {"5-0": 1.0, "4-1": 5.0, "3-2": 10.0, "2-3": 10.0, "1-4": 5.0, "0-5": 1.0}
    assert summary["chance_to_make_the_cut"]["5-0"] == summary["chance_to_make_the_cut"]["4-1"] == 1.0
    assert summary["chance_to_make_the_cut"]["2-3"] == 0.0
    assert summary["recommended_rounds"] == 5 and summary["mtr_rounds"] == 5
    assert summary["repeats_per_round"] == [0.0] * 5


def test_pods_of_nine_play_three_games_of_three_every_round():
    summary = simulate_event(Setup("allegiance", 9, 4, runs=10, seed=2))
    assert summary["games_per_round"] == [{"3": 3.0}] * 4
    assert summary["byes_per_round"] == [0.0] * 4


def test_a_23_player_diplomacy_field_has_two_sit_outs_every_round():
    summary = simulate_event(Setup("ndc-diplomacy", 23, 3, runs=3, seed=4))
    assert summary["games_per_round"] == [{"7": 3.0}] * 3
    assert summary["byes_per_round"] == [2.0] * 3
    assert summary["repeats_per_round"][0] == 0.0


def test_the_figures_do_not_depend_on_the_number_of_workers():
    setup = Setup("swiss-tp", 12, 3, runs=16, seed=5, draw_rate=0.1)
    assert simulate_event(setup, workers=1) == simulate_event(setup, workers=2)


@pytest.mark.parametrize("ruleset, players", [("swiss", 11), ("swiss-tp", 10), ("chits-and-cards", 9),
                                              ("pod-round-robin", 9), ("allegiance", 10), ("ndc-diplomacy", 16)])
def test_simulated_rounds_pass_the_same_validation_as_real_ones(tmp_path, run, ruleset, players):
    setup = Setup(ruleset, players, 4, seed=3, draw_rate=0.1)
    path = api.write_simulated_event(setup, 0, tmp_path / "simulated.xlsx")
    assert run("check", path).stdout == "0 error(s), 0 warning(s).\n"
    standings = json.loads(run("standings", path, "--json", "--no-write").stdout)
    assert len(standings) == players


def test_simulate_a_new_event_through_the_cli(tmp_path, run):
    result = run("simulate", "--ruleset", "swiss", "--players", 16, "--runs", 20, "--workers", 1,
                 "--html", tmp_path / "sim.html", "--example", tmp_path / "example.xlsx")
    lines = result.stdout.splitlines()
    assert lines[0] == "swiss, 16 players, 4 rounds: 20 simulated events (seed 1, draws 0.0%, skill 1.0)"
    assert "  4-0         1.0   100.0%" in lines
    assert "Undefeated at the end: 1 in 100.0% of runs" in lines
    assert lines[-3] == ("Rounds: 4 recommended for 16 players (enough for one player to win them all: log2 of the "
                         "field, at least 3); MTR appendix E: 5.")
    assert lines[-2] == f"Report: {tmp_path / 'sim.html'}"
    page = (tmp_path / "sim.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 2 and "http" not in page.split("<svg")[0]
    assert run("check", tmp_path / "example.xlsx").stdout == "0 error(s), 0 warning(s).\n"
    as_json = json.loads(run("simulate", "-r", "swiss", "-p", 16, "--runs", 20, "--workers", 1, "--json").stdout)
    assert as_json["undefeated_at_the_end"] == {"1": 1.0}


def test_simulate_the_rounds_left_of_a_running_event(tmp_path, run):
    sample = ROOT / "sample_events" / "swiss-tp-16-players.xlsx"
    result = run("simulate", sample, "--runs", 60, "--workers", 1, "--cut", 4, "--json")
    summary = json.loads(result.stdout)
    assert summary["after_round"] == 3 and summary["first_round_played"] == 4 and summary["cut"] == 4
    players = summary["players"]
    assert [p["rank_now"] for p in players] == sorted(p["rank_now"] for p in players)
    assert sum(p["chance_first"] for p in players) == pytest.approx(1.0, abs=0.001)
    assert sum(p["chance_cut"] for p in players) == pytest.approx(4.0, abs=0.001)
    for p in players:
        assert sum(p["places"].values()) == pytest.approx(1.0, abs=0.001)
        assert p["places"].get("1", 0) == p["chance_first"]
        needs = [p["needs"][w] for w in sorted(p["needs"], key=int)]
        assert needs == sorted(needs)  # more wins never lower the chance
    assert run("simulate", sample, "--runs", 60, "--workers", 1, "--cut", 4, "--json").stdout == result.stdout


def test_simulate_refuses_what_it_cannot_play(tmp_path, run):
    result = run("simulate", "-r", "ndc-diplomacy", "-p", 5, "--runs", 2)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("5 players cannot play ndc-diplomacy: Diplomacy needs at least 7 "
                                             "players; 5 can play round 1. Simulate a field the rules can pair.")
    assert run("simulate").exit_code == 2
    finished = run("simulate", ROOT / "sample_events" / "swiss-top-8-24-players.xlsx")
    assert finished.exit_code == 1 and finished.stderr.startswith("Every round has been played")



def test_a_run_played_already_is_not_played_again():
    """`simulate` plays run 0 first, to say at once why a field cannot be paired; that run is then one of the
    runs, not played a second time, and the progress counts it."""
    played, told = [], []

    def job(setup, index):
        played.append(index)
        return f"{setup} run {index}"

    results = run_many(job, "field", 9, progress=lambda done, total: told.append((done, total)), first="field run 0")
    assert results == [f"field run {index}" for index in range(9)]
    assert played == list(range(1, 9)) and told == [(done, 9) for done in range(1, 10)]


@pytest.mark.parametrize("runs", [10, 40])
def test_the_figures_are_the_same_with_run_0_played_first_on_one_process_or_two(runs):
    """On two processes the runs go out in chunks (40 runs: chunks of 2) and come back in order, each counted."""
    setup = Setup("chits-and-cards", 12, 4, runs=runs, seed=5, draw_rate=0.1)
    alone, told = simulate_event(setup), []
    assert simulate_event(setup, first=run_once(setup, 0)) == alone
    assert simulate_event(setup, 2, lambda done, total: told.append((done, total)), run_once(setup, 0)) == alone
    assert told == [(done, runs) for done in range(1, runs + 1)]


def test_a_round_paired_in_the_workbook_keeps_its_typed_results_and_draws_the_rest(tmp_path, run):
    """`simulate EVENT.xlsx` during a round: the tables whose results are typed stay as typed; the others are
    drawn; the event goes on with that round once, in its place."""
    path = tmp_path / "event.xlsx"
    shutil.copy(ROOT / "sample_events" / "chits-and-cards-8-players.xlsx", path)
    assert run("pair", path, "--no-reports").exit_code == 0  # round 3, no result yet
    loaded = api.load_event(path)
    event, rules = loaded.event, loaded.ruleset
    first, kept = rounds_to_play(event)
    assert first == 3 and kept is not None and not kept.has_any_result
    typed = kept.games[0]
    winner, loser = typed.seats
    typed = replace(typed, seats=(replace(winner, result={"result": "W"}), replace(loser, result={"result": "L"})))
    kept = replace(kept, tables=(typed, *kept.tables[1:]))
    strength = dict.fromkeys((p.id for p in event.players), 0.0)
    after, played, pairing = play_round(event, rules, first, random.Random(3), strength, 0.0, kept)
    assert pairing is None and [r.number for r in after.rounds] == [1, 2, 3] and after.rounds[-1] is played
    assert played.games[0] is typed
    assert [table.number for table in played.tables] == [table.number for table in kept.tables]
    drawn = [sorted(seat.result["result"] for seat in table.seats) for table in played.games[1:]]
    assert drawn and all(results == ["L", "W"] for results in drawn)  # no draw at a draw rate of 0


def test_the_rest_of_an_event_keeps_the_tables_typed_in_the_round_being_played(tmp_path, run):
    """Four players, two Swiss rounds: round 2 pairs the two 1-0 players, and their table is typed (the first wins
    2-0) while the other is not. Every run keeps that result: the winner is first in every run and the loser never
    is; and their game is not one still to play, so each needs no more wins (`needs` counts none), while the other
    two each have one game left, won in some runs and lost in others."""
    path = init_event(tmp_path, run, "swiss", ["Ann Abbot", "Ben Birch", "Cid Croft", "Dee Dunn"], rounds=2, seed=4)
    winners = []
    for number in (1, 2):
        assert run("pair", path, "--no-reports", "-q").exit_code == 0
        book = openpyxl.load_workbook(path)
        sheet = book[f"Round {number}"]
        rows = list(sheet.iter_rows(min_row=2))
        tables = [rows[:2], rows[2:]] if number == 1 else \
            [pair for pair in (rows[:2], rows[2:]) if {row[3].value for row in pair} == set(winners)]
        for first, _ in tables:
            first[4].value = "2-0"
            if number == 1:
                winners.append(first[3].value)
        book.save(path)
    top, second = (row[3].value for row in tables[0])
    result = run("simulate", path, "--runs", 20, "--workers", 1, "--cut", 1, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["after_round"], summary["first_round_played"], summary["runs"]) == (1, 2, 20)
    said = {player["name"]: player for player in summary["players"]}
    assert (said[top]["chance_first"], said[top]["needs"]) == (1.0, {"0": 1.0})
    assert (said[second]["chance_first"], said[second]["needs"]) == (0.0, {"0": 0.0})
    others = [said[name] for name in said if name not in (top, second)]
    assert len(others) == 2 and all(set(player["needs"]) == {"0", "1"} for player in others)


def test_the_rest_of_a_pods_event_places_the_players_by_their_overall_rank(tmp_path, run):
    """Two pods of four (Pod size 4), round 1 of 3 played: `simulate` lists the players by their overall rank (each
    rank inside a pod is held by one player of each pod: 1, 1, 2, 2, …) and places them by it in every run, so a
    player of either pod can finish first overall."""
    names = [f"{first} {last}" for first, last in zip(("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"),
                                                      ("Abbot", "Birch", "Croft", "Dunn", "Eames", "Frost", "Gale", "Hale"))]
    path = init_event(tmp_path, run, "pod-round-robin", names, rounds=3, seed=4)
    book = openpyxl.load_workbook(path)
    next(row for row in book["Event"].iter_rows() if row[0].value == "Pod size")[1].value = 4
    book.save(path)
    assert run("pair", path, "--no-reports", "-q").exit_code == 0
    book = openpyxl.load_workbook(path)
    for row in book["Round 1"].iter_rows(min_row=2):
        row[4].value = "W" if row[1].value == 1 else None  # seat 1 wins; one entry is the whole match
    book.save(path)
    pods = {row[1]: row[6] for row in book["Players"].iter_rows(min_row=2, values_only=True)}
    assert sorted(pods.values()) == ["A"] * 4 + ["B"] * 4
    result = run("simulate", path, "--runs", 30, "--workers", 1, "--json")
    assert result.exit_code == 0, result.output
    players = json.loads(result.stdout)["players"]
    assert [player["rank_now"] for player in players] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert {pods[player["name"]] for player in players if player["chance_first"] > 0} == {"A", "B"}


@pytest.mark.parametrize("players, rounds, runs", [(32, 5, 200), (400, 5, 200), (300, 7, 190), (1000, 8, 50),
                                                   (4096, 12, 20), (0, 5, 200)])
def test_the_default_runs_keep_players_times_rounds_times_runs_within_the_budget(players, rounds, runs):
    """200 runs, fewer once players x rounds x runs would pass 400,000 (300 x 7 x 190 = 399,000), never fewer than
    20; a field of no players counts as one."""
    assert default_runs(players, rounds) == runs


def test_simulate_without_runs_plays_the_default_200(run):
    result = run("simulate", "-r", "swiss", "-p", 8, "-n", 3, "--workers", 1, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["runs"] == 200


@pytest.mark.parametrize("ruleset", ["swiss", "chits-and-cards"])
def test_four_players_over_five_rounds_meet_again_in_rounds_4_and_5_in_every_run(run, ruleset):
    """After three rounds each of four players has met the other three: both tables of rounds 4 and 5 are repeats,
    in every run, and none before (the engines avoid a repeat while one can be avoided)."""
    result = run("simulate", "-r", ruleset, "-p", 4, "-n", 5, "--runs", 6, "--workers", 1, "--json")
    summary = json.loads(result.stdout)
    assert (summary["repeats_per_round"], summary["chance_of_a_repeat"]) == ([0, 0, 0, 2, 2], 1)


def test_simulate_of_the_rounds_left_without_runs_plays_the_default_200(run):
    sample = ROOT / "sample_events" / "swiss-card-game-32-players.xlsx"  # 2 of 5 rounds left: 32 x 2 x 200 in budget
    result = run("simulate", sample, "--workers", 1, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["runs"] == 200


@pytest.mark.parametrize("players, rounds", [(2, 3), (8, 3), (9, 4), (64, 6), (65, 7), (4096, 12)])
def test_the_recommended_rounds_let_one_player_win_them_all(players, rounds):
    """log2 of the field, rounded up (2 ** rounds players at least), and never fewer than 3."""
    assert recommended_rounds(players) == rounds


def test_simulate_of_a_workbook_with_no_round_yet_plays_every_round(tmp_path, run):
    path = init_event(tmp_path, run, "swiss", [f"Player {n}" for n in range(1, 9)], rounds=3, seed=2)
    result = run("simulate", path, "--runs", 10, "--workers", 1, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["after_round"], summary["first_round_played"], summary["rounds"]) == (0, 1, 3)
