"""Build event workbooks in code, so each test shows its data."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Iterable

import openpyxl

ROUND_HEADERS = ["Table", "Seat", "ID", "Player", "OP", "SP", "Note"]


def make_event(path: Path, players: Iterable[Any], rounds: Iterable[Iterable[tuple]] = (), *,
               ruleset: str = "swiss-tp", total_rounds: int = 5, seed: int = 1,
               settings: dict[str, Any] | None = None, player_headers: list[str] | None = None,
               round_headers: list[str] | None = None) -> Path:
    """A workbook with Event, Players and one sheet per round.

    `players` are names, or rows under `player_headers` (default ID, Name, Team).
    Each round is a list of rows (table, player name, OP, SP) or full rows under
    `round_headers`.
    """
    book = openpyxl.Workbook()
    event = book.active
    event.title = "Event"
    event.append(["Setting", "Value"])
    for label, value in {"Ruleset": ruleset, "Rounds": total_rounds, "Random seed": seed,
                         "Event name": "Test Open", **(settings or {})}.items():
        event.append([label, value])
    sheet = book.create_sheet("Players")
    headers = player_headers or ["ID", "Name", "Team"]
    sheet.append(headers)
    ids = {}
    for index, entry in enumerate(players, start=1):
        row = [index, entry, None] if isinstance(entry, str) else list(entry)
        sheet.append(row)
        if "Name" in headers and "ID" in headers:
            ids[row[headers.index("Name")]] = row[headers.index("ID")]
    for number, rows in enumerate(rounds, start=1):
        write_round(book, number, rows, ids, round_headers)
    book.save(path)
    return path


def write_round(book: openpyxl.Workbook, number: int, rows: Iterable[tuple], ids: dict[str, Any],
                headers: list[str] | None = None) -> None:
    sheet = book.create_sheet(f"Round {number}")
    if headers:
        sheet.append(headers)
        for row in rows:
            sheet.append(list(row))
        return
    sheet.append(ROUND_HEADERS)
    seats: dict[Any, int] = {}
    for table, name, op, sp in rows:
        seats[table] = seats.get(table, 0) + 1
        sheet.append([table, seats[table], ids.get(name), name, op, sp, None])


def add_round(path: Path, rows: Iterable[tuple]) -> None:
    """Append the next round sheet to an existing workbook (IDs looked up in Players)."""
    book = openpyxl.load_workbook(path)
    ids = {row[1]: row[0] for row in book["Players"].iter_rows(min_row=2, values_only=True)}
    numbers = [int(name.split()[1]) for name in book.sheetnames if name.startswith("Round ")]
    write_round(book, max(numbers, default=0) + 1, rows, ids)
    book.save(path)


def enter_results(path: Path, round_number: int, results: dict[str, tuple[int, int]]) -> None:
    """Type OP and SP for players of a round sheet sheetrunner wrote."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {round_number}"]
    for row in sheet.iter_rows(min_row=2):
        name = row[3].value
        if name in results:
            row[4].value, row[5].value = results[name]
    book.save(path)


def round_rows(path: Path, round_number: int) -> list[tuple]:
    book = openpyxl.load_workbook(path, read_only=True)
    rows = [tuple(r) for r in book[f"Round {round_number}"].iter_rows(values_only=True)]
    book.close()
    return rows


def digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
