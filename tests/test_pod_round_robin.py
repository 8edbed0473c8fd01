"""pod-round-robin (source 002): the text's 7-player pod, its scenarios, and circle schedules."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import openpyxl
import pytest
from builder import edit_players, make_event, round_rows, type_results

from sheetrunner.model.event import SeatScore
from sheetrunner.pairing.round_robin import circle_schedule
from sheetrunner.scoring.tiebreakers import TIEBREAKERS, ScoreTable

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "make_sample_events.py"
SPEC = importlib.util.spec_from_file_location("make_sample_events", SCRIPT)
SAMPLES = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(SAMPLES)
NAMES, POD_ROUNDS = SAMPLES.POD_NAMES, SAMPLES.POD_ROUNDS  # 002's pod, typed in once, in the sample script
HEADERS = ["Table", "Seat", "ID", "Player", "Result", "Note"]


def make_pod(path, rounds=POD_ROUNDS, total=7):
    players = [(i, name, None, "A") for i, name in enumerate(NAMES.values(), start=1)]
    return make_event(path, players, [SAMPLES.pod_round_rows(r) for r in rounds], ruleset="pod-round-robin",
                      total_rounds=total, player_headers=["ID", "Name", "Team", "Pod"], round_headers=HEADERS)


def test_the_texts_pod_ranks_as_the_text_does(tmp_path, run):
    path = make_pod(tmp_path / "pod.xlsx")
    result = run("standings", "--json", path)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["name"].split()[0] for r in rows] == ["Scott", "Tino", "Andy", "Derek", "Bernie", "Jorge", "Mariano"]
    assert [r["match_points"] for r in rows] == [18, 15, 12, 12, 12, 9, 6]
    resistance = {r["name"].split()[0]: r["win_resistance"] for r in rows}
    assert (resistance["Derek"], resistance["Andy"], resistance["Bernie"]) == (11, 12, 9)
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5, 6, 7] and {r["pod"] for r in rows} == {"A"}


def test_owp_decides_only_while_the_round_robin_is_unfinished(tmp_path, run):
    # After 6 of 7 rounds nobody has met everyone: OWP sits between match points and win resistance.
    path = make_pod(tmp_path / "pod.xlsx", POD_ROUNDS[:6])
    rows = json.loads(run("standings", "--json", "--no-write", path).stdout)
    tied = [r for r in rows if r["match_points"] == rows[2]["match_points"]]
    owp = [Fraction(r["opponents_win_pct"]).limit_denominator(10**6) for r in tied]
    assert owp == sorted(owp, reverse=True)


def fabricated(records: dict[str, list[tuple[str, str]]], others: dict[str, tuple[int, int]]):
    """Rows for the scenario players, and win-loss records for their opponents (002's numbers)."""
    ids = {name: i for i, name in enumerate(sorted(set(records) | set(others)), start=1)}
    rows = [SeatScore(1, ids[name], (ids[opp],), {"mp": Fraction(3 if outcome == "win" else 0)}, outcome)
            for name, games in records.items() for opp, outcome in games]
    for name, (wins, losses) in others.items():
        rows += [SeatScore(1, ids[name], (999,), {"mp": Fraction(3)}, "win")] * wins
        rows += [SeatScore(1, ids[name], (999,), {}, "loss")] * losses
    return ScoreTable(rows, tuple(ids.values()) + (999,)), ids


def test_scenario_2_win_resistance_25_against_24():
    # A beat B (6 wins) and players with 3, 4 (twice), 3 and 5 wins; B beat A and 4 (twice), 3 (twice), 4.
    others = {"C": (3, 7), "D": (4, 6), "E": (3, 7), "F": (5, 5), "G": (4, 6), "H": (3, 7), "I": (4, 6)}
    a = [("B", "win"), ("C", "win"), ("D", "win"), ("D", "win"), ("E", "win"), ("F", "win")] + [("F", "loss")] * 4
    b = [("A", "win"), ("G", "win"), ("G", "win"), ("H", "win"), ("H", "win"), ("I", "win")] + [("F", "loss")] * 4
    table, ids = fabricated({"A": a, "B": b}, others)
    resistance = TIEBREAKERS["win_resistance"].compute(table)
    assert (resistance[ids["A"]], resistance[ids["B"]]) == (25, 24)


def test_scenario_3_opponents_win_percentage_ranks_b_above_a():
    # A's opponents: 5-3, 3-5, 4-4, 3-5 (15/32 = 46.875%); B's: 5-3, 4-4, 4-4, 3-5 (16/32 = 50%).
    others = {"C": (5, 3), "D": (3, 5), "E": (4, 4), "F": (3, 5), "G": (4, 4), "H": (4, 4), "J": (3, 5)}
    a = [("C", "win"), ("D", "win"), ("E", "win"), ("F", "loss"), ("C", "win"), ("D", "win"), ("E", "loss"),
         ("F", "loss")]
    b = [("C", "win"), ("G", "win"), ("H", "win"), ("J", "loss"), ("C", "win"), ("G", "win"), ("H", "loss"),
         ("J", "loss")]
    table, ids = fabricated({"A": a, "B": b}, others)
    owp = TIEBREAKERS["opponents_win_pct"].compute(table)
    assert owp[ids["A"]] == Fraction(15, 32) and owp[ids["B"]] == Fraction(16, 32)


@pytest.mark.parametrize("size", range(2, 13))
def test_circle_schedule_everyone_meets_everyone_once(size):
    players = list(range(1, size + 1))
    schedule = circle_schedule(players)
    assert len(schedule) == (size if size % 2 else size - 1)
    games = [frozenset(p) for round_ in schedule for p in round_ if p[1] is not None]
    assert sorted(games, key=sorted) == sorted(map(frozenset, combinations(players, 2)), key=sorted)
    for round_ in schedule:
        assert sorted(p for pair in round_ for p in pair if p is not None) == players
    byes = Counter(pair[0] for round_ in schedule for pair in round_ if pair[1] is None)
    assert byes == (Counter(players) if size % 2 else Counter())


def test_pods_are_split_evenly_written_and_scheduled(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [f"P{i:02d}" for i in range(1, 16)], ruleset="pod-round-robin",
                      total_rounds=7, settings={"Pod size": 8})
    result = run("pair", path)
    assert result.exit_code == 0, result.output
    players = list(openpyxl.load_workbook(path)["Players"].iter_rows(values_only=True))
    assert players[0][:4] == ("ID", "Name", "Team", "Pod")
    pods = Counter(row[3] for row in players[1:])
    assert pods == {"A": 8, "B": 7}
    rows = round_rows(path, 1)[1:]
    assert sum(1 for r in rows if r[0] == "BYE") == 1
    pod_of = {row[1]: row[3] for row in players[1:]}
    tables = {}
    for row in rows:
        tables.setdefault(row[0], []).append(row[3])
    assert all(len({pod_of[name] for name in names}) == 1 for table, names in tables.items() if table != "BYE")


def test_disagreeing_results_are_an_error(tmp_path, run):
    rounds = [[("Scott", None, "W"), ("Tino", "Bernie", "W"), ("Derek", "Andy", "W"), ("Jorge", "Mariano", "L")]]
    path = make_pod(tmp_path / "pod.xlsx", rounds)
    book = openpyxl.load_workbook(path)
    book["Round 1"]["E4"] = "W"  # Bernie's L becomes W
    book.save(path)
    result = run("check", path)
    assert result.stdout.splitlines()[0] == ("Round 1!E4: Table 1: results W and W do not agree. One player wins "
                                             "(W) and the other loses (L), or both draw (D).")


def test_moving_a_player_to_another_pod_after_games_is_an_error_and_still_ranks(tmp_path, run):
    """§2: a player moved to another pod after the schedule was fixed is an error at their Pod cell. Regression
    kept: a pod's ranking once looked up opponents only among that pod's players (KeyError)."""
    path = make_pod(tmp_path / "pod.xlsx")
    book = openpyxl.load_workbook(path)
    book["Players"]["D2"] = "B"  # Scott, who played the whole pod A, is now typed into pod B
    book.save(path)
    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 1
    assert result.output.splitlines()[0].startswith("Players!D2: Scott Brosius was moved from pod A to B after the "
                                                    "schedule was fixed (they played Bernie Williams, Andy Pettitte,")
    from sheetrunner.rules.tournament import standings_after
    from sheetrunner.validate import validate
    from sheetrunner.workbook.book import Workbook
    checked = validate(Workbook.read(path).sheets)
    rows = standings_after(checked.event, checked.ruleset).rows
    assert [(r.player.name, r.group, r.rank) for r in rows if r.group == "B"] == [("Scott Brosius", "B", 1)]
    assert [r.player.name.split()[0] for r in rows if r.group == "A"] == ["Tino", "Andy", "Derek", "Bernie", "Jorge",
                                                                          "Mariano"]


@pytest.mark.parametrize("players, rounds", [(0, 7), (6, 5), (7, 7), (8, 7), (9, 5), (16, 7), (20, 7), (24, 7),
                                             (25, 7)])
def test_init_gives_the_largest_pod_a_full_round_robin(tmp_path, run, players, rounds):
    """Without --rounds, `init` splits the field into the fewest pods of at most 8 and writes the rounds the
    largest needs: its size when odd (a bye each round), one less when even. 9 players: pods of 5 and 4, 5 rounds;
    20: 7, 7 and 6; 25: four pods, the largest 7; no roster yet: a pod of 8, 7 rounds."""
    roster = tmp_path / "roster.csv"
    roster.write_text("Name\n" + "".join(f"Player {i}\n" for i in range(1, players + 1)), encoding="utf-8")
    assert run("init", tmp_path / "e.xlsx", "-r", "pod-round-robin", *(["-p", roster] if players else [])
               ).exit_code == 0
    settings = dict(openpyxl.load_workbook(tmp_path / "e.xlsx")["Event"].iter_rows(values_only=True, max_col=2))
    assert settings["Rounds"] == rounds


def test_a_pod_players_fixed_table_is_kept_and_a_clash_is_said(tmp_path, run):
    """Ben and Cat both need table 2 and the schedule has them at different tables: Cat's game is placed first and
    sits at table 2; Ben's game takes table 1, and the summary and Ben's row say why (before, a pod event kept the
    fixed tables but dropped the note, so the summary said "Compromises: none.")."""
    path = make_event(tmp_path / "e.xlsx", [(1, "Ann", None, "A", None), (2, "Ben", None, "A", 2),
                                             (3, "Cat", None, "A", 2), (4, "Dov", None, "A", None)],
                      ruleset="pod-round-robin", total_rounds=3, player_headers=["ID", "Name", "Team", "Pod", "Fixed table"])
    result = run("pair", path)
    note = "Could not sit at fixed table 2: it went to another fixed player."
    assert result.stdout.splitlines()[:5] == ["Round 1: 2 table(s), 0 bye(s).", "  Table 1: Ann v Ben",
                                              "  Table 2: Dov v Cat", "Compromises:", f"  - Table 1 (Ben): {note}"]
    assert [row[3:6:2] for row in round_rows(path, 1)[1:]] == [("Ann", None), ("Ben", note), ("Dov", None),
                                                               ("Cat", None)]


def test_rounds_beyond_every_pods_round_robin_is_warned_at_its_cell_and_refused_there(tmp_path, run):
    """One pod of four plays three rounds; Rounds says 4. `check` warns at Rounds from the start, and pairing round 4
    is refused at that cell, nothing written."""
    path = make_event(tmp_path / "e.xlsx", [(i, name, None, "A") for i, name in enumerate(["Ann", "Ben", "Cat", "Dov"], 1)],
                      ruleset="pod-round-robin", total_rounds=4, player_headers=["ID", "Name", "Team", "Pod"])
    said = "Rounds is 4, but every pod's round robin is over after 3 rounds: round 4 cannot be paired."
    assert run("check", path).stdout.splitlines() == [f"Event!B3: warning: {said} Type 3 in Rounds.",
                                                      "0 error(s), 1 warning(s)."]
    for number in (1, 2, 3):
        assert run("pair", path).exit_code == 0
        type_results(path, number, {row[3]: {"Result": "W" if row[1] == 1 else "L"} for row in round_rows(path, number)[1:]})
    before = path.read_bytes()
    refused = run("pair", path)
    assert (refused.exit_code, refused.output.splitlines()[0]) == (
        4, f"Event!B3: {said} Check the roster and the Event settings.")
    assert path.read_bytes() == before


def test_a_pod_typed_for_some_starting_players_only_is_an_error_at_each_without_one(tmp_path, run):
    """Ann, Cat and Fay are typed into pod A, Ben and Dov are not; Eli joins in round 2 with no Pod, which is
    allowed (a late entry takes a free place by itself)."""
    players = [(1, "Ann", None, "A", None), (2, "Ben", None, None, None), (3, "Cat", None, "A", None),
               (4, "Dov", None, None, None), (5, "Eli", None, None, 2), (6, "Fay", None, "A", None)]
    path = make_event(tmp_path / "e.xlsx", players, ruleset="pod-round-robin", total_rounds=3,
                      player_headers=["ID", "Name", "Team", "Pod", "Joined in"])
    fix = ("Fill in every player's Pod, or clear the whole column to have pods made evenly (a player who joins after "
           "round 1 is given a free place by itself).")
    assert run("check", path).stdout.splitlines() == [
        f"Players!B3: Ben has no Pod while other players have one. {fix}",
        f"Players!B5: Dov has no Pod while other players have one. {fix}", "2 error(s), 0 warning(s)."]


def test_a_match_loss_decides_a_pod_game_for_the_opponent(tmp_path, run):
    """Round 1: Dov beat Cat and Ann beat Ben as typed, but Dov is given a match loss: Cat has the win (3 match
    points) and Dov the loss, so Dov's opponents' win % is Cat's 100% and Cat's is Dov's 0%, floored at 33%."""
    from test_penalties import add_penalties

    path = make_event(tmp_path / "e.xlsx", [(i, name, None, "A") for i, name in enumerate(["Ann", "Ben", "Cat", "Dov"], 1)],
                      ruleset="pod-round-robin", total_rounds=3, player_headers=["ID", "Name", "Team", "Pod"])
    assert run("pair", path).exit_code == 0
    rows = round_rows(path, 1)[1:]
    assert [row[3] for row in rows] == ["Dov", "Cat", "Ann", "Ben"]
    type_results(path, 1, {row[3]: {"Result": "W" if row[1] == 1 else "L"} for row in rows})
    add_penalties(path, [(1, "Dov", "Match loss", None, "tardy")])
    table = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(row["name"], row["match_points"], row["opponents_win_pct"]) for row in table] == [
        ("Ann", 3, 0.33), ("Cat", 3, 0.33), ("Dov", 0, 1), ("Ben", 0, 1)]


