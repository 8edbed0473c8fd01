"""Where a command speaks: its lines on stdout, its problems on stderr, a status line on a terminal, and text
from a workbook printed safely (a player's name may hold anything)."""

from __future__ import annotations

import sys

import click

from .problems import Problem

# Control characters from a workbook (C0 but tab and newline, DEL, C1) are shown escaped: an escape
# sequence in a player's name must never reach the terminal as a command.
CONTROL = {code: f"\\x{code:02x}" for code in [*range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0)]}


class Console:
    """Where the command speaks: lines to stdout (unless quiet), problems to stderr, and a transient status line
    for long work, shown only on a terminal."""

    def __init__(self, quiet: bool = False):
        self.quiet = quiet
        self.live = not quiet and sys.stderr.isatty()

    def say(self, text: str, err: bool = False) -> None:
        """Print one line, safely: control characters escaped, characters the console cannot show escaped too,
        and a closed or broken output ignored (the work is done; printing must never undo it)."""
        if self.quiet and not err:
            return
        try:
            click.echo(text.translate(CONTROL), err=err)
        except OSError:
            pass

    def status(self, text: str) -> None:
        if self.live:
            click.echo(f"\r\x1b[K{text}…", err=True, nl=False)

    def done(self) -> None:
        if self.live:
            click.echo("\r\x1b[K", err=True, nl=False)

    def problems(self, problems: list[Problem], err: bool = True) -> None:
        for problem in problems:
            self.say(str(problem), err=err)


def use_forgiving_output() -> None:
    """A console that cannot show a character (cp1252 and Łukasz) prints `\\u0141` instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
