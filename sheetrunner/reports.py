"""Printable HTML reports: the event as plain data, rendered by Jinja2 templates (SPEC §6).

The library prepares everything a template shows (names, points already
formatted, ranks as `=3`), so templates hold layout only. Templates ship in
the package; a TO's `--templates DIR` is searched first, and its templates can
extend the shipped ones as `default:standings.html`. Autoescape is on: a
player called `<script>` is printed as text.
"""

from __future__ import annotations

import importlib.resources
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from .model import Event, Round
from .problems import EventError, Problem
from .rulesets import Ruleset
from .standings import Standings
from .tiebreakers import Tiebreaker
from .tournament import standings_after

REPORTS = {
    "pairings_by_table": "Pairings by table",
    "pairings_by_name": "Pairings by name",
    "result_slips": "Result slips",
    "standings": "Standings",
    "poster": "Poster",
    "history": "Player history",
}
EXTRA_REPORTS = {"chits-and-cards": {"table_cards": "Table cards"}}
POSTER_ROWS = 16


def default_templates() -> Path:
    """The shipped templates: inside the installed package, or `templates/` of a source checkout."""
    try:
        base = Path(str(importlib.resources.files("sheetrunner.templates").joinpath("base.html")))
        if base.exists():
            return base.parent
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent / "templates"


def environment(user_templates: Path | None = None) -> jinja2.Environment:
    """Templates from `user_templates` first, then the shipped ones (also reachable as `default:NAME`)."""
    shipped = jinja2.FileSystemLoader(str(default_templates()))
    loaders: list[jinja2.BaseLoader] = [jinja2.FileSystemLoader(str(user_templates))] if user_templates else []
    loaders += [shipped, jinja2.PrefixLoader({"default": shipped}, delimiter=":")]
    return jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), autoescape=True, trim_blocks=True,
                              lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def shown(value: Any, tiebreaker: Tiebreaker | None = None) -> str:
    """A number as a report prints it: whole numbers plain, others to two places, percentages with %."""
    if value is None:
        return ""
    if tiebreaker is not None and tiebreaker.percent:
        return f"{float(value) * 100:.2f}%"
    number = float(value)
    return str(int(number)) if number == int(number) else f"{number:.2f}"


@dataclass
class ReportData:
    """Everything the templates show for one round of one event."""

    event: dict[str, Any]
    round: int
    tables: list[dict[str, Any]]
    byes: list[dict[str, Any]]
    by_name: list[dict[str, Any]]
    slips: list[dict[str, Any]]
    standings: dict[str, Any]
    history: list[dict[str, Any]]
    reports: dict[str, str] = field(default_factory=dict)


def build_report_data(event: Event, ruleset: Ruleset, round_number: int,
                      paired_on: Standings | None = None) -> ReportData:
    """Plain data for every report of `round_number`: its pairings, and the standings when it was paired.

    `paired_on`, when the caller has it, saves computing the standings the round was paired on.
    """
    round_ = next((r for r in event.rounds if r.number == round_number), None)
    if round_ is None:
        raise EventError(Problem(f"Round {round_number}", "", f"There is no Round {round_number} sheet to report on.",
                                 "Pair the round first, or name a round that exists with --round."))
    before = event.with_rounds(tuple(r for r in event.rounds if r.number < round_number))
    points = paired_on or standings_after(before, ruleset)
    complete = all(r.is_complete for r in event.rounds if r.number <= round_number)
    latest = standings_after(event, ruleset) if complete else points
    names = event.players_by_id
    lead = points.tiebreakers[0] if points.tiebreakers else None
    current = {row.player.id: (f"{lead.label} {shown(row.values[lead.key], lead)}" if lead and points.after_round
                               else "") for row in points.rows}
    tables = [_table(table, names, current, ruleset) for table in round_.games]
    byes = [{"name": names[pid].name, "id": pid, "points": current.get(pid, ""), "note": _note(round_, pid)}
            for pid in round_.byes]
    reports = dict(REPORTS, **EXTRA_REPORTS.get(ruleset.name, {}))
    return ReportData(
        event={"name": event.settings.name or "Tournament", "date": event.settings.date, "ruleset": ruleset.title,
               "table": ruleset.table_header, "seat": ruleset.seat_column.header, "rounds": event.settings.rounds,
               "bye": ruleset.bye_label, "byes": "sit-out(s)" if ruleset.bye_label != "BYE" else "bye(s)"},
        round=round_number, tables=tables, byes=byes, by_name=_by_name(tables, byes, ruleset.bye_label),
        slips=_slips(tables, ruleset),
        standings=standings_data(latest), history=_history(event, ruleset), reports=reports,
    )


def _note(round_: Round, player_id: int) -> str:
    table = round_.table_of(player_id)
    return next((seat.note for seat in table.seats if seat.player_id == player_id), "") if table else ""


def _table(table, names, current, ruleset: Ruleset) -> dict[str, Any]:
    seats = [{"seat": seat.seat, "name": names[seat.player_id].name, "id": seat.player_id,
              "team": names[seat.player_id].team, "points": current.get(seat.player_id, ""), "note": seat.note}
             for seat in table.seats]
    return {"number": table.number, "seats": seats}


