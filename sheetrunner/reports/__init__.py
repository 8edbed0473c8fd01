"""Printable reports (SPEC §6): `context` turns an event and the standings it is given into plain data,
`render` makes self-contained HTML pages of it with Jinja2, `printing` prints them to PDF, `stamp` records
what they were made from, `simulation` renders the simulation report.

Names are imported on first use (PEP 562), so a command that only checks a stamp loads no Jinja2.
"""

from importlib import import_module

_HOMES = {"ReportData": "context", "build_report_data": "context",
          "standings_data": "context", "combine": "pdf_files", "find_browser": "printing", "print_pdfs": "printing",
          "REPORTS": "render", "default_templates": "render", "render_pages": "render",
          "stale_reports": "stamp", "STAMP": "stamp"}

__all__ = list(_HOMES)


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_HOMES[name]}", __name__), name)
