"""The Players sheet of a team event checked (issue 22): every player on a team, full teams, boards that make
sense, and a warning when a team will forfeit boards in the next round.

Each problem is said at its cell with how to fix it, all of them at once, as validation always does.
"""

from __future__ import annotations

from ..model import columns as cols
from ..workbook.grid import SheetRows
from ..model.event import Event
from ..model.problems import Problem, warning
from ..model.values import is_blank
from ..workbook.reader import SheetReader
from .roster import BOARD, Team, compute_teams


def roster_problems(event: Event, size: int, sheet: SheetRows | None) -> list[Problem]:
    """Every roster problem of a team event: players with no team, teams too small, bad boards, coming forfeits."""
    if sheet is None:
        return []
    reader = SheetReader(sheet, cols.PLAYER_COLUMNS + (BOARD,), [])
    if not reader.has("team"):
        return [Problem(sheet.name, f"A{sheet.header_row or 1}", "A team event needs a Team column in Players.",
                        "Add a column headed Team with each player's team.")]
    problems = [Problem(sheet.name, reader.cell("team", player.row), f"{player.name} plays for no team.",
                        "Type their team under Team: in a team event every player plays for one.")
                for player in event.players if not player.team]
    for team in compute_teams(event.players, size):
        problems += board_problems(team, size, reader)
        if len(team.members) < size:
            problems.append(Problem(sheet.name, reader.cell("team", team.members[0].row), f"{team.name} has "
                                    f"{len(team.members)} player(s), but Team size is {size}.", "Add its missing "
                                    "players to Players, or lower Team size in the Event sheet."))
    return problems + coming_forfeits(event, size, reader)


def board_problems(team: Team, size: int, reader: SheetReader) -> list[Problem]:
    """A Board cell that is not a board, beyond the team size, or taken twice; a board nobody holds."""
    problems: list[Problem] = []
    held: dict[int, str] = {}
    rows = dict(reader.sheet.rows)
    unread = any(player.extra.get("board") is None and (not is_blank(reader.raw("board", rows.get(player.row, ())))
                                                         or reader.cell("board", player.row) in reader.sheet.flags)
                 for player in team.members)  # a Board cell validation refused (an error too): one cause, one message
    for player in team.members:
        cell, board = reader.cell("board", player.row), player.extra.get("board")  # read once, by validation
        if board is None:
            continue
        if board > size:
            problems.append(Problem(reader.sheet.name, cell, f"{player.name} holds board {board}, but a team fields "
                                    f"{size} (Team size).", f"Type a board from 1 to {size}, or leave it blank for "
                                    "a substitute."))
        elif board in held:
            problems.append(Problem(reader.sheet.name, cell, f"{player.name} and {held[board]} both hold board "
                                    f"{board} of {team.name}.", "Give each regular of the team their own board; "
                                    "leave a substitute's blank."))
        else:
            held[board] = player.name
    if held and not problems and not unread and len(team.members) >= size:  # a team too small is said once, by its size
        for board in range(1, size + 1):
            if board not in held:
                problems.append(Problem(reader.sheet.name, reader.cell("board", team.members[0].row),
                                        f"{team.name} has no player on board {board}.", f"Type {board} under Board "
                                        "for one of its players (the others' boards are typed)."))
    return problems


def coming_forfeits(event: Event, size: int, reader: SheetReader) -> list[Problem]:
    """A team still in that cannot fill every board of the next round: those boards will be forfeited. A warning,
    since it may be meant; with the way to add a substitute or to withdraw the whole team in one edit."""
    number = (event.rounds[-1].number if event.rounds else 0) + 1
    if number > event.settings.rounds:
        return []
    found = []
    for team in compute_teams(event.players, size):
        line_up = team.line_up(number)
        empty = [str(board) for board, player in enumerate(line_up, start=1) if player is None]
        if empty and len(empty) < size and len(team.members) >= size:
            last = number - 1
            found.append(warning(reader.sheet.name, reader.cell("team", team.members[0].row), f"{team.name} has no "
                                 f"player for board {', '.join(empty)} in round {number}: "
                                 f"{'it is' if len(empty) == 1 else 'they are'} forfeited to the other team.",
                                 f"Add a substitute to Players (Team {team.name}, Board blank). If {team.name} "
                                 f"withdrew, type {last} under Dropped after for all its players."))
    return found
