"""The `sheetrunner` command: parse options, call one library function, say what happened.

Each command prints with `console`, and ends by returning or raising; `exits` maps that to the exit code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from .. import __version__
from . import exits
from .console import Console, Progress, aligned_lines, terminal_width, use_forgiving_output
from .exits import EXIT_CODES, EXIT_CODES_POINTER, SheetrunnerGroup, Stopped, run
from .cli_copies import diff, merge
from .cli_hall import codes_option, hall_before_pair, hall_problems, serve
from .cli_league import league
from .params import (WORKBOOK_PATH, RulesetName, from_older_copy_option, known_encoding, quiet_json_option,
                     quiet_option, setting_range)
from ..model.problems import EventOver


@click.group(cls=SheetrunnerGroup, epilog=EXIT_CODES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetrunner")
def cli() -> None:
    """Run a tournament from an Excel workbook: check it, pair the next round, print standings."""
    use_forgiving_output()


@cli.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--ruleset", "-r", required=True, type=RulesetName(),
              help="The event's rules (`sheetrunner rulesets` lists them).")
@click.option("--players", "-p", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A roster CSV (a Name column, or First name and Last name; Team and any others kept).")
@click.option("--rounds", "-n", type=setting_range("rounds"), help="Number of rounds (default: enough for the field).")
@click.option("--name", default="", help="The event's name, shown on reports.")
@click.option("--date", default="", help="The event's date, shown on reports.")
@click.option("--seed", type=setting_range("seed"), help="Random seed (default: drawn now and stored).")
@click.option("--top-cut", type=setting_range("top_cut", 2), default=None,
              help="Players in the top cut after the last round (allegiance 3 or 4, Diplomacy 7 for the final "
                   "game; default none).")
@click.option("--team-size", type=setting_range("team_size", 2), default=None,
              help="A team event (swiss, swiss-tp): the boards of a team match; Players gets a Board column.")
@quiet_option
def init(workbook: Path, ruleset: str, players: Path | None, rounds: int | None, name: str, date: str,
         seed: int | None, top_cut: int | None, team_size: int | None, quiet: bool) -> None:
    """Make a new event workbook with Event settings and a Players sheet.

    \b
    Example:
      sheetrunner init spring.xlsx --ruleset swiss-tp --players roster.csv --rounds 5 --name "Spring Open"
    """
    from .. import api
    console = Console(quiet)
    made = run(console, lambda: api.init_event(workbook, ruleset, rounds, name, players, seed, date, top_cut or 0,
                                               team_size or 0))
    if made.roster is not None and players is not None:  # a roster is read from --players only
        console.say(made.roster.summary(players.name))
    if made.roster is not None and made.roster.players:
        console.say(f"Made {workbook} ({ruleset}) with the {len(made.roster.players)} player(s) imported. Next: "
                    f"sheetrunner pair {workbook}")
    else:
        console.say(f"Made {workbook} ({ruleset}). Type the roster into Players, then run: sheetrunner pair "
                    f"{workbook}")


@cli.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--json", "as_json", is_flag=True, help="Print the problems as JSON.")
@quiet_json_option
def check(workbook: Path, as_json: bool, quiet: bool) -> None:
    """Validate the workbook and list every problem at once; writes nothing.

    \b
    Example:
      sheetrunner check spring.xlsx
    """
    from .. import api
    console = Console(quiet)
    problems = api.check_event(workbook) + hall_problems(workbook)  # and the hall's conflicts (issue 30)
    errors = [p for p in problems if p.is_error]
    if as_json:
        click.echo(json.dumps([p.as_dict() for p in problems], indent=2, ensure_ascii=False))
    else:
        console.problems(problems, err=False)
        console.say(f"{len(errors)} error(s), {len(problems) - len(errors)} warning(s).")
    if errors:
        raise Stopped("", 1)


@cli.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--output", "-o", "output_file", type=click.Path(path_type=Path),
              help="Write to this new file and leave the workbook as it is.")
@click.option("--redo", is_flag=True, help="Pair the last round again (only while it has no results).")
@click.option("--reports", "reports_out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the round's HTML reports (default: NAME-reports/round-N beside the workbook).")
@click.option("--no-reports", is_flag=True, help="Do not render the HTML reports.")
@click.option("--templates", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own report templates, used before the shipped ones.")
@click.option("--json", "as_json", is_flag=True, help="Print what was written as JSON (see docs/json.md).")
@from_older_copy_option
@quiet_json_option
@codes_option
def pair(workbook: Path, output_file: Path | None, redo: bool, reports_out: Path | None, no_reports: bool,
         templates: Path | None, as_json: bool, from_older_copy: bool, quiet: bool) -> None:
    """Pair the next round and write it, with the standings so far, into the workbook.

    \b
    Example:
      sheetrunner pair spring.xlsx
      sheetrunner pair spring.xlsx --redo      (the round again, after a late drop)
    """
    from .. import api
    from ..reports.round_summary import round_lines
    from . import output
    console = Console(quiet or as_json)
    hall_before_pair(console, workbook, output_file is None)  # results waiting in the hall's journal (issue 30)
    try:
        result = run(console, lambda: api.pair_next(workbook, output_file, redo, "pair --redo" if redo else "pair",
                                                    not no_reports, reports_out, templates, console.status,
                                                    from_older_copy))
    except EventOver as over:  # everything is played: a success, with nothing to write
        if as_json:
            click.echo(json.dumps(output.event_over_json(over, workbook), indent=2, ensure_ascii=False))
        for line in output.event_over_lines(over, workbook):
            console.say(line)
        return
    if as_json:
        click.echo(json.dumps(output.round_json(result), indent=2, ensure_ascii=False))
    console.problems(result.warnings)
    for line in round_lines(result):
        console.say(line)
    if result.reports:
        console.say(f"Reports: {result.reports.folder / 'index.html'}{result.reports.removed_note(result.output)}")
    if result.reports_problem is not None:
        raise Stopped(f"{result.reports_problem} The round was written; only its reports are missing.", 5)


@cli.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON (see docs/json.md).")
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also save them as a CSV file (the same columns as --json).")
@click.option("--xlsx", "xlsx_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also save them as a clean Excel file (the same columns as --json).")
@click.option("--encoding", default="utf-8-sig", show_default=True, callback=known_encoding,
              help="Encoding of the --csv file; utf-8-sig is UTF-8 with the mark Excel needs to show accents.")
@click.option("--output", "-o", "output_file", type=click.Path(path_type=Path),
              help="Write the standings sheet to this new file instead of the workbook.")
@click.option("--teams", "of_teams", is_flag=True, help="A team event: --json prints the team standings.")
@click.option("--no-write", is_flag=True, help="Only print; do not write a standings sheet.")
@from_older_copy_option
@quiet_json_option
def standings(workbook: Path, as_json: bool, csv_file: Path | None, xlsx_file: Path | None, encoding: str,
              output_file: Path | None, of_teams: bool, no_write: bool, from_older_copy: bool, quiet: bool) -> None:
    """Print the current standings with every tiebreaker, and write them as a sheet.

    \b
    Example:
      sheetrunner standings spring.xlsx --csv standings.csv
    """
    from .. import api
    from ..reports.round_summary import wrote_line
    from . import output
    console = Console(quiet or as_json)
    result = run(console, lambda: api.current_standings(workbook, output_file, not no_write, from_older_copy))
    console.problems(result.warnings)
    if as_json:
        click.echo(json.dumps(output.json_rows(result, of_teams), indent=2, ensure_ascii=False))
    else:
        console.say(output.final_places_text(result) + output.standings_text(result.standings))
        if result.teams is not None:
            console.say("\n" + output.standings_text(result.teams, of_teams=True))
    if result.sheet:
        console.say(wrote_line(result.sheet, result.output, result.backup))
    elif not no_write:
        console.say(output.no_standings_line(workbook))
    for path in filter(None, (csv_file, xlsx_file)):
        try:
            console.say(f"Saved {output.export_with_teams(result, path, encoding)}")
        except OSError as error:
            raise Stopped(f"{path.name}: could not be saved: {error.strerror or error}.", 3) from None
        except UnicodeEncodeError as error:
            raise Stopped(f"{path.name}: could not be saved: {error.object[error.start:error.end]!r} cannot be "
                          f"written in {encoding}; use --encoding utf-8-sig.", 3) from None


@cli.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--round", "round_number", type=click.IntRange(min=1), help="The round (default: the last one).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the reports (default: NAME-reports/round-N beside the workbook).")
@click.option("--pdf", is_flag=True, help="Also print each report to PDF, and the round's kit in one kit.pdf.")
@click.option("--paper", type=click.Choice(["A4", "Letter"], case_sensitive=False), default="A4", show_default=True,
              help="Page size for printing.")
@click.option("--templates", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own report templates, used before the shipped ones.")
@quiet_option
@codes_option
def report(workbook: Path, round_number: int | None, out: Path | None, pdf: bool, paper: str,
           templates: Path | None, quiet: bool) -> None:
    """Render a round's printable reports: pairings, slips, standings, poster, history.

    \b
    Example:
      sheetrunner report spring.xlsx --pdf      (kit.pdf: pairings, slips and names, to print at once)
    """
    from .. import api
    console = Console(quiet)
    bar = Progress(console, "Printing PDFs")
    try:
        result = run(console, lambda: api.report(workbook, round_number, out, templates, pdf, paper, bar.step))
    finally:
        bar.close()
    if result.was_stale:
        console.say(f"The reports in {result.folder} were made before the workbook changed; they are printed anew.")
    console.say(f"{result.title}: {len(result.files)} file(s) in {result.folder}{result.removed_note(Path(workbook))}")
    console.say(f"Open {result.folder / 'index.html'}")


@cli.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--round", "round_number", type=click.IntRange(min=1), help="The round (default: the last one).")
@click.option("--json", "as_json", is_flag=True, help="Print the tables as JSON.")
def outstanding(workbook: Path, round_number: int | None, as_json: bool) -> None:
    """List the tables of a round that have no result yet (also printable: outstanding.html).

    \b
    Example:
      sheetrunner outstanding spring.xlsx
    """
    from .. import api
    from . import output
    console = Console()
    found = run(console, lambda: api.outstanding(workbook, round_number))
    if as_json:
        click.echo(json.dumps({"round": found.round, "tables": found.tables}, indent=2, ensure_ascii=False))
    elif not found.tables:
        console.say(f"Every result of {found.title.lower()} is in.")
    else:
        for line in output.outstanding_lines(found):
            console.say(line)


@cli.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=click.Path(exists=True, dir_okay=False, path_type=Path), required=False)
@click.option("--ruleset", "-r", type=RulesetName(), help="Simulate a new event of this ruleset.")
@click.option("--players", "-p", "player_count", type=click.IntRange(min=2), help="Players in the new event.")
@click.option("--rounds", "-n", type=click.IntRange(min=1), help="Rounds (default: enough for the field).")
@click.option("--runs", type=click.IntRange(min=1), help="Events to play (default 200, shares within about ±3.5 "
              "points; fewer, at least 20, for a field too big to play 200 times in a few minutes).")
@click.option("--seed", type=click.IntRange(min=0), help="Seed of the draws (default 1, or the event's).")
@click.option("--draw-rate", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Share of games drawn (multiplayer: with no winner).")
@click.option("--skill", type=click.FloatRange(0), default=1.0, show_default=True,
              help="How much hidden strength decides a game (0: coin flips). New events only.")
@click.option("--cut", type=click.IntRange(min=1), help="The top cut to report (default: the event's, or 8).")
@click.option("--workers", type=click.IntRange(min=1), default=min(2, os.cpu_count() or 1), show_default=True,
              help="Processes to run the events on.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the report with its charts to this HTML file.")
@click.option("--example", "example_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the first simulated event as a workbook (new events only).")
@quiet_json_option
def simulate(workbook: Path | None, ruleset: str | None, player_count: int | None, rounds: int | None, runs: int | None,
             seed: int | None, draw_rate: float, skill: float, cut: int | None, workers: int, as_json: bool,
             html_file: Path | None, example_file: Path | None, quiet: bool) -> None:
    """Play an event many times with the real engines: before it starts, or the rounds left of one running.

    \b
    Example:
      sheetrunner simulate --ruleset swiss --players 64 --runs 1000
      sheetrunner simulate spring.xlsx          (each player's chances, and what they need)
    """
    from .. import api
    from . import output
    from ..rulesets import known_ruleset
    console = Console(quiet or as_json)
    if (workbook is None) == (ruleset is None):
        raise click.UsageError("Give a workbook, or --ruleset and --players for a new event.")
    if ruleset is not None and player_count is None:
        raise click.UsageError("--players is needed with --ruleset.")
    if html_file is not None:
        from ..reports.charts import require_charts

        run(console, require_charts)  # before the long work, not after it
    bar = Progress(console, "Simulating")
    try:
        if workbook is not None:
            summary = run(console, lambda: api.simulate_workbook(workbook, runs, seed, draw_rate, cut, workers,
                                                                 bar.step))
            lines, title = output.rest_lines(summary), f"{workbook.stem}: the rounds left, simulated"
        else:
            from ..simulation.simulate import Setup  # only this command needs it
            assert ruleset is not None and player_count is not None, "the usage checks above: no workbook, both"
            rounds = rounds or known_ruleset(ruleset).pairer.default_rounds(player_count)
            setup = Setup(ruleset, player_count, rounds, runs,
                          1 if seed is None else seed, draw_rate, skill, cut or 8)
            summary = run(console, lambda: api.simulate_setup(setup, workers, bar.step))
            lines, title = output.simulation_lines(summary), f"{ruleset}, {player_count} players: simulated"
    finally:
        bar.close()
    if as_json:
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    for line in lines:
        console.say(line)
    if html_file is not None:
        from ..reports.simulation import render_simulation

        console.say(f"Report: {run(console, lambda: render_simulation(summary, html_file, title))}")
    if example_file is not None and workbook is None:
        console.say(f"Example event: {run(console, lambda: api.write_simulated_event(setup, 0, example_file))}")


@cli.command("tiebreakers", epilog=EXIT_CODES_POINTER)
def list_tiebreakers() -> None:
    """List every tiebreaker for the Tiebreakers and Team tiebreakers settings: "(teams too)", "(teams only)".

    \b
    Example:
      sheetrunner tiebreakers
    """
    from ..teams.tiebreakers import listing_rows
    rows = listing_rows()
    console = Console()
    for line in aligned_lines(("Name", "Column", "Meaning"), rows, terminal_width()):
        console.say(line)


@cli.command("rulesets", epilog=EXIT_CODES_POINTER)
def list_rulesets() -> None:
    """List the rulesets with their result columns, options, choices, defaults and meaning.

    Each option is one line: its Event setting, the default `init` writes, the values it takes (the choices of a
    drop-down), and what it means; the settings every ruleset takes come last.

    \b
    Example:
      sheetrunner rulesets
    """
    from ..rulesets import listing

    console = Console()
    for line in listing():
        console.say(line)


for command in (merge, diff, serve, league):  # the commands of their own modules (cli_copies, cli_hall, cli_league)
    cli.add_command(command)


def main() -> None:
    """The `sheetrunner` command (and `python -m sheetrunner`): see `exits.run_command_line`."""
    exits.run_command_line(cli)
