"""The layout of every sheet sheetrunner writes: Event, Players, round sheets, standings, the Log.

Each function turns plain data into a `SheetTable` (headers, rows, widths,
drop-downs) or into the cells to set, and hands it to the `Workbook`.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..model import columns as cols
from ..workbook.layout import EVENT_SHEET, FINAL_STANDINGS, LOG_SHEET, PLAYERS_SHEET, round_title, standings_title
from ..workbook.logsheet import HEADERS as LOG_HEADERS, WIDTHS as LOG_WIDTHS
from ..model.event import Event, Round
from ..model.options import Option, event_options, normal
from ..pairing import Pairing
from ..rulesets import RULESET_NAMES, Ruleset
from ..scoring.standings import Standings
from ..model.numbers import cell_number
from ..workbook.typing_aids import made_for_typing
from ..validate.penalties import COLUMNS as PENALTY_COLUMNS, PENALTIES_SHEET, POINTS, ROUND, PLAYER as PENALISED
from ..workbook.reader import find_sheet
from ..workbook.book import Workbook
from ..workbook.checks import column_range, validation_for, whole_validation
from ..workbook.xlsx.sheetxml import SheetTable, Validation

ROWS_FOR_LATE_ENTRIES = 500  # Players drop-downs reach well below the roster
def _option_validation(option: Option) -> Validation | None:
    if option.key == "ruleset":
        return validation_for(cols.Column("ruleset", "Ruleset", kind="choice", choices=RULESET_NAMES,
                                          hint="Pick a ruleset from the list."))
    if option.kind not in ("yesno", "choice", "whole"):
        return None
    return validation_for(cols.Column(option.key, option.label, kind=option.kind, choices=option.choices,
                                      minimum=option.minimum, hint=option.hint))


def event_sheet(ruleset: Ruleset, chosen: dict[str, Any]) -> SheetTable:
    """`Event`: Setting | Value | About, every option with its value, a drop-down where the value is a choice."""
    options = event_options(ruleset.game.all_options)
    rows = [[option.label, option.cell_value(chosen.get(option.key, option.default)), option.about]
            for option in options]
    rules = {f"B{row}": rule for row, option in enumerate(options, start=2)
             if (rule := _option_validation(option)) is not None}
    return SheetTable(EVENT_SHEET, ["Setting", "Value", "About"], rows, [24, 22, 90], validations=rules)


def players_sheet(ruleset: Ruleset, roster: list[dict[str, Any]], kept: Sequence[str] = ()) -> SheetTable:
    """`Players`: sheetrunner's columns with drop-downs and number checks, then the roster's own columns."""
    columns = cols.PLAYER_COLUMNS + ruleset.layout.player_columns
    rows = [[entry.get("id", index)] + [entry.get(c.key) for c in columns[1:]] + [entry.get(h) for h in kept]
            for index, entry in enumerate(roster, start=1)]
    last = max(len(rows) + 200, ROWS_FOR_LATE_ENTRIES)
    rules = {f"{column_range(i, last)}": rule for i, c in enumerate(columns, start=1)
             if (rule := validation_for(c)) is not None}
    return SheetTable(PLAYERS_SHEET, [c.header for c in columns] + list(kept), rows,
                      [c.width for c in columns] + [16] * len(kept), validations=rules, autofilter=True)


ROWS_FOR_PENALTIES = 200  # far more penalties than an event gives; the checks reach down to here


def penalties_sheet(ruleset: Ruleset, players: int) -> SheetTable:
    """`Penalties` (issue 31): Round | Player | Kind | Points | Note, empty, headed as `validate.penalties` reads it
    (its own columns, so the two cannot drift apart), so a judge's penalty is typed without looking up a header.
    The drop-downs warn instead of refusing where the reader takes more than they offer: the Player list offers
    the roster's names (as far down Players as its checks reach), and an ID is read too; the Kind list offers
    the ruleset's kinds, and DQ, GL and ML are read too."""
    from_players = f"{PLAYERS_SHEET}!$B$2:$B${max(players + 200, ROWS_FOR_LATE_ENTRIES)}"  # Name, as init writes it
    kinds = ", ".join(ruleset.game.penalty_kinds)
    rules = {
        column_range(1, ROWS_FOR_PENALTIES + 1): whole_validation(ROUND),
        column_range(2, ROWS_FOR_PENALTIES + 1): Validation(
            "list", source=from_players, title="Player", error_style="warning",
            message=PENALISED.hint + " An ID is read too: keep it with Yes."),
        column_range(3, ROWS_FOR_PENALTIES + 1): Validation(
            "list", choices=tuple(ruleset.game.penalty_kinds), title="Kind", error_style="warning",
            message=f"Pick one of: {kinds} (DQ, GL and ML are read too: keep them with Yes)."),
        column_range(4, ROWS_FOR_PENALTIES + 1): Validation("any", title="Points", prompt=POINTS.hint),
    }
    return SheetTable(PENALTIES_SHEET, [c.header for c in PENALTY_COLUMNS], [],
                      [c.width for c in PENALTY_COLUMNS], validations=rules)


