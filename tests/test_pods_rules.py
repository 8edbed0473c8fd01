"""The pods engine's named rules (`pairing/pods_rules.py`, SPEC §5.2, source 000), one at a time.

Each test gives a rule's value on hand-made players, then a tiny field where that rule alone decides: the
arrangement the levels before it leave open and the levels after it would choose differently. Expected costs are
worked out by hand in the comments; a cost reads (team clash, third meeting, repeat, recency, spread of wins,
movement). Players 90 and up sat in the games of earlier rounds and have since dropped.
"""

from __future__ import annotations

from fractions import Fraction

from pairing_oracles import meetings

from sheetrunner.pairing import Entrant
from sheetrunner.pairing.pods import PodField, arrange_games
from sheetrunner.pairing.pods_rules import (movement, recency, recency_base, repeat, spread_base, spread_of_wins,
                                            team_clash, third_meeting)


def entrants(order, rounds=(), wins=None, teams=None):
    """Players in standings order, with the meetings of the rounds played (games of player IDs)."""
    met = meetings(list(rounds))
    found = []
    for pid in order:
        last = {other: max(r) for pair, r in met.items() if pid in pair for other in pair if other != pid}
        times = {other: len(r) for pair, r in met.items() if pid in pair for other in pair if other != pid}
        found.append(Entrant(pid, Fraction((wins or {}).get(pid, 0)), (teams or {}).get(pid, ""), met=last,
                             meetings=times))
    return tuple(found)


def field_of(players, sizes, **options):
    return PodField(players, sizes, max([1, *(max(e.met.values(), default=0) for e in players)]) + 1, **options)


def by_id(players):
    return {e.id: e for e in players}


def test_the_bases_outnumber_what_they_weigh():
    # Two games of three hold 3 + 3 = 6 pairs: recency's base is 7. Two games: spread's base is 3.
    assert recency_base([3, 3]) == 7 and spread_base([3, 3]) == 3
    # 000's three games of three: 9 pairs, base 10; a game of three and one of four: 3 + 6 + 1 = 10.
    assert recency_base([3, 3, 3]) == 10 and recency_base([3, 4]) == 10 and spread_base([3, 3, 3]) == 4


def test_team_clash():
    """Ann (1) and Ben (2) play for Red and top the standings; nobody has met. The natural fill seats them
    together; only the team rule moves one of them."""
    players = entrants([1, 2, 3, 4, 5, 6], teams={1: "Red", 2: "Red", 5: "Blue"})
    people = by_id(players)
    assert team_clash(people[1], people[2], True) == 1
    assert team_clash(people[1], people[2], False) == 0  # teams not kept apart
    assert team_clash(people[1], people[5], True) == 0  # Red and Blue
    assert team_clash(people[3], people[4], True) == 0  # no team is not a team
    field = field_of(players, [3, 3])
    # Natural fill: one team clash; spreads 3**0 + 3**0 = 2 (nobody has won); nobody moved.
    assert field.total(field.natural()) == (1, 0, 0, 0, 2, 0)
    games = arrange_games(field)
    # Ben swaps with the nearest player below the top game (4): top ranks 0, 2, 3 on seats 0, 1, 2 move 0 + 1 + 1,
    # bottom ranks 1, 4, 5 on seats 3, 4, 5 move 2 + 0 + 0: movement 4.
    assert games == [[1, 3, 4], [2, 5, 6]]
    assert field.total(games) == (0, 0, 0, 0, 2, 4)
    assert arrange_games(field_of(players, [3, 3], keep_teams_apart=False)) == [[1, 2, 3], [4, 5, 6]]


def test_third_meeting():
    """Dov (4) and Eli (5) met in rounds 1 and 2, Dov and Fay (6) in round 3, Eli and Fay in round 4. Two games of
    three must seat two of the three together. Recency alone would repeat the oldest pair, Dov and Eli; their
    meeting would be the third, so the rule sends Dov to Fay (the older of the two single meetings)."""
    rounds = [[[4, 5, 90]], [[4, 5, 91]], [[4, 6, 92]], [[5, 6, 93]]]
    players = entrants([5, 6, 4, 1, 2, 3], rounds)
    people = by_id(players)
    assert third_meeting(people[4], people[5]) == 1  # met twice: this would be the third meeting
    assert third_meeting(people[4], people[6]) == 0  # met once: a second meeting, the `repeat` rule's
    assert third_meeting(people[1], people[2]) == 0  # never met
    fourth = entrants([1, 2], [[[1, 2]], [[1, 2]], [[1, 2]]])
    assert third_meeting(*fourth) == 2  # met three times: a fourth meeting counts 2
    games = arrange_games(field_of(players, [3, 3]))
    # Ranks: Eli 0, Fay 1, Dov 2, then 1, 2, 3. Fay and Dov with player 1 on top (ranks 1, 2, 3 on seats 0, 1, 2:
    # movement 3), Eli with 2 and 3 below (ranks 0, 4, 5 on seats 3, 4, 5: movement 3). One second meeting, last
    # met in round 3: recency 7 ** 3 = 343.
    assert games == [[6, 4, 1], [5, 2, 3]]
    assert field_of(players, [3, 3]).total(games) == (0, 0, 1, 343, 2, 6)


