"""`sheetrunner league`: read each event's final standings (never writing an event), compute the season
(`league`), write it into the season workbook and render its reports.

The season workbook holds the league's settings (`League`), optionally the events (`Events`: a `File` column,
paths relative to the season workbook) and the spellings to join (`Aliases`: Name | Same as); sheetrunner writes
`Season standings` and `Season events` into it, replacing its own earlier ones. Everything is read afresh on
every run, so a corrected event changes the season the next time. An event that cannot be read, is not over, or
has problems stops the whole run with every problem listed (prefixed `[EVENT.xlsx]`), and nothing is written.

Inputs are held as an event's are (issue 29): the season must be an `.xlsx` that is not an event workbook
(`league_files`), each event counts once (by its bytes, then by what it is), and every cell read follows the one
rule for error values and unsaved formulas, the League IDs of the events' Players sheets too. The season's sheets
are read by `league_settings` (League) and `league_sheets` (Aliases, Events, Tiers).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Sequence

from .season import EventResult, Entry, LeagueRules, Season, compute_season
from ..workbook.season_files import counted_twice, event_identity, event_not_season, same_events, same_files, season_suffix
from .names import ALIASES_SHEET
from .settings import LEAGUE_SHEET, league_sheet, read_rules, unreadable
from .sheets import EVENTS_SHEET, Listed, read_aliases, read_event_list, read_tiers
from .tiers import TIERS_SHEET
from ..model.columns import Column
from ..model.problems import EventError, Problem
from ..workbook.reader import find_sheet
from ..model.values import as_text, is_blank
from ..written.rewrites import Rewrites
from ..workbook.book import Workbook
from ..workbook.grid import cell_name
from ..workbook.xlsx.sheetxml import SheetTable

LEAGUE_ID = Column("league_id", "League ID")  # in an event's Players sheet (matched as every header is, §2)


def read_event(path: Path) -> tuple[EventResult | None, list[Problem]]:
    """One event's final standings as league entries; or, when it cannot be read or is not over, its problems
    (each prefixed with the file). Only reads: the event workbook is never written."""
    from .. import api
    from ..rules import finals
    from ..rules.tournament import compute_scores, scored_rounds

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
    problems: list[Problem] = []
    ids = _league_ids(loaded, {p.row for p in event.players if p.id in seated}, problems)
    entries = tuple(Entry(p.name, *places[p.id], ids.get(p.row, ""), dict(outcomes.get(p.id, {})),
                          p.name_cell) for p in sorted(event.players, key=lambda p: places[p.id])
                    if p.id in seated)
    settings = event.settings
    identity = event_identity(settings.seed, settings.name, settings.date, entries)
    return EventResult(settings.name or path.stem, path.name, entries, ruleset.layout.two_player, identity=identity), \
        [_in_event(path, p) for p in list(loaded.warnings) + problems]


def _places(result) -> dict[int, tuple[int, bool]]:
    """Final places: the top cut's placings once decided, else the standings (overall rank across pods)."""
    if result.placings:
        return {p.player_id: (p.place, False) for p in result.placings}
    grouped = bool(result.standings.group_label)
    return {row.player.id: ((row.overall_rank, False) if grouped else (row.rank, row.shared))
            for row in result.standings.rows}


def _league_ids(loaded, rows: set[int], problems: list[Problem]) -> dict[int, str]:
    """Players rows -> their `League ID` (blank cells left out). A player's League ID that is an error value or an
    unsaved formula is an error at its cell: read as blank, the player would be matched by name instead."""
    from ..workbook.layout import PLAYERS_SHEET

    sheet = find_sheet(loaded.workbook.sheets, PLAYERS_SHEET)
    assert sheet is not None, "load_event refuses a workbook without a Players sheet"
    column = LEAGUE_ID.index_in(sheet.headers)
    if column is None:
        return {}
    ids = {}
    for row, values in sheet.rows:
        raw = values[column] if len(values) > column else None
        if not is_blank(raw):
            ids[row] = as_text(raw)
        elif row in rows:
            unreadable(sheet, cell_name(column, row), "League ID", problems)
    return ids


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


