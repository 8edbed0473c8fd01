"""`Round N` sheets: who sat where and what they typed as results (§2)."""

from __future__ import annotations

import difflib
from dataclasses import replace
from functools import cached_property
from typing import AbstractSet, Any, Callable

from ..model import columns as cols
from ..workbook.layout import PLAYERS_SHEET, round_number, round_title, sheet_key
from ..workbook.logsheet import LogHistory
from ..model.event import BYE, Event, Player, Round, Seat, Settings, Table, label_order
from ..model.problems import ERROR, WARNING, Problem
from ..rulesets import Ruleset
from ..rulesets.parts import Locate
from ..rulesets.one_entry import WinnerName
from ..rules.tournament import missing_results
from ..model.values import BadValue, as_label, as_text, is_blank, shown
from ..workbook.grid import SheetRows, cell_name
from .headers import typed_over, unreadable_headers
from ..model.names import name_key
from .memory import values_without_header
from ..workbook.reader import SheetReader, visible

TableRule = Callable[[Ruleset, Table, Settings, str, Locate], list[Problem]]  # (ruleset, table, settings, sheet, locate)

INVALID = "#invalid"  # a result cell already reported as bad: not "empty" as well
BYE_WORDS = {"bye", "sits out", "sit out", "sit-out", "sitting out"}


def round_sheets(sheets: dict[str, SheetRows], problems: list[Problem]) -> list[tuple[int, SheetRows]]:
    """The round sheets in order; two sheets read as the same round are reported and the second is skipped."""
    found: dict[int, SheetRows] = {}
    for title, sheet in sheets.items():
        number = round_number(title)
        if number is None:
            continue
        if number in found:
            if sheet_key(found[number].name) == sheet_key(title):
                continue  # the same name read twice: reported once, as such
            problems.append(Problem(sheet.name, "", f'The sheets "{visible(found[number].name)}" and '
                                    f'"{visible(title)}" are both read as {round_title(number)}.',
                                    "Rename or delete one of them."))
            continue
        found[number] = sheet
    return sorted(found.items(), key=lambda item: item[0])


def read_rounds(sheets: dict[str, SheetRows], ruleset: Ruleset, settings: Settings, players: list[Player],
                problems: list[Problem], log: LogHistory, redo: bool = False,
                cells: dict[int, Callable[[int], str]] | None = None) -> list[Round]:
    """Every round sheet; with `redo`, the last round's seating is not checked, since it is about to be replaced.

    `cells`, when given, gets for each round the function naming a player's cell: its sheet row -> "D7".
    """
    numbered = round_sheets(sheets, problems)
    rounds: list[Round] = []
    for expected, (number, sheet) in enumerate(numbered, start=1):
        if number != expected:
            problems.append(Problem(sheet.name, "", f"There is a {sheet.name} sheet but no Round {expected} sheet.",
                                    "Rename the round sheets so they run Round 1, Round 2, … without a gap."))
            break
        if number > settings.rounds:
            problems.append(Problem(sheet.name, "", f"The event has {settings.rounds} rounds (Event sheet), "
                                    f"but there is a {sheet.name} sheet.", "Raise Rounds in the Event sheet, or "
                                    "delete the extra sheet."))
        replaced = redo and number == len(numbered)
        found: list[Problem] = []
        roster = Event(settings, tuple(players))
        idle = ruleset.pairer.idle_in(roster, number) | ruleset.pairer.sits_out_freely(roster, number)
        reader = RoundReader(sheet, number, ruleset, settings, players, found, log, idle)
        round_ = reader.read()
        if cells is not None:
            cells[number] = reader.player_cell
        if reader.unreadable or not (replaced and not round_.has_any_result):
            problems.extend(found)  # unreadable headers are an error even for --redo: its results cannot be seen
        rounds.append(round_)
    problems.extend(_progress(rounds, ruleset, redo))
    return rounds


