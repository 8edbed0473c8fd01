"""What a team bye is worth (issue 33): the `Team bye` setting, apart from the players' `Points for a bye`.

Regulations differ: sheetrunner counted a team bye as every board won (a match won, with Points for a bye: still
the default, so no event changes); many chess team events score it as a drawn match; some give a set score (FIDE
allows the regulations to fix the pairing-allocated bye's score), or the team's own average. So `Team bye` is one
of:

- `every board won`: every board won (with summed points: the points of its players' bye rows), the match points
  of a bye (`Points for a bye`);
- `drawn match`: every board drawn (half the points above), the match points of a draw;
- `own average`: the mean match points and games of the team's played matches (none played yet: a drawn match);
- a number of game points, from 0 to Team size (halves allowed; with summed points, points): the match is won when
  it is more than half the boards, drawn at half, lost below.

The players of the team on a bye keep their own BYE rows, scored by `Points for a bye` as any bye.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..model.event import SeatScore, Settings
from ..model.values import BadValue, as_number, as_text

EVERY_BOARD, DRAWN, AVERAGE = "every board won", "drawn match", "own average"
TEAM_BYE_WORDS = (EVERY_BOARD, DRAWN, AVERAGE)
TeamBye = str | Fraction  # one of the words above, or the game points a team bye scores


def read_team_bye(raw, size: int) -> TeamBye:
    """The typed Team bye: one of the words, or game points from 0 to Team size in halves."""
    text = " ".join(as_text(raw).lower().split())
    if not text:
        return EVERY_BOARD
    if text in TEAM_BYE_WORDS:
        return text
    try:
        number = as_number(raw, Fraction(0))
    except BadValue:
        number = None
    if number is None or number > size or (number * 2).denominator != 1:
        raise BadValue(f"needs every board won, drawn match, own average or game points from 0 to {size} (Team "
                       f"size) in halves, found \"{as_text(raw)}\"")
    return number


def bye_values(rule: str | Fraction, full: Fraction, size: int, settings: Settings, summed: bool) -> dict:
    """A bye's match points and games under a fixed rule (not `own average`); `full` is every board won's games
    (Team size boards; with summed points, the points of the players' bye rows)."""
    if rule == EVERY_BOARD:
        return {"mp": Fraction(settings.option("points_bye")), **games(full, Fraction(0), full)}
    points = full / 2 if rule == DRAWN else Fraction(rule)
    half = full / 2 if summed else Fraction(size, 2)
    outcome = "points_draw" if rule == DRAWN or points == half else "points_win" if points > half else "points_loss"
    if summed:
        return {"mp": Fraction(settings.option(outcome)), **games(points, Fraction(0), max(full, points))}
    drawn = Fraction(size) if rule == DRAWN else 2 * (points % 1)  # a drawn match: every board drawn
    return {"mp": Fraction(settings.option(outcome)), **games(points - drawn / 2, drawn, Fraction(size))}


def games(won: Fraction, drawn: Fraction, played: Fraction) -> dict[str, Fraction]:
    return {"games_won": won, "games_drawn": drawn, "games_played": played}


def with_averages(scores: list[SeatScore]) -> list[SeatScore]:
    """`own average`: each bye row takes the mean of the team's played matches' match points and games."""
    played: dict[int, list[SeatScore]] = {}
    for score in scores:
        if score.opponents:
            played.setdefault(score.player_id, []).append(score)
    keys = ("mp", "games_won", "games_drawn", "games_played")

    def mean(rows: list[SeatScore], key: str) -> Fraction:
        return sum((Fraction(row.values.get(key, 0)) for row in rows), Fraction(0)) / len(rows)

    return [replace(score, values={**score.values, **{key: mean(played[score.player_id], key) for key in keys}})
            if score.is_bye and played.get(score.player_id) else score for score in scores]
