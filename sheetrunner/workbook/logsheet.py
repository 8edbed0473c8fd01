"""The `Log` sheet: one row per run that wrote the workbook, and what it tells us next time.

Each row keeps a digest of every round's results and a short digest per
table. When a later run finds an earlier round's digest changed after a later
round was paired, it warns and names the tables that changed (§2).

A row that wrote a round also records who was active when it was paired and
a digest of each table as sheetrunner made it. The first tells a round a
player missed (paired while they were dropped) from a seat the TO forgot; the
second tells a compromise the engine made (and noted) from one made by hand.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..model.event import Event, Round
from ..model.options import normal
from ..model.problems import Problem, warning
from ..model.values import BadValue, as_text, as_whole_number
from .book import SheetRows

LOG_SHEET = "Log"
ABOUT = ("Keep this sheet: it is sheetrunner's memory of the event (each round it paired, who was playing, "
         "digests of the results). Hide it if you like; do not edit or delete it.")
HEADERS = ["Time", "Command", "sheetrunner", "Random seed", "Wrote", "Last ID", "Results", "Tables", "Paired",
           "Active", ABOUT]  # the last header says in plain words what the sheet is, to whoever opens it
WIDTHS = [20, 28, 12, 14, 24, 9, 60, 60, 40, 40, 100]
CELL_LIMIT = 32000
WROTE_ROUND = re.compile(r"^round (\d+)$")
WROTE_STAGE = re.compile(r"^top (\d{1,4})$")
LOG_TIME = re.compile(r"^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d)(:\d\d)?")


@dataclass
class LogHistory:
    """What the Log recorded: the newest row's digests, and for each round what its pairing run saw."""

    last_id: int = 0
    results: dict[int, str] = field(default_factory=dict)
    tables: dict[int, dict[str, str]] = field(default_factory=dict)
    active: dict[int, set[int]] = field(default_factory=dict)  # round -> players paired in it
    paired: dict[int, set[str]] = field(default_factory=dict)  # round -> digests of the tables sheetrunner made

    @property
    def recorded(self) -> set[int]:
        """The rounds the Log says sheetrunner paired (or saw with results when it last wrote); a row naming a
        round with none of its digests (hand-typed, or damaged) records nothing."""
        return {n for n, digests in self.paired.items() if digests} | set(self.results) | set(self.active)


def _hash(text: str, length: int) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:length]


def _table_key(table) -> str:
    return str(table.number) + ("" if not table.is_bye else f"/{table.player_ids[0]}")


def _table_text(table) -> str:
    return repr([(s.player_id, sorted(s.result.items())) for s in table.seats])


def table_digests(round_: Round) -> dict[str, str]:
    return {_table_key(t): _hash(_table_text(t), 4) for t in round_.tables}


def round_digest(round_: Round) -> str:
    """One digest of every table's seats and results (marked `#`: a Log row of sheetrunner 0.1 holds the older
    kind, a digest of the tables' digests, which `same_results` still understands)."""
    return "#" + _hash("\n".join(sorted(f"{_table_key(t)}={_table_text(t)}" for t in round_.tables)), 8)


def same_results(round_: Round, recorded: str) -> bool:
    if recorded.startswith("#"):
        return recorded == round_digest(round_)
    return recorded == _hash(repr(sorted(table_digests(round_).items())), 8)


def seating_digest(number: object, player_ids: tuple[int, ...]) -> str:
    """Who sits at a table, and its label: what a hand edit of the pairing changes."""
    return _hash(f"{number}:{sorted(player_ids)}", 6)


NOTES_RECORDED = "n"  # an item of the Paired cell: the notes this round was written with follow (maybe none)


def note_digest(note: str) -> str:
    """A Note as sheetrunner wrote it, as an item of the Paired cell (`n` and six hex digits, never a seating
    digest): `pair --redo` replaces a Note only when it is one of these (issue 28, `validate.redo`)."""
    return NOTES_RECORDED + _hash(as_text(note), 6)


