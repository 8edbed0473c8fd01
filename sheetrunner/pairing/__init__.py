"""Pairing engines and what they take and give.

An engine is a small class that declares its options and their defaults (an unknown option is refused
when it is made), takes plain objects (who plays, in standings order, with their score and history) and
returns a finished `Pairing`: tables, byes, and a `Flag` for every compromise it had to make. Each engine
module has one `describe` function that turns its flags into the notes a TO reads. Engines know nothing
about workbooks or rulesets; rulesets build the entrants and choose the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable


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


@dataclass(frozen=True)
class Flag:
    """One compromise an engine made, as data: its kind, the player it concerns, the other player when there
    is one, the facts a note needs, and the engine's function that says it in words."""

    kind: str
    player: int
    other: int | None = None
    facts: tuple = ()
    describe: Callable[[Flag, dict[int, str]], str] | None = field(default=None, compare=False)


@dataclass
class Pairing:
    """The engine's answer: tables in order, byes, and a flag for every compromise (`explain` words them)."""

    tables: list[PairedTable]
    byes: list[int]
    flags: list[Flag] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)
    player_updates: dict[int, dict[str, object]] = field(default_factory=dict)  # Players cells to fill, by header

    def flag(self, flag: Flag) -> None:
        self.flags.append(flag)

    def marks(self, player_id: int) -> dict[str, str]:
        """What the ruleset's own pairing columns say on the player's row (a team event's Team match), by key."""
        return {}

    def note(self, player_id: int, text: str) -> None:
        """A note the ruleset itself adds (e.g. why a player sits out)."""
        self.notes.setdefault(player_id, []).append(text)

    def explain(self, names: dict[int, str]) -> Pairing:
        """Word every flag into the notes, with players' names."""
        for flag in self.flags:
            text = flag.describe(flag, names) if flag.describe else flag.kind
            if text not in self.notes.get(flag.player, []):
                self.note(flag.player, text)
        return self

    @property
    def compromises(self) -> list[str]:
        """Every distinct note, in table order."""
        seen: list[str] = []
        for pid in [p for t in self.tables for p in t.player_ids] + self.byes:
            for text in self.notes.get(pid, ()):
                if text not in seen:
                    seen.append(text)
        return seen

    @property
    def compromises_by_table(self) -> list[Compromise]:
        """Every compromise, one per table and note, in table order, then the byes': the `pair` summary. Two tables
        with the same note ("Paired across score groups (1 v 0).") are two compromises, never one line naming
        four players as if they met at one table (issue 20)."""
        found = []
        for number, players in [(t.number, t.player_ids) for t in self.tables] + [(None, (p,)) for p in self.byes]:
            texts: list[str] = []
            for pid in players:
                texts += [text for text in self.notes.get(pid, ()) if text not in texts]
            found += [Compromise(number, tuple(players), tuple(p for p in players if text in self.notes.get(p, ())),
                                 text) for text in texts]
        return found


@dataclass(frozen=True)
class Compromise:
    """One note at one table: the table's number (None for a bye or sit-out), everyone seated there, the players the
    note concerns (often all of them), and the note as the Note column has it."""

    table: object
    seated: tuple[int, ...]
    player_ids: tuple[int, ...]
    note: str

    @property
    def whole_table(self) -> bool:
        return self.player_ids == self.seated


class PairingImpossible(Exception):
    """No pairing exists that respects the hard rules (e.g. everyone has had a bye). `where`: the sheet and cell
    to change, when one setting is the cause (else the roster is)."""

    def __init__(self, message: str, where: tuple[str, str] = ("Players", "")) -> None:
        super().__init__(message)
        self.where = where


class Engine:
    """A pairing engine. Each is a frozen dataclass whose fields are its settings, typed and with their defaults,
    so a caller passes exactly what the engine reads (an unknown one is a TypeError) and a reader sees them all
    in one place."""
