"""The stage sheets of a top cut (`Top 8`, `Top 4`, `Final`, `Top board`), read like rounds (SPEC §5a).

Without a `Top cut` setting these titles are the TO's own sheets and are left alone. With one, each stage
the cut has is read in order, numbered after the last round, with the ruleset's result checks and, for a
two-player match, a winner required. Who plays in a stage is whatever the sheet says (the sheet is the
truth), so nobody is missing from one.
"""

from __future__ import annotations

from typing import Callable

from ..rules.finals import cut_of_teams, stage_rules, undecided_match, cut_size, is_stage_title, misplaced, stage_titles
from ..workbook.grid import SheetRows
from ..workbook.layout import sheet_key
from ..workbook.logsheet import LogHistory
from ..model.event import Event, Player, Round, Settings
from ..model.problems import WARNING, Problem
from ..rulesets import Ruleset
from ..rules.tournament import missing_results, standings_after
from .rounds import RoundReader


def read_playoff(sheets: dict[str, SheetRows], ruleset: Ruleset, settings: Settings, players: list[Player],
                 rounds: list[Round], problems: list[Problem], log: LogHistory, redo: bool = False,
                 cells: dict[int, Callable[[int], str]] | None = None) -> list[Round]:
    """The stages played so far; `cells` gets, for each, the function naming a player's cell (row -> "D7")."""
    cut = cut_size(Event(settings, tuple(players)))
    found = {sheet_key(title): sheet for title, sheet in sheets.items() if is_stage_title(title)}
    if not cut or not found:
        return []
    titles = stage_titles(cut, ruleset)
    present = _stage_sheets(found, titles, cut, problems)
    if not present:
        return []
    if not _swiss_is_over(rounds, settings):
        problems.append(Problem(present[0][2].name, "", f"There is a {present[0][2].name} sheet, but the "
                                f"{settings.rounds} rounds before the cut are not all played.",
                                "Finish the rounds first, or delete the sheet."))
        return []
    rules = stage_rules(ruleset)
    everyone = {p.id for p in players}
    stages: list[Round] = []
    for index, title, sheet in present:
        if index != len(stages):
            problems.append(Problem(sheet.name, "", f"There is a {sheet.name} sheet but no {titles[len(stages)]} "
                                    "sheet.", f"Stages are played in order: {', '.join(titles)}."))
            break
        number = settings.rounds + index + 1
        seen: list[Problem] = []
        reader = RoundReader(sheet, number, rules, settings, players, seen, log, everyone,
                             None if cut_of_teams(ruleset) else undecided_match)
        stage = reader.read()
        if cells is not None:
            cells[number] = reader.player_cell
        replaced = redo and index == len(present) - 1 and not stage.has_any_result
        if reader.unreadable or not replaced:
            problems.extend(seen)
        stages.append(stage)
    for stage in stages[:-1]:
        if not stage.is_complete:
            problems.append(Problem(stage.sheet, "", f"{stage.sheet} is missing results, but a later stage has "
                                    "been paired.", "Enter the missing results."))
            problems.extend(missing_results(stage, rules))
    return stages


def _stage_sheets(found: dict[str, SheetRows], titles: list[str], cut: int,
                  problems: list[Problem]) -> list[tuple[int, str, SheetRows]]:
    """The cut's stage sheets present, in the order they are played; a sheet named like a stage of another cut
    is ignored, with a warning."""
    for key, sheet in found.items():
        if key not in {sheet_key(t) for t in titles}:
            problems.append(Problem(sheet.name, "", f"{sheet.name} is not a stage of this top cut of {cut} ("
                                    f"{', '.join(titles)}), so it is ignored.", "Rename the sheet, or check Top "
                                    "cut in the Event sheet.", WARNING))
    return [(index, title, found[sheet_key(title)]) for index, title in enumerate(titles) if sheet_key(title) in found]


def _swiss_is_over(rounds: list[Round], settings: Settings) -> bool:
    return len(rounds) == settings.rounds and all(r.is_complete for r in rounds)


def misplaced_players(event: Event, ruleset: Ruleset, cells: dict[int, Callable[[int], str]]) -> list[Problem]:
    """A stage seats only the cut's players still in: someone out (or never in) is a mistake, not a choice."""
    standings = standings_after(event, ruleset)
    names = event.players_by_id

    def cell(stage: Round, pid: int) -> str:
        return cells[stage.number](next(s.row for t in stage.tables for s in t.seats if s.player_id == pid))

    return [Problem(stage.sheet, cell(stage, pid),
                    f"{names[pid].name} {why}, so cannot play in {stage.sheet}.",
                    f"Seat the players still in, or use `pair --redo` while {stage.sheet} has no results.")
            for stage, pid, why in misplaced(event, ruleset, standings)]
