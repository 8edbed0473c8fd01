"""One browser prints every report of a round (issue 20): the PDFs are those a browser started for each page prints,
page for page, "Page x of y" on each; progress counts every report; a page that cannot be printed is named.
No timings here: bench figures are in docs/performance.md."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from builder import enter_results, make_event

from sheetrunner import api
from sheetrunner.model.problems import EventError
from sheetrunner.reports import find_browser, print_pdfs
from sheetrunner.reports import printing

pytestmark = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                reason="no Chromium on this machine: `apt-get install chromium` to run")]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> Path:
    """60 players, round 1 played and round 2 paired: the round's HTML reports, not printed."""
    folder = tmp_path_factory.mktemp("speed")
    names = [f"Player {number:02d}" for number in range(1, 61)]
    path = make_event(folder / "event.xlsx", names, settings={"Event name": "Speed Open", "Date": "2026-11-25"})
    api.pair_next(path, reports=False)
    loaded = api.load_event(path)
    who = {p.id: p.name for p in loaded.event.players}
    enter_results(path, 1, {who[pid]: (6 - 2 * index, 2 * index) for table in loaded.event.rounds[0].tables
                            for index, pid in enumerate(table.player_ids)})
    api.pair_next(path, reports=False)
    return api.report(path, out=folder / "html", paper="A4").folder


def pdf_texts(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(str(path)).pages]


def copy_of(folder: Path, name: str) -> list[Path]:
    target = folder.parent / name
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(folder, target)
    return sorted(target.glob("*.html"))


def test_one_browser_prints_the_same_pages_as_a_browser_per_page(rendered):
    reused = copy_of(rendered, "reused")
    steps = []
    pdfs = print_pdfs(reused, [reused[0].parent / "pairings_by_table.html"],
                      lambda done, total: steps.append((done, total)))
    each = copy_of(rendered, "each")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        alone = printing._print_one_by_one(find_browser(), profile,
                                           [page for page in each if page.stem not in printing.SCREEN_PAGES],
                                           lambda done, total: None)
    printed = [pdf for pdf in pdfs if pdf.name != "kit.pdf"]
    assert [pdf.name for pdf in printed] == [pdf.name for pdf in alone]
    assert len(printed) >= 7 and not any(pdf.stem in printing.SCREEN_PAGES for pdf in printed)
    assert steps == [(done, len(printed)) for done in range(1, len(printed) + 1)]
    for pdf, other in zip(printed, alone):
        texts = pdf_texts(pdf)
        assert texts == pdf_texts(other), pdf.name  # same pages, same text, page for page
        for number, text in enumerate(texts, start=1):
            assert f"Page {number} of {len(texts)}" in text, f"{pdf.name} page {number}"
            assert "Speed Open" in text and "Round 2 of 5" in text
    assert pdf_texts(reused[0].parent / "kit.pdf") == pdf_texts(reused[0].parent / "pairings_by_table.pdf")


def test_a_page_the_browser_cannot_open_is_named(rendered):
    pages = copy_of(rendered, "missing")
    gone = pages[0].parent / "standings.html"
    gone.unlink()
    with pytest.raises(EventError) as raised:
        print_pdfs([pages[0].parent / "index.html", gone])
    [problem] = raised.value.problems
    assert problem.message.startswith("Chromium could not print standings.html (")


def test_the_browser_is_closed_after_printing(rendered):
    pages = copy_of(rendered, "closed")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        with printing.DevToolsPipe(find_browser(), profile) as devtools:
            session = devtools.open_tab()
            devtools.start(session, pages[0].parent / "index.html")
            assert devtools.next_printed({session: pages[0]}) == session
        assert devtools.process.poll() is not None
    assert (pages[0].parent / "index.pdf").stat().st_size > 1000