def _by_name(tables: list[dict], byes: list[dict], bye_label: str) -> list[dict[str, Any]]:
    """Every player with their table and opponents, alphabetically: what players crowd around."""
    rows = []
    for table in tables:
        for seat in table["seats"]:
            opponents = [other["name"] for other in table["seats"] if other["id"] != seat["id"]]
            rows.append({"name": seat["name"], "table": table["number"], "seat": seat["seat"], "bye": False,
                         "opponents": opponents})
    rows += [{"name": bye["name"], "table": bye_label, "seat": "", "opponents": [], "bye": True} for bye in byes]
    return sorted(rows, key=lambda row: (row["name"].casefold(), row["name"]))


def _slips(tables: list[dict], ruleset: Ruleset) -> list[dict[str, Any]]:
    columns = [column.header for column in ruleset.result_columns]
    return [{"number": table["number"], "seats": table["seats"], "columns": columns} for table in tables]


def standings_data(standings: Standings) -> dict[str, Any]:
    """Standings as rows of formatted cells, grouped (per pod) when the ruleset ranks inside groups."""
    columns = [{"label": tb.label, "meaning": tb.meaning, "key": tb.key} for tb in standings.columns]
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in standings.rows:
        groups.setdefault(row.group, []).append({
            "rank": row.rank_label, "overall": row.overall_rank or "", "name": row.player.name, "id": row.player.id,
            "team": row.player.team, "dropped": row.dropped,
            "cells": [shown(row.values[tb.key], tb) for tb in standings.columns]})
    return {"after": standings.after_round, "columns": columns, "group_label": standings.group_label,
            "groups": [{"name": name, "rows": rows} for name, rows in groups.items()],
            "tiebreakers": [tb.label for tb in standings.tiebreakers]}


def _history(event: Event, ruleset: Ruleset) -> list[dict[str, Any]]:
    """Each player's rounds: table, seat, opponents and the results typed, for settling disputes."""
    names = event.players_by_id
    entries: dict[int, list[dict[str, Any]]] = {p.id: [] for p in event.players}
    for round_ in event.rounds:
        for table in round_.tables:
            for seat in table.seats:
                typed = ", ".join(f"{c.header} {_result_text(seat.result.get(c.key))}" for c in ruleset.result_columns
                                  if seat.result.get(c.key) not in (None, False))
                entries[seat.player_id].append({
                    "round": round_.number, "table": ruleset.bye_label if table.is_bye else table.number,
                    "seat": seat.seat if not table.is_bye else "",
                    "opponents": [names[p].name for p in table.player_ids if p != seat.player_id],
                    "result": typed or (ruleset.bye_label.lower() if table.is_bye else "not entered")})
    return [{"name": p.name, "id": p.id, "team": p.team, "rounds": entries[p.id]}
            for p in sorted(event.players, key=lambda p: (p.name.casefold(), p.name))]


def _result_text(value: Any) -> str:
    return "Y" if value is True else str(value)


def table_cards(event: Event, ruleset: Ruleset, data: ReportData) -> list[dict[str, Any]]:
    """Chits and cards: each player's chits and card at their table, for a TO running it on paper."""
    from .rulesets.chits_and_cards import current_cards

    before = event.with_rounds(tuple(r for r in event.rounds if r.number < data.round))
    cards = current_cards(before)
    chits = {row.player.id: row.values.get("chits") for row in standings_after(before, ruleset).rows}
    return [{"number": table["number"],
             "seats": [{"name": s["name"], "card": cards.get(s["id"]), "chits": shown(chits.get(s["id"]))}
                       for s in table["seats"]]} for table in data.tables]


def render_reports(event: Event, ruleset: Ruleset, round_number: int, folder: Path,
                   user_templates: Path | None = None, paper: str = "",
                   paired_on: Standings | None = None) -> list[Path]:
    """Write every report of the round into `folder`, with an index page; returns the files written.

    `paper` ("A4", "Letter") fixes the page size; blank leaves it to the printer.
    """
    data = build_report_data(event, ruleset, round_number, paired_on)
    env = environment(user_templates)
    folder.mkdir(parents=True, exist_ok=True)
    context = {"data": data, "event": data.event, "round": data.round, "paper": paper, "poster_rows": POSTER_ROWS}
    extra = {"table_cards": table_cards(event, ruleset, data)} if "table_cards" in data.reports else {}
    written = []
    for name in ["index", *data.reports]:
        try:
            html = env.get_template(f"{name}.html").render(**context, **extra, report=name)
        except (jinja2.TemplateError, TypeError, ValueError, AttributeError) as error:
            if user_templates is None:
                raise  # the shipped templates are ours: a failure there is a bug to see whole
            raise EventError(Problem("", "", f"The template {name}.html cannot be rendered: {error}.",
                                     f"Fix or remove your template override in {user_templates}.")) from None
        path = folder / f"{name}.html"
        path.write_text(html, encoding="utf-8")
        written.append(path)
    return written


def find_browser() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-pdf-header-footer"]


def print_pdfs(pages: list[Path], browser: str | None = None) -> list[Path]:
    """Print each HTML page to PDF beside it with a headless Chromium."""
    browser = browser or find_browser()
    if browser is None:
        raise EventError(Problem("", "", "No headless browser was found to print PDFs.",
                                 "Install Chromium (e.g. `apt-get install chromium`), or print the HTML reports "
                                 "from any browser."))
    pdfs = []
    with tempfile.TemporaryDirectory() as profile:
        for page in pages:
            pdf = page.with_suffix(".pdf")
            subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={profile}", f"--print-to-pdf={pdf}",
                            page.resolve().as_uri()], check=True, capture_output=True, timeout=120)
            pdfs.append(pdf)
    return pdfs
