"""How a command ends: the exit codes, and the one place that maps what happened to them.

Commands raise (the library's `EventError`, `Stopped` after their own last line); only this module turns that
into an exit code, a line of what was and was not written, and, for anything unexpected, a saved traceback and
exit 70. Exit codes (in `sheetrunner --help`, which each command's help points to, and the README): 0 done; 1
problems in the workbook, or nothing to do (nothing written); 2 a mistake on the command line; 3 the write was
refused to keep the workbook safe; 4 no legal pairing; 5 the round was written but its reports could not be; 70
an internal error (its details saved to a file); 130 interrupted.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import traceback
from datetime import datetime
from pathlib import Path

import click

from .. import __version__, _interrupted_early
from .console import Console
from ..model.problems import ERROR, EventError, PartlyDone, Refusal

EXIT_CODES = """Exit codes: 0 done; 1 problems in the workbook, or nothing to do (nothing written); 2 a mistake on
the command line; 3 the write was refused to keep the workbook safe (nothing written); 4 no legal pairing
(nothing written); 5 the round was written but its reports could not be; 70 an internal error (details
saved to a file); 130 interrupted."""
# Each command's help points there in one line instead of repeating the paragraph (issue 31).
EXIT_CODES_POINTER = "Exits 0 when done; `sheetrunner --help` lists every exit code."
INTERNAL_ERROR = 70
# After the reading (api.no_cycle_collection), a command still builds the standings, the pairing and the reports:
# objects that hardly ever form cycles, yet at Python's default thresholds (700, 10, 10) the collector scans every
# live object again and again, a cost that grows with the square of the event (a third of `report` at 8,192
# players). In the command's own process collections stay, only rarer.
ONE_COMMAND_GC = (50_000, 20, 100)
# Set by `run_command_line`: the process ends with the command (see api.no_cycle_collection).
ONE_COMMAND_PROCESS = False


class Failed(click.ClickException):
    """Problems already printed; exit with the error's code and one line saying what was and was not done."""

    def __init__(self, error: EventError):
        if isinstance(error, PartlyDone):
            message = error.done
        elif isinstance(error, Refusal) or error.exit_code != 1:
            message = "Nothing was written."
        else:
            message = f"{sum(p.is_error for p in error.problems)} problem(s) to fix; nothing was written."
        super().__init__(message)
        self.exit_code = error.exit_code  # type: ignore[misc]  # click's class default, overridden per error

    def show(self, file=None) -> None:
        Console().say(f"Error: {self.format_message()}", err=True, severity=ERROR)


class Stopped(click.ClickException):
    """A command that ends short of a clean 0 after saying what it did: its last line (if any) on stderr, and
    the exit code (1 problems found, 3 an export refused, 5 reports missing). Commands raise; `main` exits."""

    def __init__(self, line: str, exit_code: int):
        super().__init__(line)
        self.exit_code = exit_code  # type: ignore[misc]  # click's class default, overridden per error

    def show(self, file=None) -> None:
        if self.message:
            Console().say(self.message, err=True, severity=ERROR)


def run(console: Console, action):
    """Turn the library's `EventError` into its problems and exit code; Ctrl-C into one line."""
    try:
        return action()
    except EventError as error:
        console.done()
        console.problems(error.problems)
        raise Failed(error) from None
    except KeyboardInterrupt:
        console.done()
        console.say("Interrupted. Nothing is half written: the workbook is as it was, or holds the whole new "
                    "change.", err=True)
        sys.exit(130)
    finally:
        console.done()


class SheetrunnerGroup(click.Group):
    """Any exception that is not the library's own is a bug: one line, its details saved, exit 70."""

    def invoke(self, ctx: click.Context):
        if ONE_COMMAND_PROCESS:  # the process ends with the command: garbage collection can wait (see api)
            from .. import api
            api.FREEZE_AFTER_READING = True
            gc.set_threshold(*ONE_COMMAND_GC)
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt):
            raise
        except Exception as error:  # noqa: BLE001 - the last line of defence, by design
            saved = save_details(error)
            click.echo(f"Internal error: {type(error).__name__}: {error}. This is a bug in sheetrunner, not in "
                       f"your workbook (which was not changed unless a 'Wrote' line says so). Details: {saved}",
                       err=True)
            sys.exit(INTERNAL_ERROR)


def save_details(error: Exception) -> Path | str:
    """The traceback in a file to send with a bug report (the user's cache folder, else the temp folder)."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sheetrunner"
    text = f"sheetrunner {__version__}, {sys.argv}\n" + "".join(traceback.format_exception(error))
    for place in (folder, Path(os.environ.get("TMPDIR", "/tmp"))):
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / f"error-{datetime.now():%Y%m%d-%H%M%S}.txt"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return "(could not be saved)"


def run_command_line(cli: click.Group) -> None:
    """The `sheetrunner` command (and `python -m sheetrunner`): one command in its own process, which ends with
    the command's exit code (`command_line`).

    The process ends at once (`os._exit`, output flushed): by then every file is written and closed, every
    lock released and every temporary folder removed (context managers), so all that is skipped is Python
    freeing the event's objects one by one, which cost a quarter of a second at 4,096 players.
    """
    code = command_line(cli)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader that went away (`| head`): nothing more can reach it
            pass
    os._exit(code)


def command_line(cli: click.Group) -> int:
    """Run the command `sys.argv` names; its exit code.

    Click's own ending is kept (a usage error prints and exits 2), except for Ctrl-C: outside a command's work
    (while click reads the options, or a module loads) it is one line and exit 130, as inside it, never
    click's "Aborted!" with exit 1 (the code for problems in the workbook) or a traceback. The commands
    return nothing; `--help` and `--version` end with click's exit code 0. A command that exits on its own
    (`sys.exit`) ends as it says.
    """
    global ONE_COMMAND_PROCESS
    ONE_COMMAND_PROCESS = True
    try:
        if signal.getsignal(signal.SIGINT) is _interrupted_early:  # loaded: Ctrl-C is KeyboardInterrupt again
            signal.signal(signal.SIGINT, signal.default_int_handler)
        code = cli.main(prog_name="sheetrunner", standalone_mode=False)
    except click.ClickException as error:
        error.show()
        code = error.exit_code
    except (click.Abort, KeyboardInterrupt):
        click.echo("Interrupted before any work began; nothing was written.", err=True)
        code = 130
    except SystemExit as exit_:
        code = exit_.code
        if code is not None and not isinstance(code, int):
            code = 1  # sys.exit("text"), as Python ends it
    return code if isinstance(code, int) else 0
