"""What the reports show, as plain data: the library prepares every name, number and label, so the
templates hold layout only.

Reports take the standings they are given (the ones the round was paired on, and the ones after it when
its results are in); they compute nothing of the tournament themselves. Lists of names sort by the
Unicode collation algorithm (pyuca), so Çağla files with C, Łukasz with L and Ólafur with O, as people
expect, not after Zoë.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..model.event import Event, Round, SeatScore
from ..model.names import by_last_name, listed_name, sorted_players
from ..scoring.penalties import describe
from ..rulesets import Ruleset
from ..scoring.standings import Standings
from ..scoring.shown import shown, shown_columns_of, standings_data

POSTER_ROWS = 16
T = TypeVar("T")


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
    outstanding: list[dict[str, Any]]
    reports: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # what a ruleset's own reports show


def build_report_data(event: Event, ruleset: Ruleset, round_: Round, paired_on: Standings, latest: Standings,
                      scores: list[SeatScore], reports: dict[str, str]) -> ReportData:
    """Plain data for every report of a round (or a stage of the cut), from the standings it was paired on and
    the latest ones."""
    names = event.players_by_id
    shown_columns = list(event.players[0].extra.get("shown", {})) if event.players else []
    extra = dict(ruleset.reports.report_extras(event, paired_on, round_))
    title, detail = extra.pop("ruleset_title", ruleset.game.title), _taken(extra, "standings_detail", dict, {})
    current = _points(paired_on, _taken(extra, "points_columns", tuple, ()))
    groups = ruleset.reports.group_of(event)
    tables = [{**_table(table, names, current, shown_columns, ruleset.layout.two_player),
               "group": groups.get(table.player_ids[0], "")} for table in round_.games]
    byes = [{"name": names[pid].name, "id": pid, "points": current.get(pid, ""), "note": _note(round_, pid),
             "columns": shown_columns_of(names[pid], shown_columns)} for pid in round_.byes]
    return ReportData(
        event={**_event(event, ruleset, round_, shown_columns), "ruleset": title},
        round=round_.number, tables=tables, byes=byes, by_name=_by_name(tables, byes, ruleset.layout.bye_label, event),
        slips=[{"number": t["number"], "group": t["group"], "seats": t["seats"],
                "columns": [c.header for c in ruleset.layout.result_columns]} for t in tables],
        standings=_with_detail(standings_data(latest, event, shown_columns), detail),
        history=_history(event, ruleset, scores),
        outstanding=[t for t, game in zip(tables, round_.games) if not all(s.has_result for s in game.seats)],
        reports=reports, extra=extra,
    )


def printouts(titles: dict[str, str], kit: tuple[str, ...], printed: bool, command: str) -> dict[str, Any]:
    """What the round's index says of its PDFs: each report's PDF and kit.pdf (the pages to print at once) linked
    when they are printed with this set (`report --pdf`, or kept from an earlier run on the same pairings), else
    the command that prints them. The pages for screens are never printed (`printing.SCREEN_PAGES`)."""
    from .printing import SCREEN_PAGES

    pdfs = [{"file": f"{name}.pdf", "title": title} for name, title in titles.items() if name not in SCREEN_PAGES]
    return {"printed": printed, "pdfs": pdfs, "kit": [titles[name] for name in kit if name in titles],
            "command": command}


def _event(event: Event, ruleset: Ruleset, round_: Round, shown_columns: list[str]) -> dict[str, Any]:
    """The event and where it stands: "Round 3" of 5, or a stage of the cut ("Top 8")."""
    name = event.settings.name or "Tournament"
    is_round = round_.number <= event.settings.rounds
    stage = f"Round {round_.number}" if is_round else round_.sheet
    progress = f"{stage} of {event.settings.rounds}" if is_round else stage
    parts = [name, progress] + ([event.settings.date] if event.settings.date else [])
    return {"name": name, "date": event.settings.date, "ruleset": ruleset.game.title, "table": ruleset.layout.table_header,
            "seat": ruleset.layout.seat_column.header, "rounds": event.settings.rounds, "bye": ruleset.layout.bye_label,
            "byes": "sit-out(s)" if ruleset.layout.bye_label != "BYE" else "bye(s)", "header": " · ".join(parts),
            "stage": stage, "progress": progress,
            "two_player": ruleset.layout.two_player, "columns": shown_columns,
            "grouped": bool(ruleset.reports.group_of(event)), **_hall(event)}


def _hall(event: Event) -> dict[str, Any]:
    """The hall's settings: the projector's round clock, and the address of the players' phone page that
    printouts carry as a QR code."""
    settings = event.settings
    return {"round_minutes": settings.option("round_minutes"), "public_url": settings.option("public_url")}


def _taken(extra: dict[str, object], key: str, kind: type[T], default: T) -> T:
    """A report extra the reports read themselves (no template does), taken out of `extra`: `default` when the
    ruleset gives none; a value of another kind is a bug in the ruleset."""
    value = extra.pop(key, None)
    if value is None:
        return default
    if not isinstance(value, kind):
        raise TypeError(f"the report extra {key!r} is a {type(value).__name__}, not a {kind.__name__}")
    return value


def _points(standings: Standings, keys: tuple[str, ...] = ()) -> dict[int, str]:
    """Each player's score as it stood when the round was paired ("TP 6"), blank before round 1's results: the
    lead tiebreaker, or the standings columns the ruleset names (`points_columns` in its report extras: Allegiance
    shows wins and VI, "Wins 1 · VI 41")."""
    chosen = [tb for key in keys for tb in standings.columns if tb.key == key]
    chosen = chosen or [tb for tb in standings.tiebreakers if tb.shown][:1]
    if not chosen or not standings.after_round:
        return {}
    return {row.player.id: " · ".join(f"{tb.label} {shown(row.values[tb.key], tb)}" for tb in chosen)
            for row in standings.rows}



def _note(round_: Round, player_id: int) -> str:
    table = round_.table_of(player_id)
    return next((seat.note for seat in table.seats if seat.player_id == player_id), "") if table else ""


def _table(table, names, current, shown_columns, two_player: bool) -> dict[str, Any]:
    """A table as the wall shows it. Notes about a pair of its players are said once for the table, not under both
    names (a match's shared `notes`, a board's `footnotes`); a seat keeps only what is its own (a power played
    again, why a player sits out)."""
    seats = [{"seat": seat.seat, "name": names[seat.player_id].name, "id": seat.player_id,
              "team": names[seat.player_id].team, "points": current.get(seat.player_id, ""), "note": seat.note,
              "columns": shown_columns_of(names[seat.player_id], shown_columns)} for seat in table.seats]
    notes = _match_notes(seats) if two_player else []
    footnotes = [] if two_player else _board_notes(seats)
    return {"number": table.number, "seats": seats, "notes": notes, "footnotes": footnotes}


# The engines' notes on both players of a pair, as `pair` writes them into the round sheet's Note column (pairing/
# pods.py and swiss.py `describe`). The wall shows each once per table; the Note column keeps them all.
_REPEAT = re.compile(r"Meets (?P<other>.+?) (?:again|for the (?P<nth>\w+) time) \(last met in round (?P<round>\d+)\): "
                     r"(?P<why>no arrangement avoids it|the search found no arrangement that avoids it)\.(?:\s+|$)")
_SAME_TEAM = re.compile(r"Same team \((?P<team>.+?)\) as (?P<other>.+?): (?P<why>no arrangement keeps them apart|the "
                        r"search found no arrangement that keeps them apart)\.(?:\s+|$)")
_FLOAT = re.compile(r"Paired across score groups \([^()]*\)\.(?:\s+|$)")


def _board_notes(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A board's repeat meetings and same-team seats as footnotes, each pair once ("Repeat meetings: Ann–Ben (round
    1), …; no arrangement avoids them."), in parts (`lead`, `pairs`, `end`) so a page keeps a pair on one line;
    taken out of the seats' notes."""
    names = {seat["name"] for seat in seats}
    repeats: dict[frozenset, tuple[str, str, str]] = {}
    teams: dict[frozenset, tuple[str, str]] = {}
    proven = {"repeat": True, "team": True}

    def take(seat: dict[str, Any], pattern: re.Pattern, found: dict, kind: str, label) -> None:
        def one(match: re.Match) -> str:
            if match["other"] not in names:
                return match[0]
            found.setdefault(frozenset((seat["name"], match["other"])), (seat["name"], match["other"], label(match)))
            proven[kind] &= match["why"].startswith("no arrangement")
            return ""
        seat["note"] = pattern.sub(one, seat["note"] or "").strip()

    for seat in seats:
        take(seat, _REPEAT, repeats, "repeat", lambda m: f"round {m['round']}" if not m["nth"] else
             f"{m['nth']} meeting, last in round {m['round']}")
        take(seat, _SAME_TEAM, teams, "team", lambda m: m["team"])
    notes = []
    if repeats:
        it = "them" if len(repeats) > 1 else "it"
        why = f"no arrangement avoids {it}" if proven["repeat"] else f"the search found no arrangement that avoids {it}"
        notes.append(_footnote(f"Repeat meeting{'s' if len(repeats) > 1 else ''}", repeats.values(), why))
    if teams:
        why = "no arrangement keeps them apart" if proven["team"] else \
            "the search found no arrangement that keeps them apart"
        notes.append(_footnote("Same team", teams.values(), why))
    return notes


