"""The season workbook's `League` sheet (Setting | Value | About): the league's rule, read at its cells, and written
with its defaults when `sheetrunner league` makes a new season.

Every number has a bound (issue 29), the same for reading and for the sheet a new season is made with (its About
column states it): a typing slip such as `1e400` points for 1st place or a best 10⁹ events is refused at its cell,
never carried into a 401-digit total a spreadsheet shows as INF. The bounds are far above any real league's
(`MOST_POINTS`, `MOST_EVENTS`, `MOST_PLAYERS`), so they only ever catch slips. A cell holding an error value
(`#N/A`) or a formula whose value was never saved is an error at that cell, never read as blank (`unreadable`).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..workbook.grid import SheetRows
from .season import DEFAULT_PLACE_POINTS, MATCH_POINTS, PLACING, TIEBREAKS, LeagueRules
from ..model.numbers import cell_number
from ..model.options import normal
from ..model.problems import Problem
from ..workbook.reader import unreadable_cell
from ..model.values import BadValue, as_number, as_text, as_whole_number, is_blank, shown
from ..workbook.xlsx.sheetxml import SheetTable, Validation

LEAGUE_SHEET = "League"
# The published tables top out in the hundreds (Pokémon's Championship Points, TopDeck's circuits: 1st = 100);
# UDisc's store leagues give 1st place the field's size. 100,000 leaves every real table room and stops a slip.
MOST_POINTS = 100_000
MOST_EVENTS = 1_000  # best N, minimum: a weekly league plays 52 events a year
MOST_PLAYERS = 100_000  # an event's size (a tier's Players at least): the largest card-game events have had under 10,000 players
POINTS_RANGE = f"a number from 0 to {MOST_POINTS}"
SETTINGS = {  # label -> (LeagueRules field, about)
    "League name": ("name", "Shown on the season's reports."),
    "Scoring": ("scoring", "Placing: the points of the place in each event (the table below). Match points: each "
                "event's games, a win (or bye), a draw and a loss worth the points below."),
    "Best events": ("best", f"Only each player's best N events count (blank: every event; 1 to {MOST_EVENTS})."),
    "Minimum events": ("minimum", "Events a player must play to be ranked; players with fewer are listed after "
                       f"(1 to {MOST_EVENTS})."),
    "Participation points": ("participation", f"Placing: the points of a place past the table ({POINTS_RANGE})."),
    "Points for a win": ("win", f"Match points: a game won (a bye too; {POINTS_RANGE})."),
    "Points for a draw": ("draw", f"Match points: a game drawn ({POINTS_RANGE})."),
    "Points for a loss": ("loss", f"Match points: a game lost ({POINTS_RANGE})."),
    "Tiebreakers": ("tiebreakers", "After points, in order: " + "; ".join(f"{t.key} ({t.meaning})"
                                                                          for t in TIEBREAKS.values()) + "."),
}
PLACE_ABOUT = (f"Placing: points for this place in an event ({POINTS_RANGE}; add rows for more places; a shared "
               "place gets its points).")
PLACE_LABEL = re.compile(r"(\d{1,4})(st|nd|rd|th)?")


def place_label(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix} place"


def league_sheet(name: str) -> SheetTable:
    """A new season's `League` sheet: every setting with its default, then the table of points per place."""
    rules = LeagueRules(name=name)
    rows = [[label, _cell_value(getattr(rules, key)), about] for label, (key, about) in SETTINGS.items()]
    rows += [[place_label(place), int(points), PLACE_ABOUT] for place, points in
             enumerate(DEFAULT_PLACE_POINTS, start=1)]
    scoring_row = list(SETTINGS).index("Scoring") + 2
    return SheetTable(LEAGUE_SHEET, ["Setting", "Value", "About"], rows, [22, 34, 90], validations={
        f"B{scoring_row}": Validation("list", ("Placing", "Match points"), title="Scoring",
                                      message="Placing or Match points.")})


def _cell_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return ", ".join(value)
    if isinstance(value, Fraction):
        return cell_number(value)
    if value == PLACING:
        return "Placing"
    return value


