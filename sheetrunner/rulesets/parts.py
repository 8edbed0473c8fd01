"""The parts a ruleset is composed of (issue 32, `composed.Ruleset`): how its sheets look (`Layout`), who plays
and how they are paired (`Pairer`), what it prints (`Reports`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol

from ..model.columns import NOTE, ROUND_PLAYER, ROUND_PLAYER_ID, SEAT, Column
from ..model.history import History
from ..model.event import Event, Placing, Round, SeatScore
from ..pairing import Pairing
from ..model.problems import Problem
from ..scoring.standings import Standings

from ..workbook.xlsx.sheetxml import SheetTable

Locate = Callable[[str, int], str]  # (column key, sheet row) -> "D7"


@dataclass(frozen=True)
class Layout:
    """How the ruleset's sheets look: the round sheet's columns and labels, and the Players columns it reads."""

    result_columns: tuple[Column, ...] = ()
    player_columns: tuple[Column, ...] = ()
    seats_per_table: tuple[int, int] = (2, 2)
    table_header: str = "Table"
    seat_column: Column = SEAT
    pairing_columns: tuple[Column, ...] = ()  # round sheet columns it writes besides Table, Seat, ID, Player
    bye_label: str = "BYE"  # what a bye row's Table cell says
    missed_text: str = "missed (a loss with no opponent)"  # a missed round in a player's history
    entry_note: str = "Type each player's result on their own row."  # the round sheet's note on its result headers
    winner_names: tuple[str, ...] = ()  # result columns where a player's name typed says that player won
    final_title: str = "Final"  # the sheet of a multiplayer ruleset's final game

    def round_headers(self) -> list[Column]:
        """A round sheet's columns: the table, the seat, the player's ID and name, the results, the Note."""
        table = Column("table", self.table_header, width=8)
        return [table, self.seat_column, ROUND_PLAYER_ID, ROUND_PLAYER, *self.result_columns, NOTE]

    @property
    def two_player(self) -> bool:
        """Games of exactly two: matches with records (3-1), a bye, and a bracket for the cut."""
        return self.seats_per_table == (2, 2)


class Pairer(Protocol):
    """Who plays a round and how they are paired: the game's players (`Game`), or teams (`teams.rules`)."""

    def default_rounds(self, player_count: int) -> int: ...

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> Pairing: ...

    def idle_in(self, event: Event, round_number: int) -> set[int]: ...

    def sits_out_freely(self, event: Event, round_number: int) -> set[int]: ...

    def missed_round(self, player_id: int, round_number: int) -> SeatScore: ...

    def settle(self, scores: list[SeatScore], event: Event) -> list[SeatScore]: ...

    def check_event(self, event: Event, players_sheet: str, locate: Locate) -> list[Problem]: ...

    def champion(self, event: Event) -> tuple[int, str] | None: ...

    def cut_placings(self, event: Event) -> list[Placing] | None: ...

    def own_round_sheet(self, event: Event, number: int, pairing: Pairing, title: str) -> SheetTable | None: ...


class Reports(Protocol):
    """What the ruleset prints and writes beside its standings."""

    @property
    def extra_reports(self) -> dict[str, str]: ...  # its own reports: template name -> title

    @property
    def kit(self) -> tuple[str, ...]: ...  # printed together, kit.pdf

    @property
    def left_out_reports(self) -> tuple[str, ...]: ...  # shared reports that make no sense for it

    def group_of(self, event: Event) -> dict[int, str]: ...

    def report_extras(self, event: Event, paired_on: Standings, round_: Round) -> dict[str, object]: ...

    def standings_sheets(self, event: Event, after_round: int) -> list[SheetTable]: ...

    def deciding_standings(self, event: Event) -> Standings | None: ...