def run_league(season_path: Path | str, event_paths: Sequence[Path | str] = (), reports: bool = True,
               out: Path | str | None = None, templates: Path | str | None = None, pdf: bool = False,
               paper: str = "A4", progress: Callable[[str], None] = lambda step: None) -> LeagueResult:
    """Read the events, compute the season, write it into the season workbook (made when missing), then render
    its reports into SEASON-reports/ (or `out`). Raises `EventError` with every problem, nothing written: the
    season's sheets and every event are read even when an earlier one has problems, so all are listed at once."""
    from .. import api
    from .report import render_season, season_sheets

    path = Path(season_path)
    _refuse(season_suffix(path))
    with api.writing(path, None, "league"):
        progress(f"Reading {path.name}")
        workbook = Workbook.read(path) if path.exists() else None
        _refuse(event_not_season(path, workbook.titles) if workbook else None)
        rules, aliases, listed, problems = read_season(workbook, path)
        events, found = _events_to_read(path, [Path(p) for p in event_paths], listed, workbook is not None)
        results = _read_events(events, found, progress)
        problems += found
        season = _season(results, rules, aliases, problems)
        progress(f"Writing {path.name}")
        target = workbook or _new_season(path, rules, [event.path for event in events] if event_paths else [])
        kept = Rewrites(target)  # the season's sheets written again keep the TO's columns
        for table in season_sheets(season):
            kept.add_sheet(table)
        backup = target.save()
    result = LeagueResult(season, path, backup, workbook is None, [event.path for event in events],
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


def _season(results: list[EventResult], rules: LeagueRules, aliases: list, problems: list[Problem]) -> Season:
    """The season; or `EventError` with every problem at once: those of the season's sheets and events, and
    those of matching the players of the events that could be read (an alias joining two players)."""
    try:
        season = compute_season(_unique_labels(results), rules, aliases)
    except EventError as error:
        problems += [p for p in error.problems if p.is_error]
        season = None
    if season is None or any(p.is_error for p in problems):
        raise EventError(problems)
    return season


def _refuse(problem: Problem | None) -> None:
    """A file of the wrong kind stops the run with that one line (nothing else read is worth saying)."""
    if problem is not None:
        raise EventError([problem])


def _read_events(events: list[Listed], problems: list[Problem], progress: Callable[[str], None]) \
        -> list[EventResult]:
    """Each event's final standings, with its Events row's tier; one given twice (the same bytes, or the same
    event in another file) is said with both paths and counted once."""
    twins = same_files([event.path for event in events])
    results: list[tuple[Listed, EventResult]] = []
    for index, event in enumerate(events):
        if index in twins:
            problems.append(counted_twice(event.path, events[twins[index]].path, True, *_where(event)))
            continue
        progress(f"Reading {event.path.name}")
        result, found = read_event(event.path)
        problems += found
        if result is not None:
            results.append((event, replace(result, tier=event.tier, tier_cell=event.tier_cell)))
    for index, first in same_events([result.identity for _, result in results]).items():
        problems.append(counted_twice(results[index][0].path, results[first][0].path, False,
                                      *_where(results[index][0])))
    return [result for _, result in results]


def _where(event: Listed) -> tuple[str, str]:
    return (EVENTS_SHEET, event.cell) if event.cell else ("", "")


def _unique_labels(results: list[EventResult]) -> list[EventResult]:
    """Two events of the same name (a monthly "Friday Swiss") are told apart by their files."""
    counts = Counter(result.label for result in results)
    return [replace(r, label=f"{r.label} ({r.file})") if counts[r.label] > 1 else r for r in results]


def read_season(workbook: Workbook | None, path: Path) -> tuple[LeagueRules, list, list[Listed], list[Problem]]:
    """The season workbook's League settings (with its Tiers), Aliases and Events (defaults for a new season)."""
    sheets = workbook.sheets if workbook else {}
    rules, problems = read_rules(find_sheet(sheets, LEAGUE_SHEET), path.stem)
    tiers, found = read_tiers(find_sheet(sheets, TIERS_SHEET))
    aliases, more = read_aliases(find_sheet(sheets, ALIASES_SHEET))
    listed, most = read_event_list(find_sheet(sheets, EVENTS_SHEET), path.parent)
    return replace(rules, tiers=tiers), aliases, listed, problems + found + more + most


def _events_to_read(season: Path, given: list[Path], listed: list[Listed], exists: bool) \
        -> tuple[list[Listed], list[Problem]]:
    """The events named on the command line (with the tier the Events sheet gives the same file), else those of
    the Events sheet; the season itself and a file listed twice are problems, left out."""
    tiers = {event.path.resolve(): event for event in listed}
    events = [replace(tiers.get(path.resolve(), Listed(path)), path=path) for path in given] or listed
    if not events:
        what = f"{season.name} lists no events" if exists else f"{season.name} does not exist yet"
        return [], [Problem(season.name, "", f"{what}, so there is no season to compute.",
                            f"Name the event workbooks: sheetrunner league {season.name} EVENT.xlsx …, or list them "
                            f"in an {EVENTS_SHEET} sheet (a File column).")]
    problems, kept, seen = [], [], set()
    for event in events:
        resolved = event.path.resolve()
        if resolved == season.resolve():
            problems.append(Problem(season.name, "", f"{season.name} is the season workbook, not an event.",
                                    "Give it once, first, and the event workbooks after it."))
        elif resolved in seen:
            problems.append(Problem(event.path.name if given else EVENTS_SHEET, "" if given else event.cell,
                                    f"{event.path.name} is listed twice.", "List each event once."))
        else:
            seen.add(resolved)
            kept.append(event)
    return kept, problems


def _new_season(path: Path, rules: LeagueRules, events: list[Path]) -> Workbook:
    """A new season workbook, as `init` makes an event's: its settings with their defaults, an empty Aliases sheet
    and, when the events were named on the command line, an Events sheet listing them for the next run (with a
    Tier column to fill in when the league has tiers)."""
    workbook = Workbook.blank(path)
    workbook.add_sheet(league_sheet(rules.name))
    if events:
        rows = [[_relative(event, path.parent)] for event in events]
        workbook.add_sheet(SheetTable(EVENTS_SHEET, ["File", "Tier"], rows, [60, 20]))
    workbook.add_sheet(SheetTable(ALIASES_SHEET, ["Name", "Same as"], [], [30, 30]))
    return workbook


def _relative(event: Path, folder: Path) -> str:
    try:
        return event.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return str(event.resolve())
