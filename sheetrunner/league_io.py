"""`sheetrunner league`: read each event's final standings (never writing an event), compute the season
(`league`), write it into the season workbook and render its reports.

The season workbook holds the league's settings (`League`), optionally the events (`Events`: a `File` column,
paths relative to the season workbook) and the spellings to join (`Aliases`: Name | Same as); sheetrunner writes
`Season standings` and `Season events` into it, replacing its own earlier ones. Everything is read afresh on
every run, so a corrected event changes the season the next time. An event that cannot be read, is not over, or
has problems stops the whole run with every problem listed (prefixed `[EVENT.xlsx]`), and nothing is written.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from .league import (ALIASES_SHEET, DEFAULT_PLACE_POINTS, MATCH_POINTS, PLACING, TIEBREAKS, Alias, Entry,
                     EventResult, LeagueRules, Season, compute_season)
from .columns import Column
from .options import normal
from .problems import EventError, Problem
from .numbers import cell_number
from .validate.reader import find_sheet
from .values import BadValue, as_text, as_whole_number, clean_text, is_blank
from .rewrites import Rewrites
from .workbook import Workbook
from .grid import SheetRows
from .xlsx.sheetxml import SheetTable, Validation

LEAGUE_SHEET, EVENTS_SHEET = "League", "Events"
SETTINGS = {  # label -> (LeagueRules field, about)
    "League name": ("name", "Shown on the season's reports."),
    "Scoring": ("scoring", "Placing: the points of the place in each event (the table below). Match points: each "
                "event's games, a win (or bye), a draw and a loss worth the points below."),
    "Best events": ("best", "Only each player's best N events count (blank: every event)."),
    "Minimum events": ("minimum", "Events a player must play to be ranked; players with fewer are listed after."),
    "Participation points": ("participation", "Placing: the points of a place past the table."),
    "Points for a win": ("win", "Match points: a game won (a bye too)."),
    "Points for a draw": ("draw", "Match points: a game drawn."),
    "Points for a loss": ("loss", "Match points: a game lost."),
    "Tiebreakers": ("tiebreakers", "After points, in order: " + "; ".join(f"{t.key} ({t.meaning})"
                                                                          for t in TIEBREAKS.values()) + "."),
}
# The headers of the season workbook's lists and of an event's Players (matched as every header is, §2)
ALIAS_NAME = Column("name", "Name")
SAME_AS = Column("same_as", "Same as")
EVENT_FILE = Column("file", "File", ("Workbook", "Event"))
LEAGUE_ID = Column("league_id", "League ID")
PLACE_ABOUT = "Placing: points for this place in an event (add rows for more places; a shared place gets its points)."


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
    problems: list[Problem] = []
    labels = {normal(label): label for label in SETTINGS}
    for row, values in sheet.rows:
        label, raw = (list(values) + [None, None])[:2]
        cell = f"B{row}"
        if is_blank(label):
            continue
        place = _place_of(label)
        try:
            if place is not None:
                places[place] = _points(raw)
            elif normal(label) in labels:
                key = SETTINGS[labels[normal(label)]][0]
                chosen[key] = _setting(key, raw)
            else:
                problems.append(Problem(LEAGUE_SHEET, f"A{row}", f'"{as_text(label)}" is not a league setting.',
                                        "Use one of: " + ", ".join(SETTINGS) + ", or a place such as 9th place."))
        except BadValue as error:
            problems.append(Problem(LEAGUE_SHEET, cell, f"{as_text(label)} {error}.", SETTINGS.get(
                labels.get(normal(label), ""), ("", PLACE_ABOUT))[1]))
    if places:
        missing = [n for n in range(1, max(places) + 1) if n not in places]
        if missing:
            problems.append(Problem(LEAGUE_SHEET, "", f"The table of points has no {place_label(missing[0])}.",
                                    "Give every place from 1st down to the last one a row."))
        chosen["place_points"] = tuple(places.get(n, Fraction(0)) for n in range(1, max(places) + 1))
    return LeagueRules(**chosen), problems


def _place_of(label: Any) -> int | None:
    words = normal(label).replace("place", "").split()
    if len(words) != 1:
        return None
    digits = words[0].rstrip("stndrh")
    return int(digits) if digits.isdigit() and int(digits) >= 1 and len(digits) < 5 else None


def _points(raw: Any) -> Fraction:
    """Points as typed: a number (2.5 too), at least 0."""
    if isinstance(raw, bool) or is_blank(raw):
        raise BadValue("needs a number of points")
    try:
        value = Fraction(clean_text(raw)) if isinstance(raw, str) else Fraction(str(raw))
    except (ValueError, ZeroDivisionError):
        raise BadValue(f"needs a number of points, found {as_text(raw)!r}") from None
    if value < 0:
        raise BadValue("needs a number of points of at least 0")
    return value


def _setting(key: str, raw: Any) -> Any:
    if key == "name":
        return as_text(raw)
    if key == "scoring":
        text = normal(raw)
        if text not in (PLACING, MATCH_POINTS):
            raise BadValue(f'needs Placing or Match points, found "{as_text(raw)}"')
        return text
    if key in ("best", "minimum"):
        return None if key == "best" and is_blank(raw) else as_whole_number(1 if is_blank(raw) else raw, 1)
    if key == "tiebreakers":
        names = tuple(normal(name).replace(" ", "_") for name in as_text(raw).split(",") if name.strip())
        unknown = [name for name in names if name not in TIEBREAKS]
        if unknown:
            raise BadValue(f'has "{unknown[0]}", which is not a tiebreaker; use {", ".join(TIEBREAKS)}')
        return names
    return _points(raw)


def read_aliases(sheet: SheetRows | None) -> tuple[list[Alias], list[Problem]]:
    """`Aliases`: Name | Same as, one spelling joined to another per row."""
    if sheet is None:
        return [], []
    name, same = ALIAS_NAME.index_in(sheet.headers), SAME_AS.index_in(sheet.headers)
    if name is None or same is None:
        return [], [Problem(ALIASES_SHEET, "A1", "The Aliases sheet needs the columns Name and Same as.",
                            "Head column A Name and column B Same as.")]
    aliases, problems = [], []
    for row, values in sheet.rows:
        cells = list(values) + [None] * len(sheet.headers)
        if is_blank(cells[name]) and is_blank(cells[same]):
            continue
        if is_blank(cells[name]) or is_blank(cells[same]):
            problems.append(Problem(ALIASES_SHEET, f"A{row}", "An alias needs both a Name and the name it is Same "
                                    "as.", "Fill in both cells, or delete the row."))
            continue
        aliases.append(Alias(as_text(cells[name]), as_text(cells[same]), row))
    return aliases, problems


def read_event_list(sheet: SheetRows | None, folder: Path) -> tuple[list[Path], list[Problem]]:
    """`Events`: a File column, each path relative to the season workbook's folder."""
    if sheet is None:
        return [], []
    column = EVENT_FILE.index_in(sheet.headers)
    if column is None:
        return [], [Problem(EVENTS_SHEET, "A1", "The Events sheet has no File column.",
                            "Head a column File and list each event workbook under it, relative to this workbook.")]
    return [folder / as_text(values[column]) for _, values in sheet.rows
            if len(values) > column and not is_blank(values[column])], []


