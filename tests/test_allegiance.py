"""allegiance and the pods engine (source 000): the worked example, the game-size table, properties."""

from __future__ import annotations

import importlib.util
import json
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import openpyxl
import pytest
from builder import make_event, round_rows, type_results
from hypothesis import given, settings, strategies as st
from pairing_oracles import groupings, pods_clash_key

from sheetrunner.pairing import Entrant, PairingImpossible
from sheetrunner.pairing.pods import PodField, arrange_games, game_sizes, slot_sizes

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "make_sample_events.py"
SPEC = importlib.util.spec_from_file_location("make_sample_events", SCRIPT)
SAMPLES = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(SAMPLES)  # 000's data is typed in once, in the sample script
HEADERS = ["Game", "Seat", "ID", "Player", "VI", "Won", "Eliminated", "Note"]
PLAYERS = [(i, name) for i, name in enumerate(SAMPLES.ALLEGIANCE_PLAYERS, start=1)]


def example(path, rounds):
    return make_event(path, PLAYERS, [SAMPLES.allegiance_rows(games) for games in rounds], ruleset="allegiance",
                      total_rounds=2, player_headers=["ID", "Name"], round_headers=HEADERS)


def games_of(path, number):
    games: dict = {}
    for row in round_rows(path, number)[1:]:
        games.setdefault(row[0], []).append(row[2])
    return [set(games[key]) for key in sorted(games)]


def test_round_two_games_and_standings_after_round_one_as_in_the_text(tmp_path, run):
    path = example(tmp_path / "e.xlsx", [SAMPLES.ALLEGIANCE_ROUND_1])
    result = run("pair", path)
    assert result.exit_code == 0, result.output
    assert games_of(path, 2) == [{2, 5, 4}, {3, 1, 8}, {6, 7, 9}]
    assert "again" not in result.stdout  # no repeat meeting
    assert result.stdout.splitlines()[1].startswith("  Game 1: ")
    # The text's table after round 1, in its order: number, wins, points.
    rows = list(openpyxl.load_workbook(path)["Standings after R1"].iter_rows(min_row=2, values_only=True))
    assert [(r[1], r[4], r[5]) for r in rows] == [(2, 1, 24), (5, 1, 21), (3, 0, 23), (4, 0, 18), (1, 0, 15),
                                                  (8, 0, 13), (6, 0, 10), (7, 0, 6), (9, 0, 0)]


def final_table(run, path):
    return [(r["id"], r["wins"], r["vi"]) for r in json.loads(run("standings", "--json", "--no-write", path).stdout)]


def test_final_standings_with_the_game_list_value_19(tmp_path, run):
    path = example(tmp_path / "e.xlsx", [SAMPLES.ALLEGIANCE_ROUND_1, SAMPLES.allegiance_round_2()])
    assert final_table(run, path) == [(2, 2, 44), (3, 1, 50), (5, 1, 40), (1, 0, 36), (4, 0, 33), (6, 0, 29),
                                      (8, 0, 21), (9, 0, 19), (7, 0, 9)]


def test_with_25_the_texts_final_table_is_reproduced_exactly(tmp_path, run):
    # 000's final table: Andrew 2 wins 44, J.T. 1 50, Chris 1 40, Lance 36, Megan 35, James 33, Kristy 21,
    # Joe 19, Kara 9. It follows from Megan's round 2 VI being 25, not the 19 its game list shows.
    path = example(tmp_path / "e.xlsx", [SAMPLES.ALLEGIANCE_ROUND_1, SAMPLES.allegiance_round_2(megan_vi=25)])
    assert final_table(run, path) == [(2, 2, 44), (3, 1, 50), (5, 1, 40), (1, 0, 36), (6, 0, 35), (4, 0, 33),
                                      (8, 0, 21), (9, 0, 19), (7, 0, 9)]


