"""The hall server (SPEC §6a, issue 30): `sheetrunner serve EVENT.xlsx` puts the event on the players' phones over
the venue's own network and takes results back, the workbook staying the record.

One module per idea: `clock` (the round clock every screen shares), `security` (the event's secret, table codes,
the slowing of wrong codes, cross-site checks), `journal` (SQLite beside the workbook: every report kept before a
phone is told "received"), `results` (a report checked against the round, and written into the round sheet by
the same safe write as every command), `snapshot` (the event as the pages show it, made by the writer
process), `changes` (the pages' event streams told of a change), `state` (what the pages show, and when it
changed), `desk` (the TO's actions), `api` and `pages` (the routes), `app` (the Starlette application), `server`
(uvicorn and the addresses printed at start). Starlette and uvicorn load only here, so no other command pays for them.
"""

from __future__ import annotations

from pathlib import Path

from ..written.table_codes import hall_folder

JOURNAL_NAME = "journal.sqlite"


def journal_exists(workbook: Path) -> bool:
    """Whether the hall ever ran for this workbook: `pair` and `check` look no further (nor load sqlite3) if not."""
    return (hall_folder(workbook) / JOURNAL_NAME).exists()