def note_digests(written: Round) -> list[str]:
    """The marker that the notes are recorded, then a digest of each distinct Note written."""
    notes = {as_text(seat.note) for table in written.tables for seat in table.seats if as_text(seat.note)}
    return [NOTES_RECORDED] + sorted(note_digest(note) for note in notes)


def id_ranges(ids: list[int]) -> str:
    """IDs as compact ranges: 1-12,14,16-30."""
    parts: list[list[int]] = []
    for pid in sorted(set(ids)):
        if parts and parts[-1][1] == pid - 1:
            parts[-1][1] = pid
        else:
            parts.append([pid, pid])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in parts)


def parse_id_ranges(text: str) -> set[int] | None:
    """The IDs of `id_ranges`, or None when the cell is not such a list (the Log is read leniently)."""
    ids: set[int] = set()
    for part in filter(None, text.replace(" ", "").split(",")):
        first, _, last = part.partition("-")
        try:
            low, high = as_whole_number(first, 1), as_whole_number(last or first, 1)
        except BadValue:
            return None
        if high < low or high - low > 100_000:
            return None
        ids.update(range(low, high + 1))
    return ids


def log_values(event: Event, command: str, version: str, wrote: str, last_id: int, time: str,
               written: Round | None = None, also_active: Iterable[int] = ()) -> list:
    """The Log row of one write; `written` is the round this run paired, if any, and `also_active` the players
    active in it without a seat (a team event's substitutes)."""
    results = " ".join(f"R{r.number}={round_digest(r)}" for r in event.rounds)
    fits = sum(len(r.tables) for r in event.rounds) * 10 <= CELL_LIMIT  # else the cell could not hold them
    tables = ";".join(f"R{r.number}:" + ",".join(f"{k}={v}" for k, v in table_digests(r).items())
                      for r in event.rounds) if fits else ""
    paired = active = ""
    if written is not None:
        paired = ",".join([seating_digest(t.number, t.player_ids) for t in written.games] + note_digests(written))
        active = id_ranges(list(written.player_ids) + list(also_active))
    return [time, command, version, event.settings.seed, wrote, last_id, results,
            *(text if len(text) <= CELL_LIMIT else "" for text in (tables, paired, active))]


def read_log(sheet: SheetRows | None) -> LogHistory:
    """Everything the Log tells, read leniently: the Log is ours, and a damaged one only loses its hints. Its rows
    are taken in the order they were written (`_in_written_order`), never in the sheet's: a TO sorts a table of
    times newest first, or filters it, and the memory must not change with that."""
    log = LogHistory()
    if sheet is None or not sheet.rows:
        return log
    index = {normal(h): i for i, h in enumerate(sheet.headers)}

    def cell(values: tuple, name: str) -> str:
        position = index.get(normal(name))
        return "" if position is None or position >= len(values) or values[position] is None else str(values[position])

    rows = _in_written_order([values for _, values in sheet.rows], cell)
    for values in rows:
        try:
            log.last_id = max(log.last_id, as_whole_number(cell(values, "Last ID") or 0))
        except BadValue:
            pass
        wrote = WROTE_ROUND.match(normal(cell(values, "Wrote")))
        if wrote:
            number = int(wrote.group(1))
            active = parse_id_ranges(cell(values, "Active"))
            if active:
                log.active[number] = active
            else:
                log.active.pop(number, None)
            log.paired[number] = set(filter(None, cell(values, "Paired").split(",")))
    newest = rows[-1]
    log.results = _round_digests(cell(newest, "Results"))
    for part in filter(None, cell(newest, "Tables").split(";")):
        name, _, listing = part.partition(":")
        if name[1:].isdecimal() and name[1:].isascii():
            log.tables[int(name[1:])] = dict(item.partition("=")[::2] for item in listing.split(",") if item)
    return log


def _round_digests(text: str) -> dict[int, str]:
    """`R1=#1de449ea R2=#4d6ad6af` as {1: ..., 2: ...}; parts that are not such pairs are skipped."""
    digests = {}
    for part in text.split():
        name, _, digest = part.partition("=")
        if name[1:].isdecimal() and name[1:].isascii():
            digests[int(name[1:])] = digest
    return digests


