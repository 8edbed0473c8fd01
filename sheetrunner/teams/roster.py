"""The teams of a team event, read from the Players sheet: who plays which board, who substitutes (issue 22).

A team is every player whose `Team` reads the same (case and spaces ignored, as names are). Its regulars hold
boards 1 … Team size: by the `Board` column when any player of the team has one, else in Players order. Every
other player of the team is a substitute, called up in Players order when a regular has dropped. Team IDs are
given in the order of the teams' names, so a row moved in Players changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.columns import Column
from ..model.event import Player
from ..model.names import name_key  # two Team cells name one team when they read the same
from ..model.values import as_text, is_blank

TEAM_MATCH = Column("team_match", "Team match", ("Team game",), hint="Type the team match this row belongs "
                         "to (the same label on every board of the match), or BYE for a team bye.", width=11)
ROUND_TEAM = Column("team", "Team", (), hint="The player's team, as in Players.", width=18)
BOARD = Column("board", "Board", ("Team board", "Board order"), "board", required=False,  # "²" is not board 2
               hint="Type the board this player holds in their team (1 is the first board; A, B, C work too), or "
                    "leave it blank for a substitute.", width=7)


@dataclass(frozen=True)
class Team:
    """One team: its players in Players order, its regular by board (None where nobody holds one), its
    substitutes in the order they are called up."""

    id: int
    name: str
    members: tuple[Player, ...]
    regulars: tuple[Player | None, ...]
    substitutes: tuple[Player, ...]

    def line_up(self, round_number: int) -> list[Player | None]:
        """Who plays each board in a round: the regular when they play in it, else the first substitute still
        in and not yet called up, else nobody (the board is forfeited)."""
        free = [player for player in self.substitutes if player.plays_in(round_number)]
        return [regular if regular is not None and regular.plays_in(round_number) else
                (free.pop(0) if free else None) for regular in self.regulars]

    def replaced(self, round_number: int) -> dict[int, Player]:
        """Each substitute of the round's line-up and the regular whose board they take."""
        return {player.id: regular for player, regular in zip(self.line_up(round_number), self.regulars)
                if player is not None and regular is not None and player is not regular}

    def plays_in(self, round_number: int) -> bool:
        return any(player is not None for player in self.line_up(round_number))


def boards_typed(members: list[Player]) -> dict[int, int]:
    """Player ID -> board, for the members with one typed (validation read it: a bad cell is its own error)."""
    return {player.id: player.extra["board"] for player in members if player.extra.get("board") is not None}


def make_team(team_id: int, members: list[Player], size: int) -> Team:
    """Regulars by the Board column when the team has one typed, else the first `size` players in order."""
    boards = boards_typed(members)
    if boards:
        regulars: list[Player | None] = [None] * size
        for player in members:
            board = boards.get(player.id)
            if board is not None and board <= size and regulars[board - 1] is None:
                regulars[board - 1] = player
    else:
        regulars = list(members[:size]) + [None] * (size - len(members[:size]))
    held = {player.id for player in regulars if player is not None}
    substitutes = tuple(player for player in members if player.id not in held)
    return Team(team_id, as_text(members[0].team), tuple(members), tuple(regulars), substitutes)


def compute_teams(players: tuple[Player, ...] | list[Player], size: int) -> list[Team]:
    """Every team of the roster, by name order; players with no Team belong to none (reported elsewhere)."""
    grouped: dict[str, list[Player]] = {}
    for player in players:
        if not is_blank(player.team):
            grouped.setdefault(name_key(player.team), []).append(player)
    return [make_team(number, grouped[key], size) for number, key in enumerate(sorted(grouped), start=1)]


def team_of_players(teams: list[Team]) -> dict[int, Team]:
    """Each player's team by player ID."""
    return {player.id: team for team in teams for player in team.members}
