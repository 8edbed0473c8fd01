"""What sheetrunner writes into a workbook: new event sheets, round sheets, standings, the Log.

Each function turns plain data into rows and hands them to `WorkbookWriter`;
the layout of every sheet sheetrunner makes is decided here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

from . import columns as cols
from .layout import EVENT_SHEET, LOG_SHEET, PLAYERS_SHEET
from .logsheet import HEADERS as LOG_HEADERS, WIDTHS as LOG_WIDTHS
from .model import Event
from .options import COMMON_OPTIONS, Option, normal
from .pairing import Pairing
from .rulesets import RULESETS, Ruleset
from .standings import Standings
from .workbook import WorkbookWriter, append_rows, style_header, validation_for


def cell_number(value: Fraction, decimals: int = 4) -> int | float:
    """Exact inside, rounded only for display: whole numbers stay whole."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else round(float(value), decimals)


def write_event_sheet(writer: WorkbookWriter, ruleset: Ruleset, chosen: dict[str, Any]) -> None:
    """`Event`: Setting | Value | About, every option with its value, drop-downs for lists."""
    sheet = writer.book.active
    sheet.title = EVENT_SHEET
    options = COMMON_OPTIONS + ruleset.options
    rows = [[option.label, option.cell_value(chosen.get(option.key, option.default)), option.about]
            for option in options]
    sheet.append(["Setting", "Value", "About"])
    style_header(sheet, ["Setting", "Value", "About"], [24, 22, 90])
    append_rows(sheet, rows)
    for row, option in enumerate(options, start=2):
        rule = _option_validation(option)
        if rule is not None:
            rule.add(f"B{row}")
            sheet.add_data_validation(rule)


def _option_validation(option: Option) -> DataValidation | None:
    if option.key == "ruleset":
        return validation_for(cols.Column("ruleset", "Ruleset", kind="choice", choices=tuple(RULESETS),
                                          hint="Pick a ruleset from the list."))
    kinds = {"yesno": "yesno", "choice": "choice", "whole": "whole"}
    if option.kind not in kinds:
        return None
    return validation_for(cols.Column(option.key, option.label, kind=kinds[option.kind], choices=option.choices,
                                      minimum=option.minimum, hint=option.hint))


def write_players_sheet(writer: WorkbookWriter, ruleset: Ruleset, roster: list[dict[str, Any]],
                        kept: list[str] = ()) -> None:
    """`Players`: sheetrunner's columns with drop-downs and number checks, then the roster's own columns."""
    columns = cols.PLAYER_COLUMNS + ruleset.player_columns
    rows = [[entry.get("id", index)] + [entry.get(c.key) for c in columns[1:]] + [entry.get(h) for h in kept]
            for index, entry in enumerate(roster, start=1)]
    validations = {i: validation_for(c) for i, c in enumerate(columns, start=1) if validation_for(c) is not None}
    writer.write_table(PLAYERS_SHEET, [c.header for c in columns] + list(kept), rows,
                       [c.width for c in columns] + [16] * len(kept), validations)
    sheet = writer.find_sheet(PLAYERS_SHEET)
    for column, rule in validations.items():  # extend drop-downs well below the roster for late entries
        letter = get_column_letter(column)
        rule.sqref = type(rule.sqref)(f"{letter}2:{letter}{max(len(rows) + 200, 500)}")
    sheet.auto_filter.ref = f"A1:{get_column_letter(len(columns) + len(kept))}{max(len(rows) + 1, 2)}"


def round_headers(ruleset: Ruleset) -> list[cols.Column]:
    table = cols.Column("table", ruleset.table_header, width=8)
    return [table, ruleset.seat_column, cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER, *ruleset.result_columns, cols.NOTE]