def read_rules(sheet: SheetRows | None, default_name: str) -> tuple[LeagueRules, list[Problem]]:
    """The `League` sheet's settings (Setting | Value), every problem at its cell; defaults for rows left out."""
    if sheet is None:
        return LeagueRules(name=default_name), []
    chosen: dict[str, Any] = {"name": default_name}
    places: dict[int, Fraction] = {}
    problems: list[Problem] = unreadable_rows(sheet, {"A": "Setting", "B": "Value"})
    labels = {normal(label): label for label in SETTINGS}
    for row, values in sheet.rows:
        label, raw = (list(values) + [None, None])[:2]
        if is_blank(label):
            unreadable(sheet, f"A{row}", "Setting", problems)
            continue
        place = place_of(label)
        if place is None and normal(label) not in labels:
            problems.append(Problem(LEAGUE_SHEET, f"A{row}", f'"{as_text(label)}" is not a league setting.',
                                    "Use one of: " + ", ".join(SETTINGS) + ", or a place such as 9th place."))
        elif not (is_blank(raw) and unreadable(sheet, f"B{row}", as_text(label), problems)):
            key = "place" if place is not None else SETTINGS[labels[normal(label)]][0]
            try:
                value = read_setting(key, raw)
            except BadValue as error:
                about = SETTINGS[labels[normal(label)]][1] if place is None else PLACE_ABOUT
                problems.append(Problem(LEAGUE_SHEET, f"B{row}", f"{as_text(label)} {error}.", about))
                continue
            places.update({place: value} if place is not None else {})
            chosen.update({key: value} if place is None else {})
    problems += table_problems(places, LEAGUE_SHEET, "", "The table of points")
    if places:
        chosen["place_points"] = tuple(places.get(n, Fraction(0)) for n in range(1, max(places) + 1))
    return LeagueRules(**chosen), problems


def table_problems(places: dict[int, Fraction], sheet: str, cell: str, what: str) -> list[Problem]:
    """A table of points with a place missing in the middle (3rd typed, 2nd not) cannot be meant."""
    missing = [n for n in range(1, max(places, default=0) + 1) if n not in places]
    return [Problem(sheet, cell, f"{what} has no {place_label(missing[0])}.",
                    "Give every place from 1st down to the last one a row.")] if missing else []


def place_of(label: Any) -> int | None:
    """1 for "1st place" (or "1st", "1"), else None."""
    words = normal(label).replace("place", "").split()
    match = PLACE_LABEL.fullmatch(words[0]) if len(words) == 1 else None
    return int(match[1]) if match and int(match[1]) >= 1 else None


def read_points(raw: Any) -> Fraction:
    """Points as typed: a number (2.5 and 1/2 too), from 0 to `MOST_POINTS`; no exponents (`1e400`), no digit
    look-alikes (`²`): `values.as_number`, every number reader's rules."""
    if is_blank(raw):
        raise BadValue("needs a number of points")
    try:
        value = as_number(raw)
    except BadValue as error:
        if "at most" not in str(error):
            raise BadValue(str(error).replace("needs a number", "needs a number of points", 1)) from None
        value = Fraction(MOST_POINTS + 1)
    if not 0 <= value <= MOST_POINTS:
        raise BadValue(f"needs a number of points from 0 to {MOST_POINTS}, found {shown(raw)}")
    return value


def read_setting(key: str, raw: Any) -> Any:
    """One setting's value (League or Tiers sheet), bounded; `BadValue` says what is wrong."""
    if key == "name":
        return as_text(raw)
    if key == "scoring":
        text = normal(raw)
        if text not in (PLACING, MATCH_POINTS):
            raise BadValue(f'needs Placing or Match points, found "{as_text(raw)}"')
        return text
    if key in ("best", "minimum", "tier_minimum"):  # a tier's minimum may be 0: no events of it needed
        if is_blank(raw):
            return {"best": None, "minimum": 1, "tier_minimum": 0}[key]
        return as_whole_number(raw, 0 if key == "tier_minimum" else 1, MOST_EVENTS)
    if key == "players_from":
        return None if is_blank(raw) else as_whole_number(raw, 1, MOST_PLAYERS)
    if key == "tiebreakers":
        names = tuple(normal(name).replace(" ", "_") for name in as_text(raw).split(",") if name.strip())
        unknown = [name for name in names if name not in TIEBREAKS]
        if unknown:
            raise BadValue(f'has "{unknown[0]}", which is not a tiebreaker; use {", ".join(TIEBREAKS)}')
        return names
    return read_points(raw)


def unreadable(sheet: SheetRows, cell: str, what: str, problems: list[Problem]) -> bool:
    """The one rule for an error value or an unsaved formula (`validate.reader.unreadable_cell`), in the season's
    sheets too: an error at the cell naming it, never blank."""
    return unreadable_cell(sheet, cell, what, problems)


def unreadable_rows(sheet: SheetRows, columns: dict[str, str]) -> list[Problem]:
    """Rows left out as empty whose only values are errors or unsaved formulas under a column that is read (an
    `Events` row whose File is a formula never calculated): reported, since the row is meant to be there."""
    kept = {row for row, _ in sheet.rows}
    problems: list[Problem] = []
    found = sorted((int(match[2]), match[1]) for match in map(re.compile(r"([A-Z]+)(\d+)").fullmatch, sheet.flags)
                   if match and match[1] in columns)
    for row, letters in found:
        if row > sheet.header_row and row not in kept:
            unreadable_cell(sheet, f"{letters}{row}", columns[letters], problems)
    return problems
