"""The hall in a real browser (issue 30): headless Chromium through Playwright, against a real uvicorn server on
127.0.0.1 and a free port, started and stopped by the test. A player finds their table and reports with the
slip's code; the desk sees it; the desk pairs the next round; the phone shows the new table without a reload;
two pages show the same clock. Playwright waits for each change itself (no sleeps)."""

from __future__ import annotations

import re
import socket
import threading
from contextlib import contextmanager

import httpx2 as httpx  # the test client Starlette itself uses (test extra)
import pytest
from hall_support import code, paired_event, tables

from sheetrunner.reports import find_browser

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed: pip install playwright")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                                   reason="no Chromium on this machine: `apt-get install chromium`")]


@contextmanager
def served(path):
    """uvicorn on a socket bound and listening before it starts (a request waits in the backlog, no polling)."""
    import uvicorn

    from sheetrunner.hall.app import create_app
    from sheetrunner.hall.state import HallState

    state = HallState(path, writer_process=True)  # as `serve` runs it
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    server = uvicorn.Server(uvicorn.Config(create_app(state), log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", state
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


@pytest.fixture
def browser():
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=find_browser(), args=["--no-sandbox"])
        yield chromium
        chromium.close()


def test_a_round_in_the_hall_from_phone_to_desk_and_the_next_round(tmp_path, browser):
    path = paired_event(tmp_path, reports=True)
    with served(path) as (base, state):
        phone = browser.new_context().new_page()
        phone.goto(base + "/")
        phone.fill("#find", "ada")
        phone.click("#found button")
        me = next(t for t in tables(state) if "Ada Abbot" in [s["name"] for s in t["seats"]])
        playwright.expect(phone.locator("#me-where")).to_have_text(re.compile(rf"^Table {me['table']}, seat \d$"))
        for index in range(2):
            phone.fill(f"#r-{index}-Games_won", str(2 - 2 * index))
        phone.fill("#code", code(state, me["table"]))
        phone.click("#report button[type=submit]")
        playwright.expect(phone.locator("#said")).to_have_text(
            "Received: the result is in and will be written into the event.")

        desk = browser.new_context().new_page()
        desk.goto(f"{base}/desk?key={state.secret}")
        playwright.expect(desk.locator("#latest")).to_contain_text(f"table {me['table']} · Games won 2 | Games won 0")
        for table in tables(state):  # the other tables, from a script with the secret
            if table["table"] != me["table"]:
                httpx.post(base + "/api/results", json={"round": 1, "table": table["table"], "seats": [
                    {"Games won": 2}, {"Games won": 1}]}, headers={"Authorization": f"Bearer {state.secret}"})
        playwright.expect(desk.locator("#outstanding-count")).to_have_text("(0)")
        desk.click("#pair")
        playwright.expect(desk.locator("#said")).to_contain_text("Round 2: 4 table(s)")

        playwright.expect(phone.locator("#round-title")).to_have_text("Round 2")
        now = next(t for t in state.round_data()["round"]["tables"] if "Ada Abbot" in [s["name"] for s in t["seats"]])
        playwright.expect(phone.locator("#me-where")).to_have_text(re.compile(rf"^Table {now['table']}, seat \d$"))
        playwright.expect(phone.locator("#me-results")).to_contain_text("Round 1: v ")


def test_the_clock_is_the_same_on_two_pages(tmp_path, browser):
    path = paired_event(tmp_path, settings={"Round minutes": 45})
    with served(path) as (base, state):
        desk = browser.new_context().new_page()
        desk.goto(f"{base}/desk?key={state.secret}")
        projector = browser.new_context().new_page()
        projector.goto(base + "/projector")
        playwright.expect(projector.locator("#clock")).to_have_text("45:00")
        desk.click("[data-clock=start]")
        playwright.expect(projector.locator("#clock")).to_have_attribute("data-running", "yes")
        desk.click("[data-clock=adjust][data-seconds='-60']")
        desk.click("[data-clock=pause]")
        playwright.expect(projector.locator("#clock")).to_have_attribute("data-running", "no")
        shown = desk.locator("#clock").inner_text()
        assert re.fullmatch(r"4[34]:\d\d", shown)
        playwright.expect(projector.locator("#clock")).to_have_text(shown)
