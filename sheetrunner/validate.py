"""From raw sheet rows to an `Event`, collecting every problem on the way.

Validation never raises on bad data: each finding becomes a `Problem` with
the sheet, the cell, what is wrong and how to fix it, and reading goes on so
the TO sees everything at once. Only the ruleset being unknown stops the
reading of round sheets (their columns depend on it).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from openpyxl.utils import get_column_letter

from . import columns as cols
from .columns import Column
from .logsheet import LOG_SHEET, LastRun, changed_rounds, read_last_run
from .model import BYE, Event, Player, Round, Seat, Settings, Table
from .options import COMMON_OPTIONS, Option, normal, option_by_label
from .problems import ERROR, WARNING, Problem
from .rulesets import RULESETS, Ruleset, get_ruleset
from .tiebreakers import TIEBREAKERS
from .values import BadValue, as_text, is_blank
from .workbook import FormulaProbe, SheetRows

EVENT_SHEET = "Event"
PLAYERS_SHEET = "Players"
ROUND_NAME = re.compile(r"^\s*round\s+(\d+)\s*$", re.IGNORECASE)
INVALID = "#invalid"  # a result cell already reported as bad: not "empty" as well


@dataclass
class Checked:
    """What validation found: the event (when readable), its ruleset and every problem."""

    problems: list[Problem]
    event: Event | None = None
    ruleset: Ruleset | None = None
    new_ids: dict[int, int] = field(default_factory=dict)  # Players row -> assigned ID


def cell_name(column_index: int, row: int) -> str:
    return f"{get_column_letter(column_index + 1)}{row}"


def find_sheet(sheets: dict[str, SheetRows], name: str) -> SheetRows | None:
    return next((s for title, s in sheets.items() if title.strip().lower() == name.lower()), None)


class SheetReader:
    """Reads cells of one sheet by column key, turning bad values into problems."""

    def __init__(self, sheet: SheetRows, known: tuple[Column, ...], problems: list[Problem], probe: FormulaProbe):
        self.sheet, self.problems, self.probe = sheet, problems, probe
        self.columns: dict[str, tuple[int, Column]] = {}
        lookup = {normal(name): column for column in known for name in column.names}
        for index, header in enumerate(sheet.headers):
            column = lookup.get(normal(header)) if not is_blank(header) else None
            if column is None:
                continue
            if column.key in self.columns:
                first = cell_name(self.columns[column.key][0], sheet.header_row)
                self.problem(cell_name(index, sheet.header_row),
                             f'A second "{column.header}" column (first at {first}).',
                             "Keep one of them; rename or delete the other.")
                continue
            self.columns[column.key] = (index, column)

    def problem(self, cell: str, message: str, hint: str = "", severity: str = "error") -> None:
        self.problems.append(Problem(self.sheet.name, cell, message, hint, severity))

    def has(self, key: str) -> bool:
        return key in self.columns

    def cell(self, key: str, row: int) -> str:
        index = self.columns[key][0] if key in self.columns else len(self.sheet.headers)
        return cell_name(index, row)

    def raw(self, key: str, values: tuple) -> Any:
        if key not in self.columns:
            return None
        index = self.columns[key][0]
        return values[index] if index < len(values) else None

    def read(self, key: str, row: int, values: tuple, invalid: Any = None) -> Any:
        """The cell's clean value or None; a bad value, or a formula without a saved value, becomes a problem.

        A bad value returns `invalid`, so a caller can tell it from an empty cell.
        """
        if key not in self.columns:
            return None
        column = self.columns[key][1]
        raw = self.raw(key, values)
        try:
            value = column.read(raw)
        except BadValue as bad:
            self.problem(self.cell(key, row), f"{column.header} {bad}.", column.hint)
            return invalid
        if value is None and self.probe.is_uncached_formula(self.sheet.name, self.cell(key, row)):
            self.problem(self.cell(key, row), f"{column.header} holds a formula whose value was never saved.",
                         "Open the workbook in Excel or LibreOffice and save it, so the value is stored.")
        return value


def validate(sheets: dict[str, SheetRows], probe: FormulaProbe) -> Checked:
    """Read and check the whole workbook."""
    checked = Checked(problems=[])
    last_run = read_last_run(find_sheet(sheets, LOG_SHEET))
    settings, ruleset = read_settings(sheets, checked.problems, probe)
    checked.ruleset = ruleset
    players_sheet = find_sheet(sheets, PLAYERS_SHEET)
    extra = ruleset.player_columns if ruleset else ()
    players, checked.new_ids = read_players(players_sheet, extra, checked.problems, probe, sheets, last_run)
    if ruleset is not None and players_sheet is not None:
        checked.problems.extend(ruleset.check_players(players, players_sheet.name))
    if settings is None or ruleset is None or players_sheet is None:
        return checked
    rounds = read_rounds(sheets, ruleset, settings, players, checked.problems, probe)
    checked.event = Event(settings, tuple(players), tuple(rounds))
    checked.problems.extend(changed_rounds(checked.event, last_run))
    return checked


# --- Event -----------------------------------------------------------------------------------


def read_settings(sheets: dict[str, SheetRows], problems: list[Problem],
                  probe: FormulaProbe) -> tuple[Settings | None, Ruleset | None]:
    sheet = find_sheet(sheets, EVENT_SHEET)
    if sheet is None:
        problems.append(Problem(EVENT_SHEET, "", "The workbook has no Event sheet.",
                                "Make the workbook with `sheetrunner init`, or add a sheet named Event with "
                                "Setting and Value columns."))
        return None, None
    reader = SheetReader(sheet, (Column("setting", "Setting", ("Option", "Name")), Column("value", "Value")),
                         problems, probe)
    if not (reader.has("setting") and reader.has("value")):
        reader.problem("A1", "The Event sheet needs a header row with Setting and Value columns.",
                       "Type Setting in A1 and Value in B1, then one setting per row below.")
        return None, None
    typed: dict[str, tuple[int, Any, str]] = {}
    for row, values in sheet.rows:
        label = as_text(reader.raw("setting", values))
        if not label:
            continue
        if normal(label) in typed:
            first = typed[normal(label)][0]
            reader.problem(reader.cell("setting", row), f'"{label}" is set twice (first on row {first}).',
                           "Delete one of the two rows.")
            continue
        typed[normal(label)] = (row, reader.raw("value", values), label)
    ruleset = _read_ruleset(typed, reader)
    options = COMMON_OPTIONS + (ruleset.options if ruleset else ())
    known = option_by_label(options)
    parsed: dict[str, Any] = {}
    for option in options:
        row, raw, _ = typed.get(normal(option.label), (0, None, ""))
        parsed[option.key] = _read_option(option, row, raw, reader)
    for label_key, (row, _, label) in typed.items():
        if label_key not in known and ruleset is not None:
            reader.problem(reader.cell("setting", row), f'Unknown setting "{label}"; it is ignored.',
                           "Check the spelling; `sheetrunner rulesets` lists each ruleset's settings.", "warning")
    tiebreakers = _read_tiebreakers(parsed.get("tiebreakers") or "", typed, reader)
    if ruleset is None or any(parsed.get(k) is None for k in ("rounds", "seed")):
        return None, ruleset
    settings = Settings(ruleset=ruleset.name, rounds=parsed["rounds"], seed=parsed["seed"], name=parsed["name"],
                        date=parsed["date"], tiebreakers=tiebreakers or ruleset.tiebreakers, options=parsed)
    return settings, ruleset


def _read_ruleset(typed: dict, reader: SheetReader) -> Ruleset | None:
    row, raw, _ = typed.get("ruleset", (0, None, ""))
    names = ", ".join(RULESETS)
    if is_blank(raw):
        where = reader.cell("value", row) if row else "A1"
        reader.problem(where, "Ruleset is not set.", f"Add a Ruleset row with one of: {names}.")
        return None
    ruleset = get_ruleset(as_text(raw))
    if ruleset is None:
        reader.problem(reader.cell("value", row), f'Unknown ruleset "{as_text(raw)}".', f"Use one of: {names}.")
    return ruleset


def _read_option(option: Option, row: int, raw: Any, reader: SheetReader) -> Any:
    if not row and option.required:
        reader.problem("A1", f"The {option.label} setting is missing.", f"Add a row: {option.label} | value.")
        return None
    try:
        return option.read(raw)
    except BadValue as bad:
        reader.problem(reader.cell("value", row), f"{option.label} {bad}.", option.hint)
        return None


def _read_tiebreakers(text: str, typed: dict, reader: SheetReader) -> tuple[str, ...]:
    names = tuple(normal(name).replace(" ", "_").replace("-", "_") for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in TIEBREAKERS]
    if unknown:
        row = typed.get("tiebreakers", (0,))[0]
        reader.problem(reader.cell("value", row), "Unknown tiebreaker " + ", ".join(f'"{n}"' for n in unknown) + ".",
                       "Use names from: " + ", ".join(TIEBREAKERS) + ".")
        return ()
    return names


# --- Players ---------------------------------------------------------------------------------


def read_players(sheet: SheetRows | None, extra: tuple[Column, ...], problems: list[Problem], probe: FormulaProbe,
                 sheets: dict[str, SheetRows], last_run: LastRun) -> tuple[list[Player], dict[int, int]]:
    if sheet is None:
        problems.append(Problem(PLAYERS_SHEET, "", "The workbook has no Players sheet.",
                                "Add a sheet named Players with a Name column and one player per row."))
        return [], {}
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS + extra, problems, probe)
    if not reader.has("name"):
        reader.problem(f"A{sheet.header_row or 1}", "The Players sheet has no Name column.",
                       "Add a column headed Name with one player per row.")
        return [], {}
    entries: list[tuple[int, dict[str, Any]]] = []
    names: dict[str, int] = {}
    ids: dict[int, int] = {}
    for row, values in sheet.rows:
        fields = {key: reader.read(key, row, values) for key in reader.columns}
        name = fields.get("name")
        if not name:
            if any(fields.get(key) is not None for key in fields if key != "id"):
                reader.problem(reader.cell("name", row), "Name is empty.", "Type the player's name, or delete the row.")
            continue
        key = name.casefold()
        if key in names:
            reader.problem(reader.cell("name", row), f'"{name}" is on the roster twice (also row {names[key]}).',
                           "Delete the repeated row, or tell the two players apart (e.g. add an initial).")
            continue
        names[key] = row
        if fields.get("id") is not None:
            if fields["id"] in ids:
                first = ids[fields["id"]]
                reader.problem(reader.cell("id", row), f"ID {fields['id']} is used twice (also row {first}).",
                               "Give each player their own ID, or clear it and sheetrunner assigns a new one.")
                fields["id"] = None
            else:
                ids[fields["id"]] = row
        entries.append((row, fields))
    new_ids = _assign_ids(entries, _highest_id(sheets, ids, last_run))
    players = [_player(row, fields, new_ids, extra, reader.cell("name", row)) for row, fields in entries]
    return players, new_ids


def _highest_id(sheets: dict[str, SheetRows], ids: dict[int, int], last_run: LastRun) -> int:
    """IDs are never reused: new ones start above any seen in Players, a round sheet or the Log."""
    highest = max([last_run.last_id, *ids])
    for title, sheet in sheets.items():
        if ROUND_NAME.match(title):
            lookup = {normal(n) for n in cols.ROUND_PLAYER_ID.names}
            index = next((i for i, h in enumerate(sheet.headers) if normal(h) in lookup), None)
            if index is not None:
                for _, values in sheet.rows:
                    value = values[index] if index < len(values) else None
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        highest = max(highest, int(value))
    return highest


def _assign_ids(entries: list[tuple[int, dict]], highest: int) -> dict[int, int]:
    new_ids = {}
    for row, fields in entries:
        if fields.get("id") is None:
            highest += 1
            new_ids[row] = highest
    return new_ids


def _player(row: int, fields: dict[str, Any], new_ids: dict[int, int], extra: tuple[Column, ...],
            name_cell: str) -> Player:
    return Player(
        id=fields.get("id") or new_ids[row],
        name=fields["name"],
        team=fields.get("team") or "",
        fixed_table=fields.get("fixed_table"),
        dropped_after=fields.get("dropped_after"),
        joined_in=fields.get("joined_in") or 1,
        extra={column.key: fields.get(column.key) for column in extra},
        row=row,
        name_cell=name_cell,
    )


# --- Rounds ----------------------------------------------------------------------------------


def read_rounds(sheets: dict[str, SheetRows], ruleset: Ruleset, settings: Settings, players: list[Player],
                problems: list[Problem], probe: FormulaProbe) -> list[Round]:
    numbered = sorted((int(m.group(1)), sheet) for title, sheet in sheets.items() if (m := ROUND_NAME.match(title)))
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
        rounds.append(RoundReader(sheet, number, ruleset, settings, players, problems, probe).read())
    if rounds and rounds[-1].has_any_result and not rounds[-1].is_complete:
        last = rounds[-1]
        done = sum(1 for table in last.games if all(seat.has_result for seat in table.seats))
        problems.append(Problem(last.sheet, "", f"{done} of {len(last.games)} {ruleset.table_header.lower()}s have "
                                "results so far.", "The standings leave this round out until every result is in.",
                                WARNING))
    for round_ in rounds[:-1]:
        if not round_.is_complete:
            problems.append(Problem(round_.sheet, "", f"{round_.sheet} is missing results, but a later round "
                                    "has been paired.", "Enter the missing results (the cells are listed by "
                                    "`sheetrunner check`)."))
            problems.extend(missing_results(round_, ruleset))
    return rounds


def seat_order(seat: Seat) -> tuple:
    """Numbered seats in number order; named seats (powers) as the rows list them."""
    return (seat.seat, seat.row) if isinstance(seat.seat, int) else (0, seat.row)


def missing_results(round_: Round, ruleset: Ruleset) -> list[Problem]:
    """One problem per game with no result yet, naming its first row."""
    return [Problem(round_.sheet, f"A{table.seats[0].row}", f"Table {table.number} has no result yet.",
                    "Type the result for every seat at this table.")
            for table in round_.games if not all(seat.has_result for seat in table.seats)]


class RoundReader:
    """Reads one `Round N` sheet into a `Round`, checking seats and results."""

    def __init__(self, sheet: SheetRows, number: int, ruleset: Ruleset, settings: Settings, players: list[Player],
                 problems: list[Problem], probe: FormulaProbe):
        self.sheet, self.number, self.ruleset, self.settings = sheet, number, ruleset, settings
        self.players, self.problems = players, problems
        known = (cols.TABLE, ruleset.seat_column, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER, cols.NOTE) + \
            ruleset.result_columns
        self.reader = SheetReader(sheet, known, problems, probe)
        self.by_id = {p.id: p for p in players}
        self.by_name = {p.name.casefold(): p for p in players}

    def read(self) -> Round:
        self._check_headers()
        tables: dict[Any, list[Seat]] = {}
        self.row_counts: dict[Any, int] = {}
        seated: dict[int, int] = {}
        for row, values in self.sheet.rows:
            table, seat = self._read_row(row, values, seated)
            if table is not None:
                self.row_counts[table] = self.row_counts.get(table, 0) + 1
            if table is not None and seat is not None:
                key = (BYE, row) if table == BYE else table
                tables.setdefault(key, []).append(seat)
        round_ = Round(self.number, self._tables(tables), self.sheet.name)
        self._check_everyone_seated(seated, round_.has_any_result)
        return round_

    def _check_headers(self) -> None:
        needed = [cols.TABLE] + list(self.ruleset.result_columns)
        for column in needed:
            if not self.reader.has(column.key):
                self.reader.problem(f"A{self.sheet.header_row or 1}", f"The sheet has no {column.header} column.",
                                    f"Add a column headed {column.header}.")
        if not (self.reader.has("id") or self.reader.has("player")):
            self.reader.problem(f"A{self.sheet.header_row or 1}", "The sheet has neither an ID nor a Player column.",
                                "Add a column headed Player with each player's name.")

    def _read_row(self, row: int, values: tuple, seated: dict[int, int]) -> tuple[Any, Seat | None]:
        table = self._read_table(row, values)
        player = self._identify(row, values)
        if player is None or table is None:
            return table, None
        if player.id in seated:
            self.reader.problem(self._player_cell(row), f"{player.name} is seated twice in this round "
                                f"(also row {seated[player.id]}).", "Delete one of the two rows.")
            return table, None
        seated[player.id] = row
        if not player.plays_in(self.number):
            self._not_playing(row, player)
        result = {c.key: self.reader.read(c.key, row, values, invalid=INVALID) for c in self.ruleset.result_columns}
        if table == BYE and any(v is not None for v in result.values()):
            self.reader.problem(self.reader.cell(self.ruleset.result_columns[0].key, row),
                                "Results typed on a bye row are ignored.", "Clear them, or seat the player at a table.",
                                "warning")
            result = {key: None for key in result}
        seat_number = self.reader.read("seat", row, values) or 0
        note = as_text(self.reader.raw("note", values))
        return table, Seat(player.id, seat_number, result, note, row)

    def _read_table(self, row: int, values: tuple) -> Any:
        raw = self.reader.raw("table", values)
        if is_blank(raw):
            self.reader.problem(self.reader.cell("table", row), f"{cols.TABLE.header} is empty.", cols.TABLE.hint)
            return None
        if as_text(raw).upper() == BYE:
            return BYE
        try:
            return cols.Column("table", "Table", kind="whole", minimum=1).read(raw)
        except BadValue as bad:
            self.reader.problem(self.reader.cell("table", row), f"{self.ruleset.table_header} {bad}.",
                                f"Type a {self.ruleset.table_header.lower()} number from 1, or BYE.")
            return None

    def _identify(self, row: int, values: tuple) -> Player | None:
        """The player of a row, by ID or by name; both must agree when both are typed."""
        player_id = self.reader.read("id", row, values)
        name = as_text(self.reader.raw("player", values))
        by_name = self.by_name.get(name.casefold()) if name else None
        if player_id is not None:
            player = self.by_id.get(player_id)
            if player is None:
                self.reader.problem(self.reader.cell("id", row), f"No player has ID {player_id}.",
                                    "Use an ID from the Players sheet, or clear it and type the name.")
                return None
            if name and by_name is not player:
                self.reader.problem(self._player_cell(row), f'ID {player_id} is {player.name}, not "{name}".',
                                    "Correct the ID or the name so they match the Players sheet.")
                return None
            return player
        if not name:
            self.reader.problem(self._player_cell(row), "The row names no player.", "Type the player's name.")
            return None
        if by_name is None:
            close = difflib.get_close_matches(name, [p.name for p in self.players], n=3, cutoff=0.6)
            hint = ("Did you mean " + " or ".join(f'"{c}"' for c in close) + "?") if close else \
                "Add them to the Players sheet first."
            self.reader.problem(self._player_cell(row), f'"{name}" is not on the roster.', hint)
        return by_name

    def _player_cell(self, row: int) -> str:
        return self.reader.cell("player" if self.reader.has("player") else "id", row)

    def _not_playing(self, row: int, player: Player) -> None:
        if player.joined_in > self.number:
            message = f"{player.name} joins in round {player.joined_in} (Players row {player.row}) but is seated here."
            hint = "Change Joined in, or remove this row."
        else:
            message = f"{player.name} dropped after round {player.dropped_after} (Players row {player.row}) " \
                      "but is seated here."
            hint = "Clear Dropped after to reinstate them, or remove this row."
        self.reader.problem(self._player_cell(row), message, hint)

    def _tables(self, grouped: dict[Any, list[Seat]]) -> tuple[Table, ...]:
        tables = []
        low, high = self.ruleset.seats_per_table
        for key, seats in grouped.items():
            number = BYE if isinstance(key, tuple) else key
            table = Table(number, tuple(sorted(seats, key=seat_order)))
            if not table.is_bye:
                self._check_table(table, low, high)
            tables.append(table)
        games = sorted((t for t in tables if not t.is_bye), key=lambda t: t.number)
        return tuple(games + [t for t in tables if t.is_bye])

    def _check_table(self, table: Table, low: int, high: int) -> None:
        first = self.reader.cell("table", table.seats[0].row)
        label = f"{self.ruleset.table_header} {table.number}"
        rows = self.row_counts.get(table.number, len(table.seats))
        if not low <= rows <= high:
            size = f"{low}" if low == high else f"{low} to {high}"
            self.reader.problem(first, f"{label} has {rows} player(s); a {self.ruleset.name} game has "
                                f"{size}.", "Fix the table numbers so each game has the right number of players.")
            return
        if not any(seat.has_result for seat in table.seats):
            return
        missing = [(seat, column) for seat in table.seats for column in self.ruleset.result_columns
                   if column.required and seat.result.get(column.key) is None]
        for seat, column in missing:
            if self.reader.has(column.key):
                self.reader.problem(self.reader.cell(column.key, seat.row), f"{column.header} is empty while other "
                                    f"results of {label.lower()} are filled in.",
                                    "Type the missing result, or clear the whole table to enter it later.")
        if not missing and not any(v is INVALID for seat in table.seats for v in seat.result.values()):
            self.problems.extend(self.ruleset.check_table(table, self.settings, self.sheet.name, self.reader.cell))

    def _check_everyone_seated(self, seated: dict[int, int], started: bool) -> None:
        """A playing player without a seat: an error once results are in, before that a warning."""
        for player in self.players:
            if player.plays_in(self.number) and player.id not in seated:
                hint = f"Add them to {self.sheet.name}, or type {self.number - 1} under Dropped after if they left."
                if not started:
                    hint += f" While {self.sheet.name} has no results, `pair --redo` pairs it again with them."
                self.problems.append(Problem(PLAYERS_SHEET, player.name_cell, f"{player.name} is playing but has "
                                             f"no seat in {self.sheet.name}.", hint, ERROR if started else WARNING))
