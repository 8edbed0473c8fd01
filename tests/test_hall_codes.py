"""The table's code on its result slip (issue 30): printed once the event's hall has a secret (`serve` ran, or
`pair`/`report --codes`), never for a TO who does not use the hall; with `Codes on pairings` on the players' lines
of the pairings too. The code a slip carries reports that table through `POST /api/results` and no other; the
hall shows the slips to the desk only. The reports load no web stack for it. And the writer process hands the
server what it wrote, so the server never reads the workbook while pages wait (the bench's p99)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from builder import enter_results, make_event
from hall_support import NAMES, Ticking, as_desk, hall, paired_event, results_in_sheet

from sheetrunner import api
from sheetrunner.hall.security import LONGEST_WAIT, kept_secret, table_code

SLIP = re.compile(r'<span class="slip-number">([^<]+)</span>.*?(?:aria-label="Code ([A-Z0-9]{6})"|</section>)', re.S)


def slip_codes(path: Path, round_number: int = 1) -> dict[str, str | None]:
    """{table: the code printed on its slip, or None} from the round's result_slips.html."""
    html = (path.with_name(f"{path.stem}-reports") / f"round-{round_number}" / "result_slips.html").read_text()
    return {table: code or None for table, code in SLIP.findall(html)}


def expected_codes(path: Path, round_number: int = 1) -> dict[str, str]:
    secret = kept_secret(path)
    assert secret is not None
    round_ = next(r for r in api.load_event(path).event.rounds if r.number == round_number)
    return {str(t.number): table_code(secret, round_number, t.number) for t in round_.games}


def test_a_served_events_slips_carry_each_tables_code(tmp_path, run):
    path = paired_event(tmp_path)
    with hall(path):  # the hall's first start makes the event's secret
        pass
    result = run("report", path)
    assert result.exit_code == 0, result.output
    printed = slip_codes(path)
    assert len(printed) == 4 and printed == expected_codes(path)
    assert len(set(printed.values())) == 4


def test_an_event_never_served_has_no_codes_and_no_secret(tmp_path, run):
    path = make_event(tmp_path / "open.xlsx", NAMES, ruleset="swiss", total_rounds=3)
    assert run("pair", path).exit_code == 0
    assert run("report", path).exit_code == 0
    assert slip_codes(path) == {"1": None, "2": None, "3": None, "4": None}
    folder = tmp_path / "open-reports" / "round-1"
    assert not any('class="slip-code"' in page.read_text() or 'class="code"' in page.read_text()
                   for page in folder.glob("*.html"))
    assert not (tmp_path / "open-backups" / "hall").exists()


def test_the_code_on_a_slip_reports_that_table_and_no_other(tmp_path, run):
    path = paired_event(tmp_path)
    time = Ticking()
    with hall(path, time) as (client, state):
        assert run("report", path).exit_code == 0  # printed while the hall runs: its secret is there
        printed = slip_codes(path)
        seats = [{"Games won": 2}, {"Games won": 0}]
        for table, code in printed.items():
            for other in sorted(set(printed) - {table}):
                refused = client.post("/api/results", json={"round": 1, "table": other, "seats": seats, "code": code})
                assert refused.status_code == 401, (table, other)
                time.now += LONGEST_WAIT  # past the slowing of wrong codes: each table is tried
            taken = client.post("/api/results", json={"round": 1, "table": table, "seats": seats, "code": code})
            assert taken.status_code == 202, (table, taken.text)
        assert sorted(r.table for r in state.journal.reports()) == sorted(printed)
        state.write_now()
    names = results_in_sheet(path, 1)
    assert sorted(names.values()) == [0, 0, 0, 0, 2, 2, 2, 2]


def test_pair_and_report_with_codes_make_the_secret_first(tmp_path, run):
    paired = make_event(tmp_path / "paired.xlsx", NAMES, ruleset="swiss", total_rounds=3)
    assert run("pair", "--codes", paired).exit_code == 0
    assert slip_codes(paired) == expected_codes(paired)
    later = make_event(tmp_path / "later.xlsx", NAMES, ruleset="swiss", total_rounds=3)
    assert run("pair", later).exit_code == 0
    assert set(slip_codes(later).values()) == {None}
    result = run("report", "--codes", later)
    assert result.exit_code == 0
    assert slip_codes(later) == expected_codes(later)
    missing = run("report", "--codes", tmp_path / "nowhere.xlsx")
    assert missing.exit_code != 0 and not (tmp_path / "nowhere-backups").exists()