def write_round_sheet(writer: WorkbookWriter, event: Event, ruleset: Ruleset, number: int, pairing: Pairing,
                      index: int | None) -> None:
    """`Round N`: a row per seat, result cells empty with checks, byes last, notes beside the seats."""
    columns = round_headers(ruleset)
    names = event.players_by_id
    blanks = [None] * len(ruleset.result_columns)

    def note(pid: int) -> str:
        return " ".join(pairing.notes.get(pid, []))

    rows = [[table.number, seat, pid, names[pid].name, *blanks, note(pid)]
            for table in pairing.tables
            for seat, pid in zip(table.seats or range(1, len(table.player_ids) + 1), table.player_ids)]
    rows += [[ruleset.bye_label, None, pid, names[pid].name, *blanks, note(pid)] for pid in pairing.byes]
    first_result = 5
    validations = {first_result + i: validation_for(c) for i, c in enumerate(ruleset.result_columns)
                   if validation_for(c) is not None}
    writer.write_table(f"Round {number}", [c.header for c in columns], rows, [c.width for c in columns],
                       validations, index)


def write_standings_sheet(writer: WorkbookWriter, standings: Standings, index: int | None) -> None:
    """`Standings after RN`: rank, player and every tiebreaker column, replaced on each run.

    Rulesets that rank inside groups (pods) get the group and the overall rank first.
    """
    name = f"Standings after R{standings.after_round}"
    existing = writer.remove_sheet(name)
    grouped = bool(standings.group_label)
    headers = ([standings.group_label, "Overall"] if grouped else []) + ["Rank", "ID", "Player", "Team"]
    headers += [tb.label for tb in standings.columns] + ["Status"]
    widths = [8, 8] * grouped + [7, 6, 28, 18] + [10] * len(standings.columns) + [10]
    rows = [([row.group, row.overall_rank] if grouped else [])
            + [row.rank_label if row.shared else row.rank, row.player.id, row.player.name, row.player.team]
            + [cell_number(row.values[tb.key]) for tb in standings.columns]
            + ["dropped" if row.dropped else ""] for row in standings.rows]
    sheet = writer.write_table(name, headers, rows, widths, index=existing if existing is not None else index)
    first = len(headers) - len(standings.columns)
    for offset, tiebreaker in enumerate(standings.columns):
        if tiebreaker.percent:
            for (cell,) in sheet.iter_rows(min_row=2, min_col=first + offset, max_col=first + offset):
                cell.number_format = "0.00%"


def fill_player_cells(writer: WorkbookWriter, header_row: int, headers: list[Any],
                      cells: dict[int, dict[str, Any]], known: tuple[cols.Column, ...]) -> None:
    """Fill Players cells sheetrunner decided (new IDs, pods, cards), by row and column header.

    A column the sheet lacks is added after the last one, under its header.
    """
    if not cells:
        return
    sheet = writer.find_sheet(PLAYERS_SHEET)
    headers = list(headers)
    aliases = {normal(name): column.header for column in known for name in column.names}
    positions = {aliases.get(normal(h), h): i + 1 for i, h in enumerate(headers) if h is not None}
    for row, values in cells.items():
        for header, value in values.items():
            if header not in positions:
                headers.append(header)
                positions[header] = len(headers)
                sheet.cell(row=header_row, column=positions[header]).value = header
            sheet.cell(row=row, column=positions[header]).value = value


def append_log(writer: WorkbookWriter, values: list[Any]) -> None:
    """A row at the end of the Log; a Log written by an older sheetrunner gains the newer columns' headers."""
    sheet = writer.find_sheet(LOG_SHEET)
    if sheet is None:
        sheet = writer.add_sheet(LOG_SHEET)
        sheet.append(LOG_HEADERS)
    style_header(sheet, LOG_HEADERS, LOG_WIDTHS)
    for column, header in enumerate(LOG_HEADERS, start=1):
        sheet.cell(row=1, column=column).value = header
    append_rows(sheet, [values])


def insertion_index(writer: WorkbookWriter) -> int:
    """New round and standings sheets go before the Log, after everything else."""
    log = writer.find_sheet(LOG_SHEET)
    return writer.book.worksheets.index(log) if log is not None else len(writer.book.worksheets)
