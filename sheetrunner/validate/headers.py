"""Whether a round sheet's headers can be read, and if not, the one error that says why (issue 28).

sheetrunner reads the first row that holds anything as a sheet's headers. A title typed above them, the
`Table` header renamed or its column deleted, the header row sorted into the data or the headers translated
leave a round that reads as nobody seated and nothing typed: it looked unplayed, and `pair --redo` wrote an
empty sheet over its results. So a round sheet whose first row has no Table header, or neither an ID nor a
Player header, is one error at the cell where the headers should be (or where they are, when they are found
lower down), and its rows are not read at all: a cascade of "Table is empty" would hide the cause, and no
message may offer `--redo` for a round whose results cannot be seen.
"""

from __future__ import annotations

from typing import Any

from ..model import columns as cols
from ..model.columns import Column
from ..workbook.grid import SheetRows, cell_name
from ..model.problems import Problem
from ..model.values import is_blank

BACKUP_HINT = "the newest backup (in the -backups folder beside the workbook)"
PLAYER_COLUMNS = (cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER)


def headers_readable(headers: list[Any]) -> bool:
    """A Table (Game, Board, Match) header and an ID or Player header: enough to read who sat where."""
    return cols.TABLE.index_in(headers) is not None and _player_index(headers) is not None


def unreadable_headers(sheet: SheetRows, rules: Any) -> Problem | None:
    """The error for a round sheet whose headers cannot be read, or None when they can (or the sheet holds
    nothing at all: an empty sheet loses nothing, and keeps its own messages)."""
    if not sheet.header_row or headers_readable(sheet.headers):
        return None
    found = next(((row, values) for row, values in sheet.rows if headers_readable(list(values))), None)
    if found is not None:
        return _headers_lower(sheet, *found)
    return _headers_missing(sheet, rules)


def _player_index(headers: list[Any]) -> int | None:
    found = [index for column in PLAYER_COLUMNS if (index := column.index_in(headers)) is not None]
    return min(found, default=None)


def _headers_lower(sheet: SheetRows, row: int, headers: tuple) -> Problem:
    """The header row is further down: under a title (delete the rows above), or sorted into the data (the rows
    above hold tables and players: move it back up)."""
    table, player = cols.TABLE.index_in(list(headers)), _player_index(list(headers))
    assert table is not None and player is not None  # `headers_readable` found both
    above = [(sheet.header_row, tuple(sheet.headers))] + [(r, v) for r, v in sheet.rows if r < row]
    sorted_in = any(_filled(values, table) and _filled(values, player) for _, values in above)
    first = sheet.header_row
    if sorted_in:
        hint = (f"Move row {row} back to the top of the sheet: a sort took the headers into the data (undo the "
                "sort, or sort again with “My data has headers” ticked).")
    else:
        rows = f"row {first}" if row - first == 1 else f"rows {first} to {row - 1}"
        hint = f"Delete {rows}, so the headers are the first row (a title can go below the table, or on another sheet)."
    return Problem(sheet.name, cell_name(table, row), f"The headers of {sheet.name} are on row {row}, not row "
                   f"{first}, so sheetrunner cannot read the sheet: it reads the first row as the headers.", hint)


def _filled(values: tuple, index: int) -> bool:
    return index < len(values) and not is_blank(values[index])


def _headers_missing(sheet: SheetRows, rules: Any) -> Problem:
    """No row has the headers: name what the first row lacks and how to put it back."""
    table_header = rules.layout.table_header
    no_table = cols.TABLE.index_in(sheet.headers) is None
    no_player = _player_index(sheet.headers) is None
    row = sheet.header_row
    if no_table and no_player:
        missing = f"no {table_header} header and neither an ID nor a Player header"
        expected = [table_header, rules.layout.seat_column.header, "ID", "Player",
                    *(column.header for column in rules.layout.result_columns), "Note"]
        hint = f"Type sheetrunner's headers in row {row}, in English (any case): {', '.join(expected)}."
    elif no_table:
        missing = f"no {table_header} header"
        hint = (f"Type {table_header} above the column of {table_header.lower()} numbers; if that column was "
                f"deleted, copy it back from {BACKUP_HINT}.")
    else:
        missing = "neither an ID nor a Player header"
        hint = f"Type Player above the column of players' names (or ID above their IDs); if that column was " \
               f"deleted, copy it back from {BACKUP_HINT}."
    return Problem(sheet.name, f"A{row}", f"The headers of {sheet.name} cannot be read: row {row} has {missing}, "
                   "so sheetrunner cannot tell who sat where or what results were typed.", hint)


def typed_over(sheet: SheetRows, rules: Any, missing: Column) -> int | None:
    """Where a missing column's header was typed over (issue 31: a result typed in the header row): the one cell
    between the known headers around the column's place that holds something no column answers to, or None when
    the header is simply not there (the column deleted, or never made)."""
    layout = [cols.TABLE, rules.layout.seat_column, *PLAYER_COLUMNS, *rules.layout.pairing_columns, *rules.layout.result_columns, cols.NOTE]
    at = {column.key: index for column in layout if (index := column.index_in(sheet.headers)) is not None}
    place = next(i for i, column in enumerate(layout) if column.key == missing.key)
    before = max((at[c.key] for c in layout[:place] if c.key in at), default=-1)
    after = min((at[c.key] for c in layout[place + 1:] if c.key in at and at[c.key] > before),
                default=len(sheet.headers))
    candidates = [index for index in range(before + 1, after) if not is_blank(sheet.headers[index])
                  and not any(column.matches(sheet.headers[index]) for column in layout)]
    return candidates[0] if len(candidates) == 1 else None

