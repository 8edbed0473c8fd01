"""The workbook held to what sheetrunner recorded in the `Log` (§2): no ordinary Excel habit silently changes
the event.

The Log lists every round sheetrunner paired and who was active in it. So a
round tab renamed (`R1`) or deleted, a row typed under the roster after round
1 (a `Total` line, a walk-in whose `Joined in` was forgotten) and values left
under no header (merged header cells) are each said at their cell, instead of
becoming an event with a round missing, a new player or a lost column.
"""

from __future__ import annotations

from ..model import columns as cols
from ..workbook.layout import is_output_sheet, renamed_round_number, round_number, round_title
from ..workbook.logsheet import LogHistory
from ..model.event import Player, Round
from ..model.problems import ERROR, WARNING, Problem
from ..model.values import is_blank
from ..workbook.grid import FORMULA_WITHOUT_VALUE, SheetRows, cell_name
from ..model.names import name_key
from ..workbook.reader import round_sheet_values, visible

def looks_like_round(sheet: SheetRows) -> bool:
    """A sheet with a Table column and a Player (or ID) column: laid out as a round sheet."""
    return cols.TABLE.index_in(sheet.headers) is not None and any(
        column.index_in(sheet.headers) is not None for column in (cols.ROUND_PLAYER, cols.ROUND_PLAYER_ID))


def find_recorded_rounds(sheets: dict[str, SheetRows], log: LogHistory,
                         problems: list[Problem]) -> dict[str, SheetRows]:
    """The sheets as the round reader should see them: a recorded round whose `Round N` tab was shortened
    (`R1`, `Rd 1`) is read as that round, with a warning; a recorded round with no sheet at all is an error
    (pairing it again would silently replace a round that was played). A round-like sheet read as nothing is
    a warning, so a tab renamed in an event without a Log is not silently left out either."""
    present = {round_number(title) for title in sheets} - {None}
    adopted: dict[str, SheetRows] = {}
    for number in sorted(log.recorded - present):
        candidates = [s for t, s in sheets.items() if renamed_round_number(t) == number and t not in adopted]
        if candidates:
            sheet = candidates[0]
            adopted[sheet.name] = sheet
            problems.append(Problem(sheet.name, "", f'The sheet "{visible(sheet.name)}" is read as '
                                    f"{round_title(number)}, which sheetrunner paired (the Log says so).",
                                    f'Rename it "{round_title(number)}".', WARNING))
        else:
            problems.append(_missing_round(sheets, number))
    problems.extend(_unread_round_like(sheets, adopted))
    if not adopted:
        return sheets
    return {(round_title(renamed) if t in adopted and (renamed := renamed_round_number(t)) is not None else t): s
            for t, s in sheets.items()}


def _missing_round(sheets: dict[str, SheetRows], number: int) -> Problem:
    title = round_title(number)
    like = [t for t, s in sheets.items() if round_number(t) is None and not is_output_sheet(t)
            and looks_like_round(s)]
    hint = (f'If "{visible(like[0])}" is that round, rename it "{title}". ' if like else "") + \
        "If it was deleted, undo that, or copy the sheet back from the newest backup (in the -backups folder " \
        "beside the workbook); sheetrunner never pairs a recorded round again."
    return Problem(title, "", f"sheetrunner paired {title} (the Log says so), but the workbook has no sheet "
                   f'named "{title}".', hint)


def _unread_round_like(sheets: dict[str, SheetRows], adopted: dict[str, SheetRows]) -> list[Problem]:
    """Sheets laid out like a round but read as none: `R1` in an event whose Log does not record round 1."""
    problems = []
    for title, sheet in sheets.items():
        if title in adopted or round_number(title) is not None or is_output_sheet(title):
            continue
        number = renamed_round_number(title)
        if number is not None and looks_like_round(sheet):
            problems.append(Problem(sheet.name, "", f'The sheet "{visible(title)}" looks like a round sheet but '
                                    "is not read as one: sheetrunner reads round sheets named Round 1, Round 2, …",
                                    f'Rename it "{round_title(number)}" if it is that round.', WARNING))
    return problems


