"""Printouts at every size and names as the players look for them (issue 31).

- Slips that cannot be misread: every slip of every ruleset (and a team event's) carries its round and each result
  column's full name, with a 70-character event name (on the printed PDF's text).
- The A3 poster's first page holds a page of players under that name; the league poster gives each event a column.
- The projector shows a field of 200 in columns and cycles through it in under a minute of its own clock.
- The round's index links every PDF and kit.pdf once printed, and says how to print them before.
- `Names sorted by: last name` orders pairings by name, the projector, the phone page and the player history by
  last name and shows "Lee, Ann"; a roster's First name and Last name are kept as Players columns and used.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import openpyxl
import pytest
from builder import make_event, type_results
from test_projector import FAKE_TIME, run_in_chromium
from test_reports import Classes

from sheetrunner.reports import find_browser
from sheetrunner.reports.context import POSTER_ROWS

LONG_EVENT = "Grand Northern Championship of Competitive Card Games and Friends 2026"
chromium = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                                 reason="no Chromium on this machine: `apt-get install chromium` to run")]


def new_event(folder: Path, run, ruleset: str, count: int, *options, csv: str = "") -> Path:
    """`init` from a roster of `count` players (or the `csv` given), then `pair`: round 1 ready to print."""
    folder.mkdir(parents=True, exist_ok=True)
    roster = folder / "roster.csv"
    roster.write_text(csv or "Name,Team\n" + "".join(f"Player{i} Surname{i},Club{i % max(1, count // 2)}\n"
                                                     for i in range(count)), encoding="utf-8")
    path = folder / "event.xlsx"
    assert run("init", path, "--ruleset", ruleset, "--players", roster, "--name", LONG_EVENT, "-q",
               *options).exit_code == 0
    return path


def set_setting(path: Path, label: str, value) -> None:
    book = openpyxl.load_workbook(path)
    sheet = book["Event"]
    row = next(row for row in sheet.iter_rows(min_row=2) if row[0].value == label)
    row[1].value = value
    book.save(path)


def pdf_text(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages]


def page(folder: Path, name: str) -> Classes:
    return Classes((folder / f"{name}.html").read_text(encoding="utf-8"))


# --- slips ----------------------------------------------------------------------------------------------------------

RULESETS = [("swiss", 20, ["Games won", "Games drawn"], ()), ("swiss-tp", 20, ["OP", "SP"], ()),
            ("pod-round-robin", 16, ["Result"], ()), ("chits-and-cards", 20, ["Result"], ()),
            ("allegiance", 18, ["VI", "Won", "Eliminated"], ()),
            ("ndc-diplomacy", 21, ["Centres", "Eliminated", "Result", "Yellow cards", "End year"], ()),
            ("swiss", 12, ["Games won", "Games drawn"], ("--team-size", 2))]


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """Each ruleset's round 1 printed with a 70-character event name; the folder of its reports."""
    from click.testing import CliRunner

    from sheetrunner.commands.cli import cli

    def run(*args):
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    folders = {}
    for ruleset, count, _, options in RULESETS:
        key = ruleset + ("-teams" if options else "")
        path = new_event(tmp_path_factory.mktemp(key), run, ruleset, count, *options)
        assert run("pair", path, "-q").exit_code == 0
        result = run("report", path, "--pdf", "-q")
        assert result.exit_code == 0, result.output
        folders[key] = path.with_name("event-reports") / "round-1"
    return folders


@pytest.mark.parametrize("ruleset, count, headers, options", RULESETS,
                         ids=[r[0] + ("-teams" if r[3] else "") for r in RULESETS])
@pytest.mark.parametrize("", [pytest.param(marks=chromium)])
def test_every_slip_carries_its_round_and_every_full_result_header(printed, ruleset, count, headers, options):
    folder = printed[ruleset + ("-teams" if options else "")]
    slips = "team_slips" if options else "result_slips"
    pages = pdf_text(folder / f"{slips}.pdf")
    total = 0
    for text in pages:
        assert LONG_EVENT in text  # in full once on the page: its header
        if options:  # a team match's slip: "Team match 1 · Round 1: …", its boards' headers twice (both teams)
            found = len(re.findall(r"Team match \d+ · Round 1:", text))
            assert found == text.count("Captain's signature") // 2
            per_slip = 2
        else:
            found = len(re.findall(r"(?:Table|Board|Game) \d+ Round 1 ", text))
            assert found == text.count("Signature")  # every slip, the round beside its table
            per_slip = 1
        for header in headers:  # in full ("Games won", never "Games …"), above its boxes on every slip
            assert text.count(header) >= found * per_slip, (header, text[:300])
        assert "Games …" not in text and "Round …" not in text
        total += found
    assert total == len(page(folder, slips).texts("slip"))  # every slip of the round


@pytest.mark.parametrize("", [pytest.param(marks=chromium)])
def test_the_index_links_every_pdf_and_the_kit_once_printed(printed):
    folder = printed["swiss"]
    links = set(page(folder, "index").links)
    pdfs = {link for link in links if link.endswith(".pdf")}
    assert pdfs == {p.name for p in folder.glob("*.pdf")} - {"index.pdf"}
    assert "kit.pdf" in pdfs and "result_slips.pdf" in pdfs and "projector.pdf" not in pdfs
    assert "print with" not in (folder / "index.html").read_text(encoding="utf-8")


