"""Which file is which in a season (issue 29): an event workbook is never a season, a season never an event, the
season is written as what its name says, and each event counts once.

A workbook is known by its sheets, as a TO knows it: an event has `Event` and `Players`, a season `League` (and
`Events`). `sheetrunner league jan.xlsx feb.xlsx mar.xlsx`, the season's name forgotten, would otherwise write
the season into January and leave January out of it; `pair season.xlsx` would list two missing sheets instead of
saying what the file is. The same event given twice (a hard link, a copy under another name, a copy saved again)
would count twice: files are compared by their bytes before they are read, events by what they are after (their
random seed, name, date and final standings: `event_identity`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Iterable

from .layout import sheet_key
from ..model.problems import Problem

SEASON_SUFFIX = ".xlsx"
EVENT_SHEETS, SEASON_SHEETS = ("Event", "Players"), ("League", "Events")


def _has(titles: Iterable[str], names: tuple[str, ...]) -> list[str]:
    keys = {sheet_key(title) for title in titles}
    return [name for name in names if sheet_key(name) in keys]


def season_not_event(titles: Iterable[str]) -> Problem | None:
    """An event command given a season workbook: one line saying what the file is (for `validate`)."""
    titles = list(titles)
    season = _has(titles, SEASON_SHEETS)
    if not season or _has(titles, EVENT_SHEETS):
        return None
    return Problem("", "", f"This is a season workbook (it has {_sheets(season)}), not an event.",
                   "sheetrunner league reads it; pair, check, standings and report take an event workbook (Event "
                   "and Players sheets).")


def event_not_season(path: Path, titles: Iterable[str]) -> Problem | None:
    """The season's name forgotten (`league jan.xlsx feb.xlsx`): the first event is not a season to write into."""
    found = _has(titles, EVENT_SHEETS)
    if not found:
        return None
    return Problem("", "", f"{path.name} is an event workbook (it has {_sheets(found)}), not a season.",
                   f"Name the season workbook first: sheetrunner league season.xlsx {path.name} …")


def _sheets(names: list[str]) -> str:
    return f"an {names[0]} sheet" if len(names) == 1 else f"{' and '.join(names)} sheets"


def season_suffix(path: Path) -> Problem | None:
    """The season is written as an Excel workbook, so its name must say .xlsx: `season.ods` written as xlsx
    would open as a broken file, `season.xls` would be refused by the Excel that made it."""
    if path.suffix.lower() == SEASON_SUFFIX:
        return None
    what = f"named {path.suffix}" if path.suffix else "named without .xlsx"
    return Problem(path.name, "", f"sheetrunner writes a season as an Excel workbook (.xlsx), so it cannot be {what}.",
                   f"Name it {path.stem}.xlsx: sheetrunner league {path.stem}.xlsx EVENT.xlsx …")


def same_files(events: list[Path]) -> dict[int, int]:
    """Index -> the earlier index of the same bytes (a hard link, a copy under another name). A file that cannot
    be read is left for the event reader to report."""
    seen: dict[str, int] = {}
    twins: dict[int, int] = {}
    for index, event in enumerate(events):
        try:
            digest = hashlib.sha256(event.read_bytes()).hexdigest()
        except OSError:
            continue
        twins.update({index: seen[digest]} if digest in seen else {})
        seen.setdefault(digest, index)
    return twins


def same_events(identities: list[str]) -> dict[int, int]:
    """Index -> the earlier index of the same event (`event_identity`: a copy saved again is still it)."""
    seen: dict[str, int] = {}
    twins: dict[int, int] = {}
    for index, identity in enumerate(identities):
        if identity and identity in seen:
            twins[index] = seen[identity]
        elif identity:
            seen[identity] = index
    return twins


def counted_twice(event: Path, first: Path, same_bytes: bool, sheet: str, cell: str) -> Problem:
    """An event given twice, named with both paths, at its Events cell when the Events sheet listed it."""
    how = "is the same file as" if same_bytes else "holds the same event (its seed, players and results) as"
    return Problem(sheet or event.name, cell, f"{event} {how} {first}: an event counts once in a season.",
                   "Leave one of them out.")


def event_identity(seed: Any, name: str, date: Any, entries: Iterable[Any]) -> str:
    """What makes an event itself, whatever file it is in: its random seed (written by init, one per event), name,
    date and every player's place and games."""
    parts = [repr(seed), name, repr(date)] + [repr((e.name, e.place, e.shared, e.league_id, sorted(e.outcomes.items())))
                                             for e in entries]
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogatepass")).hexdigest()
