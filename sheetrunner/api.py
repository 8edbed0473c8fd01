"""The library's front door: one function per thing a TO does, usable from Python.

Each function reads the workbook once, validates it, computes, and writes
safely; problems come back as `EventError` (with every `Problem`) or, for
`check`, as a list. A command that writes holds the workbook's lock from
before it reads until the new file is in place, so two commands never
interleave. The CLI is a thin layer over these.
"""

from __future__ import annotations

import gc
import secrets
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from . import __version__
from .rules import finals
from .model.columns import PLAYER_COLUMNS
from .workbook.logsheet import log_values
from .model.event import Event, Placing, Round
from .pairing import Pairing, PairingImpossible
from .model.problems import EventError, NoLegalPairing, Problem, Refusal, raise_on_errors
from .workbook.roster import Roster, read_roster
from .rulesets import RULESET_NAMES, Ruleset, get_ruleset, known_ruleset
from .written.sheets import (event_sheet, final_standings_sheet, patch_players, penalties_sheet, played_round_sheet,
                     players_sheet, round_sheet, sheet_before_log, standings_sheet, write_log_row)
from .scoring.standings import Standings
from .reports.round_reports import ReportResult, find_round, render_round, stale_report_warnings
from .rules.tournament import plan_next_round, round_from_pairing, standings_after
from .written.logrecovery import validate_workbook
from .written.record import ON_PURPOSE, older_copy_problems, remember
from .written.rewrites import Rewrites
from .validate import Checked
from .workbook.book import Workbook, now_text
from .workbook.xlsx import files

if TYPE_CHECKING:
    from .simulation import simulate


@dataclass
class Loaded:
    """A workbook read and validated; `event` is set when there were no errors."""

    workbook: Workbook
    checked: Checked

    @property
    def path(self) -> Path:
        return self.workbook.path

    @property
    def event(self) -> Event:
        assert self.checked.event is not None
        return self.checked.event

    @property
    def ruleset(self) -> Ruleset:
        assert self.checked.ruleset is not None
        return self.checked.ruleset

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.checked.problems if not p.is_error]


FREEZE_AFTER_READING = False  # set by the `sheetrunner` command, whose process ends with the command


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Reading and validating a workbook makes hundreds of thousands of small objects: the cyclic garbage
    collector's passes over them cost a fifth of `check` at 4,096 players and free next to nothing, so they
    wait until the reading is done. In the command's own process what was read is then frozen out of later
    passes (they would scan it again while the standings and pairing are computed); a long-lived Python
    caller keeps the usual collection, as the reading leaves some cyclic garbage that freezing would keep."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if FREEZE_AFTER_READING:
            gc.freeze()
        if was_enabled:
            gc.enable()


def load_event(path: Path | str, redo: bool = False, older_copy_ok: bool = False) -> Loaded:
    """Read and validate; raises `EventError` on any error in the workbook. With `redo`, the last round is about
    to be replaced, so its seating is not checked. An older copy of what sheetrunner last wrote is an error
    unless `older_copy_ok` (the TO goes on from it on purpose, or the command changes nothing in the event)."""
    with no_cycle_collection():
        workbook = Workbook.read(path)
        checked = validate_workbook(workbook, redo)
    checked.problems[:0] = older_copy_problems(workbook, older_copy_ok)
    raise_on_errors(checked.problems)
    return Loaded(workbook, checked)


def check_event(path: Path | str) -> list[Problem]:
    """Every problem in the workbook, errors and warnings (printed reports made before an edit too); writes
    nothing."""
    with no_cycle_collection():
        try:
            workbook = Workbook.read(path)
        except EventError as error:
            return error.problems
        checked = validate_workbook(workbook)
    older = older_copy_problems(workbook)
    stale = stale_report_warnings(checked.event, workbook.path) if checked.event is not None else []
    return older + checked.problems + stale


@contextmanager
def writing(path: Path | str, output: Path | str | None, command: str) -> Iterator[Path]:
    """Hold the lock of the file a command writes (the workbook, or `-o`) from before it is read; yields it."""
    target = Path(output) if output else Path(path)
    files.check_target(target, in_place=output is None)
    with files.workbook_lock(target, command):
        yield target


@dataclass
class InitResult:
    path: Path
    roster: Roster | None  # what was imported from the roster file, and how its columns were used


