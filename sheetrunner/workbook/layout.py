"""The names of the sheets sheetrunner reads and writes, and how a sheet's title is matched.

Excel compares sheet names ignoring case; a TO also cannot see a trailing
space or a zero-width character in a tab. So a title is matched by what a
person reads (`sheet_key`), and two sheets that read the same are reported,
never silently picked between.
"""

from __future__ import annotations

import re

from ..model.values import clean_text

EVENT_SHEET = "Event"
PLAYERS_SHEET = "Players"
LOG_SHEET = "Log"
FINAL_STANDINGS = "Final standings"
ROUND_TITLE = re.compile(r"^round\s*0*(\d+)$")
RENAMED_ROUND_TITLE = re.compile(r"^(?:r|rd|rnd|round)[\s.#_-]*0*(\d{1,4})$")  # R1, Rd 1, Rnd.1, Round-1
TOO_LARGE = 10**9  # a round number no event reaches: "Round 99999999999" is read as this, and refused as such
STANDINGS_TITLE = re.compile(r"^(?:team )?standings after r(\d{1,4})$")  # a team event writes both


def sheet_key(title: str) -> str:
    """A sheet title as a person reads it: case, surrounding and invisible characters ignored."""
    return clean_text(str(title)).casefold()


def round_number(title: str) -> int | None:
    """N for a `Round N` sheet (also `round 01`, `ROUND 2 `), else None. A number of more digits than any event
    needs reads as `TOO_LARGE`, so the sheet is refused as a round past the event's last, never ignored."""
    match = ROUND_TITLE.match(sheet_key(title))
    if not match:
        return None
    digits = match.group(1).lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else TOO_LARGE


def renamed_round_number(title: str) -> int | None:
    """N for a sheet whose name a TO shortened from `Round N` (`R1`, `Rd 1`, `Rnd. 1`, `Round-01`), else None:
    read as that round only when the Log records that sheetrunner paired it and no `Round N` sheet is left."""
    match = RENAMED_ROUND_TITLE.match(sheet_key(title))
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
