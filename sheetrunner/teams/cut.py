"""A top cut of teams (issue 33): the best teams of the Swiss play team matches by single elimination.

The cut is the players' cut (`finals`) run on the team-level event: each stage sheet (`Top 4`, `Final`) is read
as a round of team matches (its Team match column groups the boards), each team match becomes one two-seat table
of that event, and `finals` seeds, pairs and places the teams as it does players: the seeds are the team standings
after the last round, 1 v 4 and 2 v 3, the winners go on. A team match of the cut is won as any team match is
(`Team result`: more boards won, or more points); a tied match has no winner, and the TO types the play-off that
decides it (the regulations' own: an extra game, board count-back) into the boards, so the sheet says who won.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules import finals
from ..model.history import compute_history
from ..model.event import BYE, Event, Placing, Round, Seat, Table
from ..model.problems import Problem
from ..scoring.standings import Standings
from ..workbook.grid import SheetRows
from .check import RoundCells
from .matches import TeamMatch, group_round, match_labels
from .pairing import TeamPairing, lay_out_bye, lay_out_match
from .roster import TEAM_MATCH, Team, compute_teams
from .scoring import TeamEvent, TeamScoring, build_team_event, match_table, swiss, team_standings


def cut_event(event: Event, rules: TeamScoring) -> tuple[TeamEvent, Standings]:
    """The team-level event with its stages played so far, and the team standings after the last round that
    seed the cut."""
    built = build_team_event(event, rules)
    stages = tuple(team_stage(stage, built.teams, event, rules) for stage in event.playoff)
    built = replace(built, event=built.event.with_playoff(stages))
    return built, team_standings(built, rules.team_result)


def team_stage(stage: Round, teams: list[Team], event: Event, rules: TeamScoring) -> Round:
    """A stage as the team-level event reads it: a table per team match, its result once every board of the match
    has one (else the match is not played yet), and a bye for a team that goes through without a match."""
    team_of = {player.id: team.id for team in teams for player in team.members}
    grouped = group_round(stage, team_of, match_labels(stage))
    typed = Round(stage.number, tuple(table for table in stage.tables if all(s.has_result for s in table.seats)
                                      or table.is_bye), stage.sheet)
    individual = {(stage.number, score.player_id): score
                  for score in rules.ruleset.game.score_round(typed, event.settings)}
    tables = []
    for match in grouped.matches:
        if all(seat.has_result for board in match.boards for seat in board.seats):
            tables.append(match_table(match, team_of, individual, stage.number, rules))
        else:
            tables.append(Table(match.number, (Seat(match.home, 1, {}), Seat(match.away, 2, {}))))
    tables += [Table(BYE, (Seat(team, 0, {}),)) for team in grouped.byes]
    return Round(stage.number, tuple(tables), stage.sheet)


def pair_team_stage(event: Event, rules: TeamScoring, number: int) -> TeamPairing:
    """The next stage of the cut: the teams paired by `finals`' bracket, each match laid out on its boards."""
    built, standings = cut_event(event, rules)
    paired = finals.pair_stage(built.event, swiss(), standings, compute_history(built.event.rounds), number)
    teams = {team.id: team for team in built.teams}
    result = TeamPairing(tables=[], byes=[])
    for table in paired.tables:
        home, away = (teams[team_id] for team_id in table.player_ids)
        lay_out_match(result, table.number, home, away, number)
    for team_id in paired.byes:
        lay_out_bye(result, teams[team_id], number, "Advances to the next stage of the cut.")
    return result


def team_placings(event: Event, rules: TeamScoring) -> list[Placing] | None:
    """Every team's final place once the cut's last stage is decided; None before."""
    built, standings = cut_event(event, rules)
    return finals.placings(built.event, swiss(), standings) if finals.is_decided(built.event, swiss()) else None


def champion(event: Event, rules: TeamScoring) -> tuple[int, str]:
    """The team that won the cut (its ID and name), once its last stage is decided."""
    built, standings = cut_event(event, rules)
    winner = finals.placings(built.event, swiss(), standings)[0].player_id
    return winner, next(team.name for team in built.teams if team.id == winner)


def cut_problems(event: Event, rules: TeamScoring, cell: str, sheets: dict[str, SheetRows]) -> list[Problem]:
    """A cut of more teams than are still in; a drawn team match of the cut; a team seated in a stage it has no
    place in. Each at its cell (`cell`: Top cut's; `sheets`: the stages')."""
    cut = finals.cut_size(event)
    if not cut:
        return []
    teams = compute_teams(event.players, rules.team_size)
    still_in = [team for team in teams if any(p.plays_in(event.settings.rounds + 1) for p in team.members)]
    if cut > len(still_in):
        return [Problem("Event", cell, f"Top cut is {cut}, but only {len(still_in)} teams are still in after round "
                        f"{event.settings.rounds}.", f"Type a cut of at most {len(still_in)} teams, or none.")]
    if not event.playoff:
        return []
    built, standings = cut_event(event, rules)
    return drawn_matches(event, built, sheets) + misplaced_teams(built, standings)


def drawn_matches(event: Event, built: TeamEvent, sheets: dict[str, SheetRows]) -> list[Problem]:
    """A team match of the cut whose boards are all in but leave the teams level: it needs a winner. Said under
    the match's own label, at its top row (a match with no board played is numbered last among the team-level
    tables, whatever the sheet calls it)."""
    team_of = {player.id: team.id for team in built.teams for player in team.members}
    problems = []
    for stage, team_stage_round in zip(event.playoff, built.event.playoff):
        grouped = group_round(stage, team_of, match_labels(stage))
        matches: dict[int | str, TeamMatch] = {match.number: match for match in grouped.matches}
        for table in team_stage_round.games:
            if all(seat.has_result for seat in table.seats) and finals.match_winner(swiss(), table,
                                                                                    built.event.settings) is None:
                match = matches[table.number]
                top = min(seat.row for seat in match.seats)
                where = RoundCells(sheets[stage.sheet]).reader.cell(TEAM_MATCH.key, top)
                problems.append(Problem(stage.sheet, where, f"Team match {match.shown} is tied; a team "
                                        "match of the cut needs a winner.", "Play the tie-break your regulations set "
                                        "(an extra game, board count-back) and type its result into the boards so "
                                        "one team wins."))
    return problems


def misplaced_teams(built: TeamEvent, standings: Standings) -> list[Problem]:
    """A team seated in a stage that is not in the cut, or is out since an earlier stage."""
    names = {team.id: team.name for team in built.teams}
    return [Problem(stage.sheet, "", f"{names[team]} {why}, so cannot play in {stage.sheet}.",
                    f"Seat the teams still in, or use `pair --redo` while {stage.sheet} has no results.")
            for stage, team, why in finals.misplaced(built.event, swiss(), standings)]
