"""Reading a roster CSV for `init --players`: comma or semicolon, with or without a BOM or header."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from .columns import PLAYER_COLUMNS, Column
from .options import normal
from .problems import EventError, Problem
from .values import BadValue


def read_roster(path: Path, extra: tuple[Column, ...] = ()) -> list[dict[str, object]]:
    """One dict per player with the columns sheetrunner knows (`name`, `team`, …)."""
    text = _decode(path)
    rows = [row for row in csv.reader(io.StringIO(text), dialect=_dialect(text)) if any(c.strip() for c in row)]
    if not rows:
        raise EventError(Problem(path.name, "", "The roster file has no players.", "Put one player per line."))
    known = {normal(name): column for column in PLAYER_COLUMNS + extra for name in column.names}
    header = [known.get(normal(cell)) for cell in rows[0]]
    if not any(column is not None and column.key == "name" for column in header):
        header, body = [PLAYER_COLUMNS[1]] + [None] * (len(rows[0]) - 1), rows  # no header: names in column 1
    else:
        body = rows[1:]
    players, problems = [], []
    for line, row in enumerate(body, start=2 if body is not rows else 1):
        entry: dict[str, object] = {}
        for column, cell in zip(header, row):
            if column is None:
                continue
            try:
                entry[column.key] = column.read(cell)
            except BadValue as bad:
                problems.append(Problem(path.name, f"line {line}", f"{column.header} {bad}.", column.hint))
        if entry.get("name"):
            players.append(entry)
    if problems:
        raise EventError(problems)
    return players


def _decode(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise EventError(Problem(path.name, "", f"The roster file cannot be read: {error.strerror}.", "")) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # what Excel on Windows saves as "CSV"


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    try:
        return csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        return csv.excel