def test_before_printing_the_index_says_how_to_print_the_pdfs(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 8)
    assert run("pair", path, "-q").exit_code == 0
    index = page(path.with_name("event-reports") / "round-1", "index")
    assert not [link for link in index.links if link.endswith(".pdf")]
    assert index.texts("printouts") == ["To print The PDFs are not printed yet: sheetrunner report --pdf --round 1 "
                                        "event.xlsx prints each report as PDF here, and kit.pdf (Pairings by table, "
                                        "Result slips, Pairings by name in one file), linked from this page. Or "
                                        "print any page above from a browser."]


# --- posters --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("", [pytest.param(marks=chromium)])
def test_the_posters_first_page_holds_a_page_of_players_under_a_long_name(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 60)
    assert run("pair", path, "-q").exit_code == 0
    assert run("report", path, "--pdf", "-q").exit_code == 0
    pages = pdf_text(path.with_name("event-reports") / "round-1" / "poster.pdf")
    rows = [len(re.findall(r"=1 Player\d+ Surname\d+ 0", text)) for text in pages]
    assert sum(rows) == 60 and len(rows) == 3
    assert rows[0] >= POSTER_ROWS and rows[0] >= rows[1] - 3  # the title takes at most three rows' height
    assert "Players Rank Player MP" in pages[0]  # what the poster shows, under the name (cut to two lines at most)


def test_the_league_poster_gives_each_event_a_column(tmp_path, run):
    from test_league import SETTINGS, build_season, make_season_workbook

    events = build_season(tmp_path)
    path = make_season_workbook(tmp_path / "season.xlsx", [e.name for e in events], SETTINGS,
                                [("Katherine Ng", "Kate Ng")])
    assert run("league", path, "-q").exit_code == 0
    poster = (tmp_path / "season-reports" / "league_poster.html").read_text(encoding="utf-8")
    assert '<table class="wall season">' in poster
    assert Classes(poster).texts("event")[:5] == ["January", "February", "March", "April", "May"]
    ann = re.search(r'Ann Lee</td><td class="score">20</td>(.*?)<td class="events">', poster).group(1)
    assert re.findall(r'<td class="event">([^<]*)</td>', ann) == ["10", "5", "5", "(5)", "(3)"]  # E4, E5 dropped


# --- projector ------------------------------------------------------------------------------------------------------

CYCLE = FAKE_TIME + """
var rows = Array.prototype.slice.call(document.querySelectorAll("#rows .row"));
var list = document.getElementById("list").getBoundingClientRect();
function visible(row) { var box = row.getBoundingClientRect(); return box.top >= list.top - 1 && box.bottom <= list.bottom + 1; }
var shown = new Set(), start = t, back = null;
for (var step = 0; step < 400 && back === null; step++) {   // half a second a step: at most 200 s
  P.tick(); rows.forEach(function (row, i) { if (visible(row)) shown.add(i); });
  if (step > 0 && P.offset(t - P.scrollStart) === 0 && shown.size === rows.length) back = (t - start) / 1000;
  t += 500;
}
report({columns: P.columns, back: back, shown: shown.size, rows: rows.length,
        cut: rows.filter(function (row) { var n = row.querySelector(".player"); return n.scrollWidth > n.clientWidth; }).length,
        wide: document.documentElement.scrollWidth > document.documentElement.clientWidth});
"""


@pytest.mark.parametrize("", [pytest.param(marks=chromium)])
def test_the_projector_cycles_200_players_in_under_a_minute(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 200)
    assert run("pair", path, "-q").exit_code == 0
    found = run_in_chromium(path.with_name("event-reports") / "round-1" / "projector.html", CYCLE)
    assert found["rows"] == found["shown"] == 200  # every player seen, then back at the top
    assert found["columns"] >= 2 and found["back"] is not None and found["back"] < 60
    assert found["cut"] == 0 and not found["wide"]


# --- names sorted as the players look for them ----------------------------------------------------------------------

ROSTER = "First name,Last name,Deck\nZoë,Abbot,Elves\nAnn,Lee,Orks\nJan,van der Berg,Goblins\nBen,Ode,Elves\n" \
         "Cat,Roy,Orks\nÇağla,Demir,Elves\n"
BY_LAST = ["Abbot, Zoë", "Demir, Çağla", "Lee, Ann", "Ode, Ben", "Roy, Cat", "van der Berg, Jan"]


def lists_by_name(folder: Path) -> dict[str, list[str]]:
    """The names in the order each list by name shows them: pairings by name, projector, phone page, history."""
    phone = re.search(r'<script type="application/json" id="players">(.*?)</script>',
                      (folder / "find.html").read_text(encoding="utf-8"), re.S).group(1)
    return {"pairings_by_name": page(folder, "pairings_by_name").texts("player"),
            "projector": page(folder, "projector").texts("player"),
            "find": [entry["name"] for entry in json.loads(phone)],
            "history": [re.sub(r" \(ID .*", "", h) for h in page(folder, "history").texts("player-history")]}


