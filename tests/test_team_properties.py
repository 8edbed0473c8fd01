"""Team events, whatever the field: each round pairs every team still in once (a match or the bye), never a team
with itself, and every board pits one player of each team of its match (issue 22). Played round after round with
random results, drops, substitutes and late teams, on the model alone (no workbook)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings, strategies as st

from sheetrunner.model.event import Event, Player, Round, Settings, Table
from sheetrunner.model.options import event_options
from sheetrunner.rulesets import get_ruleset
from sheetrunner.teams.matches import group_round
from sheetrunner.teams.roster import compute_teams
from sheetrunner.teams.rules import TeamPlay
from sheetrunner.rules.tournament import plan_next_round, round_from_pairing


def make_event(teams: int, size: int, spares: int, rounds: int, seed: int) -> Event:
    rng = random.Random(seed)
    ruleset = get_ruleset("swiss")
    options = {option.key: option.default for option in event_options(ruleset.game.all_options)}
    options.update(team_size=size, rounds=rounds, seed=seed)
    players, pid = [], 0
    for team in range(teams):
        for member in range(size + (spares if team % 2 == 0 else 0)):
            pid += 1
            players.append(Player(pid, f"P{pid}", team=f"Team {team}", row=pid + 1,
                                  joined_in=2 if team == teams - 1 and rng.random() < 0.5 else 1,
                                  extra={"board": member + 1 if member < size else None}))
    settings_ = Settings("swiss", rounds, seed, tiebreakers=ruleset.game.tiebreakers, options=options)
    return Event(settings_, tuple(players))


def played(round_: Round, rng: random.Random) -> Round:
    """Every board given a result (2-0, 2-1 or a 1-1 draw)."""
    tables = []
    for table in round_.tables:
        if table.is_bye:
            tables.append(table)
            continue
        won = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])
        tables.append(Table(table.number, tuple(replace(seat, result={"games_won": games, "games_drawn": 0})
                                                for seat, games in zip(table.seats, won))))
    return Round(round_.number, tuple(tables), round_.sheet)


def drop_some(event: Event, after: int, rng: random.Random) -> Event:
    """A few players drop after a round (some teams then call a substitute up, some forfeit boards)."""
    players = tuple(replace(p, dropped_after=after) if p.dropped_after is None and rng.random() < 0.12 else p
                    for p in event.players)
    return Event(event.settings, players, event.rounds)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(2, 9), st.integers(2, 4), st.integers(0, 2), st.integers(1, 4), st.integers(0, 10 ** 6))
def test_teams_meet_other_teams_and_boards_pit_their_players(teams, size, spares, rounds, seed):
    rng = random.Random(seed)
    event = make_event(teams, size, spares, rounds, seed)
    rules = TeamPlay(get_ruleset("swiss"), size, "board wins").ruleset
    for number in range(1, rounds + 1):
        if number > 1:
            event = drop_some(event, number - 1, rng)
        team_of = {player.id: team.id for team in compute_teams(event.players, size) for player in team.members}
        if len({team_of[p.id] for p in event.players if p.plays_in(number)}) < 2:
            return  # fewer than two teams left: nothing to pair
        plan = plan_next_round(event, rules)  # raises if a player is placed twice or left out
        written = round_from_pairing(plan.number, plan.pairing, rules)
        labels = {pid: str(label) for pid, label in plan.pairing.match_of.items()}
        grouped = group_round(written, team_of, labels)
        in_play = [team for match in grouped.matches for team in match.teams] + list(grouped.byes)
        assert len(in_play) == len(set(in_play)), "a team in two matches, or with itself"
        assert all(match.home != match.away for match in grouped.matches)
        for match in grouped.matches:
            for board in match.boards:
                assert sorted(team_of[seat.player_id] for seat in board.seats) == sorted(match.teams)
            for seat in match.forfeits:
                assert team_of[seat.player_id] in match.teams
        assert [label for label, _, _ in plan.pairing.matches] == [match.number for match in grouped.matches]
        assert {frozenset((home.id, away.id)) for _, home, away in plan.pairing.matches} == \
            {frozenset(match.teams) for match in grouped.matches}
        assert len(grouped.byes) == (1 if len({t for t in in_play}) % 2 else 0)
        event = Event(event.settings, event.players, event.rounds + (played(written, rng),))
