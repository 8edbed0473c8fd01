"""The chits-and-cards pairing procedure (source 003, SPEC §5.4), done as on paper.

Round 1: lowest card against highest (1 v N, 2 v N-1, …), the highest it may meet. Later rounds: group
players by resource chits, most first; inside a group the player with the
lowest card meets the next lowest card they have not met, and so on down; a
player left over meets the lowest card they have not met in the next group
down (and further down if need be). A team mate is skipped like an opponent
already met, when teams are kept apart. When the procedure would need a
rematch (or a team mate) it gives up (returns None) and the ruleset falls
back to the Swiss engine for that round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from . import Engine, Flag

FALLBACK = ("The cards procedure could not avoid a rematch or a team mate this round; paired by the Swiss engine "
            "instead.")


@dataclass(frozen=True)
class ChitHolder:
    id: int
    chits: int
    card: int
    met: frozenset[int] = field(default=frozenset())
    team: str = ""  # set only when team mates are kept apart

    def may_meet(self, other: ChitHolder) -> bool:
        return other.id not in self.met and not (self.team and self.team == other.team)


@dataclass(frozen=True)
class CardsEngine(Engine):
    """003's procedure as an engine: pairs in the order it makes them, or None when only a rematch would do."""

    def pair(self, players: list[ChitHolder], first_round: bool) -> list[tuple[int, int]] | None:
        return pair_by_cards(players, first_round)


def fallback_flag(player: int) -> Flag:
    return Flag("fallback", player, describe=describe)


def describe(flag: Flag, names: dict[int, str]) -> str:
    return FALLBACK


def pair_by_cards(players: list[ChitHolder], first_round: bool) -> list[tuple[int, int]] | None:
    """Pairs in the order the procedure makes them, or None when only a rematch would do."""
    if first_round:  # lowest card against the highest it may meet (1 v N, 2 v N-1 when no team stands between)
        waiting = sorted(players, key=lambda p: p.card)
        pairs: list[tuple[int, int]] = []
        while waiting:
            first = waiting.pop(0)
            partner = next((p for p in reversed(waiting) if first.may_meet(p)), None)
            if partner is None:
                return None
            waiting.remove(partner)
            pairs.append((first.id, partner.id))
        return pairs
    ordered = sorted(players, key=lambda p: (-p.chits, p.card))
    pairs = []
    left_over: list[ChitHolder] = []
    for _, group in groupby(ordered, key=lambda p: p.chits):
        members = list(group)
        left_over = [player for player in left_over if not _meet_lowest_unmet(player, members, pairs)]
        while members:
            first = members.pop(0)
            if not _meet_lowest_unmet(first, members, pairs):
                left_over.append(first)
    return None if left_over else pairs


def _meet_lowest_unmet(player: ChitHolder, members: list[ChitHolder], pairs: list[tuple[int, int]]) -> bool:
    """Pair `player` with the lowest card in `members` they may meet; False when there is none."""
    partner = next((m for m in members if player.may_meet(m)), None)
    if partner is None:
        return False
    members.remove(partner)
    pairs.append((player.id, partner.id))
    return True
