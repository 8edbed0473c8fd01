"""Printing the HTML reports to PDF with a headless Chromium, and one combined PDF of a round's kit.

Chromium honours the pages' CSS: the paper size, the page header (event, round, date) and footer
("Page x of y") printed on every page, and no table or slip split across pages. A callback is told how
many reports are printed of how many, so the command line can show progress on long runs. The pages for screens
(the phone page's search, the projector's clock) are not printed.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

from ..problems import EventError, Problem

BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-pdf-header-footer"]
SCREEN_PAGES = ("find", "projector")  # pages with a script, for phones and the big screen: never printed


def find_browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def print_pdfs(pages: list[Path], kit: list[Path] = (),
               progress: Callable[[int, int], None] = lambda done, total: None,
               browser: str | None = None) -> list[Path]:
    """Print each HTML page to PDF beside it (not the pages for screens); with `kit`, also `kit.pdf`: those pages'
    PDFs in one file."""
    pages = [page for page in pages if page.stem not in SCREEN_PAGES]
    browser = browser or find_browser()
    if browser is None:
        raise EventError(Problem("", "", "No headless browser was found to print PDFs.",
                                 "Install Chromium (e.g. `apt-get install chromium`), or print the HTML reports "
                                 "from any browser."))
    pdfs = []
    with tempfile.TemporaryDirectory() as profile:
        for page in pages:
            pdf = page.with_suffix(".pdf")
            try:
                subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf}",
                                page.resolve().as_uri()], check=True, capture_output=True, timeout=300)
            except (subprocess.SubprocessError, OSError) as error:
                raise EventError(Problem(page.name, "", f"Chromium could not print {page.name} ({error}).",
                                         "Try again, or print the HTML page from a browser.")) from None
            pdfs.append(pdf)
            progress(len(pdfs), len(pages))
    if kit:
        pdfs.append(combine([page.with_suffix(".pdf") for page in kit], pages[0].parent / "kit.pdf"))
    return pdfs


def combine(pdfs: list[Path], target: Path) -> Path:
    """One PDF of several, in order, each keeping its own page headers and numbers."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(str(pdf))
    with target.open("wb") as handle:
        writer.write(handle)
    return target
