"""The `Log` sheet: one row per run that wrote the workbook, and what it tells us next time.

Each row keeps a digest of every round's results and a short digest per
table. When a later run finds an earlier round's digest changed after a later
round was paired, it warns and names the tables that changed (§2).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from .model import Event, Round
from .options import normal
from .problems import Problem, warning
from .workbook import SheetRows

LOG_SHEET = "Log"
HEADERS = ["Time", "Command", "sheetrunner", "Random seed", "Wrote", "Last ID", "Results", "Tables"]
WIDTHS = [20, 28, 12, 14, 24, 9, 60, 60]
CELL_LIMIT = 32000


@dataclass
class LastRun:
    """What the newest Log row recorded."""

    last_id: int = 0
    results: dict[int, str] = field(default_factory=dict)
    tables: dict[int, dict[str, str]] = field(default_factory=dict)


def _hash(text: str, length: int) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def table_digests(round_: Round) -> dict[str, str]:
    return {str(t.number) + ("" if not t.is_bye else f"/{t.player_ids[0]}"):
            _hash(repr([(s.player_id, sorted(s.result.items())) for s in t.seats]), 4)
            for t in round_.tables}


def round_digest(round_: Round) -> str:
    return _hash(repr(sorted(table_digests(round_).items())), 8)


def log_values(event: Event, command: str, version: str, wrote: str, last_id: int, time: str) -> list:
    results = " ".join(f"R{r.number}={round_digest(r)}" for r in event.rounds)
    tables = ";".join(f"R{r.number}:" + ",".join(f"{k}={v}" for k, v in table_digests(r).items())
                      for r in event.rounds)
    return [time, command, version, event.settings.seed, wrote, last_id, results,
            tables if len(tables) <= CELL_LIMIT else ""]


def read_last_run(sheet: SheetRows | None) -> LastRun:
    """The newest Log row, read leniently: the Log is ours, and a damaged one only loses the warning."""
    run = LastRun()
    if sheet is None or not sheet.rows:
        return run
    index = {normal(h): i for i, h in enumerate(sheet.headers)}
    values = sheet.rows[-1][1]

    def cell(name: str) -> str:
        position = index.get(normal(name))
        return "" if position is None or position >= len(values) or values[position] is None else str(values[position])

    for _, row in sheet.rows:
        position = index.get("last id")
        if position is not None and position < len(row) and str(row[position] or "").strip().isdigit():
            run.last_id = max(run.last_id, int(str(row[position]).strip()))
    for part in cell("Results").split():
        name, _, digest = part.partition("=")
        if name[1:].isdigit():
            run.results[int(name[1:])] = digest
    for part in filter(None, cell("Tables").split(";")):
        name, _, listing = part.partition(":")
        if name[1:].isdigit():
            run.tables[int(name[1:])] = dict(item.partition("=")[::2] for item in listing.split(",") if item)
    return run


def changed_rounds(event: Event, last: LastRun) -> list[Problem]:
    """Warn for each round whose results changed after a later round was paired."""
    problems = []
    latest = event.last_round.number if event.rounds else 0
    for round_ in event.rounds:
        before = last.results.get(round_.number)
        if before is None or round_.number >= latest or before == round_digest(round_):
            continue
        old = last.tables.get(round_.number, {})
        now = table_digests(round_)
        tables = sorted({k for k in set(old) | set(now) if old.get(k) != now.get(k)}, key=_table_order)
        listed = ", ".join(_table_name(k) for k in tables) if old else "(the Log does not say which rows)"
        problems.append(warning(round_.sheet, "", f"Results changed after Round {round_.number + 1} was paired: "
                                f"{listed}.", "Check these rows; standings now use the new results, but the "
                                "later rounds were paired with the old ones."))
    return problems


def _table_order(key: str) -> tuple:
    number = key.split("/")[0]
    return (0, int(number), key) if number.isdigit() else (1, 0, key)


def _table_name(key: str) -> str:
    number, _, player = key.partition("/")
    return f"bye of player {player}" if player else f"table {number}"
