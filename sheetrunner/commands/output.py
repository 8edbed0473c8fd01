"""What the command line shows of a result: text for people, JSON for scripts, a table for exports.

Numbers in JSON and exports are numbers: whole values as integers, others rounded to 6 decimals
(sheetrunner computes with exact fractions and rounds only for display).
"""

from __future__ import annotations

import io
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Sequence

from .console import CONTROL
from .exits import Stopped
from ..rules.finals import final_places
from ..model.numbers import cell_number, shown_number
from ..scoring.standings import Standings
from ..reports.swap import write_file
from ..workbook.xlsx.sheetxml import ooxml_text


def json_number(value) -> int | float:
    return cell_number(value, 6)


def standings_rows(table: Standings, placings: Sequence[Any] = ()) -> list[dict[str, Any]]:
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
    """A "disqualified" key follows "dropped" only when someone is (Penalties sheet): other events' rows keep
    their keys."""
    group = table.group_label.lower()
    disqualified = any(row.player.disqualified_in is not None for row in table.rows)
    return [{"rank": row.rank, "tied": row.shared, "id": row.player.id, "name": row.player.name,
             "team": row.player.team, "dropped": row.dropped,
             **({"disqualified": row.status == "disqualified"} if disqualified else {}),
             **({group: row.group, "overall_rank": row.overall_rank} if group else {}),
             **{tb.key: json_number(row.values[tb.key]) for tb in table.columns}} for row in table.rows]


