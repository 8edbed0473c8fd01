"""The players' phone page (`find.html`): offline, from the files alone, a player types part of their name and sees
their table, opponent and standing, whatever the case and accents they type; a name is never HTML. With a `Public
URL` setting the printouts carry a QR code to it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from builder import enter_results, make_event
from test_projector import run_in_chromium

from sheetrunner import api
from sheetrunner.model.problems import EventError
from sheetrunner.reports import find_browser

chromium = pytest.mark.skipif(find_browser() is None,
                              reason="no Chromium on this machine: `apt-get install chromium` to run")

EVIL = "</script><script>alert(1)</script>"
NAMES = ["Çağla Demir", "Łukasz Nowak", "Zoë Baker", "ANN Smith", "Annika Ström", "Joanna Berg", EVIL,
         "Ólafur Arnalds", "Bob & Co", "Dov Levi", "Eli Cohen", "Fay Wray"]
URL = "https://example.org/hall-open/find.html"


@pytest.fixture(scope="module")
def round_two(tmp_path_factory) -> Path:
    """Round 1 played (the first of each table wins 2-0), round 2 paired: its reports hold standings."""
    path = make_event(tmp_path_factory.mktemp("phone") / "hall.xlsx", NAMES, settings={"Public URL": URL})
    api.pair_next(path)
    round_one = api.load_event(path).event.rounds[0]
    names = {p.id: p.name for p in api.load_event(path).event.players}
    results = {}
    for table in round_one.tables:
        for index, pid in enumerate(table.player_ids):
            results[names[pid]] = (5, 1) if index == 0 else (1, 5)
    enter_results(path, 1, results)
    return api.pair_next(path).reports.folder


def players_in(folder: Path) -> list[dict]:
    html = (folder / "find.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'<script type="application/json" id="players">(.*?)</script>', html, re.S).group(1))


def test_the_page_holds_every_player_with_table_opponent_and_standing(round_two):
    players = {p["name"]: p for p in players_in(round_two)}
    assert set(players) == set(NAMES)
    loaded = api.load_event(round_two.parent.parent / "hall.xlsx")
    names = {p.id: p.name for p in loaded.event.players}
    for table in loaded.event.rounds[1].tables:
        for pid in table.player_ids:
            entry = players[names[pid]]
            assert entry["where"] == f"Table {table.number}"
            assert entry["against"] == [names[other] for other in table.player_ids if other != pid]
    standings = (round_two / "standings.html").read_text(encoding="utf-8")
    rows = re.findall(r'<td class="number rank">(.*?)</td>.*?<td class="player">(.*?)[<\n]', standings, re.S)
    assert len(rows) == len(NAMES)
    import html

    for rank, name in rows:
        assert players[html.unescape(name.strip())]["standing"].startswith(f"Rank {rank} · TP ")


def test_no_name_can_end_the_script(round_two):
    html = (round_two / "find.html").read_text(encoding="utf-8")
    assert EVIL not in html and "alert(1)" in html  # there, as \u003c/script\u003e…
    assert html.count("</script>") == 3  # the players, the settings, the search


SEARCH = """
var input = document.getElementById("who");
function find(typed) {
  input.value = typed;
  input.dispatchEvent(new Event("input"));
  return Array.prototype.map.call(document.querySelectorAll("#found .hit"), function (hit) {
    return Array.prototype.map.call(hit.children, function (line) { return line.className + ": " + line.textContent; });
  });
}
report({ann: find("ann"), cagla: find("cagla"), lukasz: find("LUKASZ"), zoe: find("zoe baker"), strom: find("STROM"),
        both: find("demir Çağ"), decomposed: find("C\\u0327ag\\u0306la"), none: find("xyz"),
        evil: find("script"), scripts: document.scripts.length, count: document.getElementById("count").textContent,
        all: find("").length});
"""


@chromium
def test_search_by_part_of_a_name_whatever_the_case_and_accents(round_two):
    found = run_in_chromium(round_two / "find.html", SEARCH, size="412,915")
    players = {p["name"]: p for p in players_in(round_two)}

    def who(hits):
        return [hit[0].removeprefix("who: ") for hit in hits]

    assert who(found["ann"]) == ["ANN Smith", "Annika Ström", "Joanna Berg"]
    assert who(found["cagla"]) == who(found["both"]) == who(found["decomposed"]) == ["Çağla Demir"]
    assert who(found["lukasz"]) == ["Łukasz Nowak"]
    assert who(found["zoe"]) == ["Zoë Baker"]
    assert who(found["strom"]) == ["Annika Ström"]
    assert found["none"] == [] and found["all"] == 0
    cagla = players["Çağla Demir"]
    assert found["cagla"][0][1:] == [f"where: {cagla['where']}", f"seat: {cagla['seat']}",
                                     f"against: v {cagla['against'][0]}", f"standing: {cagla['standing']}"]
    assert who(found["evil"]) == [EVIL] and found["scripts"] == 4  # three of the page, one of the probe


@chromium
def test_the_qr_code_is_drawn_on_pairings_slips_and_poster(round_two):
    probe = ("var box = document.querySelector('svg.qr').getBoundingClientRect();"
             "report({uses: document.querySelectorAll('svg.qr use').length, size: [box.width, box.height]});")
    for page, count in (("pairings_by_table", 1), ("pairings_by_name", 1), ("poster", 1), ("result_slips", 6)):
        found = run_in_chromium(round_two / f"{page}.html", probe)
        assert found["uses"] == count, page
        assert found["size"][0] > 50 and found["size"][0] == found["size"][1], page


def test_the_qr_code_holds_the_public_url(round_two):
    import segno

    html = (round_two / "result_slips.html").read_text(encoding="utf-8")
    assert html.count('<symbol id="sheetrunner-qr"') == 1 and html.count('href="#sheetrunner-qr"') == 6
    path = re.search(r'<path d="([^"]+)"', html).group(1)
    expected = [list(row) for row in segno.make(URL, error="m").matrix_iter(scale=1, border=0)]
    drawn = [[0] * len(expected) for _ in expected]
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", path):
        for column in range(int(x), int(x) + int(width)):
            drawn[int(y)][column] = 1
    assert drawn == [[int(bool(cell)) for cell in row] for row in expected]
    assert URL in (round_two / "pairings_by_name.html").read_text(encoding="utf-8")


def test_without_a_public_url_there_is_no_qr_code(tmp_path):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4])
    folder = api.pair_next(path).reports.folder
    for page in ("pairings_by_table", "pairings_by_name", "poster", "result_slips", "projector"):
        assert "sheetrunner-qr" not in (folder / f"{page}.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("typed", ["javascript:alert(1)", "example.org", "https://exa mple.org/x"])
def test_a_public_url_must_be_a_web_address(tmp_path, typed):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], settings={"Public URL": typed})
    with pytest.raises(EventError) as raised:
        api.load_event(path)
    [problem] = raised.value.problems
    assert (problem.sheet, problem.cell) == ("Event", "B6")
    assert problem.message.startswith("Public URL needs a web address beginning with https://")


def test_the_hall_settings_are_known(tmp_path):
    path = make_event(tmp_path / "e.xlsx", NAMES[:4], settings={"Public URL": URL, "Round minutes": 40})
    assert [p for p in api.check_event(path) if "Unknown setting" in p.message] == []
