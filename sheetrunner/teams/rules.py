"""A two-player Swiss ruleset played as a team event (issue 22).

Validation hands on the ruleset with three of its parts replaced when `Team size` is set (`team_rules`). The game
is the ruleset's own (its result columns, how a board is checked and scored, the individual standings); the
parts replaced are what a team event changes: who is paired (teams, then boards: `pairing`), who may
have no seat (a team's substitutes), how a round sheet is laid out (`sheets`), what is checked (`roster_check`,
`check`), the team standings sheet, and the team reports (`reports.teams`).
"""

from __future__ import annotations

from dataclasses import replace

from ..workbook.grid import SheetRows
from ..model.history import History
from ..model.event import Event, Placing, Round, SeatScore, Settings
from ..pairing import Pairing
from ..model.options import TEAM_RESULTS
from ..model.problems import EventError, Problem, warning
from ..rulesets import Ruleset
from ..rulesets.parts import Locate
from ..scoring.standings import Standings
from ..workbook.reader import find_sheet
from ..workbook.xlsx.sheetxml import SheetTable
from .check import lineup_problems
from .cut import champion, cut_problems, pair_team_stage, team_placings
from .pairing import TeamPairing, pair_teams, reserves
from .roster import BOARD, ROUND_TEAM, TEAM_MATCH, compute_teams
from .roster_check import roster_problems
from .byes import EVERY_BOARD, TeamBye
from .forfeits import with_forfeit_wins
from .regulations import regulation_problems
from .scoring import BOARD_POINTS, TEAM_TIEBREAKERS, build_team_event, team_standings
from .sheets import team_round_sheet, team_standings_sheet

TEAM_RULESETS = tuple(BOARD_POINTS)  # the two-player Swiss rulesets a team event can be played in
TEAM_REPORTS = {"team_pairings": "Pairings by team", "team_slips": "Team result slips",
                "team_standings": "Team standings"}
TEAM_KIT = ("team_pairings", "team_slips", "pairings_by_name")  # what a TO prints for a team round, in kit.pdf


