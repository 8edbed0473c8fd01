"""Mirrors `sheetrunner/rulesets/pod_memory.py`: pod-round-robin's memory (§2) from hand-built events.

The rounds played say who has met whom (rounds with a result only) and so who was in one pod; a player whose Pod
differs from the pod of most players they are linked with by games is an error at their Pod cell, saying where
they played and what to type. Whole workbooks (hand-edited rounds, lost meetings) are in
tests/test_round_robin_memory.py.
"""

from __future__ import annotations

from sheetrunner.model.event import Event, Player, Round, Seat, Settings, Table
from sheetrunner.rulesets import all_rulesets
from sheetrunner.rulesets.pod_memory import groups_played, lost_warning, moved_players, names_text, opponents_played
from sheetrunner.rulesets.pod_schedule import played_meetings

RULES = all_rulesets()["pod-round-robin"]
NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan", 5: "Eve", 6: "Fay", 7: "Gus"}


def game(number, first, second, result=True) -> Table:
    outcome = ("W", "L") if result else (None, None)
    return Table(number, (Seat(first, 1, {"result": outcome[0]}, row=2 * number),
                          Seat(second, 2, {"result": outcome[1]}, row=2 * number + 1)))


def event(pods: dict[int, str], *rounds: Round, joined: dict[int, int] | None = None) -> Event:
    players = tuple(Player(pid, NAMES[pid], extra={"pod": pod}, row=pid + 1, joined_in=(joined or {}).get(pid, 1))
                    for pid, pod in pods.items())
    return Event(Settings("pod-round-robin", 3, 7, options={"pod_size": 8}), players, rounds)


def locate(key: str, row: int) -> str:
    return {"pod": "D"}[key] + str(row)


def test_played_meetings_are_the_two_player_games_of_the_sheet():
    round_ = Round(1, (game(1, 1, 2), Table("BYE", (Seat(3),)), Table(2, (Seat(4), Seat(5), Seat(6)))))
    assert played_meetings(round_) == {frozenset({1, 2})}


def test_opponents_played_by_the_round_they_first_met_rounds_without_results_left_out():
    rounds = (Round(1, (game(1, 1, 2), game(2, 3, 4))), Round(2, (game(1, 1, 3), game(2, 2, 4))),
              Round(3, (game(1, 1, 2), game(2, 3, 4))), Round(4, (game(1, 1, 4, result=False),)))
    assert opponents_played(event({1: "A", 2: "A", 3: "A", 4: "A"}, *rounds)) == {
        1: {2: 1, 3: 2}, 2: {1: 1, 4: 2}, 3: {4: 1, 1: 2}, 4: {3: 1, 2: 2}}


def test_groups_are_players_linked_by_games_sorted():
    assert groups_played({5: {6: 1}, 1: {3: 1}, 3: {1: 1, 4: 2}, 4: {3: 2}, 6: {5: 1}}) == [[1, 3, 4], [5, 6]]
    assert groups_played({}) == []


def test_names_as_a_sentence_lists_them():
    assert [names_text(items) for items in (["Ann"], ["Ann", "Ben"], ["Ann", "Ben", "Cat"])] == [
        "Ann", "Ann and Ben", "Ann, Ben and Cat"]


def test_nobody_moved_no_problem():
    played = event({1: "A", 2: "A", 3: "B", 4: "B"}, Round(1, (game(1, 1, 2), game(2, 3, 4))))
    assert moved_players(played, "Players", locate) == []


def test_a_player_moved_after_playing_is_an_error_at_their_pod_cell():
    played = event({1: "Z", 2: "A", 3: "A", 4: "A", 5: "B", 6: "B"},
                   Round(1, (game(1, 1, 2), game(2, 3, 4), game(3, 5, 6))),
                   Round(2, (game(1, 1, 3), game(2, 2, 4), game(3, 5, 6))))
    assert [str(p) for p in moved_players(played, "Players", locate)] == [
        "Players!D2: Ann was moved from pod A to Z after the schedule was fixed (they played Ben and Cat of pod "
        "A). Change it back to A: a pod's round robin is fixed when it starts."]


def test_a_late_entry_placed_in_another_pod_than_they_played_in_is_told_to_type_it():
    """Gus joined in round 2 with no Pod: sheetrunner places him in the first odd pod (A), but he played in B."""
    played = event({1: "A", 2: "A", 3: "A", 4: "B", 5: "B", 6: "B", 7: ""},
                   Round(1, (game(1, 1, 2), game(2, 4, 5))), Round(2, (game(1, 1, 3), game(2, 7, 4), game(3, 5, 6))),
                   joined={7: 2})
    assert [str(p) for p in moved_players(played, "Players", locate)] == [
        "Players!D8: Gus was moved from pod B to A after the schedule was fixed (they played Dan of pod B). Type B "
        "as their Pod: a pod's round robin is fixed when it starts."]


def test_a_whole_pod_renamed_is_no_move():
    played = event({1: "C", 2: "C", 3: "B", 4: "B"}, Round(1, (game(1, 1, 2), game(2, 3, 4))))
    assert moved_players(played, "Players", locate) == []


def test_pairs_lost_in_two_rounds_are_one_warning_at_the_first_lost_players_row():
    """Ann and Dan never meet in round 2, Ben and Eve in round 3: one warning naming both rounds and their two
    tables, at the higher of Ann's and Dan's rows in round 2 (Ann's, A3; Ben sits above her, at A2)."""
    rounds = (Round(1, (game(1, 1, 2), game(2, 3, 4))), Round(2, (game(1, 2, 1), game(2, 4, 3)), "Round 2"),
              Round(3, (game(1, 2, 3), game(2, 5, 6)), "Round 3"))
    played = event({pid: "A" for pid in range(1, 7)}, *rounds)
    assert str(lost_warning(played, "A", {2: [(1, 4)], 3: [(2, 5)]})) == (
        "Round 2!A3: warning: Pod A's round robin can no longer be completed: Ann and Dan, Ben and Eve never meet, "
        "because rounds 2 (tables 1 and 2) and 3 (tables 1 and 2) were changed by hand and the rounds left cannot "
        "be rearranged to make up for it. If the round has no results yet, `pair --redo` pairs it again as "
        "scheduled; otherwise these games are not played, and opponents' win % counts to the end.")
