"""sheetrunner: pairings, standings and printable reports for tournaments run from an Excel workbook.

Use it from Python through `sheetrunner.api` (init_event, check_event,
pair_next, current_standings) or from the shell through the `sheetrunner`
command, a thin layer over the same functions.
"""

import os as _os
import signal as _signal
import sys as _sys

__version__ = "0.5.5"
EARLY_INTERRUPT = "Interrupted before any work began; nothing was written."


def _interrupted_early(_signal_number, _frame) -> None:
    """Ctrl-C while the `sheetrunner` command is still loading its modules (the first ~50 ms, before
    `exits.command_line` takes over): the same one line and exit 130 as later, never a traceback."""
    _os.write(2, (EARLY_INTERRUPT + "\n").encode())
    _os._exit(130)


# Only for the command (the console script, or `python -m sheetrunner`, which imports this package while its
# argv[0] is still "-m"), installed before any heavy import; a program importing sheetrunner keeps its own.
if _sys.argv and (_os.path.basename(_sys.argv[0]).split(".")[0] == "sheetrunner" or _sys.argv[0] == "-m") \
        and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _interrupted_early)