def test_repeat():
    """Ann (1) and Ben (2) met in round 1 and top the standings: only the repeat rule undoes the natural fill."""
    players = entrants([1, 2, 3, 4, 5, 6], [[[1, 2, 90]]])
    people = by_id(players)
    assert repeat(people[1], people[2]) == 1
    assert repeat(people[1], people[3]) == 0
    assert repeat(*entrants([1, 2], [[[1, 2]], [[1, 2]]])) == 0  # met twice: `third_meeting` weighs it
    field = field_of(players, [3, 3])
    # Natural fill: one second meeting, last met in round 1: recency 7 ** 1 = 7.
    assert field.total(field.natural()) == (0, 0, 1, 7, 2, 0)
    games = arrange_games(field)
    assert games == [[1, 3, 4], [2, 5, 6]]  # movement 2 + 2, as in the team test
    assert field.total(games) == (0, 0, 0, 0, 2, 4)


def test_recency():
    """Dov (4), Eli (5) and Fay (6) have all met: Dov and Eli in round 1, Dov and Fay in round 2, Eli and Fay in
    round 3. One pair must meet again; newer games take precedence (000), so the oldest pair repeats, although
    the standings would seat Eli and Fay (met last) together at the top."""
    rounds = [[[4, 5, 90]], [[4, 6, 91]], [[5, 6, 92]]]
    players = entrants([5, 6, 4, 1, 2, 3], rounds)
    people = by_id(players)
    assert recency(people[4], people[5], 7) == 7  # 7 ** 1
    assert recency(people[4], people[6], 7) == 49  # 7 ** 2
    assert recency(people[5], people[6], 7) == 343  # 7 ** 3: more than any number of older repeats (6 pairs)
    assert recency(people[1], people[2], 7) == 0
    field = field_of(players, [3, 3])
    games = arrange_games(field)
    # Eli and Dov with player 1 on top: ranks 0, 2, 3 move 0 + 1 + 1; Fay with 2 and 3: ranks 1, 4, 5 move 2.
    assert games == [[5, 4, 1], [6, 2, 3]]
    assert field.total(games) == (0, 0, 1, 7, 2, 4)
    assert field.total([[6, 4, 1], [5, 2, 3]]) == (0, 0, 1, 49, 2, 6)  # repeating Dov and Fay instead


def test_spread_of_wins_widest_first():
    """Ann (1) has 2 wins, Ben to Eve (2-5) 1, Fay (6) none; Ann has met Ben and Cy (3). Ann's game must take two of
    Dov, Eve and Fay. The least movement would put Ann with Eve and Fay (a game spanning 2 wins); the spread rule
    takes Dov and Eve (spanning 1) and leaves Fay with Ben and Cy."""
    rounds = [[[1, 2, 90]], [[1, 3, 91]]]
    wins = {1: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 0}
    players = entrants([1, 2, 3, 4, 5, 6], rounds, wins)
    assert spread_of_wins([2, 1, 1], 3) == 3  # 3 ** (2 - 1)
    assert spread_of_wins([2, 1, 0], 3) == 9  # 3 ** 2
    assert spread_of_wins([1, 1, 1], 3) == 1  # 3 ** 0
    field = field_of(players, [3, 3])
    games = arrange_games(field)
    # Ann, Dov, Eve (ranks 0, 3, 4 on seats 0, 1, 2: 0 + 2 + 2) and Ben, Cy, Fay (1, 2, 5 on 3, 4, 5: 2 + 2 + 0).
    assert games == [[1, 4, 5], [2, 3, 6]]
    assert field.total(games) == (0, 0, 0, 0, 3 + 3, 8)
    # The least movement: Ben, Cy, Dov on top (ranks 1, 2, 3: 3), Ann, Eve, Fay below (0, 4, 5: 3).
    assert field.total([[2, 3, 4], [1, 5, 6]]) == (0, 0, 0, 0, 1 + 9, 6)


