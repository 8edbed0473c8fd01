"""The package type-checks (issue 32): mypy, configured in pyproject.toml's [tool.mypy], runs on sheetrunner in CI
(which runs the whole suite) and finds no error, so a new type error fails CI. Beside it, the bugs the type checker
found, each through the surface a TO or a phone meets."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import pytest
from hall_support import code, hall, paired_event, tables

from sheetrunner.workbook.contents import comparable
from sheetrunner.workbook.logsheet import LogHistory, changed_rounds, round_digest, table_digests
from sheetrunner.model.event import Event, Player, Round, Seat, Settings, Table

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_package(tmp_path):
    """The package type-checks with no error in the strict mode of `[tool.mypy]` (issue 32: 280 errors once)."""
    pytest.importorskip("mypy", reason="mypy comes with the test extra: pip install -e '.[test]'")
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache")],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.startswith("Success: no issues found"), run.stdout + run.stderr


def test_a_drop_asked_with_a_slip_of_another_round_is_refused_not_a_server_error(tmp_path):
    """The code proves a table of the round it names; the drop was looked up in the round being played, where
    that table may not exist (a 500 Internal Server Error) or seat someone else. Refused now, nothing asked."""
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        elsewhere = client.post("/api/drop", json={"round": 9, "table": "7", "code": code(state, "?7", 9), "by": 1})
        assert elsewhere.status_code == 409
        assert elsewhere.json() == {"error": "That slip is not for a table of the round being played: use this "
                                             "round's slip."}
        assert client.get("/api/desk", headers={"Authorization": f"Bearer {state.secret}"}).json()["drops"] == []
        asked = client.post("/api/drop", json={"round": 1, "table": first["table"],
                                               "code": code(state, first["table"]), "by": 2})
        assert asked.status_code == 202


def test_a_date_compares_as_the_reader_gives_it():
    """`comparable` took a date for a datetime (`date.isoformat` has no `sep`): a TypeError for a date cell."""
    assert comparable(datetime.date(2024, 5, 1)) == comparable(datetime.datetime(2024, 5, 1)) == "2024-05-01 00:00:00"


def _round(number: int, *scores: tuple[int, int]) -> Round:
    """Players 1 and 2 at table 1 with these OP (SP 0); no scores: paired, nothing typed."""
    seats = (Seat(1, 1, {"op": scores[0][0], "sp": 0}), Seat(2, 2, {"op": scores[0][1], "sp": 0})) if scores \
        else (Seat(1, 1, {"op": None, "sp": None}), Seat(2, 2, {"op": None, "sp": None}))
    return Round(number, (Table(1, seats),), f"Round {number}")


def test_a_redo_still_spares_the_round_before_once_an_earlier_changed_round_is_warned_of():
    """`changed_rounds` took its `redo` flag for the warning's hint: after an earlier changed round (whose hint is
    empty) it read as false, and the round just before the one `--redo` pairs again, whose change is what the
    redo takes in, was warned of too."""
    typed = {1: _round(1, (3, 1)), 2: _round(2, (2, 0))}
    log = LogHistory(results={n: round_digest(r) for n, r in typed.items()},
                     tables={n: table_digests(r) for n, r in typed.items()})
    event = Event(Settings("swiss-tp", 4, 1), (Player(1, "Ann"), Player(2, "Ben")),
                  (_round(1, (3, 2)), _round(2, (2, 1)), _round(3)))
    assert [problem.sheet for problem in changed_rounds(event, log, redo=True)] == ["Round 1"]
    assert [problem.sheet for problem in changed_rounds(event, log)] == ["Round 1", "Round 2"]