def _footnote(lead: str, pairs, why: str) -> dict[str, Any]:
    shown_pairs = [f"{first}–{second} ({detail})" for first, second, detail in pairs]
    return {"lead": f"{lead}: ", "pairs": shown_pairs, "end": f"; {why}.",
            "text": f"{lead}: {', '.join(shown_pairs)}; {why}."}


def _match_notes(seats: list[dict[str, Any]]) -> list[str]:
    """A two-player table's notes: a float across score groups is routine in a Swiss and left to the round sheet
    and the TO's summary (the points beside the names show it); what both players share (a rematch, teammates
    paired) is said once for the table."""
    for seat in seats:
        seat["note"] = _FLOAT.sub("", seat["note"] or "").strip()
    shared = {seat["note"] for seat in seats}
    if len(shared) == 1 and len(seats) > 1:
        for seat in seats:
            seat["note"] = ""
        return [note for note in shared if note]
    return []


def _by_name(tables: list[dict], byes: list[dict], bye_label: str, event: Event) -> list[dict[str, Any]]:
    """Every player with their table and opponents, in collation order: what players crowd around. By first name
    (the name as typed) or by last name, shown "Lee, Ann" (`listed`), as the Event's `Names sorted by` says."""
    rows = [{"name": seat["name"], "id": seat["id"], "table": table["number"], "seat": seat["seat"], "bye": False,
             "opponents": [other["name"] for other in table["seats"] if other["id"] != seat["id"]]}
            for table in tables for seat in table["seats"]]
    rows += [{"name": bye["name"], "id": bye["id"], "table": bye_label, "seat": "", "opponents": [], "bye": True}
             for bye in byes]
    players, last_first = event.players_by_id, by_last_name(event.settings)
    for row in rows:
        row["listed"] = listed_name(players[row["id"]], last_first)
    return sorted_players(rows, lambda row: players[row["id"]], last_first)


