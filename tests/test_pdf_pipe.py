"""Printing at the browser's own pace (issue 34): the PDFs one browser prints over the DevTools pipe, untagged and
largest page first, are the PDFs Chromium prints alone with `--print-to-pdf` (as sheetrunner printed them before),
page for page and word for word; a browser that cannot be driven over the pipe still prints every page, one
browser per page. No timings here: bench/bench_print.py measures them."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from builder import enter_results, make_event
from click.testing import CliRunner

from sheetrunner import api
from sheetrunner.commands.cli import cli
from sheetrunner.reports import printing
from sheetrunner.reports.printing import find_browser, print_pdfs

pytestmark = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                reason="no Chromium on this machine: `apt-get install chromium` to run")]
KIT = ("pairings_by_table.pdf", "result_slips.pdf", "pairings_by_name.pdf")


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> Path:
    """40 players, round 1 played and round 2 paired: `report --pdf`'s folder."""
    folder = tmp_path_factory.mktemp("pipe")
    path = make_event(folder / "event.xlsx", [f"Player {n:02d}" for n in range(1, 41)],
                      settings={"Event name": "Pipe Open", "Date": "2026-11-26"})
    api.pair_next(path, reports=False)
    loaded = api.load_event(path)
    who = {p.id: p.name for p in loaded.event.players}
    enter_results(path, 1, {who[pid]: (6 - 2 * index, 2 * index) for table in loaded.event.rounds[0].tables
                            for index, pid in enumerate(table.player_ids)})
    api.pair_next(path, reports=False)
    result = CliRunner().invoke(cli, ["report", str(path), "--pdf", "--out", str(folder / "printed")])
    assert result.exit_code == 0, result.output
    return folder / "printed"


def pdf_texts(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(str(path)).pages]


def copy_pages(folder: Path, target: Path, names: list[str] | None = None) -> list[Path]:
    """The HTML pages of `folder` (those printed) copied to `target`, with no PDF beside them."""
    target.mkdir()
    pages = sorted(p for p in folder.glob("*.html") if p.stem not in printing.SCREEN_PAGES
                   and (names is None or p.stem in names))
    return [Path(shutil.copy(page, target / page.name)) for page in pages]


def test_the_pipe_prints_what_chromium_prints_alone_page_for_page(printed, tmp_path):
    """Each page printed again by `chromium --headless --print-to-pdf` with Chromium's own defaults (tagged, as
    sheetrunner printed before): the same number of pages and the same text on each."""
    pages = copy_pages(printed, tmp_path / "alone")
    assert len(pages) >= 7
    for page in pages:
        subprocess.run([find_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                        f"--user-data-dir={tmp_path / 'profile'}", f"--print-to-pdf={page.with_suffix('.pdf')}",
                        page.as_uri()], check=True, capture_output=True, timeout=300)
    for page in pages:
        ours, alone = pdf_texts(printed / f"{page.stem}.pdf"), pdf_texts(page.with_suffix(".pdf"))
        assert len(ours) == len(alone) and ours == alone, page.name
        assert f"Page {len(ours)} of {len(ours)}" in ours[-1] and "Pipe Open" in ours[0]
    assert pdf_texts(printed / "kit.pdf") == [text for name in KIT for text in pdf_texts(printed / name)]


def test_the_pipe_prints_untagged_pdfs(printed):
    """No accessibility tags (about 20 times the size); the HTML pages are the accessible version."""
    for pdf in printed.glob("*.pdf"):
        assert b"/StructTreeRoot" not in pdf.read_bytes(), pdf.name


@pytest.mark.parametrize("refusal", ["exit 1", "exec sleep 600"], ids=["exits", "never-answers"])
def test_a_browser_that_cannot_take_the_pipe_prints_each_page_alone(printed, tmp_path, monkeypatch, refusal):
    """A Chromium that exits, or never answers, when asked for the pipe (too old, or a wrapper that closes fds 3
    and 4): each page printed by a browser of its own, the same PDFs, kit.pdf too, progress counted."""
    browser = tmp_path / "chromium"
    browser.write_text(f'#!/bin/sh\nfor a in "$@"; do [ "$a" = --remote-debugging-pipe ] && {refusal}; done\n'
                       f'exec {find_browser()} "$@"\n')
    browser.chmod(0o755)
    monkeypatch.setattr(printing, "START_TIMEOUT", 3)
    pages = copy_pages(printed, tmp_path / "each", ["index", "pairings_by_table", "result_slips", "pairings_by_name"])
    steps = []
    kit = [tmp_path / "each" / name.replace(".pdf", ".html") for name in KIT]
    pdfs = print_pdfs(pages, kit, lambda done, total: steps.append(done), browser=str(browser))
    assert [pdf.name for pdf in pdfs] == [p.with_suffix(".pdf").name for p in pages] + ["kit.pdf"]
    assert steps == [1, 2, 3, 4]
    for pdf in pdfs:
        assert pdf_texts(pdf) == pdf_texts(printed / pdf.name), pdf.name
        assert b"/StructTreeRoot" not in pdf.read_bytes(), pdf.name


def test_the_largest_page_is_printed_first_and_the_pdfs_come_back_in_order(printed, tmp_path, monkeypatch):
    """With one tab the pages are loaded one after another: the largest first, so it never starts last."""
    monkeypatch.setattr(printing, "TABS", 1)
    loaded = []
    start = printing.DevToolsPipe.start
    monkeypatch.setattr(printing.DevToolsPipe, "start", lambda self, tab, page: (loaded.append(page.name),
                                                                               start(self, tab, page))[1])
    pages = copy_pages(printed, tmp_path / "order")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        pdfs = printing._print_in_one_browser(find_browser(), profile, pages, lambda done, total: None)
    assert loaded == [p.name for p in sorted(pages, key=lambda p: -p.stat().st_size)]
    assert pdfs == [p.with_suffix(".pdf") for p in pages] and all(pdf.is_file() for pdf in pdfs)
