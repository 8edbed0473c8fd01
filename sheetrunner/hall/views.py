"""What the hall's pages and `GET /api/round` show, as plain JSON-ready data, made from the event as last read.

The same data the printed reports are made from (`reports.build_report_data`, with the standings the round was
paired on and the latest), so a phone, the projector and the paper on the wall never disagree. Names are data
here; the pages put them in with `textContent` (and Jinja escapes the few it renders), so a name is never markup.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..model.event import Event, Round
from ..reports.context import build_report_data
from ..rulesets import Ruleset
from ..rules.tournament import compute_scores, scored_rounds, standings_after
from .journal import ACTIVE, CONFLICT, UNCONFIRMED, WAITING, Report
from .results import rules_of


def current_round(event: Event) -> Round | None:
    """The round being played: the last round sheet, or the stage of the cut after them."""
    played = event.rounds + event.playoff
    return played[-1] if played else None


def report_data(event: Event, ruleset: Ruleset, round_: Round):
    """The printed reports' data of a round (as `round_reports.render_round` prepares it)."""
    before = event.with_rounds(tuple(r for r in event.rounds if r.number < round_.number))
    paired_on = standings_after(before, ruleset)
    upto = event.with_rounds(tuple(r for r in event.rounds if r.number <= round_.number))
    complete = all(r.is_complete for r in upto.rounds)
    latest = standings_after(upto, ruleset) if complete else paired_on
    scores = compute_scores(upto.with_rounds(scored_rounds(upto)), ruleset)
    return build_report_data(event, rules_of(event, ruleset, round_), round_, paired_on, latest, scores, {})


def round_view(event: Event, ruleset: Ruleset, mode: str, reports: list[Report], data=None) -> dict[str, Any]:
    """`GET /api/round`: the event, the current round with its pairings and each table's state, the tables still
    outstanding, every player as the phone page finds them, and the standings. `data`: the round's report data
    when already made for this event (it changes only when the workbook does; the journal's states more often)."""
    round_ = current_round(event)
    about = {"name": event.settings.name or "Tournament", "date": event.settings.date,
             "rounds": event.settings.rounds, "table": ruleset.layout.table_header, "seat": ruleset.layout.seat_column.header,
             "results_reported_by": mode}
    if round_ is None:
        players: list[dict[str, Any]] = [{"id": p.id, "name": p.name, "table": None, "where": "", "seat": None, "against": [],
                    "standing": "", "results": []} for p in event.players]
        return {"event": about, "round": None, "outstanding": [], "players": players,
                "standings": {"after": 0, "columns": [], "rows": []}}
    data = data or report_data(event, ruleset, round_)
    rules = rules_of(event, ruleset, round_)
    states = table_states(reports, round_.number)
    tables = [_table(game, event, rules, states) for game in round_.games]
    return {"event": {**about, "table": rules.layout.table_header, "progress": data.event["progress"]},
            "round": {"number": round_.number, "title": round_.sheet,
                      "columns": [c.header for c in rules.layout.result_columns], "tables": tables,
                      "byes": [event.player(pid).name for pid in round_.byes], "bye": rules.layout.bye_label},
            "outstanding": [t["table"] for t in tables if t["state"] != "done"],
            "players": _players(data, rules.layout.table_header), "standings": _standings(data.standings)}


def table_states(reports: list[Report], round_number: int) -> dict[str, str]:
    """Each table's state in the journal: conflict over waiting over unconfirmed (written tables are the sheet's)."""
    order = {CONFLICT: 3, WAITING: 2, UNCONFIRMED: 1}
    states: dict[str, str] = {}
    for report in reports:
        if report.round == round_number and report.status in order:
            if order[report.status] > order.get(states.get(report.table, ""), 0):
                states[report.table] = report.status
    return states


def _table(game, event: Event, rules, states: dict[str, str]) -> dict[str, Any]:
    columns = rules.layout.result_columns
    seats = [{"seat": seat.seat, "id": seat.player_id, "name": event.player(seat.player_id).name,
              "result": {c.header: _plain(seat.result.get(c.key)) for c in columns} if seat.has_result else None}
             for seat in game.seats]
    done = all(seat.has_result for seat in game.seats)
    state = states.get(str(game.number)) or ("done" if done else "open")
    return {"table": str(game.number), "seats": seats, "state": "conflict" if state == CONFLICT else state}