def added_after_pairing(players: list[Player], rounds: list[Round], sheets: dict[str, SheetRows], log: LogHistory,
                        redo: bool) -> list[Problem]:
    """A Players row that is in no round the Log recorded and sits in no round sheet was added after those
    rounds were paired: with `Joined in` at or before one of them it would silently count as having missed it
    (a loss), and a row that is not a player at all (a `Total` line) would be paired from now on."""
    last = max(log.active, default=0)
    if redo and rounds and rounds[-1].number == last:
        last -= 1  # the round about to be paired again takes anyone added meanwhile
    known = set().union(*log.active.values()) if log.active else set()
    for round_ in rounds:
        known.update(round_.player_ids)
    new = [p for p in players if p.id not in known and any(p.plays_in(r) for r in log.active if r <= last)]
    if new:
        seated = _names_in_round_sheets(sheets)
        new = [p for p in new if name_key(p.name) not in seated]  # their ID was changed: said where it is read
    unplayed = not redo and bool(rounds) and rounds[-1].number == last and not rounds[-1].has_any_result
    return [Problem("Players", player.name_cell, f'"{player.name}" was added after '
                    f"{round_title(_first_missed(player, log, last))} was paired (the Log lists who played it), but "
                    f"Joined in says they play from round {player.joined_in}.", f"If they are a late entry, type "
                    f"{last + 1} under Joined in{_redo_hint(player, last) if unplayed else ''}; if the row is not a "
                    "player (a total, a note), move it off the Players sheet.")
            for player in new]


def _redo_hint(player: Player, last: int) -> str:
    """The walk-in who arrives as the round is announced (issue 31): while it has no results, `--redo` seats them
    in it, once Joined in says that round."""
    typed = "" if player.joined_in == last else f"type {last} under Joined in and "
    return f"; or, to seat them in {round_title(last)}, which has no results yet, {typed}run `sheetrunner pair --redo`"


def _first_missed(player: Player, log: LogHistory, last: int) -> int:
    return min(r for r in log.active if r <= last and player.plays_in(r))


def _names_in_round_sheets(sheets: dict[str, SheetRows]) -> set[str]:
    """Every name typed in a round sheet's Player column (read only when a Players row looks new)."""
    return {name_key(value) for value in round_sheet_values(sheets, cols.ROUND_PLAYER) if isinstance(value, str)}


def values_without_header(sheet: SheetRows, severity: str = ERROR) -> list[Problem]:
    """Values in a column whose header cell is blank are read by nobody: often header cells merged across two
    columns (`Name` over `Team`), which silently loses the second column. One problem per such column."""
    blank = {i for i, header in enumerate(sheet.headers) if is_blank(header)}
    width = len(sheet.headers)
    found: dict[int, int] = {}  # column index -> first row with a value
    for row, values in sheet.rows:
        if len(values) <= width and not blank:
            continue
        for index, value in enumerate(values):
            if (index >= width or index in blank) and index not in found and not is_blank(value):
                found[index] = row
    header_row = sheet.header_row or 1
    return [Problem(sheet.name, cell_name(index, header_row), f"Column {cell_name(index, 0)[:-1]} has values "
                    f"(from {cell_name(index, row)}) but {_no_header(sheet, cell_name(index, header_row))}, so "
                    "sheetrunner does not read them.", "Type the column's header here (if the header cells are "
                    "merged, unmerge them first); or move the values off this sheet.", severity)
            for index, row in sorted(found.items())]


def _no_header(sheet: SheetRows, cell: str) -> str:
    """What stands in a header cell that reads as blank: nothing, or an error or unsaved formula (named, never
    called empty: the one rule of `reader.unreadable_cell`)."""
    flag = sheet.flags.get(cell) if sheet.flags else None
    if flag is None:
        return "no header"
    return "a header formula whose value was never saved" if flag == FORMULA_WITHOUT_VALUE else \
        f"its header holds the error {flag}"