def round_sheet(event: Event, ruleset: Ruleset, number: int, pairing: Pairing, title: str = "") -> SheetTable:
    """`Round N` (or a stage of the cut, `title`): a row per seat, result cells empty with checks, byes (or sit-outs) last, notes beside the seats."""
    own = ruleset.pairer.own_round_sheet(event, number, pairing, title or round_title(number))  # a team event's layout
    if own is not None:
        return made_for_typing(own, ruleset)
    columns = ruleset.layout.round_headers()
    names = event.players_by_id
    blanks = [None] * len(ruleset.layout.result_columns)

    def note(pid: int) -> str:
        return " ".join(pairing.notes.get(pid, []))

    rows = [[table.number, seat, pid, names[pid].name, *blanks, note(pid) or None]
            for table in pairing.tables
            for seat, pid in zip(table.seats or range(1, len(table.player_ids) + 1), table.player_ids)]
    rows += [[ruleset.layout.bye_label, None, pid, names[pid].name, *blanks, note(pid) or None] for pid in pairing.byes]
    first_result = 5
    rules = {column_range(first_result + i, max(len(rows) + 1, 2)): rule
             for i, c in enumerate(ruleset.layout.result_columns) if (rule := validation_for(c)) is not None}
    return made_for_typing(SheetTable(title or round_title(number), [c.header for c in columns], rows,
                                      [c.width for c in columns], validations=rules), ruleset)


def played_round_sheet(event: Event, ruleset: Ruleset, round_: Round) -> SheetTable:
    """A round with its results typed in, as a TO's finished sheet holds them (a simulated event written out)."""
    columns = ruleset.layout.round_headers()
    names = event.players_by_id

    def cell(value: Any) -> Any:
        return "Y" if value is True else value

    rows = [[ruleset.layout.bye_label if table.is_bye else table.number, None if table.is_bye else seat.seat,
             seat.player_id, names[seat.player_id].name,
             *(None if table.is_bye else cell(seat.result.get(c.key)) for c in ruleset.layout.result_columns),
             seat.note or None]
            for table in round_.tables for seat in table.seats]
    return SheetTable(round_.sheet, [c.header for c in columns], rows, [c.width for c in columns])


def standings_sheet(standings: Standings) -> SheetTable:
    """`Standings after RN`: rank, player and every tiebreaker column; pods get their group and overall rank first."""
    grouped = bool(standings.group_label)
    headers = ([standings.group_label, "Overall"] if grouped else []) + ["Rank", "ID", "Player", "Team"]
    headers += [tb.label for tb in standings.columns] + ["Status"]
    widths = [8, 8] * grouped + [7, 6, 28, 18] + [10] * len(standings.columns) + [10]
    rows = [([row.group, row.overall_rank] if grouped else [])
            + [row.rank_label if row.shared else row.rank, row.player.id, row.player.name, row.player.team or None]
            + [cell_number(row.values[tb.key]) for tb in standings.columns]
            + [row.status or None] for row in standings.rows]
    first = len(headers) - len(standings.columns)
    percent = {first + offset for offset, tb in enumerate(standings.columns) if tb.percent}
    return SheetTable(standings_title(standings.after_round), headers, rows, widths, percent_columns=percent)


