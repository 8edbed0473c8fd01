"""What a folder of reports was made from: `render` writes the stamp, `check` reads it to say when printed
reports are older than the workbook. Kept apart from rendering so `check` does not load Jinja2."""

from __future__ import annotations

import json
from pathlib import Path

STAMP = ".sheetrunner-report.json"


def stale_reports(folder: Path, stamp: str) -> bool:
    """Reports in `folder` were made from something other than `stamp` (the workbook changed since)."""
    try:
        made = json.loads((folder / STAMP).read_text(encoding="utf-8")).get("made_from")
    except (OSError, ValueError, AttributeError):
        return False
    return made != stamp