def read_event(path: Path) -> tuple[EventResult | None, list[Problem]]:
    """One event's final standings as league entries; or, when it cannot be read or is not over, its problems
    (each prefixed with the file). Only reads: the event workbook is never written."""
    from . import api, finals
    from .tournament import compute_scores, scored_rounds

    try:
        loaded = api.load_event(path)
    except EventError as error:
        return None, [_in_event(path, p) for p in error.problems]
    event, ruleset = loaded.event, loaded.ruleset
    unfinished = not event.is_finished or (finals.cut_size(event) and not finals.is_decided(event, ruleset))
    if unfinished:
        return None, [Problem(path.name, "", f"{event.settings.name or path.stem} is not over yet: its final "
                              "standings are not known.", "Type its last results, or leave it out of the season "
                              "until it is over.")]
    result = api.standings_result(loaded, None, None)
    seated = {pid for r in event.rounds + event.playoff for pid in r.player_ids}
    outcomes: dict[int, Counter] = {}
    for score in compute_scores(event.with_rounds(scored_rounds(event)), ruleset):
        outcomes.setdefault(score.player_id, Counter())[score.outcome] += 1
    places = _places(result)
    ids = _league_ids(loaded)
    entries = tuple(Entry(p.name, *places[p.id], ids.get(p.row, ""), dict(outcomes.get(p.id, {})),
                          p.name_cell) for p in sorted(event.players, key=lambda p: places[p.id])
                    if p.id in seated)
    return EventResult(event.settings.name or path.stem, path.name, entries, ruleset.two_player), \
        [_in_event(path, p) for p in loaded.warnings]


def _places(result) -> dict[int, tuple[int, bool]]:
    """Final places: the top cut's placings once decided, else the standings (overall rank across pods)."""
    if result.placings:
        return {p.player_id: (p.place, False) for p in result.placings}
    grouped = bool(result.standings.group_label)
    return {row.player.id: ((row.overall_rank, False) if grouped else (row.rank, row.shared))
            for row in result.standings.rows}


def _league_ids(loaded) -> dict[int, str]:
    """Players rows -> their `League ID` (blank cells left out)."""
    from .layout import PLAYERS_SHEET

    sheet = find_sheet(loaded.workbook.sheets, PLAYERS_SHEET)
    column = LEAGUE_ID.index_in(sheet.headers)
    if column is None:
        return {}
    return {row: as_text(values[column]) for row, values in sheet.rows
            if len(values) > column and not is_blank(values[column])}


def _in_event(path: Path, problem: Problem) -> Problem:
    """An event's problem named with its file: `[spring.xlsx]Round 3!E4`."""
    sheet = path.name if not problem.sheet or problem.sheet == path.name else f"[{path.name}]{problem.sheet}"
    return Problem(sheet, problem.cell, problem.message, problem.hint, problem.severity)


