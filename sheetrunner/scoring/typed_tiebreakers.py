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
    names = [_typed_name(word) for word in _words(text)]
    return tuple(name if name in TIEBREAKERS else by_label.get(name, name) for name in names)


def _words(text: str) -> list[str]:
    """The names a cell lists, as typed: comma-separated, blanks left out."""
    return [word.strip() for word in text.split(",") if word.strip()]


def _typed_name(text: str) -> str:
    return normal(text).replace(" ", "_").replace("-", "_")


def score_not_first(text: str, names: tuple[str, ...], score: str, label: str) -> tuple[str, str] | None:
    """When a tiebreaker list typed as `text` (read as `names`) does not begin with the `score` that its ranking
    and pairing lead with (shown as `label`): how it misses it ("does not list MP", "lists OMW% before MP") and the
    list the TO meant, in their own words; None when it begins with it. TOs type the tiebreakers after the points
    (`OMW%, GW%`): read as the whole order, the list would rank without the points and pair the next round as if
    every score were equal."""
    if not names or names[0] == score:
        return None
    typed = _words(text)
    missed = f"does not list {label}" if score not in names else f"lists {typed[0]} before {label}"
    return missed, ", ".join([label, *(word for word, key in zip(typed, names) if key != score)])