def _plain(value: Any) -> Any:
    if value is None or type(value) in (int, str, bool):
        return value
    return getattr(value, "typed", None) or str(value)


def _players(data, noun: str) -> list[dict[str, Any]]:
    """Every player with their table, seat, opponents, standing and results so far (the phone page's search)."""
    standing = _standing_lines(data.standings)
    history = {entry["id"]: entry["rounds"] for entry in data.history}
    found, seen = [], set()
    for row in data.by_name:
        seen.add(row["id"])
        found.append({"id": row["id"], "name": row["name"], "table": None if row["bye"] else str(row["table"]),
                      "where": row["table"] if row["bye"] else f"{noun} {row['table']}",
                      "seat": None if row["bye"] else row["seat"], "against": row["opponents"],
                      "standing": standing.get(row["id"], ""), "results": _results(history.get(row["id"], []))})
    for entry in data.history:
        if entry["id"] not in seen:
            found.append({"id": entry["id"], "name": entry["name"], "table": None, "where": "", "seat": None,
                          "against": [], "standing": standing.get(entry["id"], ""),
                          "results": _results(entry["rounds"])})
    return found


def _results(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"round": r["round"], "table": str(r["table"]), "against": r["opponents"], "result": r["result"],
             "points": r["points"]} for r in rounds]


def _standing_lines(standings: dict[str, Any]) -> dict[int, str]:
    if not standings["after"]:
        return {}
    label = standings["columns"][0]["label"] if standings["columns"] else ""
    lines = {}
    for group in standings["groups"]:
        prefix = f"{standings['group_label']} {group['name']}: " if standings["group_label"] else ""
        for row in group["rows"]:
            score = f" · {label} {row['cells'][0]}" if label else ""
            lines[row["id"]] = f"{prefix}Rank {row['rank']}{score} after round {standings['after']}"
    return lines


def _standings(standings: dict[str, Any]) -> dict[str, Any]:
    rows = [{"rank": row["rank"], "name": row["name"], "group": group["name"], "cells": row["cells"],
             "dropped": bool(row["dropped"])} for group in standings["groups"] for row in group["rows"]]
    return {"after": standings["after"], "columns": [c["label"] for c in standings["columns"]], "rows": rows}


def desk_view(round_view_data: dict[str, Any], reports: list[Report], drops: list, waiting_problem: str,
              read_problem: str) -> dict[str, Any]:
    """The desk: outstanding tables, conflicts with every report and what the sheet holds, results waiting to be
    written (and why), drops asked, and the latest reports with who sent them and when."""
    round_ = round_view_data["round"]
    by_table = {t["table"]: t for t in (round_["tables"] if round_ else [])}
    grouped: dict[tuple[int, str], list[Report]] = defaultdict(list)
    for report in reports:
        if report.status == CONFLICT:
            grouped[(report.round, report.table)].append(report)
    conflicts = [{"round": number, "table": table, "reports": [r.as_json() for r in found],
                  "sheet": [s["result"] for s in by_table[table]["seats"]] if table in by_table and round_ and
                  round_["number"] == number else None}
                 for (number, table), found in grouped.items()]
    active = [r for r in reports if r.status in ACTIVE]
    return {"round": round_ and {"number": round_["number"], "title": round_["title"]},
            "outstanding": [by_table[label] for label in round_view_data["outstanding"]],
            "conflicts": conflicts, "waiting": sum(r.status == WAITING for r in reports),
            "unconfirmed": [r.as_json() for r in reports if r.status == UNCONFIRMED],
            "why_waiting": waiting_problem, "workbook_problem": read_problem,
            "drops": [{"id": d.id, "round": d.round, "player": d.player_id, "name": d.name, "who": d.who,
                       "received": d.received} for d in drops],
            "latest": [r.as_json() for r in active[-30:][::-1]]}
