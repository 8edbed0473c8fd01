"""Standings: scored rounds plus an ordered list of tiebreakers give a ranked table."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from .model import Event, Player, SeatScore
from .tiebreakers import TIEBREAKERS, ScoreTable, Tiebreaker


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    shared: bool
    player: Player
    values: dict[str, Fraction]
    dropped: bool = False

    @property
    def rank_label(self) -> str:
        """`=3` for a rank shared with another player, as posters show it."""
        return f"={self.rank}" if self.shared else str(self.rank)


@dataclass(frozen=True)
class Standings:
    after_round: int
    tiebreakers: tuple[Tiebreaker, ...]
    rows: tuple[StandingsRow, ...]

    @property
    def order(self) -> list[int]:
        return [row.player.id for row in self.rows]

    def row_of(self, player_id: int) -> StandingsRow:
        return next(row for row in self.rows if row.player.id == player_id)


def compute_standings(event: Event, scores: list[SeatScore], tiebreaker_keys: tuple[str, ...],
                      after_round: int) -> Standings:
    """Rank every player on the roster by the tiebreakers, in order.

    Players who share every value share the rank (`=3`).
    """
    tiebreakers = tuple(TIEBREAKERS[key] for key in tiebreaker_keys)
    player_ids = tuple(player.id for player in event.players)
    table = ScoreTable(scores, player_ids, event.settings.seed, event.settings.options)
    columns = {tb.key: tb.compute(table) for tb in tiebreakers}
    values = {pid: {key: columns[key][pid] for key in columns} for pid in player_ids}

    def sort_key(player: Player) -> tuple:
        return tuple(-tb.sort_value(values[player.id][tb.key]) for tb in tiebreakers) + (player.id,)

    ordered = sorted(event.players, key=sort_key)
    rows: list[StandingsRow] = []
    for _, group in groupby(ordered, key=lambda p: sort_key(p)[:-1]):
        tied = list(group)
        rank = len(rows) + 1
        for player in tied:
            dropped = player.dropped_after is not None and player.dropped_after <= after_round
            rows.append(StandingsRow(rank, len(tied) > 1, player, values[player.id], dropped))
    return Standings(after_round, tiebreakers, tuple(rows))
