"""The hall's web application (issue 30): its routes, and nothing else.

Starlette was chosen for weight and fit: a small ASGI toolkit (pure Python, a few hundred kB with its one
dependency, anyio) with routing, cookies, file responses, streaming for Server-Sent Events and an in-process
test client, and no template engine, ORM or build step of its own; uvicorn serves it (h11, pure Python too).
Every route is listed here; any other path is not found.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.routing import Route

from . import desk, endpoints, pages
from .guard import SecurityHeaders
from .state import HallState

ROUTES = [
    Route("/", pages.phone), Route("/projector", pages.projector), Route("/standings", pages.standings),
    Route("/desk", pages.desk), Route("/desk/codes", pages.codes), Route("/scorekeeper", pages.scorekeeper),
    Route("/hall.js", pages.static), Route("/hall.css", pages.static),
    Route("/reports/", pages.reports_index), Route("/reports/{name}", pages.report_file),
    Route("/api/round", endpoints.round_json), Route("/api/clock", endpoints.clock_json),
    Route("/api/events", endpoints.events), Route("/api/desk", endpoints.desk_json),
    Route("/api/results", endpoints.post_results, methods=["POST"]),
    Route("/api/drop", endpoints.post_drop, methods=["POST"]),
    Route("/desk/{action}", desk.desk_action, methods=["POST"]),
]


def create_app(state: HallState, background: bool = True) -> Starlette:
    """The application over a hall's state. `background`: run the writer thread (the server does; tests call
    `state.write_now()` themselves, so nothing happens behind their back)."""

    @asynccontextmanager
    async def lifespan(app: Starlette):
        state.changes.attach(asyncio.get_running_loop())
        app.state.stopping = False
        if background:
            state.start()
        try:
            yield
        finally:
            app.state.stopping = True
            state.changes.notify()
            if background:
                state.stop()

    app = Starlette(routes=ROUTES, lifespan=lifespan)
    app.state.hall = state
    app.state.stopping = False
    app.add_middleware(SecurityHeaders)
    return app
