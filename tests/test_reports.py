"""The printable reports, parsed back: who is in them, in what order, with which numbers."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import openpyxl
import pytest
from builder import make_event

from sheetrunner import api
from sheetrunner.model.collation import collation_key
from sheetrunner.reports import find_browser
from sheetrunner.reports.printing import SCREEN_PAGES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "sample_events").glob("*.xlsx"))
VOID = {"meta", "br", "img", "input", "link", "hr"}


class Classes(HTMLParser):
    """Text of every element, by class; tags seen; and whether any <script> or remote URL appears."""

    def __init__(self, html: str):
        super().__init__()
        self.open: list[tuple[str, list[str], list[str]]] = []
        self.by_class: dict[str, list[str]] = {}
        self.tags: list[str] = []
        self.links: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attributes = dict(attrs)
        if tag == "a":
            self.links.append(attributes.get("href", ""))
        if tag in VOID:
            return
        self.open.append((tag, (attributes.get("class") or "").split(), []))

    def handle_endtag(self, tag):
        while self.open:
            name, classes, text = self.open.pop()
            for css in classes:
                self.by_class.setdefault(css, []).append(" ".join("".join(text).split()))
            if name == tag:
                break

    def handle_data(self, data):
        for _, _, text in self.open:
            text.append(data)

    def texts(self, css: str) -> list[str]:
        return self.by_class.get(css, [])


def rendered(sample: Path, tmp_path: Path):
    result = api.report(sample, out=tmp_path / "out")
    pages = {path.stem: Classes(path.read_text(encoding="utf-8")) for path in result.files}
    loaded = api.load_event(sample)
    return result, pages, loaded


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_report_for_every_sample(sample, tmp_path, run):
    result, pages, loaded = rendered(sample, tmp_path)
    event, ruleset = loaded.event, loaded.ruleset
    last = (event.rounds + event.playoff)[-1]  # the last round, or the last stage of a top cut
    table_header = "Match" if event.playoff and ruleset.layout.seats_per_table == (2, 2) else ruleset.layout.table_header
    names = {p.id: p.name for p in event.players}
    seated = sorted(names[pid] for pid in last.player_ids)
    # Pairings by table: every player of the round exactly once; by name: the same players, alphabetically.
    assert sorted(pages["pairings_by_table"].texts("name")) == seated
    assert pages["pairings_by_name"].texts("player") == sorted(seated, key=collation_key)
    # Slips: one per game, in table order, a box per result column and seat.
    slips = pages["result_slips"]
    pods = {p.id: f"Pod {p.extra['pod']} · " for p in event.players if p.extra.get("pod")}
    assert slips.texts("slip-table") == [f"{pods.get(t.player_ids[0], '')}{table_header} {t.number}"
                                         for t in last.games]
    assert len(slips.texts("box")) == sum(len(t.seats) for t in last.games) * len(ruleset.layout.result_columns)
    # Standings: the same order and values as `standings --json` (in rank order: after a cut it lists places).
    table = swiss_rows(run, sample)
    standings = pages["standings"]
    assert standings.texts("player") == [r["name"] + (" (dropped)" if r["dropped"] else "") for r in table]
    assert standings.texts("rank") == [("=" if r["tied"] else "") + str(r["rank"]) for r in table]
    # History (not after a cut: its poster is the bracket): one section per player; index links every report;
    # no scripts but on the pages for screens (the phone page's search, the projector's clock), nothing remote.
    if "history" in pages:
        assert len(pages["history"].texts("player-history")) == len(event.players)
    assert set(pages["index"].links) - {"index.html"} == {f"{name}.html" for name in result_files(result)
                                                          if name != "index"}
    for name, page in pages.items():
        assert "script" not in page.tags or name in SCREEN_PAGES
        assert not any(link.startswith("http") for link in page.links)


def swiss_rows(run, sample: Path) -> list[dict]:
    """`standings --json` in rank order (a shared rank in ID order, as the standings list it)."""
    rows = json.loads(run("standings", "--json", "--no-write", sample).stdout)
    return sorted(rows, key=lambda row: (row["rank"], row["id"])) if rows and "place" in rows[0] else rows


def result_files(result):
    return [path.stem for path in result.files]


def expected_cell(value, percent):
    if percent:
        return f"{value * 100:.2f}%"
    return str(value) if isinstance(value, int) else f"{value:.2f}"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_standings_values_match_the_json(sample, tmp_path, run):
    _, pages, loaded = rendered(sample, tmp_path)
    table = swiss_rows(run, sample)
    from sheetrunner.rules.tournament import standings_after

    columns = [c for c in standings_after(loaded.event, loaded.ruleset).columns if c.shown]  # the draw is not printed
    values = pages["standings"].texts("value")
    assert len(values) == len(table) * len(columns)
    for index, row in enumerate(table):
        cells = values[index * len(columns):(index + 1) * len(columns)]
        assert cells == [expected_cell(row[c.key], c.percent) for c in columns], row["name"]


def test_pods_standings_are_per_pod(tmp_path):
    _, pages, _ = rendered(ROOT / "sample_events" / "pod-round-robin-7-players.xlsx", tmp_path)
    html = (tmp_path / "out" / "standings.html").read_text(encoding="utf-8")
    assert "<h2>Pod A</h2>" in html
    assert pages["standings"].texts("player")[:3] == ["Scott Brosius", "Tino Martinez", "Andy Pettitte"]


def test_pod_games_show_their_pod_on_pairings_and_slips(tmp_path):
    path = make_event(tmp_path / "e.xlsx", [f"P{i}" for i in range(1, 11)], ruleset="pod-round-robin",
                      settings={"Pod size": 5})
    result = api.pair_next(path)
    pods = {p.name: f"Pod {p.extra['pod']}" for p in api.load_event(path).event.players}
    assert sorted(set(pods.values())) == ["Pod A", "Pod B"]
    page = Classes((result.reports.folder / "pairings_by_table.html").read_text(encoding="utf-8"))
    names = page.texts("name")
    assert page.texts("group") == [pods[names[2 * i]] for i in range(len(page.texts("group")))]
    assert len(page.texts("group")) == 4  # two games in each pod of five, whose fifth has the bye
    assert all(pods[names[2 * i]] == pods[names[2 * i + 1]] for i in range(4))
    slips = Classes((result.reports.folder / "result_slips.html").read_text(encoding="utf-8"))
    assert slips.texts("slip-table") == [f"{group} · Table {n}" for n, group in enumerate(page.texts("group"), 1)]


def test_chits_and_cards_table_cards(tmp_path):
    result, pages, loaded = rendered(ROOT / "sample_events" / "chits-and-cards-8-players.xlsx", tmp_path)
    assert "table_cards" in result_files(result)
    assert len(pages["table_cards"].texts("card")) == len(loaded.event.rounds[-1].games)


def test_names_are_escaped(tmp_path, run):
    evil = "<script>alert(1)</script>"
    path = make_event(tmp_path / "e.xlsx", [evil, "Bob & Co", "Cat", "Dov"])
    assert run("pair", path).exit_code == 0
    folder = tmp_path / "e-reports" / "round-1"
    for page in folder.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert evil not in html, page.name  # as text everywhere, the phone page's embedded list of names too
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (folder / "pairings_by_name.html").read_text(encoding="utf-8")


def test_a_template_can_be_overridden_and_extend_the_default(tmp_path, run):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "standings.html").write_text('{% extends "default:standings.html" %}'
                                         '{% block heading %}Club night table{% endblock %}', encoding="utf-8")
    sample = ROOT / "sample_events" / "swiss-tp-16-players.xlsx"
    result = run("report", sample, "--out", tmp_path / "out", "--templates", mine)
    assert result.exit_code == 0, result.output
    html = (tmp_path / "out" / "standings.html").read_text(encoding="utf-8")
    assert "<h1>Club night table</h1>" in html and "Tiebreakers" not in html.split("<h1>")[0]
    assert "Ranked by TP, then OP" in html


def test_report_of_a_round_that_does_not_exist(tmp_path, run):
    result = run("report", ROOT / "sample_events" / "swiss-tp-16-players.xlsx", "--round", 9, "--out", tmp_path)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("Round 9: There is no Round 9 sheet to report on. Pair the round first, "
                                             "or name a round that exists with --round.")


@pytest.mark.slow
def test_reports_render_from_the_built_wheel(tmp_path):
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next((tmp_path / "dist").glob("sheetrunner-*.whl"))
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    script = ("import sys; sys.path.insert(0, sys.argv[1]); from sheetrunner import api, reports; "
              "print(reports.default_templates()); api.report(sys.argv[2], out=sys.argv[3])")
    sample = ROOT / "sample_events" / "swiss-tp-16-players.xlsx"
    done = subprocess.run([sys.executable, "-c", script, str(unpacked), str(sample), str(tmp_path / "out")],
                          capture_output=True, text=True, cwd=tmp_path, check=True)
    assert done.stdout.strip() == str(unpacked / "sheetrunner" / "templates")
    assert (tmp_path / "out" / "result_slips.html").read_text(encoding="utf-8").count('<section class="slip') == 8


def test_pdf_without_a_browser_says_what_to_install(tmp_path, run, monkeypatch):
    monkeypatch.setattr("sheetrunner.reports.printing.find_browser", lambda: None)
    result = run("report", ROOT / "sample_events" / "swiss-tp-16-players.xlsx", "--out", tmp_path, "--pdf")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == ("No headless browser was found to print PDFs. Install Chromium (e.g. "
                                             "`apt-get install chromium`), or print the HTML reports from any "
                                             "browser.")


def pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(str(path)).pages]


@pytest.mark.slow
@pytest.mark.skipif(find_browser() is None, reason="no Chromium on this machine: `apt-get install chromium` to run")
def test_chromium_prints_slips_eight_to_an_a4_page_and_never_splits_one(tmp_path):
    sample = ROOT / "sample_events" / "swiss-tp-16-players.xlsx"
    shutil.copy(sample, tmp_path / "e.xlsx")
    result = api.report(tmp_path / "e.xlsx", out=tmp_path / "out", pdf=True, paper="A4")
    pages = pdf_pages(tmp_path / "out" / "result_slips.pdf")
    assert len(pages) == 1  # 8 tables, at least 8 slips to a page
    for text in pages:
        assert text.count("Signature") == text.count("Table ") == 8  # whole slips only
    assert len(pdf_pages(tmp_path / "out" / "standings.pdf")) == 1
    from pypdf import PdfReader

    poster = PdfReader(str(tmp_path / "out" / "poster.pdf")).pages
    assert len(poster) == 1 and poster[0].mediabox.width < poster[0].mediabox.height  # A3 portrait, for the wall
    assert {p.suffix for p in result.files} == {".html", ".pdf"}
    book = openpyxl.load_workbook(tmp_path / "e.xlsx", read_only=True)
    assert "Round 3" in book.sheetnames
    book.close()


def test_a_broken_template_override_is_a_clear_error(tmp_path, run):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "poster.html").write_text("{% extends 'default:poster.html' %}{% block body %}{{ data.nothing.here }}"
                                      "{% endblock %}", encoding="utf-8")
    result = run("report", ROOT / "sample_events" / "swiss-tp-16-players.xlsx", "--out", tmp_path / "out",
                 "--templates", mine)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (f"The template poster.html cannot be rendered: poster.html, line 1: "
                                             f"'sheetrunner.reports.context.ReportData object' has no attribute "
                                             f"'nothing'. Fix or remove your template override in {mine}.")
