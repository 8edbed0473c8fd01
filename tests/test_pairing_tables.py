"""Mirrors `sheetrunner/pairing/tables.py`: table numbers for paired games, shared by every engine (SPEC §5).

Tables run from the top of the standings; a `Fixed table` is kept (a clash between two fixed players is flagged
with a note); a game does not sit at last round's table again when swapping with a neighbouring table of the same
score group avoids it, and that swap is no compromise (no flag).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from sheetrunner.pairing import Entrant, Pairing
from sheetrunner.pairing.tables import assign_tables


def entrants(*specs) -> dict[int, Entrant]:
    """(id, score, fixed table, last table) per player."""
    return {pid: Entrant(pid, Fraction(score), fixed_table=fixed, last_table=last) for pid, score, fixed, last in specs}


def numbered(games, people) -> tuple[list[tuple[int, tuple[int, ...]]], Pairing]:
    pairing = Pairing([], [])
    tables = assign_tables(games, people, pairing)
    return [(t.number, t.player_ids) for t in tables], pairing


def plain(count: int, score: int = 0) -> dict[int, Entrant]:
    return entrants(*[(pid, score, None, None) for pid in range(1, 2 * count + 1)])


GAMES = [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_tables_run_from_the_top_of_the_standings():
    tables, pairing = numbered(GAMES, plain(4))
    assert tables == [(1, (1, 2)), (2, (3, 4)), (3, (5, 6)), (4, (7, 8))]
    assert pairing.flags == []


def test_a_fixed_table_is_kept_and_the_others_fill_the_free_numbers_in_order():
    people = {**plain(4), 6: Entrant(6, Fraction(0), fixed_table=2)}
    tables, pairing = numbered(GAMES, people)
    assert tables == [(1, (1, 2)), (2, (5, 6)), (3, (3, 4)), (4, (7, 8))]
    assert pairing.flags == []


def test_a_fixed_table_beyond_the_count_leaves_a_gap():
    people = {**plain(3), 1: Entrant(1, Fraction(0), fixed_table=10)}
    tables, _ = numbered(GAMES[:3], people)
    assert tables == [(1, (3, 4)), (2, (5, 6)), (10, (1, 2))]


def test_two_fixed_players_wanting_one_table_the_higher_game_keeps_it_the_other_is_flagged():
    people = {**plain(4), 3: Entrant(3, Fraction(0), fixed_table=1), 8: Entrant(8, Fraction(0), fixed_table=1)}
    tables, pairing = numbered(GAMES, people)
    assert tables == [(1, (3, 4)), (2, (1, 2)), (3, (5, 6)), (4, (7, 8))]
    assert [(f.kind, f.player, f.facts) for f in pairing.flags] == [("fixed_table", 8, (1,))]
    assert pairing.explain({}).notes == {8: ["Could not sit at fixed table 1: it went to another fixed player."]}


def test_two_fixed_players_in_one_game_the_first_listed_keeps_theirs():
    people = {**plain(2), 1: Entrant(1, Fraction(0), fixed_table=5), 2: Entrant(2, Fraction(0), fixed_table=7)}
    tables, pairing = numbered(GAMES[:2], people)
    assert tables == [(1, (3, 4)), (5, (1, 2))]
    assert [(f.player, f.facts) for f in pairing.flags] == [(2, (7,))]


def test_a_game_swaps_with_the_next_table_of_its_score_group_to_avoid_last_round_s_table():
    people = {**plain(4), 1: Entrant(1, Fraction(0), last_table=1)}
    tables, pairing = numbered(GAMES, people)
    assert tables == [(1, (3, 4)), (2, (1, 2)), (3, (5, 6)), (4, (7, 8))]
    assert pairing.flags == []  # no compromise worth a note


def test_the_last_game_swaps_with_the_table_before_it():
    people = {**plain(3), 6: Entrant(6, Fraction(0), last_table=3)}
    tables, _ = numbered(GAMES[:3], people)
    assert tables == [(1, (1, 2)), (2, (5, 6)), (3, (3, 4))]


def test_no_swap_across_score_groups():
    people = entrants((1, 3, None, 1), (2, 3, None, None), (3, 0, None, None), (4, 0, None, None))
    tables, _ = numbered(GAMES[:2], people)
    assert tables == [(1, (1, 2)), (2, (3, 4))]


def test_the_score_group_of_a_game_is_its_highest_score():
    # game 1 (3 v 0) and game 2 (3 v 3) are both in the 3-point group: they may swap
    people = entrants((1, 3, None, 1), (2, 0, None, None), (3, 3, None, None), (4, 3, None, None))
    tables, _ = numbered(GAMES[:2], people)
    assert tables == [(1, (3, 4)), (2, (1, 2))]


def test_no_swap_that_starts_another_repeat():
    people = {**plain(2), 1: Entrant(1, Fraction(0), last_table=1), 3: Entrant(3, Fraction(0), last_table=1)}
    tables, _ = numbered(GAMES[:2], people)
    assert tables == [(1, (1, 2)), (2, (3, 4))]


def test_a_fixed_table_is_never_swapped_away():
    people = {**plain(2), 1: Entrant(1, Fraction(0), fixed_table=1, last_table=1)}
    tables, _ = numbered(GAMES[:2], people)
    assert tables == [(1, (1, 2)), (2, (3, 4))]
    neighbour = {**plain(2), 3: Entrant(3, Fraction(0), last_table=2), 2: Entrant(2, Fraction(0), fixed_table=1)}
    assert numbered(GAMES[:2], neighbour)[0] == [(1, (1, 2)), (2, (3, 4))]


@settings(deadline=None)
@given(st.integers(1, 12), st.data())
def test_numbers_are_distinct_and_every_game_is_kept(count, data):
    games = [(2 * i + 1, 2 * i + 2) for i in range(count)]
    people = {pid: Entrant(pid, Fraction(data.draw(st.integers(0, 3))),
                           fixed_table=data.draw(st.none() | st.integers(1, 15)),
                           last_table=data.draw(st.none() | st.integers(1, 15))) for pid in range(1, 2 * count + 1)}
    tables, pairing = numbered(games, people)
    numbers = [number for number, _ in tables]
    assert numbers == sorted(set(numbers))
    assert sorted(game for _, game in tables) == games
    kept = {pid for number, game in tables for pid in game if people[pid].fixed_table == number}
    flagged = {flag.player for flag in pairing.flags}
    assert {pid for pid in people if people[pid].fixed_table is not None} == kept | flagged
