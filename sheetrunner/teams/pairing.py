"""A round of a team event paired: teams by the Swiss engine, then each team match laid out on its boards.

The teams are paired by the `swiss` ruleset's own `pair` on the team event (no rematch, shortest floats, the bye
to the lowest-ranked team without one; `scoring`). Each team match then becomes one table per board, board b of
the home team against board b of the away team, tables numbered on from the top match (match 1 on tables 1-3,
match 2 on 4-6 …). A board one team cannot fill (a dropped regular, no substitute left) is forfeited: the other
team's player gets a BYE row under the match's label. Every player of the team with the bye gets a BYE row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.history import compute_history
from ..model.event import BYE, Event, Label, Player
from ..pairing import PairedTable, Pairing
from .roster import TEAM_MATCH, Team
from .scoring import TeamScoring, build_team_event, swiss, team_standings


@dataclass
class TeamPairing(Pairing):
    """A paired round of boards, with each seated player's team match (its label, or BYE for a team bye), and
    the team matches as (label, home team, away team) for the summary."""

    match_of: dict[int, Label] = field(default_factory=dict)
    matches: list[tuple[Label, Team, Team]] = field(default_factory=list)
    team_byes: list[Team] = field(default_factory=list)

    def marks(self, player_id: int) -> dict[str, str]:
        """The player's Team match, as its round sheet says it (`sheets.team_round_sheet`)."""
        return {TEAM_MATCH.key: str(self.match_of[player_id])} if player_id in self.match_of else {}


def pair_teams(event: Event, rules: TeamScoring, round_number: int) -> TeamPairing:
    """Pair the teams on their standings, then lay every team match out on its boards."""
    built = build_team_event(event, rules)
    standings = team_standings(built, rules.team_result)
    teams = {team.id: team for team in built.teams}
    paired = swiss().pairer.pair(built.event, standings, compute_history(built.event.rounds), round_number)
    paired.explain({team.id: team.name for team in built.teams})  # the team-level compromises, in words
    result = TeamPairing(tables=[], byes=[])
    for label, table in enumerate(sorted(paired.tables, key=lambda t: t.number), start=1):
        home, away = (teams[team_id] for team_id in table.player_ids)
        lay_out_match(result, label, home, away, round_number)
        for team in (home, away):
            team_notes(result, team, paired.notes.get(team.id, []), round_number)
    for team_id in paired.byes:
        lay_out_bye(result, teams[team_id], round_number)
        team_notes(result, teams[team_id], paired.notes.get(team_id, []), round_number)
    return result


def lay_out_match(result: TeamPairing, label: int, home: Team, away: Team, round_number: int) -> None:
    """Board b against board b on consecutive tables; a board only one team fills is forfeited to it."""
    result.matches.append((label, home, away))
    number = len(result.tables) + 1
    for board, pair in enumerate(zip(home.line_up(round_number), away.line_up(round_number)), start=1):
        present = [player for player in pair if player is not None]
        for player in present:
            result.match_of[player.id] = label
        if len(present) == 2:
            result.tables.append(PairedTable(number, (present[0].id, present[1].id)))
            number += 1
        elif present:
            absent = away if pair[0] is not None else home
            result.byes.append(present[0].id)
            result.note(present[0].id, f"Board {board} forfeited: {absent.name} has no player left for it, so "
                                       f"{present[0].name} scores a bye.")
    for team in (home, away):
        substitutions(result, team, round_number)


def lay_out_bye(result: TeamPairing, team: Team, round_number: int, why: str = "") -> None:
    """The team's bye: a BYE row for each player of its line-up (`why`: a top seed advancing in the cut)."""
    result.team_byes.append(team)
    for player in team.line_up(round_number):
        if player is not None:
            result.byes.append(player.id)
            result.match_of[player.id] = BYE
            result.note(player.id, why or f"Team bye: {team.name} has the bye this round.")
    substitutions(result, team, round_number)


def substitutions(result: TeamPairing, team: Team, round_number: int) -> None:
    """Each substitute's note: whose board they take, and why."""
    for pid, regular in team.replaced(round_number).items():
        why = f"dropped after round {regular.dropped_after}" if regular.dropped_after is not None and \
            regular.dropped_after < round_number else f"joins in round {regular.joined_in}"
        result.note(pid, f"Substitute for {regular.name} ({why}).")


def team_notes(result: TeamPairing, team: Team, notes: list[str], round_number: int) -> None:
    """The engine's notes on a team (a float, a rematch) on the Note of its first player in the round."""
    first: Player | None = next((player for player in team.line_up(round_number) if player is not None), None)
    for text in notes:
        if first is not None:
            result.note(first.id, f"Team match: {text}")


def reserves(event: Event, teams: list[Team], round_number: int) -> set[int]:
    """Players who play in the round but are not in their team's line-up (substitutes not called up)."""
    fielded = {player.id for team in teams for player in team.line_up(round_number) if player is not None}
    return {player.id for player in event.players if player.plays_in(round_number)} - fielded
