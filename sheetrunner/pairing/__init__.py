"""Pairing engines and what they take and give.

An engine takes a `PairingRequest` (plain data: who plays, in standings order,
with their score and history) and returns a `Pairing`. Engines know nothing
about workbooks or rulesets; rulesets build the request and choose the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Entrant:
    """A player to be paired this round, as the engine sees them."""

    id: int
    score: Fraction
    team: str = ""
    fixed_table: int | None = None
    had_bye: bool = False
    last_table: int | None = None
    met: dict[int, int] = field(default_factory=dict, compare=False, hash=False)  # opponent -> last round met
    meetings: dict[int, int] = field(default_factory=dict, compare=False, hash=False)  # opponent -> times met

    def has_met(self, other: int) -> bool:
        return other in self.met


@dataclass(frozen=True)
class PairingRequest:
    """Everything an engine needs: entrants in standings order and the rules that bind it."""

    round: int
    entrants: tuple[Entrant, ...]
    allow_rematches: bool = False
    keep_teams_apart: bool = True


@dataclass
class PairedTable:
    number: int
    player_ids: tuple[int, ...]
    seats: tuple[object, ...] = ()  # what goes in the seat column, when not 1, 2, 3, … (e.g. powers)


@dataclass
class Pairing:
    """The engine's answer: tables in order, byes, and a note for every compromise."""

    tables: list[PairedTable]
    byes: list[int]
    notes: dict[int, list[str]] = field(default_factory=dict)
    player_updates: dict[int, dict[str, object]] = field(default_factory=dict)  # Players cells to fill, by header

    def note(self, player_id: int, text: str) -> None:
        self.notes.setdefault(player_id, []).append(text)

    @property
    def compromises(self) -> list[str]:
        """Every distinct note, in table order, for the `pair` summary."""
        seen: list[str] = []
        for pid in [p for t in self.tables for p in t.player_ids] + self.byes:
            for text in self.notes.get(pid, ()):
                if text not in seen:
                    seen.append(text)
        return seen


class PairingImpossible(Exception):
    """No pairing exists that respects the hard rules (e.g. everyone has had a bye)."""
