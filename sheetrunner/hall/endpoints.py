"""The hall's JSON API (issue 30), used by its own pages and open to scripts:

- `GET /api/round`: the event, the current round with its pairings and each table's state, the outstanding tables,
  the players as the phone page finds them, the standings. ETag'd (`If-None-Match` gives 304) and gzipped.
- `POST /api/results`: `{"round": 1, "table": 3, "seats": [{"Games won": 2}, {"Games won": 1}], "code": "…"}`,
  one object per seat in seat order under the round sheet's own column names; authorised by the table's code
  (`code`), or by the desk's secret (`Authorization: Bearer SECRET`). With `Results reported by: both players`, a
  phone also sends `"by"`: the seat number of the player reporting. 202 once the report is in the journal.
- `POST /api/drop`: `{"round", "table", "code", "by"}`: the player at seat `by` asks to drop; the TO confirms.
- `GET /api/clock`, `GET /api/events` (Server-Sent Events: `change` with the version, round and clock).
- `GET /api/desk`: the desk's view (the secret).
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from .guard import bearer, client_of, cross_site, is_desk, refused
from .journal import CONFLICT, SAME, UNCONFIRMED, WAITING
from .results import ReportRefused, find_table
from .security import code_matches, secret_matches
from .state import HallState
from .views import current_round

KEEPALIVE_SECONDS = 15.0
SAID = {WAITING: "Received: the result is in and will be written into the event.",
        UNCONFIRMED: "Received: the result waits for your opponent to report it too.",
        SAME: "Received: this table's result was already in, and agrees.",
        CONFLICT: "Received, but it disagrees with another report of this table: the TO will settle it."}


async def round_json(request: Request) -> Response:
    state: HallState = request.app.state.hall
    etag, raw, zipped = await run_in_threadpool(state.round_bytes)
    headers = {"etag": etag, "cache-control": "no-cache", "vary": "accept-encoding"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(zipped, media_type="application/json", headers={**headers, "content-encoding": "gzip"})
    return Response(raw, media_type="application/json", headers=headers)


async def clock_json(request: Request) -> Response:
    return JSONResponse(request.app.state.hall.clock.as_json(), headers={"cache-control": "no-store"})


def _change(state: HallState) -> str:
    """The `change` message: made once for every stream woken by one change (the clock in it at most a second
    old: the phones count down from it)."""
    key = (state.version, int(time.monotonic()))
    made = state.__dict__.get("_change_message")
    if made is not None and made[0] == key:
        return made[1]
    round_ = current_round(state.event)
    data = {"version": state.version, "round": round_.number if round_ else 0, "clock": state.clock.as_json()}
    message = f"event: change\ndata: {json.dumps(data)}\n\n"
    state.__dict__["_change_message"] = (key, message)
    return message


async def events(request: Request) -> Response:
    """Server-Sent Events: one `change` at once, then one whenever anything changed; a comment every 15 s keeps
    the connection open through phones' and routers' idle timeouts."""
    state: HallState = request.app.state.hall

    async def stream():
        sent = state.version
        yield "retry: 2000\n\n" + _change(state)
        while not request.app.state.stopping:  # a change while the last was being sent is not missed
            changed = state.version != sent or await state.changes.wait(KEEPALIVE_SECONDS)
            sent = state.version if changed else sent  # a phone gone ends it: StreamingResponse listens for that
            yield _change(state) if changed else ": still here\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-store", "x-accel-buffering": "no"})


async def _body(request: Request) -> dict[str, Any] | Response:
    try:
        body = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        return refused(400, "The body is not JSON.")
    return body if isinstance(body, dict) else refused(400, "The body must be a JSON object.")


def _code_refusal(state: HallState, request: Request, body: dict[str, Any]) -> Response | None:
    """A phone's code: right for the table it names, else refused, and slowed after a few wrong ones."""
    client = client_of(request)
    wait = state.backoff.wait(client)
    if wait > 0:
        seconds = math.ceil(wait)
        return refused(429, f"Too many wrong codes: wait {seconds} seconds, then type the code on the slip.",
                       **{"retry-after": str(seconds)})
    round_ = current_round(state.event)
    number = body.get("round")
    if not code_matches(state.secret, number if type(number) is int else -1, _label(state, number, body), body.get(
            "code")):
        state.backoff.failed(client)
        return refused(401, "That code is not this table's: type the code printed on your table's result slip.")
    state.backoff.succeeded(client)
    return None if round_ is not None else refused(409, "No round is being played.")