def init_event(path: Path | str, ruleset_name: str, rounds: int | None = None, name: str = "",
               players: Path | str | None = None, seed: int | None = None, date: str = "",
               top_cut: int = 0, team_size: int = 0) -> InitResult:
    """Make a new event workbook: `Event` settings and a `Players` sheet (§1 step 1); with `team_size`, a team
    event (issue 22)."""
    path = Path(path)
    ruleset = get_ruleset(ruleset_name)
    if ruleset is None:
        raise EventError(Problem("", "", f'Unknown ruleset "{ruleset_name}".', "Use one of: " + ", ".join(RULESET_NAMES)))
    if top_cut and (unplayable := finals.unplayable_cut(ruleset, top_cut)):
        raise EventError(Problem("", "", *unplayable))
    if path.exists() or path.is_symlink():
        raise EventError(Problem(path.name, "", f"{path} already exists; init never overwrites a workbook.",
                                 "Choose a new file name, or delete the old file first."))
    if team_size:  # Players gets a Board column, and the rounds follow the number of teams
        from .teams.rules import for_init
        ruleset = for_init(ruleset, team_size)
    roster = read_roster(Path(players), ruleset.layout.player_columns) if players else None
    entries = roster.players if roster else []
    rounds = rounds or ruleset.pairer.default_rounds(len(entries))
    chosen = {"ruleset": ruleset.game.name, "rounds": rounds, "name": name,
              "date": date, "seed": seed if seed is not None else secrets.randbelow(1_000_000), "top_cut": top_cut,
              "team_size": team_size}
    with writing(path, None, "init"):
        workbook = Workbook.blank(path)
        workbook.add_sheet(event_sheet(ruleset, chosen))
        workbook.add_sheet(players_sheet(ruleset, entries, roster.kept if roster else []))
        workbook.add_sheet(penalties_sheet(ruleset, len(entries)))  # ready for a judge's penalty (issue 31)
        workbook.save()
    return InitResult(path, roster)


@dataclass
class PairResult:
    round: int
    pairing: Pairing
    event: Event
    ruleset: Ruleset
    standings: Standings
    output: Path
    backup: Path | None
    warnings: list[Problem] = field(default_factory=list)
    reports: ReportResult | None = None
    reports_problem: Problem | None = None  # why the reports could not be rendered (the workbook was written)
    title: str = ""  # the sheet written: "Round 4", or a stage of the cut ("Top 8")


def pair_next(path: Path | str, output: Path | str | None = None, redo: bool = False, command: str = "pair",
              reports: bool = True, reports_out: Path | str | None = None, templates: Path | str | None = None,
              progress: Callable[[str], None] = lambda step: None, from_older_copy: bool = False) -> PairResult:
    """Validate, rank, pair the next round and write it with the standings and a Log row (§1 step 3).
    `progress` is told each step as it starts, for a long run. Raises `problems.EventOver` (naming the winner,
    writing nothing) when every round, and the top cut's final, has been played. `from_older_copy`: go on from
    a workbook older than the one sheetrunner last wrote, on purpose (the Log says so)."""
    command += f" {ON_PURPOSE}" if from_older_copy else ""
    with writing(path, output, command) as target:
        progress(f"Reading {Path(path).name}")
        loaded = load_event(path, redo, from_older_copy)
        progress("Pairing")
        plan = plan_next_round(loaded.event, loaded.ruleset, redo)
        progress(f"Writing {plan.title}")
        workbook = loaded.workbook
        fill_players(loaded, plan.pairing)
        kept = Rewrites(workbook, loaded.event)  # a standings sheet written again keeps the TO's columns
        if plan.standings.after_round and plan.new_standings:
            teams = loaded.ruleset.reports.standings_sheets(loaded.event, plan.standings.after_round)  # a team event's
            for table in [standings_sheet(plan.standings), *teams]:
                kept.add_sheet(table, before=sheet_before_log(workbook))
        workbook.add_sheet(round_sheet(loaded.event, plan.rules, plan.number, plan.pairing, plan.title),
                           before=sheet_before_log(workbook))
        written = round_from_pairing(plan.number, plan.pairing, plan.rules, plan.title)
        backup = save_logged(loaded, target, command, plan.title, written)
    result = PairResult(plan.number, plan.pairing, loaded.event, plan.rules, plan.standings, target, backup,
                        loaded.warnings + kept.warnings(Path(path), target, backup), title=plan.title)
    if reports:
        progress("Rendering the reports")
        paired = with_written(loaded.event, written)
        try:
            result.reports = render_round(paired, loaded.ruleset, plan.number, target, reports_out, templates,
                                          paired_on=plan.standings)
        except EventError as error:  # the round is written: the reports failing must not say otherwise
            result.reports_problem = error.problems[0]
    return result


def save_logged(loaded: Loaded, target: Path, command: str, wrote: str, written: Round | None = None) -> Path | None:
    """Append this write's Log row, save safely, remember what was written (`record`); returns the backup."""
    row = log_row(loaded, command, wrote, written)
    write_log_row(loaded.workbook, row, loaded.checked.log_rows)
    backup = loaded.workbook.save(target)
    remember(target, loaded.workbook.written, loaded.workbook.sheets, row, command)
    return backup


