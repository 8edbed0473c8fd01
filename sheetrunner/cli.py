"""The `sheetrunner` command: parse options, call one library function, say what happened.

Exit codes: 0 done; 1 the workbook has problems or the command refused
(nothing was written); 2 the command line itself is wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import __version__, api
from .problems import EventError, Problem
from .rulesets import RULESETS
from .sheets import cell_number
from .standings import Standings
from .tiebreakers import TIEBREAKERS

EXIT_CODES = """Exit codes: 0 done; 1 problems in the workbook (nothing written); 2 a mistake on the command line;
3 the write was refused to keep the workbook safe (nothing written); 4 no legal pairing (nothing written);
5 the workbook was written but its reports could not be; 130 interrupted."""

WORKBOOK_PATH = click.Path(dir_okay=False, path_type=Path)
# Control characters from a workbook (C0 but tab and newline, DEL, C1) are shown escaped: an escape
# sequence in a player's name must never reach the terminal as a command.
CONTROL = {code: f"\\x{code:02x}" for code in [*range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0)]}


def say(text: str, err: bool = False) -> None:
    """Print one line, safely: control characters escaped, characters the console cannot show escaped too,
    and a closed or broken output ignored (the work is done; printing must never undo it)."""
    try:
        click.echo(text.translate(CONTROL), err=err)
    except OSError:
        pass


def use_forgiving_output() -> None:
    """A console that cannot show a character (cp1252 and Łukasz) prints `\\u0141` instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def show_problems(problems: list[Problem], err: bool = True) -> None:
    for problem in problems:
        say(str(problem), err=err)


class Failed(click.ClickException):
    """Problems already printed; exit with the error's code and a one-line count."""

    def __init__(self, error: EventError):
        errors = sum(p.is_error for p in error.problems)
        super().__init__(f"{errors} problem(s) to fix; nothing was written." if error.exit_code == 1 else
                         "Nothing was written.")
        self.exit_code = error.exit_code


def run(action):
    """Turn the library's `EventError` into the problem list and its exit code; Ctrl-C into one line."""
    try:
        return action()
    except EventError as error:
        show_problems(error.problems)
        raise Failed(error) from None
    except KeyboardInterrupt:
        say("Interrupted. Nothing is half written: the workbook is as it was, or holds the whole new change.",
            err=True)
        sys.exit(130)


@click.group(epilog=EXIT_CODES)
@click.version_option(__version__, prog_name="sheetrunner")
def cli() -> None:
    """Run a tournament from an Excel workbook: check it, pair the next round, print standings."""
    use_forgiving_output()


@cli.command(epilog=EXIT_CODES)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--ruleset", "-r", required=True, type=click.Choice(list(RULESETS)), help="The event's rules.")
@click.option("--players", "-p", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="A roster CSV (comma or semicolon separated; a Name column, optionally Team and others).")
@click.option("--rounds", "-n", type=click.IntRange(min=1), help="Number of rounds (default: enough for the field).")
@click.option("--name", default="", help="The event's name, shown on reports.")
@click.option("--date", default="", help="The event's date, shown on reports.")
@click.option("--seed", type=click.IntRange(min=0), help="Random seed (default: drawn now and stored).")
def init(workbook: Path, ruleset: str, players: Path | None, rounds: int | None, name: str, date: str,
         seed: int | None) -> None:
    """Make a new event workbook with Event settings and a Players sheet."""
    made = run(lambda: api.init_event(workbook, ruleset, rounds, name, players, seed, date))
    if made.roster is not None:
        say(made.roster.summary(players.name))
    say(f"Made {workbook} ({ruleset}). Type the roster into Players, then run: sheetrunner pair {workbook}")


@cli.command(epilog=EXIT_CODES)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--json", "as_json", is_flag=True, help="Print the problems as JSON.")
def check(workbook: Path, as_json: bool) -> None:
    """Validate the workbook and list every problem at once; writes nothing."""
    problems = api.check_event(workbook)
    errors = [p for p in problems if p.is_error]
    if as_json:
        say(json.dumps([p.as_dict() for p in problems], indent=2, ensure_ascii=False))
    else:
        show_problems(problems, err=False)
        say(f"{len(errors)} error(s), {len(problems) - len(errors)} warning(s).")
    if errors:
        sys.exit(1)


@cli.command(epilog=EXIT_CODES)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--output", "-o", type=click.Path(path_type=Path),
              help="Write to this new file and leave the workbook as it is.")