def test_spread_of_wins_then_fewest_games_that_wide():
    """Ann (1) and Ben (2) have a win each, the rest none; Ben has met Cy (3), Cy has met Fay (6). Every
    arrangement has a game spanning 1 win; the rule wants as few such games as can be: Ann and Ben together."""
    rounds = [[[2, 3, 90]], [[3, 6, 91]]]
    players = entrants([1, 2, 3, 4, 5, 6], rounds, {1: 1, 2: 1})
    field = field_of(players, [3, 3])
    games = arrange_games(field)
    # Ann, Ben, Fay (ranks 0, 1, 5: 0 + 0 + 3) spanning 1: 3 ** 1; Cy, Dov, Eve (2, 3, 4: 1 + 1 + 1) spanning 0: 1.
    assert games == [[1, 2, 6], [3, 4, 5]]
    assert field.total(games) == (0, 0, 0, 0, 3 + 1, 6)
    # The least movement splits Ann and Ben: two games spanning 1 win (ranks 0, 2, 3: 2; ranks 1, 4, 5: 2).
    assert field.total([[1, 3, 4], [2, 5, 6]]) == (0, 0, 0, 0, 3 + 3, 4)


# 000's worked example: standings after round 1 (the text's "Plc." column) and the games of round 1.
ROUND_1 = [[[8, 5, 7], [2, 6, 3], [1, 4, 9]]]
STANDINGS = [2, 5, 3, 4, 1, 8, 6, 7, 9]


def test_movement_gives_000s_round_two():
    """000: "Player 3 will move down to the second group, while player 4 will move up to the first." Of the
    arrangements with no repeat and the narrowest spreads, the text's moves the fewest places."""
    assert movement([0, 1, 3], 0) == 1  # ranks 0, 1, 3 on seats 0, 1, 2
    assert movement([3, 1, 0], 0) == 1  # the order players are given in does not matter
    assert movement([2, 4, 5], 3) == 1
    assert movement([6, 7, 8], 6) == 0
    players = entrants(STANDINGS, ROUND_1, {2: 1, 5: 1})
    field = field_of(players, [3, 3, 3])
    games = arrange_games(field)
    # Game 2A: Andrew, Chris, James (ranks 0, 1, 3: movement 1; wins 1, 1, 0: spread 4 ** 1); 2B: J.T., Lance,
    # Kristy (ranks 2, 4, 5 on seats 3, 4, 5: movement 1; spread 4 ** 0); 2C: Megan, Kara, Joe (no movement).
    assert games == [[2, 5, 4], [3, 1, 8], [6, 7, 9]]
    assert field.total(games) == (0, 0, 0, 0, 4 + 1 + 1, 2)
    # Lance moving up instead of James: as narrow, but ranks 0, 1, 4 move 2 and ranks 2, 3, 5 move 2.
    assert field.total([[2, 5, 1], [3, 4, 8], [6, 7, 9]]) == (0, 0, 0, 0, 4 + 1 + 1, 4)


def test_a_pair_that_met_counts_once_when_the_meetings_are_not_counted():
    """An entrant may say whom it met (and when) without counting the meetings: a pair in `met` but not in
    `meetings` met once, a second meeting, not a third (found by the mutation run: the default of 1)."""
    first = Entrant(1, Fraction(0), met={2: 3})
    second = Entrant(2, Fraction(0), met={1: 3})
    assert (repeat(first, second), third_meeting(first, second)) == (1, 0)


def test_the_recency_base_is_a_whole_number():
    """The base is one more than the pairs of the games (two fours: 6 + 6 + 1 = 13), an int: powers of a float
    base lose exactness past 2**53, which a long event's recency weights reach."""
    assert recency_base([4, 4]) == 13 and type(recency_base([4, 4])) is int
    assert type(recency(Entrant(1, Fraction(0), met={2: 20}), Entrant(2, Fraction(0)), recency_base([4, 4]))) is int


def test_the_spread_floor_of_a_field_of_4000_is_worked_out_without_recursion():
    """4,000 players in 1,000 games of four: 2,002 have a win, 1,998 none. Games of consecutive players down the
    standings leave one game with both (a spread of one win, however the scale makes it); a field that splits
    evenly leaves none. (Worked out recursively, a few hundred games went past Python's recursion limit: `pair` of
    a 1,024-player allegiance event stopped with an internal error.)"""
    from fractions import Fraction

    from sheetrunner.pairing import Entrant
    from sheetrunner.pairing.pods_field import PodField, spread_floor

    def field(winners: int) -> PodField:
        entrants = tuple(Entrant(pid, Fraction(1 if pid <= winners else 0)) for pid in range(1, 4001))
        return PodField(entrants, [4] * 1000, 2)

    straddled = field(2002)
    assert spread_floor(straddled) == straddled.points[1] - straddled.points[4000] > 0
    assert spread_floor(field(2000)) == 0
