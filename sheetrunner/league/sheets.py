"""The season workbook's lists, read as the event's sheets are (issue 29): `Aliases` (Name | Same as), `Events`
(File, and an optional Tier) and `Tiers` (Setting | one column per tier, issue 33).

Every cell that is read follows the one rule for error values and formulas without a saved value (`#N/A`, an
uncached `=VLOOKUP(…)`): an error at the cell that names it, never a blank, never a row quietly skipped (an event
left out of the season). Every problem is listed at once, at its cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..model.columns import Column
from ..workbook.grid import SheetRows, cell_name, column_letter
from .season import Alias
from .names import ALIASES_SHEET, fold_name
from .settings import PLACE_ABOUT, place_of, read_setting, table_problems, unreadable, unreadable_rows
from .tiers import TIERS_SHEET, Tier
from ..model.options import normal
from ..model.problems import Problem
from ..model.values import BadValue, as_text, is_blank

EVENTS_SHEET = "Events"
NOTES = ("about", "note", "notes")  # a Tiers column of the TO's own words, not a tier
ALIAS_NAME = Column("name", "Name")
SAME_AS = Column("same_as", "Same as")
EVENT_FILE = Column("file", "File", ("Workbook", "Event"))
EVENT_TIER = Column("tier", "Tier")
TIER_SETTINGS = {  # a Tiers row's label -> (Tier field, reader key, about)
    "Players at least": ("players_from", "players_from", "An event whose Tier is blank is of the largest tier its "
                         "number of players reaches (blank: never chosen by size)."),
    "Best events": ("best", "best", "A player's best N events of this tier count (blank: every one)."),
    "Minimum events": ("minimum", "tier_minimum", "Events of this tier a player must play to be ranked."),
    "Participation points": ("participation", "participation", "A place past this tier's table."),
    "Points for a win": ("win", "win", "Match points in this tier's events."),
    "Points for a draw": ("draw", "draw", "Match points in this tier's events."),
    "Points for a loss": ("loss", "loss", "Match points in this tier's events."),
}


@dataclass(frozen=True)
class Listed:
    """An event of the Events sheet: its file, the tier typed beside it, and the cells to name in problems."""

    path: Path
    tier: str = ""
    cell: str = ""  # the File cell ("A3")
    tier_cell: str = ""


def _columns(sheet: SheetRows, *columns: Column) -> list[int | None]:
    return [column.index_in(sheet.headers) for column in columns]


def _cell(values: tuple, index: int | None) -> Any:
    return values[index] if index is not None and index < len(values) else None


def read_aliases(sheet: SheetRows | None) -> tuple[list[Alias], list[Problem]]:
    """`Aliases`: Name | Same as, one spelling joined to another per row; a Name joined twice is an error (one
    player would vanish into another)."""
    if sheet is None:
        return [], []
    name, same = _columns(sheet, ALIAS_NAME, SAME_AS)
    if name is None or same is None:
        return [], [Problem(ALIASES_SHEET, "A1", "The Aliases sheet needs the columns Name and Same as.",
                            "Head column A Name and column B Same as.")]
    problems = unreadable_rows(sheet, {column_letter(name + 1): "Name", column_letter(same + 1): "Same as"})
    aliases: list[Alias] = []
    for row, values in sheet.rows:
        cells = [_cell(values, name), _cell(values, same)]
        unread = [unreadable(sheet, cell_name(index, row), what, problems) for index, what, value in
                  ((name, "Name", cells[0]), (same, "Same as", cells[1])) if is_blank(value)]
        if any(unread) or all(is_blank(value) for value in cells):
            continue
        if any(is_blank(value) for value in cells):
            problems.append(Problem(ALIASES_SHEET, f"A{row}", "An alias needs both a Name and the name it is Same "
                                    "as.", "Fill in both cells, or delete the row."))
            continue
        alias = Alias(as_text(cells[0]), as_text(cells[1]), row)
        first = next((a for a in aliases if fold_name(a.name) == fold_name(alias.name)), None)
        if first is not None and fold_name(first.same_as) != fold_name(alias.same_as):
            problems.append(Problem(ALIASES_SHEET, cell_name(name, row), f'"{alias.name}" is already the same as '
                                    f'"{first.same_as}" (row {first.row}); one name is one player.',
                                    "Delete one of the two rows; if they are two players, give each a League ID "
                                    "in their events' Players sheets."))
        elif first is None:
            aliases.append(alias)
    return aliases, problems


def read_event_list(sheet: SheetRows | None, folder: Path) -> tuple[list[Listed], list[Problem]]:
    """`Events`: a File column (each path relative to the season workbook's folder) and an optional Tier."""
    if sheet is None:
        return [], []
    file, tier = _columns(sheet, EVENT_FILE, EVENT_TIER)
    if file is None:
        return [], [Problem(EVENTS_SHEET, "A1", "The Events sheet has no File column.",
                            "Head a column File and list each event workbook under it, relative to this workbook.")]
    letters = {column_letter(file + 1): "File"} | ({column_letter(tier + 1): "Tier"} if tier is not None else {})
    problems = unreadable_rows(sheet, letters)
    listed: list[Listed] = []
    for row, values in sheet.rows:
        typed, tiered = _cell(values, file), _cell(values, tier)
        if is_blank(typed) and unreadable(sheet, cell_name(file, row), "File", problems):
            continue
        if is_blank(tiered) and tier is not None and unreadable(sheet, cell_name(tier, row), "Tier", problems):
            continue
        if is_blank(typed):
            if not is_blank(tiered):
                problems.append(Problem(EVENTS_SHEET, cell_name(file, row), f'A Tier ("{as_text(tiered)}") with '
                                        "no File.", "Type the event workbook's file name, or delete the row."))
            continue
        listed.append(Listed(folder / as_text(typed), as_text(tiered), cell_name(file, row),
                             cell_name(tier, row) if tier is not None else ""))
    return listed, problems


def read_tiers(sheet: SheetRows | None) -> tuple[tuple[Tier, ...], list[Problem]]:
    """`Tiers`: column A the settings (those of `TIER_SETTINGS`, and places such as `1st place`), one column per
    tier headed by its name; a blank cell is the League sheet's setting (past the last place: the table's end)."""
    if sheet is None:
        return (), []
    problems = unreadable_rows(sheet, {column_letter(index + 1): as_text(header) or "Tier"
                                       for index, header in enumerate(sheet.headers)})
    labels = _tier_labels(sheet, problems)
    return tuple(_read_tier(sheet, index, name, labels, problems) for index, name in _tier_columns(sheet, problems)), \
        problems


def _read_tier(sheet: SheetRows, index: int, name: str, labels: dict[int, tuple[Any, str, str, str]],
               problems: list[Problem]) -> Tier:
    """One tier's column: each labelled row's value, read and bounded as the League sheet's (`read_setting`)."""
    chosen: dict[str, Any] = {}
    places: dict[int, Fraction] = {}
    for row, values in sheet.rows:
        raw, cell = _cell(values, index), cell_name(index, row)
        if row not in labels:
            continue
        if is_blank(raw):
            unreadable(sheet, cell, name, problems)  # an error value is said; a blank is the League's setting
            continue
        key, reader, label, about = labels[row]
        try:
            value = read_setting(reader, raw)
        except BadValue as error:
            problems.append(Problem(TIERS_SHEET, cell, f"{name}: {label} {error}.", about))
            continue
        if isinstance(key, int):
            places[key] = value
        else:
            chosen[key] = value
    problems += table_problems(places, TIERS_SHEET, cell_name(index, sheet.header_row), f"{name}'s table of points")
    if places:
        chosen["place_points"] = tuple(places.get(n, Fraction(0)) for n in range(1, max(places) + 1))
    return Tier(name, **chosen)


def _tier_columns(sheet: SheetRows, problems: list[Problem]) -> list[tuple[int, str]]:
    """(column index, tier name) for each header past column A; a blank or repeated name is an error."""
    found: list[tuple[int, str]] = []
    for index, header in list(enumerate(sheet.headers))[1:]:
        cell = cell_name(index, sheet.header_row)
        name = as_text(header)
        if normal(name) in NOTES:
            continue
        if not name:
            if any(not is_blank(_cell(values, index)) for _, values in sheet.rows) and \
                    not unreadable(sheet, cell, "The tier's name", problems):
                problems.append(Problem(TIERS_SHEET, cell, "This column of the Tiers sheet has values but no tier "
                                        "name.", "Type the tier's name in its header, as the Events sheet's Tier "
                                        "column names it."))
        elif any(normal(name) == normal(other) for _, other in found):
            problems.append(Problem(TIERS_SHEET, cell, f'A second tier named "{name}".', "Give each tier its own "
                                    "name."))
        else:
            found.append((index, name))
    return found


def _tier_labels(sheet: SheetRows, problems: list[Problem]) -> dict[int, tuple[Any, str, str, str]]:
    """Row -> (Tier field or place, reader key, label, about) for each readable label in column A."""
    labels = {normal(label): label for label in TIER_SETTINGS}
    found: dict[int, tuple[Any, str, str, str]] = {}
    for row, values in sheet.rows:
        label = _cell(values, 0)
        if is_blank(label):
            unreadable(sheet, f"A{row}", "Setting", problems)
            continue
        place = place_of(label)
        if place is not None:
            found[row] = (place, "place", as_text(label), PLACE_ABOUT)
        elif normal(label) in labels:
            field, reader, about = TIER_SETTINGS[labels[normal(label)]]
            found[row] = (field, reader, labels[normal(label)], about)
        else:
            problems.append(Problem(TIERS_SHEET, f"A{row}", f'"{as_text(label)}" is not a tier setting.',
                                    "Use one of: " + ", ".join(TIER_SETTINGS) + ", or a place such as 1st place."))
    return found