def _progress(rounds: list[Round], ruleset: Ruleset, redo: bool) -> list[Problem]:
    """A round being entered is progress (a warning); an earlier round still missing results is an error."""
    problems = []
    if rounds and rounds[-1].has_any_result and not rounds[-1].is_complete and not redo:
        last = rounds[-1]
        done = sum(1 for table in last.games if all(seat.has_result for seat in table.seats))
        problems.append(Problem(last.sheet, "", f"{done} of {len(last.games)} {ruleset.layout.table_header.lower()}s have "
                                "results so far.", "The standings leave this round out until every result is in.",
                                WARNING))
    for round_ in rounds[:-1]:
        if not round_.is_complete:
            problems.append(Problem(round_.sheet, "", f"{round_.sheet} is missing results, but a later round "
                                    "has been paired.", "Enter the missing results (the cells are listed by "
                                    "`sheetrunner check`)."))
            problems.extend(missing_results(round_, ruleset))
    return problems


def not_on_roster_hint(name: str, players: list[Player]) -> str:
    """A name not on the roster gets the closest roster names (§2), or how to add the player."""
    close = difflib.get_close_matches(name, [p.name for p in players], n=3, cutoff=0.6)
    return ("Did you mean " + " or ".join(f'"{c}"' for c in close) + "?") if close else \
        "Add them to the Players sheet first."


def seat_order(seat: Seat) -> tuple:
    """Numbered seats in number order; named seats (powers) as the rows list them."""
    return (seat.seat, seat.row) if isinstance(seat.seat, int) else (0, seat.row)


