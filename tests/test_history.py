"""history.py: who met whom (and when, and how often), who had a bye, who sat at which table and seat: what
pairing needs from past rounds (§5)."""

from __future__ import annotations


from sheetrunner.model.history import compute_history
from sheetrunner.model.event import BYE, Round, Seat, Table


def table(number, *player_ids: int, seats=None) -> Table:
    labels = seats or range(1, len(player_ids) + 1)
    return Table(number, tuple(Seat(pid, label) for pid, label in zip(player_ids, labels)))


def bye(pid: int) -> Table:
    return Table(BYE, (Seat(pid, 0),))


# Four rounds of five players: 1 and 2 meet twice, 5 has three byes and 4 one.
ROUNDS = (
    Round(1, (table(1, 1, 2), table(2, 3, 4), bye(5))),
    Round(2, (table(1, 1, 3), table(2, 2, 5), bye(4))),
    Round(3, (table(1, 1, 2), table(2, 3, 4), bye(5))),
    Round(4, (table(2, 4, 1), table(1, 2, 3), bye(5))),
)


def test_an_empty_event_has_no_history():
    history = compute_history(())
    assert (dict(history.met), dict(history.times), dict(history.byes), history.last_table) == ({}, {}, {}, {})


def test_met_holds_the_last_round_two_players_met_on_both_sides():
    history = compute_history(ROUNDS)
    assert dict(history.met[1]) == {2: 3, 3: 2, 4: 4}
    assert dict(history.met[2]) == {1: 3, 5: 2, 3: 4}
    assert dict(history.met[5]) == {2: 2}


def test_times_counts_every_meeting():
    history = compute_history(ROUNDS)
    assert history.times[1] == {2: 2, 3: 1, 4: 1}
    assert history.times[3][4] == 2
    assert 5 not in history.times[1]


def test_byes_are_counted_and_are_not_meetings():
    history = compute_history(ROUNDS)
    assert dict(history.byes) == {5: 3, 4: 1}
    assert 5 not in history.met[4] and 4 not in history.met[5]


def test_last_table_is_where_each_player_sat_in_the_latest_round():
    history = compute_history(ROUNDS)
    assert history.last_table == {4: 2, 1: 2, 2: 1, 3: 1}  # 5 had the bye: no table to avoid


def test_last_table_forgets_a_player_absent_from_the_latest_round():
    rounds = (Round(1, (table(3, 1, 2), table(4, 3, 4))), Round(2, (table(1, 1, 2),)))
    assert compute_history(rounds).last_table == {1: 1, 2: 1}


def test_every_player_at_a_multiplayer_table_meets_every_other():
    history = compute_history((Round(1, (table(1, 1, 2, 3, 4),)),))
    assert {pid: sorted(history.met[pid]) for pid in (1, 2, 3, 4)} == {1: [2, 3, 4], 2: [1, 3, 4], 3: [1, 2, 4],
                                                                     4: [1, 2, 3]}
    assert history.times[2] == {1: 1, 3: 1, 4: 1}


def test_seats_count_each_seat_or_power_a_player_took():
    rounds = (Round(1, (table(1, 1, 2, seats=("England", "France")),)),
              Round(2, (table(1, 2, 1, seats=("England", "France")),)),
              Round(3, (table(1, 1, 2, seats=("England", "France")),)))
    history = compute_history(rounds)
    assert history.seats[1] == {"England": 2, "France": 1}
    assert history.seats[2] == {"France": 2, "England": 1}


def test_seat_numbers_are_counted_too():
    history = compute_history(ROUNDS)
    assert history.seats[1] == {1: 3, 2: 1}
    assert history.seats[5] == {2: 1}  # a bye's seat is not a seat


def test_a_table_labelled_with_text_gives_no_last_table():
    rounds = (Round(1, (table("A", 1, 2),)),)
    assert compute_history(rounds).last_table == {}
    assert compute_history(rounds).met[1] == {2: 1}


def test_last_table_is_never_an_older_rounds_table():
    rounds = (Round(1, (table(3, 1, 2),)), Round(2, (table("A", 1, 2),)))
    assert 1 not in compute_history(rounds).last_table
