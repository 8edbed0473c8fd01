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


def headers_of(sheet) -> dict[str, int]:
    """Column number by header text of a sheet's first row."""
    return {cell.value: cell.column for cell in sheet[1] if cell.value is not None}


def type_results(path: Path, round_number: int, results: dict[str, dict[str, Any]]) -> None:
    """Type results into a round sheet by player name and column header, as a scorekeeper would."""
    book = openpyxl.load_workbook(path)
    sheet = book[f"Round {round_number}"]
    columns = headers_of(sheet)
    for row in range(2, sheet.max_row + 1):
        name = sheet.cell(row=row, column=columns["Player"]).value
        for header, value in results.get(name, {}).items():
            sheet.cell(row=row, column=columns[header]).value = value
    book.save(path)


def edit_players(path: Path, changes: dict[str, dict[str, Any]] = (), new: list[dict[str, Any]] = ()) -> None:
    """Change Players cells by name and header; append new players (a header missing from the sheet is added)."""
    book = openpyxl.load_workbook(path)
    sheet = book["Players"]
    columns = headers_of(sheet)

    def column(header: str) -> int:
        if header not in columns:
            columns[header] = sheet.max_column + 1
            sheet.cell(row=1, column=columns[header]).value = header
        return columns[header]

    for row in range(2, sheet.max_row + 1):
        name = sheet.cell(row=row, column=columns["Name"]).value
        for header, value in dict(changes).get(name, {}).items():
            sheet.cell(row=row, column=column(header)).value = value
    for entry in new:
        row = sheet.max_row + 1
        for header, value in entry.items():
            sheet.cell(row=row, column=column(header)).value = value
    book.save(path)


def seating(path: Path, round_number: int) -> dict[Any, list[str]]:
    """{table label: [player names]} of a round sheet, byes and sit-outs under their label."""
    tables: dict[Any, list[str]] = {}
    rows = round_rows(path, round_number)
    columns = {header: index for index, header in enumerate(rows[0])}
    table_column = next(columns[h] for h in ("Table", "Game", "Board") if h in columns)
    for row in rows[1:]:
        tables.setdefault(row[table_column], []).append(row[columns["Player"]])
    return tables


def game_win_figures(run, path: Path) -> tuple[dict, dict]:
    """Each player's (match points, GW%, OGW%) as `standings --json` prints them, and (GW%, OGW%) exactly, as the
    library computes them: the two tests of game points compare both with figures worked by hand."""
    import json

    from sheetrunner import api

    result = run("standings", "--json", "--no-write", path)
    assert result.exit_code == 0, result.output
    shown = {row["name"]: (row["match_points"], row["game_win_pct"], row["opponents_game_win_pct"])
             for row in json.loads(result.stdout)}
    exact = {row.player.name: (row.values["game_win_pct"], row.values["opponents_game_win_pct"])
             for row in api.current_standings(path, write=False).standings.rows}
    return shown, exact