def final_standings_sheet(placings: list, standings: Standings, entrant: str = "Player") -> SheetTable:
    """`Final standings`: each player's (in a cut of teams, `entrant` Team: each team's) place after the top cut,
    how far they got, then their standings row."""
    rows_by_id = {row.player.id: row for row in standings.rows}
    team = ["Team"] if entrant == "Player" else []
    headers = ["Place", "ID", entrant, *team, "Reached", "Rank after the rounds"] + [tb.label for tb in standings.columns]
    rows = []
    for placing in placings:
        row = rows_by_id[placing.player_id]
        rows.append([placing.place, row.player.id, row.player.name, *([row.player.team or None] if team else []),
                     placing.reached or None, row.rank_label if row.shared else row.rank]
                    + [cell_number(row.values[tb.key]) for tb in standings.columns])
    first = len(headers) - len(standings.columns) + 1  # columns count from 1
    percent = {first + offset for offset, tb in enumerate(standings.columns) if tb.percent}
    return SheetTable(FINAL_STANDINGS, headers, rows, [7, 6, 28] + [18] * len(team) + [12, 12] +
                      [10] * len(standings.columns), percent_columns=percent)


def patch_players(workbook: Workbook, cells: dict[int, dict[str, Any]], known: tuple[cols.Column, ...]) -> None:
    """Write the Players cells sheetrunner decided (`player_cells`) into the workbook's Players sheet."""
    sheet = find_sheet(workbook.sheets, PLAYERS_SHEET)
    assert sheet is not None, "a workbook without a Players sheet is refused by validation, before any write"
    workbook.patch(sheet.name, player_cells(sheet.headers, sheet.header_row, cells, known))


def player_cells(headers: list[Any], header_row: int, cells: dict[int, dict[str, Any]],
                 known: tuple[cols.Column, ...]) -> dict[tuple[int, int], Any]:
    """Players cells sheetrunner decided (new IDs, pods, cards) by (row, column); a column the sheet lacks is
    added after the last one, under its header."""
    headers = list(headers)
    aliases = {normal(name): column.header for column in known for name in column.names}
    positions = {aliases.get(normal(h), h): i + 1 for i, h in enumerate(headers) if h is not None}
    found: dict[tuple[int, int], Any] = {}
    for row, values in cells.items():
        for header, value in values.items():
            if header not in positions:
                headers.append(header)
                positions[header] = len(headers)
                found[(header_row, positions[header])] = header
            found[(row, positions[header])] = value
    return found


def write_log_row(workbook: Workbook, values: list[Any], recovered: Sequence[list[Any]] = ()) -> None:
    """A row at the end of the Log; a Log written by an older sheetrunner gains the newer columns' headers. A
    new Log starts with the `recovered` rows of one that was deleted (`logrecovery`)."""
    title = workbook.title(LOG_SHEET)
    if title is None:
        workbook.add_sheet(SheetTable(LOG_SHEET, LOG_HEADERS, [*recovered, values], LOG_WIDTHS, hidden=True,
                                      protected=True))  # kept out of the way (issue 31), read all the same
        return
    header = workbook.sheets.get(title)
    have = len(header.headers) if header is not None else 0
    missing = {(header.header_row or 1, column): LOG_HEADERS[column - 1]
               for column in range(have + 1, len(LOG_HEADERS) + 1)} if header is not None else {}
    if missing:
        workbook.patch(LOG_SHEET, missing)
    workbook.append_rows(LOG_SHEET, [values])


def sheet_before_log(workbook: Workbook) -> str | None:
    """New round and standings sheets go before the Log, after everything else."""
    return workbook.title(LOG_SHEET)