def _in_written_order(rows: list[tuple], cell: Callable[[tuple, str], str]) -> list[tuple]:
    """The Log's rows oldest first, by what they say: the Time, then how many rounds their Results cover (each
    run covers every round there was, so more is newer), then what they wrote (`_written_rank`), then the highest
    ID given so far (IDs are never reused, so it never falls: a round paired again with a walk-in is the later
    row). Rows that tie on all four keep their sheet order. A row whose Time cannot be read (rebuilt by `logrecovery`, or retyped)
    is placed as late as its content allows among the timed rows: a rebuilt row stands for a round no earlier
    row knew, and a later run always covers at least as many rounds."""
    content = [(len(_round_digests(cell(values, "Results"))), _written_rank(cell(values, "Wrote")),
                _last_id(cell(values, "Last ID"))) for values in rows]
    times = [_log_time(cell(values, "Time")) for values in rows]
    timed = [(said, time) for said, time in zip(content, times) if time is not None]

    def when(position: int) -> str:
        time = times[position]
        if time is not None:
            return time
        return max((time for said, time in timed if said <= content[position]), default="")

    order = sorted(range(len(rows)), key=lambda position: (when(position), content[position]))  # stable
    return [rows[position] for position in order]


def _last_id(text: str) -> int:
    try:
        return as_whole_number(text or 0)
    except BadValue:
        return 0


def _log_time(text: str) -> str | None:
    """`2026-11-21 09:30:00` as written (or as a date cell a spreadsheet made of it), comparable as text; None
    for a cell that is not such a time."""
    match = LOG_TIME.match(text.strip())
    return f"{match.group(1)} {match.group(2)}{match.group(3) or ':00'}" if match else None


def _written_rank(wrote: str) -> tuple[int, int]:
    """What a row wrote, in the order one event writes them for the same results: a standings sheet (written
    once a round's results are in), then the next round; after the last round the cut's stages (Top 8, Top 4,
    Final, or a Top board), then the final standings."""
    key = normal(wrote)
    if match := WROTE_ROUND.match(key):
        return (1, int(match.group(1)))
    if match := WROTE_STAGE.match(key):
        return (2, -int(match.group(1)))
    return {"final": (3, 0), "top board": (3, 0), "final standings": (4, 0)}.get(key, (0, 0))


def changed_rounds(event: Event, log: LogHistory, redo: bool = False) -> list[Problem]:
    """Warn for each round whose results changed after a later round was paired; not for the round just before
    the one `redo` pairs again on them (that is the fix this warning offers)."""
    problems = []
    latest = event.rounds[-1].number if event.rounds else 0
    for round_ in event.rounds:
        before = log.results.get(round_.number)
        if before is None or round_.number >= latest - (1 if redo else 0) or same_results(round_, before):
            continue
        old = log.tables.get(round_.number, {})
        now = table_digests(round_)
        tables = sorted({k for k in set(old) | set(now) if old.get(k) != now.get(k)}, key=_table_order)
        listed = ", ".join(_table_name(k) for k in tables) if old else "(the Log does not say which rows)"
        later = event.rounds[-1]  # unplayed right after the corrected round: pairing it again is the fix (issue 31)
        fix = f" Round {later.number} has no results yet: `sheetrunner pair --redo` pairs it again on the new " \
            "results." if later.number == round_.number + 1 and not later.has_any_result else ""
        problems.append(warning(round_.sheet, "", f"Results changed after Round {round_.number + 1} was paired: "
                                f"{listed}.", "Check these rows; standings now use the new results, but the "
                                f"later rounds were paired with the old ones.{fix}"))
    return problems


def _table_order(key: str) -> tuple:
    number = key.split("/")[0]
    return (0, int(number), key) if number.isdecimal() and number.isascii() else (1, 0, key)


def _table_name(key: str) -> str:
    number, _, player = key.partition("/")
    return f"bye of player {player}" if player else f"table {number}"
