"""The hall server keeps the event the TO's (issue 30): results need the table's code or the secret, a code
reports its own table only, wrong codes are slowed, other sites' forms are refused, names stay text, and nothing
but the hall's pages and the round's reports can be fetched."""

from __future__ import annotations

import os
import stat

import pytest
from builder import digest
from hall_support import NAMES, Ticking, as_desk, code, hall, paired_event, report, tables

from sheetrunner.hall.security import FREE_TRIES, Backoff, code_matches, table_code

HOSTILE = ['<script>alert("x")</script>', '"><img src=x onerror=alert(1)>']
EVIL = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}


def test_a_result_without_a_valid_code_or_secret_is_refused_and_nothing_lands(tmp_path):
    path = paired_event(tmp_path)
    before = digest(path)
    with hall(path) as (client, state):
        first = tables(state)[0]
        none = client.post("/api/results", json=report(first, (2, 1)))
        wrong = client.post("/api/results", json=report(first, (2, 1), code="AAAAAA"))
        bearer = client.post("/api/results", json=report(first, (2, 1)), headers={"Authorization": "Bearer guess"})
        assert (none.status_code, wrong.status_code, bearer.status_code) == (401, 401, 401)
        assert wrong.json()["error"] == "That code is not this table's: type the code printed on your table's " \
                                        "result slip."
        assert state.journal.reports() == [] and state.write_now() is None
    assert digest(path) == before


