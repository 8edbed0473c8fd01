"""The Swiss engine's objective, one named rule per level (SPEC §5.1, sources 004 and 003).

Each rule is a small pure function giving what one candidate pair costs on its level (or, for the bye, what
each player in the standings costs); `swiss_field.SwissField` composes them into the cost of each pair on
each level, and a pairing's cost is compared in strict lexicographic order:

1. hard rules: `rematch` (when rematches are not allowed) and `second_bye`: as few rematches as possible, then no
   second bye, then the oldest rematches;
2. `team_clash`: team mates, and players with different fixed tables, paired together;
3. `bye_order`: the bye to the lowest-ranked player who has not had one;
4. `score_difference`: the pairs' score differences sorted from the largest down, compared element by
   element (the longest float as short as possible, then the next);
5. `rematch` again, when the event allows rematches: as few as possible, recent ones weighing more;
6. `standings_order`: 1 v 2, 3 v 4 down the standings.

The rules are plain integer arithmetic on Python numbers: a round's pairing costs a few hundredths of a second
even at 4,096 players, so numpy's import (a tenth of a second, more than pairing a 64-player round) is not paid.
"""

from __future__ import annotations

from typing import Sequence


def recency_span(round_number: int, pairs: int) -> int:
    """More than the rounds last met of all the rematches any pairing of `pairs` pairs can hold (each at most
    the round being paired): the unit the hard level counts rematches and second byes in."""
    return (pairs + 1) * (round_number + 1)


def rematch(met_round: int, round_number: int, pairs: int) -> int:
    """A pair that met before (`met_round` > 0, the round they last met; 0 for a pair that never met) weighs two
    spans plus the round they last met: one rematch more outweighs a second bye and any recency, and among as
    many rematches the older ones are made (SPEC §5.1: "hard: no rematch (unless allowed)"; §3 swiss-tp:
    "Rematches are avoided (option to allow)"; 003: players should "not face an opponent they already fought").
    A hard rule, or the fifth level when allowed."""
    return 2 * recency_span(round_number, pairs) + met_round if met_round > 0 else 0


def second_bye(had_bye: bool, round_number: int, pairs: int) -> int:
    """The bye given to a player who has had one weighs one span: less than any rematch, more than any recency
    (SPEC §5.1: "hard: … at most one bye per player"; 004: "a single player is never given more than one
    Bye")."""
    return recency_span(round_number, pairs) if had_bye else 0


def team_clash(team_first: str, team_second: str, fixed_first: int | None, fixed_second: int | None) -> int:
    """1 for two players of one team ("" for none, or when teams are not kept apart), and 1 more for two players
    whose `Fixed table`s differ (they cannot share a table) (SPEC §5: "players of the same `Team` are kept
    apart when possible", "`Fixed table` is honoured"; §5.1: "teams apart (per option)")."""
    team = 1 if team_first and team_first == team_second else 0
    return team + (1 if fixed_first and fixed_second and fixed_first != fixed_second else 0)


def bye_order(had_bye: Sequence[bool]) -> list[int]:
    """For each player in standings order, what taking the bye costs: how many players below them could take
    it instead, those without a bye (for a player who has had one: everyone below). So the bye goes to the
    lowest-ranked player who has not had one (004: "the player with the lowest ranking takes a Bye, unless
    that player had already taken a Bye …"; SPEC §3 swiss-tp: "bye to lowest ranked without a bye")."""
    count = len(had_bye)
    below, costs = 0, [0] * count
    for index in range(count - 1, -1, -1):
        if had_bye[index]:
            costs[index] = count - 1 - index
        else:
            costs[index] = below
            below += 1
    return costs


def score_difference(score_first: int, score_second: int) -> int:
    """How far a pair floats: the difference of their scores (integers: scores times a common denominator).
    A pairing's differences, sorted from the largest down, are compared as lists (SPEC §5.1: "the pairs'
    score differences sorted from largest down, minimised lexicographically (the longest float as short as
    possible, then the next); as few floaters"; 003: "players face equally ranked opponents")."""
    return abs(score_first - score_second)


def standings_order(rank_first: int, rank_second: int) -> int:
    """How far apart in the standings a pair is (rank_second below rank_first): summed over a pairing, least
    for 1 v 2, 3 v 4, and a floater meets the nearest player it can (SPEC §5.1: "then standings order (1 v 2,
    3 v 4 as in 004)"; 004: "opponents are assigned in descending order of ranking (first against second,
    third against fourth, etc.)")."""
    return rank_second - rank_first
