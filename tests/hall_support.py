"""Helpers for the hall server's tests (issue 30): an event with a round paired, the app over it with an injected
clock and no background writer, and the desk's credentials."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from builder import make_event, round_rows

from sheetrunner import api
from sheetrunner.hall.app import create_app
from sheetrunner.hall.security import DESK_COOKIE, csrf_token, desk_cookie, table_code
from sheetrunner.hall.state import HallState

NAMES = ["Ada Abbot", "Bruno Brandt", "Carla Costa", "Dario Duval", "Elena Eklund", "Femi Fischer", "Gita Greco",
         "Hugo Horvat"]


class Ticking:
    """A clock the test moves by hand: no sleeps."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def paired_event(folder: Path, names=NAMES, ruleset: str = "swiss", settings: dict[str, Any] | None = None,
                 reports: bool = False) -> Path:
    """An event of `names` with round 1 paired by sheetrunner."""
    path = make_event(folder / "open.xlsx", names, ruleset=ruleset, total_rounds=3, settings=settings)
    api.pair_next(path, reports=reports)
    return path


@contextmanager
def hall(path: Path, time: Ticking | None = None) -> Iterator[tuple[Any, HallState]]:
    """The app over the event, as a test client, with the writer thread off (tests call `write_now`)."""
    from starlette.testclient import TestClient

    time = time or Ticking()
    state = HallState(path, now=time, monotonic=time)
    with TestClient(create_app(state, background=False), base_url="http://127.0.0.1:8080") as client:
        yield client, state
    state.journal.close()


def as_desk(client, state: HallState) -> dict[str, str]:
    """Log the client in as the desk (its cookie) and return the form token header its actions need."""
    client.cookies.set(DESK_COOKIE, desk_cookie(state.secret))
    return {"X-CSRF-Token": csrf_token(state.secret)}


def tables(state: HallState) -> list[dict[str, Any]]:
    return state.round_data()["round"]["tables"]


def code(state: HallState, table: Any, round_number: int = 1) -> str:
    return table_code(state.secret, round_number, table)


def results_in_sheet(path: Path, round_number: int, column: str = "Games won") -> dict[str, Any]:
    """{player name: value under `column`} of a round sheet, as the file holds it."""
    rows = round_rows(path, round_number)
    header = list(rows[0])
    return {row[header.index("Player")]: row[header.index(column)] for row in rows[1:]}


def report(table: dict[str, Any], won: tuple[int, int], **extra) -> dict[str, Any]:
    return {"round": 1, "table": table["table"], "seats": [{"Games won": won[0]}, {"Games won": won[1]}], **extra}
