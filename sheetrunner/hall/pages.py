"""The hall's pages (issue 30): Jinja2 templates in `templates/hall/` (autoescaped), one script and one style sheet
served from the same folder, no build step. The pages are shells: their data comes from `/api/round` and
`/api/desk`, put in with `textContent`, and they follow `/api/events` to change without a reload.

Only the hall's own routes are served, and the current round's printed reports by their plain file name
(`/reports/pairings_by_table.html`): a name with a path in it, a hidden file, a link or anything outside that
folder is not found.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import jinja2
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from ..reports.render import default_templates
from ..reports.round_reports import reports_folder
from .guard import REPORT_POLICY, is_desk
from .security import DESK_COOKIE, csrf_token, desk_cookie, secret_matches, table_code
from .state import HallState
from .views import current_round

REPORT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,80}\.(html|pdf)$")
WITH_CODES = ("result_slips", "team_slips", "kit")  # the printouts that carry every table's code: the desk's only
STATIC = {"hall.js": "text/javascript; charset=utf-8", "hall.css": "text/css; charset=utf-8"}


def hall_templates() -> Path:
    return default_templates() / "hall"


_environment = jinja2.Environment(loader=jinja2.FileSystemLoader(str(hall_templates())), autoescape=True,
                                  undefined=jinja2.StrictUndefined)


def _render(state: HallState, template: str, **values) -> bytes:
    event = state.event
    return _environment.get_template(template).render(
        event_name=event.settings.name or "Tournament", **values).encode()


def _page(state: HallState, name: str) -> bytes:
    """A public page's shell, made once per version (it names only the event), so serving it costs what a static
    file does."""
    cache = state.__dict__.setdefault("_pages", {})
    if cache.get(name, (None,))[0] != state.version:
        cache[name] = (state.version, _render(state, f"{name}.html", page=name, csrf=""))
    return cache[name][1]


async def phone(request: Request) -> Response:
    return HTMLResponse(_page(request.app.state.hall, "phone"), headers={"cache-control": "no-cache"})


async def projector(request: Request) -> Response:
    """The projector's page; opened from the desk's browser, its keys run the clock (space, +, -, r)."""
    state: HallState = request.app.state.hall
    if is_desk(request, state.secret):
        return HTMLResponse(_render(state, "projector.html", page="projector", csrf=csrf_token(state.secret)),
                            headers={"cache-control": "no-store"})
    return HTMLResponse(_page(state, "projector"), headers={"cache-control": "no-cache"})


async def standings(request: Request) -> Response:
    return HTMLResponse(_page(request.app.state.hall, "standings"), headers={"cache-control": "no-cache"})


def _locked(page: str) -> HTMLResponse:
    return HTMLResponse(_environment.get_template("locked.html").render(page=page), status_code=401)


async def desk(request: Request) -> Response:
    """`/desk?key=SECRET` sets the desk's cookie and sends the browser on to `/desk` (the secret leaves the
    address bar and the history); the cookie opens the desk from then on."""
    state: HallState = request.app.state.hall
    key = request.query_params.get("key")
    if key is not None:
        if not secret_matches(state.secret, key):
            return _locked("desk")
        response = RedirectResponse("/desk", status_code=303)
        response.set_cookie(DESK_COOKIE, desk_cookie(state.secret), httponly=True, samesite="strict",
                            max_age=7 * 24 * 3600)
        return response
    return _desk_page(request, state, "desk")


async def scorekeeper(request: Request) -> Response:
    return _desk_page(request, request.app.state.hall, "scorekeeper")


def _desk_page(request: Request, state: HallState, page: str) -> Response:
    """A page for the secret's holder only (the desk, the scorekeeper), with the form token its actions send."""
    if not is_desk(request, state.secret):
        return _locked(page)
    return HTMLResponse(_render(state, f"{page}.html", page=page, csrf=csrf_token(state.secret)),
                        headers={"cache-control": "no-store"})


async def codes(request: Request) -> Response:
    """The current round's table codes, to print or copy onto the slips (the desk only)."""
    state: HallState = request.app.state.hall
    if not is_desk(request, state.secret):
        return _locked("desk")
    round_ = current_round(state.event)
    rows = [{"table": game.number, "code": table_code(state.secret, round_.number, game.number),
             "players": [state.event.player(s.player_id).name for s in game.seats]}
            for game in round_.games] if round_ else []
    return HTMLResponse(_render(state, "codes.html", page="codes", csrf="", rows=rows,
                                title=round_.sheet if round_ else "No round yet"),
                        headers={"cache-control": "no-store"})


async def static(request: Request) -> Response:
    name = request.url.path.lstrip("/")
    return FileResponse(hall_templates() / name, media_type=STATIC[name], headers={"cache-control": "no-cache"})


async def report_file(request: Request) -> Response:
    """A file of the current round's printed reports, by its plain name; anything else is not found. The slips
    (and kit.pdf, which holds them) carry the tables' codes: the desk's only."""
    state: HallState = request.app.state.hall
    name = request.path_params["name"]
    round_ = current_round(state.event)
    if round_ is None or not REPORT_NAME.match(name):
        return Response("Not found", status_code=404, media_type="text/plain")
    if name.rsplit(".", 1)[0] in WITH_CODES and not is_desk(request, state.secret):
        return _locked("desk")  # every table's code is on them: a phone could report any table
    folder = reports_folder(state.path, state.event, round_)
    path = folder / name
    if path.is_symlink() or not path.is_file() or path.resolve().parent != folder.resolve():
        return Response("Not found", status_code=404, media_type="text/plain")
    return FileResponse(path, headers={"content-security-policy": REPORT_POLICY, "cache-control": "no-cache"})


async def reports_index(request: Request) -> Response:
    return RedirectResponse("/reports/index.html", status_code=303)


def desk_address(base: str, secret: str) -> str:
    return f"{base}/desk?{urlencode({'key': secret})}"
