"""What differs between two copies of an event, in a TO's words (`sheetrunner diff A.xlsx B.xlsx`).

Copies are compared by meaning (`contents`): a sorted round sheet is the same
round. Each difference is one line saying what changed and where it is in B:
a result (table, player, old → new), a player added, removed, renamed,
dropped or reinstated, a pairing changed by hand, a setting, a sheet.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model import columns as cols
from ..workbook.contents import PAIRING_COLUMNS, Contents, Typed, align, read_contents
from ..workbook.layout import EVENT_SHEET, PLAYERS_SHEET, sheet_key
from ..model.options import normal
from ..workbook.book import Workbook

DROPPED = {normal(name) for name in cols.DROPPED_AFTER.names}
NAMES = {normal(name) for name in cols.PLAYER_NAME.names}
TABLES = {normal(name) for name in cols.TABLE.names}


def shown(value: Any) -> str:
    return "blank" if value is None else f'"{value}"' if isinstance(value, str) else str(value)


def differences(a: Contents, b: Contents) -> list[str]:
    """Every difference from copy `a` to copy `b`, sheets first, then settings, players and each round."""
    lines = _sheets(a, b) + _settings(a, b) + _players(a, b)
    for number in sorted(set(a.rounds) | set(b.rounds)):
        lines += _round(a, b, f"Round {number}")
    return lines


def _sheets(a: Contents, b: Contents) -> list[str]:
    before, after = {sheet_key(t): t for t in a.titles}, {sheet_key(t): t for t in b.titles}
    rounds = set(a.sheet_titles.values()) | set(b.sheet_titles.values())  # said with their rounds
    return [f'Sheet added: "{after[k]}".' for k in after if k not in before and after[k] not in rounds] + \
        [f'Sheet removed: "{before[k]}".' for k in before if k not in after and before[k] not in rounds]


def _settings(a: Contents, b: Contents) -> list[str]:
    old, new = a.row_places(EVENT_SHEET), b.row_places(EVENT_SHEET)
    lines = []
    for label in dict.fromkeys([*old, *new]):
        was, now = _value(old, label, "value"), _value(new, label, "value")
        if was != now:
            lines.append(f"Setting {_label(a, b, EVENT_SHEET, label)}: {shown(was)} → {shown(now)}"
                         f"{_at(b, new.get(label, {}).get('value'), EVENT_SHEET)}.")
    return lines


def _players(a: Contents, b: Contents) -> list[str]:
    old, new = a.row_places(PLAYERS_SHEET), b.row_places(PLAYERS_SHEET)
    lines = [f"Player added: {b.rows[(PLAYERS_SHEET, row)]}{_at(b, _first(new[row]), PLAYERS_SHEET)}." for row in new
             if row not in old and (PLAYERS_SHEET, row) not in a.rows]
    lines += [f"Player removed: {a.rows[(PLAYERS_SHEET, row)]}." for row in old
              if row not in new and (PLAYERS_SHEET, row) not in b.rows]
    for row in (r for r in new if r in old):
        who = a.rows[(PLAYERS_SHEET, row)]
        for column in dict.fromkeys([*old[row], *new[row]]):
            was, now = _value(old, row, column), _value(new, row, column)
            if was == now:
                continue
            typed = new[row].get(column) or old[row][column]
            at = _at(b, new[row].get(column), PLAYERS_SHEET)
            if column in NAMES:
                lines.append(f"Player renamed: {shown(was)} → {shown(now)}{at}.")
            elif column in DROPPED and now is not None:
                lines.append(f"Dropped: {who} after round {now}{at}" + (f" (was {was})." if was is not None else "."))
            elif column in DROPPED:
                lines.append(f"Reinstated: {who} (Dropped after {was} cleared).")
            else:
                lines.append(f"{who}, {typed.header}: {shown(was)} → {shown(now)}{at}.")
    return lines


def _round(a: Contents, b: Contents, sheet: str) -> list[str]:
    if sheet not in b.sheet_titles:
        return [f"{sheet} removed."] if sheet in a.sheet_titles else []
    if sheet not in a.sheet_titles:
        return [f"{sheet} added."]
    old, new = a.row_places(sheet), b.row_places(sheet)
    lines = [f"{sheet}: {b.rows[(sheet, row)]} seated by hand at table {_table(new[row])}"
             f"{_at(b, _first(new[row]), sheet)}." for row in new if row not in old]
    lines += [f"{sheet}: {a.rows[(sheet, row)]} taken out of table {_table(old[row])} by hand." for row in old
              if row not in new]
    results: dict[tuple[Any, str], list[tuple[str, Any, Any, Typed]]] = {}  # (table, header) -> seats changed
    for row in (r for r in new if r in old):
        for column in dict.fromkeys([*old[row], *new[row]]):
            was, now = _value(old, row, column), _value(new, row, column)
            if was == now:
                continue
            typed = new[row].get(column) or old[row][column]
            if column in PAIRING_COLUMNS:
                lines.append(f"{sheet}, {b.rows[(sheet, row)]}: pairing changed by hand: {typed.header} {shown(was)} "
                             f"→ {shown(now)}{_at(b, new[row].get(column), sheet)}.")
            else:
                results.setdefault((_table(new[row]), typed.header), []).append((row, was, now, typed))
    return lines + [_result_line(b, sheet, new, table, header, seats)
                    for (table, header), seats in results.items()]


def _result_line(b: Contents, sheet: str, new: dict[str, dict[str, Typed]], table: Any, header: str,
                 seats: list[tuple[str, Any, Any, Typed]]) -> str:
    """One line per table and result column: `Round 4, table 3 (Ann v Ben): Games won 2-1 → 1-2`."""
    players = " v ".join(b.rows[(sheet, row)] for row in _table_rows(new, table))
    at = {row: (was, now) for row, was, now, _ in seats}
    order = [row for row in _table_rows(new, table) if row in at]
    was, now = ("-".join("_" if at[row][k] is None else str(at[row][k]) for row in order) for k in (0, 1))
    was, now = ("blank" if set(text) <= {"_", "-"} else text for text in (was, now))
    kind = "typed" if all(at[row][0] is None for row in order) else \
        "cleared" if all(at[row][1] is None for row in order) else "changed"
    first = min((typed for *_, typed in seats), key=lambda t: t.row)
    return (f"{sheet}, table {table} ({players}): result {kind}: {header} {was} → {now}"
            f" ({b.sheet_titles[sheet]}!{first.cell}).")


def _table_rows(rows: dict[str, dict[str, Typed]], table: Any) -> list[str]:
    """The rows seated at a table, in sheet order."""
    return sorted((row for row, cells in rows.items() if _table(cells) == table),
                  key=lambda row: min(t.row for t in rows[row].values()))


def _value(rows: dict[str, dict[str, Typed]], row: str, column: str) -> Any:
    typed = rows.get(row, {}).get(column)
    return None if typed is None else typed.value


def _first(row: dict[str, Typed]) -> Typed | None:
    return min(row.values(), key=lambda t: t.column, default=None)


def _table(row: dict[str, Typed]) -> Any:
    return next((typed.value for column, typed in row.items() if column in TABLES), "?")


def _label(a: Contents, b: Contents, sheet: str, row: str) -> str:
    return b.rows.get((sheet, row)) or a.rows[(sheet, row)]


def _at(b: Contents, typed: Typed | None, sheet: str) -> str:
    """Where a value is in B; a value blank there has no cell to name."""
    return "" if typed is None else f" ({b.sheet_titles.get(sheet, sheet)}!{typed.cell})"


def diff_copies(first: Path | str, second: Path | str) -> list[str]:
    """`sheetrunner diff A B`: what differs from copy A to copy B, in a TO's words (none: they agree)."""
    a, b = (Workbook.read(p) for p in (first, second))
    before, after = read_contents(a.sheets, a.titles), read_contents(b.sheets, b.titles)
    align(before, after)
    lines = differences(before, after)
    if before.identity != after.identity:
        lines.insert(0, f"{Path(second).name} is not a copy of {Path(first).name}'s event: its ruleset, random seed "
                     "or event name differ.")
    return lines