def _with_detail(standings: dict[str, Any], detail: dict[str, Any] | None) -> dict[str, Any]:
    """The standings with the ruleset's own columns beside the ranking (`standings_detail` in its report extras:
    {"columns": [{"label", "meaning"}], "rows": {player id: [cells]}}), e.g. Diplomacy's boards played, sit-outs
    and attendance factor, which explain a score. They rank nothing: the order stays the standings'."""
    columns = detail["columns"] if detail else []
    for group in standings["groups"]:
        for row in group["rows"]:
            row["detail"] = detail["rows"].get(row["id"], [""] * len(columns)) if detail else []
    return {**standings, "detail_columns": columns}


def _history(event: Event, ruleset: Ruleset, scores: list[SeatScore]) -> list[dict[str, Any]]:
    """Each player's rounds: table, seat, opponents, every result typed (zeros too), the points it scored, and the
    rounds they missed: the report for settling disputes. Built in one pass over the seats (20,000 of them at
    4,096 players after five rounds)."""
    names = event.players_by_id
    points = {(row.round, row.player_id): row.values.get(ruleset.game.points_value) for row in scores}
    entries: dict[int, list[dict[str, Any]]] = {p.id: [] for p in event.players}
    columns = [(column.key, f"{column.header} ") for column in ruleset.layout.result_columns]
    bye_label, bye_result = ruleset.layout.bye_label, ruleset.layout.bye_label.lower()
    for round_ in event.rounds:
        number = round_.number
        for table in round_.tables:
            seated = [(seat, names[seat.player_id].name) for seat in table.seats]
            for seat, _ in seated:
                typed = ", ".join(header + _typed(value) for key, header in columns
                                  if (value := seat.result.get(key)) is not None)
                entries[seat.player_id].append({
                    "round": number, "table": bye_label if table.is_bye else table.number,
                    "seat": "" if table.is_bye else seat.seat,
                    "opponents": [name for other, name in seated if other is not seat],
                    "result": typed or (bye_result if table.is_bye else "not entered yet"),
                    "points": shown(points.get((number, seat.player_id)))})
        for pid in event.missed(round_):
            entries[pid].append({"round": number, "table": "—", "seat": "", "opponents": [],
                                 "result": ruleset.layout.missed_text, "points": shown(points.get((number, pid)))})
    for penalty in event.penalties:  # after the round's own row (issue 21)
        entries[penalty.player_id].append({"round": penalty.round, "table": "—", "seat": "", "opponents": [],
                                           "result": describe(penalty), "points": ""})
    last_first = by_last_name(event.settings)
    return [{"name": p.name, "listed": listed_name(p, last_first), "id": p.id, "team": p.team,
             "rounds": sorted(entries[p.id], key=lambda e: e["round"])}
            for p in sorted_players(event.players, lambda p: p, last_first)]


def _typed(value: Any) -> str:
    if value is True:
        return "Y"
    return shown(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
