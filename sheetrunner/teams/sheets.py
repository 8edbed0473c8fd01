"""The sheets of a team event: a round sheet with its `Team match` column, and `Team standings after RN`.

The round sheet is the ruleset's usual one with two columns more: `Team match` first (the label grouping the
boards of one match; BYE on a team bye's rows) and `Team` after the player (the player's team, to read the sheet
by; sheetrunner reads the team from Players). Each match lists its boards, then its forfeited boards (BYE rows
under the match's label); the team byes come last. `Team standings after RN` is written beside the players'
standings and, like them, never read back.
"""

from __future__ import annotations

from typing import Any

from ..model.event import BYE, Event
from ..model.numbers import cell_number
from ..workbook.checks import column_range, validation_for
from ..scoring.standings import Standings
from ..workbook.xlsx.sheetxml import SheetTable
from .pairing import TeamPairing
from .roster import ROUND_TEAM, TEAM_MATCH, Team

TEAM_STANDINGS = "Team standings after R{}"


def team_standings_title(after_round: int) -> str:
    return TEAM_STANDINGS.format(after_round)


def team_round_sheet(event: Event, ruleset: Any, pairing: TeamPairing, title: str) -> SheetTable:
    """`Round N` of a team event: Team match, Table, Seat, ID, Player, Team, the results, Note."""
    base = ruleset.layout.round_headers()
    columns = [TEAM_MATCH, *base[:4], ROUND_TEAM, *base[4:]]
    names = event.players_by_id
    blanks = [None] * len(ruleset.layout.result_columns)

    def row(label: Any, table: Any, seat: Any, pid: int) -> list[Any]:
        note = " ".join(pairing.notes.get(pid, [])) or None
        return [label, table, seat, pid, names[pid].name, names[pid].team or None, *blanks, note]

    rows = []
    for label, _, _ in pairing.matches:
        rows += [row(label, table.number, seat, pid) for table in pairing.tables
                 if pairing.match_of.get(table.player_ids[0]) == label
                 for seat, pid in zip(range(1, 3), table.player_ids)]
        rows += [row(label, ruleset.layout.bye_label, None, pid) for pid in pairing.byes if pairing.match_of.get(pid) == label]
    rows += [row(BYE, ruleset.layout.bye_label, None, pid) for pid in pairing.byes if pairing.match_of.get(pid) == BYE]
    first_result = 7
    rules = {column_range(first_result + i, max(len(rows) + 1, 2)): rule
             for i, c in enumerate(ruleset.layout.result_columns) if (rule := validation_for(c)) is not None}
    return SheetTable(title, [c.header for c in columns], rows, [c.width for c in columns], validations=rules)


def team_standings_sheet(standings: Standings, teams: list[Team]) -> SheetTable:
    """`Team standings after RN`: rank, team, its players, every tiebreaker column, and dropped teams marked."""
    players = {team.id: ", ".join(player.name for player in team.members) for team in teams}
    headers = ["Rank", "Team", "Players"] + [tb.label for tb in standings.columns if tb.shown] + ["Status"]
    shown = [tb for tb in standings.columns if tb.shown]
    rows = [[row.rank_label if row.shared else row.rank, row.player.name, players.get(row.player.id)]
            + [cell_number(row.values[tb.key]) for tb in shown] + ["dropped" if row.dropped else None]
            for row in standings.rows]
    percent = {4 + offset for offset, tb in enumerate(shown) if tb.percent}
    return SheetTable(team_standings_title(standings.after_round), headers, rows,
                      [7, 24, 48] + [10] * len(shown) + [10], percent_columns=percent)