class TeamPlay:
    """The pairer part of a ruleset played by teams: the teams are its entrants, paired on the team standings,
    laid out on boards, a team's substitutes free to sit out. It also holds the team regulations its scoring and
    reports read (`scoring.TeamScoring`)."""

    def __init__(self, base: Ruleset, team_size: int, team_result: str, sheets: dict[str, SheetRows] | None = None,
                 tiebreakers: tuple[str, ...] = TEAM_TIEBREAKERS, team_bye: TeamBye = EVERY_BOARD):
        self.team_size, self.team_result = team_size, team_result
        self.tiebreakers, self.team_bye = tiebreakers, team_bye  # Team tiebreakers, Team bye (`regulations`)
        self.sheets = sheets or {}
        self.points_key = BOARD_POINTS[base.game.name]
        layout = replace(base.layout, player_columns=base.layout.player_columns + (BOARD,),
                         pairing_columns=(TEAM_MATCH, ROUND_TEAM),
                         missed_text="not played (a round before the player joined)")
        self.ruleset = replace(base, layout=layout, pairer=self, reports=TeamReports(self, base))

    def default_rounds(self, player_count: int) -> int:
        """`init`'s rounds: enough for the teams (players over the team size) to leave one team unbeaten."""
        return self.ruleset.game.default_rounds(-(-player_count // self.team_size))

    def pair(self, event: Event, standings: Standings, history: History, round_number: int) -> TeamPairing:
        """The teams paired on the team standings, each match laid out on its boards (`pairing`)."""
        if round_number > event.settings.rounds:
            return pair_team_stage(event, self, round_number)  # a stage of the top cut of teams (`cut`)
        return pair_teams(event, self, round_number)

    def champion(self, event: Event) -> tuple[int, str]:
        """The team that won the top cut (`cut`)."""
        return champion(event, self)

    def cut_placings(self, event: Event) -> list[Placing] | None:
        """The teams' final places once the top cut of teams is decided (`cut`)."""
        return team_placings(event, self)

    def settle(self, scores: list[SeatScore], event: Event) -> list[SeatScore]:
        """A forfeited board worth a win, not a bye (`forfeits`)."""
        return with_forfeit_wins(scores, event, self)

    def missed_round(self, player_id: int, round_number: int) -> SeatScore:
        """A round before a player joined counts as not played (their team's missed round is the team's loss)."""
        return SeatScore(round_number, player_id, (), {}, "absent")

    def idle_in(self, event: Event, round_number: int) -> set[int]:
        """The substitutes no team needs this round: neither seated nor missing it."""
        return reserves(event, compute_teams(event.players, self.team_size), round_number)

    def sits_out_freely(self, event: Event, round_number: int) -> set[int]:
        """Any player of a team may be left out of a line-up the TO typed; a team left out entirely is said by
        `check` (`absent_teams`)."""
        return {player.id for player in event.players if player.plays_in(round_number)}

    def check_event(self, event: Event, players_sheet: str, locate: Locate) -> list[Problem]:
        """The roster as teams and every round's line-ups, each problem at its cell. Invited players' Byes make no
        sense when teams are paired: a warning (the ruleset's own check of them is not run)."""
        problems = roster_problems(event, self.team_size, find_sheet(self.sheets, players_sheet))
        problems += lineup_problems(event, self.team_size, self.sheets)
        problems += cut_problems(event, self, event.settings.cells.get("top_cut", ""), self.sheets)
        byes = [player for player in event.players if player.extra.get("byes")]
        if byes:
            problems.append(warning(players_sheet, locate("byes", byes[0].row), "Byes are not given in a team event: "
                                    "teams, not players, are paired.", "Clear the Byes column."))
        return problems

    def own_round_sheet(self, event: Event, number: int, pairing: Pairing, title: str) -> SheetTable:
        """The round sheet with its Team match and Team columns (`sheets`)."""
        assert isinstance(pairing, TeamPairing), "a team event's round is paired by `pair`"
        return team_round_sheet(event, self.ruleset, pairing, title)


class TeamReports:
    """The reports part of a ruleset played by teams: the game's own reports plus pairings, slips and standings
    by team, and the team standings beside the players'."""

    kit = TEAM_KIT

    def __init__(self, play: TeamPlay, base: Ruleset):
        self.play, self.base = play, base.reports
        self.extra_reports = {**base.reports.extra_reports, **TEAM_REPORTS}
        self.left_out_reports = base.reports.left_out_reports
        self.title = f"{base.game.title} · teams of {play.team_size} ({play.team_result})"

    def group_of(self, event: Event) -> dict[int, str]:
        return self.base.group_of(event)

    def standings_sheets(self, event: Event, after_round: int) -> list[SheetTable]:
        """`Team standings after RN`, beside the players' standings."""
        built = build_team_event(event, self.play, after_round)
        return [team_standings_sheet(team_standings(built, self.play.team_result), built.teams)]

    def deciding_standings(self, event: Event) -> Standings:
        """A team event is won by a team."""
        return team_standings(build_team_event(event, self.play), self.play.team_result)

    def report_extras(self, event: Event, paired_on: Standings, round_: Round) -> dict[str, object]:
        from .report_data import team_report_data  # jinja2's side loads only when reports are made

        return {**self.base.report_extras(event, paired_on, round_), **team_report_data(event, self.play, round_),
                "ruleset_title": self.title}


def team_play(ruleset: Ruleset) -> TeamPlay:
    """The team regulations of a team event's ruleset: its pairer part."""
    assert isinstance(ruleset.pairer, TeamPlay), "only a team event's ruleset has teams"
    return ruleset.pairer


def for_init(ruleset: Ruleset, team_size: int) -> Ruleset:
    """`init --team-size`: the ruleset as a team event, refused as `team_rules` refuses it in the Event sheet."""
    if ruleset.game.name not in TEAM_RULESETS:
        raise EventError(Problem("", "", f"A team event is paired by the Swiss: {ruleset.game.name} cannot be played by "
                                 "teams.", f"Use --ruleset {' or '.join(TEAM_RULESETS)}."))
    return TeamPlay(ruleset, team_size, TEAM_RESULTS[0]).ruleset


def team_rules(ruleset: Ruleset, settings: Settings, sheets: dict[str, SheetRows], problems: list[Problem]) -> Ruleset:
    """The event's ruleset as a team event, once Team size is set (validation calls it then); a setting that makes
    no sense is refused at its cell: a ruleset that is not a two-player Swiss. A Top cut is of teams (`cut`)."""
    size = settings.options["team_size"]
    if ruleset.game.name not in TEAM_RULESETS:
        problems.append(Problem("Event", settings.cells.get("team_size", ""), f"Team size is {size}, but a team "
                                f"event is paired by the Swiss: {ruleset.game.name} cannot be played by teams.",
                                f"Set Ruleset to {' or '.join(TEAM_RULESETS)}, or Team size to none."))
        return ruleset
    tiebreakers, bye = regulation_problems(settings, size, problems)
    return TeamPlay(ruleset, size, settings.option("team_result"), sheets, tiebreakers, bye).ruleset
