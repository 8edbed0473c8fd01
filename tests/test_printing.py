"""Printed reports of hall-sized events, through Chromium: every page stands alone, no table is split, names
sort as people expect, and the dispute report shows every value typed, zeros included."""

from __future__ import annotations

import random
import re
from pathlib import Path

import openpyxl
import pytest
from simulation import allegiance_game, diplomacy_board, games_of, op_sp, read_sheets

from sheetrunner import api
from sheetrunner.reports import find_browser

pytestmark = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                reason="no Chromium on this machine: `apt-get install chromium` to run")]

FIRST = ["Ada", "Bruno", "Carla", "Dario", "Elena", "Femi", "Gita", "Hugo", "Ines", "Jonas", "Kasia", "Lars",
         "Maya", "Nils", "Omar", "Pia", "Quinn", "Rosa", "Sven", "Tara"]
LAST = ["Abbot", "Brandt", "Costa", "Duval", "Eklund", "Fischer", "Greco", "Horvat", "Ivanova", "Jensen"]
# Accented initials that plain code-point sorting puts after Z.
ACCENTED = ["Çağla Demir", "Łukasz Nowak", "Ólafur Arnalds", "Émile Roux", "Zoë Baker"]
EVENT, DATE = "Hall Open", "2026-11-21"


def roster(count: int) -> list[str]:
    names = ACCENTED + [f"{first} {last}" for last in LAST for first in FIRST]
    return names[:count]


def make_hall_event(folder: Path, ruleset: str, count: int, typist, zeros: tuple[str, ...]) -> Path:
    """An event of `count` players after round 1's results, round 2 paired: its reports to print.

    The first player of the first table scores 0 in each of `zeros`: the dispute report must show them."""
    folder.mkdir()
    csv = folder / "roster.csv"
    csv.write_text("Name\n" + "\n".join(roster(count)) + "\n", encoding="utf-8")
    path = folder / "event.xlsx"
    api.init_event(path, ruleset, 5, EVENT, csv, seed=11, date=DATE)
    api.pair_next(path, reports=False)
    rng = random.Random(5)
    sheets = read_sheets(path)
    book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    headers = {cell.value: cell.column for cell in sheet[1]}
    for number, table in enumerate(games_of(sheets.rounds[1]).values()):
        typed = typist(table, rng)
        if number == 0:
            typed[table[0]["_row"]].update(dict.fromkeys(zeros, 0))
        for row, values in typed.items():
            for header, value in values.items():
                sheet.cell(row=row, column=headers[header]).value = value
    book.save(path)
    api.pair_next(path, reports=False)
    return path


@pytest.fixture(scope="module", params=[("swiss-tp", 200, op_sp, ("OP", "SP")),
                                        ("allegiance", 120, allegiance_game, ("VI",)),
                                        ("ndc-diplomacy", 70, diplomacy_board, ("Centres",))], ids=lambda p: p[0])
def printed(request, tmp_path_factory):
    ruleset, count, typist, zeros = request.param
    path = make_hall_event(tmp_path_factory.mktemp(ruleset) / "hall", ruleset, count, typist, zeros)
    result = api.report(path, out=path.parent / "out", pdf=True, paper="A4")
    return path, result


def pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(str(path)).pages]


def test_every_page_of_every_report_carries_event_round_date_and_page_x_of_y(printed):
    path, result = printed
    pdfs = [file for file in result.files if file.suffix == ".pdf" and file.name != "kit.pdf"]
    assert len(pdfs) >= 8
    for pdf in pdfs:
        pages = pdf_pages(pdf)
        for number, text in enumerate(pages, start=1):
            where = f"{pdf.name} page {number}"
            assert EVENT in text and "Round 2 of 5" in text and DATE in text, where
            assert f"Page {number} of {len(pages)}" in text, where


def test_no_table_is_split_across_pages(printed):
    path, result = printed
    rows = read_sheets(path).rounds[2]
    for report in ("pairings_by_table.pdf", "result_slips.pdf"):
        pages = pdf_pages(path.parent / "out" / report)
        for label, table in games_of(rows).items():
            where = {page for page, text in enumerate(pages) for row in table if row["Player"] in text}
            assert len(where) == 1, f"{report}: table {label} is on pages {sorted(where)}"
            heading = re.compile(rf"\b{label}\b")
            assert heading.search(pages[where.pop()]), f"{report}: table {label} printed without its number"
    assert len(pages) > 1


def test_the_kit_is_pairings_slips_and_names_in_one_pdf(printed):
    path, result = printed
    out = path.parent / "out"
    kit = pdf_pages(out / "kit.pdf")
    parts = [pdf_pages(out / name) for name in ("pairings_by_table.pdf", "result_slips.pdf", "pairings_by_name.pdf")]
    assert kit == [page for part in parts for page in part]


def test_names_sort_as_people_expect(printed):
    path, result = printed
    names = [name for page in pdf_pages(path.parent / "out" / "pairings_by_name.pdf")
             for name in re.findall(r"^(\S+ \S+)", page, re.MULTILINE) if name in roster(200)]
    first_letters = [name[0] for name in names]
    assert first_letters[first_letters.index("Ç") - 1] in "BC" and first_letters.index("Ç") < first_letters.index("D")
    assert first_letters.index("É") < first_letters.index("F")
    assert first_letters.index("Ł") > first_letters.index("K") and first_letters.index("Ł") < first_letters.index("M")
    assert first_letters.index("Ó") > first_letters.index("N") and first_letters.index("Ó") < first_letters.index("P")
    assert names[-1] == "Zoë Baker"


def test_the_history_shows_zeros(printed):
    path, result = printed
    rows = read_sheets(path).rounds[1]
    first_table = next(iter(games_of(rows).values()))
    text = "\n".join(pdf_pages(path.parent / "out" / "history.pdf"))
    row = first_table[0]
    start = text.index(row["Player"] + " (ID")
    block = " ".join(text[start:text.index(" (ID", start + len(row["Player"]) + 4)].split())
    zeros = [f"{header} 0" for header, value in row.items() if value == 0 and header not in ("Seat", "ID")]
    assert zeros and all(zero in block for zero in zeros), block
    assert block.count("not entered yet") == 1, block  # round 2 only
