"""How a team match is decided from its boards (issue 22), on model objects: board wins or summed points, a
team bye, and a match in which no board was played (found by its Team match labels)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from sheetrunner.model.event import BYE, Event, Player, Round, Seat, Settings, Table
from sheetrunner.model.options import event_options
from sheetrunner.rulesets import get_ruleset
from sheetrunner.teams.matches import group_round
from sheetrunner.teams.rules import TeamPlay
from sheetrunner.teams.scoring import build_team_event, team_standings

# Teams Anvil (players 1-3), Brook (4-6) and Crest (7-9); swiss-tp boards typed as OP (SP 0).
NAMES = {1: "Anvil", 4: "Brook", 7: "Crest"}


def event_of(rounds: tuple[Round, ...], total: int = 2) -> Event:
    ruleset = get_ruleset("swiss-tp")
    options = {o.key: o.default for o in event_options(getattr(ruleset, "all_options", ruleset.game.options))}
    options.update(team_size=3, rounds=total, seed=1)
    players = tuple(Player(pid, f"{NAMES[pid - (pid - 1) % 3]} {(pid - 1) % 3 + 1}",
                           team=NAMES[pid - (pid - 1) % 3]) for pid in range(1, 10))
    return Event(Settings("swiss-tp", total, 1, tiebreakers=ruleset.game.tiebreakers, options=options), players, rounds)


def board(number: int, first: int, second: int, op: tuple[int, int]) -> Table:
    return Table(number, (Seat(first, 1, {"op": op[0], "sp": 0}), Seat(second, 2, {"op": op[1], "sp": 0})))


def bye(pid: int) -> Table:
    return Table(BYE, (Seat(pid, 0, {"op": None, "sp": None}),))


# Round 1: Anvil v Brook. Board 1 Anvil 10-0; boards 2 and 3 Brook by 4-3 and 3-2. Crest has the team bye.
ROUND_1 = Round(1, (board(1, 1, 4, (10, 0)), board(2, 2, 5, (3, 4)), board(3, 3, 6, (2, 3)), bye(7), bye(8), bye(9)),
                "Round 1")


@pytest.mark.parametrize("rule, anvil, brook", [
    # board wins: Brook wins 2 boards to 1 (3 MP); board-win % = 3 per board won over 3 per board: 1/3 and 2/3
    ("board wins", (0, F(1, 3), 1), (3, F(2, 3), 2)),
    # summed points: Anvil's OP 10+3+2 = 15 beat Brook's 0+4+3 = 7 (3 MP); points share 15/22 and 7/22, the
    # latter floored at 1/3
    ("summed points", (3, F(15, 22), 15), (0, F(1, 3), 7))])
def test_a_team_match_is_decided_by_the_rule(rule, anvil, brook):
    rules = TeamPlay(get_ruleset("swiss-tp"), 3, rule)
    built = build_team_event(event_of((ROUND_1,)), rules)
    standings = {row.player.name: row.values for row in team_standings(built, rule).rows}
    scores = {s.player_id: s.values for s in built.scores}
    for team_id, team, (mp, share, games) in ((1, "Anvil", anvil), (2, "Brook", brook)):
        assert (standings[team]["match_points"], standings[team]["game_win_pct"], scores[team_id]["games_won"]) == \
            (mp, share, games)
    assert standings["Crest"]["match_points"] == 3  # swiss-tp's bye: 3
    # a team bye: every board won (3 of 3), or with summed points its players' bye rows' OP (0 during the event)
    assert (scores[3]["games_won"], scores[3]["games_played"]) == ((3, 3) if rule == "board wins" else (0, 0))


def test_a_match_with_no_board_played_is_found_by_its_labels():
    """Anvil fields only board 1 and Brook only board 2: both boards are forfeits, so no board pits the two teams.
    Their BYE rows share the label 1: a match (drawn, one forfeit win each), not two team byes."""
    round_ = Round(1, (bye(1), bye(5)), "Round 1")
    team_of = {pid: (pid - 1) // 3 + 1 for pid in range(1, 10)}
    grouped = group_round(round_, team_of, {1: "1", 5: "1"})
    assert [(m.home, m.away, [s.player_id for s in m.forfeits]) for m in grouped.matches] == [(1, 2, [1, 5])]
    assert grouped.byes == {}
    assert group_round(round_, team_of).byes == {1: [round_.tables[0].seats[0]], 2: [round_.tables[1].seats[0]]}
