"""The Swiss engine's named rules (`pairing/swiss_rules.py`, SPEC §5.1, sources 003 and 004), one at a time.

Each test gives a rule's value on hand-made numbers, then a tiny field where that rule alone decides: the
pairing the levels before it leave open and the levels after it would choose differently. Expected costs are
worked out by hand in the comments; a cost (`SwissField.vector`, over node numbers: standings positions from 0,
the bye node last) reads (hard rules, team clash, bye order, score differences from the largest down, rematches
when allowed, standings order).
"""

from __future__ import annotations

from fractions import Fraction

from sheetrunner.pairing import Entrant, PairingRequest
from sheetrunner.pairing.swiss import SwissField, pair_swiss
from sheetrunner.pairing.swiss_rules import (bye_order, rematch, score_difference, second_bye, standings_order,
                                             team_clash)


def entrant(pid, score=0, team="", met=None, had_bye=False, fixed_table=None):
    return Entrant(pid, Fraction(score), team, fixed_table, had_bye, None, dict(met or {}))


def request(round_number, *entrants, allow_rematches=False):
    return PairingRequest(round_number, tuple(entrants), allow_rematches=allow_rematches)


def tables(pairing):
    return [tuple(t.player_ids) for t in pairing.tables]


def test_rematch():
    """Four players on 3 points; Ann (1) and Ben (2) met in round 1. Standings order alone would pair them again."""
    # Round 2, 2 pairs: a span is (2 + 1) * (2 + 1) = 9; a rematch last met in round 1 weighs 2 * 9 + 1 = 19.
    assert (rematch(1, 2, 2), rematch(0, 2, 2)) == (19, 0)
    # Round 5, 4 pairs (span 5 * 6 = 30): more recent, heavier: 60 + 3 and 60 + 1.
    assert (rematch(3, 5, 4), rematch(1, 5, 4)) == (63, 61)
    field = request(2, entrant(1, 3, met={2: 1}), entrant(2, 3, met={1: 1}), entrant(3, 3), entrant(4, 3))
    # 1 v 2, 3 v 4: hard 19, standings order 1 + 1; 1 v 3, 2 v 4: nothing on the hard level, order 2 + 2.
    assert SwissField(field).vector([(0, 1), (2, 3)]) == (19, 0, 0, (0, 0), 0, 2)
    assert tables(pair_swiss(field)) == [(1, 3), (2, 4)]
    assert SwissField(field).vector([(0, 2), (1, 3)]) == (0, 0, 0, (0, 0), 0, 4)


def test_rematch_when_allowed_still_comes_before_standings_order():
    field = request(2, entrant(1, 3, met={2: 1}), entrant(2, 3, met={1: 1}), entrant(3, 3), entrant(4, 3),
                    allow_rematches=True)
    # The rematch's 19 moves to level 5, still above standings order (2 against 4).
    assert SwissField(field).vector([(0, 1), (2, 3)]) == (0, 0, 0, (0, 0), 19, 2)
    assert tables(pair_swiss(field)) == [(1, 3), (2, 4)]


def test_the_oldest_rematch_when_one_is_forced():
    """Round 4, four players on 3 points: Ann (1) has met Ben (2) in round 3, Cy (3) in round 1 and Dov (4) in
    round 2, so every pairing holds exactly one rematch; the oldest is made, against standings order."""
    field = request(4, entrant(1, 3, met={2: 3, 3: 1, 4: 2}), entrant(2, 3, met={1: 3}), entrant(3, 3, met={1: 1}),
                    entrant(4, 3, met={1: 2}))
    vectors = SwissField(field).vector
    # A span in round 4 with 2 pairs is 3 * 5 = 15; each pairing holds one rematch, 30 plus the round last met.
    assert vectors([(0, 1), (2, 3)]) == (33, 0, 0, (0, 0), 0, 2)
    assert vectors([(0, 3), (1, 2)]) == (32, 0, 0, (0, 0), 0, 4)
    assert vectors([(0, 2), (1, 3)]) == (31, 0, 0, (0, 0), 0, 4)
    pairing = pair_swiss(field)
    assert tables(pairing) == [(1, 3), (2, 4)]
    assert pairing.notes[1] == ["Rematch (last met in round 1): no pairing avoids it."]


