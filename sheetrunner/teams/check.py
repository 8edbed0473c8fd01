"""The round sheets of a team event checked: any line-up the TO types is accepted when it makes team matches.

A board pits one player of each of two teams; a team plays one team match per round, on at most Team size boards
(forfeited ones included); every board of a match carries the match's label in the `Team match` column, and no
two matches share one; a team that plays in the round has a match or its bye. Each problem is said at its cell
(`Round 2!E7`) with how to fix it, all at once. A `Team` cell that disagrees with Players is a warning: the
team is read from Players.
"""

from __future__ import annotations

from ..model import columns as cols
from ..workbook.grid import SheetRows
from ..model.event import Event, Round, Seat
from ..model.problems import ERROR, WARNING, Problem, warning
from ..model.names import name_key
from ..workbook.reader import SheetReader, find_sheet
from ..model.values import as_text, is_blank
from .matches import TeamRound, group_round
from .roster import ROUND_TEAM, TEAM_MATCH, Team, compute_teams


class RoundCells:
    """The cells of one round sheet a line-up check points to, and its Team match and Team values by row."""

    def __init__(self, sheet: SheetRows):
        self.sheet = sheet
        self.found: list[Problem] = []  # the Team match and Team cells holding an error (#N/A)
        self.reader = SheetReader(sheet, (cols.ROUND_PLAYER_ID, cols.ROUND_PLAYER, TEAM_MATCH, ROUND_TEAM),
                                  self.found)
        self.values = dict(sheet.rows)

    def player(self, row: int) -> str:
        return self.reader.cell("player" if self.reader.has("player") else "id", row)

    def raw(self, key: str, row: int):
        """As typed; None for a cell holding an error or an unsaved formula (reported in `found`)."""
        return self.reader.typed(key, row, self.values.get(row, ()))

    def unreadable(self, key: str, row: int) -> bool:
        return self.reader.has(key) and self.reader.cell(key, row) in self.sheet.flags

    def label(self, row: int) -> str:
        """The Team match typed on a row, as text ("" when blank): 1 and "1" are one label."""
        return as_text(self.raw("team_match", row))

    def labels(self, round_: Round) -> dict[int, str]:
        """Each seated player's Team match, by player ID."""
        return {seat.player_id: self.label(seat.row) for table in round_.tables for seat in table.seats}


def lineup_problems(event: Event, size: int, sheets: dict[str, SheetRows]) -> list[Problem]:
    """Every line-up problem of every round sheet of the event."""
    teams = compute_teams(event.players, size)
    by_id = {team.id: team for team in teams}
    team_of = {player.id: team.id for team in teams for player in team.members}
    problems: list[Problem] = []
    for round_ in event.rounds:
        sheet = find_sheet(sheets, round_.sheet)
        if sheet is None:
            continue
        cells = RoundCells(sheet)
        problems += board_problems(round_, team_of, by_id, event, cells)
        grouped = group_round(round_, team_of, cells.labels(round_))
        problems += size_problems(round_, grouped, team_of, by_id, size, cells)
        problems += label_problems(round_, grouped, by_id, cells)
        problems += absent_teams(round_, teams, team_of)
        problems += team_cells(round_, event, by_id, team_of, cells)
        problems += cells.found
    return problems


def board_problems(round_: Round, team_of: dict[int, int], teams: dict[int, Team], event: Event,
                   cells: RoundCells) -> list[Problem]:
    """Two players of one team at a board, or a team seated against two teams in one round."""
    problems: list[Problem] = []
    against: dict[int, tuple[int, object]] = {}  # team -> (the team it meets, the first table saying so)
    for table in round_.games:
        if len(table.seats) != 2:
            continue  # a board short of a player: the round sheet's own check says so at its cell
        first, second = (seat.player_id for seat in table.seats)
        home, away = team_of.get(first), team_of.get(second)
        if home is None or away is None:
            continue  # a player with no team: said in Players
        cell = cells.player(table.seats[1].row)
        if home == away:
            problems.append(Problem(round_.sheet, cell, f"Table {table.number}: {event.player(first).name} and "
                                    f"{event.player(second).name} both play for {teams[home].name}; a board pits one "
                                    "player of each team of its team match.", "Seat a player of the other team here "
                                    "(the line-up may be retyped), or move one of them to a board of their match."))
            continue
        for own, other in ((home, away), (away, home)):
            met, where = against.setdefault(own, (other, table.number))
            if met != other:
                problems.append(Problem(round_.sheet, cell, f"Table {table.number}: {teams[own].name} plays "
                                        f"{teams[other].name} here but {teams[met].name} at table {where}; a team "
                                        "plays one team match per round.", f"Seat {teams[own].name}'s players "
                                        "against one team only: every board of a match pits the same two teams."))
                break
    return problems


