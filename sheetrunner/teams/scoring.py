"""The team-level event: teams as players, team matches as two-seat tables, scored and ranked by the `swiss`
ruleset's own machinery (issue 22).

Each board is first scored as the ruleset scores any game (penalties included), so the team result is built from
what the individual standings count. A team match's seats then carry a Swiss match result in which the teams'
"games" are their boards (board wins: a 2-1 board score is a team match won, boards drawn are drawn games) or
their summed points (summed points: each board's games won in `swiss`, OP in `swiss-tp`). The `swiss` ruleset
scores those tables (match points from the Event's points in a `swiss` event; `swiss-tp`'s victory 3, tie 1,
defeat 0, bye 3 in a `swiss-tp` one) and ranks the teams with the tiebreaker library: match points, opponents'
match-win %, game-win % over boards (board-win %; with summed points, the share of the points scored) and
opponents' game-win %. A forfeited board is a board won by the team that was there, worth that player's bye; a
team bye is every board won (Team size boards; with summed points, the points of its players' bye rows).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Protocol

from ..model.event import BYE, Event, Player, Round, Seat, SeatScore, Settings, Table
from ..model.options import TEAM_RESULTS, event_options
from ..rulesets import Ruleset, known_ruleset
from ..rulesets.swiss_tp import BYE as BYE_TP, DEFEAT, TIE, VICTORY
from ..scoring.standings import Standings
from ..rules.tournament import compute_scores, scored_rounds
from . import tiebreakers as _team_tiebreakers  # noqa: F401  (registers GP, BH, SB, DE in the library)
from .byes import AVERAGE, DRAWN, TeamBye, bye_values, with_averages
from .matches import TeamMatch, TeamRound, group_round, match_labels
from .roster import Team, compute_teams

BOARD_WINS, SUMMED_POINTS = TEAM_RESULTS
BOARD_POINTS = {"swiss": "games_won", "swiss-tp": "op"}  # what a board scores toward summed points
TEAM_TIEBREAKERS = ("match_points", "opponents_match_win_pct", "game_win_pct", "opponents_game_win_pct")
SWISS_TP_POINTS = {"points_win": VICTORY, "points_draw": TIE, "points_loss": DEFEAT, "points_bye": BYE_TP}  # 004
LABELS = {BOARD_WINS: {"game_win_pct": ("BW%", "Board-win %: boards won (3 points), drawn (1) and lost (0) over 3 "
                                        "per board played, at least the floor; a bye is every board won."),
                       "opponents_game_win_pct": ("OBW%", "Mean of each opponent team's board-win %.")},
          SUMMED_POINTS: {"game_win_pct": ("PS%", "Points share: the team's summed board points over those of "
                                           "both teams in its matches, at least the floor."),
                          "opponents_game_win_pct": ("OPS%", "Mean of each opponent team's points share.")}}


class TeamScoring(Protocol):
    """What scoring and pairing a team event read of its rules (`rules.TeamPlay` has it, and builds on this
    module): the event's ruleset to score each board with (the game's own scoring, through `compute_scores`), the
    team size, how a team match is won (`team_result`), the Team tiebreakers and Team bye, the board's value toward
    summed points."""

    @property
    def ruleset(self) -> Ruleset: ...

    @property
    def team_size(self) -> int: ...

    @property
    def team_result(self) -> str: ...

    @property
    def tiebreakers(self) -> tuple[str, ...]: ...

    @property
    def team_bye(self) -> TeamBye: ...

    @property
    def points_key(self) -> str: ...


@dataclass
class TeamEvent:
    """The team-level event with its scores and its teams."""

    event: Event
    scores: list[SeatScore]
    teams: list[Team]


def swiss() -> Ruleset:
    """The `swiss` ruleset, which scores, ranks and pairs the teams as entrants."""
    return known_ruleset("swiss")


def team_settings(settings: Settings, tiebreakers: tuple[str, ...] = TEAM_TIEBREAKERS) -> Settings:
    """The team event's settings: the `swiss` ruleset's defaults, the Event's own values of the settings both
    read (a `swiss` event's points and floors, Allow rematches), `swiss-tp`'s 3/1/0/3 in a `swiss-tp` event, and
    the Team tiebreakers (`rules.TeamPlay.tiebreakers`)."""
    options = {option.key: option.default for option in event_options(swiss().game.all_options)}
    options.update({key: value for key, value in settings.options.items()
                    if key in options and value is not None and key not in ("team_size", "soft_scores")})
    if settings.ruleset != "swiss":
        options.update(SWISS_TP_POINTS)
    options.update(ruleset="swiss", keep_teams_apart="never", team_size=0, soft_scores="")  # the Top cut is of teams
    return Settings("swiss", settings.rounds, settings.seed, settings.name, settings.date, tiebreakers, options)


def team_player(team: Team) -> Player:
    """A team as the Swiss's entrant: it joins with its first player and is dropped once all its players are."""
    drops = [player.dropped_after for player in team.members]
    last = None if any(drop is None for drop in drops) else max(drop for drop in drops if drop is not None)
    return Player(team.id, team.name, joined_in=min(player.joined_in for player in team.members), dropped_after=last)


def build_team_event(event: Event, rules: TeamScoring, upto: int | None = None) -> TeamEvent:
    """The team event of the rounds with every result in (up to round `upto`)."""
    counted = tuple(r for r in scored_rounds(event) if upto is None or r.number <= upto)
    individual = {(s.round, s.player_id): s for s in compute_scores(event.with_rounds(counted), rules.ruleset)}
    teams = compute_teams(event.players, rules.team_size)
    team_of = {player.id: team.id for team in teams for player in team.members}
    built = [team_round(round_, team_of, individual, rules) for round_ in counted]
    team_event = Event(team_settings(event.settings, rules.tiebreakers), tuple(team_player(team) for team in teams),
                       tuple(round_ for round_, _, _ in built))
    return TeamEvent(team_event, team_scores(team_event, built, rules), teams)


def team_round(round_: Round, team_of: dict[int, int], individual: dict[tuple[int, int], SeatScore],
               rules: TeamScoring) -> tuple[Round, TeamRound, dict[int, Fraction]]:
    """A round of the team event: one two-seat table per team match, one bye per team bye; with what each bye
    counts as games won."""
    grouped = group_round(round_, team_of, match_labels(round_))
    tables = [match_table(match, team_of, individual, round_.number, rules) for match in grouped.matches]
    tables += [Table(BYE, (Seat(team, 0, {}),)) for team in grouped.byes]
    points = rules.points_key
    bye_games = {team: Fraction(rules.team_size) if rules.team_result == BOARD_WINS else
                 sum((Fraction(individual[(round_.number, seat.player_id)].values.get(points, 0)) for seat in seats),
                     Fraction(0)) for team, seats in grouped.byes.items()}
    return Round(round_.number, tuple(tables), round_.sheet), grouped, bye_games


def match_table(match: TeamMatch, team_of: dict[int, int], individual: dict[tuple[int, int], SeatScore],
                number: int, rules: TeamScoring) -> Table:
    """A team match as a Swiss table: each team's boards won and drawn (board wins), or its summed points."""
    won: Counter[int] = Counter()
    drawn: Counter[int] = Counter()
    points: dict[int, Fraction] = {}
    for seat in [seat for table in match.boards for seat in table.seats] + match.forfeits:
        score, team = individual[(number, seat.player_id)], team_of[seat.player_id]
        won[team] += score.outcome in ("win", "bye")
        drawn[team] += score.outcome == "draw"
        points[team] = points.get(team, Fraction(0)) + Fraction(score.values.get(rules.points_key, 0))
    result: dict[int, dict[str, object]]
    if rules.team_result == BOARD_WINS:
        result = {team: {"games_won": won[team], "games_drawn": drawn[team]} for team in match.teams}
    else:
        result = {team: {"games_won": points.get(team, Fraction(0)), "games_drawn": 0} for team in match.teams}
    return Table(match.number, (Seat(match.home, 1, result[match.home]), Seat(match.away, 2, result[match.away])))


def team_scores(team_event: Event, built: list[tuple[Round, TeamRound, dict[int, Fraction]]],
                rules: TeamScoring) -> list[SeatScore]:
    """The `swiss` ruleset's scores of every team round; a team bye is worth what Team bye says (`byes`: every
    board won counts its boards, see `team_round`), and a round before a late team joined is a loss with no
    opponent (§2)."""
    scores: list[SeatScore] = []
    summed = rules.team_result == SUMMED_POINTS
    for round_, _, bye_games in built:
        for score in swiss().game.score_round(round_, team_event.settings):
            if score.is_bye:
                fixed = bye_values(DRAWN if rules.team_bye == AVERAGE else rules.team_bye,
                                   bye_games[score.player_id], rules.team_size, team_event.settings, summed)
                score = replace(score, values={**score.values, **fixed})
            scores.append(score)
        scores += [swiss().pairer.missed_round(team, round_.number) for team in team_event.missed(round_)]
    return with_averages(scores) if rules.team_bye == AVERAGE else scores


def team_standings(built: TeamEvent, result_rule: str) -> Standings:
    """The teams ranked by the `swiss` ruleset, the game columns named for what a team's games are."""
    counted = built.event.rounds
    standings = swiss().game.rank(built.event, built.scores, counted[-1].number if counted else 0)
    labels = LABELS[result_rule]
    relabelled = tuple(replace(tb, label=labels[tb.key][0], meaning=labels[tb.key][1]) if tb.key in labels else tb
                       for tb in standings.tiebreakers)
    return replace(standings, tiebreakers=relabelled)
