"""Mirrors `sheetrunner/rulesets/diplomacy_scoring.py`: the board model, its shared helpers, and the centre- and
rank-based systems. The published worked boards are in tests/test_diplomacy.py and tests/test_diplomacy_systems.py;
this file pins the helpers (survival bonus, survivors, shared rank points, lead over the next power) and, as
properties over every drawn board, the totals the docstrings state (C-Diplo 80 hands out 80 like a solo, Carnage
28034, centre-count Carnage 45028, NDC survivors share exactly 100)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings, strategies as st

from sheetrunner.rulesets.diplomacy_scoring import (PowerResult, c_diplo_80, c_diplo_100, carnage, carnage_2023,
                                                    carnage_centre_count, carnage_dead_equal, lead_over_next, ndc_1995,
                                                    shared_rank_points, solo_winner, sum_of_squares, survival_bonus,
                                                    survivors, winner_takes)

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def board(centres: dict, eliminated: dict = (), solo: str = "") -> list[PowerResult]:
    """Powers by initial (player ids 1 to 7): centres of survivors, elimination years of the rest."""
    eliminated = dict(eliminated)
    return [PowerResult(i, power, centres.get(power[0], 0), eliminated.get(power[0]), power[0] == solo)
            for i, power in enumerate(POWERS, start=1)]


@pytest.mark.parametrize("eliminated, end_year, bonus", [
    (None, 1910, F(1)),  # alive through 1910: ten complete years
    (None, 1901, F(1, 10)),
    (None, 1900, F(0)),
    (None, 1899, F(0)),  # never below nothing
    (1905, 1910, F(2, 5)),  # eliminated in 1905: 1901-1904 complete
    (1902, 1910, F(1, 10)),
    (1901, 1910, F(0)),
])
def test_survival_bonus_is_a_tenth_per_complete_game_year(eliminated, end_year, bonus):
    assert survival_bonus(PowerResult(1, "Austria", 0 if eliminated else 5, eliminated), end_year) == bonus


def test_survivors_and_the_solo_winner():
    powers = board({"A": 18, "E": 10, "F": 6}, {"G": 1903, "I": 1904, "R": 1905, "T": 1906}, solo="A")
    assert [r.power for r in survivors(powers)] == ["Austria", "England", "France"]
    assert solo_winner(powers).power == "Austria"
    assert solo_winner(board({"A": 17, "E": 17})) is None


def test_winner_takes_points_and_the_rest_theirs():
    powers = board({"A": 18, "E": 16})
    assert winner_takes(powers, powers[0], F(80), F(1)) == {1: 80, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}


def test_tied_powers_share_the_points_of_the_ranks_they_occupy_beyond_the_list_is_0():
    powers = board({"A": 9, "E": 9, "F": 9, "G": 7})
    points = shared_rank_points(powers, [10, 5, 1], key=lambda r: (r.centres,))
    assert points == {1: F(16, 3), 2: F(16, 3), 3: F(16, 3), 4: 0, 5: 0, 6: 0, 7: 0}
    four = shared_rank_points(board({"A": 5, "E": 5, "F": 5, "G": 5}), [10, 5, 1], key=lambda r: (r.centres,))
    assert four[1] == F(16, 4) and four[5] == 0


@pytest.mark.parametrize("centres, lead", [({"A": 10, "E": 7}, 3), ({"A": 10, "E": 10, "F": 2}, 0), ({"A": 12}, 12),
                                           ({}, 0)])
def test_lead_over_the_next_power(centres, lead):
    eliminated = {p[0]: 1905 for p in POWERS if p[0] not in centres}
    assert lead_over_next(board(centres, eliminated)) == lead


def test_ndc_a_survivor_with_no_centre_keeps_only_the_survival_bonus():
    points = ndc_1995(board({"A": 9, "E": 9, "F": 0}, {"G": 1903, "I": 1904, "R": 1905, "T": 1906}), 1906)
    assert points == {1: 50 + F(6, 10), 2: 50 + F(6, 10), 3: F(6, 10), 4: F(2, 10), 5: F(3, 10), 6: F(4, 10),
                      7: F(5, 10)}


def test_sum_of_squares_of_an_empty_board_is_0_not_a_division_by_zero():
    assert sum_of_squares(board({}), 1910) == {pid: 0 for pid in range(1, 8)}


def test_c_diplo_ranks_only_survivors_with_centres():
    # France survives with no centre: 1 for taking part and no rank points; Germany, eliminated, 1.
    points = c_diplo_100(board({"A": 10, "E": 8, "F": 0}, {"G": 1905, "I": 1905, "R": 1906, "T": 1907}), 1910)
    assert points == {1: 1 + 10 + 38, 2: 1 + 8 + 14, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}


def test_carnage_a_survivor_with_no_centre_ranks_above_every_eliminated_power():
    points = carnage(board({"A": 17, "E": 17, "F": 0}, {"G": 1905, "I": 1906, "R": 1907, "T": 1908}), 1910)
    assert points[3] == 5000 and points[7] == 4000 and points[4] == 1000


def test_carnage_2023_a_lone_survivor_leads_by_all_its_centres():
    points = carnage_2023(board({"A": 17}, {p[0]: 1901 + i for i, p in enumerate(POWERS[1:])}), 1910)
    assert points[1] == 7000 + 17 + 300 * 17


def test_carnage_dead_equal_solo_takes_everything():
    assert carnage_dead_equal(board({"A": 18, "E": 16}, solo="A"), 1910)[1] == 28034


@st.composite
def drawn_boards(draw) -> list[PowerResult]:
    """A board of 7 with no solo: 34 centres among 2 to 7 survivors (each under 18, some maybe none), the rest
    eliminated. The centres start evenly split, then move one at a time."""
    count = draw(st.integers(2, 7))
    centres = [34 // count + (i < 34 % count) for i in range(count)]
    for source, target in draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)),
                                        max_size=60)):
        if centres[source] > 0 and centres[target] < 17:
            centres[source] -= 1
            centres[target] += 1
    alive = draw(st.permutations(range(7)))[:count]
    years = draw(st.lists(st.integers(1901, 1910), min_size=7, max_size=7))
    given_centres = dict(zip(alive, centres))
    return [PowerResult(i + 1, POWERS[i], given_centres.get(i, 0), None if i in given_centres else years[i])
            for i in range(7)]


@settings(deadline=None)
@given(drawn_boards())
def test_carnage_hands_out_28034_like_a_solo_and_centre_count_carnage_45028(powers):
    assert sum(carnage(powers, 1910).values()) == 28034
    assert sum(carnage_dead_equal(powers, 1910).values()) == 28034
    assert sum(carnage_centre_count(powers, 1910).values()) == 45028


@settings(deadline=None)
@given(drawn_boards())
def test_c_diplo_80_and_100_hand_out_80_and_100_when_three_survivors_hold_centres(powers):
    if sum(1 for r in powers if not r.eliminated and r.centres > 0) >= 3:
        assert sum(c_diplo_80(powers, 1910).values()) == 80
        assert sum(c_diplo_100(powers, 1910).values()) == 100


@settings(deadline=None)
@given(drawn_boards(), st.integers(1901, 1920))
def test_ndc_survivors_share_exactly_100_on_top_of_the_survival_bonus(powers, end_year):
    points = ndc_1995(powers, end_year)
    bonus = {r.player_id: F(max((r.eliminated - 1901) if r.eliminated else (end_year - 1900), 0), 10) for r in powers}
    assert sum(points[pid] - bonus[pid] for pid in points) == 100
    assert all(points[r.player_id] == bonus[r.player_id] for r in powers if r.eliminated)
    shares = {r.player_id: points[r.player_id] - bonus[r.player_id] for r in powers if r.centres}
    prospects = {r.player_id: F(r.centres, 18 - r.centres) for r in powers if r.centres}
    assert len({shares[pid] / prospects[pid] for pid in shares}) == 1  # in proportion to the prospects