def test_second_bye():
    """Round 3, three players: Ben (2) and Cy (3) have had a bye. Ann (1) takes it; any other gives a second bye.
    Both choices float 3 points over one place in the standings: only the rule decides."""
    # Round 3, 2 pairs (three players and the bye): one span, 3 * 4 = 12; a rematch weighs two and more.
    assert (second_bye(True, 3, 2), second_bye(False, 3, 2)) == (12, 0)
    field = request(3, entrant(1, 6), entrant(2, 3, had_bye=True), entrant(3, 0, had_bye=True))
    # Node 3 is the bye. Ann's bye: 2 v 3 floats 3, order 1. Cy's bye: a second bye (12), 1 v 2 floats 3, order 1.
    assert SwissField(field).vector([(0, 3), (1, 2)]) == (0, 0, 0, (3, 0), 0, 1)
    assert SwissField(field).vector([(2, 3), (0, 1)]) == (12, 0, 0, (3, 0), 0, 1)
    assert pair_swiss(field).byes == [1]


def test_team_clash_and_different_fixed_tables():
    # Teams ("": none): one team; two teams; nobody's. Fixed tables (0: none): 1 and 2 cannot share a table.
    assert [team_clash(first, second, 0, 0) for first, second in (("Red", "Red"), ("Red", "Blue"), ("", ""))] == [
        1, 0, 0]
    assert [team_clash("", "", first, second) for first, second in ((1, 2), (1, 1), (1, 0))] == [1, 0, 0]
    assert team_clash("Red", "Red", 1, 2) == 2  # both
    field = request(2, entrant(1, 3, "Red"), entrant(2, 3, "Red"), entrant(3, 3), entrant(4, 3))
    assert SwissField(field).vector([(0, 1), (2, 3)]) == (0, 1, 0, (0, 0), 0, 2)
    assert tables(pair_swiss(field)) == [(1, 3), (2, 4)]
    fixed = request(2, entrant(1, 3, fixed_table=1), entrant(2, 3, fixed_table=2), entrant(3, 3), entrant(4, 3))
    assert SwissField(fixed).vector([(0, 1), (2, 3)]) == (0, 1, 0, (0, 0), 0, 2)
    assert sorted(tables(pair_swiss(fixed))) == [(1, 3), (2, 4)]


def test_team_clash_comes_before_bye_order():
    """Three players, no byes yet; Ann (1) and Ben (2) play for Red. The bye to Cy (3), the lowest-ranked, would
    pair the team mates; keeping them apart moves the bye up to Ben."""
    field = request(2, entrant(1, 3, "Red"), entrant(2, 3, "Red"), entrant(3, 3))
    # Node 3 is the bye. Cy's bye: a team clash, nobody passed over. Ben's bye: no clash, Cy passed over (1).
    assert SwissField(field).vector([(2, 3), (0, 1)]) == (0, 1, 0, (0, 0), 0, 1)
    assert SwissField(field).vector([(1, 3), (0, 2)]) == (0, 0, 1, (0, 0), 0, 2)
    pairing = pair_swiss(field)
    assert pairing.byes == [2] and tables(pairing) == [(1, 3)]


def test_bye_order():
    """Round 2, five players: three on 3 points, two on 0, no byes yet. The bye to Cy (3) would leave no float at
    all; the rule gives it to the lowest-ranked, Eve (5), and Cy floats down to Dov (4)."""
    assert bye_order([False] * 5) == [4, 3, 2, 1, 0]  # how many below could take it instead
    # Byes had by Cy (3) and Eve (5). From the bottom: Eve had one, so everyone below her: 0; Dov: nobody below
    # without a bye, 0; Cy had one, so everyone below: 2; Ben: one below without (Dov), 1; Ann: two (Ben, Dov).
    assert bye_order([False, False, True, False, True]) == [2, 1, 2, 0, 0]
    field = request(2, entrant(1, 3), entrant(2, 3), entrant(3, 3), entrant(4, 0), entrant(5, 0))
    vectors = SwissField(field).vector
    assert vectors([(4, 5), (0, 1), (2, 3)]) == (0, 0, 0, (3, 0, 0), 0, 2)  # Eve's bye: 3 v 4 floats 3
    assert vectors([(2, 5), (0, 1), (3, 4)]) == (0, 0, 2, (0, 0, 0), 0, 2)  # Cy's bye: no float, but 2 passed over
    pairing = pair_swiss(field)
    assert pairing.byes == [5] and tables(pairing) == [(1, 2), (3, 4)]


