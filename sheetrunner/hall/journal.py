"""The hall's journal: every result reported and every drop asked, kept in SQLite beside the workbook (issue 30).

A report is committed here (SQLite with synchronous writes: on the disk when `receive` returns) before the phone
is told "received", so a server killed a moment later loses nothing: the next start, or the next `pair`, writes
what still waits. The journal decides only what one report means beside the others for its table, comparing the
values the caller has already read and normalised:

- the first report of a table waits to be written (or, when both players must confirm, waits for the other);
- a second report with the same values agrees, and changes nothing (or is the confirmation);
- a report that disagrees with another is a conflict, kept with the other, and nothing of that table is written
  until the TO settles it at the desk: never settled silently.

Whether a report disagrees with what was typed by hand in the round sheet is decided when it is written
(`results`), and also ends as a conflict here.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..workbook.book import now_text

WAITING = "waiting"  # accepted, not yet in the round sheet
WRITTEN = "written"  # in the round sheet (or found there already, typed alike)
UNCONFIRMED = "unconfirmed"  # one player reported; the Event sheet asks both to
SAME = "same"  # agrees with another report of the table: nothing more to do
CONFLICT = "conflict"  # disagrees with another report, or with the sheet: the TO settles it
SETTLED = "settled"  # a conflict the TO settled by keeping another result
REFUSED = "refused"  # could not be written: the round changed under it (the note says why)
ACTIVE = (WAITING, WRITTEN, UNCONFIRMED, CONFLICT)

SCHEMA = """
CREATE TABLE IF NOT EXISTS reports (id INTEGER PRIMARY KEY, round INTEGER NOT NULL, tbl TEXT NOT NULL,
    seats TEXT NOT NULL, by_seat INTEGER, source TEXT NOT NULL, who TEXT NOT NULL, received TEXT NOT NULL,
    status TEXT NOT NULL, note TEXT NOT NULL DEFAULT '', override INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS drops (id INTEGER PRIMARY KEY, round INTEGER NOT NULL, player_id INTEGER NOT NULL,
    name TEXT NOT NULL, who TEXT NOT NULL, received TEXT NOT NULL, status TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS kept (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


@dataclass
class Report:
    id: int
    round: int
    table: str
    seats: list[dict[str, Any]]  # one object per seat in seat order: round sheet header -> value
    by_seat: int | None  # the seat whose player reported (a phone), else None
    source: str  # "code" (a phone or script with the table's code), "desk", "scorekeeper", "secret" (a script)
    who: str  # in words, for the desk: "phone, seat 1 (Ada Abbot)", "scorekeeper"
    received: str
    status: str
    note: str = ""
    override: bool = False  # chosen by the TO over what the sheet holds

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "round": self.round, "table": self.table, "seats": self.seats, "by": self.by_seat,
                "source": self.source, "who": self.who, "received": self.received, "status": self.status,
                "note": self.note}


@dataclass
class Drop:
    id: int
    round: int
    player_id: int
    name: str
    who: str
    received: str
    status: str  # "asked", "confirmed", "declined"


class Journal:
    """One SQLite file; one connection shared by the server's threads behind a lock (writes are few and short)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.lock = threading.RLock()
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        # Closed with the journal even when its owner forgets to (a server state dropped without `close`): an
        # unclosed connection is a ResourceWarning from Python 3.13 on.
        self._closed = weakref.finalize(self, self.db.close)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # committed means on the disk
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        with self.lock:
            self._closed()

    def receive(self, round_number: int, table: str, seats: list[dict[str, Any]], by_seat: int | None,
                source: str, who: str, both_players: bool) -> Report:
        """Keep a report and decide what it means beside the table's others; committed when this returns."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                others = self.reports(round_number, table, ACTIVE)
                status = self._status(others, seats, by_seat, source, both_players)
                cursor = self.db.execute(
                    "INSERT INTO reports (round, tbl, seats, by_seat, source, who, received, status) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?)", (round_number, table, _text(seats), by_seat, source, who,
                                                 now_text(), status))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            assert cursor.lastrowid is not None  # set by the INSERT
            return self.report(cursor.lastrowid)

    def _status(self, others: list[Report], seats: list[dict[str, Any]], by_seat: int | None, source: str,
                both_players: bool) -> str:
        """What a new report is, given the table's active ones; other reports it contradicts become conflicts."""
        if any(r.status == CONFLICT for r in others):
            return CONFLICT
        accepted = [r for r in others if r.status in (WAITING, WRITTEN)]
        waiting = [r for r in others if r.status == UNCONFIRMED]
        against = accepted or waiting
        if against and any(r.seats != seats for r in against):
            for report in against:
                if report.status != WRITTEN:
                    self._set(report.id, CONFLICT)
            return CONFLICT
        if accepted:
            return SAME
        if waiting:
            confirmed = source != "code" or any(r.by_seat != by_seat for r in waiting)
            if not confirmed:
                return SAME
            for report in waiting:
                self._set(report.id, SAME)
            return WAITING
        return UNCONFIRMED if both_players and source == "code" else WAITING

    def _set(self, report_id: int, status: str, note: str = "", override: bool | None = None) -> None:
        self.db.execute("UPDATE reports SET status = ?, note = ? WHERE id = ?", (status, note, report_id))
        if override is not None:
            self.db.execute("UPDATE reports SET override = ? WHERE id = ?", (int(override), report_id))

    def mark(self, report_id: int, status: str, note: str = "") -> None:
        with self.lock:
            self._set(report_id, status, note)

    def settle(self, round_number: int, table: str, chosen: int | None) -> None:
        """The TO's decision on a conflict: the chosen report is written (over what the sheet holds), the others
        are set aside; with no choice, the sheet is kept as it is and every report of the conflict set aside."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            for report in self.reports(round_number, table, (CONFLICT, WAITING, UNCONFIRMED)):
                if report.id == chosen:
                    self._set(report.id, WAITING, "chosen at the desk", override=True)
                else:
                    self._set(report.id, SETTLED, "set aside at the desk")
            self.db.execute("COMMIT")

    def report(self, report_id: int) -> Report:
        with self.lock:
            row = self.db.execute("SELECT * FROM reports WHERE id = ?", (report_id,)).fetchone()
        return _report(row)

    def reports(self, round_number: int | None = None, table: str | None = None,
                statuses: tuple[str, ...] | None = None) -> list[Report]:
        """Reports in the order received, filtered by round, table and status."""
        query, values = "SELECT * FROM reports WHERE 1", []
        for clause, value in (("round = ?", round_number), ("tbl = ?", table)):
            if value is not None:
                query += f" AND {clause}"
                values.append(value)
        if statuses is not None:
            query += f" AND status IN ({','.join('?' * len(statuses))})"
            values += list(statuses)
        with self.lock:
            rows = self.db.execute(query + " ORDER BY id", values).fetchall()
        return [_report(row) for row in rows]

    def ask_drop(self, round_number: int, player_id: int, name: str, who: str) -> Drop:
        """A player asks to drop from their phone; the TO confirms it at the desk (asked once per player)."""
        with self.lock:
            row = self.db.execute("SELECT * FROM drops WHERE player_id = ? AND status = 'asked'", (player_id,)) \
                .fetchone()
            if row is None:
                cursor = self.db.execute("INSERT INTO drops (round, player_id, name, who, received, status) VALUES "
                                         "(?, ?, ?, ?, ?, 'asked')", (round_number, player_id, name, who, now_text()))
                row = self.db.execute("SELECT * FROM drops WHERE id = ?", (cursor.lastrowid,)).fetchone()
        return Drop(*row)

    def drops(self, status: str = "asked") -> list[Drop]:
        with self.lock:
            return [Drop(*row) for row in self.db.execute("SELECT * FROM drops WHERE status = ? ORDER BY id",
                                                          (status,))]

    def mark_drop(self, drop_id: int, status: str) -> None:
        with self.lock:
            self.db.execute("UPDATE drops SET status = ? WHERE id = ?", (status, drop_id))

    def keep(self, key: str, value: Any) -> None:
        """A small piece of the server's state kept across restarts (the round clock)."""
        with self.lock:
            self.db.execute("INSERT OR REPLACE INTO kept (key, value) VALUES (?, ?)", (key, json.dumps(value)))

    def kept(self, key: str) -> Any:
        with self.lock:
            row = self.db.execute("SELECT value FROM kept WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])


def _text(seats: list[dict[str, Any]]) -> str:
    return json.dumps(seats, ensure_ascii=False, sort_keys=True)


def _report(row: tuple) -> Report:
    return Report(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6], row[7], row[8], row[9],
                  bool(row[10]))

