"""Mirrors `sheetrunner/pairing/round_robin.py`: round-robin schedules by the circle method (SPEC §5.3).

The first player stays put while the others turn; an odd count adds an empty place whose partner has the bye
(listed last in its round); everyone meets everyone exactly once, and in an odd pod everyone has one bye. A played
round uses up its meetings (a TO's bye, a late entry's or a drop's scheduled game included), and the rounds left
are rearranged so the remaining meetings each happen once (tests/test_pod_round_robin.py checks sizes 2 to 12).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import assume, given, settings, strategies as st

from sheetrunner.pairing.round_robin import Meeting, circle_schedule, complete_schedule, meetings_of, used_in_round


def test_four_players_the_first_stays_put_and_the_others_turn():
    assert circle_schedule([1, 2, 3, 4]) == [[(1, 4), (2, 3)], [(1, 3), (4, 2)], [(1, 2), (3, 4)]]


def test_three_players_each_has_one_bye_listed_last():
    assert circle_schedule([1, 2, 3]) == [[(2, 3), (1, None)], [(1, 3), (2, None)], [(1, 2), (3, None)]]


def test_the_order_given_is_the_circle():
    assert circle_schedule([30, 10, 20]) == [[(10, 20), (30, None)], [(30, 20), (10, None)], [(30, 10), (20, None)]]


def test_one_player_only_ever_has_the_bye_and_none_has_no_rounds():
    assert circle_schedule([7]) == [[(7, None)]]
    assert circle_schedule([]) == []


@settings(deadline=None)
@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=16, unique=True))
def test_everyone_meets_everyone_exactly_once_and_nobody_twice_in_a_round(players):
    schedule = circle_schedule(players)
    odd = len(players) % 2 == 1
    assert len(schedule) == (len(players) if odd else len(players) - 1)
    for round_ in schedule:
        seated = [pid for pair in round_ for pid in pair if pid is not None]
        assert sorted(seated) == sorted(players)
        assert all(pair[0] is not None for pair in round_)
        assert [pair[1] is None for pair in round_] == sorted(pair[1] is None for pair in round_)  # bye last
    games = Counter(frozenset(pair) for round_ in schedule for pair in round_ if pair[1] is not None)
    assert set(games) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(games.values()) == {1}
    byes = Counter(pair[0] for round_ in schedule for pair in round_ if pair[1] is None)
    assert byes == (Counter(players) if odd else Counter())


def test_meetings_of_counts_a_bye_as_a_meeting_with_the_empty_place():
    assert meetings_of(circle_schedule([1, 2, 3])[:2]) == {Meeting((2, 3)), Meeting((1, None)), Meeting((1, 3)),
                                                         Meeting((2, None))}


def test_a_round_played_as_scheduled_uses_its_games():
    scheduled = [(1, 4), (2, 3)]
    assert used_in_round(scheduled, {Meeting((1, 4)), Meeting((2, 3))}, {1, 2, 3, 4}) == {Meeting((1, 4)),
                                                                                         Meeting((2, 3))}


def test_a_round_rearranged_by_hand_uses_the_games_played_instead():
    used = used_in_round([(1, 4), (2, 3)], {Meeting((1, 2)), Meeting((3, 4))}, {1, 2, 3, 4})
    assert used == {Meeting((1, 2)), Meeting((3, 4))}


def test_a_game_outside_the_circle_uses_nothing():
    assert used_in_round([(1, 4), (2, 3)], {Meeting((1, 4)), Meeting((2, 9))}, {1, 2, 3, 4, 9}) == {Meeting((1, 4))}


def test_the_scheduled_bye_is_used_when_its_player_had_it():
    used = used_in_round([(2, 3), (1, None)], {Meeting((2, 3))}, {1, 2, 3})
    assert used == {Meeting((2, 3)), Meeting((1, None))}


def test_a_bye_the_to_gave_another_player_uses_that_player_s_meeting_with_the_empty_place():
    used = used_in_round([(2, 3), (1, None)], {Meeting((1, 2))}, {1, 2, 3})
    assert used == {Meeting((1, 2)), Meeting((3, None))}


def test_a_scheduled_game_with_a_player_not_seated_is_used_up():
    # 4 is a late entry (not seated): their game with 3 cannot be played, and counts as met
    assert used_in_round([(1, 2), (3, 4)], {Meeting((1, 2))}, {1, 2, 3}) == {Meeting((1, 2)), Meeting((3, 4))}


def test_a_scheduled_game_both_players_sat_for_but_did_not_play_is_not_used():
    assert used_in_round([(1, 2), (3, 4)], {Meeting((1, 2))}, {1, 2, 3, 4}) == {Meeting((1, 2))}


def by_meetings(rounds) -> list[set]:
    return [{Meeting(pair) for pair in round_} for round_ in rounds]


def test_the_rounds_left_keep_the_schedule_when_nothing_changed():
    schedule = circle_schedule([1, 2, 3, 4])
    assert by_meetings(complete_schedule(schedule, meetings_of(schedule[1:]), 2)) == by_meetings(schedule[1:])


def test_a_hand_edited_first_round_is_made_up_by_the_rounds_left():
    schedule = circle_schedule([1, 2, 3, 4])  # round 1 was 1-4, 2-3; the TO paired 1-3, 2-4
    remaining = meetings_of(schedule) - {Meeting((1, 3)), Meeting((2, 4))}
    rounds = complete_schedule(schedule, remaining, 2)
    assert by_meetings(rounds) == [{Meeting((1, 4)), Meeting((2, 3))}, {Meeting((1, 2)), Meeting((3, 4))}]


def test_no_arrangement_when_a_place_has_more_meetings_left_than_rounds():
    schedule = circle_schedule([1, 2, 3, 4])
    assert complete_schedule(schedule, meetings_of(schedule), 2) is None  # three meetings each, two rounds
    assert complete_schedule(schedule, set(), 4) is None  # no round left


@settings(deadline=None, max_examples=40)
@given(st.sampled_from([4, 5, 6, 7, 8]), st.integers(1, 3), st.randoms(use_true_random=False))
def test_a_round_shuffled_by_hand_leaves_rounds_that_meet_everyone_left_once(size, start, rng):
    """Round `start` is replaced by another round of the remaining meetings; the rest then cover the others."""
    schedule = circle_schedule(list(range(1, size + 1)))
    assume(start < len(schedule))  # a round left to make up for it
    played = meetings_of(schedule[:start - 1])
    later = list(range(start - 1, len(schedule)))
    swapped = rng.choice(later)  # the TO played a later round's pairs now
    remaining = meetings_of(schedule) - played - by_meetings([schedule[swapped]])[0]
    rounds = complete_schedule(schedule, remaining, start + 1)
    assert rounds is not None and len(rounds) == len(schedule) - start
    assert Counter(m for round_ in by_meetings(rounds) for m in round_) == Counter(remaining)
    for round_ in rounds:
        places = [place for pair in round_ for place in pair]
        assert len(places) == len(set(places)) == len(schedule[0]) * 2
