"""What `sheetrunner league` shows of a season: its sheets in the season workbook, lines on the terminal, JSON,
and the printable season poster and players' events (templates `league_poster.html`, `league_players.html`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .season import MATCH_POINTS, Season, SeasonRow, short_of
from ..model.problems import EventError, Problem
from ..reports.swap import write_reports
from ..model.numbers import cell_number, shown_number
from ..workbook.xlsx.sheetxml import SheetTable

STANDINGS_SHEET, PLAYED_SHEET = "Season standings", "Season events"
PAGES = {"league_poster": "Season poster", "league_players": "Players' events"}
WALL_PAPER = {"a4": "A3", "letter": "ledger"}


def status(season: Season, row: SeasonRow) -> str:
    """"under the minimum: 1 of 2 events" (or "0 of 1 Regional events", a tier's minimum) for an unranked row."""
    return f"under the minimum: {short_of(row, season.rules)}" if row.rank is None else ""


def season_sheets(season: Season) -> list[SheetTable]:
    """`Season standings` (a row per player, a column per event: counted points as numbers, dropped ones in
    brackets) and `Season events` (a row per player per event, to filter)."""
    with_ids = any(row.league_id for row in season.rows)
    labels = [event.label for event in season.events]
    headers = ["Rank", "Player"] + ["League ID"] * with_ids + ["Points", "Events", "Counted"] + labels + ["Status"]
    rows = []
    for row in season.rows:
        by_event = {p.event: p for p in row.played}
        cells = [_event_cell(by_event.get(i)) for i in range(len(labels))]
        rows.append([row.rank_label if row.shared else row.rank, row.name] + [row.league_id or None] * with_ids
                    + [cell_number(row.points), len(row.played), row.counted] + cells + [status(season, row) or None])
    widths = [7, 28] + [12] * with_ids + [9, 8, 9] + [14] * len(labels) + [36]
    tiered = bool(season.rules.tiers)  # a Tier column when the league has tiers (issue 33)
    played = [[row.name, row.league_id or None, p.label, *[p.tier or None] * tiered, season.events[p.event].file,
               p.name, p.place_label, cell_number(p.points), "Yes" if p.counted else "No"]
              for row in season.rows for p in row.played]
    return [SheetTable(STANDINGS_SHEET, headers, rows, widths),
            SheetTable(PLAYED_SHEET, ["Player", "League ID", "Event"] + ["Tier"] * tiered
                       + ["File", "Name in the event", "Place", "Points", "Counted"], played,
                       [28, 12, 24] + [14] * tiered + [28, 28, 7, 8, 8], autofilter=True)]


def _event_cell(played) -> Any:
    """An event's points in the season table: a number when counted, "(5)" when dropped, blank when not played."""
    if played is None:
        return None
    return cell_number(played.points) if played.counted else f"({shown_number(played.points)})"


def season_lines(season: Season) -> list[str]:
    """The season table for the terminal."""
    rules = season.rules
    lines = [f"{rules.name}: {len(season.events)} event(s), {rules.summary}."]
    lines += [f"  {line}" for line in tier_lines(season)]
    width = max((len(row.name) for row in season.rows), default=6)
    for row in season.rows:
        counted = f", {row.counted} counted" if row.counted != len(row.played) else ""
        flag = f"  ({status(season, row)})" if row.rank is None else ""
        lines.append(f"{row.rank_label or '-':>4}  {row.name:<{width}}  {shown_number(row.points):>6}  "
                     f"{len(row.played)} event(s){counted}{flag}")
    return lines


def season_json(season: Season) -> dict[str, Any]:
    """The season for scripts: numbers as JSON numbers (whole ones as integers)."""
    rules = season.rules
    return {"league": rules.name, "scoring": rules.scoring, "best": rules.best, "minimum": rules.minimum,
            "tiers": tiers_json(season),
            "events": [{"event": e.label, "file": e.file, "players": len(e.entries), "tier": e.tier or None}
                       for e in season.events],
            "standings": [{"rank": row.rank, "tied": row.shared, "name": row.name, "league_id": row.league_id,
                           "points": cell_number(row.points), "events": len(row.played), "counted": row.counted,
                           "ranked": row.rank is not None,
                           "played": [{"event": p.label, "tier": p.tier or None, "name": p.name, "place": p.place,
                                       "tied": p.shared, "points": cell_number(p.points), "counted": p.counted}
                                      for p in row.played]}
                          for row in season.rows]}


def tiers_json(season: Season) -> list[dict[str, Any]]:
    """Each tier as it scores (its own settings, the League sheet's where it leaves one blank) and its events."""
    found = []
    for tier in season.rules.tiers:
        rules = season.rules.for_tier(tier.name)
        found.append({"tier": tier.name, "players_at_least": tier.players_from, "best": tier.best,
                      "minimum": tier.minimum, "points": [cell_number(p) for p in rules.place_points],
                      "participation": cell_number(rules.participation),
                      "match_points": [cell_number(p) for p in (rules.win, rules.draw, rules.loss)],
                      "events": [e.label for e in season.events if e.tier == tier.name]})
    return found


def tier_lines(season: Season) -> list[str]:
    """A line per tier for the poster and the terminal: its events, points and limits, as the TO typed them."""
    lines = []
    for tier in tiers_json(season):
        limits = [f"{tier['players_at_least']}+ players"] * bool(tier["players_at_least"]) \
            + [f"best {tier['best']} count"] * bool(tier["best"]) \
            + [f"at least {tier['minimum']} to be ranked"] * bool(tier["minimum"])
        points = " ".join(str(p) for p in tier["points"]) + f", then {tier['participation']}"
        lines.append(f"{tier['tier']}: {len(tier['events'])} event(s) · points {points}"
                     + "".join(f" · {limit}" for limit in limits))
    return lines


def page_data(season: Season) -> dict[str, Any]:
    """The season as the templates read it."""
    rules = season.rules
    unit = "MP" if rules.scoring == MATCH_POINTS else "Points"
    rows = [{"rank": row.rank_label, "name": row.name, "league_id": row.league_id, "points": shown_number(row.points),
             "events": len(row.played), "counted": row.counted, "status": status(season, row),
             "played": [{"event": p.label, "tier": p.tier, "name": p.name, "place": p.place_label,
                         "points": shown_number(p.points), "counted": p.counted} for p in row.played]}
            for row in season.rows]
    return {"name": rules.name, "summary": rules.summary, "unit": unit, "rows": rows,
            "events": [e.label for e in season.events], "best": rules.best, "tiers": tier_lines(season),
            "tiered": bool(rules.tiers)}


def render_season(season: Season, folder: Path, templates: Path | None = None, pdf: bool = False,
                  paper: str = "A4") -> list[Path]:
    """Write the season poster and the players' events into `folder` (and with `pdf` print them), put in place
    whole (`swap`): a kill or a full disk leaves the season's earlier pages or these, never a mix."""
    from ..reports.render import _render, environment

    env = environment(templates)
    name = season.rules.name
    event = {"name": name, "header": f"{name} · season standings · {len(season.events)} events", "date": "",
             "ruleset": season.rules.summary, "progress": f"after {len(season.events)} events", "stage": "Season"}
    context = {"season": page_data(season), "event": event, "paper": paper, "data": None, "round": 0,
               "wall_paper": WALL_PAPER.get(paper.lower(), "A3"), "pages": PAGES}
    pages = {f"{page}.html": _render(env, f"{page}.html", context, templates) for page in PAGES}
    try:
        written = write_reports(folder, pages, pdf, season=name, events=[e.file for e in season.events])
    except OSError as error:
        raise EventError(Problem(folder.name, "", f"The season's reports cannot be written in {folder}: "
                                 f"{error.strerror or error}.", "Check that folder, then run the command "
                                 "again.")) from None
    if written.unprinted is not None:
        raise written.unprinted
    return written.files
