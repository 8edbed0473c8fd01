"""Standings: scored rounds plus an ordered list of tiebreakers give a ranked table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..model.event import Event, Player, SeatScore
from .soft_scores import VALUES as SOFT_VALUES, ranking_tiebreakers, shown_columns, soft_scores, soft_values
from .tiebreakers import DEDUCTED, PENALTY_COLUMN, ScoreTable, Tiebreaker


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    shared: bool
    player: Player
    values: Mapping[str, Fraction]  # a dict, or the running standings' `ExactValues` (`simulate`)
    dropped: bool = False
    group: str = ""  # e.g. the player's pod, when a ruleset ranks inside groups
    overall_rank: int = 0  # the rank across all groups, when ranked inside groups

    @property
    def rank_label(self) -> str:
        """`=3` for a rank shared with another player, as posters show it."""
        return f"={self.rank}" if self.shared else str(self.rank)

    @property
    def status(self) -> str:
        """What the standings say beside a player who no longer plays: "disqualified" (Penalties sheet) or
        "dropped"; blank for everyone else."""
        if not self.dropped:
            return ""
        return "disqualified" if self.player.disqualified_in is not None else "dropped"


@dataclass(frozen=True)
class Standings:
    after_round: int
    tiebreakers: tuple[Tiebreaker, ...]
    rows: tuple[StandingsRow, ...]
    group_label: str = ""  # "Pod" when rows are ranked inside groups
    extras: tuple[Tiebreaker, ...] = ()  # shown beside the ranking columns, not used to rank
    scores: tuple[SeatScore, ...] = ()  # the per-seat scores ranked (`tournament.standings_after`), for reports

    @property
    def columns(self) -> tuple[Tiebreaker, ...]:
        """Every column to show: the tiebreakers in order, then the extras."""
        return self.tiebreakers + self.extras

    @property
    def order(self) -> list[int]:
        return [row.player.id for row in self.rows]

    def row_of(self, player_id: int) -> StandingsRow:
        return next(row for row in self.rows if row.player.id == player_id)


def compute_standings(event: Event, scores: list[SeatScore], tiebreaker_keys: tuple[str, ...],
                      after_round: int, context: dict[str, Any] | None = None,
                      players: tuple[Player, ...] | None = None, main_score: str | None = None) -> Standings:
    """Rank players (default: the whole roster; tiebreakers always read everyone) by the tiebreakers, in order;
    `main_score` is the ranking ruleset's, which an `add` soft score raises (`soft_scores`).

    Each tiebreaker splits the groups still tied after the ones before it, so a
    group-aware tiebreaker (head-to-head) sees exactly who is tied. Players who
    share every value share the rank (`=3`).
    """
    players = players if players is not None else event.players
    tiebreakers = ranking_tiebreakers(tiebreaker_keys, event, main_score)  # the library's, and soft scores (issue 21)
    player_ids = tuple(player.id for player in players)
    # Tiebreakers see the whole roster (a pod's players may have met players now in another pod);
    # only `players` are ranked.
    everyone = tuple(player.id for player in event.players)
    soft = {SOFT_VALUES: soft_values(event)} if soft_scores(event.settings) else {}
    table = ScoreTable(scores, everyone, event.settings.seed, {**event.settings.options, **(context or {}), **soft})
    values: dict[int, dict[str, Fraction]] = {pid: {} for pid in player_ids}
    groups = [sorted(player_ids)]
    for tiebreaker in tiebreakers:
        column = tiebreaker.compute(table)
        refined = []
        for group in groups:
            scores_here = tiebreaker.within(table, group) if tiebreaker.within and len(group) > 1 else column
            for pid in group:
                values[pid][tiebreaker.key] = scores_here.get(pid, column.get(pid, Fraction(0)))
            refined.extend(_split(group, lambda pid: tiebreaker.sort_value(values[pid][tiebreaker.key])))
        groups = refined
    by_id = {player.id: player for player in players}
    rows: list[StandingsRow] = []
    for group in groups:
        rank = len(rows) + 1
        for pid in group:
            player = by_id[pid]
            dropped = player.dropped_after is not None and player.dropped_after <= after_round
            rows.append(StandingsRow(rank, len(group) > 1, player, values[pid], dropped))
    return Standings(after_round, tiebreakers, tuple(rows))


def with_shown_columns(standings: Standings, event: Event, scores: list[SeatScore],
                       main_score: str | None = None) -> Standings:
    """The standings with the columns shown beside the ranking (issue 21): each soft score that is not a
    tiebreaker, and `Penalty` (the points deducted) once anyone has had points deducted."""
    columns = shown_columns(event, standings.tiebreakers, main_score)
    deducted: dict[int, Fraction] = {}
    for score in scores:
        if DEDUCTED in score.values:
            deducted[score.player_id] = deducted.get(score.player_id, Fraction(0)) + score.values[DEDUCTED]
    if not columns and not deducted:
        return standings
    soft = soft_values(event)
    rows = tuple(replace(row, values={**row.values, **{c.key: soft.get(row.player.id, {}).get(c.key, Fraction(0))
                                                      for c in columns},
                                      **({DEDUCTED: deducted.get(row.player.id, Fraction(0))} if deducted else {})})
                 for row in standings.rows)
    extras = columns + ((PENALTY_COLUMN,) if deducted else ())
    return replace(standings, rows=rows, extras=standings.extras + extras)


def _split(group: list[int], key) -> list[list[int]]:
    """A tied group split by one value, best first; players keep ID order inside a new tie."""
    ordered = sorted(group, key=lambda pid: (-key(pid), pid))
    parts: list[list[int]] = []
    for pid in ordered:
        if parts and key(parts[-1][0]) == key(pid):
            parts[-1].append(pid)
        else:
            parts.append([pid])
    return parts