def test_the_next_round_paired_after_serving_carries_its_own_codes(tmp_path, run):
    path = paired_event(tmp_path)
    with hall(path):
        pass
    who = {p.id: p.name for p in api.load_event(path).event.players}
    enter_results(path, 1, {who[pid]: (2 - 2 * index, 0) for table in api.load_event(path).event.rounds[0].tables
                            for index, pid in enumerate(table.player_ids)})
    assert run("pair", path).exit_code == 0
    assert slip_codes(path, 2) == expected_codes(path, 2)
    assert set(expected_codes(path, 2).values()).isdisjoint(expected_codes(path, 1).values())


def test_codes_on_pairings_puts_its_tables_code_on_each_players_line(tmp_path, run):
    path = make_event(tmp_path / "open.xlsx", NAMES, ruleset="swiss", total_rounds=3,
                      settings={"Codes on pairings": "Yes"})
    assert run("pair", "--codes", path).exit_code == 0
    codes = expected_codes(path)
    folder = tmp_path / "open-reports" / "round-1"
    by_name = (folder / "pairings_by_name.html").read_text()
    lines = re.findall(r'<span class="player">([^<]+)</span>\s*<span class="where"><span class="code">([A-Z0-9]{6})'
                       r'</span>Table ([^<]+)</span>', by_name)
    assert sorted(name for name, _, _ in lines) == sorted(NAMES)
    assert all(code == codes[table] for _, code, table in lines)
    by_table = (folder / "pairings_by_table.html").read_text()
    assert re.findall(r'<span class="table-number">([^<]+)</span></td><td class="code">([A-Z0-9]{6})</td>',
                      by_table) == sorted(codes.items(), key=lambda item: int(item[0]))


def test_without_codes_on_pairings_only_the_slips_carry_codes(tmp_path, run):
    path = make_event(tmp_path / "open.xlsx", NAMES, ruleset="swiss", total_rounds=3)
    assert run("pair", "--codes", path).exit_code == 0
    folder = tmp_path / "open-reports" / "round-1"
    codes = expected_codes(path).values()
    for page in folder.glob("*.html"):
        text = page.read_text()
        assert any(code in text for code in codes) == (page.name == "result_slips.html"), page.name


def test_a_team_events_slips_carry_each_boards_code(tmp_path, run):
    players = [[index, f"{team} {board}", team, board] for index, (team, board) in enumerate(
        [(team, board) for team in ("Aurochs", "Bison", "Caracal", "Dingo") for board in (1, 2)], start=1)]
    path = make_event(tmp_path / "cup.xlsx", players, settings={"Team size": 2},
                      player_headers=["ID", "Name", "Team", "Board"])
    assert run("pair", "--codes", path).exit_code == 0
    html = (tmp_path / "cup-reports" / "round-1" / "team_slips.html").read_text()
    lines = re.findall(r"<tr><td>([^<]+)</td><td class=\"player\">.*?<td class=\"code\">([A-Z0-9]{6})</td></tr>", html)
    assert dict(lines) == expected_codes(path) and len(lines) == 4


def test_the_hall_shows_the_slips_to_the_desk_only(tmp_path, run):
    path = paired_event(tmp_path)
    with hall(path) as (client, state):
        assert run("report", path).exit_code == 0
        for name in ("result_slips.html", "result_slips.pdf", "kit.pdf"):
            answer = client.get(f"/reports/{name}")
            assert answer.status_code == 401 and state.secret not in answer.text, name
        public = client.get("/reports/pairings_by_table.html")
        assert public.status_code == 200 and not any(c in public.text for c in expected_codes(path).values())
        as_desk(client, state)
        slips = client.get("/reports/result_slips.html")
        assert slips.status_code == 200 and all(code in slips.text for code in expected_codes(path).values())


LOADED = """
import json, sys
from sheetrunner.commands.cli import cli
try:
    cli.main(sys.argv[1:], prog_name="sheetrunner", standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(m for m in ("starlette", "uvicorn", "anyio", "sqlite3", "sheetrunner.hall.state")
                        if m in sys.modules)))
"""


