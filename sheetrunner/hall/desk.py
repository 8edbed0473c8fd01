"""The TO's desk (issue 30): what the TO does from the hall's server, each action through the same library calls
and safe writes as the commands.

Every action is a `POST /desk/ACTION` with a JSON body, allowed with the secret (the desk's cookie and its form
token, or a script's bearer token), and answers `{"ok", "lines"}`: what happened, in the words `pair` prints.
Pairing from the desk writes the waiting results first and refuses while any stand in the journal or conflict,
then runs `api.pair_next` itself, so every check `pair` makes is made.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .. import api
from ..reports.round_summary import round_lines
from ..model.columns import PLAYER_COLUMNS
from ..workbook.layout import PLAYERS_SHEET
from ..copies.merge import revalidated
from ..model.problems import EventError, EventOver
from ..written.sheets import player_cells
from ..validate import find_sheet
from .guard import desk_refusal, refused
from .journal import CONFLICT, WAITING
from .results import ReportRefused
from .state import HallState
from .views import current_round


def _said(ok: bool, lines: list[str]) -> dict[str, Any]:
    return {"ok": ok, "lines": lines}


def clock(state: HallState, form: dict[str, Any]) -> dict[str, Any]:
    """Start, pause, add or take time, or put the whole round back on the clock."""
    action, seconds = form.get("do"), form.get("seconds", 0)
    if action == "start":
        state.clock.start()
    elif action == "pause":
        state.clock.pause()
    elif action == "adjust" and isinstance(seconds, (int, float)) and abs(seconds) <= 36_000:
        state.clock.adjust(seconds)
    elif action == "reset":
        state.clock.reset()
    else:
        return _said(False, ['Say "start", "pause", "reset", or "adjust" with seconds.'])
    state.save_clock()
    return _said(True, [f"Clock: {int(state.clock.left()) // 60}:{int(state.clock.left()) % 60:02d} left"
                        + (", running." if state.clock.running else ", paused.")])


def pair(state: HallState, form: dict[str, Any]) -> dict[str, Any]:
    """Pair the next round: the waiting results written first, conflicts settled first, then `pair` itself."""
    with state.write_lock:
        state.write_now()
        waiting = state.journal.reports(statuses=(WAITING,))
        if waiting:
            return _said(False, [f"{len(waiting)} result(s) cannot be written yet: {state.write_problem}",
                                 "Close the workbook in Excel (or fix what is said), then pair again."])
        conflicts = {(r.round, r.table) for r in state.journal.reports(statuses=(CONFLICT,))}
        if conflicts:
            return _said(False, [f"Settle the conflict of table {table} (round {number}) first." for number, table
                                 in sorted(conflicts)])
        try:
            result = api.pair_next(state.path)
        except EventOver as over:
            return _said(True, [over.message])
        except EventError as error:
            return _said(False, [str(problem) for problem in error.problems])
        finally:
            state.refresh()
    lines = [str(p) for p in result.warnings] + round_lines(result)
    if result.reports_problem is not None:
        lines.append(f"{result.reports_problem} The round was written; only its reports are missing.")
    return _said(True, lines)


def settle(state: HallState, form: dict[str, Any]) -> dict[str, Any]:
    """A conflict settled: the chosen report is written over what the sheet holds, or (none chosen) the sheet is
    kept and the reports set aside."""
    chosen, number, table = form.get("chosen"), form.get("round"), str(form.get("table", ""))
    if type(number) is not int or (chosen is not None and type(chosen) is not int):
        return _said(False, ['Send "round", "table" and "chosen" (a report id, or null to keep the sheet).'])
    state.journal.settle(number, table, chosen)
    state.write_now()
    state.bump()
    kept = "the chosen report is written" if chosen is not None else "the sheet is kept as it is"
    return _said(True, [f"Table {table} of round {number} settled: {kept}."] + _write_state(state))


def write(state: HallState, form: dict[str, Any]) -> dict[str, Any]:
    done = state.write_now()
    written = len(done.written) if done else 0
    return _said(not state.write_problem, [f"{written} result(s) written."] + _write_state(state))


def _write_state(state: HallState) -> list[str]:
    waiting = len(state.journal.reports(statuses=(WAITING,)))
    return [f"{waiting} result(s) still wait: {state.write_problem}"] if waiting and state.write_problem else []


def drop(state: HallState, form: dict[str, Any]) -> dict[str, Any]:
    """A drop asked from a phone, confirmed (written as Dropped after the current round) or declined."""
    asked = {d.id: d for d in state.journal.drops()}
    found = asked.get(form.get("id", 0))  # journal ids count from 1
    if found is None:
        return _said(False, ["That request to drop is no longer open."])
    if not form.get("confirm"):
        state.journal.mark_drop(found.id, "declined")
        state.bump()
        return _said(True, [f"{found.name} stays in the event."])
    round_ = current_round(state.event)
    number = round_.number if round_ else 0
    try:
        with state.write_lock, api.writing(state.path, None, "serve (drop)") as target:
            loaded = api.load_event(state.path)
            sheet = find_sheet(loaded.workbook.sheets, PLAYERS_SHEET)
            assert sheet is not None  # validation refuses an event without one
            row = loaded.event.player(found.player_id).row
            loaded.workbook.patch(sheet.name, player_cells(sheet.headers, sheet.header_row, {
                row: {"Dropped after": number}}, PLAYER_COLUMNS + loaded.ruleset.layout.player_columns))
            api.save_logged(revalidated(loaded), target, "serve (drop)", PLAYERS_SHEET)
    except EventError as error:
        return _said(False, [str(problem) for problem in error.problems])
    state.journal.mark_drop(found.id, "confirmed")
    state.refresh()
    return _said(True, [f"{found.name} dropped after round {number} (Players, Dropped after)."])


def reprint(state: HallState, form: dict[str, Any]) -> dict[str, Any]:
    """The current round's reports rendered again (after a hand edit), to print from the desk's links."""
    try:
        result = api.report(state.path)
    except EventError as error:
        return _said(False, [str(problem) for problem in error.problems])
    return _said(True, [f"{result.title}: {len(result.files)} file(s) printed anew; open them from the desk."])


def enter(state: HallState, form: dict[str, Any]) -> dict[str, Any]:
    """A result typed at the desk or the scorekeeper's page, from a slip: one report with the secret's authority."""
    try:
        report = state.receive(form, "scorekeeper", "scorekeeper")
    except ReportRefused as error:
        return _said(False, [str(error)])
    return {**_said(report.status != CONFLICT, [f"Table {report.table}: {report.status}."]), "status": report.status}


ACTIONS: dict[str, Callable[[HallState, dict[str, Any]], dict[str, Any]]] = {
    "clock": clock, "pair": pair, "settle": settle, "write": write, "drop": drop, "reprint": reprint,
    "result": enter}


async def desk_action(request: Request) -> Response:
    state: HallState = request.app.state.hall
    try:
        form = json.loads(await request.body() or b"{}")
    except (ValueError, UnicodeDecodeError):
        form = None
    refusal = desk_refusal(request, state.secret, form if isinstance(form, dict) else None)
    if refusal is not None:
        return refusal
    action = ACTIONS.get(request.path_params["action"])
    if action is None or not isinstance(form, dict):
        return refused(404 if action is None else 400, "No such desk action, or the body is not a JSON object.")
    said = await run_in_threadpool(action, state, form)
    return JSONResponse(said, status_code=200 if said["ok"] else 409)