def test_names_sorted_by_last_name_on_every_list_from_a_roster_of_first_and_last_names(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 0, csv=ROSTER)
    players = list(openpyxl.load_workbook(path)["Players"].iter_rows(values_only=True))
    assert players[0][-3:] == ("First name", "Last name", "Deck") and players[3][1:2] + players[3][-3:] == (
        "Jan van der Berg", "Jan", "van der Berg", "Goblins")  # the Name joined, both parts kept
    set_setting(path, "Names sorted by", "last name")
    assert run("pair", path, "-q").exit_code == 0
    folder = path.with_name("event-reports") / "round-1"
    lists = lists_by_name(folder)
    assert lists["pairings_by_name"] == lists["projector"] == lists["find"] == BY_LAST
    assert [h.split(" (")[0] for h in page(folder, "history").texts("player-history")] == BY_LAST
    # lists by table or rank keep the name as typed
    assert "Jan van der Berg" in page(folder, "pairings_by_table").texts("name")


def test_first_name_stays_the_default_and_the_phone_page_finds_either_form(tmp_path, run):
    path = new_event(tmp_path, run, "swiss", 0, csv=ROSTER)
    assert run("pair", path, "-q").exit_code == 0
    folder = path.with_name("event-reports") / "round-1"
    assert page(folder, "pairings_by_name").texts("player") == ["Ann Lee", "Ben Ode", "Çağla Demir", "Cat Roy",
                                                                "Jan van der Berg", "Zoë Abbot"]
    set_setting(path, "Names sorted by", "last name")
    assert run("report", path, "-q").exit_code == 0
    phone = (folder / "find.html").read_text(encoding="utf-8")
    assert '"name":"van der Berg, Jan","also":"Jan van der Berg"' in phone  # the search reads both


def test_without_name_columns_the_last_name_is_the_last_word_with_its_particles(tmp_path, run):
    names = ["Ann Lee", "Jan van der Berg", "Van Morrison", "Zoë Abbot", "Madonna", "Lee, Bo"]
    path = make_event(tmp_path / "e.xlsx", names, settings={"Names sorted by": "last name"}, ruleset="swiss",
                      round_headers=["Table", "Seat", "ID", "Player", "Games won", "Games drawn"])
    assert run("pair", path, "-q").exit_code == 0
    folder = path.with_name("e-reports") / "round-1"
    assert page(folder, "pairings_by_name").texts("player") == ["Abbot, Zoë", "Lee, Ann", "Lee, Bo", "Madonna",
                                                                "Morrison, Van", "van der Berg, Jan"]


def test_name_columns_that_no_longer_make_the_name_are_warned_and_the_name_is_used(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", [[1, "Ann Leigh", "Ann", "Lee"], [2, "Ben Ode", "Ben", "Ode"]],
                      settings={"Names sorted by": "last name"}, ruleset="swiss",
                      player_headers=["ID", "Name", "First name", "Last name"])
    result = run("check", path)
    assert result.exit_code == 0
    assert result.output == ('Players!D2: warning: First name and Last name do not make the Name "Ann Leigh" (row 2); '
                             "lists by last name use the Name's last word. Correct First name and Last name to match "
                             "the Name, or clear them.\n0 error(s), 1 warning(s).\n")
    assert run("pair", path, "-q").exit_code == 0
    assert page(path.with_name("e-reports") / "round-1", "pairings_by_name").texts("player") == ["Leigh, Ann",
                                                                                                 "Ode, Ben"]
    set_setting(path, "Names sorted by", "first name")  # the columns matter only to lists by last name
    assert "do not make the Name" not in run("check", path).output


def test_a_names_sorted_by_value_not_in_the_list_is_refused_at_its_cell(tmp_path, run):
    path = make_event(tmp_path / "e.xlsx", ["Ann Lee", "Ben Ode"], settings={"Names sorted by": "surname"},
                      ruleset="swiss")
    before = path.read_bytes()
    result = run("pair", path)
    assert result.exit_code == 1 and path.read_bytes() == before
    assert result.stderr.splitlines()[0] == ('Event!B6: Names sorted by needs one of first name, last name, found '
                                             '"surname". Pick one of: first name, last name.')


def test_type_results_keeps_last_name_order_after_round_one(tmp_path, run):
    """The order holds in round 2's lists, with standings: the setting is read every run."""
    path = new_event(tmp_path, run, "swiss", 0, csv=ROSTER)
    set_setting(path, "Names sorted by", "last name")
    assert run("pair", path, "-q").exit_code == 0
    sheet = openpyxl.load_workbook(path)["Round 1"]
    won = {row[3]: 2 if row[1] == 1 else 0 for row in sheet.iter_rows(min_row=2, values_only=True) if row[3]}
    type_results(path, 1, {name: {"Games won": games, "Games drawn": 0} for name, games in won.items()})
    assert run("pair", path, "-q").exit_code == 0
    assert lists_by_name(path.with_name("event-reports") / "round-2")["pairings_by_name"] == BY_LAST