def log_row(loaded: Loaded, command: str, wrote: str, written: Round | None = None) -> list:
    """The Log row of this write: what was written, the highest ID so far, the results' digests, and for a
    new round who was active and how sheetrunner seated them."""
    last_id = max((p.id for p in loaded.event.players), default=0)
    rounds = tuple(r for r in loaded.event.rounds if written is None or r.number < written.number)
    seatless = loaded.ruleset.pairer.sits_out_freely(loaded.event, written.number) if written is not None else ()
    return log_values(loaded.event.with_rounds(rounds), command, __version__, wrote, last_id, now_text(), written,
                      seatless)


def fill_players(loaded: Loaded, pairing: Pairing) -> None:
    """Players cells sheetrunner decides: IDs assigned by validation, values the ruleset decided (cards, pods)."""
    cells: dict[int, dict[str, object]] = {row: {"ID": pid} for row, pid in loaded.checked.new_ids.items()}
    rows = {player.id: player.row for player in loaded.event.players}
    for pid, values in pairing.player_updates.items():
        cells.setdefault(rows[pid], {}).update(values)
    if cells:
        patch_players(loaded.workbook, cells, PLAYER_COLUMNS + loaded.ruleset.layout.player_columns)


def with_written(event: Event, written: Round) -> Event:
    """The event as it stands once `written` (a round, or a stage of the cut) is in, replacing a redone one."""
    if written.number > event.settings.rounds:
        return event.with_playoff(tuple(s for s in event.playoff if s.number < written.number) + (written,))
    return event.with_rounds(tuple(r for r in event.rounds if r.number < written.number) + (written,))


def report(path: Path | str, round_number: int | None = None, out: Path | str | None = None,
           templates: Path | str | None = None, pdf: bool = False, paper: str = "A4",
           progress=lambda done, total: None) -> ReportResult:
    """Render the printable reports of a round already in the workbook (default: the last one)."""
    loaded = load_event(path, older_copy_ok=True)
    if not loaded.event.rounds:
        raise Refusal(Problem("", "", "The workbook has no round yet, so there is nothing to report.",
                                 "Pair round 1 first with `sheetrunner pair`."))
    number = round_number or (loaded.event.rounds + loaded.event.playoff)[-1].number
    return render_round(loaded.event, loaded.ruleset, number, loaded.path, out, templates, pdf, paper,
                        progress=progress)


@dataclass
class Outstanding:
    round: int
    title: str  # "Round 3", "Top 8"
    noun: str  # "Table", "Board", "Match"
    tables: list[dict]  # {"table": label, "players": [{"id", "name"}]}


def outstanding(path: Path | str, round_number: int | None = None) -> Outstanding:
    """The tables of a round (default: the last, or the stage of the cut being played) without results."""
    loaded = load_event(path, older_copy_ok=True)
    if not loaded.event.rounds:
        raise Refusal(Problem("", "", "The workbook has no round yet.", "Pair round 1 first with `sheetrunner pair`."))
    number = round_number or (loaded.event.rounds + loaded.event.playoff)[-1].number
    round_ = find_round(loaded.event, number)
    if round_ is None:
        raise Refusal(Problem(f"Round {number}", "", f"There is no Round {number} sheet.", "Name a round that exists."))
    names = loaded.event.players_by_id
    tables = [{"table": t.number, "players": [{"id": s.player_id, "name": names[s.player_id].name}
                                              for s in t.seats]}
              for t in round_.games if not all(s.has_result for s in t.seats)]
    rules = loaded.ruleset if round_ in loaded.event.rounds else finals.stage_rules(loaded.ruleset)
    return Outstanding(number, round_.sheet, rules.layout.table_header, tables)


@dataclass
class StandingsResult:
    standings: Standings
    event: Event
    ruleset: Ruleset
    output: Path | None
    backup: Path | None
    warnings: list[Problem] = field(default_factory=list)
    placings: list[Placing] = field(default_factory=list)  # once the top cut is decided
    sheet: str = ""  # the sheet written ("Standings after R3", "Final standings"); empty when none was
    teams: Standings | None = None  # a team event's team standings, which decide it
    team_placings: list[Placing] = field(default_factory=list)  # once a top cut of teams is decided


def current_standings(path: Path | str, output: Path | str | None = None, write: bool = True,
                      from_older_copy: bool = False) -> StandingsResult:
    """Standings after the last round with every result, written as `Standings after RN` (§1 step 4); once a
    top cut is decided, the final placings too, written as `Final standings`."""
    if not write:
        return standings_result(load_event(path, older_copy_ok=True), None, None)
    command = "standings" + (f" {ON_PURPOSE}" if from_older_copy else "")
    with writing(path, output, command) as target:
        loaded = load_event(path, older_copy_ok=from_older_copy)
        result = standings_result(loaded, target, None)
        if result.standings.after_round:
            places = finals.final_places(result.placings, result.standings, result.team_placings, result.teams)
            table = final_standings_sheet(*places) if places else standings_sheet(result.standings)
            kept = Rewrites(loaded.workbook, loaded.event)  # a sheet written again keeps the TO's columns
            for sheet in [table, *loaded.ruleset.reports.standings_sheets(loaded.event, result.standings.after_round)]:
                kept.add_sheet(sheet, before=sheet_before_log(loaded.workbook))  # and a team event's team standings
            result.backup = save_logged(loaded, target, command, table.title)
            result.warnings = result.warnings + kept.warnings(Path(path), target, result.backup)
            result.sheet = table.title
        else:
            result.output = None
    return result