def expected_sizes(n):
    """000's table and its pattern: remainder 0 all threes, 1 one four, 2 two fours."""
    fours = {0: 0, 1: 1, 2: 2}[n % 3]
    return sorted([4] * fours + [3] * ((n - 4 * fours) // 3))


@pytest.mark.parametrize("n", [n for n in range(3, 41) if n != 5])
def test_game_size_table(n):
    assert sorted(game_sizes(n)) == expected_sizes(n)


def test_game_size_table_rows_as_printed():
    assert sorted(game_sizes(22)) == [3] * 6 + [4]
    assert sorted(game_sizes(35)) == [3] * 9 + [4, 4]
    assert sorted(game_sizes(7)) == [3, 4] and sorted(game_sizes(8)) == [4, 4]


def test_five_players_cannot_play_and_fours_can_be_preferred():
    with pytest.raises(PairingImpossible, match="5 players cannot be split into games of 3 or 4 players."):
        game_sizes(5)
    assert sorted(game_sizes(13, preferred=4)) == [3, 3, 3, 4]
    assert slot_sizes(10, (3, 4), 3, "bottom") == [3, 3, 4] and slot_sizes(10, (3, 4), 3, "top") == [4, 3, 3]


def test_five_players_is_a_clear_error_and_four_a_single_game(tmp_path, run):
    path = make_event(tmp_path / "five.xlsx", list("ABCDE"), ruleset="allegiance")
    result = run("pair", path)
    assert result.exit_code == 4  # no legal pairing
    assert result.stderr.splitlines()[0] == ("Players: 5 players cannot be split into games of 3 or 4 players. "
                                             "Check the roster and the Event settings.")
    path = make_event(tmp_path / "four.xlsx", list("ABCD"), ruleset="allegiance")
    result = run("pair", path)
    assert result.exit_code == 0 and "Only 4 players: a single game." in result.stdout


def six_player_round(tmp_path, games):
    """A workbook of players A-F and one round of the given games: (ID, VI, won, eliminated)."""
    players = [(i, name) for i, name in enumerate("ABCDEF", start=1)]
    rows = [[g, s, pid, "ABCDEF"[pid - 1], vi, "Y" if won else None, "Y" if out else None, None]
            for g, game in enumerate(games, start=1) for s, (pid, vi, won, out) in enumerate(game, start=1)]
    return make_event(tmp_path / "e.xlsx", players, [rows], ruleset="allegiance", player_headers=["ID", "Name"],
                      round_headers=HEADERS)


def test_result_checks(tmp_path, run):
    games = [[(1, 22, True, False), (2, 25, False, False), (3, 4, False, True)],
             [(4, 21, True, False), (5, 20, True, False), (6, None, False, False)]]
    path = six_player_round(tmp_path, games)
    lines = run("check", path).stdout.splitlines()
    assert lines == [
        "Round 1!E4: warning: An eliminated player scores 0 VI; the 4 typed here does not count. Clear it, or "
        "clear Eliminated.",
        "Round 1!F2: warning: This winner of game 1 does not hold the most VI among the survivors (25). Check the "
        "VI and Won cells of this game.",
        "Round 1!E7: VI is empty while other results of game 2 are filled in. Type the victory influence this "
        "player ended the game with (0 or more).",
        "Round 1: warning: 1 of 2 games have results so far. The standings leave this round out until every "
        "result is in.",
        "1 error(s), 3 warning(s).",
    ]


def entrants_with_history(count, rounds, rng, teams):
    """Rounds of random games of the table's sizes, and the entrants the engine is given (met, times met) with
    the games played."""
    ids = list(range(1, count + 1))
    met = {pid: {} for pid in ids}
    times = {pid: {} for pid in ids}
    played = []
    for number in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        start, games = 0, []
        for size in game_sizes(count):
            game = order[start:start + size]
            games.append(game)
            start += size
            for a, b in combinations(game, 2):
                met[a][b] = met[b][a] = number
                times[a][b] = times[b][a] = times[a].get(b, 0) + 1
        played.append(games)
    rng.shuffle(ids)
    entrants = tuple(Entrant(pid, Fraction(0), teams.get(pid, ""), met=met[pid], meetings=times[pid]) for pid in ids)
    return entrants, played


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([6, 7, 8, 9, 10, 11, 12]), st.integers(1, 4), st.integers(0, 10**6))
def test_pods_engine_against_brute_force(count, played, seed):
    """The engine's team mates and repeats (how often, then how recent) are the least over every grouping, each
    counted from the games played by `pairing_oracles.pods_clash_key`, not by the engine's cost."""
    rng = random.Random(seed)
    entrants, rounds = entrants_with_history(count, played, rng, {})
    field = PodField(entrants, slot_sizes(count, (3, 4), 3), played + 1)
    games = arrange_games(field)
    assert sorted(p for g in games for p in g) == list(range(1, count + 1))
    assert [len(g) for g in games] == field.sizes
    best = min(pods_clash_key(grouping, rounds, {}) for grouping in groupings(list(range(1, count + 1)),
                                                                               sorted(field.sizes)))
    assert pods_clash_key(games, rounds, {}) == best  # no repeat when avoidable; the most frequent, then newest first


def test_seats_rotate_when_it_costs_nothing(tmp_path, run):
    path = example(tmp_path / "e.xlsx", [SAMPLES.ALLEGIANCE_ROUND_1])
    assert run("pair", path).exit_code == 0
    first_seats_round_1 = {row[2] for row in round_rows(path, 1)[1:] if row[1] == 1}
    first_seats_round_2 = {row[2] for row in round_rows(path, 2)[1:] if row[1] == 1}
    assert first_seats_round_1 == {8, 2, 1} and not first_seats_round_1 & first_seats_round_2


def test_team_mates_are_kept_apart_and_fixed_games_honoured(tmp_path, run):
    players = [(1, "A", "Red", None), (2, "B", "Red", None), (3, "C", None, 2), (4, "D", None, None),
               (5, "E", None, None), (6, "F", None, None)]
    for seed in range(4):
        path = make_event(tmp_path / f"e{seed}.xlsx", players, ruleset="allegiance", seed=seed,
                          player_headers=["ID", "Name", "Team", "Fixed table"])
        assert run("pair", path).exit_code == 0
        games = games_of(path, 1)
        assert not any({1, 2} <= game for game in games)
        assert 3 in games[1]


def test_more_winners_than_players_at_the_threshold_is_a_warning(tmp_path, run):
    games = [[(1, 21, True, False), (2, 21, True, False), (3, 18, True, False)],
             [(4, 10, False, False), (5, 12, False, False), (6, 9, False, False)]]
    path = six_player_round(tmp_path, games)
    lines = run("check", path).stdout.splitlines()
    assert "Round 1!F4: warning: Game 1 has 3 winners but only 2 player(s) reached 20 VI. Check the Won cells of " \
           "this game." in lines
    assert lines[-1] == "0 error(s), 2 warning(s)."


def test_a_third_meeting_is_counted_as_the_third(tmp_path, run):
    """Three players make one game every round: by round 3 each pair meets for the third time, and the note
    counts the meetings, not only the last round they met."""
    path = make_event(tmp_path / "e.xlsx", ["Ann", "Ben", "Cat"], ruleset="allegiance", total_rounds=3)
    for number in (1, 2):
        assert run("pair", path).exit_code == 0
        type_results(path, number, {"Ann": {"VI": 10, "Won": "Y"}, "Ben": {"VI": 5}, "Cat": {"VI": 3}})
    lines = run("pair", path).stdout.splitlines()
    assert lines[3] == ("  - Game 1: met before: Cat & Ben (third time, last in round 2), Cat & Ann (third time, last "
                        "in round 2), Ben & Ann (third time, last in round 2); no arrangement avoids them.")
