"""model.py: the plain objects of an event; table labels in natural order, who plays in a round, what a round
holds, and who missed it (§2)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.model.event import (BYE, PENALTY_KINDS, Event, Penalty, Player, Round, Seat, SeatScore, Settings, Table,
                               label_order)


def seat(pid: int, result: str | None = "W", row: int = 0) -> Seat:
    return Seat(pid, 1, {"result": result}, row=row)


def game(number, *seats: Seat) -> Table:
    return Table(number, seats)


def bye(pid: int) -> Table:
    return Table(BYE, (Seat(pid, 0, {"result": None}),))


# --- table labels ----------------------------------------------------------------------------------------------


def test_labels_sort_naturally_numbers_first():
    labels = ["10A", "Table 10", 12, "b", "2A", 3, "A", "Table 2", "1"]
    assert sorted(labels, key=label_order) == [3, 12, "1", "2A", "10A", "A", "b", "Table 2", "Table 10"]


def test_labels_compare_ignoring_case():
    assert label_order("Table A") == label_order("table a")
    assert label_order("2A") < label_order("10A")
    assert label_order("A2") < label_order("A10")


def test_a_number_label_comes_before_the_same_number_typed_as_text():
    assert label_order(10) < label_order("1")
    assert label_order(10) < label_order("10")


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=10**6))
def test_integer_labels_sort_as_integers(first, second):
    assert (label_order(first) < label_order(second)) == (first < second)
    assert (label_order(first) == label_order(second)) == (first == second)


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=10**6),
       st.sampled_from(["", "A", "Table ", "t"]))
def test_a_number_in_text_sorts_by_its_value(first, second, prefix):
    assert (label_order(f"{prefix}{first}") < label_order(f"{prefix}{second}")) == (first < second)


ASCII_LABELS = st.one_of(st.integers(min_value=0, max_value=999),
                         st.text(alphabet="0123456789ABab -", min_size=1, max_size=6))


@settings(deadline=None)
@given(st.lists(ASCII_LABELS, min_size=3, max_size=3))
def test_label_order_is_a_total_order(labels):
    a, b, c = (label_order(label) for label in labels)
    assert (a < b) + (a == b) + (a > b) == 1
    if a <= b and b <= c:
        assert a <= c


def test_a_label_of_digits_that_are_not_decimal_sorts_as_text():
    assert label_order("፩") > label_order(1)
    assert sorted(["B", "፩", "A"], key=label_order) == ["A", "B", "፩"]


# --- players ---------------------------------------------------------------------------------------------------


def test_a_player_plays_from_the_round_they_join_to_the_round_they_drop_after():
    late = Player(1, "Ann", joined_in=3)
    assert [late.plays_in(n) for n in (1, 2, 3, 4)] == [False, False, True, True]
    dropped = Player(2, "Ben", dropped_after=2)
    assert [dropped.plays_in(n) for n in (1, 2, 3)] == [True, True, False]
    dropped_before_start = Player(3, "Cat", dropped_after=0)
    assert not dropped_before_start.plays_in(1)


def test_players_compare_without_their_extra_columns():
    assert Player(1, "Ann", extra={"Deck": "Red"}) == Player(1, "Ann", extra={"Deck": "Blue"})
    assert Player(1, "Ann") != Player(1, "Ann", team="Red")


# --- seats, tables, rounds -------------------------------------------------------------------------------------


def test_a_seat_has_a_result_when_any_result_cell_is_filled():
    assert Seat(1, 1, {"op": 0, "sp": None}).has_result
    assert not Seat(1, 1, {"op": None, "sp": None}).has_result
    assert not Seat(1, 1).has_result


def test_a_table_knows_its_players_and_their_opponents():
    table = game(4, seat(1), seat(2), seat(3))
    assert table.player_ids == (1, 2, 3)
    assert table.opponents_of(2) == (1, 3)
    assert not table.is_bye
    assert bye(9).is_bye


@given(st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=4), st.integers(min_value=0, max_value=5))
def test_everyone_else_at_the_table_is_an_opponent_the_two_player_shortcut_included(ids, player_id):
    table = game(1, *(seat(pid) for pid in ids))
    assert table.opponents_of(player_id) == tuple(pid for pid in ids if pid != player_id)


def test_what_a_table_or_a_round_works_out_once_is_kept_and_changes_nothing_it_is_compared_by():
    """`kept_property`: the players of a table, a round's games and byes are worked out when first read and kept
    in the object (the seats and tables of these frozen objects never change)."""
    table = game(4, seat(1), seat(2))
    assert table.player_ids is table.player_ids and table.player_ids == (1, 2)
    assert table == game(4, seat(1), seat(2)) and hash(table) == hash(game(4, seat(1), seat(2)))
    round_ = Round(2, (table, bye(3)))
    assert round_.games is round_.games and round_.byes == (3,)
    assert Table.player_ids.__doc__ and round_ == Round(2, (game(4, seat(1), seat(2)), bye(3)))


def test_a_round_separates_games_from_byes():
    round_ = Round(2, (game(1, seat(1), seat(2, "L")), bye(3), game(2, seat(4), seat(5, "L"))), "Round 2")
    assert [t.number for t in round_.games] == [1, 2]
    assert round_.byes == (3,)
    assert round_.player_ids == (1, 2, 3, 4, 5)
    assert round_.table_of(4).number == 2
    assert round_.table_of(3).is_bye
    assert round_.table_of(99) is None


def test_a_round_is_complete_when_every_seat_of_every_game_has_a_result():
    done = Round(1, (game(1, seat(1), seat(2, "L")), bye(3)))
    assert done.is_complete and done.has_any_result  # a bye needs no result
    half = Round(1, (game(1, seat(1), seat(2, "L")), game(2, seat(3, None), seat(4, None))))
    assert not half.is_complete and half.has_any_result
    empty = Round(1, (game(1, seat(1, None), seat(2, None)),))
    assert not empty.is_complete and not empty.has_any_result


# --- the event -------------------------------------------------------------------------------------------------


SETTINGS = Settings("swiss", 3, 7)


def test_the_event_is_finished_when_the_last_scheduled_round_has_every_result():
    players = (Player(1, "Ann"), Player(2, "Ben"))
    played = Round(3, (game(1, seat(1), seat(2, "L")),))
    unplayed = Round(3, (game(1, seat(1, None), seat(2, None)),))
    assert Event(SETTINGS, players, (Round(1, ()), Round(2, ()), played)).is_finished
    assert not Event(SETTINGS, players, (Round(1, ()), Round(2, ()), unplayed)).is_finished
    assert not Event(SETTINGS, players, (Round(1, (game(1, seat(1), seat(2, "L")),)),)).is_finished
    assert not Event(SETTINGS, players).is_finished
    assert Event(SETTINGS, players).last_round is None


def test_missed_lists_late_entries_not_seated_and_those_the_round_records():
    players = (Player(1, "Ann"), Player(2, "Ben"), Player(3, "Cat", joined_in=3), Player(4, "Dan"),
               Player(5, "Eve", joined_in=2))
    round_1 = Round(1, (game(1, seat(1), seat(2, "L")),), missed=(4,))
    event = Event(SETTINGS, players, (round_1,))
    assert event.missed(round_1) == [3, 4, 5]
    seated_early = Round(1, (game(1, seat(1), seat(3, "L")),))  # the TO seated a late entry by hand
    assert event.missed(seated_early) == [5]


def test_playing_in_and_player_lookup():
    players = (Player(1, "Ann"), Player(2, "Ben", dropped_after=1), Player(3, "Cat", joined_in=2))
    event = Event(SETTINGS, players)
    assert [p.id for p in event.playing_in(1)] == [1, 2]
    assert [p.id for p in event.playing_in(2)] == [1, 3]
    assert event.player(3).name == "Cat"


def test_with_rounds_and_with_playoff_keep_everything_else():
    penalty = Penalty(1, 1, "warning")
    event = Event(SETTINGS, (Player(1, "Ann"),), (), (Round(4, ()),), (penalty,))
    later = event.with_rounds((Round(1, ()),))
    assert (later.rounds, later.playoff, later.penalties) == ((Round(1, ()),), (Round(4, ()),), (penalty,))
    cut = event.with_playoff(())
    assert (cut.playoff, cut.penalties) == ((), (penalty,))


def test_penalty_kinds_and_defaults():
    assert PENALTY_KINDS == ("warning", "game loss", "match loss", "disqualification", "point deduction")
    assert Penalty(2, 5, "warning").points == F(0)


def test_settings_option_is_read_by_key_else_its_declared_default():
    """A setting the event leaves out (an event built in code) is the default its declaration states, in one
    place; a key nothing declares is a mistake, a KeyError."""
    settings_ = Settings("swiss", 3, 7, options={"points_win": 5, "points_draw": None})
    assert settings_.option("points_win") == 5
    assert settings_.option("points_draw") == 1 and settings_.option("round_minutes") == 50
    with pytest.raises(KeyError):
        settings_.option("no_such_setting")


def test_a_seat_score_is_a_bye_by_its_outcome():
    assert SeatScore(1, 1, (), {"mp": F(3)}, "bye").is_bye
    assert not SeatScore(1, 1, (2,), {"mp": F(3)}, "win").is_bye
