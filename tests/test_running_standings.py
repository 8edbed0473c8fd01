"""running_standings.py: what `simulate` ranks each round by, kept as rounds are scored (issue 34), beside the
property test in test_simulate_speed.py that holds it equal to the standings from scratch: the rows made without
the dataclass's `__init__`, values that stay as they were when more rounds are added, the pods worked out once, and
the score column read as whole numbers."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from sheetrunner import api
from sheetrunner.model.event import POINT_DEDUCTION, Event, Penalty, Player
from sheetrunner.model.history import History, add_round
from sheetrunner.rulesets import get_ruleset
from sheetrunner.simulation.running_standings import RunningStandings, standings_row, whole_scores
from sheetrunner.simulation.simulate import Setup, _play, play_round, settings_for
from sheetrunner.scoring.standings import StandingsRow
from sheetrunner.rules.tournament import standings_after

SAMPLES = Path(__file__).resolve().parent.parent / "sample_events"


def test_a_row_made_without_init_is_the_row_init_makes():
    player = Player(3, "Ana")
    made = standings_row(2, True, player, {"match_points": 6}, False, "Pod A", 5)
    expected = StandingsRow(2, True, player, {"match_points": 6}, False, "Pod A", 5)
    assert made == expected and repr(made) == repr(expected) and vars(made) == vars(expected)


def test_the_standings_of_a_round_keep_their_values_when_later_rounds_are_added():
    """Each ranking copies the sums it reads: the standings a round was paired on, read after the event is over,
    still say what they said then (the running sums have grown since)."""
    for name in ("swiss", "chits-and-cards", "pod-round-robin"):
        ruleset = get_ruleset(name)
        kept = [(event, before) for event, _, before, *_ in _play(Setup(name, 12, 4, seed=5, draw_rate=0.2), 0)]
        for event, before in kept:
            assert before == standings_after(event.with_rounds(event.rounds[:-1]), ruleset), name


def test_the_swiss_rank_beside_chits_and_cards_is_worked_out_when_read():
    for event, _, before, _, running in _play(Setup("chits-and-cards", 10, 3, seed=2), 0):
        pass
    scratch = standings_after(event, get_ruleset("chits-and-cards"))
    assert {row.player.id: row.values["swiss_rank"] for row in running.standings().rows} == \
        {row.player.id: row.values["swiss_rank"] for row in scratch.rows}


def test_the_pods_are_worked_out_again_when_a_pod_is_typed_differently():
    for event, *_, running in _play(Setup("pod-round-robin", 12, 2, seed=3), 0):
        pass
    pods = running.pods(event)
    assert running.pods(event) is pods  # the same Players, settings and Pods: kept
    moved = event.players[0]
    before = moved.extra.get("pod")
    moved.extra["pod"] = "Z"
    try:
        assert "Z" in running.pods(event) and running.pods(event) == get_ruleset("pod-round-robin").game.pods(event)
    finally:
        moved.extra["pod"] = before


def test_the_score_column_is_read_as_whole_numbers_only_where_it_holds_them():
    for event, _, before, _, running in _play(Setup("swiss", 10, 3, seed=4), 0):
        pass
    final = running.standings()
    assert whole_scores(final, "match_points") == {row.player.id: row.values["match_points"] for row in final.rows}
    assert whole_scores(final, "game_win_pct") is None  # a ratio: Fractions
    assert whole_scores(standings_after(event, get_ruleset("swiss")), "match_points") is None  # from scratch


def test_the_order_a_run_ends_with_is_the_order_of_its_standings():
    """`order` ranks by the columns alone where it can: the same IDs in the same order as the standings' rows
    sorted by overall rank, after every round, for every ruleset `simulate` keeps standings for."""
    for name in ("swiss", "swiss-tp", "chits-and-cards", "pod-round-robin", "allegiance"):
        for *_, running in _play(Setup(name, 13, 4, seed=3, draw_rate=0.2), 1):
            rows = sorted(running.standings().rows, key=lambda row: row.overall_rank or 0)
            assert running.order() == [row.player.id for row in rows], name


def test_a_workbook_with_a_penalty_is_ranked_from_scratch_and_its_point_deduction_counts():
    """The running sums leave penalties out, so an event with any (here a 3-point deduction, no soft score) is
    ranked as `standings` ranks it: the deduction shows in `simulate`'s standings as in the workbook's."""
    loaded = api.load_event(SAMPLES / "swiss-card-game-32-players.xlsx")
    leader = standings_after(loaded.event, loaded.ruleset).rows[0].player.id
    event = replace(loaded.event, penalties=(Penalty(1, leader, POINT_DEDUCTION, Fraction(3)),))
    running, scratch = RunningStandings(event, loaded.ruleset), standings_after(event, loaded.ruleset)
    assert running.tally is None
    ranked = running.standings()
    assert [(row.rank, row.player.id, dict(row.values)) for row in ranked.rows] == \
        [(row.rank, row.player.id, dict(row.values)) for row in scratch.rows]
    before = {row.player.id: row.values["match_points"] for row in standings_after(loaded.event, loaded.ruleset).rows}
    assert {row.player.id: row.values["match_points"] for row in ranked.rows}[leader] == before[leader] - 3


def test_a_late_entrys_missed_rounds_count_in_the_running_standings_as_from_scratch():
    """Chits and cards: a player who joins in round 2 has lost round 1's chit to the bank (a missed round is a
    loss with no opponent); the running standings, scored round by round, say what `standings` says."""
    rules = get_ruleset("chits-and-cards")
    players = tuple(Player(pid, f"Player {pid}", joined_in=2 if pid == 8 else 1) for pid in range(1, 9))
    event = Event(settings_for(rules, 3, 11), players)
    running, history = RunningStandings(event, rules), History()
    strength = dict.fromkeys(range(1, 9), 0.0)
    for number in (1, 2):
        event, played, _ = play_round(event, rules, number, random.Random(number), strength, 0.0,
                                      standings=running.standings(), history=history)
        add_round(history, played)
        running.add(event, played)
        scratch = standings_after(event, rules)
        assert [(row.rank, row.player.id, dict(row.values)) for row in running.standings().rows] == \
            [(row.rank, row.player.id, dict(row.values)) for row in scratch.rows]
    assert {row.player.id: row.values["chits"] for row in scratch.rows}[8] <= 3  # round 1 missed: a chit lost


def test_players_tied_on_every_column_are_listed_by_id_whatever_the_rosters_order():
    """`compute_standings` lists a tie in ID order; the running standings of a roster typed in another order (here
    backwards) list it so too, and so does the order a run ends with."""
    rules = get_ruleset("swiss")
    for event, *_ in _play(Setup("swiss", 12, 2, seed=6), 0):
        pass
    backwards = replace(event, players=tuple(reversed(event.players)),
                        settings=replace(event.settings, tiebreakers=("match_points", "opponents_match_points")))
    running, scratch = RunningStandings(backwards, rules), standings_after(backwards, rules)
    ranked = running.standings()
    assert ranked == scratch and any(row.shared for row in ranked.rows)
    assert running.order() == [row.player.id for row in scratch.rows]


def test_players_who_dropped_are_marked_as_from_scratch_also_after_the_round_they_left():
    """A workbook's dropped players (`simulate` of the rounds left): one who left after round 1 and one who left
    after round 3, the round the standings are after, are marked dropped in the running standings as `standings`
    marks them; the others are not."""
    loaded = api.load_event(SAMPLES / "swiss-card-game-32-players.xlsx")  # 3 rounds played
    players = tuple(replace(player, dropped_after={2: 1, 5: 3}.get(player.id)) for player in loaded.event.players)
    event = replace(loaded.event, players=players)
    running, scratch = RunningStandings(event, loaded.ruleset), standings_after(event, loaded.ruleset)
    ranked = running.standings()
    assert running.tally is not None and ranked == scratch
    assert sorted(row.player.id for row in ranked.rows if row.dropped) == [2, 5]


def test_a_finished_pod_is_ranked_as_from_scratch_without_the_opponents_percentages():
    """Nine players: pods of five and four. After round 3 the pod of four has played its round robin, and a finished
    pod ranks without the columns only an unfinished one needs (`UNFINISHED_ONLY`), by the others in order; the pod
    of five plays on. The running standings say what `standings` says after every round, through the end."""
    rules = get_ruleset("pod-round-robin")
    finished_after = []
    for event, _, before, _, running in _play(Setup("pod-round-robin", 9, 5, seed=8, draw_rate=0.2), 0):
        assert before == standings_after(event.with_rounds(event.rounds[:-1]), rules)
        finished_after.append(sorted(len(members) for members in running.pods(event).values()))
    assert running.standings() == standings_after(event, rules) and finished_after[0] == [4, 5]