def _label(state: HallState, number: Any, body: dict[str, Any]) -> str:
    """The table as the code was made for it: its label in the round sheet (so `03` and `3` are one table)."""
    round_ = next((r for r in state.event.rounds + state.event.playoff if r.number == number), None)
    table = find_table(round_, body.get("table")) if round_ is not None else None
    return str(table.number) if table is not None else f"?{body.get('table')}"


def _by(body: dict[str, Any], state: HallState) -> int | None | Response:
    by = body.get("by")
    if by is None:
        if state.mode == "both players":
            return refused(400, 'Both players report here: send "by", the seat number of the player reporting.')
        return None
    return by if type(by) is int and by >= 1 else refused(400, '"by" must be a seat number (1, 2, …).')


async def post_results(request: Request) -> Response:
    state: HallState = request.app.state.hall
    refusal = cross_site(request)
    body = refusal or await _body(request)
    if isinstance(body, Response):
        return body
    token, by = bearer(request), None  # by: the seat that reports (none for a script)
    if token is not None:
        if not secret_matches(state.secret, token):
            return refused(401, "The bearer token is not the event's secret.")
        source, who = "secret", "script (the desk's secret)"
    else:
        checked = _code_refusal(state, request, body) or _by(body, state)
        if isinstance(checked, Response):
            return checked
        by = checked
        source, who = "code", "phone" + (f", seat {by}" if by else "") + f" ({client_of(request)})"
    return await _receive(state, body, source, who, by)


async def _receive(state: HallState, body: dict[str, Any], source: str, who: str, by: int | None) -> Response:
    try:
        report = await run_in_threadpool(state.receive, body, source, who, by)
    except ReportRefused as error:
        return refused(422, str(error))
    return JSONResponse({"received": True, "id": report.id, "status": report.status, "message": SAID.get(
        report.status, "Received.")}, status_code=202)


async def post_drop(request: Request) -> Response:
    state: HallState = request.app.state.hall
    body = cross_site(request) or await _body(request)
    if isinstance(body, Response):
        return body
    refusal = _code_refusal(state, request, body)
    by = refusal or body.get("by")
    if isinstance(by, Response):
        return by
    round_ = current_round(state.event)
    table = find_table(round_, body.get("table")) if round_ is not None and body.get("round") == round_.number \
        else None  # the code proved a table of the round it names: a drop is asked from the round being played
    if round_ is None or table is None:
        return refused(409, "That slip is not for a table of the round being played: use this round's slip.")
    if type(by) is not int or not 1 <= by <= len(table.seats):
        return refused(400, '"by" must be the seat number of the player who drops.')
    player = state.event.player(table.seats[by - 1].player_id)
    drop = await run_in_threadpool(state.journal.ask_drop, round_.number, player.id, player.name,
                                   f"phone ({client_of(request)})")
    state.bump()
    return JSONResponse({"received": True, "id": drop.id, "message": f"{player.name}: the TO has your request to "
                         "drop and will confirm it."}, status_code=202)


async def desk_json(request: Request) -> Response:
    state: HallState = request.app.state.hall
    if not is_desk(request, state.secret):
        return refused(401, "The desk needs the secret.")
    return JSONResponse(await run_in_threadpool(state.desk_data), headers={"cache-control": "no-store"})
