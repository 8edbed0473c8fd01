"""The names of the sheets sheetrunner reads and writes, and how a sheet's title is matched.

Excel compares sheet names ignoring case; a TO also cannot see a trailing
space or a zero-width character in a tab. So a title is matched by what a
person reads (`sheet_key`), and two sheets that read the same are reported,
never silently picked between.
"""

from __future__ import annotations

import re

from .values import clean_text

EVENT_SHEET = "Event"
PLAYERS_SHEET = "Players"
LOG_SHEET = "Log"
FINAL_STANDINGS = "Final standings"
ROUND_TITLE = re.compile(r"^round\s*0*(\d{1,4})$")
STANDINGS_TITLE = re.compile(r"^standings after r(\d{1,4})$")


def sheet_key(title: str) -> str:
    """A sheet title as a person reads it: case, surrounding and invisible characters ignored."""
    return clean_text(str(title)).casefold()


def round_number(title: str) -> int | None:
    """N for a `Round N` sheet (also `round 01`, `ROUND 2 `), else None."""
    match = ROUND_TITLE.match(sheet_key(title))
    return int(match.group(1)) if match else None


def round_title(number: int) -> str:
    return f"Round {number}"


def standings_title(after_round: int) -> str:
    return f"Standings after R{after_round}"


def is_output_sheet(title: str) -> bool:
    """A sheet sheetrunner writes for people and never reads back (`Standings after RN`, `Final standings`):
    reading its values would only cost time."""
    key = sheet_key(title)
    return bool(STANDINGS_TITLE.match(key)) or key == sheet_key(FINAL_STANDINGS)