@click.option("--redo", is_flag=True, help="Pair the last round again (only while it has no results).")
@click.option("--reports", "reports_out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the round's HTML reports (default: NAME-reports/round-N beside the workbook).")
@click.option("--no-reports", is_flag=True, help="Do not render the HTML reports.")
@click.option("--templates", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own report templates, used before the shipped ones.")
def pair(workbook: Path, output: Path | None, redo: bool, reports_out: Path | None, no_reports: bool,
         templates: Path | None) -> None:
    """Pair the next round and write it, with the standings so far, into the workbook."""
    result = run(lambda: api.pair_next(workbook, output, redo, command="pair --redo" if redo else "pair",
                                       reports=not no_reports, reports_out=reports_out, templates=templates))
    show_problems(result.warnings)
    summarize_round(result)
    if result.reports:
        say(f"Reports: {result.reports.folder / 'index.html'}")
    if result.reports_problem is not None:
        say(f"{result.reports_problem} The round was written; only its reports are missing.", err=True)
        sys.exit(5)


def summarize_round(result: api.PairResult) -> None:
    names = result.event.players_by_id
    scores = {row.player.id: row.values for row in result.standings.rows}
    key = result.standings.tiebreakers[0].key if result.standings.tiebreakers else None
    label = result.standings.tiebreakers[0].label if key else ""

    def who(pid: int) -> str:
        score = f" ({label} {cell_number(scores[pid][key])})" if key and result.standings.after_round else ""
        return f"{names[pid].name}{score}"

    tables = result.pairing.tables
    noun, bye = result.ruleset.table_header, result.ruleset.bye_label
    byes = "sit-out(s)" if bye != "BYE" else "bye(s)"
    say(f"Round {result.round}: {len(tables)} {noun.lower()}(s), {len(result.pairing.byes)} {byes}.")
    if len(tables) <= 100:
        for table in tables:
            seats = [f"{who(pid)} [{seat}]" if table.seats else who(pid)
                     for pid, seat in zip(table.player_ids, table.seats or table.player_ids)]
            say(f"  {noun} {table.number}: " + " v ".join(seats))
    for pid in result.pairing.byes:
        say(f"  {'Bye' if bye == 'BYE' else bye}: {who(pid)}")
    compromises = result.pairing.compromises
    say("Compromises: none." if not compromises else "Compromises:")
    for text in compromises:
        players = [names[p].name for p, notes in result.pairing.notes.items() if text in notes]
        say(f"  - {', '.join(players)}: {text}")
    saved = f"Wrote Round {result.round} to {result.output}"
    say(saved + (f" (backup: {result.backup.name})." if result.backup else "."))


@cli.command(epilog=EXIT_CODES)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON (see the README).")
@click.option("--output", "-o", type=click.Path(path_type=Path),
              help="Write the standings sheet to this new file instead of the workbook.")
@click.option("--no-write", is_flag=True, help="Only print; do not write a standings sheet.")
def standings(workbook: Path, as_json: bool, output: Path | None, no_write: bool) -> None:
    """Print the current standings with every tiebreaker, and write them as a sheet."""
    result = run(lambda: api.current_standings(workbook, output, write=not no_write))
    show_problems(result.warnings)
    if as_json:
        say(json.dumps(standings_json(result.standings), indent=2, ensure_ascii=False))
    else:
        say(standings_text(result.standings))


def json_number(value) -> int | float:
    return cell_number(value, 6)


def standings_json(table: Standings) -> list[dict]:
    """The scripting interface: rows in rank order, one key per tiebreaker, numbers as numbers.

    Rulesets that rank inside groups add the group (e.g. "pod") and "overall_rank".
    """
    group = table.group_label.lower()
    return [{"rank": row.rank, "tied": row.shared, "id": row.player.id, "name": row.player.name,
             "team": row.player.team, "dropped": row.dropped,
             **({group: row.group, "overall_rank": row.overall_rank} if group else {}),
             **{tb.key: json_number(row.values[tb.key]) for tb in table.columns}} for row in table.rows]


def shown_value(value, tiebreaker) -> str:
    if tiebreaker.percent:
        return f"{float(value) * 100:.2f}%"
    return f"{cell_number(value, 2):g}"


def standings_text(table: Standings) -> str:
    grouped = [table.group_label] if table.group_label else []
    headers = grouped + ["Rank", "ID", "Player", "Team"] + [tb.label for tb in table.columns]
    body = [([row.group] if grouped else []) + [row.rank_label, str(row.player.id),
            row.player.name + (" (dropped)" if row.dropped else ""), row.player.team]
            + [shown_value(row.values[tb.key], tb) for tb in table.columns] for row in table.rows]
    widths = [max(len(line[i]) for line in [headers] + body) for i in range(len(headers))]
    lines = [f"Standings after round {table.after_round}"]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in [headers] + body]
    lines.append("Tiebreakers, in order:")
    lines += [f"  {tb.label}: {tb.meaning}" for tb in table.tiebreakers]
    if table.extras:
        lines.append("Also shown:")
        lines += [f"  {tb.label}: {tb.meaning}" for tb in table.extras]
    return "\n".join(lines)


@cli.command(epilog=EXIT_CODES)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--round", "round_number", type=click.IntRange(min=1), help="The round (default: the last one).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the reports (default: NAME-reports/round-N beside the workbook).")
@click.option("--pdf", is_flag=True, help="Also print each report to PDF with a headless Chromium.")
@click.option("--paper", type=click.Choice(["A4", "Letter"], case_sensitive=False), default="A4", show_default=True,
              help="Page size for printing.")
@click.option("--templates", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of your own report templates, used before the shipped ones.")
def report(workbook: Path, round_number: int | None, out: Path | None, pdf: bool, paper: str,
           templates: Path | None) -> None:
    """Render a round's printable reports: pairings, slips, standings, poster, history."""
    result = run(lambda: api.report(workbook, round_number, out, templates, pdf, paper))
    say(f"Round {result.round}: {len(result.files)} file(s) in {result.folder}")
    say(f"Open {result.folder / 'index.html'}")


@cli.command("tiebreakers")
def list_tiebreakers() -> None:
    """List every tiebreaker name for the Tiebreakers setting, with its meaning."""
    for tb in TIEBREAKERS.values():
        say(f"{tb.key:<16} {tb.label:<10} {tb.meaning}")


@cli.command("rulesets")
def list_rulesets() -> None:
    """List the rulesets with their result columns, options and defaults."""
    for ruleset in RULESETS.values():
        say(f"{ruleset.name}: {ruleset.title} (source {ruleset.source})")
        say("  results: " + ", ".join(c.header for c in ruleset.result_columns))
        say("  tiebreakers: " + ", ".join(ruleset.tiebreakers))
        for option in ruleset.options:
            say(f"  {option.label} (default {option.cell_value(option.default)}): {option.about}")