def test_pods_past_z_are_named_as_spreadsheet_columns_are():
    """27 pods and more (a 216-player event in pods of 8): after Z comes AA, AB … AZ, BA … ZZ, then AAA."""
    from sheetrunner.rulesets.pod_schedule import pod_name

    assert [pod_name(index) for index in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_a_player_whose_scheduled_opponent_dropped_has_a_bye_and_the_rest_of_the_pod_plays(tmp_path, run):
    """A pod of six; Ben drops after round 1. Round 2's schedule has Ben v Cat first, then Fay v Dov and Eli v Ann:
    Cat gets the bye and the other two games are played."""
    names = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay"]
    path = make_event(tmp_path / "e.xlsx", [(i, name, None, "A", None) for i, name in enumerate(names, 1)],
                      ruleset="pod-round-robin", total_rounds=5,
                      player_headers=["ID", "Name", "Team", "Pod", "Dropped after"])
    assert run("pair", path).exit_code == 0
    type_results(path, 1, {row[3]: {"Result": "W" if row[1] == 1 else "L"} for row in round_rows(path, 1)[1:]})
    edit_players(path, {"Ben": {"Dropped after": 1}})
    assert run("pair", path).stdout.splitlines()[:5] == [
        "Round 2: 2 table(s), 1 bye(s).", "  Table 1: Eli (MP 3) v Ann (MP 3)", "  Table 2: Fay (MP 0) v Dov (MP 0)",
        "  Bye: Cat (MP 0)", "Compromises: none."]


def test_a_dropped_player_and_an_added_soft_score_in_a_pods_standings(tmp_path, run):
    """Painting is added to MP, inside the pod as overall: Tino (2 painted) 6 + 2 = 8 after two rounds; Jorge,
    who drops after round 2, is marked dropped."""
    players = [(i, name, None, "A", 2 if name.startswith("Tino") else None, 2 if name.startswith("Jorge") else None)
               for i, name in enumerate(NAMES.values(), start=1)]
    path = make_event(tmp_path / "e.xlsx", players, [SAMPLES.pod_round_rows(r) for r in POD_ROUNDS[:2]],
                      ruleset="pod-round-robin", total_rounds=7, round_headers=HEADERS, settings={
                          "Soft scores": "Painting (add)"},
                      player_headers=["ID", "Name", "Team", "Pod", "Painting", "Dropped after"])
    rows = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(r["name"].split()[0], r["match_points"], r["dropped"]) for r in rows] == [
        ("Tino", 8, False), ("Scott", 6, False), ("Mariano", 3, False), ("Jorge", 3, True), ("Derek", 3, False),
        ("Andy", 3, False), ("Bernie", 0, False)]


