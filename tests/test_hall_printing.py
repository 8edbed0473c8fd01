"""The wall poster and the result slips of a 200-player round, printed by Chromium and measured in the PDF: names
on the poster at least 9 mm high, the whole field page after page with its headers; at least 8 slips to a page,
100 tables on 13 pages or fewer, every slip's columns at the same place."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from pathlib import Path

import pytest
from builder import enter_results, make_event

from sheetrunner import api
from sheetrunner.reports import find_browser, print_pdfs

pytestmark = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                reason="no Chromium on this machine: `apt-get install chromium` to run")]

MM = 72 / 25.4  # PDF points in a millimetre
# DejaVu Sans, the reports' font: its capital letters are 1493/2048 of the type size (its `H` is 1493 units
# high). A name's capitals are 9 mm high when its type is 9 / 0.729 = 12.35 mm.
CAPITALS = 1493 / 2048
FIRST = ["Ada", "Bruno", "Carla", "Dario", "Elena", "Femi", "Gita", "Hugo", "Ines", "Jonas"]
LAST = ["Abbot", "Brandt", "Costa", "Duval", "Eklund", "Fischer", "Greco", "Horvat", "Ivanova", "Jensen",
        "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rossi", "Svensson", "Tanaka"]


@pytest.fixture(scope="module")
def hall(tmp_path_factory) -> Path:
    """200 players: round 1 played, round 2 paired (100 tables); its reports rendered, not yet printed."""
    names = [f"{first} {last}" for last in LAST for first in FIRST]
    path = make_event(tmp_path_factory.mktemp("hall") / "hall.xlsx", names, settings={"Event name": "Hall Open"})
    api.pair_next(path, reports=False)
    loaded = api.load_event(path)
    who = {p.id: p.name for p in loaded.event.players}
    results = {who[pid]: (6 - 2 * index, 2 * index) for table in loaded.event.rounds[0].tables
               for index, pid in enumerate(table.player_ids)}
    enter_results(path, 1, results)
    api.pair_next(path, reports=False)
    return path


def printed(hall: Path, report: str, paper: str) -> Path:
    folder = hall.parent / paper
    if not (folder / f"{report}.html").exists():
        api.report(hall, out=folder, paper=paper)
    [pdf] = print_pdfs([folder / f"{report}.html"])
    return pdf


def text_runs(pdf: Path) -> list[list[tuple[str, float, float, str]]]:
    """Per page, each run of text with its type size in mm, its x position in points and its font."""
    from pypdf import PdfReader

    pages = []
    for page in PdfReader(str(pdf)).pages:
        runs = []

        def visit(text, cm, tm, font, size, runs=runs):
            if text.strip():
                a, b, c, d, e, f = _times(tm, cm)
                runs.append((text.strip(), size * math.hypot(c, d) / MM, e, str(font.get("/BaseFont", ""))))

        page.extract_text(visitor_text=visit)
        pages.append(runs)
    return pages


def _times(m, n):
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2],
            m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])


def test_the_poster_prints_names_9_mm_high_on_a3_with_headers_on_every_page(hall):
    from pypdf import PdfReader

    pdf = printed(hall, "poster", "A4")
    box = PdfReader(str(pdf)).pages[0].mediabox
    assert (round(float(box.width) / MM), round(float(box.height) / MM)) == (297, 420)  # A3 portrait
    names = {f"{first} {last}" for last in LAST for first in FIRST}
    pages = text_runs(pdf)
    assert len(pages) > 1
    seen = []
    for number, runs in enumerate(pages, start=1):
        texts = [text for text, *_ in runs]
        assert "Rank" in texts and "Player" in texts and "TP" in texts, f"page {number} has no headers"
        assert f"Page {number} of {len(pages)}" in " ".join(texts)
        for text, size, x, font in runs:
            if text in names:
                seen.append(text)
                assert "DejaVuSans" in font
                assert size * CAPITALS >= 9, f"{text}: capitals {size * CAPITALS:.2f} mm high"
    assert sorted(seen) == sorted(names)  # the whole field, each once


def test_the_poster_keeps_rank_name_and_score_together(hall):
    pages = text_runs(printed(hall, "poster", "A4"))
    width = 297 * MM
    runs = pages[0]
    heading = {text: x for text, size, x, font in runs if text in ("Rank", "Player", "TP")}
    assert heading["Rank"] < heading["Player"] < heading["TP"] < width * 0.7  # the score beside the names


def slips_per_page(pdf: Path) -> list[int]:
    counts = []
    for runs in text_runs(pdf):
        texts = " ".join(text for text, *_ in runs)
        signatures = texts.count("Signature")
        assert signatures == len(re.findall(r"\bTable\b", texts))  # whole slips only
        counts.append(signatures)
    return counts


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_at_least_8_slips_to_a_page_and_100_tables_on_13_pages(hall, paper):
    counts = slips_per_page(printed(hall, "result_slips", paper))
    assert sum(counts) == 100
    assert len(counts) <= 13
    assert all(count >= 8 for count in counts[:-1])


def test_every_slip_has_its_columns_at_the_same_place(hall):
    pdf = printed(hall, "result_slips", "A4")
    places = defaultdict(set)
    for runs in text_runs(pdf):
        for text, size, x, font in runs:
            if text in ("OP", "SP", "Signature", "Drop"):
                places[text].add(round(x, 1))
            if re.fullmatch(r"\d+", text) and size > 6:
                places["table number"].add(round(x, 1))
                assert size >= 6.5, f"table number {text} is {size:.1f} mm"
    assert set(places) == {"OP", "SP", "Signature", "Drop", "table number"}
    assert all(len(xs) == 1 for xs in places.values()), places
