"""Screenshots of every report for the README, rendered from the sample events with headless Chromium.

Run: python scripts/make_screenshots.py   (needs `chromium`, and Ghostscript `gs` for printed pages: the first page
of the combined kit.pdf, the wall poster and the result slips; writes docs/screenshots/*.png)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetrunner import api  # noqa: E402
from sheetrunner.reports.printing import BROWSER_FLAGS, find_browser  # noqa: E402

SHOTS = [  # (sample, report, file name, window size)
    ("swiss-tp-16-players.xlsx", "pairings_by_table", "pairings-by-table.png", "900,900"),
    ("swiss-tp-16-players.xlsx", "pairings_by_name", "pairings-by-name.png", "900,700"),
    ("swiss-tp-16-players.xlsx", "standings", "standings.png", "900,900"),
    ("swiss-tp-16-players.xlsx", "history", "history.png", "900,700"),
    ("pod-round-robin-7-players.xlsx", "standings", "pod-standings.png", "900,600"),
    ("allegiance-9-players.xlsx", "result_slips", "allegiance-slips.png", "900,600"),
    ("ndc-diplomacy-21-players.xlsx", "pairings_by_table", "diplomacy-boards.png", "900,800"),
    ("chits-and-cards-8-players.xlsx", "table_cards", "table-cards.png", "900,700"),
    ("swiss-top-8-24-players.xlsx", "bracket", "bracket.png", "1200,850"),
]


def main() -> None:
    browser = find_browser()
    if browser is None:
        raise SystemExit("Chromium is needed: apt-get install chromium")
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for sample, report, name, size in SHOTS:
            folder = Path(work) / Path(sample).stem
            if not folder.exists():
                api.report(ROOT / "sample_events" / sample, out=folder)
            page = (folder / f"{report}.html").as_uri()
            subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={work}/profile", "--hide-scrollbars",
                            f"--window-size={size}", f"--screenshot={out / name}", page], check=True,
                           capture_output=True, timeout=120)
            print(f"wrote {out / name}")
        kit_page(Path(work), out / "kit-first-page.png")
        hall_pages(Path(work), browser, out)
        simulation_page(Path(work), browser, out / "simulation.png")


def simulation_page(work: Path, browser: str, target: Path) -> None:
    """The `simulate --html` report of a 64-player Swiss, as a browser shows it."""
    from sheetrunner.reports.simulation import render_simulation
    from sheetrunner.simulation.simulate import Setup, simulate_event

    summary = simulate_event(Setup("swiss", 64, 6, runs=200, seed=1, draw_rate=0.05), workers=2)
    page = render_simulation(summary, work / "simulation.html", "swiss, 64 players: simulated")
    subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={work}/profile", "--hide-scrollbars",
                    "--window-size=900,1000", f"--screenshot={target}", page.as_uri()], check=True,
                   capture_output=True, timeout=120)
    print(f"wrote {target}")


def kit_page(work: Path, target: Path) -> None:
    """The first page of `report --pdf`'s kit.pdf as it prints, rasterised by Ghostscript."""
    ghostscript = shutil.which("gs")
    if ghostscript is None:
        raise SystemExit("Ghostscript is needed for the kit.pdf page: apt-get install ghostscript")
    shutil.copy(ROOT / "sample_events" / "swiss-tp-16-players.xlsx", work / "kit.xlsx")
    api.report(work / "kit.xlsx", out=work / "kit", pdf=True, paper="A4")
    subprocess.run([ghostscript, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r70",
                    "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={target}", str(work / "kit" / "kit.pdf")],
                   check=True, capture_output=True, timeout=120)
    print(f"wrote {target}")


def hall_pages(work: Path, browser: str, out: Path) -> None:
    """The hall's pages of the 16-player sample with a `Public URL` (so the QR codes show): the projector view on a
    1920 x 1080 screen, the phone page with a search typed, and the wall poster and the result slips as printed."""
    import openpyxl

    from sheetrunner.reports import print_pdfs

    shutil.copy(ROOT / "sample_events" / "swiss-tp-16-players.xlsx", work / "hall.xlsx")
    book = openpyxl.load_workbook(work / "hall.xlsx")
    book["Event"].append(["Public URL", "https://example.org/spring-open/find.html"])
    book.save(work / "hall.xlsx")
    folder = work / "hall"
    api.report(work / "hall.xlsx", out=folder, paper="A4")
    for page, name, size in (("projector.html", "projector.png", "1920,1080"),
                             ("find.html?q=an", "phone.png", "412,800")):
        subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={work}/profile", "--hide-scrollbars",
                        f"--window-size={size}", "--virtual-time-budget=2000", f"--screenshot={out / name}",
                        folder.as_uri() + "/" + page], check=True, capture_output=True, timeout=120)
        print(f"wrote {out / name}")
    print_pdfs([folder / "poster.html", folder / "result_slips.html"])
    for pdf, name, resolution in (("poster.pdf", "poster.png", 45), ("result_slips.pdf", "result-slips.png", 70)):
        subprocess.run([shutil.which("gs") or "gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m",
                        f"-r{resolution}", "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={out / name}",
                        str(folder / pdf)], check=True, capture_output=True, timeout=120)
        print(f"wrote {out / name}")


if __name__ == "__main__":
    main()