def team_rows(teams: Standings, placings: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """A team event's team standings as `standings_rows` gives the players' (a team is the entrant: no Team key),
    in final place order once a top cut of teams is decided."""
    return [{key: value for key, value in row.items() if key != "team"} for row in standings_rows(teams, placings)]


def json_rows(result: Any, of_teams: bool) -> list[dict[str, Any]]:
    """`standings --json`: the players' rows as ever (scripts keep reading them), or with --teams a team event's
    team rows."""
    if of_teams and result.teams is None:
        raise Stopped("--teams: this event has no teams (Team size is none in the Event sheet).", 2)
    return team_rows(result.teams, result.team_placings) if of_teams else \
        standings_rows(result.standings, result.placings)


def export_with_teams(result: Any, path: Path, encoding: str) -> str:
    """`standings --csv/--xlsx`: the export, with a team event's team standings in it (Excel: a second sheet) or
    beside it (CSV: NAME-teams.csv); what was saved, as the command says it."""
    saved = export_standings(result.standings, path, result.placings, encoding, result.teams)
    if result.teams is None or path.suffix.lower() == ".xlsx":
        return str(saved)
    return f"{saved} (teams: {export_team_standings(result.teams, path, encoding)})"


def export_team_standings(teams: Standings, path: Path, encoding: str = "utf-8-sig") -> Path:
    """A team event's team standings in a CSV export: a file of their own beside the players' (NAME-teams.csv),
    since one CSV holds one table. (An Excel export holds them as a second sheet: `export_standings`.)"""
    return write_file(path.with_name(f"{path.stem}-teams{path.suffix}"), csv_text(team_rows(teams)).encode(encoding))


def export_standings(table: Standings, path: Path, placings: Sequence[Any] = (), encoding: str = "utf-8-sig",
                     teams: Standings | None = None) -> Path:
    """The JSON rows as a CSV or Excel file (by the name's suffix): a clean file for a website or a federation,
    put in place whole (`swap.write_file`) so a half-written file never stands.

    Text stays text (SPEC 7): the Excel file holds string cells only, never a formula, and a CSV cell that a
    spreadsheet would run as a formula is neutralised as OWASP advises. The CSV carries a UTF-8 BOM by default,
    which Excel needs to read accents.
    """
    if not path.parent.is_dir():
        raise OSError(f"Cannot save file into a non-existent directory: '{path.parent}'")
    rows = standings_rows(table, placings)
    if path.suffix.lower() == ".xlsx":
        book = io.BytesIO()
        more = [(f"Teams after round {teams.after_round}", team_rows(teams))] if teams is not None else []
        write_xlsx_rows(rows, book, f"After round {table.after_round}", more)
        return write_file(path, book.getvalue())
    return write_file(path, csv_text(rows).encode(encoding))


# OWASP, CSV injection: a cell beginning with one of these is run as a formula by Excel or LibreOffice.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Characters that end a CSV cell: the comma, the semicolon (the separator in many locales), quotes, line ends.
SEPARATORS = re.compile(r'[,;"\t\r\n]')
# A control character (ESC, BEL, NUL…) from a name is written as the console shows it (\x1b), never raw: a file
# `cat` prints must not run an escape sequence, and NUL ends the cell in some readers. Line ends stay (quoted).
CSV_CONTROL = {code: text for code, text in CONTROL.items() if code != 0x0d}


def csv_field(value: Any) -> str:
    """One CSV cell as a spreadsheet reads it back: TRUE/FALSE, numbers as in --json (30, not 30.0), text
    beginning like a formula prefixed with a single quote (a negative number stays a number), and any cell
    holding a separator or a quote in double quotes (OWASP)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() else str(value)
    text = str(value).translate(CSV_CONTROL)
    if text.startswith(FORMULA_STARTS):
        text = "'" + text
    return f'"{text.replace(chr(34), chr(34) * 2)}"' if SEPARATORS.search(text) else text


def csv_text(rows: list[dict[str, Any]]) -> str:
    """The rows as CSV with a header line; CRLF line ends, as RFC 4180 and Excel write them."""
    if not rows:
        return ""
    lines = [list(rows[0])] + [list(row.values()) for row in rows]
    return "".join(",".join(csv_field(value) for value in line) + "\r\n" for line in lines)


def write_xlsx_rows(rows: list[dict[str, Any]], path: Path | io.BytesIO, title: str,
                    more: Sequence[tuple[str, list[dict[str, Any]]]] = ()) -> None:
    """The rows as one sheet (and `more` sheets after it: a team event's teams), every text an explicit string
    cell: a name such as `=HYPERLINK(...)` is shown, never run; a control character is stored as OOXML's
    `_xHHHH_`, as in the workbook. Numbers and TRUE/FALSE keep their types."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    book = Workbook(write_only=True)
    bold = Font(bold=True)
    for name, content in [(title, rows), *more]:
        sheet = book.create_sheet(name)
        append_rows(sheet, content, bold, WriteOnlyCell)
    book.save(path)


def append_rows(sheet: Any, rows: list[dict[str, Any]], bold: Any, WriteOnlyCell: Any) -> None:
    """One sheet of `write_xlsx_rows`: a bold header line of the keys, then the values."""

    def cell(value: Any, font: Any = None) -> Any:
        text = isinstance(value, str) and ooxml_text(value)
        made = WriteOnlyCell(sheet, value=(text or None) if isinstance(value, str) else value)
        if text:
            made.data_type = "s"
        if font:
            made.font = font
        return made

    if rows:
        sheet.append([cell(key, bold) for key in rows[0]])
    for row in rows:
        sheet.append([cell(value) for value in row.values()])


def final_places_text(result: Any) -> str:
    """The decided cut's places above the standings (`standings`), or nothing before the cut is decided."""
    places = final_places(result.placings, result.standings, result.team_placings, result.teams)
    return placings_text(*places) + "\n" if places else ""


def placings_text(placings: list, table: Standings, entrant: str = "Player") -> str:
    """The final places after a top cut (of players, or of teams: `entrant`), above the standings they came from."""
    names = {row.player.id: row.player for row in table.rows}
    lines = [[str(p.place), names[p.player_id].name, p.reached] for p in placings]
    width = max(len(line[1]) for line in lines + [["", entrant, ""]])
    title = "Final placings" if entrant == "Player" else f"Final placings of {entrant.lower()}s"
    return "\n".join([title, f"Place  {entrant.ljust(width)}  Reached"] +
                     [f"{place.ljust(5)}  {name.ljust(width)}  {reached}".rstrip() for place, name, reached in lines])


def standings_text(table: Standings, of_teams: bool = False) -> str:
    """The standings as the terminal prints them; `of_teams` for a team event's team standings (a team is an
    entrant: no ID or Team column). Internal columns stay in the sheet and --json (issue 31): the seeded draw
    (its rank order is kept, and the legend says it decides exact ties) and a Team column nobody has."""
    columns = [tb for tb in table.columns if tb.shown]
    grouped = [table.group_label] if table.group_label else []
    teams = not of_teams and any(row.player.team for row in table.rows)
    headers = grouped + ["Rank"] + (["Team"] if of_teams else ["ID", "Player"] + ["Team"] * teams) \
        + [tb.label for tb in columns]
    body = [([row.group] if grouped else []) + [row.rank_label]
            + ([] if of_teams else [str(row.player.id)]) + [row.player.name + (f" ({row.status})" if row.status else "")]
            + ([row.player.team] if teams else [])
            + [shown_number(row.values[tb.key], tb.percent) for tb in columns] for row in table.rows]
    widths = [max(len(line[i]) for line in [headers] + body) for i in range(len(headers))]
    lines = [f"{'Team standings' if of_teams else 'Standings'} after round {table.after_round}"]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in [headers] + body]
    lines.append("Tiebreakers, in order:")
    lines += [f"  {tb.label}: {tb.meaning}" for tb in table.tiebreakers]
    if table.extras:
        lines.append("Also shown:")
        lines += [f"  {tb.label}: {tb.meaning}" for tb in table.extras]
    return "\n".join(lines)


def no_standings_line(workbook: Path) -> str:
    """`standings` before any round is complete: why nothing was written, and what to do (issue 31)."""
    return (f"No round has every result yet, so no standings sheet was written. `sheetrunner outstanding {workbook}` "
            "lists the results still to type.")


def outstanding_lines(found: Any) -> list[str]:
    """`outstanding`: how many tables of the round still have no result, then each with its players."""
    plural = "(es)" if found.noun.endswith("ch") else "(s)"
    return [f"{found.title}: {len(found.tables)} {found.noun.lower()}{plural} with no result yet."] + \
        [f"  {found.noun} {table['table']}: " + " v ".join(p["name"] for p in table["players"])
         for table in found.tables]


def round_json(result) -> dict[str, Any]:
    """A paired round for scripts: what was written where, every table, byes, compromises and warnings."""
    names = result.event.players_by_id
    return {
        "round": result.round, "sheet": result.title, "workbook": str(result.output), "backup": str(result.backup) if result.backup else None,
        "tables": [{"table": t.number, "players": [{"id": pid, "name": names[pid].name, "seat": seat}
                                                   for pid, seat in zip(t.player_ids, t.seats or range(1, 99))]}
                   for t in result.pairing.tables],
        "byes": [{"id": pid, "name": names[pid].name} for pid in result.pairing.byes],
        "compromises": [{"table": c.table, "players": [{"id": p, "name": names[p].name} for p in c.player_ids],
                         "note": c.note} for c in result.pairing.compromises_by_table],
        "warnings": [p.as_dict() for p in result.warnings],
        "reports": str(result.reports.folder) if result.reports else None,
    }


def event_over_lines(over, workbook: Path) -> list[str]:
    """`pair` once everything is played: who won, and where the final standings are."""
    lines = [over.message, f"Final standings: `sheetrunner standings {workbook}` writes them as a sheet; "
             f"`sheetrunner report {workbook}` prints them."]
    if not over.by_cut:
        lines.append("To play another round, raise Rounds in the Event sheet.")
    return lines


def event_over_json(over, workbook: Path) -> dict[str, Any]:
    """`pair --json` once everything is played: the event is over, and who won."""
    return {"event_over": True, "workbook": str(workbook), "decided_by": "top cut" if over.by_cut else "standings",
            "winners": [{"id": pid, "name": name} for pid, name in over.winners], "message": over.message}


def percent(share: float) -> str:
    """A simulated chance, to a tenth of a percent (1,000 runs tell no more)."""
    return shown_number(Fraction(share), percent=True, places=1)


def simulation_lines(s: dict[str, Any]) -> list[str]:
    """A `simulate --ruleset` summary for people."""
    lines = [f"{s['ruleset']}, {s['players']} players, {s['rounds']} rounds: {s['runs']} simulated events "
             f"(seed {s['seed']}, draws {percent(s['draw_rate'])}, skill {s['skill']})"]
    if "final_records" in s:
        lines.append(f"Records after round {s['rounds']} (players, mean over the runs; chance to make the top "
                     f"{s['cut']}):")
        lines += [f"  {record:<7} {players:>7}   {percent(s['chance_to_make_the_cut'][record])}"
                  for record, players in s["final_records"].items()]
        lines.append("Undefeated at the end: " + "; ".join(f"{n} in {percent(share)} of runs"
                                                          for n, share in s["undefeated_at_the_end"].items()))
        lines.append(f"The top {s['cut']} line: " + ", ".join(f"{record} in {percent(share)}"
                                                               for record, share in s["cut_line"].items()))
        lines.append(f"A forced rematch in {percent(s['chance_of_a_repeat'])} of runs; a long float (more than one "
                     f"score group) in {percent(s['chance_of_a_long_float'])}.")
        lines.append(f"Rounds: {s['recommended_rounds']} recommended for {s['players']} players (enough for one "
                     f"player to win them all: log2 of the field, at least 3); MTR appendix E: {s['mtr_rounds']}.")
        return lines
    lines.append("Round  games (size x mean count)  byes/sit-outs  repeats" +
                 ("  repeat powers" if "repeat_powers_per_round" in s else "") + "  widest score spread")
    for r, games in enumerate(s["games_per_round"]):
        sizes = ", ".join(f"{size} x {n:g}" for size, n in games.items())
        powers = f"  {s['repeat_powers_per_round'][r]:>13}" if "repeat_powers_per_round" in s else ""
        lines.append(f"{r + 1:>5}  {sizes:<26}  {s['byes_per_round'][r]:>13}  {s['repeats_per_round'][r]:>7}"
                     f"{powers}  {s['widest_score_spread_per_round'][r]:>17}")
    return lines


def rest_lines(s: dict[str, Any]) -> list[str]:
    """A `simulate EVENT.xlsx` summary for people: each player's chances, and what they need."""
    left = s["rounds"] - s["first_round_played"] + 1
    lines = [f"After round {s['after_round']} of {s['rounds']}: the {left} round(s) left played {s['runs']} times "
             f"(seed {s['seed']}), every game a coin flip.",
             f"Rank  Player{' ' * 22}First   Top {s['cut']:<4} Mean place  Top {s['cut']} by wins still to come"]
    for p in s["players"]:
        needs = "  ".join(f"{wins}: {percent(chance)}" for wins, chance in p["needs"].items())
        lines.append(f"{p['rank_now']:<5} {p['name'][:27]:<27} {percent(p['chance_first']):>6}  "
                     f"{percent(p['chance_cut']):>6}  {p['expected_place']:>10}  {needs}")
    return lines
