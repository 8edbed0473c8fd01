"""The pods engine's objective, one named rule per level (SPEC §5.2, source 000).

Each rule is a small pure function of the players it weighs; `PodField` composes them into the cost of a
game, a tuple compared in strict lexicographic order (a unit of one level outweighs any amount of every
level after it):

1. `team_clash`: team mates in one game (when teams are kept apart);
2. `third_meeting`: repeat meetings by how often (a third meeting counts 1, a fourth 2, …);
3. `repeat`: pairs meeting for the second time;
4. `recency`: how recently the repeated pairs last met, newest first (000: "Newer games take precedence over
   older games");
5. `spread_of_wins`: the spread of wins inside a game, widest first;
6. `movement`: how far a game's players sit from their standings positions.

The first four weigh a pair of players (a game adds up its pairs); the last two weigh a whole game. A pair
rule is 0 for two players who never met and are not team mates, so a field need only weigh the pairs that
clash. The searches (`pods_tabu`, `pods_solver`) steer by weights of their own, but every arrangement they
hand back is judged by these rules.
"""

from __future__ import annotations

from typing import Sequence

from . import Entrant


def times_met(first: Entrant, second: Entrant) -> int:
    """How often the two have met in the rounds played (0 when never)."""
    if second.id not in first.met:
        return 0
    return first.meetings.get(second.id, 1)


def team_clash(first: Entrant, second: Entrant, keep_teams_apart: bool) -> int:
    """1 for two players of the same team when teams are kept apart (SPEC §2 `Team`, §5: "players of the same
    `Team` are kept apart when possible"; §5.2: with `always`, a same-team game only when no arrangement
    avoids it). It outweighs every meeting: a club's players should not meet before strangers meet again."""
    return int(keep_teams_apart and bool(first.team) and first.team == second.team)


def third_meeting(first: Entrant, second: Entrant) -> int:
    """A pair meeting for the third time or more: 1 for a third meeting, 2 for a fourth, … (SPEC §5.2: "a
    repeated meeting [weighing] more than a single one"). Any of these outweighs every second meeting."""
    return max(0, times_met(first, second) - 1)


def repeat(first: Entrant, second: Entrant) -> int:
    """1 for a pair meeting for the second time (000: games with "players who have already played each other
    … must be corrected"; SPEC §5.2: "so that nobody meets an earlier opponent")."""
    return int(times_met(first, second) == 1)


def recency(first: Entrant, second: Entrant, base: int) -> int:
    """How recent a repeated pair's last meeting is: `base ** r` for a pair last met in round r, 0 for a pair
    that never met (000: "Newer games take precedence over older games, so if two players played each other
    in the last round, they should not play in the same game the following round"; SPEC §5.2: "a recent
    meeting weighing more than an old one"). `base` (`recency_base`) exceeds the number of pairs any
    arrangement holds, so one repeat from round r outweighs any number from earlier rounds: summed over an
    arrangement, comparing the sums compares the repeats per round, newest first."""
    last = first.met.get(second.id)
    return 0 if last is None else base ** last


def recency_base(sizes: Sequence[int]) -> int:
    """The base of `recency`: one more than the pairs an arrangement of games of these sizes holds."""
    return sum(size * (size - 1) // 2 for size in sizes) + 1


def spread_of_wins(points: Sequence[int], base: int) -> int:
    """How widely a game's records differ: `base ** (most wins - fewest wins)` (SPEC §5.2: "then the smallest
    spread of wins in a game"; 000 fills games down the standings). `base` (`spread_base`) exceeds the
    number of games, so summed over an arrangement the widest spread is as narrow as it can be, then as few
    games as can be span it, then the next widest, and so on."""
    return base ** (max(points) - min(points))


def spread_base(sizes: Sequence[int]) -> int:
    """The base of `spread_of_wins`: one more than the number of games."""
    return len(sizes) + 1


def movement(ranks: Sequence[int], start: int) -> int:
    """How far a game's players sit from the standings positions of its table: the game at the table whose
    seats are standings positions `start`, `start + 1`, … takes its players best rank first, and each adds
    the distance from their rank to their seat's position (SPEC §5.2: "then as little movement as possible";
    000 moves a player only to avoid a meeting: "Player 3 will move down …, while player 4 will move up")."""
    return sum(abs(rank - (start + offset)) for offset, rank in enumerate(sorted(ranks)))