class RoundReader:
    """Reads one `Round N` sheet into a `Round`, checking seats and results."""

    def __init__(self, sheet: SheetRows, number: int, ruleset: Ruleset, settings: Settings, players: list[Player],
                 problems: list[Problem], log: LogHistory, idle: AbstractSet[int] = frozenset(),
                 table_rule: TableRule | None = None):
        self.sheet, self.number, self.ruleset, self.settings = sheet, number, ruleset, settings
        self.players, self.problems, self.log, self.idle = players, problems, log, idle
        self.table_rule = table_rule  # what a stage of the cut adds to the game's check of a table (a winner)
        known = (cols.TABLE, ruleset.layout.seat_column, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER, cols.NOTE) + \
            ruleset.layout.result_columns
        self.reader = SheetReader(sheet, known, problems)
        self.marks = SheetReader(sheet, ruleset.layout.pairing_columns, []) if ruleset.layout.pairing_columns \
            else None  # a team event's Team match, whose problems its own check says (`teams.check`)
        self.by_id = {p.id: p for p in players}
        self.result_keys = tuple(column.key for column in ruleset.layout.result_columns)
        self._by_name: dict[str, Player] | None = None
        self.row_counts: dict[Any, int] = {}
        self.not_playing_at: list[int] = []  # where in `problems` a seated player who does not play is reported
        self.refused_seats: set[int] = set()  # rows whose seat cell was refused: their game is judged once fixed
        self.unreadable: Problem | None = None  # why the headers cannot be read, when they cannot

    @property
    def by_name(self) -> dict[str, Player]:
        """Players by their name as compared; built only for a row whose ID does not settle who it is."""
        if self._by_name is None:
            self._by_name = {name_key(p.name): p for p in self.players}
        return self._by_name

    def read(self) -> Round:
        self.unreadable = unreadable_headers(self.sheet, self.ruleset)
        if self.unreadable is not None:  # its rows are not read: nothing in them can be placed (issue 28)
            self.problems.append(self.unreadable)
            return Round(self.number, (), self.sheet.name)
        self._check_headers()
        self.reader.unreadable_rows()
        tables: dict[Any, list[Seat]] = {}
        seated: dict[int, int] = {}
        for row, values in self.sheet.rows:
            table, seat = self._read_row(row, values, seated)
            if table is not None:
                self.row_counts[table] = self.row_counts.get(table, 0) + 1
            if table is not None and seat is not None:
                key = (BYE, row) if table == BYE else table
                tables.setdefault(key, []).append(seat)
        round_ = Round(self.number, self._tables(tables), self.sheet.name)
        if not round_.has_any_result:
            self._offer_redo()
        missed = self._check_everyone_seated(seated, round_.has_any_result)
        return Round(round_.number, round_.tables, round_.sheet, tuple(missed))

    def _check_headers(self) -> None:
        self.problems.extend(values_without_header(self.sheet, WARNING))
        needed = [cols.TABLE] + list(self.ruleset.layout.result_columns)
        for column in needed:
            if not self.reader.has(column.key):
                self._no_column(column)
        if not (self.reader.has("id") or self.reader.has("player")):
            self.reader.problem(f"A{self.sheet.header_row or 1}", "The sheet has neither an ID nor a Player column.",
                                "Add a column headed Player with each player's name.")

    def _no_column(self, column: cols.Column) -> None:
        """A needed column missing: at the cell whose header was typed over, when one was (issue 31), else at A1."""
        row = self.sheet.header_row or 1
        index = typed_over(self.sheet, self.ruleset, column)
        if index is None:
            self.reader.problem(f"A{row}", f"The sheet has no {column.header} column.",
                                f"Add a column headed {column.header}.")
            return
        self.reader.problem(cell_name(index, row), f"The header here reads {shown(self.sheet.headers[index])} where "
                            f"{column.header} belongs, so the sheet has no {column.header} column and the results "
                            "under it are not read.", f"Type {column.header} back in this cell (it looks typed over).")

    def _read_row(self, row: int, values: tuple, seated: dict[int, int]) -> tuple[Any, Seat | None]:
        table = self._read_table(row, values)
        player = self._identify(row, values)
        if player is None:
            return table, None
        if player.id in seated:
            self.reader.problem(self.player_cell(row), f"{player.name} is seated twice in this round "
                                f"(also row {seated[player.id]}).", "Delete one of the two rows.")
            return table, None
        seated[player.id] = row  # even at a bad table: one cause, one message
        if table is None:
            return None, None
        if not player.plays_in(self.number):
            self._not_playing(row, player)
        result = {key: self._winner_named(key, values) or self.reader.read(key, row, values, INVALID)
                  for key in self.result_keys}
        if table == BYE:
            if any(v is not None for v in result.values()):
                self.reader.problem(self.reader.cell(self.ruleset.layout.result_columns[0].key, row),
                                    "Results typed on a bye row are ignored.",
                                    "Clear them, or seat the player at a table.", WARNING)
            self.reader.typed("seat", row, values)  # a bye's seat is not read, but an error in it is still said
            return table, Seat(player.id, 0, {key: None for key in result}, self._note(row, values), row,
                               self._marks(row, values))
        seat_number = self.reader.read("seat", row, values, INVALID)
        if seat_number is INVALID:  # said at its cell
            self.refused_seats.add(row)
            seat_number = 0
        return table, Seat(player.id, seat_number or 0, result, self._note(row, values), row, self._marks(row, values))

    def _marks(self, row: int, values: tuple) -> dict[str, str]:
        """The ruleset's own pairing columns on the row, as text; blank for a cell holding an error (#N/A)."""
        if self.marks is None:
            return {}
        return {column.key: "" if self.marks.cell(column.key, row) in self.sheet.flags
                else as_text(self.marks.raw(column.key, values))
                for column in self.ruleset.layout.pairing_columns if self.marks.has(column.key)}

    def _winner_named(self, key: str, values: tuple) -> WinnerName | None:
        """A roster name typed where the ruleset takes a winner's name (a W/L/D cell, issue 31): that player won.
        A result word is read first (a W is a win even for a player called W); anything else is the cell's own."""
        if key not in self.ruleset.layout.winner_names:
            return None
        raw = self.reader.raw(key, values)
        player = self.by_name.get(name_key(raw)) if isinstance(raw, str) and not is_blank(raw) else None
        if player is None:
            return None
        try:
            self.reader.columns[key][1].read(raw)
            return None
        except BadValue:
            return WinnerName(player.id, as_text(raw))

    def _note(self, row: int, values: tuple) -> str:
        return as_text(self.reader.typed("note", row, values))

    def _read_table(self, row: int, values: tuple) -> Any:
        """A table label: any text the TO typed (12, "A", "1A", "Table 12"), or a bye / sit-out marker."""
        raw = self.reader.typed("table", row, values, INVALID)
        if type(raw) is int:
            return raw
        if raw is INVALID:
            return None
        if is_blank(raw):
            self.reader.problem(self.reader.cell("table", row), f"{self.ruleset.layout.table_header} is empty.",
                                f"Type the {self.ruleset.layout.table_header.lower()}'s number or name, or "
                                f"{self.ruleset.layout.bye_label}.")
            return None
        try:
            text = as_label(raw)  # "²" is not table 2
        except BadValue as bad:
            self.reader.problem(self.reader.cell("table", row), f"{self.ruleset.layout.table_header} {bad}.",
                                f"Type the {self.ruleset.layout.table_header.lower()}'s number in the digits 0-9.")
            return None
        if text.casefold() in BYE_WORDS:
            return BYE
        return int(text) if text.isdecimal() and text.isascii() else text

    def _identify(self, row: int, values: tuple) -> Player | None:
        """The player of a row, by ID or by name; both must agree when both are typed."""
        player_id = self.reader.read("id", row, values)
        raw_name = self.reader.typed("player", row, values, INVALID)
        known = self.by_id.get(player_id) if player_id is not None else None
        if known is not None and raw_name == known.name:
            return known  # the usual row, as sheetrunner wrote it: nothing to normalise
        if raw_name is INVALID:  # reported at its cell: the ID alone says who it is, or nothing does
            return known
        name = as_text(raw_name)
        by_name = self.by_name.get(name_key(name)) if name else None
        if player_id is not None:
            player = self.by_id.get(player_id)
            if player is None:
                self.reader.problem(self.reader.cell("id", row), f"No player has ID {player_id}.",
                                    "Use an ID from the Players sheet, or clear it and type the name.")
                return None
            if name and by_name is not player:
                self.reader.problem(self.player_cell(row), f'ID {player_id} is {player.name}, not "{name}".',
                                    "Correct the ID or the name so they match the Players sheet.")
                return None
            return player
        if not name:
            self.reader.problem(self.player_cell(row), "The row names no player.", "Type the player's name.")
            return None
        if by_name is None:
            self.reader.problem(self.player_cell(row), f'"{name}" is not on the roster.',
                                not_on_roster_hint(name, self.players))
        return by_name

    def player_cell(self, row: int) -> str:
        return self.reader.cell("player" if self.reader.has("player") else "id", row)

    def _not_playing(self, row: int, player: Player) -> None:
        if player.joined_in > self.number:
            message = f"{player.name} joins in round {player.joined_in} (Players row {player.row}) but is seated here."
            hint = "Change Joined in, or remove this row."
        else:
            message = f"{player.name} dropped after round {player.dropped_after} (Players row {player.row}) " \
                      "but is seated here."
            hint = "Clear Dropped after to reinstate them, or remove this row."
        self.not_playing_at.append(len(self.problems))
        self.reader.problem(self.player_cell(row), message, hint)

    def _offer_redo(self) -> None:
        """A player dropped (or made to join later) after the round was posted, before any result: `pair --redo`
        pairs it again without them, which beats moving rows by hand (issue 20)."""
        for index in self.not_playing_at:
            problem = self.problems[index]
            self.problems[index] = replace(problem, hint=f"{problem.hint} While {self.sheet.name} has no results, "
                                           "`pair --redo` pairs it again without them.")

    def _tables(self, grouped: dict[Any, list[Seat]]) -> tuple[Table, ...]:
        tables = []
        low, high = self.ruleset.layout.seats_per_table
        for key, seats in grouped.items():
            number = BYE if isinstance(key, tuple) else key
            table = Table(number, tuple(sorted(seats, key=seat_order)))
            tables.append(table if table.is_bye else self._check_table(table, low, high))
        games = sorted((t for t in tables if not t.is_bye), key=lambda t: label_order(t.number))
        return tuple(games + [t for t in tables if t.is_bye])

    def _check_table(self, table: Table, low: int, high: int) -> Table:
        """The table as the model keeps it: a result typed once filled in for the other row (issue 31)."""
        rows = self.row_counts.get(table.number, len(table.seats))
        if not low <= rows <= high:
            label = f"{self.ruleset.layout.table_header} {table.number}"
            size = f"{low}" if low == high else f"{low} to {high}"
            self.reader.problem(self.reader.cell("table", table.seats[0].row), f"{label} has {rows} player(s); a "
                                f"{self.ruleset.game.name} game has "
                                f"{size}.", "Fix the table numbers so each game has the right number of players.")
            return table
        if len(table.seats) < rows or not any(seat.has_result for seat in table.seats):
            return table  # a row whose player could not be read has its own problem; judge the game once it is fixed
        invalid = any(v is INVALID for seat in table.seats for v in seat.result.values()) or any(
            seat.row in self.refused_seats for seat in table.seats)
        if not invalid:
            table, disagree = self.ruleset.game.complete_table(table, self.settings, self.sheet.name, self.reader.cell,
                                                          self.names)
            if disagree:
                self.problems.extend(disagree)
                return table
        if not self._missing(table, invalid) and not invalid:
            found = self.ruleset.game.check_table(table, self.settings, self.sheet.name, self.reader.cell)
            if not found and self.table_rule is not None:
                found = self.table_rule(self.ruleset, table, self.settings, self.sheet.name, self.reader.cell)
            self.problems.extend(found)
        return table

    def _missing(self, table: Table, invalid: bool) -> bool:
        """Each required result cell still empty, at its cell; whether there was one. Beside a refused cell, a
        two-player table's row with nothing typed is not reported too: the refused cell may be the whole entry."""
        blank_ok = invalid and self.ruleset.layout.two_player
        missing = [(seat, column) for seat in table.seats for column in self.ruleset.layout.result_columns
                   if column.required and seat.result.get(column.key) is None and not (blank_ok and not seat.has_result)]
        label = f"{self.ruleset.layout.table_header} {table.number}"
        for seat, column in missing:
            if self.reader.has(column.key):
                self.reader.problem(self.reader.cell(column.key, seat.row), f"{column.header} is empty while other "
                                    f"results of {label.lower()} are filled in.",
                                    "Type the missing result, or clear the whole table to enter it later.")
        return bool(missing)

    @cached_property
    def names(self) -> dict[int, str]:
        """Players' names by ID, for messages that name the two players of a table."""
        return {pid: player.name for pid, player in self.by_id.items()}

    def _check_everyone_seated(self, seated: dict[int, int], started: bool) -> list[int]:
        """Players who should be here but have no seat: those the round was paired without (the Log says who
        was active) missed it; anyone else is a forgotten seat, an error once results are in."""
        active = self.log.active.get(self.number)
        missed = []
        for player in self.players:
            if not player.plays_in(self.number) or player.id in seated or player.id in self.idle:
                continue
            if active is not None and player.id not in active:
                missed.append(player.id)
                continue
            hint = f"Add them to {self.sheet.name}, type {self.number + 1} under Joined in if they arrived after it, " \
                f"or type {self.number - 1} under Dropped after if they left."  # a walk-in's fix too (issue 31)
            if not started:
                hint += f" While {self.sheet.name} has no results, `pair --redo` pairs it again with them."
            self.problems.append(Problem(PLAYERS_SHEET, player.name_cell, f"{player.name} is playing but has "
                                         f"no seat in {self.sheet.name}.", hint, ERROR if started else WARNING))
        return missed