def test_a_finished_pod_ranks_past_opponents_win_pct_even_when_a_soft_score_ties_unequal_records(tmp_path, run):
    """Once everyone has met, OWP is left out (002). Painting 3 lifts Jorge (3 wins, 9 MP) to the 12 MP of Andy,
    Derek and Bernie (4 wins each): his OWP is the highest of the four (his own low win % is the one left out of
    it), so OWP would put him first of them; win resistance puts him last (8, under 12, 11 and 9)."""
    players = [(i, name, None, "A", 3 if name.startswith("Jorge") else None)
               for i, name in enumerate(NAMES.values(), start=1)]
    path = make_event(tmp_path / "e.xlsx", players, [SAMPLES.pod_round_rows(r) for r in POD_ROUNDS],
                      ruleset="pod-round-robin", total_rounds=7, round_headers=HEADERS,
                      player_headers=["ID", "Name", "Team", "Pod", "Painting"], settings={"Soft scores": "Painting (add)"})
    rows = json.loads(run("standings", "--json", "--no-write", path).stdout)
    assert [(r["name"].split()[0], r["match_points"], r["win_resistance"]) for r in rows] == [
        ("Scott", 18, 18), ("Tino", 15, 13), ("Andy", 12, 12), ("Derek", 12, 11), ("Bernie", 12, 9), ("Jorge", 12, 8),
        ("Mariano", 6, 3)]
    owp = {r["name"].split()[0]: r["opponents_win_pct"] for r in rows}
    assert owp["Jorge"] > owp["Andy"] == owp["Derek"] == owp["Bernie"]