def test_a_code_for_one_table_cannot_report_another(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        third, fourth = tables(state)[2], tables(state)[3]
        answer = client.post("/api/results", json=report(fourth, (2, 1), code=code(state, third["table"])))
        next_round = client.post("/api/results", json={**report(third, (2, 1), code=code(state, third["table"])),
                                                       "round": 2})
        assert (answer.status_code, next_round.status_code) == (401, 401)
        assert state.journal.reports() == []


def test_repeated_wrong_codes_are_slowed_and_a_right_one_waits_too(tmp_path):
    path = paired_event(tmp_path)
    time = Ticking()
    with hall(path, time) as (client, state):
        first = tables(state)[0]
        right = code(state, first["table"])
        for _ in range(FREE_TRIES):
            assert client.post("/api/results", json=report(first, (2, 1), code="AAAAAA")).status_code == 401
        slowed = client.post("/api/results", json=report(first, (2, 1), code=right))
        assert slowed.status_code == 429 and slowed.headers["retry-after"] == "2"
        assert slowed.json()["error"] == "Too many wrong codes: wait 2 seconds, then type the code on the slip."
        time.now += 2
        assert client.post("/api/results", json=report(first, (2, 1), code="AAAAAA")).status_code == 401
        assert client.post("/api/results", json=report(first, (2, 1), code=right)).headers["retry-after"] == "4"
        time.now += 4
        assert client.post("/api/results", json=report(first, (2, 1), code=right)).status_code == 202
        assert [r.status for r in state.journal.reports()] == ["waiting"]


def test_the_wait_doubles_with_each_wrong_code_up_to_five_minutes():
    time = Ticking()
    backoff = Backoff(time)
    waits = []
    for _ in range(14):
        backoff.failed("phone")
        waits.append(backoff.wait("phone"))
    assert waits[:6] == [0, 0, 2, 4, 8, 16] and waits[-1] == 300  # FREE_TRIES wrong codes cost nothing
    backoff.succeeded("phone")
    assert backoff.wait("phone") == 0 and backoff.wait("another phone") == 0


def test_codes_are_the_tables_own_and_read_leniently():
    codes = {table_code("secret of the event", 1, table) for table in range(1, 201)}
    assert len(codes) == 200 and all(len(c) == 6 for c in codes)
    typed = table_code("secret of the event", 1, 3)
    assert code_matches("secret of the event", 1, 3, f" {typed[:3].lower()}-{typed[3:]} ")
    assert not code_matches("secret of the event", 2, 3, typed) and not code_matches("another secret", 1, 3, typed)


def test_cross_site_requests_are_refused_even_with_the_desks_cookie(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        headers = as_desk(client, state)
        first = tables(state)[0]
        forged = client.post("/api/results", json=report(first, (2, 1), code=code(state, first["table"])), headers=EVIL)
        pairing = client.post("/desk/pair", json={}, headers={**headers, **EVIL})
        tokenless = client.post("/desk/clock", json={"do": "start"})
        assert (forged.status_code, pairing.status_code, tokenless.status_code) == (403, 403, 403)
        assert forged.json()["error"] == "This request came from another site, so it was refused."
        assert tokenless.json()["error"] == "The form's token is missing or wrong: reload the desk page and try again."
        assert client.post("/desk/clock", json={"do": "start"}, headers=headers).status_code == 200
        same = client.post("/desk/clock", json={"do": "pause"}, headers={**headers, "Origin": "http://127.0.0.1:8080",
                                                                         "Sec-Fetch-Site": "same-origin"})
        assert same.status_code == 200 and state.journal.reports() == []


def test_the_desk_and_the_scorekeeper_need_the_secret(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        wrong = state.secret[:-1] + ("y" if state.secret.endswith("x") else "x")  # one character off, never right
        for page in ("/desk", "/scorekeeper", "/desk/codes", "/api/desk", f"/desk?key={wrong}"):
            assert client.get(page).status_code == 401, page
        assert client.post("/desk/pair", json={}).status_code == 401
        opened = client.get(f"/desk?key={state.secret}", follow_redirects=False)
        assert opened.status_code == 303 and opened.headers["location"] == "/desk"
        assert "HttpOnly" in opened.headers["set-cookie"] and "SameSite=strict" in opened.headers["set-cookie"]
        assert client.get("/desk").status_code == 200 and client.get("/scorekeeper").status_code == 200
        assert state.secret not in client.get("/desk").text


def test_hostile_names_are_inert_on_every_page(tmp_path):
    path = paired_event(tmp_path, names=HOSTILE + NAMES[:6], reports=True)
    with hall(path) as (client, state):
        as_desk(client, state)
        for page in ("/", "/projector", "/standings", "/desk", "/scorekeeper", "/desk/codes", "/reports/index.html",
                     "/reports/find.html", "/reports/pairings_by_name.html"):
            answer = client.get(page)
            assert answer.status_code == 200, page
            assert not any(name in answer.text for name in HOSTILE), page
            assert "script-src" in answer.headers["content-security-policy"]
        codes = client.get("/desk/codes").text
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in codes
        data = client.get("/api/round")
        assert data.headers["content-type"] == "application/json" and data.headers["x-content-type-options"] == "nosniff"
        assert {p["name"] for p in data.json()["players"]} >= set(HOSTILE)


@pytest.mark.parametrize("where", [
    "/reports/../open.xlsx", "/reports/..%2fopen.xlsx", "/reports/%2e%2e/open.xlsx", "/reports/%2e%2e%2fopen.xlsx",
    "/reports/..%5copen.xlsx", "/reports//etc/passwd", "/reports/%2fetc%2fpasswd", "/open.xlsx",
    "/open-backups/hall/secret.txt", "/reports/.stamp", "/reports/linked.html", "/templates/hall/desk.html",
    "/hall.js/../open.xlsx", "/reports/round-1/index.html", "/static/../open.xlsx", "/reports/index.html%00.xlsx",
])
def test_nothing_outside_the_rounds_reports_can_be_fetched(tmp_path, where):
    path = paired_event(tmp_path, reports=True)
    folder = tmp_path / "open-reports" / "round-1"
    (folder / "linked.html").symlink_to(path)
    with hall(path) as (client, state):
        answer = client.get(where)
        assert answer.status_code == 404, where
        assert state.secret not in answer.text and b"PK" not in answer.content[:4]
        assert client.get("/reports/pairings_by_table.html").status_code == 200


def test_the_secret_is_kept_beside_the_workbook_for_its_owner_only(tmp_path):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        kept = tmp_path / "open-backups" / "hall" / "secret.txt"
        assert kept.read_text().strip() == state.secret and len(state.secret) >= 20
        assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    with hall(path) as (client, again):
        assert again.secret == state.secret  # a restarted laptop keeps the desk's address and the printed codes


def test_serve_listens_on_this_laptop_unless_told_otherwise(run):
    from sheetrunner.hall.server import addresses

    shown = run("serve", "--help")
    assert shown.exit_code == 0 and "[default: 127.0.0.1]" in " ".join(shown.output.split())
    found = addresses("127.0.0.1", 8080, "s3cret")
    assert found.players == ["http://127.0.0.1:8080/"] and found.desk == "http://127.0.0.1:8080/desk?key=s3cret"


def test_serve_refuses_a_workbook_with_errors_in_words(tmp_path, run):
    missing = run("serve", tmp_path / "nowhere.xlsx", "--port", "1")
    assert missing.exit_code != 0 and "Traceback" not in missing.output
