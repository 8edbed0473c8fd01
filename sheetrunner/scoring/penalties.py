"""Penalties in scoring (issue 21, §2): what each kind in the `Penalties` sheet does to a round's scores.

Penalties are applied where a round is scored (`tournament.compute_scores`, through the ruleset's
`with_game_losses`, `forced_result` and `deduct_from`), before any tiebreaker reads the scores, so every tiebreaker
sees them (an opponent's match-win % after a match loss, the opponents' sums after a deduction):

- warning: changes nothing; it is shown in the player's history.
- game loss (`swiss` only): a game the penalised player lost, counted for the match's result (Magic IPG,
  Definition of Penalties). The round sheet holds the games played at the table, so the opponent gains a game
  won and the match is decided again (1-1 becomes 1-2).
- match loss (two-player rulesets): the penalised player loses that round's match and the opponent wins it
  (IPG: the match is lost; tournament software records the opponent's win). Both penalised: both lose.
- disqualification: the player is dropped after that round (as `Dropped after`), and the standings say
  "disqualified". The round's own result stands as typed.
- point deduction: `Points` come off the ruleset's main score in that round (`Ruleset.deduct_from`); the
  standings show the total taken off in a `Penalty` column explained in the legend.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..model.event import DISQUALIFICATION, MATCH_LOSS, POINT_DEDUCTION, Event, Penalty, Player, Round, SeatScore
from ..model.numbers import shown_number
from .tiebreakers import DEDUCTED


def penalties_in(event: Event, round_number: int, kind: str) -> list[Penalty]:
    """The penalties of one kind given in one round, in sheet order."""
    return [penalty for penalty in event.penalties if penalty.round == round_number and penalty.kind == kind]


def forced_outcomes(event: Event, round_: Round) -> dict[int, str]:
    """Who a match loss decides the round for: "loss" for each penalised player, "win" for an opponent who was
    not penalised too (IPG: a match loss loses the match; the other player has won it)."""
    losers = {penalty.player_id for penalty in penalties_in(event, round_.number, MATCH_LOSS)}
    outcomes: dict[int, str] = {}
    for table in round_.games if losers else ():
        for pid in table.player_ids:
            if pid in losers:
                outcomes[pid] = "loss"
            elif losers & set(table.opponents_of(pid)):
                outcomes[pid] = "win"
    return outcomes


def deduct(score: SeatScore, points: Fraction, value_key: str) -> SeatScore:
    """A point deduction: recorded as `deducted` and taken off the round's `value_key` (none for Diplomacy, whose
    event score subtracts the deductions itself: a board's score may not count among the best rounds)."""
    values = {**score.values, DEDUCTED: score.values.get(DEDUCTED, Fraction(0)) + points}
    if value_key:
        values[value_key] = values.get(value_key, Fraction(0)) - points
    return SeatScore(score.round, score.player_id, score.opponents, values, score.outcome)


def with_disqualifications(players: list[Player], penalties: list[Penalty]) -> list[Player]:
    """Each disqualified player dropped after the round of their (first) disqualification, as `Dropped after`
    would drop them: not paired again, and shown as disqualified (an earlier Dropped after stands)."""
    rounds: dict[int, int] = {}
    for penalty in penalties:
        if penalty.kind == DISQUALIFICATION:
            rounds[penalty.player_id] = min(rounds.get(penalty.player_id, penalty.round), penalty.round)
    if not rounds:
        return players
    return [replace(player, disqualified_in=rounds[player.id],
                    dropped_after=min(player.dropped_after if player.dropped_after is not None else rounds[player.id],
                                      rounds[player.id])) if player.id in rounds else player for player in players]


def describe(penalty: Penalty) -> str:
    """A penalty as a player's history shows it: "Penalty: point deduction of 2 (slow play)"."""
    what = f"{penalty.kind} of {shown_number(penalty.points)}" if penalty.kind == POINT_DEDUCTION else penalty.kind
    return f"Penalty: {what}" + (f" ({penalty.note})" if penalty.note else "")