def test_printing_codes_loads_no_web_stack(tmp_path):
    """`report` and `pair` of a served event print its codes from one small file: no web framework (`pair` opens
    the hall's journal, sqlite3, for the results waiting in it; `report` not even that)."""
    path = paired_event(tmp_path)
    with hall(path):
        pass
    for args, allowed in ((["report", path], []), (["pair", "--redo", path], ["sqlite3"])):
        done = subprocess.run([sys.executable, "-c", LOADED, *map(str, args)], capture_output=True, text=True)
        assert json.loads(done.stdout.splitlines()[-1]) == allowed, (args, done.stderr)
    assert set(slip_codes(path).values()) == set(expected_codes(path).values())
    alone = subprocess.run([sys.executable, "-c", "import sys, sheetrunner.hall.security; print(sorted(m for m in "
                            "sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'anyio', 'jinja2')))"],
                           capture_output=True, text=True)
    assert alone.stdout.strip() == "[]", alone.stderr


def test_the_writer_process_hands_back_what_it_wrote(tmp_path, monkeypatch):
    """The server's process never reads the workbook once it serves: the writer process writes the results and
    reads a workbook changed on disk, and hands back the event and the round's data (the bench's p99)."""
    from openpyxl import load_workbook

    from sheetrunner.hall import state as state_module
    from sheetrunner.hall.state import HallState

    path = paired_event(tmp_path)
    state = HallState(path, now=Ticking(), monotonic=Ticking(), writer_process=True)
    try:
        def read_here(*args):
            raise AssertionError("the server read the workbook itself")

        monkeypatch.setattr(state_module, "read_snapshot", read_here)
        first, second = state.round_data()["round"]["tables"][:2]
        state.receive({"round": 1, "table": first["table"], "seats": [{"Games won": 2}, {"Games won": 1}]},
                      "scorekeeper", "scorekeeper")
        assert len(state.write_now().written) == 1
        assert [t["state"] for t in state.round_data()["round"]["tables"]][:2] == ["done", "open"]
        book = load_workbook(path)  # the TO types the second table's result in Excel and saves
        rows = [row for row in book["Round 1"].iter_rows(min_row=2) if str(row[0].value) == str(second["table"])]
        rows[0][4].value, rows[1][4].value = 0, 2
        book.save(path)
        assert state.refresh() is True
        assert [t["state"] for t in state.round_data()["round"]["tables"]][:2] == ["done", "done"]
    finally:
        state.stop()
    assert results_in_sheet(path, 1)[first["seats"][0]["name"]] == 2


@pytest.mark.slow
@pytest.mark.skipif(__import__("sheetrunner.reports", fromlist=["find_browser"]).find_browser() is None,
                    reason="no Chromium on this machine: `apt-get install chromium` to run")
def test_the_printed_slips_carry_each_code_large_and_monospaced(tmp_path, run):
    """In the PDF: each slip's code in DejaVu Sans Mono, its capitals at least 4 mm high (16 pt type)."""
    from test_hall_printing import CAPITALS, text_runs

    path = paired_event(tmp_path)
    assert run("pair", "--redo", "--codes", path).exit_code == 0
    assert run("report", "--pdf", path).exit_code == 0
    runs = [(text, size, font) for page in text_runs(tmp_path / "open-reports" / "round-1" / "result_slips.pdf")
            for text, size, _, font in page]
    halves = {code[:3] for code in expected_codes(path).values()} | {code[3:] for code in expected_codes(path).values()}
    found = [(text, size, font) for text, size, font in runs if text in halves]
    assert {text for text, _, _ in found} == halves
    assert all("DejaVuSansMono" in font and size * CAPITALS >= 4 for _, size, font in found), found


def test_serve_says_when_the_rounds_slips_were_printed_before_the_codes(tmp_path, run):
    from sheetrunner.hall.server import slips_without_codes

    path = paired_event(tmp_path, reports=True)  # round 1 paired and printed, then the hall started
    with hall(path) as (client, state):
        assert slips_without_codes(state) == (
            "The result slips of Round 1 were printed before the hall's codes existed, so they carry none: print "
            "them again (the desk's Print the reports again, or sheetrunner report --pdf open.xlsx), or copy each "
            "table's code from the desk's Table codes page onto its slip.")
        assert run("report", path).exit_code == 0
        assert slips_without_codes(state) == ""
