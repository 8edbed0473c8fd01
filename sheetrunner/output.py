"""What the command line shows of a result: text for people, JSON for scripts, a table for exports.

Numbers in JSON and exports are numbers: whole values as integers, others rounded to 6 decimals
(sheetrunner computes with exact fractions and rounds only for display).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .sheets import cell_number
from .standings import Standings


def json_number(value) -> int | float:
    return cell_number(value, 6)


def standings_rows(table: Standings, placings: list = ()) -> list[dict[str, Any]]:
    """The scripting interface: rows in rank order, one key per tiebreaker, numbers as numbers.

    Rulesets that rank inside groups add the group (e.g. "pod") and "overall_rank". Once a top cut is decided,
    rows come in final place order with "place" and "reached" first.
    """
    rows = _rows(table)
    if not placings:
        return rows
    by_id = {row["id"]: row for row in rows}
    return [{"place": p.place, "reached": p.reached, **by_id[p.player_id]} for p in placings]


def _rows(table: Standings) -> list[dict[str, Any]]:
    group = table.group_label.lower()
    return [{"rank": row.rank, "tied": row.shared, "id": row.player.id, "name": row.player.name,
             "team": row.player.team, "dropped": row.dropped,
             **({group: row.group, "overall_rank": row.overall_rank} if group else {}),
             **{tb.key: json_number(row.values[tb.key]) for tb in table.columns}} for row in table.rows]


def export_standings(table: Standings, path: Path, placings: list = ()) -> Path:
    """The JSON rows as a CSV or Excel file (by the name's suffix), through pandas: a clean file for a website
    or a federation, written to a temporary name first so a half-written file never stands."""
    import pandas

    frame = pandas.DataFrame(standings_rows(table, placings))
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        if path.suffix.lower() == ".xlsx":
            frame.to_excel(temporary, index=False, sheet_name=f"After round {table.after_round}", engine="openpyxl")
        else:
            frame.to_csv(temporary, index=False, encoding="utf-8")
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)
    return path


def shown_value(value, tiebreaker) -> str:
    if tiebreaker.percent:
        return f"{float(value) * 100:.2f}%"
    return f"{cell_number(value, 2):g}"


def placings_text(table: Standings, placings: list) -> str:
    """The final places after a top cut, above the standings they came from."""
    names = {row.player.id: row.player for row in table.rows}
    lines = [[str(p.place), names[p.player_id].name, p.reached] for p in placings]
    width = max(len(line[1]) for line in lines + [["", "Player", ""]])
    return "\n".join(["Final placings", f"Place  {'Player'.ljust(width)}  Reached"] +
                     [f"{place.ljust(5)}  {name.ljust(width)}  {reached}".rstrip() for place, name, reached in lines])


def standings_text(table: Standings) -> str:
    columns = table.columns
    grouped = [table.group_label] if table.group_label else []
    headers = grouped + ["Rank", "ID", "Player", "Team"] + [tb.label for tb in columns]
    body = [([row.group] if grouped else []) + [row.rank_label, str(row.player.id),
            row.player.name + (" (dropped)" if row.dropped else ""), row.player.team]
            + [shown_value(row.values[tb.key], tb) for tb in columns] for row in table.rows]
    widths = [max(len(line[i]) for line in [headers] + body) for i in range(len(headers))]
    lines = [f"Standings after round {table.after_round}"]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in [headers] + body]
    lines.append("Tiebreakers, in order:")
    lines += [f"  {tb.label}: {tb.meaning}" for tb in table.tiebreakers]
    if table.extras:
        lines.append("Also shown:")
        lines += [f"  {tb.label}: {tb.meaning}" for tb in table.extras]
    return "\n".join(lines)


def round_lines(result) -> list[str]:
    """A paired round for people: its tables (up to 100), byes, every compromise and where it was written."""
    names = result.event.players_by_id
    scores = {row.player.id: row.values for row in result.standings.rows}
    lead = next((tb for tb in result.standings.tiebreakers if tb.shown), None)

    def who(pid: int) -> str:
        score = f" ({lead.label} {cell_number(scores[pid][lead.key])})" if lead and result.standings.after_round \
            else ""
        return f"{names[pid].name}{score}"

    tables, noun, bye = result.pairing.tables, result.ruleset.table_header, result.ruleset.bye_label
    lines = [f"{result.title}: {len(tables)} {noun.lower()}{'(es)' if noun.endswith('ch') else '(s)'}, {len(result.pairing.byes)} "
             f"{'sit-out(s)' if bye != 'BYE' else 'bye(s)'}."]
    if len(tables) <= 100:
        for table in tables:
            seats = [f"{who(pid)} [{seat}]" if table.seats else who(pid)
                     for pid, seat in zip(table.player_ids, table.seats or table.player_ids)]
            lines.append(f"  {noun} {table.number}: " + " v ".join(seats))
    lines += [f"  {'Bye' if bye == 'BYE' else bye}: {who(pid)}" for pid in result.pairing.byes]
    compromises = result.pairing.compromises
    lines.append("Compromises: none." if not compromises else "Compromises:")
    for text in compromises:
        players = [names[p].name for p, notes in result.pairing.notes.items() if text in notes]
        lines.append(f"  - {', '.join(players)}: {text}")
    lines.append(f"Wrote {result.title} to {result.output}" +
                 (f" (backup: {result.backup.name})." if result.backup else "."))
    return lines


def round_json(result) -> dict[str, Any]:
    """A paired round for scripts: what was written where, every table, byes, compromises and warnings."""
    names = result.event.players_by_id
    return {
        "round": result.round, "sheet": result.title, "workbook": str(result.output), "backup": str(result.backup) if result.backup else None,
        "tables": [{"table": t.number, "players": [{"id": pid, "name": names[pid].name, "seat": seat}
                                                   for pid, seat in zip(t.player_ids, t.seats or range(1, 99))]}
                   for t in result.pairing.tables],
        "byes": [{"id": pid, "name": names[pid].name} for pid in result.pairing.byes],
        "compromises": [{"players": [{"id": p, "name": names[p].name}
                                     for p, notes in result.pairing.notes.items() if text in notes],
                         "note": text} for text in result.pairing.compromises],
        "warnings": [p.as_dict() for p in result.warnings],
        "reports": str(result.reports.folder) if result.reports else None,
    }
