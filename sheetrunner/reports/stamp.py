"""What a folder of reports was made from: `render` writes the stamp, `check` reads it to say when printed
reports (pages, PDFs, kit.pdf) are older than the workbook. Kept apart from rendering so `check` does not load
Jinja2. The stamp also lists the files sheetrunner wrote in the folder, so the next set replaces exactly those
(`swap`) and keeps any other file put there."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable

STAMP = ".sheetrunner-report.json"
STAMP_VERSION = "s2-"  # the seats are in the stamp; a stamp without this mark was made from less, and says nothing
KIT = "kit.pdf"
PRINTED = (".html", ".pdf")


def write_stamp(folder: Path, files: Iterable[str], **made_from: Any) -> None:
    """The stamp of a set about to be put in place: what it was made from and the files it holds."""
    record = {**made_from, "files": sorted(files)}
    (folder / STAMP).write_text(json.dumps(record), encoding="utf-8")


def _read(folder: Path) -> dict | None:
    try:
        record = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def made_from(folder: Path) -> Any:
    """What the set in `folder` was made from, as its stamp says (None without one)."""
    return (_read(folder) or {}).get("made_from")


def stale_reports(folder: Path, stamp: str) -> bool:
    """Reports in `folder` were made from something other than `stamp` (the workbook changed since). A stamp of
    another version (an older sheetrunner's) cannot tell, so it never raises a false alarm."""
    made = (_read(folder) or {}).get("made_from")
    return isinstance(made, str) and made.startswith(STAMP_VERSION) and made != stamp


def stale_printouts(folder: Path, stamp: str) -> list[str]:
    """The pages and PDFs in `folder` not made from `stamp`: the whole set when the stamp differs; with a stamp
    that lists no files (written by sheetrunner before sets were swapped in whole), the PDFs printed before it,
    which a set rendered again without --pdf left beside the new pages."""
    record = _read(folder)
    if record is None:
        return []
    listed = record.get("files")
    present = set(_names(folder))
    printed = sorted(name for name in (present & set(listed) if isinstance(listed, list) else present)
                     if name.endswith(PRINTED))  # each a name found in the folder (`_names`), so text
    if stale_reports(folder, stamp):
        return printed
    if isinstance(listed, list):
        return []
    written = _modified(folder / STAMP)
    return [name for name in printed if name.endswith(".pdf") and _modified(folder / name) < written]


def _modified(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def sheetrunner_files(folder: Path, names: Iterable[str]) -> tuple[set[str], bool]:
    """The files in `folder` sheetrunner wrote, and whether it holds a stamp: those the stamp lists, and (for a
    set written before stamps listed them) the pages of the new set `names`, their PDFs and kit.pdf."""
    record = _read(folder)
    listed = record.get("files") if record else None
    ours = {STAMP, KIT, *(str(n) for n in listed if isinstance(n, str))} if isinstance(listed, list) else {STAMP, KIT}
    for name in names:
        ours |= {name, f"{os.path.splitext(name)[0]}.pdf"}
    return ours, record is not None


def _names(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []
