"""standings.py: scored rounds plus an ordered list of tiebreakers give a ranked table (§4). Each tiebreaker
splits only the groups still tied after the ones before it; a tie that survives them all shares the rank
(`=3`)."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.model.event import Event, Player, SeatScore, Settings
from sheetrunner.scoring.standings import StandingsRow, compute_standings, with_shown_columns
from sheetrunner.scoring.tiebreakers import DEDUCTED, PENALTY_COLUMN


def event(*players: Player, **options) -> Event:
    return Event(Settings("swiss", 3, 11, options=options), players)


def roster(count: int) -> tuple[Player, ...]:
    return tuple(Player(pid, f"P{pid}") for pid in range(1, count + 1))


def points(totals: dict[int, int]) -> list[SeatScore]:
    """One round in which each player scored `totals[pid]` match points (no opponents)."""
    return [SeatScore(1, pid, (), {"mp": F(mp)}, "win") for pid, mp in totals.items()]


def match(round_: int, winner: int, loser: int) -> list[SeatScore]:
    return [SeatScore(round_, winner, (loser,), {"mp": F(3)}, "win"),
            SeatScore(round_, loser, (winner,), {"mp": F(0)}, "loss")]


def ranks(standings) -> list[tuple[int, str]]:
    return [(row.player.id, row.rank_label) for row in standings.rows]


def test_a_full_tie_shares_the_rank_and_the_next_rank_is_skipped():
    standings = compute_standings(event(*roster(5)), points({1: 9, 2: 6, 3: 3, 4: 3, 5: 0}), ("match_points",), 1)
    assert ranks(standings) == [(1, "1"), (2, "2"), (3, "=3"), (4, "=3"), (5, "5")]
    assert [row.shared for row in standings.rows] == [False, False, True, True, False]
    assert [row.values["match_points"] for row in standings.rows] == [9, 6, 3, 3, 0]


def test_players_sharing_a_rank_are_listed_by_id():
    standings = compute_standings(event(*roster(4)), points({4: 3, 2: 3, 3: 3, 1: 0}), ("match_points",), 1)
    assert standings.order == [2, 3, 4, 1]
    assert ranks(standings)[:3] == [(2, "=1"), (3, "=1"), (4, "=1")]


# Two rounds, six players: 1 has 6 points, 2-5 have 3, 6 has none.
#   R1: 1 beats 2, 3 beats 4, 5 beats 6.    R2: 1 beats 3, 2 beats 5, 4 beats 6.
#   Opponents' match points: 1: 3+3 = 6; 2: 6+3 = 9; 3: 3+6 = 9; 4: 3+0 = 3; 5: 0+3 = 3; 6: 3+3 = 6.
TWO_ROUNDS = match(1, 1, 2) + match(1, 3, 4) + match(1, 5, 6) + match(2, 1, 3) + match(2, 2, 5) + match(2, 4, 6)


def test_a_later_tiebreaker_never_reorders_players_an_earlier_one_separated():
    standings = compute_standings(event(*roster(6)), TWO_ROUNDS, ("match_points", "opponents_match_points"), 2)
    assert ranks(standings) == [(1, "1"), (2, "=2"), (3, "=2"), (4, "=4"), (5, "=4"), (6, "6")]
    assert standings.row_of(1).values == {"match_points": 6, "opponents_match_points": 6}
    assert standings.row_of(2).values == {"match_points": 3, "opponents_match_points": 9}
    assert standings.row_of(6).values == {"match_points": 0, "opponents_match_points": 6}


def test_standings_know_their_columns_and_round():
    standings = compute_standings(event(*roster(6)), TWO_ROUNDS, ("match_points", "opponents_match_points"), 2)
    assert standings.after_round == 2
    assert [tb.key for tb in standings.columns] == ["match_points", "opponents_match_points"]
    assert standings.extras == ()


# Three rounds, every pair of four players meets once:
#   R1: 2 beats 1, 4 beats 3.    R2: 1 beats 3, 2 beats 4.    R3: 1 beats 4, 3 beats 2.
# 1 and 2 have 6 points, 3 and 4 have 3; inside each pair the one who won their game is ahead.
ROUND_ROBIN = match(1, 2, 1) + match(1, 4, 3) + match(2, 1, 3) + match(2, 2, 4) + match(3, 1, 4) + match(3, 3, 2)


def test_head_to_head_sees_exactly_the_players_still_tied():
    standings = compute_standings(event(*roster(4)), ROUND_ROBIN, ("match_points", "head_to_head"), 3)
    assert ranks(standings) == [(2, "1"), (1, "2"), (4, "3"), (3, "4")]
    assert {row.player.id: row.values["head_to_head"] for row in standings.rows} == {2: 3, 1: 0, 4: 3, 3: 0}


def test_head_to_head_leaves_a_tie_it_cannot_order_whole():
    # Without match points first all four are one group: every pair met, but 1 and 2 both score 6 inside it
    # (and 3 and 4 both 3), so head-to-head orders nobody.
    standings = compute_standings(event(*roster(4)), ROUND_ROBIN, ("head_to_head",), 3)
    assert ranks(standings) == [(1, "=1"), (2, "=1"), (3, "=1"), (4, "=1")]


def test_a_lower_is_better_column_ranks_the_lowest_first():
    standings = compute_standings(event(*roster(3)), points({1: 0, 2: 0, 3: 0}), ("card",), 1,
                                  {"cards": {1: 5, 2: 2, 3: 9}})
    assert standings.order == [2, 1, 3]
    assert [row.values["card"] for row in standings.rows] == [2, 5, 9]


def test_the_seeded_draw_leaves_no_tie():
    standings = compute_standings(event(*roster(6)), points({pid: 3 for pid in range(1, 7)}),
                                  ("match_points", "random"), 1)
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4, 5, 6]
    assert not any(row.shared for row in standings.rows)
    again = compute_standings(event(*roster(6)), points({pid: 3 for pid in range(1, 7)}),
                              ("match_points", "random"), 1)
    assert again.order == standings.order


def test_only_the_players_asked_for_are_ranked_but_tiebreakers_read_everyone():
    players = roster(6)
    standings = compute_standings(event(*players), TWO_ROUNDS, ("match_points", "opponents_match_points"), 2,
                                  players=players[3:])
    assert ranks(standings) == [(4, "=1"), (5, "=1"), (6, "3")]
    assert standings.row_of(6).values["opponents_match_points"] == 6  # 5 and 4, not in this group, count


def test_dropped_and_disqualified_players_are_marked_from_the_round_they_left():
    players = (Player(1, "Ann"), Player(2, "Ben", dropped_after=1), Player(3, "Cat", dropped_after=2),
               Player(4, "Dan", dropped_after=1, disqualified_in=1))
    standings = compute_standings(event(*players), points({1: 3, 2: 3, 3: 3, 4: 3}), ("match_points",), 1)
    assert [(row.player.id, row.dropped, row.status) for row in standings.rows] == [
        (1, False, ""), (2, True, "dropped"), (3, False, ""), (4, True, "disqualified")]


def test_rank_label():
    player = Player(1, "Ann")
    assert StandingsRow(3, True, player, {}).rank_label == "=3"
    assert StandingsRow(3, False, player, {}).rank_label == "3"


def test_an_added_soft_score_raises_the_main_score():
    players = (Player(1, "Ann", extra={"soft_scores": {"soft_painting": F(2)}}), Player(2, "Ben"))
    standings = compute_standings(event(*players, soft_scores="Painting (add)"), points({1: 3, 2: 4}),
                                  ("match_points",), 1, main_score="match_points")
    assert [(row.player.id, row.values["match_points"]) for row in standings.rows] == [(1, 5), (2, 4)]


def test_a_soft_score_tiebreaker_splits_a_tie():
    players = (Player(1, "Ann"), Player(2, "Ben", extra={"soft_scores": {"soft_painting": F(7)}}))
    standings = compute_standings(event(*players, soft_scores="Painting (tiebreaker)"), points({1: 3, 2: 3}),
                                  ("match_points", "soft_painting"), 1)
    assert ranks(standings) == [(2, "1"), (1, "2")]
    assert standings.row_of(1).values["soft_painting"] == 0  # a blank soft score is 0


def test_points_deducted_are_shown_beside_the_ranking_once_anyone_has_them():
    scores = points({1: 3, 2: 3}) + [SeatScore(2, 1, (), {"mp": F(0), DEDUCTED: F(1)}, "loss"),
                                     SeatScore(2, 2, (), {"mp": F(0)}, "loss"),
                                     SeatScore(3, 1, (), {"mp": F(0), DEDUCTED: F(2)}, "loss")]
    plain = compute_standings(event(*roster(2)), scores, ("match_points",), 3)
    shown = with_shown_columns(plain, event(*roster(2)), scores)
    assert shown.extras == (PENALTY_COLUMN,)
    assert {row.player.id: row.values[DEDUCTED] for row in shown.rows} == {1: 3, 2: 0}
    assert shown.order == plain.order  # shown, not ranked by


def test_nothing_to_show_leaves_the_standings_as_they_are():
    plain = compute_standings(event(*roster(2)), points({1: 3, 2: 0}), ("match_points",), 1)
    assert with_shown_columns(plain, event(*roster(2)), points({1: 3, 2: 0})) is plain


@settings(deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=12))
def test_ranks_are_one_plus_those_strictly_ahead_and_shared_with_equals(scored):
    totals = {pid: mp for pid, mp in enumerate(scored, start=1)}
    standings = compute_standings(event(*roster(len(scored))), points(totals), ("match_points",), 1)
    for row in standings.rows:
        mine = totals[row.player.id]
        assert row.rank == 1 + sum(1 for other in totals.values() if other > mine)
        assert row.shared == (sum(1 for other in totals.values() if other == mine) > 1)
    assert sorted(standings.order) == sorted(totals)
