"""The `serve` command: the hall's server for players' phones, the projector and the TO's desk (issue 30)."""

from __future__ import annotations

import functools
import gc
from pathlib import Path

import click

from .console import Console
from .exits import EXIT_CODES_POINTER, run
from .params import WORKBOOK_PATH


@click.command(epilog=EXIT_CODES_POINTER)
@click.argument("workbook", type=WORKBOOK_PATH)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Where to listen: 127.0.0.1 is this laptop only; 0.0.0.0 lets phones on the hall's network in.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(1, 65535), help="The port to listen on.")
def serve(workbook: Path, host: str, port: int) -> None:
    """Serve the event to phones, the projector and the TO's desk, and take results back into the workbook.

    Prints the players' address (with a QR code) and the desk's, which carries the event's secret. Results wait
    in a journal beside the workbook (NAME-backups/hall/) while it is open in Excel, and are written as soon as it
    can be, or by the next `pair`. Stop with Ctrl+C; starting again goes on where it stopped.

    \b
    Example:
      sheetrunner serve spring.xlsx --host 0.0.0.0
    """
    from .. import api
    from ..hall.server import serve as serve_hall

    api.FREEZE_AFTER_READING = False  # a long-running process: the usual garbage collection (see api)
    gc.set_threshold(700, 10, 10)
    console = Console()
    run(console, lambda: serve_hall(workbook, host, port, console.say))


def hall_before_pair(console: Console, workbook: Path, in_place: bool) -> None:
    """`pair`'s hook: results reported in the hall and still waiting in its journal are written first; conflicts
    from the hall refuse the pairing, naming them (`hall.pending`). Nothing loads for an event whose hall never
    ran."""
    from ..hall import journal_exists

    if journal_exists(workbook):
        from ..hall.pending import before_pair

        for line in run(console, lambda: before_pair(workbook, in_place)):
            console.say(line)


def hall_problems(workbook: Path) -> list:
    """`check`'s hook: the hall's conflicts and results waiting, for an event whose hall ran."""
    from ..hall import journal_exists

    if not journal_exists(workbook):
        return []
    from ..hall.pending import journal_problems

    return journal_problems(workbook)


def codes_option(command):
    """`--codes` for `pair` and `report`: each result slip carries its table's code for the hall from now on (the
    event's secret is made beside the workbook, as `serve` makes it), before the hall is first started. Without
    it, codes appear once `serve` has run for the event: a TO who never opens the hall sees none."""

    @click.option("--codes", is_flag=True, help="Print each table's code for `sheetrunner serve` on its result slip, "
                  "from now on (codes appear anyway once serve has run for this event).")
    @functools.wraps(command)
    def with_codes(*args, codes: bool, **kwargs):
        source = Path(kwargs["workbook"])
        target = Path(kwargs.get("output_file") or source)  # `pair -o NEW.xlsx`: the event goes on in NEW.xlsx
        if codes and source.is_file() and target.parent.is_dir():  # a mistyped path is the command's to refuse
            from ..hall.security import event_secret

            event_secret(target)
        return command(*args, **kwargs)

    return with_codes