def size_problems(round_: Round, grouped: TeamRound, team_of: dict[int, int], teams: dict[int, Team], size: int,
                  cells: RoundCells) -> list[Problem]:
    """A team fielding more players than Team size in its match (forfeited boards included) or on its bye."""
    problems = []
    for match in grouped.matches:
        for team in match.teams:
            seats = match.fielded(team, team_of)
            if len(seats) > size:
                problems.append(too_many(round_, teams[team], f"team match {match_label(match, cells)}", seats,
                                         size, cells))
    for team, seats in grouped.byes.items():
        if len(seats) > size:
            problems.append(too_many(round_, teams[team], "its bye", seats, size, cells))
    return problems


def too_many(round_: Round, team: Team, where: str, seats: list[Seat], size: int, cells: RoundCells) -> Problem:
    return Problem(round_.sheet, cells.player(seats[size].row), f"{team.name} fields {len(seats)} players in "
                   f"{where}; a team fields at most {size} (Team size).", "Delete the extra rows (a substitute "
                   "who did not play has no row), or raise Team size in the Event sheet.")


def match_label(match, cells: RoundCells) -> str:
    """A match's label: the first one typed on its boards (or forfeited boards), else its number in table order."""
    labels = [cells.label(seat.row) for table in match.boards for seat in table.seats]
    labels += [cells.label(seat.row) for seat in match.forfeits]
    return next((label for label in labels if label), str(match.number))


def label_problems(round_: Round, grouped: TeamRound, teams: dict[int, Team], cells: RoundCells) -> list[Problem]:
    """Every row of a team match carries its one label, and no two matches share a label. Sheets without a Team
    match column (an event typed by hand) are grouped by their boards alone."""
    if not cells.reader.has("team_match"):
        return []
    problems: list[Problem] = []
    owner: dict[str, str] = {}
    for match in grouped.matches:
        label, names = match_label(match, cells), f"{teams[match.home].name} v {teams[match.away].name}"
        seats = [seat for table in match.boards for seat in table.seats]
        problems += [row_label_problem(round_, seat, label, names, cells) for seat in seats + match.forfeits
                     if cells.label(seat.row) != label and (cells.label(seat.row) or seat in seats)
                     and not cells.unreadable("team_match", seat.row)]
        if label in owner:
            problems.append(Problem(round_.sheet, cells.reader.cell("team_match", seats[0].row), f"Team match "
                                    f"{label} is both {owner[label]} and {names}.", "Give each team match its own "
                                    "label."))
        owner.setdefault(label, names)
    for team, seats in grouped.byes.items():
        problems += [warning(round_.sheet, cells.reader.cell("team_match", seat.row), f"This BYE row says team match "
                             f"{cells.label(seat.row)}, but {teams[team].name} plays no board this round: it is "
                             f"read as {teams[team].name}'s bye.", "Type BYE under Team match, or seat the team's "
                             "players at the boards of their match.")
                     for seat in seats if cells.label(seat.row).casefold() not in ("", "bye")]
    return problems


def row_label_problem(round_: Round, seat: Seat, label: str, names: str, cells: RoundCells) -> Problem:
    typed = cells.label(seat.row)
    message = "Team match is empty." if not typed else f"This row says team match {typed}, but the other boards " \
        f"of {names} say {label}."
    return Problem(round_.sheet, cells.reader.cell("team_match", seat.row), message, f"Type {label}: every board "
                   f"of a team match ({names}) carries its label.")


def absent_teams(round_: Round, teams: list[Team], team_of: dict[int, int]) -> list[Problem]:
    """A team that plays in the round but has no row in it (no board, no bye): an error once results are typed.
    (A team with a row but no match, such as two team mates at one board, is said by `board_problems`.)"""
    seated = {team_of.get(pid) for pid in round_.player_ids}
    severity = ERROR if round_.has_any_result else WARNING
    return [Problem("Players", team.members[0].name_cell, f"{team.name} plays in round {round_.number} but has "
                    f"no board in {round_.sheet}.", f"Seat its players against their team match's, or, if "
                    f"{team.name} withdrew, type {round_.number - 1} under Dropped after for all its players.",
                    severity)
            for team in teams if team.plays_in(round_.number) and team.id not in seated]


def team_cells(round_: Round, event: Event, teams: dict[int, Team], team_of: dict[int, int],
               cells: RoundCells) -> list[Problem]:
    """A `Team` cell naming another team than Players does: a warning (the team comes from Players)."""
    if not cells.reader.has("team"):
        return []
    problems = []
    for table in round_.tables:
        for seat in table.seats:
            typed = cells.raw("team", seat.row)
            team = teams.get(team_of[seat.player_id]) if seat.player_id in team_of else None
            if is_blank(typed) or team is None or name_key(typed) == name_key(team.name):
                continue
            name = event.player(seat.player_id).name
            problems.append(warning(round_.sheet, cells.reader.cell("team", seat.row), f"{name} plays for "
                                    f"{team.name} (Players), not {as_text(typed)}.", "Correct this Team cell, or "
                                    "the player's Team in Players: sheetrunner goes by Players."))
    return problems

