"""Printable reports (SPEC §6): `context` turns an event and the standings it is given into plain data,
`render` makes self-contained HTML pages of it with Jinja2, `printing` prints them to PDF."""

from .context import ReportData, build_report_data, collation_key, standings_data
from .printing import combine, find_browser, print_pdfs
from .render import KIT, REPORTS, default_templates, render_reports, stale_reports

__all__ = ["ReportData", "build_report_data", "collation_key", "standings_data", "combine", "find_browser",
           "print_pdfs", "KIT", "REPORTS", "default_templates", "render_reports", "stale_reports"]
