"""What a folder of reports was made from: `render` writes the stamp, `check` reads it to say when printed
reports are older than the workbook. Kept apart from rendering so `check` does not load Jinja2."""

from __future__ import annotations

import json
from pathlib import Path

STAMP = ".sheetrunner-report.json"
STAMP_VERSION = "s2-"  # the seats are in the stamp; a stamp without this mark was made from less, and says nothing


def stale_reports(folder: Path, stamp: str) -> bool:
    """Reports in `folder` were made from something other than `stamp` (the workbook changed since). A stamp of
    another version (an older sheetrunner's) cannot tell, so it never raises a false alarm."""
    try:
        made = json.loads((folder / STAMP).read_text(encoding="utf-8")).get("made_from")
    except (OSError, ValueError, AttributeError):
        return False
    return isinstance(made, str) and made.startswith(STAMP_VERSION) and made != stamp
