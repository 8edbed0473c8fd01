"""Plain objects for an event: what the workbook says, after validation.

Nothing here reads or writes files; pairing, scoring and standings take these
objects, so tests build them by hand without a workbook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
from typing import Any, Callable, Generic, TypeVar, overload

from .options import DECLARED

BYE = "BYE"
SITS_OUT = "Sits out"
# The kinds of penalty the `Penalties` sheet records (§2, issue 21); each ruleset names those that fit it.
WARNING = "warning"
GAME_LOSS = "game loss"
MATCH_LOSS = "match loss"
DISQUALIFICATION = "disqualification"
POINT_DEDUCTION = "point deduction"
PENALTY_KINDS = (WARNING, GAME_LOSS, MATCH_LOSS, DISQUALIFICATION, POINT_DEDUCTION)
Label = int | str  # a table, game or board label: 12, "A", "1A", "Table 12"
T = TypeVar("T")


def label_order(label: Label) -> tuple:
    """Natural order of table labels: numbers by value first, then text as people read it ("2A" < "10A")."""
    if isinstance(label, int):
        return (0, label, "")
    parts = re.split(r"(\d+)", str(label).casefold())  # \d: decimal digits of any script, which int() reads
    return (1, 0, tuple((0, int(part), "") if part.isdecimal() else (1, 0, part) for part in parts if part))


class kept_property(Generic[T]):
    """A property worked out when first read and kept in the instance, as `functools.cached_property` does,
    without the lock it takes before Python 3.12 (a microsecond on each first read: `simulate` reads every
    table of thousands of rounds). For the frozen objects below, whose fields never change."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute, self.name, self.__doc__ = compute, compute.__name__, compute.__doc__

    @overload
    def __get__(self, instance: None, owner: type) -> kept_property[T]: ...

    @overload
    def __get__(self, instance: object, owner: type) -> T: ...

    def __get__(self, instance: object | None, owner: type) -> kept_property[T] | T:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


@dataclass(frozen=True)
class Player:
    """One row of the `Players` sheet."""

    id: int
    name: str
    team: str = ""
    fixed_table: int | None = None
    dropped_after: int | None = None
    joined_in: int = 1
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    row: int = 0
    name_cell: str = field(default="", compare=False)
    disqualified_in: int | None = None  # the round of a disqualification (Penalties sheet); dropped after it
    dropped_cell: str = field(default="", compare=False)  # where Dropped after is typed ("E5"), for messages

    def plays_in(self, round_number: int) -> bool:
        """A player is paired in a round they have joined and not dropped before (§5)."""
        if round_number < self.joined_in:
            return False
        return self.dropped_after is None or round_number <= self.dropped_after


@dataclass(frozen=True)
class Seat:
    """One player's place at a table and what they typed as its result."""

    player_id: int
    seat: int | str = 1  # a number, or a name such as a Diplomacy power
    result: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    note: str = ""
    row: int = 0
    marks: dict[str, str] = field(default_factory=dict, compare=False, hash=False)  # the ruleset's pairing columns
    # on this seat's row, by column key, as text (a team event's Team match): read once, by validation

    @property
    def has_result(self) -> bool:
        return any(value is not None for value in self.result.values())


@dataclass(frozen=True)
class Table:
    """A game: its label (a number, or any text the TO typed; BYE for a bye or sit-out) and its seats."""

    number: Label
    seats: tuple[Seat, ...]

    @property
    def is_bye(self) -> bool:
        return self.number == BYE

    @kept_property
    def player_ids(self) -> tuple[int, ...]:
        """Kept once worked out: scoring, history and `simulate` read it per seat."""
        return tuple(seat.player_id for seat in self.seats)

    def opponents_of(self, player_id: int) -> tuple[int, ...]:
        """Everyone else at this table."""
        ids = self.player_ids
        if len(ids) == 2:  # most tables: the same, without a generator (scoring asks for every seat)
            first, second = ids
            if first != player_id:
                return ids if second != player_id else (first,)
            return (second,) if second != player_id else ()
        return tuple(pid for pid in ids if pid != player_id)


@dataclass(frozen=True)
class Round:
    """A `Round N` sheet, and who missed the round (paired while they were away: a late entry, a drop)."""

    number: int
    tables: tuple[Table, ...]
    sheet: str = ""
    missed: tuple[int, ...] = ()

    @kept_property
    def games(self) -> tuple[Table, ...]:
        """Kept once worked out, as `byes`: scoring, history and `simulate` read both."""
        return tuple(table for table in self.tables if not table.is_bye)

    @kept_property
    def byes(self) -> tuple[int, ...]:
        return tuple(pid for table in self.tables if table.is_bye for pid in table.player_ids)

    @property
    def player_ids(self) -> tuple[int, ...]:
        return tuple(pid for table in self.tables for pid in table.player_ids)

    @property
    def has_any_result(self) -> bool:
        return any(seat.has_result for game in self.games for seat in game.seats)

    @property
    def is_complete(self) -> bool:
        return all(seat.has_result for game in self.games for seat in game.seats)

    def table_of(self, player_id: int) -> Table | None:
        for table in self.tables:
            if player_id in table.player_ids:
                return table
        return None


@dataclass(frozen=True)
class Penalty:
    """One row of the `Penalties` sheet: who was penalised in which round, how, and why.

    `points` is what a point deduction takes off (0 for the other kinds); the round is the one whose match the
    penalty applies to (IPG, Definition of Penalties: a match's own, or the player's next when it had ended)."""

    round: int
    player_id: int
    kind: str
    points: Fraction = Fraction(0)
    note: str = ""
    row: int = 0


@dataclass(frozen=True)
class Settings:
    """The `Event` sheet: ruleset, length, seed, and every option by its key."""

    ruleset: str
    rounds: int
    seed: int
    name: str = ""
    date: str = ""
    tiebreakers: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    report_columns: tuple[str, ...] = ()
    cells: dict[str, str] = field(default_factory=dict, compare=False, hash=False)  # option key -> Event!B5

    def option(self, key: str) -> Any:
        """The event's value of a setting, else the default its declaration states (an event built in code may
        leave settings out); a key nothing declares is a KeyError."""
        value = self.options.get(key)
        return DECLARED[key].default if value is None else value


@dataclass(frozen=True)
class Event:
    """Everything sheetrunner knows: settings, roster and the rounds so far."""

    settings: Settings
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    playoff: tuple[Round, ...] = ()  # the stages of the top cut after the last round (`Top 8`, …, `Final`)
    penalties: tuple[Penalty, ...] = ()  # the `Penalties` sheet, in its row order

    def player(self, player_id: int) -> Player:
        return self.players_by_id[player_id]

    @cached_property
    def players_by_id(self) -> dict[int, Player]:
        """Built once per event (reports look a player up per seat: rebuilding it each time was quadratic)."""
        return {player.id: player for player in self.players}

    @property
    def last_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def is_finished(self) -> bool:
        """The last scheduled round is in and has every result."""
        last = self.last_round
        return last is not None and last.number >= self.settings.rounds and last.is_complete

    def with_rounds(self, rounds: tuple[Round, ...]) -> Event:
        return Event(self.settings, self.players, rounds, self.playoff, self.penalties)

    def with_playoff(self, playoff: tuple[Round, ...]) -> Event:
        return Event(self.settings, self.players, self.rounds, playoff, self.penalties)

    def playing_in(self, round_number: int) -> list[Player]:
        return [player for player in self.players if player.plays_in(round_number)]

    def missed(self, round_: Round) -> list[int]:
        """Players who missed a round: late entries before their first round, and those the round was paired
        without while they were away (recorded by validation from the Log, e.g. a reinstated player)."""
        seated = set(round_.player_ids)
        late = [p.id for p in self.players if p.joined_in > round_.number and p.id not in seated]
        return sorted(set(late) | set(round_.missed))


@dataclass(frozen=True)
class SeatScore:
    """One player's scored outcome of one round: the tidy row every tiebreaker reads.

    `values` holds the ruleset's numbers for the round (e.g. tp, op, sp), all
    exact; `opponents` is empty for a bye.
    """

    round: int
    player_id: int
    opponents: tuple[int, ...]
    values: dict[str, Fraction]
    outcome: str  # "win", "draw", "loss", "bye"

    @property
    def is_bye(self) -> bool:
        return self.outcome == "bye"


@dataclass(frozen=True)
class Placing:
    """A final place once the top cut is decided: a player's (a team's, in a cut of teams) and how far they got."""

    place: int
    player_id: int
    reached: str  # "Champion", "Final", "Top 4", …, or "" for the players outside the cut