def test_score_difference_longest_float_first():
    """Round 2 of a 3-point-win event: 9, 6, 6, 3, 3, 0; Ann (1) met Ben (2), Ben met Dov (4). Standings order would
    float Ann 6 points down to Dov; the rule wants three floats of 3 instead (SPEC §5.1: "the longest float as
    short as possible, then the next")."""
    assert (score_difference(9, 6), score_difference(6, 0)) == (3, 6)
    field = request(2, entrant(1, 9, met={2: 1}), entrant(2, 6, met={1: 1, 4: 1}), entrant(3, 6),
                    entrant(4, 3, met={2: 1}), entrant(5, 3), entrant(6, 0))
    vectors = SwissField(field).vector
    # 1 v 3, 2 v 5, 4 v 6: differences 3, 3, 3; order 2 + 3 + 2. 1 v 4, 2 v 3, 5 v 6: 6, 0, 3; order 3 + 1 + 1.
    assert vectors([(0, 2), (1, 4), (3, 5)]) == (0, 0, 0, (3, 3, 3), 0, 7)
    assert vectors([(0, 3), (1, 2), (4, 5)]) == (0, 0, 0, (6, 3, 0), 0, 5)
    assert tables(pair_swiss(field)) == [(1, 3), (2, 5), (4, 6)]


def test_standings_order():
    """Four players on 3 points, nobody has met: 1 v 2, 3 v 4 (004: "first against second, third against
    fourth")."""
    assert (standings_order(0, 1), standings_order(2, 3)) == (1, 1)
    assert (standings_order(0, 3), standings_order(1, 2)) == (3, 1)
    field = request(2, *(entrant(pid, 3) for pid in (1, 2, 3, 4)))
    vectors = SwissField(field).vector
    assert (vectors([(0, 1), (2, 3)]), vectors([(0, 2), (1, 3)]), vectors([(0, 3), (1, 2)])) == (
        (0, 0, 0, (0, 0), 0, 2), (0, 0, 0, (0, 0), 0, 4), (0, 0, 0, (0, 0), 0, 4))
    assert tables(pair_swiss(field)) == [(1, 2), (3, 4)]


def test_only_two_different_fixed_tables_clash_and_the_weights_are_whole_numbers():
    """A player with no fixed table (0 or None) may sit with one who has table 5; tables 2 and 1 differ, a clash;
    the level is a whole number, as every level the exact matching packs into one weight (found by the mutation
    run)."""
    clashes = [team_clash("", "", first, second) for first, second in ((0, 5), (None, 5), (2, 1), (3, 3))]
    assert clashes == [0, 0, 1, 0]
    assert all(type(clash) is int for clash in clashes + [team_clash("Red", "Red", 0, 0)])


def test_fewer_rematches_before_older_ones_and_a_second_bye_between():
    """Round 5, 4 pairs (a span of 5 * 6 = 30). Three rematches from round 4 weigh 3 * (60 + 4) = 192, less than
    four from round 1, 4 * (60 + 1) = 244: as few rematches as can be, then the oldest. A second bye (30) weighs
    less than one rematch more (61) and more than any recency (all four pairs last met in round 5 add 20)."""
    three_recent = sum(rematch(4, 5, 4) for _ in range(3))
    four_old = sum(rematch(1, 5, 4) for _ in range(4))
    assert (three_recent, four_old) == (192, 244)
    bye = second_bye(True, 5, 4)
    assert rematch(1, 5, 4) > bye > 4 * 5
