"""The `league` command: a season's standings from the final standings of many events."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .console import Console
from .exits import EXIT_CODES_POINTER, Stopped, run
from .params import WORKBOOK_PATH, quiet_json_option


@click.command(epilog=EXIT_CODES_POINTER)
@click.argument("season", type=WORKBOOK_PATH)
@click.argument("events", nargs=-1, type=WORKBOOK_PATH)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the season's reports (default: SEASON-reports beside the season workbook).")
@click.option("--no-reports", is_flag=True, help="Do not render the season poster and the players' events.")
@click.option("--pdf", is_flag=True, help="Also print the season's reports to PDF (needs Chromium).")
@click.option("--paper", type=click.Choice(["A4", "Letter"], case_sensitive=False), default="A4", show_default=True,
              help="Page size for printing (the poster takes A3, or ledger beside Letter).")
@click.option("--templates", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own report templates, used before the shipped ones.")
@click.option("--json", "as_json", is_flag=True, help="Print the season table as JSON.")
@quiet_json_option
def league(season: Path, events: tuple[Path, ...], out: Path | None, no_reports: bool, pdf: bool, paper: str,
           templates: Path | None, as_json: bool, quiet: bool) -> None:
    """Write a season's standings from the final standings of many events (read, never written).

    The events are the files given after SEASON.xlsx, or those its Events sheet lists (a File column, relative to
    it). SEASON.xlsx is made when missing, with a League sheet of settings (scoring per placing or match points,
    best N events, minimum events, tiebreakers) and an Aliases sheet (Name | Same as) for names spelled
    differently; a League ID column in an event's Players sheet matches players too. A Tiers sheet (Setting | a
    column per tier) gives each tier its own points, best N and minimum; an event's tier is typed in the Events
    sheet's Tier column, or chosen by its number of players (Players at least).

    \b
    Example:
      sheetrunner league season.xlsx jan.xlsx feb.xlsx mar.xlsx
      sheetrunner league season.xlsx          (the events of its Events sheet)
    """
    from ..league import run as league_io, report as league_report
    from ..workbook.xlsx.files import backup_path
    console = Console(quiet or as_json)
    result = run(console, lambda: league_io.run_league(season, list(events), not no_reports, out, templates, pdf,
                                                       paper, console.status))
    if as_json:
        click.echo(json.dumps(league_report.season_json(result.season), indent=2, ensure_ascii=False))
    console.problems(result.warnings)
    for line in league_report.season_lines(result.season):
        console.say(line)
    console.say(f"{'Made' if result.created else 'Wrote'} {season}: {league_report.STANDINGS_SHEET} and "
                f"{league_report.PLAYED_SHEET}." + (f" Backup: {backup_path(season, result.backup)}"
                                                    if result.backup else ""))
    if result.reports:
        console.say(f"Reports: {result.reports[0].parent}")
    if result.reports_problem is not None:
        raise Stopped(f"{result.reports_problem} The season was written; only its reports are missing.", 5)
