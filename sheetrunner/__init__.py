"""sheetrunner: pairings, standings and printable reports for tournaments run from an Excel workbook.

Use it from Python through `sheetrunner.api` (init_event, check_event,
pair_next, current_standings) or from the shell through the `sheetrunner`
command, a thin layer over the same functions.
"""

__version__ = "0.1.0"
