"""Where a command speaks: its lines on stdout, its problems on stderr, a status line on a terminal, and text
from a workbook printed safely (a player's name may hold anything)."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

from ..model.problems import ERROR, WARNING, Problem

# Control characters from a workbook (C0 but tab and newline, DEL, C1) are shown escaped: an escape
# sequence in a player's name must never reach the terminal as a command.
CONTROL = {code: f"\\x{code:02x}" for code in [*range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0)]}


class Console:
    """Where the command speaks: lines to stdout (unless quiet), problems to stderr, and a transient status line
    for long work, shown only on a terminal."""

    def __init__(self, quiet: bool = False):
        self.quiet = quiet
        self.live = not quiet and sys.stderr.isatty()

    def say(self, text: str, err: bool = False, severity: str = "", plain: str = "") -> None:
        """Print one line, safely: control characters escaped, characters the console cannot show escaped too,
        and a closed or broken output ignored (the work is done; printing must never undo it). With a
        `severity` (error, warning) the text is coloured on a terminal (`colour_wanted`), then `plain` follows
        uncoloured (a problem's fix)."""
        if not (self.quiet and not err):
            self.echo(text, err, severity, plain)

    @staticmethod
    def echo(text: str, err: bool = False, severity: str = "", plain: str = "") -> None:
        """`say` whatever `quiet` says: a problem is what --quiet keeps, wherever it is printed (`check` prints
        them on stdout, as its output)."""
        line = text.translate(CONTROL)
        if severity and colour_wanted(err):
            line = click.style(line, **COLOURS[severity])
        if plain:
            line += " " + plain.translate(CONTROL)
        try:
            click.echo(line, err=err)
        except OSError:
            pass

    def status(self, text: str) -> None:
        if self.live:
            click.echo(f"\r\x1b[K{text}…", err=True, nl=False)

    def done(self) -> None:
        if self.live:
            click.echo("\r\x1b[K", err=True, nl=False)

    def problems(self, problems: list[Problem], err: bool = True) -> None:
        """Each problem on its line: what is wrong coloured by its severity on a terminal, the fix plain after."""
        for problem in problems:
            text = str(problem)
            what = text[:len(text) - len(problem.hint) - 1] if problem.hint else text
            self.echo(what, err, problem.severity, problem.hint)


# Errors red and warnings yellow, for a person at a terminal (issue 31): the line that stopped the command, or the
# one to read before going on, found at a glance among the others.
COLOURS: dict[str, dict[str, Any]] = {ERROR: {"fg": "red", "bold": True}, WARNING: {"fg": "yellow"}}


def colour_wanted(err: bool) -> bool:
    """Colour only on a terminal, never in a pipe or a file (a log, `| less`, a script), and never when NO_COLOR
    is set to anything (no-color.org)."""
    return not os.environ.get("NO_COLOR") and is_terminal(sys.stderr if err else sys.stdout)


def is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a stream without one, or closed
        return False


def use_forgiving_output() -> None:
    """A console that cannot show a character (cp1252 and Łukasz) prints `\\u0141` instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


class Progress:
    """click's progress bar for long work (printing pages, simulating runs) on a terminal; a log or a pipe gets
    one line when the work starts instead, so a long silence never looks like a hang."""

    def __init__(self, console: Console, label: str):
        self.console, self.label, self.announced = console, label, False
        self.bar: ProgressBar[int] | None = None

    def step(self, done: int, total: int) -> None:
        if not self.console.live:
            if not self.announced and not self.console.quiet:
                self.console.say(f"{self.label}: {total} to do…", err=True)
                self.announced = True
            return
        if self.bar is None:
            self.bar = click.progressbar(length=total, label=self.label, file=sys.stderr, show_pos=True)
            self.bar.__enter__()
        self.bar.update(done - self.bar.pos)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def terminal_width() -> int | None:
    """The terminal's width, or None when the output is a pipe or a file (lines are then not wrapped)."""
    return shutil.get_terminal_size().columns if sys.stdout.isatty() else None


def aligned_lines(headers: tuple[str, str, str], rows: list[tuple[str, str, str]], width: int | None) -> list[str]:
    """Two short columns aligned to their longest entry, then a long one wrapped to `width` (a terminal's) under
    itself; unwrapped when `width` is None (a pipe or a file) or too narrow to leave it 30 characters."""
    first, second = (max(len(row[i]) for row in [headers, *rows]) for i in (0, 1))
    indent = first + second + 4
    room = width - indent if width is not None else 0
    wrap = room >= 30
    lines = []
    for key, label, meaning in [headers, *rows]:
        parts = (textwrap.wrap(meaning, room) if wrap else [meaning]) or [""]
        lines.append(f"{key:<{first}}  {label:<{second}}  {parts[0]}")
        lines += [" " * indent + part for part in parts[1:]]
    return lines
