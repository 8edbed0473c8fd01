"""What the hall's journal means to `pair` and `check` when the server is not the one writing (issue 30).

`pair` writes the results still waiting in the journal first (they are results of the round about to be
closed: pairing without them would refuse for missing results, or worse, pair on an incomplete round), each
through the usual safe write with its own Log row, then pairs. It refuses, naming them, while reports
conflict: which result stands is the TO's decision, never taken by a command. Writing to a copy (`-o`) while
results wait is refused too, since the copy would lack them. `check` lists both.

Nothing here runs, nor is sqlite3 loaded, for a workbook whose hall never ran (no journal beside it).
"""

from __future__ import annotations

from pathlib import Path

from ..model.problems import Problem, Refusal, warning
from . import JOURNAL_NAME, hall_folder
from .journal import CONFLICT, WAITING, Journal, Report
from .results import write_waiting

SETTLE_HINT = "Settle it at the desk of `sheetrunner serve {name}` (choose the result that stands)."


def _journal(path: Path) -> Journal | None:
    found = hall_folder(Path(path)) / JOURNAL_NAME
    return Journal(found) if found.exists() else None


def before_pair(path: Path, in_place: bool) -> list[str]:
    """Write the journal's waiting results into the workbook before `pair`; refuse while any conflict stands.
    Returns what to tell the TO."""
    journal = _journal(path)
    if journal is None:
        return []
    try:
        conflicts = journal.reports(statuses=(CONFLICT,))
        if conflicts:
            raise Refusal([_conflict(path, report) for report in _per_table(conflicts)])
        waiting = journal.reports(statuses=(WAITING,))
        if waiting and not in_place:
            raise Refusal(Problem(path.name, "", f"{len(waiting)} result(s) reported in the hall wait in its "
                                  "journal, and a copy written with -o would lack them.",
                                  f"Pair in place (without -o), which writes them first, or run `sheetrunner serve "
                                  f"{path.name}` to write them."))
        done = write_waiting(path, journal, waiting, "pair (results from the hall)") if waiting else None
        if done is not None and (done.conflicts or done.refused):
            raise Refusal([_conflict(path, journal.report(i)) for i in done.conflicts + done.refused])
        return [f"Wrote {len(done.written)} result(s) reported in the hall into {path.name}."] if done else []
    finally:
        journal.close()


def _per_table(reports: list[Report]) -> list[Report]:
    seen, found = set(), []
    for report in reports:
        if (report.round, report.table) not in seen:
            seen.add((report.round, report.table))
            found.append(report)
    return found


def _conflict(path: Path, report: Report) -> Problem:
    what = report.note or "Two reports of this table disagree."
    return Problem(f"Round {report.round}", "", f"Table {report.table}: {what} (journal of the hall, report "
                   f"{report.id} by {report.who} at {report.received})", SETTLE_HINT.format(name=path.name))


def journal_problems(path: Path) -> list[Problem]:
    """For `check`: conflicts from the hall (errors: `pair` refuses them) and results waiting to be written."""
    journal = _journal(path)
    if journal is None:
        return []
    try:
        problems = [_conflict(path, r) for r in _per_table(journal.reports(statuses=(CONFLICT,)))]
        waiting = journal.reports(statuses=(WAITING,))
    finally:
        journal.close()
    if waiting:
        problems.append(warning(path.name, "", f"{len(waiting)} result(s) reported in the hall wait in its "
                                "journal to be written.", f"`sheetrunner serve {path.name}` writes them as soon as "
                                "the workbook is closed in Excel, and so does the next `pair`."))
    return problems
