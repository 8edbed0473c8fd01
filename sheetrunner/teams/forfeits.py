"""A forfeited board is a game won, not a bye (issue 33).

A board whose opponent did not come is written as the present player's BYE row under the match's label (`pairing`,
`matches`). It used to score as the ruleset's bye, so `Points for a bye` drove the players on a team bye and every
forfeit win alike; where regulations give a bye less than a win (a chess half-point bye), every forfeit was short.
Now a forfeited board scores the match points of a win (`Points for a win`); its games stay a bye's (Bye games
won, no opponent), and the rows of a team on its team bye keep `Points for a bye`. With the defaults (a bye and a
win both 3) nothing changes.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..model.event import Event, SeatScore
from .matches import group_round, match_labels
from .roster import compute_teams


def forfeited_boards(event: Event, rules: Any) -> set[tuple[int, int]]:
    """(round, player ID) of every forfeited board: a BYE row of a player whose team has a match that round."""
    teams = compute_teams(event.players, rules.team_size)
    team_of = {player.id: team.id for team in teams for player in team.members}
    return {(round_.number, seat.player_id) for round_ in event.rounds
            for match in group_round(round_, team_of, match_labels(round_)).matches for seat in match.forfeits}


def with_forfeit_wins(scores: list[SeatScore], event: Event, rules: Any) -> list[SeatScore]:
    """Each forfeited board's bye row worth a win's match points."""
    boards = forfeited_boards(event, rules)
    win = Fraction(event.settings.option("points_win"))
    return [replace(score, values={**score.values, "mp": win}) if score.is_bye and (score.round, score.player_id)
            in boards and "mp" in score.values else score for score in scores]
