"""A round sheet made for typing (issue 31): what the TO types into stands out, and a table's rows read as one.

A round of 200 players is 200 rows. So that a result is typed fast and in
the right place, the sheet sheetrunner writes
- bands every other table and draws a line above each table's first row,
- fills the result cells (the only cells to type in) pale yellow, and
  formats those that take a score as text, so Excel keeps a typed `2-1`
  instead of turning it into 1 February,
- notes on each result header how one row says the whole match (Excel shows
  the note when the header is selected), and offers the W/L/D drop-down with
  a warning, not a refusal, where a winner's name is read too,
- freezes the header row and the columns up to the player's name, so the
  table number stays in view, and puts a filter on the headers (find table
  57 by picking it).
Values are written as before: only the cells' look changes.
"""

from __future__ import annotations

from typing import Any

from .grid import column_letter
from .xlsx.sheetxml import SheetTable, Validation

SCORE_KINDS = ("games", "score")  # result columns that take a score such as 2-1: formatted as text
NOTE_TITLE = "Type results here"
PLAYER_HEADERS = ("ID", "Player")  # the columns up to the last of these stay in view


def made_for_typing(table: SheetTable, rules: Any) -> SheetTable:
    """`table` (a round sheet, sheetrunner's layout or a team event's) with the aids above; a sheet without a
    player column is left as it is."""
    headers = list(table.headers)
    columns = {index: column for index, header in enumerate(headers, start=1)
               for column in rules.layout.result_columns if column.matches(header)}
    player = max((index for index, header in enumerate(headers, start=1) if header in PLAYER_HEADERS), default=0)
    if not columns or not player:
        return table
    table.input_columns = set(columns)
    table.text_columns = {index for index, column in columns.items() if column.kind in SCORE_KINDS}
    at = headers.index(rules.layout.table_header) if rules.layout.table_header in headers else 0  # a team event's boards too
    labels = [row[at] if len(row) > at else None for row in table.rows]
    table.groups = table_groups(labels)
    table.rows_without_input = {index for index, row in enumerate(table.rows)
                                if rules.layout.bye_label in (str(row[0]) if row else "", str(labels[index]))}
    table.frozen_columns = player
    table.autofilter = True
    table.validations = {**{cells: warned(rule, rules) for cells, rule in table.validations.items()},
                         **header_notes(columns, rules)}
    return table


def table_groups(labels: list[Any]) -> list[int]:
    """Each row's table, counted from 0 as the labels change down the sheet (sheetrunner writes tables as numbers:
    a row labelled by text, a bye or a sit-out, is its own)."""
    groups, number = [], -1
    for index, label in enumerate(labels):
        if index == 0 or label != labels[index - 1] or isinstance(label, str):
            number += 1
        groups.append(number)
    return groups


def warned(rule: Validation, rules: Any) -> Validation:
    """A drop-down whose column also reads a winner's name warns about other text instead of refusing it."""
    if rule.kind != "list" or not rules.layout.winner_names:
        return rule
    return Validation(rule.kind, rule.choices, rule.minimum, rule.title, rule.message + " The winner's name is read "
                      "too: keep it with Yes.", error_style="warning")


def header_notes(columns: dict[int, Any], rules: Any) -> dict[str, Validation]:
    """The note Excel shows on a selected result header: how to type a result once per table."""
    return {f"{column_letter(index)}1": Validation("any", title=NOTE_TITLE, prompt=rules.layout.entry_note[:255])
            for index in columns}
