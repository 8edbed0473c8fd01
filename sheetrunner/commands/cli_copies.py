"""The commands for copies of an event that travel by e-mail: `merge` brings them together, `diff` compares two."""

from __future__ import annotations

from pathlib import Path

import click

from .console import Console
from .exits import EXIT_CODES_POINTER, Stopped, run
from .params import WORKBOOK_PATH, quiet_option


@click.command(epilog=EXIT_CODES_POINTER)
@click.argument("event", type=WORKBOOK_PATH)
@click.argument("copies", nargs=-1, required=True, type=WORKBOOK_PATH)
@quiet_option
def merge(event: Path, copies: tuple[Path, ...], quiet: bool) -> None:
    """Bring into EVENT what was typed in copies of it: results, drops, late entries, corrections.

    A value typed in one file only, or alike in several, is taken; one changed in a copy from what sheetrunner
    last wrote, while EVENT still holds that, is a correction and is taken. Values that disagree otherwise are
    conflicts, each named at its cell, and nothing is written until they are settled (in either file). A blank
    never replaces a typed value. Copies of another event or of another round are refused.

    \b
    Example:
      sheetrunner merge spring.xlsx spring-scorekeeper.xlsx spring-judge.xlsx
    """
    from ..workbook.xlsx.files import backup_path
    from ..copies.merge import merge_copies
    console = Console(quiet)
    result = run(console, lambda: merge_copies(event, list(copies)))
    console.problems(result.warnings)
    for taken in result.taken:
        sheet = taken.place.sheet
        before = "blank" if taken.before is None else taken.before
        console.say(f"  {sheet}!{taken.typed.cell}: {taken.typed.row_label}, {taken.typed.header}: {before} → "
                    f"{taken.typed.value} (from {taken.source})")
    for label, source in result.new_players:
        console.say(f"  Players: {label} added (from {source})")
    console.say(f"Merged {len(result.taken) + len(result.new_players)} change(s) into {event}."
                + (f" Backup: {backup_path(event, result.backup)}" if result.backup else ""))


@click.command(epilog=EXIT_CODES_POINTER)
@click.argument("first", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("second", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def diff(first: Path, second: Path) -> None:
    """Say what differs between two copies of an event: results, players, pairings, settings, sheets.

    Rows are matched by player, so a sorted sheet is the same sheet. Exits 0 when the copies agree, 1 when they
    differ.

    \b
    Example:
      sheetrunner diff spring.xlsx spring-from-judge.xlsx
    """
    from ..copies.diff import diff_copies
    console = Console()
    lines = run(console, lambda: diff_copies(first, second))
    if not lines:
        console.say(f"{first.name} and {second.name} hold the same event values.")
        return
    console.say(f"{len(lines)} difference(s) from {first.name} to {second.name}:")
    for line in lines:
        console.say(f"  {line}")
    raise Stopped("", 1)
