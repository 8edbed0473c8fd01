"""A `Tiebreakers` or `Team tiebreakers` cell read as a TO types it: by the tiebreaker's name or by its column.

The names (`opponents_match_win_pct`) are what `sheetrunner tiebreakers` lists; the columns (`OMW%`, `BH-C1`) are
what the TO reads on every standings sheet and poster, so they are what many type. Both are read, in any case,
with spaces or hyphens for underscores; every column label is unique and none reads as another tiebreaker's name
(`tests/test_typed_tiebreakers.py`).
"""

from __future__ import annotations

from ..model.options import normal
from .tiebreakers import TIEBREAKERS


def typed_tiebreakers(text: str, also: dict[str, str] | None = None) -> tuple[str, ...]:
    """The tiebreakers a `Tiebreakers` cell names, as keys, in order. A TO may type a key (`opponents_match_win_pct`,
    any case, spaces and hyphens read as underscores) or the column the standings show (`OMW%`, `BH-M1`); `also`
    maps more column names to keys (a team event's `BW%`). A name that is neither stays as read, for the error."""
    by_label = {_typed_name(tiebreaker.label): key for key, tiebreaker in TIEBREAKERS.items()}
    by_label.update({_typed_name(label): key for label, key in (also or {}).items()})
    names = [_typed_name(name) for name in text.split(",") if name.strip()]
    return tuple(name if name in TIEBREAKERS else by_label.get(name, name) for name in names)


def _typed_name(text: str) -> str:
    return normal(text).replace(" ", "_").replace("-", "_")
