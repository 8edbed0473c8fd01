"""What a team event's own reports show (issue 22): pairings by team (each team match with its boards), team
result slips (a line per board and the team total), and the team standings.

Plain data, like every report's (`context`): the team standings come from the team event (`teams.scoring`), the
team matches from the round's boards (`teams.matches`), so a line-up the TO retyped prints as it stands.
"""

from __future__ import annotations

from typing import Any

from ..model.event import Event, Round, Table
from ..scoring.standings import Standings
from .matches import NO_TABLE, TeamMatch, group_round, match_labels
from .scoring import BOARD_WINS, TeamEvent, build_team_event, team_standings
from ..scoring.shown import shown, standings_data


def team_report_data(event: Event, rules: Any, round_: Round) -> dict[str, Any]:
    """The template variables of the team reports of one round: `team_matches`, `team_byes`, `team_standings`."""
    before = build_team_event(event, rules, round_.number - 1)
    points = lead_points(team_standings(before, rules.team_result))
    latest = build_team_event(event, rules, round_.number)
    team_of = {player.id: team.id for team in latest.teams for player in team.members}
    names = {team.id: team.name for team in latest.teams}
    grouped = group_round(round_, team_of, match_labels(round_))
    played = next((r for r in latest.event.rounds if r.number == round_.number), None)
    matches = [match_data(match, event, names, points, team_of, played) for match in in_label_order(grouped.matches)]
    byes = [{"name": names[team], "points": points.get(team, ""),
             "players": [event.player(seat.player_id).name for seat in seats]} for team, seats in grouped.byes.items()]
    return {"team_matches": matches, "team_byes": byes, "team_standings": standings_table(latest, rules),
            "team_columns": [column.header for column in rules.ruleset.layout.result_columns],
            "team_total": "Boards won" if rules.team_result == BOARD_WINS else "Points"}


def in_label_order(matches: list[TeamMatch]) -> list[TeamMatch]:
    """The matches as the round sheet numbers them (a match with no board played comes last in table order)."""
    return sorted(matches, key=lambda match: (0, int(match.shown), "") if match.shown.isdigit()
                  else (1, match.number, match.shown))


def lead_points(standings: Standings) -> dict[int, str]:
    """Each team's match points when the round was paired ("MP 6"), blank before round 1's results."""
    lead = next((tb for tb in standings.tiebreakers if tb.shown), None)
    if lead is None or not standings.after_round:
        return {}
    return {row.player.id: f"{lead.label} {shown(row.values[lead.key], lead)}" for row in standings.rows}


def match_data(match: TeamMatch, event: Event, names: dict[int, str], points: dict[int, str],
               team_of: dict[int, int], played: Round | None) -> dict[str, Any]:
    """One team match: its teams, a line per board (home player first), its forfeited boards, and once its
    results are in, each team's total."""
    boards = [board_line(table, match.home, event, team_of) for table in match.boards]
    forfeits = [{"name": event.player(seat.player_id).name, "team": names[team_of[seat.player_id]],
                 "absent": names[match.away if team_of[seat.player_id] == match.home else match.home]}
                for seat in match.forfeits]
    total = totals(played, match) if played is not None else {}
    result = f"{names[match.home]} {total[match.home]}–{total[match.away]} {names[match.away]}" if total else ""
    sides = {team: {"name": names[team], "points": points.get(team, "")} for team in match.teams}
    return {"number": match.shown, "tables": table_span(match.boards), "result": result,
            "home": sides[match.home], "away": sides[match.away], "boards": boards, "forfeits": forfeits}


def board_line(table: Table, home: int, event: Event, team_of: dict[int, int]) -> dict[str, Any]:
    """A board as a line of the match: its table, the home team's player, the away team's player."""
    seats = sorted(table.seats, key=lambda seat: team_of.get(seat.player_id) != home)
    return {"table": table.number, "home": event.player(seats[0].player_id).name,
            "away": event.player(seats[1].player_id).name}


def table_span(boards: list[Table]) -> str:
    """"Tables 4-6", as the wall shows where a match sits; a match with no board played sits nowhere."""
    if not boards:
        return NO_TABLE
    first, last = boards[0].number, boards[-1].number
    return f"Table {first}" if first == last else f"Tables {first}–{last}"


def totals(played: Round, match: TeamMatch) -> dict[int, str]:
    """Each team's boards won (or summed points) in the scored team match, as the standings count them."""
    table = next((t for t in played.games if t.number == match.number), None)
    return {seat.player_id: shown(seat.result["games_won"]) for seat in table.seats} if table else {}


def standings_table(built: TeamEvent, rules: Any) -> dict[str, Any]:
    """The team standings as the standings report shows them, each team with its players."""
    standings = team_standings(built, rules.team_result)
    data = standings_data(standings, built.event)
    members = {team.id: ", ".join(player.name for player in team.members) for team in built.teams}
    for group in data["groups"]:
        for row in group["rows"]:
            row["players"] = members.get(row["id"], "")
    return data
