"""From the values of every sheet to an `Event`, collecting every problem on the way.

Validation never raises on bad data: each finding becomes a `Problem` with
the sheet, the cell, what is wrong and how to fix it, and reading goes on so
the TO sees everything at once. Only the ruleset being unknown stops the
reading of round sheets (their columns depend on it). One module per sheet
kind: `settings` (Event), `players`, `rounds`, `playoff` (the stages of a top
cut); `edits` warns about compromises made by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.finals import cut_of_teams, cut_problems
from ..workbook.layout import LOG_SHEET, PLAYERS_SHEET, sheet_key
from ..workbook.logsheet import LogHistory, changed_rounds, read_log
from ..model.event import Event
from ..scoring.penalties import with_disqualifications
from ..model.problems import Problem, one_per_cause
from ..rulesets import Ruleset
from ..workbook.grid import SheetRows
from .copies import sheet_copies
from .edits import hand_made_compromises
from .intent import intent_warnings
from .memory import added_after_pairing, find_recorded_rounds, values_without_header
from .players import players_setting_warnings, read_players
from .penalties import read_penalties
from .playoff import misplaced_players, read_playoff
from .redo import redo_would_lose
from ..workbook.reader import SheetReader, find_sheet, visible
from .rounds import read_rounds
from .settings import read_settings
from .soft_scores import read_soft_scores

__all__ = ["Checked", "validate", "find_sheet"]


@dataclass
class Checked:
    """What validation found: the event (when readable), its ruleset and every problem."""

    problems: list[Problem]
    event: Event | None = None
    ruleset: Ruleset | None = None
    new_ids: dict[int, int] = field(default_factory=dict)  # Players row -> assigned ID
    log: LogHistory = field(default_factory=LogHistory)  # what the Log recorded
    log_rows: list[list] = field(default_factory=list)  # a deleted Log's rows, recovered, for the next write


def validate(sheets: dict[str, SheetRows], redo: bool = False, log_sheet: SheetRows | None = None) -> Checked:
    """Read and check the whole workbook; with `redo`, the last round is about to be paired again. `log_sheet`
    stands in for a deleted Log (see `logrecovery`)."""
    checked = Checked(problems=same_named_sheets(sheets) + sheet_copies(sheets))  # `Players (2)` is not read
    log = checked.log = read_log(log_sheet or find_sheet(sheets, LOG_SHEET))
    settings, ruleset = read_settings(sheets, checked.problems)
    checked.ruleset = ruleset
    players_sheet = find_sheet(sheets, PLAYERS_SHEET)
    extra = ruleset.layout.player_columns if ruleset else ()
    shown = settings.report_columns if settings else ()
    players, checked.new_ids = read_players(players_sheet, extra, checked.problems, sheets, log, shown)
    if players_sheet is not None:
        checked.problems.extend(values_without_header(players_sheet))
    if ruleset is not None and players_sheet is not None:
        checked.problems.extend(ruleset.game.check_players(players, players_sheet.name))
    if settings is None or ruleset is None or players_sheet is None:
        return checked
    checked.problems.extend(players_setting_warnings(players_sheet, players, settings))
    settings = read_soft_scores(players_sheet, settings, players, checked.problems)
    cells: dict = {}
    sheets = find_recorded_rounds(sheets, log, checked.problems)
    rounds = read_rounds(sheets, ruleset, settings, players, checked.problems, log, redo, cells)
    checked.problems.extend(added_after_pairing(players, rounds, sheets, log, redo))
    stage_cells: dict = {}
    playoff = read_playoff(sheets, ruleset, settings, players, rounds, checked.problems, log, redo, stage_cells)
    if redo:  # the sheet --redo replaces holds nothing the TO typed (issue 28)
        checked.problems.extend(redo_would_lose(sheets, rounds, playoff, ruleset, log))
    penalties = read_penalties(sheets, Event(settings, tuple(players), tuple(rounds)), ruleset, checked.problems)
    checked.event = Event(settings, tuple(with_disqualifications(players, penalties)), tuple(rounds), tuple(playoff),
                          tuple(penalties))
    checked.problems.extend(cut_problems(checked.event, ruleset))
    checked.problems.extend(ruleset.pairer.check_event(checked.event, players_sheet.name,
                                                SheetReader(players_sheet, extra, []).cell))
    if playoff and not cut_of_teams(ruleset) and not any(p.is_error for p in checked.problems):
        kept_stages = checked.event.with_playoff(tuple(playoff[:-1] if redo else playoff))
        checked.problems.extend(misplaced_players(kept_stages, ruleset, stage_cells))
    kept = rounds[:-1] if redo and not playoff else rounds
    checked.problems.extend(hand_made_compromises(kept, players, settings, log, cells))
    checked.problems.extend(intent_warnings(checked.event, kept, players_sheet))
    if not any(p.is_error for p in checked.problems):  # a row that could not be read would look like a change
        checked.problems.extend(changed_rounds(checked.event, log, redo))
    checked.problems = one_per_cause(checked.problems)
    return checked


def same_named_sheets(sheets: dict[str, SheetRows]) -> list[Problem]:
    """Sheets whose titles read the same (case, spaces, invisible characters): sheetrunner cannot tell them
    apart, and neither can the TO looking at the tabs."""
    seen: dict[str, str] = {}
    problems = []
    for title in sheets:
        key = sheet_key(title)
        if key in seen:
            problems.append(Problem(visible(title), "", f'The sheets "{visible(seen[key])}" and "{visible(title)}" '
                                    "have the same name once case, spaces and invisible characters are ignored.",
                                    "Rename or delete one of them."))
        else:
            seen[key] = title
    return problems
