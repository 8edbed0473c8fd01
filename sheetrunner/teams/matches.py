"""A round of a team event read as team matches: which boards (and forfeited boards) make up each match.

The boards themselves say it: a board pits one player of each of two teams, so the two teams of its players are
its team match. A BYE row of a player whose team plays a match that round is a forfeited board of that match
(nobody of the other team sat down); the BYE rows of a team that plays no board at all are its team bye. So the
grouping needs nothing but the seats and the teams, and a round sheetrunner just wrote reads the same as one
read back from the workbook; the `Team match` column is checked against it (`check`). The labels are needed
only for a match in which no board was played at all (each team forfeited the boards the other filled): its
BYE rows share a label, and name the two teams.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.event import Round, Seat, Table

NO_TABLE = "no table (every board forfeited)"  # where a match with no board played sits, on screen and on paper


@dataclass
class TeamMatch:
    """One team match: its number in table order, the home team (seat 1 of its first board) and the away team,
    its boards in table order, its forfeited boards (the seat of the player who was there), and its `Team match`
    label on the round sheet (what the players read: a match with no board played is numbered after the others,
    whatever its label)."""

    number: int
    home: int
    away: int
    boards: list[Table] = field(default_factory=list)
    forfeits: list[Seat] = field(default_factory=list)
    label: str = ""

    @property
    def shown(self) -> str:
        """The match as the round sheet names it: its label, or its number where the sheet gives none."""
        return self.label or str(self.number)

    @property
    def teams(self) -> tuple[int, int]:
        return self.home, self.away

    @property
    def seats(self) -> list[Seat]:
        """Every row of the match: its boards' seats in table order, then its forfeited boards'."""
        return [seat for table in self.boards for seat in table.seats] + self.forfeits

    def fielded(self, team_id: int, team_of: dict[int, int]) -> list[Seat]:
        """The seats of one team's players in this match, boards first, then its forfeited boards."""
        return [seat for seat in self.seats if team_of.get(seat.player_id) == team_id]


@dataclass
class TeamRound:
    """A round as team matches and team byes (team ID -> the BYE seats of its players); its callers know which
    round they grouped."""

    matches: list[TeamMatch]
    byes: dict[int, list[Seat]]


def board_teams(table: Table, team_of: dict[int, int]) -> tuple[int, int] | None:
    """The two teams a board pits against each other, home first; None when it does not pit two teams (a player
    with no team, or two players of one team: reported by `check`)."""
    teams = tuple(team_of.get(seat.player_id) for seat in table.seats)
    if len(teams) != 2 or None in teams or teams[0] == teams[1]:
        return None
    return teams  # type: ignore[return-value]


def group_round(round_: Round, team_of: dict[int, int], labels: dict[int, str] | None = None) -> TeamRound:
    """The round's team matches in the order of their first board, and its team byes. A team seated against two
    teams is counted in its first match only (`check` reports the second). `labels` (player ID -> Team match)
    finds the matches in which no board was played."""
    labels = labels or {}
    matches: list[TeamMatch] = []
    by_pair: dict[frozenset, TeamMatch] = {}
    in_match: dict[int, TeamMatch] = {}
    for table in round_.games:
        teams = board_teams(table, team_of)
        if teams is None:
            continue
        match = by_pair.get(frozenset(teams))
        if match is None:
            if teams[0] in in_match or teams[1] in in_match:
                continue
            match = TeamMatch(len(matches) + 1, *teams, label=labels.get(table.seats[0].player_id, ""))
            matches.append(match)
            by_pair[frozenset(teams)] = match
            in_match.update(dict.fromkeys(teams, match))
        match.boards.append(table)
    byes: dict[int, list[Seat]] = {}
    for table in round_.tables:
        if table.is_bye:
            seat = table.seats[0]
            team = team_of.get(seat.player_id)
            if team in in_match:
                in_match[team].forfeits.append(seat)
            elif team is not None:
                byes.setdefault(team, []).append(seat)
    matches += unplayed_matches(byes, labels, len(matches))
    return TeamRound(matches, byes)


def unplayed_matches(byes: dict[int, list[Seat]], labels: dict[int, str], numbered: int) -> list[TeamMatch]:
    """Matches of forfeited boards only: BYE rows of exactly two teams under one label (not BYE). Their rows are
    taken out of `byes`, which then holds the true team byes."""
    teams_by_label: dict[str, list[int]] = {}
    for team, seats in byes.items():
        for seat in seats:
            label = labels.get(seat.player_id, "")
            if label and label.casefold() != "bye" and team not in teams_by_label.setdefault(label, []):
                teams_by_label[label].append(team)
    found: list[TeamMatch] = []
    for label, teams in teams_by_label.items():
        if len(teams) == 2 and all(len({labels.get(s.player_id) for s in byes[t]}) == 1 for t in teams):
            found.append(TeamMatch(numbered + len(found) + 1, teams[0], teams[1],
                                   forfeits=byes.pop(teams[0]) + byes.pop(teams[1]), label=label))
    return found


def match_labels(round_: Round) -> dict[int, str]:
    """Each seated player's Team match in a round, as validation read it from the sheet (or as just paired)."""
    return {seat.player_id: seat.marks.get("team_match", "") for table in round_.tables for seat in table.seats}