@dataclass
class LeagueResult:
    season: Season
    output: Path
    backup: Path | None
    created: bool  # the season workbook was made by this run
    events: list[Path]
    warnings: list[Problem] = field(default_factory=list)
    reports: list[Path] = field(default_factory=list)
    reports_problem: Problem | None = None  # why the reports could not be made (the workbook was written)


def run_league(season_path: Path | str, event_paths: list[Path | str] = (), reports: bool = True,
               out: Path | str | None = None, templates: Path | str | None = None, pdf: bool = False,
               paper: str = "A4", progress: Callable[[str], None] = lambda step: None) -> LeagueResult:
    """Read the events, compute the season, write it into the season workbook (made when missing), then render
    its reports into SEASON-reports/ (or `out`). Raises `EventError` with every problem, nothing written."""
    from . import api
    from .league_report import render_season, season_sheets

    path = Path(season_path)
    with api.writing(path, None, "league"):
        progress(f"Reading {path.name}")
        workbook = Workbook.read(path) if path.exists() else None
        rules, aliases, listed, problems = read_season(workbook, path)
        events = [Path(p) for p in event_paths] or listed
        problems += _event_list_problems(path, events, workbook is not None, bool(event_paths))
        results = []
        for event in events if not any(p.is_error for p in problems) else []:
            progress(f"Reading {event.name}")
            result, found = read_event(event)
            problems += found
            results.append(result)
        if any(p.is_error for p in problems):
            raise EventError(problems)
        season = compute_season(_unique_labels(results), rules, aliases)
        progress(f"Writing {path.name}")
        target = workbook or _new_season(path, rules, events if event_paths else [])
        kept = Rewrites(target)  # the season's sheets written again keep the TO's columns
        for table in season_sheets(season):
            kept.add_sheet(table)
        backup = target.save()
    result = LeagueResult(season, path, backup, workbook is None, events,
                          [p for p in problems if not p.is_error] + list(season.warnings)
                          + kept.warnings(path, path, backup))
    if reports:
        progress("Rendering the reports")
        try:
            result.reports = render_season(season, Path(out) if out else path.with_name(f"{path.stem}-reports"),
                                           Path(templates) if templates else None, pdf, paper)
        except EventError as error:
            result.reports_problem = error.problems[0]
    return result


def _unique_labels(results: list[EventResult]) -> list[EventResult]:
    """Two events of the same name (a monthly "Friday Swiss") are told apart by their files."""
    counts = Counter(result.label for result in results)
    return [replace(r, label=f"{r.label} ({r.file})") if counts[r.label] > 1 else r for r in results]


def read_season(workbook: Workbook | None, path: Path) -> tuple[LeagueRules, list[Alias], list[Path], list[Problem]]:
    """The season workbook's League settings, Aliases and Events (defaults for a new season)."""
    sheets = workbook.sheets if workbook else {}
    rules, problems = read_rules(find_sheet(sheets, LEAGUE_SHEET), path.stem)
    aliases, found = read_aliases(find_sheet(sheets, ALIASES_SHEET))
    listed, more = read_event_list(find_sheet(sheets, EVENTS_SHEET), path.parent)
    return rules, aliases, listed, problems + found + more


def _event_list_problems(season: Path, events: list[Path], exists: bool, given: bool) -> list[Problem]:
    if not events:
        what = f"{season.name} lists no events" if exists else f"{season.name} does not exist yet"
        return [Problem(season.name, "", f"{what}, so there is no season to compute.",
                        f"Name the event workbooks: sheetrunner league {season.name} EVENT.xlsx …, or list them "
                        f"in an {EVENTS_SHEET} sheet (a File column).")]
    problems = []
    resolved = [event.resolve() for event in events]
    for index, event in enumerate(events):
        if resolved[index] == season.resolve():
            problems.append(Problem(season.name, "", f"{season.name} is the season workbook, not an event.",
                                    "Give it once, first, and the event workbooks after it."))
        elif resolved[index] in resolved[:index]:
            problems.append(Problem(EVENTS_SHEET if not given else event.name, "", f"{event.name} is listed twice.",
                                    "List each event once."))
    return problems


def _new_season(path: Path, rules: LeagueRules, events: list[Path]) -> Workbook:
    """A new season workbook, as `init` makes an event's: its settings with their defaults, an empty Aliases sheet
    and, when the events were named on the command line, an Events sheet listing them for the next run."""
    workbook = Workbook.blank(path)
    workbook.add_sheet(league_sheet(rules.name))
    if events:
        rows = [[_relative(event, path.parent)] for event in events]
        workbook.add_sheet(SheetTable(EVENTS_SHEET, ["File"], rows, [60]))
    workbook.add_sheet(SheetTable(ALIASES_SHEET, ["Name", "Same as"], [], [30, 30]))
    return workbook


def _relative(event: Path, folder: Path) -> str:
    try:
        return event.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return str(event.resolve())