def standings_result(loaded: Loaded, target: Path | None, backup: Path | None) -> StandingsResult:
    standings, teams = standings_after(loaded.event, loaded.ruleset), loaded.ruleset.pairer.cut_placings(loaded.event)
    players = finals.placings(loaded.event, loaded.ruleset, standings) if teams is None and \
        finals.is_decided(loaded.event, loaded.ruleset) else []
    return StandingsResult(standings, loaded.event, loaded.ruleset, target, backup, loaded.warnings, players,
                           teams=loaded.ruleset.reports.deciding_standings(loaded.event), team_placings=teams or [])


def simulate_setup(setup: simulate.Setup, workers: int = 1,
                   progress: Callable[[int, int], None] = lambda done, total: None) -> dict:
    """`simulate --ruleset R --players N`: the field played `setup.runs` times; a field the rules cannot
    pair is said in one line before any run starts."""
    from .simulation import simulate  # loads only for this command

    ruleset = get_ruleset(setup.ruleset)
    if ruleset is None:
        raise EventError(Problem("", "", f'Unknown ruleset "{setup.ruleset}".', "Use one of: " + ", ".join(RULESET_NAMES)))
    try:
        first = simulate.run_once(setup, 0)
    except PairingImpossible as impossible:
        raise EventError(Problem("", "", f"{setup.players} players cannot play {setup.ruleset}: {impossible}",
                                 "Simulate a field the rules can pair.")) from None
    return simulate.simulate_event(setup, workers, progress, first)


def write_simulated_event(setup: simulate.Setup, index: int, path: Path | str) -> Path:
    """One of the simulated events as a workbook, every round typed in and logged as `pair` would: to see what
    the simulation plays, to practise on, or to go on pairing."""
    from .simulation import simulate
    path = Path(path)
    if path.exists() or path.is_symlink():
        raise EventError(Problem(path.name, "", f"{path} already exists; a simulated event is never written over "
                                 "a file.", "Choose a new file name."))
    ruleset = known_ruleset(setup.ruleset)  # `simulate_setup` checked it
    for event, _, _, _ in simulate.play_event(setup, index):
        pass
    chosen = {"ruleset": ruleset.game.name, "rounds": setup.rounds, "seed": event.settings.seed,
              "name": f"Simulated {ruleset.game.name} event {index + 1} (seed {setup.seed})"}
    roster = [{"id": p.id, "name": p.name, **{c.key: p.extra.get(c.key) for c in ruleset.layout.player_columns}}
              for p in event.players]
    with writing(path, None, "simulate"):
        workbook = Workbook.blank(path)
        workbook.add_sheet(event_sheet(ruleset, chosen))
        workbook.add_sheet(players_sheet(ruleset, roster))
        for round_ in event.rounds:
            workbook.add_sheet(played_round_sheet(event, ruleset, round_))
            before = event.with_rounds(tuple(r for r in event.rounds if r.number < round_.number))
            write_log_row(workbook, log_values(before, "simulate", __version__, round_.sheet, len(roster),
                                               now_text(), round_))
        workbook.save()
    return path


def simulate_workbook(path: Path | str, runs: int | None = None, seed: int | None = None, draw_rate: float = 0.0,
                      cut: int | None = None, workers: int = 1,
                      progress: Callable[[int, int], None] = lambda done, total: None) -> dict:
    """`simulate EVENT.xlsx`: the rounds left, from the workbook's results (the seed defaults to the event's)."""
    from .simulation import simulate
    loaded = load_event(path, older_copy_ok=True)
    event = loaded.event
    if event.is_finished or event.playoff:
        raise Refusal(Problem("", "", "Every round has been played; there is nothing left to simulate.",
                              "See the final standings with `sheetrunner standings`."))
    setup = simulate.RestSetup(event, loaded.ruleset, runs, event.settings.seed if seed is None else seed,
                               draw_rate, cut or finals.cut_size(event) or 8)
    try:
        first = simulate.run_rest(setup, 0)
    except PairingImpossible as impossible:
        raise NoLegalPairing(Problem("Players", "", str(impossible), "Check the roster and the Event settings.")) \
            from None
    return simulate.simulate_rest(setup, workers, progress, first)
